/** @noSelfInFile */
// Typings used by the inline view (editor/review/inline_view.ts), merged into types/vim.d.ts.

declare namespace vim.fn {
  /** The mapping of `lhs` in `mode` that applies in the current buffer, as a dict (empty: none). */
  function maparg(lhs: string, mode: string, abbr: boolean, dict: true): Dict;
  /** Puts back a mapping maparg() returned (buffer-local ones in the current buffer). */
  function mapset(mode: string, abbr: boolean, dict: Dict): void;
}

declare namespace vim.api {
  /** Marks windows (of `buf`, or `win`) for redraw; valid false: every line again (the decoration providers run). */
  function nvim__redraw(opts: { buf?: Buf; win?: Win; valid?: boolean; flush?: boolean }): void;
}
