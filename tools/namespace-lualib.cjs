// TSTL plugin: keep TSTL's helper library private to this plugin.
//
// With `luaLibImport: "require-minimal"` TSTL emits `lua/lualib_bundle.lua` and every module requires it as
// `require("lualib_bundle")`. That name is global on the runtimepath: two TSTL-built plugins would load each
// other's bundle. This plugin moves the bundle to `lua/claude-ide/lualib_bundle.lua` and rewrites the requires.
"use strict";
const path = require("path");

const BUNDLE = "lualib_bundle";
const NAMESPACED = "claude-ide.lualib_bundle";

/** @type {import("typescript-to-lua").Plugin} */
const plugin = {
  beforeEmit(program, options, emitHost, result) {
    const outDir = options.outDir ?? path.dirname(program.getCompilerOptions().configFilePath ?? ".");
    for (const file of result) {
      if (path.basename(file.outputPath) === `${BUNDLE}.lua` && path.dirname(file.outputPath) === path.resolve(outDir)) {
        file.outputPath = path.join(path.resolve(outDir), "claude-ide", `${BUNDLE}.lua`);
      }
      file.code = file.code.split(`require("${BUNDLE}")`).join(`require("${NAMESPACED}")`);
    }
  },
};
module.exports = plugin;
