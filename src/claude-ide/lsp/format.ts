// LSP answers as compact text for the model, never LSP JSON: locations grouped by file (the path once, then
// `  line:col  <that line's text>`), symbols as an indented outline, 1-based lines and character columns,
// paths relative to the cwd when inside it.
import { normalizePath, uriCandidates } from "../editor/positions";
import { type Policy, realPath } from "../policy/policy";
import { normalize, readBytes } from "../util/fs";
import { displayPath } from "../editor/state";
import { SLICE_MS, yieldToEditor } from "../editor/target";
import { splitLikeReadfile } from "../editor/review/diff_text";
import type { ToolContext } from "../protocol/tool";
import { displayColumn } from "./encoding";
import type { Rules } from "../policy/rules";

/** A file larger than this gives no line texts (its locations are still listed). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Lines of files as the editor has them (a loaded buffer's unsaved text, else the disk's), read once each. */
export class Texts {
  /** Withheld files (by the privacy policy), decided once per path: their lines are never quoted. */
  private readonly hidden = new LuaMap<string, boolean>();
  private readonly rules?: Rules;
  /** Whose rules decide which files' lines an answer may quote (positions are kept either way). */
  private readonly policy?: Policy;

  /**
   * `ctx`: the call's context: its policy decides what may be quoted, and reading many files that no buffer
   * holds yields to the editor's loop every few ms.
   */
  constructor(private readonly ctx?: ToolContext) {
    this.policy = ctx?.services.policy;
    this.rules = this.policy?.rules();
  }

  /** A line's text for the answer: "(text withheld from the model)" in a file the policy withholds. */
  quote(path: string, line0: number): string {
    return this.withheld(path) ? "(text withheld from the model)" : this.line(path, line0);
  }

  /**
   * Whether the policy withholds the file's text (decided once per path, while its lines are read). `link`:
   * whether the path names a symbolic link, when known (lstat): a file that is not one has the real path of
   * its folder, which is asked once per folder instead of once per file.
   */
  private withheld(path: string, link?: boolean): boolean {
    let hide = this.hidden.get(path);
    if (hide === undefined) {
      hide =
        this.policy !== undefined &&
        this.policy.withheld(path, this.rules, link === false ? this.realOfFile(path) : undefined) !== undefined;
      this.hidden.set(path, hide);
    }
    return hide;
  }

  /** Real paths of folders, each resolved once. */
  private readonly realDirs = new LuaMap<string, string>();

  /** The real path of `path`, which is not a symbolic link itself: its folder's real path and its name. */
  private realOfFile(path: string): string {
    const [dir, name] = string.match(path, "^(.*)/([^/]+)$");
    if (dir === undefined || name === undefined) return realPath(path);
    let real = this.realDirs.get(dir);
    if (real === undefined) {
      real = realPath(dir === "" ? "/" : dir);
      this.realDirs.set(dir, real);
    }
    return real === "/" ? `/${name}` : `${real}/${name}`;
  }

  private readonly cache = new LuaMap<string, string[]>();
  /** Loaded file buffers by name, listed once (an answer names many files: no per-file buffer scan). */
  private byName?: LuaMap<string, Buf>;
  /** The same buffers by their file's device and inode, stat'ed once when a path is not a buffer name as it is. */
  private byFile?: LuaMap<string, Buf>;
  /** Paths of URIs (an answer repeats each file's URI for every location in it). */
  private readonly paths = new LuaMap<string, string>();
  private sliceStart = vim.uv.hrtime();

  path(uri: string): string {
    let path = this.paths.get(uri);
    if (path === undefined) {
      path = uriPath(uri);
      this.paths.set(uri, path);
    }
    return path;
  }

