// Whole-file text ↔ buffer lines for the diff review, and reading a file from disk. Pure functions: no
// buffers, no windows. Works on 10 MiB texts (one pass with string.find, no per-character loops; big review
// texts are not cut in Lua at all: reviewText).

/** A text cut into buffer lines, with what the lines lose: the final newline and the line ending. */
export interface SplitText {
  lines: string[];
  /** The text ended with a line ending (Vim's 'eol'). */
  eol: boolean;
  /** Lines ended with "\r\n" (more of them than bare "\n", the rule the Claude CLI uses too). */
  crlf: boolean;
}

const CR = 13;

/** The lines of a whole text as a review or an edit produces it: a final newline ends the last line, it adds none. */
export function textLines(text: string): string[] {
  const out = vim.split(text, "\n", { plain: true });
  if (vim.endswith(text, "\n")) out.pop();
  return out;
}

/**
 * The inverse of textLines: every line ended with "\n", and no lines the empty file "" (never a lone "\n",
 * which is one empty line). Every text made from a target's or a change's lines is made here.
 */
export function linesText(lines: string[]): string {
  return lines.length > 0 ? table.concat(lines, "\n") + "\n" : "";
}

/** Cuts `text` at "\n". With CRLF endings the "\r" before each "\n" is removed from the lines. */
export function splitText(text: string): SplitText {
  const lines: string[] = [];
  let crlfCount = 0;
  let pos = 1;
  for (;;) {
    const [nl] = string.find(text, "\n", pos, true);
    if (nl === undefined) break;
    if (nl > pos && string.byte(text, nl - 1) === CR) crlfCount++;
    lines.push(string.sub(text, pos, nl - 1));
    pos = nl + 1;
  }
  const terminated = lines.length;
  const eol = pos > text.length && terminated > 0;
  if (!eol) lines.push(string.sub(text, pos));
  // Mixed endings follow the majority (a lone "\n" in a CRLF text comes back as "\r\n").
  const crlf = crlfCount * 2 > terminated;
  if (crlf) {
    for (let i = 0; i < terminated; i++) {
      const line = lines[i];
      if (string.byte(line, -1) === CR) lines[i] = string.sub(line, 1, -2);
    }
  }
  return { lines, eol, crlf };
}

/** At this size and above reviewText leaves a text whole, for Neovim to cut (Lua cuts ~20 ms per 10 MiB). */
const WHOLE_MIN_BYTES = 256 * 1024;

/** A text for a review buffer, with what its lines lose (as SplitText). */
export interface ReviewText {
  /**
   * The lines; or, for a big text, the whole text with "\n" line endings only and no NUL byte, whose lines (cut
   * at "\n", a final newline adding none) are exactly splitText's: Neovim cuts it while filling the buffer.
   */
  lines: string[] | string;
  eol: boolean;
  crlf: boolean;
}

/**
 * `text` for a review buffer: splitText's lines, or a big text left whole (its CRLF endings made LF, when they
 * are the majority). A text with a NUL byte is always cut here: a Vim string cannot hold one.
 */
export function reviewText(text: string): ReviewText {
  if (text.length < WHOLE_MIN_BYTES) return splitText(text);
  const [nul] = string.find(text, "\0", 1, true);
  if (nul !== undefined) return splitText(text);
  const eol = vim.endswith(text, "\n");
  const [cr] = string.find(text, "\r", 1, true);
  if (cr === undefined) return { lines: text, eol, crlf: false };
  const [lf, crlfCount] = string.gsub(text, "\r\n", "\n");
  const [, terminated] = string.gsub(text, "\n", "\n");
  // splitText's rule: more CRLF endings than bare LF ones, else the "\r" stay in the lines.
  const crlf = crlfCount * 2 > terminated;
  return { lines: crlf ? lf : text, eol, crlf };
}

/** The inverse of splitText. */
export function joinText(lines: string[], eol: boolean, crlf: boolean): string {
  const sep = crlf ? "\r\n" : "\n";
  const body = table.concat(lines, sep);
  return eol ? body + sep : body;
}

/** "\r\n" → "\n": how the Claude CLI compares texts (it reads files with CRLF normalized). */
export function normalizeEol(text: string): string {
  const [out] = string.gsub(text, "\r\n", "\n");
  return out;
}

export type ReadResult = { ok: true; text: string } | { ok: true; text: undefined } | { ok: false; error: string };

/**
 * Reads a whole file. `text` undefined: the file does not exist (nothing at that path). A directory, a
 * special file or an unreadable file is an error saying so.
 */
export function readFile(path: string): ReadResult {
  const [stat, , code] = vim.uv.fs_stat(path);
  if (stat === undefined) {
    if (code === "ENOENT") return { ok: true, text: undefined };
    return { ok: false, error: `cannot access ${path} (${code})` };
  }
  if (stat.type === "directory") return { ok: false, error: `${path} is a directory` };
  if (stat.type !== "file") return { ok: false, error: `${path} is not a regular file (${stat.type})` };
  const [fd, openErr] = vim.uv.fs_open(path, "r", 0);
  if (fd === undefined) return { ok: false, error: `cannot read ${path}: ${openErr}` };
  const chunks: string[] = [];
  let error: string | undefined;
  for (;;) {
    const [data, readErr] = vim.uv.fs_read(fd, 1024 * 1024);
    if (data === undefined) {
      error = `cannot read ${path}: ${readErr}`;
      break;
    }
    if (data === "") break;
    chunks.push(data);
  }
  vim.uv.fs_close(fd);
  return error !== undefined ? { ok: false, error } : { ok: true, text: table.concat(chunks) };
}

/** A UTF-8 byte order mark, which readfile() drops. */
const READFILE_BOM = "\u{feff}";

/** The lines of a whole file's text as readfile() cuts them (NL; a CR before it dropped; no empty last line). */
export function splitLikeReadfile(data: string): string[] {
  const out: string[] = [];
  let pos = string.sub(data, 1, 3) === READFILE_BOM ? 4 : 1;
  for (;;) {
    const [nl] = string.find(data, "\n", pos, true);
    if (nl === undefined) break;
    const line = string.sub(data, pos, nl - 1);
    out.push(string.sub(line, -1) === "\r" ? string.sub(line, 1, -2) : line);
    pos = nl + 1;
  }
  if (pos <= data.length) out.push(string.sub(data, pos));
  return out;
}
