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
