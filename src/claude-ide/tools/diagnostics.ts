// getDiagnostics (doc/protocol.md §4, §6): the CLI gives it 500 ms and shows new diagnostics to the model, so the
// answer is computed directly from vim.diagnostic (no LSP requests), compact, with UTF-16 columns.
//
// URIs are answered the way the CLI reads them, not percent-encoded: it asks with `file://` + the raw path and
// matches each answer's uri, `file://` stripped and NOT decoded, against the path it asked about (its baseline
// before an edit, then the new diagnostics after it). So an asked uri is answered verbatim (whatever spelling
// found the buffer: encoded, raw, through a symlink), and the all-files answer is `file://` + the raw path (the
// path the CLI asked by, for a buffer it asked about through a symlink).
import { bufferPath, findBuffer } from "../editor/buffers";
import { byteToUtf16 } from "../editor/positions";
import { pathCandidates } from "./paths";
import { dict } from "../util/json";
import { defineTool, optional, str } from "../protocol/schema";
import { jsonText } from "../protocol/tool";
import type { Policy } from "../policy/policy";

const SEVERITY_NAMES: { [severity: number]: string } = { 1: "Error", 2: "Warning", 3: "Information", 4: "Hint" };

/** Reads buffer lines once per line number (diagnostics often share lines). */
class LineCache {
  private readonly lines = new LuaMap<number, string>();
  constructor(private readonly buf: Buf) {}

  /** UTF-16 column of byte column `col` on 0-based line `lnum` (byte column kept for unloaded buffers). */
  utf16(lnum: number, col: number): number {
    if (!vim.api.nvim_buf_is_loaded(this.buf)) return col;
    let line = this.lines.get(lnum);
    if (line === undefined) {
      line = vim.api.nvim_buf_get_lines(this.buf, lnum, lnum + 1, false)[0] ?? "";
      this.lines.set(lnum, line);
    }
    return byteToUtf16(line, col);
  }
}

/** Said instead of a diagnostic's message in a file the privacy policy withholds (it may quote the line). */
const WITHHELD_MESSAGE = "(message withheld from the model)";

function convert(d: vim.diagnostic.Diagnostic, lines: LineCache, withheld: boolean): object {
  const endLine = d.end_lnum ?? d.lnum;
  const out = dict<{ [key: string]: unknown }>({
    message: withheld ? WITHHELD_MESSAGE : d.message,
    severity: SEVERITY_NAMES[d.severity ?? 1] ?? "Error",
    range: {
      start: { line: d.lnum, character: lines.utf16(d.lnum, d.col) },
      end: { line: endLine, character: lines.utf16(endLine, d.end_col ?? d.col) },
    },
  });
  if (d.source !== undefined && d.source !== "") out.source = d.source;
  if (d.code !== undefined && d.code !== "") out.code = d.code;
  return out;
}

function byPosition(a: vim.diagnostic.Diagnostic, b: vim.diagnostic.Diagnostic): boolean {
  return a.lnum !== b.lnum ? a.lnum < b.lnum : a.col < b.col;
}

/** One file's entry: `uri` and its diagnostics in position order (messages withheld for a withheld file). */
function entry(buf: Buf, uri: string, diagnostics: vim.diagnostic.Diagnostic[], policy: Policy): object {
  const lines = new LineCache(buf);
  table.sort(diagnostics, byPosition);
  const withheld = policy.withheld(bufferPath(buf)) !== undefined;
  return { uri, diagnostics: diagnostics.map((d) => convert(d, lines, withheld)) };
}

/**
 * Buffer variable: the path the CLI asked for this buffer's diagnostics by, when it names the file another way
 * (a symlink), with the buffer name it was seen with. The all-files answer then uses that spelling too: the
 * CLI matches its after-edit getDiagnostics {} against the path of its baseline.
 */
const ASKED_VAR = "claude_ide_diagnostics_path";
interface Asked {
  path: string;
  name: string;
}

function forUri(uri: string, policy: Policy): object[] {
  // findBuffer compares real paths when the plain comparison finds nothing (a symlink, another spelling).
  for (const path of pathCandidates(uri, "uri")) {
    const buf = findBuffer(path);
    if (buf === undefined) continue;
    const own = bufferPath(buf);
    vim.b[buf][ASKED_VAR] = path !== own ? { path, name: vim.api.nvim_buf_get_name(buf) } : undefined;
    return [entry(buf, uri, vim.diagnostic.get(buf), policy)];
  }
  // A file that is not open has no diagnostics in Neovim: an empty answer, not an error.
  return [];
}

function all(policy: Policy): object[] {
  const byBuf = new LuaMap<number, vim.diagnostic.Diagnostic[]>();
  const order: number[] = [];
  for (const d of vim.diagnostic.get()) {
    const buf = d.bufnr;
    if (buf === undefined || !vim.api.nvim_buf_is_valid(buf) || vim.api.nvim_buf_get_name(buf) === "") continue;
    let list = byBuf.get(buf);
    if (list === undefined) {
      list = [];
      byBuf.set(buf, list);
      order.push(buf);
    }
    list.push(d);
  }
  table.sort(order);
  return order.map((buf) => {
    const asked = vim.b[buf][ASKED_VAR] as Asked | undefined;
    const path = asked !== undefined && asked.name === vim.api.nvim_buf_get_name(buf) ? asked.path : bufferPath(buf);
    return entry(buf, `file://${path}`, byBuf.get(buf) ?? [], policy);
  });
}

export const getDiagnostics = defineTool({
  name: "getDiagnostics",
  description:
    "Get language diagnostics (errors, warnings) from Neovim: for one file (uri) or for every file that has any. Lines and characters are 0-based (UTF-16).",
  input: {
    uri: optional(
      str(
        "file:// URI (or absolute path) of one file, answered as given; omit for all files with diagnostics (uri: file:// + the path, not percent-encoded)",
      ),
    ),
  },
  handler: (args, ctx) =>
    jsonText(
      args.uri !== undefined && args.uri !== "" ? forUri(args.uri, ctx.services.policy) : all(ctx.services.policy),
    ),
});
