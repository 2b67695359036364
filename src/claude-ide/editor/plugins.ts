// Other plugins this one cooperates with when they are installed (snacks.nvim, neo-tree, nvim-tree, oil).

/** `require(name)` when that module exists and loads; undefined otherwise (never throws). */
export function optionalModule<T>(name: string): T | undefined {
  // _G.require: an ES import cannot be made optional.
  const [ok, mod] = pcall(_G.require, name);
  return ok ? (mod as T) : undefined;
}
