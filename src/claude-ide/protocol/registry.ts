// The tool registry: every tool descriptor, in the order tools/list shows them, plus generic argument
// validation against each tool's inputSchema (so a bad argument is reported by name, before any handler runs).
import type { Config } from "../config";
import { dict, isObject } from "../util/json";
import type { JsonSchema, ToolDescriptor } from "./tool";

/** The tools of one running server (tools/index.ts has the full list; specs may add test tools). */
export class Registry {
  private readonly tools: ToolDescriptor[];
  private readonly byName = new LuaMap<string, ToolDescriptor>();

  /** `extra`: tools that may change while the server runs (the user's own, agent/user_tools), after these. */
  constructor(
    tools: ToolDescriptor[],
    config: Config,
    private readonly extra?: (this: void) => ToolDescriptor[],
  ) {
    this.tools = tools.filter((t) => t.enabled === undefined || t.enabled(config));
    // The first of two tools with one name wins, as a search of the list would find it.
    for (const t of this.tools) if (!this.byName.has(t.name)) this.byName.set(t.name, t);
  }

  /** The names of the enabled tools given at construction (listed or not; not the `extra` ones), in order. */
  names(): string[] {
    return this.tools.map((t) => t.name);
  }

  /** Finds an enabled tool by exact name (listed or not). */
  find(name: string): ToolDescriptor | undefined {
    const hit = this.byName.get(name);
    if (hit !== undefined || this.extra === undefined) return hit;
    return this.extra().find((t) => t.name === name);
  }

  /** The tools/list entries, in a stable order: listed tools only, schemas as JSON objects. */
  list(): object[] {
    return Registry.entries(this.extra !== undefined ? [...this.tools, ...this.extra()] : this.tools);
  }

  /** The tools/list entries of `tools` (listed ones only). */
  static entries(tools: ToolDescriptor[]): object[] {
    return tools
      .filter((t) => t.listed !== false)
      .map((t) => ({
        name: t.name,
        title: t.title,
        description: t.description,
        inputSchema: schemaToJson(t.inputSchema),
        annotations: t.annotations !== undefined ? dict({ ...t.annotations }) : undefined,
      }));
  }

  /** Validates `args` against the tool's schema: a message naming the bad argument, or undefined. */
  check(tool: ToolDescriptor, args: unknown): string | undefined {
    return checkValue(tool.inputSchema, args, "");
  }
}

/** A schema as JSON: every object in it (`properties` included, even when empty) encodes as `{}`. */
function schemaToJson(schema: JsonSchema): object {
  const out = dict<{ [key: string]: unknown }>();
  for (const [key, value] of Object.entries(schema)) out[key] = value;
  if (schema.properties !== undefined) {
    const props = dict<{ [key: string]: unknown }>();
    for (const [name, sub] of Object.entries(schema.properties)) props[name] = schemaToJson(sub);
    out.properties = props;
  }
  if (schema.items !== undefined) out.items = schemaToJson(schema.items);
  if (schema.anyOf !== undefined) out.anyOf = schema.anyOf.map((alternative) => schemaToJson(alternative));
  return out;
}

/** A decoded JSON array: a Lua list, or an empty table (`[]` and `{}` decode alike). */
function isList(value: unknown): value is unknown[] {
  return type(value) === "table" && (next(value as object)[0] === undefined || vim.islist(value));
}

function typeName(value: unknown): string {
  if (value === vim.NIL) return "null";
  if (type(value) === "table") return isObject(value) ? "object" : "array";
  if (typeof value === "number") return math.floor(value) === value ? "integer" : "number";
  return typeof value;
}

function matchesType(value: unknown, expected: string): boolean {
  const actual = typeName(value);
  if (expected === "number") return actual === "number" || actual === "integer";
  if (expected === "object") return actual === "object";
  // An empty Lua table decodes the same for [] and {}: accept it as an empty array.
  if (expected === "array") return isList(value);
  return actual === expected;
}

/**
 * Checks `value` against `schema`. Returns a message naming the argument (`"filePath" must be a string`) or
 * undefined when valid. Unknown properties (e.g. `_meta`) are accepted unless additionalProperties is false.
 */
