// Other plugins this one cooperates with when they are installed (snacks.nvim, which-key, neo-tree, nvim-tree, oil).

/** `require(name)` when that module exists and loads; undefined otherwise (never throws). */
export function optionalModule<T>(name: string): T | undefined {
  // _G.require: an ES import cannot be made optional.
  const [ok, mod] = pcall(_G.require, name);
  return ok ? (mod as T) : undefined;
}

/** The subset of which-key used: `add` (v3) or `register` (v2). */
interface WhichKey {
  add?: (this: void, spec: object[]) => void;
  register?: (this: void, mappings: object) => void;
}

/**
 * Names the key group `prefix` (e.g. "<leader>a", LazyVim's group for AI tools) in which-key's popup when
 * which-key is installed; without it nothing happens. Returns whether a group was registered.
 */
export function nameKeyGroup(prefix: string, name: string): boolean {
  const wk = optionalModule<WhichKey>("which-key");
  if (wk === undefined) return false;
  if (typeof wk.add === "function") {
    // { "<leader>a", group = "ai" }: the prefix is the entry's first list item.
    const entry: { [key: string | number]: string } = { group: name };
    entry[1] = prefix;
    return pcall(wk.add, [entry])[0];
  }
  if (typeof wk.register === "function") return pcall(wk.register, { [prefix]: { name: `+${name}` } })[0];
  return false;
}
