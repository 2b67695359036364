// Fails on JavaScript globals that compile to nil in Lua (TSTL translates the name, not the runtime).
// Usage: node tools/lint-globals.mjs  (scans src/**/*.ts)
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const BANNED = {
  JSON: "use vim.json.encode / vim.json.decode",
  console: "use vim.notify (or the log module)",
  Promise: "use coroutines (protocol/blocking)",
  setTimeout: "use vim.defer_fn or a vim.uv timer",
  setInterval: "use a vim.uv timer",
  clearTimeout: "use timer:stop() / timer:close()",
  clearInterval: "use timer:stop() / timer:close()",
  queueMicrotask: "use vim.schedule",
  globalThis: "use _G only where unavoidable (never for state)",
  process: "use vim.uv / vim.env",
  require: "use an ES import (TSTL emits require)",
  async: "no async/await in Lua: write blocking tools with coroutines",
  await: "no async/await in Lua: write blocking tools with coroutines",
};

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith(".ts")) yield p;
  }
}

// Strip comments and string literals so that words inside them do not count.
function codeOnly(src) {
  return src
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " "))
    .replace(/\/\/[^\n]*/g, (m) => " ".repeat(m.length))
    .replace(/(["'`])(?:\\.|(?!\1)[^\\\n])*\1/g, (m) => " ".repeat(m.length));
}

const problems = [];
for (const file of walk("src")) {
  const source = readFileSync(file, "utf8");
  // init.ts is the module users load as require("claude-ide"): importing it by path would load a second copy
  // (require("claude-ide.init")) with a second state. tsconfig maps the bare name "claude-ide" to it.
  source.split("\n").forEach((line, i) => {
    if (/from\s+["'](\.{1,2}\/)+init["']/.test(line)) {
      problems.push(`${relative(".", file)}:${i + 1}: import init.ts as "claude-ide", not by path (it would load twice)`);
    }
  });
  const lines = codeOnly(source).split("\n");
  lines.forEach((line, i) => {
    for (const [name, advice] of Object.entries(BANNED)) {
      // A bare identifier: not a property access (x.JSON) nor an object key (JSON:).
      const re = new RegExp(`(?<![\\w$.])${name}(?![\\w$])(?!\\s*:)`);
      if (re.test(line)) problems.push(`${relative(".", file)}:${i + 1}: '${name}' compiles to nil in Lua: ${advice}`);
    }
  });
}
if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`lint-globals: ${problems.length} problem(s)`);
  process.exit(1);
}
console.log("lint-globals: ok");
