// The agent endpoint's MCP resources (seed 001): the editor state as text, buffers/windows/diagnostics/
// cursor as JSON, and any buffer's current text. vim://instances is the bridge's own (it knows the
// instances; see bridge/bridge.ts). Readable by a client that @-mentions them (`@nvim:vim://state`).
import { bufferPath, isAgentFile, isDirty } from "../editor/buffers";
import { byteToCharColumn } from "../editor/positions";
import { dict } from "../util/json";
import { loadedModule } from "../util/modules";
import type { Hub, Services } from "../contracts";
import { RESOURCE_NOT_FOUND, capText, fitLines, rpcError } from "../protocol/result";
import type { Policy } from "../policy/policy";
import { bufferLabel, displayPath, render } from "../editor/state";
import { normalize } from "../util/fs";
import { header, listing } from "./quickfix";

import { JSON_MIME, TEXT_MIME } from "./declarations";

export { INSTANCES_URI, RESOURCES, type ResourceInfo, TEMPLATES } from "./declarations";

function cursorOf(win: Win): { line: number; column: number } {
  const buf = vim.api.nvim_win_get_buf(win);
  const [row, col] = vim.api.nvim_win_get_cursor(win);
  return { line: row, column: byteToCharColumn(vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[0] ?? "", col) };
}

/** A buffer's path as these resources show it: none for a CLI's external-editor file (its prompt, being written). */
function shownPath(buf: Buf): string {
  return isAgentFile(buf) ? "" : bufferPath(buf);
}

function buffers(): object[] {
  const cwd = normalize(vim.fn.getcwd());
  const current = vim.api.nvim_get_current_buf();
  const out: object[] = [];
  for (const buf of vim.api.nvim_list_bufs()) {
    if (vim.api.nvim_get_option_value("buflisted", { buf }) !== true) continue;
    const loaded = vim.api.nvim_buf_is_loaded(buf);
    out.push({
      id: buf,
      path: shownPath(buf),
      name: bufferLabel(buf, cwd),
      lines: loaded ? vim.api.nvim_buf_line_count(buf) : vim.NIL,
      loaded,
      modified: loaded && isDirty(buf),
      filetype: vim.api.nvim_get_option_value("filetype", { buf }) as string,
      buftype: vim.api.nvim_get_option_value("buftype", { buf }) as string,
      current: buf === current,
    });
  }
  return out;
}

function windows(): object[] {
  const current = vim.api.nvim_get_current_win();
  const out: object[] = [];
  for (const tab of vim.api.nvim_list_tabpages()) {
    for (const win of vim.api.nvim_tabpage_list_wins(tab)) {
      const buf = vim.api.nvim_win_get_buf(win);
      out.push({
        id: win,
        tab: vim.api.nvim_tabpage_get_number(tab),
        buffer: buf,
        path: shownPath(buf),
        cursor: cursorOf(win),
        current: win === current,
        diff: vim.api.nvim_get_option_value("diff", { win }) === true,
        floating: vim.api.nvim_win_get_config(win).relative !== "",
      });
    }
  }
  return out;
}

const SEVERITY_NAMES = ["error", "warning", "info", "hint"];

function diagnostics(policy: Policy): object[] {
  const rules = policy.rules();
  const diagnostic = loadedModule<typeof vim.diagnostic>("vim.diagnostic");
  if (diagnostic === undefined) return [];
  const out: object[] = [];
  for (const d of diagnostic.get()) {
    const buf = d.bufnr;
    if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) continue;
    const line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[0] ?? "";
    out.push({
      path: bufferPath(buf),
      buffer: buf,
      line: d.lnum + 1,
      column: byteToCharColumn(line, d.col),
      severity: SEVERITY_NAMES[(d.severity ?? 1) - 1],
      source: d.source ?? vim.NIL,
      // A diagnostic may quote the line (a linter's "unexpected 'sk-…'"): not for a withheld file.
      message: policy.withheld(bufferPath(buf), rules) !== undefined ? "(withheld from the model)" : d.message,
    });
  }
  return out;
}

/** JSON-RPC error for a resource the privacy policy refuses (outside the workspace, or withheld). */
export const RESOURCE_REFUSED = -32001;

function bufferText(buf: Buf, uri: string, policy: Policy): string {
  if (!vim.api.nvim_buf_is_valid(buf))
    rpcError(RESOURCE_NOT_FOUND, `Resource not found: ${uri} (no buffer ${buf}; vim://buffers lists them)`);
  if (!vim.api.nvim_buf_is_loaded(buf))
    rpcError(RESOURCE_NOT_FOUND, `Resource not found: ${uri} (buffer ${buf} is not loaded)`);
  const path = bufferPath(buf);
  const refusal = path !== "" ? policy.refusal(path, displayPath(path)) : undefined;
  if (refusal !== undefined) rpcError(RESOURCE_REFUSED, `ERROR: ${refusal}`);
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false).join("\n");
}

/** resources/read inside Neovim: the contents of `uri`; an unknown one throws its JSON-RPC error (rpcError). */
export function readResource(uri: string, services: Services, hub?: Hub): object {
  const json = (value: unknown) => ({ contents: [{ uri, mimeType: JSON_MIME, text: vim.json.encode(value) }] });
  const text = (value: string) => ({ contents: [{ uri, mimeType: TEXT_MIME, text: capText(value) }] });
  if (uri === "vim://state")
    return text(render(services.agent.snapshots, services.policy, undefined, hub !== undefined ? { hub } : undefined));
  if (uri === "vim://buffers") return json(buffers());
  if (uri === "vim://windows") return json(windows());
  if (uri === "vim://diagnostics") return json(diagnostics(services.policy));
  if (uri === "vim://cursor") {
    const win = vim.api.nvim_get_current_win();
    const buf = vim.api.nvim_win_get_buf(win);
    return json(
      dict({
        mode: vim.api.nvim_get_mode().mode,
        buffer: buf,
        path: shownPath(buf),
        display: isAgentFile(buf) ? bufferLabel(buf, normalize(vim.fn.getcwd())) : displayPath(bufferPath(buf)),
        ...cursorOf(win),
      }),
    );
  }
  if (uri === "vim://quickfix") {
    const l = listing("quickfix");
    const page = fitLines(l.lines);
    const more = page.taken < l.lines.length ? `\n… ${l.lines.length - page.taken} more: the quickfix tool pages` : "";
    return text(l.lines.length > 0 ? `${header(l)}:\n${page.text}${more}` : `${header(l)}: empty`);
  }
  if (uri === "vim://buffer/current") return text(bufferText(vim.api.nvim_get_current_buf(), uri, services.policy));
  const [, , id] = string.find(uri, "^vim://buffer/(%d+)$");
  if (id !== undefined) return text(bufferText(tonumber(id) as number, uri, services.policy));
  rpcError(
    RESOURCE_NOT_FOUND,
    `Resource not found: ${uri}. resources/list and resources/templates/list name the resources`,
  );
}
