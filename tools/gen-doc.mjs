// Regenerates the generated sections of doc/claude-ide.txt from the TypeScript sources, read with the
// TypeScript compiler API (never with patterns over the text), and doc/tags:
//   *claude-ide-defaults*    DEFAULTS of src/claude-ide/config.ts as the Lua table a user passes to setup(),
//                            its comments being the docs (tools/config-model.cjs)
//   *claude-ide-tools-list*  name, description and flags of every tool of ALL_TOOLS (src/claude-ide/tools/index.ts),
//                            from their defineTool({...}) declarations
//   doc/tags                 what :helptags writes for the file (spec/project/doc_spec.lua compares with :helptags)
//
//   node tools/gen-doc.mjs          rewrite what is out of date (make doc)
//   node tools/gen-doc.mjs --check  exit 1 when something is out of date (make test, through check-generated.sh)
import { createRequire } from "node:module";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, relative } from "node:path";

const require = createRequire(import.meta.url);
// The compiler TSTL uses (package.json pins it); node_modules/.bin/tsc may be another version.
const ts = require("typescript");
const { readConfig, defaultsAsLua } = require("./config-model.cjs");

const ROOT = join(import.meta.dirname, "..");
const DOC = join(ROOT, "doc", "claude-ide.txt");
const TAGS = join(ROOT, "doc", "tags");
const TOOLS_INDEX = join(ROOT, "src", "claude-ide", "tools", "index.ts");

function fail(node, message) {
  const source = node.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  throw new Error(`${relative(ROOT, source.fileName)}:${line + 1}: ${message}`);
}

/** A string built from literals and `+` (what descriptions use). */
function stringValue(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node)) return stringValue(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return stringValue(node.left) + stringValue(node.right);
  }
  return fail(node, `not a constant string: ${node.getText()}`);
}

/** The declaration an identifier (possibly imported) stands for. */
function declarationOf(checker, identifier) {
  let symbol = checker.getSymbolAtLocation(identifier);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const decl = symbol?.valueDeclaration;
  if (!decl) fail(identifier, `cannot find the declaration of ${identifier.text}`);
  return decl;
}

/** The option path an `enabled: (config) => config.a.b` property reads, or a failure naming the tool. */
function enabledPath(fn, toolName) {
  const param = fn.parameters[0]?.name.getText();
  let body = fn.body;
  if (ts.isBlock(body)) {
    const [only] = body.statements;
    body = only && ts.isReturnStatement(only) ? only.expression : undefined;
  }
  const parts = [];
  let expr = body;
  while (expr && ts.isPropertyAccessExpression(expr)) {
    parts.unshift(expr.name.text);
    expr = expr.expression;
  }
  if (!expr || !ts.isIdentifier(expr) || expr.text !== param || parts.length === 0) {
    fail(fn, `${toolName}: enabled must read one option, like (config) => config.execute_code`);
  }
  return parts.join(".");
}

/** Every tool of ALL_TOOLS in order: { name, description, listed, enabledBy }. */
function readTools() {
  const program = ts.createProgram([TOOLS_INDEX], { strict: true, noEmit: true, target: ts.ScriptTarget.ESNext, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TOOLS_INDEX);
  let list;
  ts.forEachChild(source, (node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations) if (d.name.getText() === "ALL_TOOLS") list = d.initializer;
  });
  if (!list || !ts.isArrayLiteralExpression(list)) throw new Error("tools/index.ts: no `export const ALL_TOOLS = [...]`");
  return list.elements.map((element) => {
    if (!ts.isIdentifier(element)) fail(element, "ALL_TOOLS must list tool constants by name");
    const decl = declarationOf(checker, element);
    const call = ts.isVariableDeclaration(decl) ? decl.initializer : undefined;
    const spec = call && ts.isCallExpression(call) && call.expression.getText() === "defineTool" ? call.arguments[0] : undefined;
    if (!spec || !ts.isObjectLiteralExpression(spec)) fail(decl, `${element.text} is not declared with defineTool({ ... })`);
    const prop = (name) => spec.properties.find((p) => p.name?.getText() === name);
    const value = (name) => {
      const p = prop(name);
      if (!p) return undefined;
      if (ts.isPropertyAssignment(p)) return p.initializer;
      return fail(p, `${element.text}: write ${name} as \`${name}: ...\``);
    };
    const name = stringValue(value("name") ?? fail(spec, "a tool without a name"));
    const listed = value("listed");
    const enabled = value("enabled");
    if (enabled && !ts.isArrowFunction(enabled) && !ts.isFunctionExpression(enabled)) fail(enabled, `${name}: enabled must be a function`);
    return {
      name,
      description: stringValue(value("description") ?? fail(spec, `${name}: no description`)),
      listed: !(listed && listed.kind === ts.SyntaxKind.FalseKeyword),
      enabledBy: enabled ? enabledPath(enabled, name) : undefined,
    };
  });
}