/** The sorted property names of each schema's `properties`, computed once per schema (not per call). */
const sortedNamesOf = setmetatable(new LuaTable<object, string[]>(), { __mode: "k" });

function sortedNames(properties: { [name: string]: JsonSchema }): string[] {
  let names = sortedNamesOf.get(properties);
  if (names === undefined) {
    names = Object.keys(properties).sort();
    sortedNamesOf.set(properties, names);
  }
  return names;
}

export function checkValue(schema: JsonSchema, value: unknown, path: string): string | undefined {
  if (schema.anyOf !== undefined) {
    const problems: string[] = [];
    for (const alternative of schema.anyOf) {
      const err = checkValue(alternative, value, path);
      if (err === undefined) return undefined;
      problems.push(err);
    }
    const where = path === "" ? "arguments" : `"${path}"`;
    return `${where} matches none of its ${problems.length} allowed forms: ${problems.map((p, i) => `(${i + 1}) ${p}`).join("; ")}`;
  }
  if (schema.type !== undefined && !matchesType(value, schema.type)) {
    const article = schema.type === "integer" || schema.type === "array" || schema.type === "object" ? "an" : "a";
    return `${path === "" ? "arguments" : `"${path}"`} must be ${article} ${schema.type}, got ${typeName(value)}`;
  }
  if (schema.enum !== undefined && !schema.enum.some((allowed) => allowed === value)) {
    return `"${path}" must be one of ${schema.enum.map((e) => vim.json.encode(e)).join(", ")}`;
  }
  if (schema.minimum !== undefined && typeof value === "number" && value < schema.minimum) {
    return `"${path}" must be >= ${schema.minimum}, got ${value}`;
  }
  if (schema.maximum !== undefined && typeof value === "number" && value > schema.maximum) {
    return `"${path}" must be <= ${schema.maximum}, got ${value}`;
  }
  if (schema.minLength !== undefined && typeof value === "string" && value.length < schema.minLength) {
    return schema.minLength === 1
      ? `"${path}" must not be empty`
      : `"${path}" must be at least ${schema.minLength} bytes long`;
  }
  if (schema.type === "array" && isList(value)) {
    const n = value.length;
    if (schema.minItems !== undefined && n < schema.minItems)
      return `"${path}" must have at least ${schema.minItems} item${schema.minItems === 1 ? "" : "s"}, got ${n}`;
    if (schema.maxItems !== undefined && n > schema.maxItems)
      return `"${path}" must have at most ${schema.maxItems} items, got ${n}`;
  }
  if (schema.type === "object" && isObject(value)) {
    // Every missing argument in one message: the model fixes the call once, not once per argument.
    const missing: string[] = [];
    for (const name of schema.required ?? []) {
      const v = value[name];
      if (v === undefined || v === vim.NIL) missing.push(`"${path === "" ? name : `${path}.${name}`}"`);
    }
    if (missing.length === 1) return `missing required argument ${missing[0]}`;
    if (missing.length > 1) return `missing required arguments ${missing.join(", ")}`;
    const properties = schema.properties ?? {};
    // Sorted, so that of several bad arguments the same one is named every time.
    for (const name of sortedNames(properties)) {
      const v = value[name];
      // null for an optional argument means "not given".
      if (v === undefined || v === vim.NIL) continue;
      const err = checkValue(properties[name], v, path === "" ? name : `${path}.${name}`);
      if (err !== undefined) return err;
    }
    if (schema.additionalProperties === false) {
      for (const name of Object.keys(value).sort()) {
        const stray = !(name in properties) && !(path === "" && name === "_meta");
        if (stray) return `unknown argument "${path === "" ? name : `${path}.${name}`}"`;
      }
    }
  }
  if (schema.type === "array" && schema.items !== undefined && isList(value)) {
    for (let i = 0; i < value.length; i++) {
      const err = checkValue(schema.items, value[i], `${path}[${i}]`);
      if (err !== undefined) return err;
    }
  }
  return undefined;
}
