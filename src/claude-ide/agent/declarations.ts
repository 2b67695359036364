// The agent endpoint's declarations: the server guidance, the resources and resource templates, as
// resources/list and initialize show them. This module loads nothing: the bridge answers with it before any
// Neovim is chosen (agent/resources.ts reads the resources; bridge/tool_list.ts has the tools' declarations).

/** Server guidance shown to the model (initialize `instructions`), kept short: the tool descriptions say the rest. */
export const INSTRUCTIONS =
  "These tools work inside the user's running Neovim. Start with editor_state to see open buffers, the cursor and " +
  "the selection. read_buffer returns unsaved text (prefer it over reading files from disk for open buffers). " +
  "Every edit is shown to the user as a diff review and waits for their decision. Lines and columns are 1-based; " +
  "columns count characters.";

export interface ResourceInfo {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
}

/** The tools the agent bridge adds itself (bridge/bridge.ts defines them): reserved like the built-in ones. */
export const BRIDGE_TOOL_NAMES: readonly string[] = ["list_instances", "select_instance"];

export const JSON_MIME = "application/json";
export const TEXT_MIME = "text/plain";

export const INSTANCES_URI = "vim://instances";

/** Every resource, as resources/list answers (the bridge serves it before any Neovim is chosen). */
export const RESOURCES: ResourceInfo[] = [
  {
    uri: INSTANCES_URI,
    name: "instances",
    title: "Neovim instances",
    description: "Running Neovims the bridge can use, and which one is selected (JSON)",
    mimeType: JSON_MIME,
  },
  {
    uri: "vim://state",
    name: "state",
    title: "Editor state",
    description: "The same compact text as the editor_state tool",
    mimeType: TEXT_MIME,
  },
  {
    uri: "vim://buffers",
    name: "buffers",
    title: "Buffers",
    description: "Every listed buffer: id, path, lines, modified, filetype (JSON)",
    mimeType: JSON_MIME,
  },
  {
    uri: "vim://windows",
    name: "windows",
    title: "Windows",
    description: "Every window of every tab page: buffer, cursor, flags (JSON)",
    mimeType: JSON_MIME,
  },
  {
    uri: "vim://diagnostics",
    name: "diagnostics",
    title: "Diagnostics",
    description: "Every diagnostic of every loaded buffer (JSON)",
    mimeType: JSON_MIME,
  },
  {
    uri: "vim://cursor",
    name: "cursor",
    title: "Cursor",
    description: "Mode, current buffer and cursor position (JSON)",
    mimeType: JSON_MIME,
  },
  {
    uri: "vim://quickfix",
    name: "quickfix",
    title: "Quickfix list",
    description: "The quickfix list: its title, then `path:line:col: type: text` per entry (as the quickfix tool)",
    mimeType: TEXT_MIME,
  },
  {
    uri: "vim://buffer/current",
    name: "current buffer",
    title: "Current buffer",
    description: "The current buffer's text, unsaved changes included",
    mimeType: TEXT_MIME,
  },
];

export const TEMPLATES = [
  {
    uriTemplate: "vim://buffer/{id}",
    name: "buffer",
    title: "Buffer by number",
    description: "A buffer's current text (unsaved changes included); {id} is the number b<n> of editor_state",
    mimeType: TEXT_MIME,
  },
];
