// Arrays made at their final size. Filling a 100,000-slot array one append at a time makes Lua reallocate and
// copy it about 17 times (twice its final size in garbage); LuaJIT's table.new allocates it once. On a Lua
// without table.new (a PUC Lua 5.1 build of Neovim) the array grows as usual.
const [hasNew, newModule] = pcall(_G.require, "table.new");
const create = hasNew ? (newModule as (this: void, narray: number, nhash: number) => unknown) : undefined;

/** An empty array with room for `n` items. Fill it by index (a push looks for its end on every call). */
export function sizedArray<T>(n: number): T[] {
  return create !== undefined ? (create(n, 0) as T[]) : [];
}
