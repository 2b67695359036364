/** @noSelfInFile */
// vim API used by the protocol/server/health area (merges with vim.d.ts).

declare namespace vim {
  /** Deep comparison of two Lua values (tables compared by contents). */
  function deep_equal(a: unknown, b: unknown): boolean;
}
