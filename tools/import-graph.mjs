// Draws the import graph of src/ (type-only imports included: a circle of types is a circle of layers too)
// and fails when it has a circle of modules, a circle of folders (folder A imports from folder B and B from A,
// even through different modules: two folders of one family that need each other), or an import that points
// up, or sideways between sibling families, in the layer table below (ARCHITECTURE.md explains it). Parsed
// with the TypeScript compiler API, not patterns.
//
//   node tools/import-graph.mjs            check: "import-graph: N modules, M imports, no circle, ...", or the faults
//   node tools/import-graph.mjs --list     also print every module with its layer/family and what it imports
//   node tools/import-graph.mjs --dot      print the graph in Graphviz dot (folders as clusters) and check
//   node tools/import-graph.mjs --src DIR  check another tree laid out like src/ (DIR/claude-ide/...): the specs' fixtures
import { createRequire } from "node:module";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// The compiler TSTL uses (package.json pins it); node_modules/.bin/tsc may be another version.
const ts = createRequire(import.meta.url)("typescript");

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");
const argv = process.argv.slice(2);
const srcAt = argv.indexOf("--src");
const SRC = srcAt >= 0 ? resolve(argv[srcAt + 1]) : join(ROOT, "src");

// The layers, floor first: a module may import its own layer and the layers below it, never one above. Where
// a layer has several families (sibling folders), a module imports only its own family of that layer. A
// module is placed by its path under src/claude-ide: "folder/" takes the folder, a bare name one top-level
// file. Every module must be placed (a new folder or top-level file gets its row here and in ARCHITECTURE.md).
const LAYERS = [
  ["base", { base: ["util/", "config", "log", "version"] }],
  ["transport", { transport: ["transport/"], discovery: ["discovery/"] }],
  ["protocol", { protocol: ["protocol/", "contracts", "policy/"] }],
  ["editor", { editor: ["editor/"] }],
  ["review", { review: ["editor/review/"], snapshot: ["editor/snapshot/"] }],
  ["write", { write: ["editor/write/"] }],
  ["capabilities", { ide: ["tools/"], agent: ["agent/"], lsp: ["lsp/"] }],
  ["wiring", { wiring: ["server", "services", "sessions", "companion", "bridge", "bridge/", "instances/", "hook", "hooks/", "far/"] }],
  ["surface", { surface: ["init", "commands", "health"] }],
];

/**
 * { layer index, layer name, family } of a module, or undefined when the table does not place it. The longest
 * pattern that matches places it: "editor/review/" takes editor/review/diff, "editor/" the rest of editor/.
 */
function placeOf(mod) {
  let best;
  for (let i = 0; i < LAYERS.length; i++)
    for (const [family, patterns] of Object.entries(LAYERS[i][1]))
      for (const p of patterns)
        if ((p.endsWith("/") ? mod.startsWith(p) : mod === p) && (best === undefined || p.length > best.length))
          best = { index: i, layer: LAYERS[i][0], family, length: p.length };
  return best && { index: best.index, layer: best.layer, family: best.family };
}
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

// Tarjan's strongly connected components: every component with more than one node is a circle.
function circles(graph) {
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
function loopThrough(graph, component) {
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

/**
 * The graph of folders: a module's folder is the folder pattern of the layer table that places it
 * ("editor/review/", "agent/": its subfolders belong to it); top-level files (server, config, ...) are no folder.
 * An edge A → B for every import from a module of A to a module of B, with those imports as its reasons.
 */
function folderGraph() {
  const folderOf = (mod) => {
    let best;
    for (const [, families] of LAYERS)
      for (const patterns of Object.values(families))
        for (const p of patterns) if (p.endsWith("/") && mod.startsWith(p) && (best === undefined || p.length > best.length)) best = p;
    return best;
  };
  const folders = new Map();
  const reasons = new Map();
  for (const [mod, deps] of graph) {
    const from = folderOf(mod);
    if (from === undefined) continue;
    if (!folders.has(from)) folders.set(from, new Set());
    for (const dep of deps) {
      const to = folderOf(dep);
      if (to === undefined || to === from) continue;
      folders.get(from).add(to);
      const key = `${from} → ${to}`;
      reasons.set(key, [...(reasons.get(key) ?? []), `${mod} → ${dep}`]);
    }
  }
  return { graph: new Map([...folders].map(([f, set]) => [f, [...set].sort()])), reasons };
}

/** Every import that points up a layer or sideways to a sibling family, and every module the table does not place. */
function layerFaults() {
  const faults = [];
  for (const [mod, deps] of graph) {
    const from = placeOf(mod);
    if (!from) {
      faults.push(`${mod}: not in the layer table of tools/import-graph.mjs (give its folder a row)`);
      continue;
    }
    for (const dep of deps) {
      const to = placeOf(dep);
      if (!to) continue; // reported as its own fault
      if (to.index > from.index)
        faults.push(`${mod} (${from.layer}) → ${dep} (${to.layer}): points up; move the shared part down to ${from.layer} or lower`);
      else if (to.index === from.index && to.family !== from.family)
        faults.push(`${mod} (${from.layer}/${from.family}) → ${dep} (${to.layer}/${to.family}): sideways between sibling families; move the shared part down a layer, or join them in the layer above`);
    }
  }
  return faults;
}

const args = new Set(argv);
const where = (mod) => {
  const p = placeOf(mod);
  return p ? (Object.keys(LAYERS[p.index][1]).length > 1 ? `${p.layer}/${p.family}` : p.layer) : "?";
};
if (args.has("--list")) for (const [mod, deps] of graph) console.log(`${mod} [${where(mod)}]: ${deps.join(", ") || "-"}`);
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
const found = circles(graph);
const folders = folderGraph();
const folderCircles = circles(folders.graph);
const faults = layerFaults();
if (found.length > 0) {
  console.error(`import-graph: ${found.length} circle(s) in src/ (move the shared types to a module both can import):`);
  for (const component of found) console.error(`  ${loopThrough(graph, component)}${component.length > 2 ? `  (component: ${component.join(", ")})` : ""}`);
}
if (folderCircles.length > 0) {
  console.error(`import-graph: ${folderCircles.length} folder circle(s) in src/ (move what both folders use below both):`);
  for (const component of folderCircles) {
    const loop = loopThrough(folders.graph, component);
    const steps = loop.split(" → ");
    const why = steps.slice(1).map((to, i) => `${steps[i]} → ${to}: ${folders.reasons.get(`${steps[i]} → ${to}`).join(", ")}`);
    console.error(`  folder circle ${loop}\n    ${why.join("\n    ")}`);
  }
}
if (faults.length > 0) {
  console.error(`import-graph: ${faults.length} import(s) against the layers (ARCHITECTURE.md; floor first: ${LAYERS.map(([n]) => n).join(" → ")}):`);
  for (const fault of faults) console.error(`  ${fault}`);
}
if (found.length > 0 || folderCircles.length > 0 || faults.length > 0) process.exit(1);
console.error(
  `import-graph: ${graph.size} modules, ${edges} imports, no circle, no folder circle (${folders.graph.size} folders), every import points down (${LAYERS.length} layers)`,
);
