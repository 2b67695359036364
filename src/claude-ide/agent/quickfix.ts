// The quickfix list and a window's location list as the model reads them: the list's title, then one line per
// entry, `path:line:col: type: text` (what :make, :grep, :vimgrep and linters put there). Shared by the
// quickfix tool and the vim://quickfix resource.
import { bufferPath } from "../editor/buffers";
import { byteToCharColumn } from "../editor/positions";
import { normalize } from "../util/fs";
import { displayPath } from "../editor/state";

interface QfItem {
  bufnr: number;
  lnum: number;
  end_lnum?: number;
  col: number;
  vcol: number;
  text: string;
  type: string;
  valid: number;
  module?: string;
}

interface QfWhat {
  title?: string;
  items?: QfItem[];
  idx?: number;
  size?: number;
}

/** @noSelf */
interface QfFunctions {
  getqflist(what: { title: 1; items: 1; idx: 0 }): QfWhat;
  getloclist(win: number, what: { title: 1; items: 1; idx: 0 }): QfWhat;
  winnr(which: string): number;
  win_getid(nr: number): number;
}
const fn = vim.fn as unknown as QfFunctions;

const TYPES: { [letter: string]: string } = { e: "error", w: "warning", i: "info", n: "note", h: "hint" };

export type ListKind = "quickfix" | "loclist";

export interface QfListing {
  /** "quickfix list" or "location list of window N". */
  name: string;
  title: string;
  /** 1-based index of the current entry (0: none). */
  current: number;
  lines: string[];
}

/**
 * The window whose location list is meant: the current one, or (when the user is in a window without one,
 * e.g. the Claude terminal) the previous window, as `:lopen` after `:wincmd p` would show it.
 */
function loclistWindow(): number {
  const current = vim.api.nvim_get_current_win();
  if ((fn.getloclist(current, { title: 1, items: 1, idx: 0 }).items ?? []).length > 0) return current;
  const previous = fn.win_getid(fn.winnr("#"));
  return previous !== 0 ? previous : current;
}

function entryLine(item: QfItem, cwd: string): string {
  const text = string.gsub(vim.trim(item.text), "\n%s*", " ")[0];
  if (item.valid !== 1 || (item.bufnr === 0 && item.lnum === 0)) return `  ${text}`;
  const path = item.module !== undefined && item.module !== "" ? item.module : displayPath(bufferPath(item.bufnr), cwd);
  const where: string[] = [path];
  if (item.lnum > 0) where.push(tostring(item.lnum));
  if (item.lnum > 0 && item.col > 0) {
    const buf = item.bufnr;
    // A byte column (vcol 0) becomes characters when the line is at hand; a screen column is given as is.
    const line =
      item.vcol === 0 && vim.api.nvim_buf_is_loaded(buf)
        ? vim.api.nvim_buf_get_lines(buf, item.lnum - 1, item.lnum, false)[0]
        : undefined;
    where.push(tostring(line !== undefined ? byteToCharColumn(line, item.col - 1) : item.col));
  }
  const kind = TYPES[string.lower(item.type ?? "")];
  return `${where.join(":")}: ${kind !== undefined ? `${kind}: ` : ""}${text}`;
}

/** The entries of the quickfix list, or of the location list of the current (else previous) window. */
export function listing(kind: ListKind): QfListing {
  const what = { title: 1, items: 1, idx: 0 } as const;
  let name = "quickfix list";
  let list: QfWhat;
  if (kind === "loclist") {
    const win = loclistWindow();
    list = fn.getloclist(win, what);
    name = `location list of window ${vim.api.nvim_win_get_number(win)}`;
  } else list = fn.getqflist(what);
  const cwd = normalize(vim.fn.getcwd());
  return {
    name,
    title: list.title ?? "",
    current: list.idx ?? 0,
    lines: (list.items ?? []).map((item) => entryLine(item, cwd)),
  };
}

/** The header line: `quickfix list ":make" (12 entries, current 3)`. */
export function header(l: QfListing): string {
  const n = l.lines.length;
  const title = l.title !== "" ? ` ${vim.json.encode(l.title)}` : "";
  const current = l.current > 0 && n > 0 ? `, current ${l.current}` : "";
  return `${l.name}${title} (${n} entr${n === 1 ? "y" : "ies"}${current})`;
}
