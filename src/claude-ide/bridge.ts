// Entry of the agent bridge, run as `nvim -l <plugin>/lua/claude-ide/bridge.lua`: puts this plugin's lua/
// folder on package.path (nvim -l loads no plugins) and runs bridge/main.ts. Nothing may be required before
// that, so this file imports nothing.
const here = (debug.getinfo(1, "S") as { source: string }).source;
const luaRoot = vim.fn.fnamemodify(string.sub(here, 2), ":p:h:h");
const pkg = (_G as unknown as { package: { path: string } }).package;
pkg.path = `${luaRoot}/?.lua;${luaRoot}/?/init.lua;${pkg.path}`;
const scriptArgs = (_G as unknown as { arg?: string[] }).arg ?? [];
// A run-time require (after package.path is set), which an ES import cannot express.
const lua = _G as unknown as {
  require: (this: void, name: string) => { main: (this: void, argv: string[]) => number };
};
const status = lua.require("claude-ide.bridge.main").main(scriptArgs);
if (status !== 0) os.exit(status);

// A module (locals, not globals), with nothing to export.
export {};