function wrap(text, width, indent) {
  const lines = [];
  let cur = indent;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (cur.length + word.length + 1 > width && cur !== indent) {
      lines.push(cur);
      cur = indent;
    }
    cur = cur === indent ? indent + word : `${cur} ${word}`;
  }
  if (cur !== indent) lines.push(cur);
  return lines;
}

/** The option of DEFAULTS at a dotted path. */
function optionAt(options, dotted) {
  let list = options;
  let found;
  for (const part of dotted.split(".")) {
    found = list?.find((o) => o.name === part);
    list = found?.children;
  }
  if (!found) throw new Error(`tools: enabled reads config.${dotted}, which is not an option`);
  return found;
}

function toolsBlock(tools, options) {
  const out = [];
  for (const tool of tools) {
    const flags = [];
    if (!tool.listed) flags.push("not listed");
    if (tool.enabledBy) {
      const def = optionAt(options, tool.enabledBy).luaDefault;
      if (def === "false" || def === "nil") flags.push("off by default");
    }
    out.push(tool.name + (flags.length > 0 ? ` (${flags.join(", ")})` : ""));
    out.push(...wrap(tool.description, 110, "    "));
  }
  return out.length > 0 ? out : ["(none yet)"];
}

/** Replaces the body of the code block (`>lua` … `<`) that follows the line holding `tag`. */
function replaceSection(lines, tag, body) {
  const at = lines.findIndex((l) => l.includes(tag));
  if (at < 0) throw new Error(`section ${tag} not found in doc/claude-ide.txt`);
  let start = at + 1;
  while (start < lines.length && !/>[a-z]*$/i.test(lines[start])) start++;
  if (start >= lines.length) throw new Error(`no code block after ${tag}`);
  let stop = start + 1;
  while (stop < lines.length && lines[stop] !== "<") stop++;
  if (stop >= lines.length) throw new Error(`unterminated code block after ${tag}`);
  return [...lines.slice(0, start + 1), ...body.map((l) => (l === "" ? "" : `    ${l}`)), ...lines.slice(stop)];
}

/**
 * What :helptags writes for a help file named `name` (Vim's help.c: a *tag* has no space, tab or | inside,
 * follows the line start or white space, and is followed by white space or the line end; entries sorted
 * bytewise on "tag<Tab>file"; / and \ escaped in the search command).
 */
function helptags(text, name) {
  const entries = [];
  for (const line of text.split("\n")) {
    let p1 = line.indexOf("*");
    while (p1 >= 0) {
      const p2 = line.indexOf("*", p1 + 1);
      if (p2 > p1 + 1) {
        const tag = line.slice(p1 + 1, p2);
        const before = p1 === 0 ? " " : line[p1 - 1];
        const after = p2 + 1 >= line.length ? " " : line[p2 + 1];
        if (!/[ \t|]/.test(tag) && /[ \t]/.test(before) && /[ \t\r]/.test(after)) entries.push(`${tag}\t${name}`);
      }
      p1 = p2;
    }
  }
  const bytes = (s) => Buffer.from(s, "utf8");
  entries.sort((a, b) => Buffer.compare(bytes(a), bytes(b)));
  for (let i = 1; i < entries.length; i++) {
    if (entries[i] === entries[i - 1]) throw new Error(`duplicate tag ${entries[i].split("\t")[0]} in ${name}`);
  }
  return entries.map((e) => {
    const [tag, file] = e.split("\t");
    return `${tag}\t${file}\t/*${tag.replace(/[\\/]/g, "\\$&")}*\n`;
  }).join("");
}

const check = process.argv.includes("--check");
const { options } = readConfig(ts, ROOT);
const current = readFileSync(DOC, "utf8");
let lines = current.split("\n");
lines = replaceSection(lines, "*claude-ide-defaults*", defaultsAsLua(options));
lines = replaceSection(lines, "*claude-ide-tools-list*", toolsBlock(readTools(), options));
const updated = lines.join("\n");
const currentTags = existsSync(TAGS) ? readFileSync(TAGS, "utf8") : undefined;
const updatedTags = helptags(updated, "claude-ide.txt");

const stale = [updated !== current && "doc/claude-ide.txt", updatedTags !== currentTags && "doc/tags"].filter(Boolean);
if (stale.length === 0) {
  console.log("doc/claude-ide.txt and doc/tags are up to date");
} else if (check) {
  console.error(`error: ${stale.join(" and ")} out of date with the code: run \`make doc\` and commit`);
  process.exit(1);
} else {
  writeFileSync(DOC, updated);
  writeFileSync(TAGS, updatedTags);
  console.log(`${stale.join(" and ")} regenerated`);
}