  /** The loaded file buffer named `path` as it is. */
  private namedBuffer(path: string): Buf | undefined {
    if (this.byName === undefined) {
      this.byName = new LuaMap<string, Buf>();
      for (const b of vim.api.nvim_list_bufs()) {
        // getbufvar() reads an option several times faster than nvim_get_option_value (its dict argument).
        if (vim.api.nvim_buf_is_loaded(b) && vim.fn.getbufvar(b, "&buftype") === "")
          this.byName.set(vim.api.nvim_buf_get_name(b), b);
      }
    }
    return this.byName.get(path);
  }

  /**
   * The loaded buffer of a file named another way (a symlink, an unnormalized name), by the file's device and
   * inode (`st`: the file's stat, which the read needs anyway; a realpath walks every component of a path).
   */
  private bufferOfFile(st: { dev: number; ino: number }): Buf | undefined {
    const file = `${st.dev}:${st.ino}`;
    if (this.byFile === undefined) {
      this.byFile = new LuaMap<string, Buf>();
      for (const [name, b] of this.byName ?? new LuaMap<string, Buf>()) {
        const [bst] = vim.uv.fs_stat(name);
        if (bst !== undefined) this.byFile.set(`${bst.dev}:${bst.ino}`, b);
      }
    }
    return this.byFile.get(file);
  }

  lines(path: string): string[] {
    let lines = this.cache.get(path);
    if (lines === undefined) {
      const named = this.namedBuffer(path);
      // One stat of a file no buffer is named after: its identity (another buffer may hold it) and its size.
      // lstat: a link is told apart (its real path is its own), and stat'ed again for its file.
      let st: vim.uv.Stat | undefined;
      if (named === undefined) [st] = vim.uv.fs_lstat(path);
      const link = st?.type === "link";
      if (link) [st] = vim.uv.fs_stat(path);
      const buf = named ?? (st !== undefined ? this.bufferOfFile(st) : undefined);
      if (buf !== undefined) lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false);
      else {
        // The policy's verdict is taken here, in the read's time slice (an answer naming 200 files asks it 200
        // times). A withheld file is still read: its lines are never quoted, but they turn the server's UTF-16
        // columns into the answer's columns (without them every location in it read column 1).
        this.withheld(path, link);
        const data =
          st !== undefined && st.type === "file" && st.size <= MAX_FILE_BYTES ? readBytes(path, st.size) : undefined;
        lines = data !== undefined ? splitLikeReadfile(data) : [];
        if (this.ctx !== undefined && (vim.uv.hrtime() - this.sliceStart) / 1e6 >= SLICE_MS) {
          yieldToEditor(this.ctx);
          this.sliceStart = vim.uv.hrtime();
        }
      }
      this.cache.set(path, lines);
    }
    return lines;
  }

  line(path: string, line0: number): string {
    return this.lines(path)[line0] ?? "";
  }
}

/** The file path of a `file://` URI (other schemes are kept as they are). */
export function uriPath(uri: string): string {
  if (string.sub(uri, 1, 7) !== "file://") return uri;
  // Nothing percent-encoded (the usual URI): its path, normalized (cheap for a plain absolute path), without
  // the decoding uriCandidates does.
  const path = string.sub(uri, 8);
  if (string.sub(path, 1, 1) === "/" && string.find(path, "%", 1, true)[0] === undefined) return normalizePath(path);
  return uriCandidates(uri)[0] ?? normalizePath(uri);
}

export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

/** A place, resolved: absolute path, 1-based line and character column. */
export interface Place {
  path: string;
  line: number;
  col: number;
}

/** A place of an LSP (uri, position) pair answered by a client with `encoding`. */
export function placeOf(texts: Texts, uri: string, pos: { line: number; character: number }, encoding: string): Place {
  const path = texts.path(uri);
  return { path, line: pos.line + 1, col: displayColumn(texts.line(path, pos.line), pos.character, encoding) };
}

