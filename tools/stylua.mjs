// Formats or checks hand-written Lua with stylua (its wasm build from npm: no binary to download), using the
// settings in .stylua.toml.
//
//   node tools/stylua.mjs --check [paths...]   list the files stylua would change; exit 1 if any (make lint)
//   node tools/stylua.mjs --write [paths...]   rewrite them in place (make format)
// Paths are files or folders (searched for *.lua); default: every folder of hand-written Lua (the Makefile's
// LUA_SOURCES).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as stylua from "@johnnymorganz/stylua";

const ROOT = join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const write = args.includes("--write");
if (!write && !args.includes("--check")) {
  console.error("usage: node tools/stylua.mjs --check|--write [paths...]");
  process.exit(2);
}
const paths = args.filter((a) => !a.startsWith("--"));

/**
 * .stylua.toml: flat `key = value` lines (the only form this project uses) mapped onto stylua's Config.
 * formatCode takes ownership of the Config it is given (wasm): build a fresh one for every file.
 */
function loadConfig() {
  const config = stylua.Config.new();
  const enums = {
    line_endings: stylua.LineEndings,
    indent_type: stylua.IndentType,
    quote_style: stylua.QuoteStyle,
    call_parentheses: stylua.CallParenType,
    collapse_simple_statement: stylua.CollapseSimpleStatement,
  };
  const text = readFileSync(join(ROOT, ".stylua.toml"), "utf8");
  for (const [i, raw] of text.split("\n").entries()) {
    const line = raw.replace(/#.*/, "").trim();
    if (line === "") continue;
    const m = /^(\w+)\s*=\s*(?:"([^"]*)"|(\d+)|(true|false))$/.exec(line);
    if (!m) throw new Error(`.stylua.toml:${i + 1}: unsupported line (tools/stylua.mjs reads key = "x" | 1 | true)`);
    const [, key, str, num, boolean] = m;
    if (!(key in config) && !(key in enums)) throw new Error(`.stylua.toml:${i + 1}: unknown setting ${key}`);
    if (str !== undefined) {
      const value = enums[key]?.[str];
      if (value === undefined) throw new Error(`.stylua.toml:${i + 1}: ${key} = "${str}" is not a known value`);
      config[key] = value;
    } else config[key] = num !== undefined ? Number(num) : boolean === "true";
  }
  config.syntax = stylua.LuaVersion.LuaJIT;
  return config;
}

function* luaFiles(path) {
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* luaFiles(join(path, name));
  } else if (path.endsWith(".lua")) yield path;
}

let changed = 0;
let failed = 0;
let total = 0;
for (const start of paths.length > 0 ? paths : ["plugin", "spec", "bench", "scripts", "tools"]) {
  for (const file of luaFiles(join(ROOT, start))) {
    total++;
    const source = readFileSync(file, "utf8");
    let formatted;
    try {
      // Some long lines take stylua two passes to settle: format until the text stops changing.
      formatted = source;
      for (let pass = 0; pass < 3; pass++) {
        const next = stylua.formatCode(formatted, loadConfig(), undefined, stylua.OutputVerification.None);
        if (next === formatted) break;
        formatted = next;
      }
    } catch (err) {
      failed++;
      console.error(`${relative(ROOT, file)}: stylua could not parse it: ${err}`);
      continue;
    }
    if (formatted === source) continue;
    changed++;
    if (write) writeFileSync(file, formatted);
    else console.error(`${relative(ROOT, file)}: not formatted`);
  }
}
const verb = write ? "formatted" : "would reformat";
console.error(`stylua: ${total} files, ${verb} ${changed}${failed ? `, ${failed} unparsable` : ""}`);
process.exit(failed > 0 || (!write && changed > 0) ? 1 : 0);
