// The options of claude-ide as src/claude-ide/config.ts declares them, read with the TypeScript compiler API
// (never with patterns over the text): the `Config` interface gives each option's type, the `DEFAULTS` object
// literal its default value and its documentation (the `//` comments above it). Used by tools/gen-doc.mjs
// (the defaults block of :help) and tools/lua-output.cjs (the LuaCATS class lua_ls completes setup() with).
"use strict";
const path = require("path");

const CONFIG_FILE = path.join("src", "claude-ide", "config.ts");

/**
 * @typedef {object} Option
 * @property {string} name      key in its table
 * @property {string} path      dotted path from the top ("diff.keymaps.accept")
 * @property {string[]} doc     the comment lines above it, without the `//`
 * @property {string} luaType   LuaCATS type of the value a user may pass (nil excluded)
 * @property {boolean} nilable  nil is a valid value (the type includes undefined)
 * @property {string} luaDefault the default as Lua source (single line, or the multi-line rendering below)
 * @property {boolean} multiline the default spans several lines in config.ts (rendered as a block)
 * @property {Option[] | undefined} children for a table of options (a group)
 */

/** A program holding config.ts (reuse `program` when given, e.g. TSTL's). */
function configProgram(ts, root, program) {
  const file = path.join(root, CONFIG_FILE);
  if (program && program.getSourceFile(file)) return { program, source: program.getSourceFile(file) };
  const fresh = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ESNext, types: [] });
  return { program: fresh, source: fresh.getSourceFile(file) };
}

function fail(source, node, message) {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  throw new Error(`${CONFIG_FILE}:${line + 1}: ${message}`);
}

/** The `//` comment lines directly above a node (blank lines and block comments end them). */
function leadingComments(ts, source, node) {
  const text = source.getFullText();
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  return ranges
    .filter((r) => r.kind === ts.SyntaxKind.SingleLineCommentTrivia)
    .map((r) => text.slice(r.pos + 2, r.end).replace(/^ /, ""));
}

/** A default value's expression as Lua source (the subset config.ts uses; anything else is an error). */
function luaExpression(ts, source, node, indent) {
  const k = ts.SyntaxKind;
  switch (node.kind) {
    case k.StringLiteral:
    case k.NoSubstitutionTemplateLiteral:
      return JSON.stringify(node.text);
    case k.NumericLiteral:
      return node.getText(source);
    case k.TrueKeyword:
      return "true";
    case k.FalseKeyword:
      return "false";
    case k.Identifier:
      if (node.text === "undefined") return "nil";
      break;
    case k.PrefixUnaryExpression:
      if (node.operator === k.MinusToken) return `-${luaExpression(ts, source, node.operand, indent)}`;
      break;
    case k.BinaryExpression: {
      const ops = { [k.AsteriskToken]: "*", [k.PlusToken]: "+", [k.MinusToken]: "-", [k.SlashToken]: "/" };
      const op = ops[node.operatorToken.kind];
      if (op) return `${luaExpression(ts, source, node.left, indent)} ${op} ${luaExpression(ts, source, node.right, indent)}`;
      break;
    }
    case k.ParenthesizedExpression:
      return `(${luaExpression(ts, source, node.expression, indent)})`;
    case k.ArrayLiteralExpression:
      if (node.elements.length === 0) return "{}";
      return `{ ${node.elements.map((e) => luaExpression(ts, source, e, indent)).join(", ")} }`;
    case k.ObjectLiteralExpression: {
      if (node.properties.length === 0) return "{}";
      const parts = node.properties.map((p) => {
        if (!ts.isPropertyAssignment(p)) fail(source, p, "only `key: value` properties are supported in DEFAULTS");
        return `${p.name.getText(source)} = ${luaExpression(ts, source, p.initializer, indent)}`;
      });
      return `{ ${parts.join(", ")} }`;
    }
  }
  return fail(source, node, `cannot render this default as Lua: ${node.getText(source)}`);
}

/**
 * The LuaCATS type of a TypeScript type (the value forms config.ts uses). `classOf(type)` names tables of options;
 * `sourceText` is config.ts's text (orders string literal unions).
 */
function luaType(ts, checker, type, classOf, sourceText) {
  const f = ts.TypeFlags;
  if (type.isUnion()) {
    const members = type.types.filter((t) => !(t.flags & f.Undefined));
    const hasTrue = members.some((t) => t.flags & f.BooleanLiteral && checker.typeToString(t) === "true");
    const hasFalse = members.some((t) => t.flags & f.BooleanLiteral && checker.typeToString(t) === "false");
    const parts = [];
    if (hasTrue && hasFalse) parts.push("boolean");
    // The checker lists a union's members in the order their types were created anywhere in the program, which
    // changes when unrelated code mentions the same literal first: string literals are put in the order
    // config.ts first writes them (the order of their declaration), so the output is the same on every build.
    const at = (t) => sourceText.indexOf(JSON.stringify(t.value));
    const literalOrder = members.filter((t) => t.flags & f.StringLiteral).sort((a, b) => at(a) - at(b));
    let nextLiteral = 0;
    for (const member of members) {
      const t = member.flags & f.StringLiteral ? literalOrder[nextLiteral++] : member;
      if (hasTrue && hasFalse && t.flags & f.BooleanLiteral) continue;
      parts.push(luaType(ts, checker, t, classOf, sourceText));
    }
    return parts.join("|");
  }
  if (type.flags & f.StringLiteral) return JSON.stringify(type.value);
  if (type.flags & f.NumberLiteral) return String(type.value);
  if (type.flags & f.BooleanLiteral) return checker.typeToString(type);
  // A value the plugin checks itself (agent.tools: the user's tool specs, checked by agent/user_tools).
  if (type.flags & (f.Unknown | f.Any)) return "any";
  if (type.flags & f.String) return "string";
  if (type.flags & f.Number) return "number";
  if (type.flags & f.Boolean) return "boolean";
  if (checker.isTupleType(type)) {
    return `[${checker.getTypeArguments(type).map((t) => luaType(ts, checker, t, classOf, sourceText)).join(", ")}]`;
  }
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type);
    const inner = luaType(ts, checker, item, classOf, sourceText);
    return /[|]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
  }
  const index = checker.getIndexTypeOfType(type, ts.IndexKind.String);
  if (index && checker.getPropertiesOfType(type).length === 0) return `table<string, ${luaType(ts, checker, index, classOf, sourceText)}>`;
  if (type.flags & f.Object) return classOf(type);
  throw new Error(`config-model: no LuaCATS form for the type ${checker.typeToString(type)}`);
}

