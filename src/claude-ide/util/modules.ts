// Modules other code may have loaded already (package.loaded), looked at without loading them: e.g. vim.lsp
// costs milliseconds to load, and when nobody loaded it there are no LSP clients to ask about.

/** The module `name` if something already required it, else undefined. */
export function loadedModule<T>(name: string): T | undefined {
  return (_G as unknown as { package: { loaded: { [name: string]: unknown } } }).package.loaded[name] as T | undefined;
}

/**
 * A module required on its first use instead of at load time (setup() must cost next to nothing):
 * `const session = lazy<typeof SessionModule>("claude-ide.protocol.session")` with
 * `import type * as SessionModule from "../protocol/session"`, then `session().Session`.
 */
export function lazy<T>(name: string): (this: void) => T {
  let mod: T | undefined;
  return () => {
    mod ??= (_G as unknown as { require: (this: void, name: string) => unknown }).require(name) as T;
    return mod;
  };
}

/** The plugin's lua/ folder (this file is lua/claude-ide/util/modules.lua). */
export function pluginLuaFolder(): string {
  const source = (debug.getinfo(1, "S") as { source: string }).source;
  return vim.fn.fnamemodify(string.sub(source, 2), ":p:h:h:h");
}

/** The path of a script of the plugin's, `rel` relative to lua/claude-ide/ (e.g. "editor/snapshot/snapshot_worker.lua"). */
export function pluginScript(rel: string): string {
  return `${pluginLuaFolder()}/claude-ide/${rel}`;
}

/**
 * LUA_PATH for a child `nvim --clean -l <script>` that requires the plugin's modules (a child started with
 * --clean has no runtimepath of ours; `;;` keeps Lua's default path after them).
 */
export function childLuaPath(): string {
  const lua = pluginLuaFolder();
  return `${lua}/?.lua;${lua}/?/init.lua;;`;
}

/** What warmModules does between two turns of the editor's loop, at most (ms). */
const WARM_SLICE_MS = 2;

/** A module being warmed: its plugin requires (once its file is read), and the next of them to look at. */
interface Pending {
  name: string;
  deps?: string[];
  next: number;
}

/** The plugin modules a module's file requires, as its generated Lua names them: require("claude-ide.x.y"). */
function requiresOf(folder: string, name: string): string[] {
  const [path] = string.gsub(name, "%.", "/");
  // io, not util/fs: this module loads at setup(), which loads nothing more than it must.
  const [fh] = io.open(`${folder}/${path}.lua`, "r");
  if (fh === undefined) return [];
  const text = fh.read("*a") as string;
  fh.close();
  const deps: string[] = [];
  for (const [dep] of string.gmatch(text, 'require%("(claude%-ide[%w_%.%-]*)"%)')) deps.push(dep);
  return deps;
}

/**
 * Loads the plugin module `root` and every plugin module it requires, a few at a time with the editor's loop
 * running in between: one require of a module with many dependencies runs all their bodies in one stretch (the
 * agent endpoint's 67 modules: 11-14 ms). Dependencies come first (each module's file is read for the modules
 * it requires), so every require runs only its own module's body. Done when `root` is loaded (also when
 * something else required it meanwhile); a module that fails to load ends the warm-up (its real use reports it).
 */
export function warmModules(root: string): void {
  const loaded = (_G as unknown as { package: { loaded: { [name: string]: unknown } } }).package.loaded;
  const load = (_G as unknown as { require: (this: void, name: string) => unknown }).require;
  if (loaded[root] !== undefined) return;
  const folder = pluginLuaFolder();
  const stack: Pending[] = [{ name: root, next: 0 }];
  const seen = new LuaSet<string>();
  seen.add(root);
  const tick = () => {
    const start = vim.uv.hrtime();
    while (stack.length > 0 && (vim.uv.hrtime() - start) / 1e6 < WARM_SLICE_MS) {
      const top = stack[stack.length - 1];
      if (loaded[top.name] !== undefined) {
        stack.pop();
        continue;
      }
      top.deps ??= requiresOf(folder, top.name);
      const deps = top.deps;
      let pushed = false;
      while (top.next < deps.length && !pushed) {
        const dep = deps[top.next++];
        if (loaded[dep] === undefined && !seen.has(dep)) {
          seen.add(dep);
          stack.push({ name: dep, next: 0 });
          pushed = true;
        }
      }
      if (pushed) continue;
      const [ok] = pcall(load, top.name);
      if (!ok) return;
      stack.pop();
    }
    if (stack.length > 0) vim.defer_fn(tick, 1);
  };
  vim.defer_fn(tick, 1);
}
