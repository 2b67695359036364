// Entry of a CLI's hook, run as `nvim -l <plugin>/lua/claude-ide/hook.lua <client> <event> [--instance ID]`:
// puts this plugin's lua/ folder on package.path (nvim -l loads no plugins) and runs hooks/main.ts. Nothing
// may be required before that, so this file imports nothing.
const here = (debug.getinfo(1, "S") as { source: string }).source;
const luaRoot = vim.fn.fnamemodify(string.sub(here, 2), ":p:h:h");
const pkg = (_G as unknown as { package: { path: string } }).package;
pkg.path = `${luaRoot}/?.lua;${luaRoot}/?/init.lua;${pkg.path}`;
const scriptArgs = (_G as unknown as { arg?: string[] }).arg ?? [];
const lua = _G as unknown as {
  require: (this: void, name: string) => { main: (this: void, argv: string[]) => number };
};
const status = lua.require("claude-ide.hooks.main").main(scriptArgs);
if (status !== 0) os.exit(status);

export {};
