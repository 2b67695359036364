/** @noSelfInFile */
// Typings used by the notes on lines (editor/notes), merged into types/vim.d.ts.

declare namespace vim {
  namespace api {
    /** [row, col, details] (0-based), or [] when the mark is gone. */
    function nvim_buf_get_extmark_by_id(buf: Buf, ns: number, id: number, opts: Dict): [number?, number?, Dict?];
    function nvim_buf_del_extmark(buf: Buf, ns: number, id: number): boolean;
  }
  namespace fn {
    function setqflist(list: Dict[], action?: string, what?: Dict): number;
    function getqflist(what?: Dict): any;
  }
}
