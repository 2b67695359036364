// LSP positions in each client's offset encoding ("utf-8" | "utf-16" | "utf-32"), both ways. Neovim works in
// byte columns; the model sees 1-based character columns (as an editor shows them).
import { byteToCharColumn, byteToUtf16, charColumnToByte, isAscii, utf16ToByte } from "../editor/positions";

/** The LSP `character` of byte offset `byteCol` in `line`, in the client's encoding. */
export function toCharacter(line: string, byteCol: number, encoding: string): number {
  if (encoding === "utf-8") return math.max(0, math.min(byteCol, line.length));
  if (encoding === "utf-32") return byteToCharColumn(line, byteCol) - 1;
  return byteToUtf16(line, byteCol);
}

/** The byte offset in `line` of an LSP `character` in the client's encoding (clamped to the line). */
export function toByte(line: string, character: number, encoding: string): number {
  if (encoding === "utf-8") return math.max(0, math.min(character, line.length));
  if (encoding === "utf-32") return charColumnToByte(line, character + 1);
  return utf16ToByte(line, character);
}

/** The 1-based character column the model reads, of an LSP `character` in the client's encoding. */
export function displayColumn(line: string, character: number, encoding: string): number {
  // The usual line: one look at it instead of one per conversion (an answer converts hundreds of columns).
  if (isAscii(line)) return math.min(math.max(0, character), line.length) + 1;
  return byteToCharColumn(line, toByte(line, character, encoding));
}
