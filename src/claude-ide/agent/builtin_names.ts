// The names the built-in agent tools and resources take, without loading them: add_tool and add_resource
// refuse a clash at once (in the user's config, at startup) without paying for the ~20 tool modules.
// spec/agent/user_tools_spec.lua checks the tool names against ENDPOINT_TOOLS (bridge/tools.ts) and the bridge's
// own tools: a new built-in tool adds its name here. The resources' URIs come from their declarations.
import { RESOURCES } from "./declarations";

export const BUILTIN_TOOL_NAMES: readonly string[] = [
  // the bridge's own (bridge/bridge.ts)
  "list_instances",
  "select_instance",
  // agent/tools/index.ts
  "editor_state",
  "read_buffer",
  "navigate",
  "search",
  "get_diagnostics",
  "quickfix",
  "edit",
  "execute",
  // lsp/tools/index.ts
  "lsp_clients",
  "wait_for_lsp_ready",
  "lsp_hover",
  "lsp_definition",
  "lsp_type_definition",
  "lsp_implementations",
  "lsp_declaration",
  "lsp_references",
  "lsp_call_hierarchy",
  "lsp_document_symbols",
  "lsp_workspace_symbols",
  "lsp_code_actions",
  "lsp_apply_code_action",
  "lsp_rename",
  "lsp_formatting",
  "lsp_organize_imports",
];

/** URIs of the built-in resources (as resources/list declares them), and the prefix of the buffer template. */
export const BUILTIN_RESOURCE_URIS: readonly string[] = RESOURCES.map((r) => r.uri);
export const BUILTIN_RESOURCE_PREFIX = "vim://buffer/";