/**
 * Every option of DEFAULTS, in source order, with its type from `Config`. Options whose default is an
 * object literal and whose type has named properties are groups (children).
 * @returns {{ options: Option[], classes: Map<string, string> }}
 */
function readConfig(ts, root, program) {
  const { program: prog, source } = configProgram(ts, root, program);
  const checker = prog.getTypeChecker();
  let defaults;
  ts.forEachChild(source, (node) => {
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations) if (d.name.getText(source) === "DEFAULTS") defaults = d;
  });
  if (!defaults || !defaults.initializer || !ts.isObjectLiteralExpression(defaults.initializer)) {
    throw new Error(`${CONFIG_FILE}: no \`export const DEFAULTS: Config = { ... }\` found`);
  }
  const classOf = () => "table";

  const walk = (literal, type, prefix) =>
    literal.properties.map((prop) => {
      if (!ts.isPropertyAssignment(prop)) fail(source, prop, "only `key: value` properties are supported in DEFAULTS");
      const name = prop.name.getText(source);
      const symbol = checker.getPropertyOfType(type, name);
      if (!symbol) fail(source, prop, `"${name}" is in DEFAULTS but not in the Config interface`);
      const propType = checker.getNonNullableType(checker.getTypeOfSymbol(symbol));
      const nilable = checker.getTypeOfSymbol(symbol) !== propType;
      const optionPath = prefix ? `${prefix}.${name}` : name;
      const value = prop.initializer;
      const isGroup =
        ts.isObjectLiteralExpression(value) && value.properties.length > 0 && checker.getPropertiesOfType(propType).length > 0;
      const { line: first } = source.getLineAndCharacterOfPosition(value.getStart(source));
      const { line: last } = source.getLineAndCharacterOfPosition(value.getEnd());
      return {
        name,
        path: optionPath,
        doc: leadingComments(ts, source, prop),
        luaType: isGroup ? `claude-ide.Config.${optionPath}` : luaType(ts, checker, propType, classOf, source.text),
        nilable,
        luaDefault: luaExpression(ts, source, value, ""),
        multiline: isGroup && last > first,
        children: isGroup ? walk(value, propType, optionPath) : undefined,
      };
    });

  const configType = checker.getTypeAtLocation(defaults.type ?? defaults.name);
  return { options: walk(defaults.initializer, configType, "") };
}

/** The defaults as the Lua table a user would pass to setup(): comments kept, layout as in config.ts. */
function defaultsAsLua(options) {
  const out = ['require("claude-ide").setup({'];
  const emit = (opts, indent) => {
    for (const o of opts) {
      for (const line of o.doc) out.push(`${indent}-- ${line}`.trimEnd());
      if (o.multiline) {
        out.push(`${indent}${o.name} = {`);
        emit(o.children, `${indent}  `);
        out.push(`${indent}},`);
      } else out.push(`${indent}${o.name} = ${o.luaDefault},`);
    }
  };
  emit(options, "  ");
  out.push("})");
  return out;
}

/** lua/claude-ide/types/config.lua: a LuaCATS class per table of options, every field optional. */
function configAsLuaCats(options, banner) {
  const out = [banner, "---@meta", ""];
  const classes = [];
  const collect = (name, doc, opts) => {
    classes.push({ name, doc, opts });
    for (const o of opts) if (o.children) collect(o.luaType, o.doc, o.children);
  };
  collect("claude-ide.Config", ["Options of require(\"claude-ide\").setup(); every key is optional (:help claude-ide-config)."], options);
  for (const c of classes) {
    for (const line of c.doc) out.push(`--- ${line}`.trimEnd());
    out.push(`---@class ${c.name}`);
    for (const o of c.opts) {
      for (const line of o.doc) out.push(`--- ${line}`.trimEnd());
      const def = o.multiline ? "" : ` Default: \`${o.luaDefault}\`.`;
      out.push(`---@field ${o.name}? ${o.luaType}${o.nilable ? "|nil" : ""}${def ? ` #${def}` : ""}`);
    }
    out.push("");
  }
  return out.join("\n");
}

module.exports = { CONFIG_FILE, readConfig, defaultsAsLua, configAsLuaCats };