/** Location | LocationLink | a list of them, as places (the link's target selection range when given). */
export function placesOf(texts: Texts, result: unknown, encoding: string): Place[] {
  if (result === undefined || result === vim.NIL) return [];
  const items = (vim.islist(result) ? result : [result]) as {
    uri?: string;
    range?: LspRange;
    targetUri?: string;
    targetSelectionRange?: LspRange;
    targetRange?: LspRange;
  }[];
  const out: Place[] = [];
  for (const item of items) {
    const uri = item.uri ?? item.targetUri;
    const range = item.range ?? item.targetSelectionRange ?? item.targetRange;
    if (uri !== undefined && range !== undefined) out.push(placeOf(texts, uri, range.start, encoding));
  }
  return out;
}

/** Places without duplicates, sorted by path, then line and column. */
export function uniquePlaces(places: Place[]): Place[] {
  const seen = new LuaSet<string>();
  const out: Place[] = [];
  for (const p of places) {
    const key = `${p.path}:${p.line}:${p.col}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  out.sort((a, b) =>
    a.path !== b.path ? (a.path < b.path ? -1 : 1) : a.line !== b.line ? a.line - b.line : a.col - b.col,
  );
  return out;
}

/** A line's text as shown after a location: trimmed, long lines cut. */
export function snippet(text: string): string {
  // vim.trim's pattern, without the argument validation it pays on 0.10 (once per location of an answer).
  const [trimmed] = string.match(text, "^%s*(.*%S)");
  const t = trimmed ?? "";
  return t.length > 160 ? `${string.sub(t, 1, 157)}…` : t;
}

/**
 * Places grouped by file: the path once, then `  line:col  text` for each (with `label(place)` after the
 * position when given, e.g. a symbol's kind and name instead of the line's text).
 */
export function groupedLines(texts: Texts, places: Place[], label?: (this: void, p: Place) => string): string[] {
  const lines: string[] = [];
  const cwd = normalize(vim.fn.getcwd());
  let current: string | undefined;
  for (const p of places) {
    if (p.path !== current) {
      current = p.path;
      lines.push(displayPath(p.path, cwd));
    }
    lines.push(`  ${p.line}:${p.col}  ${label !== undefined ? label(p) : snippet(texts.quote(p.path, p.line - 1))}`);
  }
  return lines;
}

/** Counts, for a heading: `3 references in 2 files`. */
export function countPhrase(places: Place[], noun: string): string {
  const files = new LuaSet<string>();
  for (const p of places) files.add(p.path);
  let n = 0;
  for (const _ of files) n++;
  return `${places.length} ${noun}${places.length === 1 ? "" : "s"} in ${n} file${n === 1 ? "" : "s"}`;
}

const KINDS = [
  "File",
  "Module",
  "Namespace",
  "Package",
  "Class",
  "Method",
  "Property",
  "Field",
  "Constructor",
  "Enum",
  "Interface",
  "Function",
  "Variable",
  "Constant",
  "String",
  "Number",
  "Boolean",
  "Array",
  "Object",
  "Key",
  "Null",
  "EnumMember",
  "Struct",
  "Event",
  "Operator",
  "TypeParameter",
];

/** The name of an LSP SymbolKind number. */
export function kindName(kind: number | undefined): string {
  return kind !== undefined ? (KINDS[kind - 1] ?? `Kind${kind}`) : "Symbol";
}

/** Hover contents (MarkupContent | MarkedString | MarkedString[]) as plain markdown. */
export function hoverText(contents: unknown): string {
  if (contents === undefined || contents === vim.NIL) return "";
  if (typeof contents === "string") return contents;
  const c = contents as { kind?: string; value?: string; language?: string };
  if (vim.islist(contents))
    return (contents as unknown[])
      .map((part) => hoverText(part))
      .filter((t) => t !== "")
      .join("\n\n");
  if (c.language !== undefined && c.value !== undefined)
    return c.value === "" ? "" : `\`\`\`${c.language}\n${c.value}\n\`\`\``;
  return c.value ?? "";
}
