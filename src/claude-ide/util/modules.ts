// Modules other code may have loaded already (package.loaded), looked at without loading them: e.g. vim.lsp
// costs milliseconds to load, and when nobody loaded it there are no LSP clients to ask about.

/** The module `name` if something already required it, else undefined. */
export function loadedModule<T>(name: string): T | undefined {
  return (_G as unknown as { package: { loaded: { [name: string]: unknown } } }).package.loaded[name] as T | undefined;
}
