/** @noSelfInFile */
// Typings used by the editor features (selection, buffers, terminal, tools), merged into types/vim.d.ts.

declare namespace vim {
  /** Buffer variables of the current buffer (vim.b[buf] for another one). */
  const b: { [name: string]: any } & { [buf: number]: { [name: string]: any } };
  /** Global variables (g:). */
  const g: { [name: string]: unknown };
  namespace filetype {
    function match(args: { buf?: Buf; filename?: string; contents?: string[] }): LuaMultiReturn<[string | undefined, unknown?]>;
  }
  namespace fn {
    /** With `list` = 1: [first, last] screen column of the character at the position. */
    function virtcol(expr: string | unknown[], list: 1, winid?: Win): [number, number];
    /** Byte index (1-based) of the character at virtual column `col` of line `lnum`; 0 for an empty line. */
    function virtcol2col(winid: Win, lnum: number, col: number): number;
    function winsaveview(): { lnum: number; col: number; curswant: number; [key: string]: number };
    function getftime(fname: string): number;
    function getbufline(buf: Buf, lnum: number | string, end?: number | string): string[];
    function chanclose(id: number, stream?: string): number;
    function bufexists(buf: Buf | string): number;
  }
}
