// Positions and paths as the protocol wants them: 0-based lines, `character` in UTF-16 code units (the
// MCP/LSP convention), percent-encoded file:// URIs. Neovim works in byte columns and plain paths.
import { normalize } from "../util/fs";

/** vim.str_utfindex / vim.str_byteindex changed signature in 0.11 ("utf-16" encoding argument). */
const ENCODING_API = vim.fn.has("nvim-0.11") === 1;

/** Matches any non-ASCII byte: a line without one has byte columns equal to UTF-16 columns. */
const NON_ASCII = `[${string.char(0x80)}-${string.char(0xff)}]`;

/** The line has no byte above 0x7F: its byte, UTF-16 and character columns are the same. */
export function isAscii(s: string): boolean {
  return string.find(s, NON_ASCII)[0] === undefined;
}

/** UTF-16 offset of byte offset `byteCol` (clamped to the line) in `line`. */
export function byteToUtf16(line: string, byteCol: number): number {
  const col = math.max(0, math.min(byteCol, line.length));
  if (isAscii(line)) return col;
  if (ENCODING_API) return vim.str_utfindex(line, "utf-16", col, false);
  const [, utf16] = vim.str_utfindex(line, col);
  return utf16;
}

/**
 * Byte offset of UTF-16 offset `u16` (clamped to the line) in `line`. An offset inside a surrogate pair
 * (half an emoji) moves to the end of that character.
 */
export function utf16ToByte(line: string, u16: number): number {
  const col = math.max(0, u16);
  if (isAscii(line)) return math.min(col, line.length);
  if (ENCODING_API) return vim.str_byteindex(line, "utf-16", col, false);
  return vim.str_byteindex(line, math.min(col, utf16Length(line)), true);
}

/** Length of `line` in UTF-16 code units. */
export function utf16Length(line: string): number {
  return byteToUtf16(line, line.length);
}

/** Byte length of the UTF-8 character starting at byte offset `byteCol` (0 at or past the end). */
export function charLength(line: string, byteCol: number): number {
  if (byteCol >= line.length) return 0;
  const b = string.byte(line, byteCol + 1);
  if (b < 0xc0) return 1;
  if (b < 0xe0) return 2;
  if (b < 0xf0) return 3;
  return 4;
}

/** Absolute, normalized path (no trailing slash, `~` and `.`/`..` resolved). */
export function normalizePath(path: string): string {
  // An absolute path (every buffer name is one) needs no fnamemodify: it only adds a trailing slash to a
  // directory, which normalize takes off again. Asked on every selection answer, so the cheap way matters.
  if (string.sub(path, 1, 1) === "/") return normalize(path);
  return normalize(vim.fn.fnamemodify(normalize(path), ":p"));
}

/** The percent-encoded file:// URI of an absolute path. */
export function toUri(path: string): string {
  // Nothing to encode in the usual path (letters, digits, `-._~/`): no gsub over it.
  if (string.find(path, "^/[%w%-._~/]*$")[0] !== undefined) return `file://${path}`;
  return vim.uri_from_fname(path);
}

/**
 * The paths a client's `uri` (or plain path) may mean, most likely first: a file:// URI percent-decoded, then
 * taken literally (a client that did not encode `100%.txt`). Plain paths are returned as they are.
 */
export function uriCandidates(uri: string): string[] {
  if (!vim.startswith(uri, "file://")) return [normalizePath(uri)];
  const literal = normalizePath(string.sub(uri, 8));
  const [ok, decoded] = pcall(vim.uri_to_fname, uri);
  if (!ok || decoded === literal) return [literal];
  return [normalizePath(decoded), literal];
}

/** 1-based character column (code points, as an editor shows them) of byte offset `byteCol` in `line`. */
export function byteToCharColumn(line: string, byteCol: number): number {
  const col = math.max(0, math.min(byteCol, line.length));
  if (isAscii(line)) return col + 1;
  if (ENCODING_API) return vim.str_utfindex(line, "utf-32", col, false) + 1;
  const [utf32] = vim.str_utfindex(line, col);
  return utf32 + 1;
}

/** Byte offset of 1-based character column `charCol` in `line` (past the end: the line's length). */
export function charColumnToByte(line: string, charCol: number): number {
  const idx = math.max(0, charCol - 1);
  if (isAscii(line)) return math.min(idx, line.length);
  if (idx >= charCount(line)) return line.length;
  if (ENCODING_API) return vim.str_byteindex(line, "utf-32", idx, false);
  return vim.str_byteindex(line, idx, false);
}

/** Number of characters (code points) in `line`. */
export function charCount(line: string): number {
  if (isAscii(line)) return line.length;
  if (ENCODING_API) return vim.str_utfindex(line, "utf-32", line.length, false);
  const [utf32] = vim.str_utfindex(line, line.length);
  return utf32;
}
