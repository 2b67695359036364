// Draws the import graph of src/ (type-only imports included: a circle of types is a circle of layers too)
// and fails when it has a circle. Parsed with the TypeScript compiler API, not patterns.
//
//   node tools/import-graph.mjs            check: "import-graph: N modules, M imports, no circle", or the circles
//   node tools/import-graph.mjs --list     also print every module with what it imports
//   node tools/import-graph.mjs --dot      print the graph in Graphviz dot (folders as clusters) and check
import { createRequire } from "node:module";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// The compiler TSTL uses (package.json pins it); node_modules/.bin/tsc may be another version.
const ts = createRequire(import.meta.url)("typescript");

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");
const SRC = join(ROOT, "src");
// tsconfig "paths": the bare name users require is init.ts.
const ALIASES = { "claude-ide": join(SRC, "claude-ide", "init.ts") };

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* walk(p);
    else if (p.endsWith(".ts") && !p.endsWith(".d.ts")) yield p;
  }
}

/** The source file an import specifier names, or undefined for modules outside src/ (bit, ffi, ...). */
function resolveSpecifier(from, spec) {
  if (ALIASES[spec]) return ALIASES[spec];
  if (!spec.startsWith(".")) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [`${base}.ts`, join(base, "index.ts")]) if (existsSync(candidate)) return candidate;
  throw new Error(`${relative(ROOT, from)}: cannot resolve import "${spec}"`);
}

/** Every module specifier a file imports or re-exports (import x, import type x, export ... from, import()). */
function importsOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const specs = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      specs.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      specs.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) specs.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs;
}

const name = (file) => relative(join(SRC, "claude-ide"), file).replace(/\.ts$/, "");
const graph = new Map();
for (const file of walk(SRC)) {
  const deps = new Set();
  for (const spec of importsOf(file)) {
    const target = resolveSpecifier(file, spec);
    if (target && target !== file) deps.add(name(target));
  }
  graph.set(name(file), [...deps].sort());
}

// Tarjan's strongly connected components: every component with more than one module is a circle.
function circles() {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) connect(v);
  return found;
}

/** One concrete loop through a component, for the message: a → b → … → a. */
function loopThrough(component) {
  const members = new Set(component);
  const start = component[0];
  const path = [start];
  const seen = new Set([start]);
  const step = (v) => {
    for (const w of graph.get(v)) {
      if (w === start) return true;
      if (members.has(w) && !seen.has(w)) {
        seen.add(w);
        path.push(w);
        if (step(w)) return true;
        path.pop();
      }
    }
    return false;
  };
  step(start);
  return [...path, start].join(" → ");
}

const args = new Set(process.argv.slice(2));
if (args.has("--list")) for (const [mod, deps] of graph) console.log(`${mod}: ${deps.join(", ") || "-"}`);
if (args.has("--dot")) {
  const folders = new Map();
  for (const mod of graph.keys()) {
    const folder = mod.includes("/") ? mod.slice(0, mod.lastIndexOf("/")) : "";
    folders.set(folder, [...(folders.get(folder) ?? []), mod]);
  }
  console.log("digraph imports {\n  rankdir=LR; node [shape=box, fontsize=10];");
  for (const [folder, mods] of folders) {
    const nodes = mods.map((m) => `"${m}"`).join("; ");
    console.log(folder ? `  subgraph "cluster_${folder}" { label="${folder}"; ${nodes}; }` : `  ${nodes};`);
  }
  for (const [mod, deps] of graph) for (const dep of deps) console.log(`  "${mod}" -> "${dep}";`);
  console.log("}");
}

const edges = [...graph.values()].reduce((n, deps) => n + deps.length, 0);
const found = circles();
if (found.length > 0) {
  console.error(`import-graph: ${found.length} circle(s) in src/ (move the shared types to a module both can import):`);
  for (const component of found) console.error(`  ${loopThrough(component)}${component.length > 2 ? `  (component: ${component.join(", ")})` : ""}`);
  process.exit(1);
}
console.error(`import-graph: ${graph.size} modules, ${edges} imports, no circle`);
