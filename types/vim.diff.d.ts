/** @noSelfInFile */
// Typings used by the diff review (editor/review/diff*.ts), merged into types/vim.d.ts and types/uv.d.ts.

declare namespace vim.uv {
  interface FsEvent extends Handle {
    /** Watches `path` (a directory: events name the entry that changed). */
    start(this: FsEvent, path: string, flags: { recursive?: boolean }, cb: (err: Err, filename: string | undefined, events: { change?: boolean; rename?: boolean }) => void): number | undefined;
    stop(this: FsEvent): void;
  }
  function new_fs_event(): FsEvent | undefined;
}

declare namespace vim.fn {
  /** Number of filler lines above line `lnum` in diff mode. */
  function diff_filler(lnum: number): number;
  /** Restores the current window's view (topline, topfill: filler and virtual lines above it, ...). */
  function winrestview(view: { topline?: number; topfill?: number; lnum?: number; col?: number }): void;
}

declare namespace vim.api {
  /** A namespace for extmarks (the same id for the same name). */
  function nvim_create_namespace(name: string): number;
  function nvim_buf_get_extmarks(buf: Buf, ns: number, start: number | [number, number], end: number | [number, number], opts: Dict): [number, number, number, Dict?][];
}
