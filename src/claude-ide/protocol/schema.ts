// Tool arguments declared once: small builders produce the JSON Schema that tools/list shows and the
// registry validates against, and carry the TypeScript type of the value they describe. `defineTool` hands
// the handler arguments of exactly that type, so a schema and its handler cannot drift: changing one without
// the other fails `make build`.
//
//   export const readBuffer = defineTool({
//     name: "read_buffer",
//     description: "...",
//     input: { path: optional(str("File path")), start_line: optional(int("First line", { minimum: 1 })) },
//     handler: (args) => ...,   // args: { path?: string; start_line?: number }
//   });
import { dict, isObject } from "../util/json";
import type { JsonSchema, ToolAnnotations, ToolContext, ToolDescriptor, ToolResult } from "./tool";

/** A schema for values of type T (T exists only for the compiler). */
export interface Schema<T> {
  readonly json: JsonSchema;
  /** Phantom: never set at run time. */
  readonly __type?: T;
  readonly optional?: false;
}

/** A property that may be left out (not listed in the object's `required`). */
export interface OptionalSchema<T> {
  readonly json: JsonSchema;
  readonly __type?: T;
  readonly optional: true;
}

type AnySchema = Schema<unknown> | OptionalSchema<unknown>;
export type Props = { [name: string]: AnySchema };

/** The value type a schema describes. */
export type Infer<S> = S extends { readonly __type?: infer T } ? T : never;

type RequiredKeys<P> = { [K in keyof P]: P[K] extends { optional: true } ? never : K }[keyof P];
type OptionalKeys<P> = { [K in keyof P]: P[K] extends { optional: true } ? K : never }[keyof P];
type Flatten<T> = { [K in keyof T]: T[K] };

/** The object type a property map describes: required keys as they are, optional ones with `?`. */
export type ObjectOf<P extends Props> = Flatten<
  { [K in RequiredKeys<P>]: Infer<P[K]> } & { [K in OptionalKeys<P>]?: Infer<P[K]> }
>;

function make<T>(json: JsonSchema): Schema<T> {
  return { json };
}

/**
 * A string argument. By default it names something (a path, a URI, a symbol, a server, a token): a control
 * character in it is refused by name before the handler runs. `text: true`: free text (file contents, code, a
 * pattern) where tabs, line breaks and other control characters are the user's own; only NUL is refused.
 */
export function str(description: string, extra: { minLength?: number; text?: boolean } = {}): Schema<string> {
  return make({
    type: "string",
    description,
    minLength: extra.minLength,
    oneLine: extra.text === true ? undefined : true,
  });
}

export function int(description: string, extra: { minimum?: number; maximum?: number } = {}): Schema<number> {
  return make({ type: "integer", description, minimum: extra.minimum, maximum: extra.maximum });
}

export function num(description: string, extra: { minimum?: number; maximum?: number } = {}): Schema<number> {
  return make({ type: "number", description, minimum: extra.minimum, maximum: extra.maximum });
}

/** `default` is documentation for clients (tools/list); the handler still sees undefined when it is left out. */
export function bool(description: string, extra: { default?: boolean } = {}): Schema<boolean> {
  return make({ type: "boolean", description, default: extra.default });
}

/** One of the given strings. */
export function enumOf<const T extends string>(values: readonly T[], description: string): Schema<T> {
  return make({ type: "string", description, enum: [...values] });
}

export function arrayOf<T>(
  items: Schema<T>,
  description: string,
  extra: { minItems?: number; maxItems?: number } = {},
): Schema<T[]> {
  return make({ type: "array", description, items: items.json, minItems: extra.minItems, maxItems: extra.maxItems });
}

/** The JSON Schema of an object with these properties (`required`: the ones not wrapped in optional()). */
export function objectSchema(props: Props, opts: { description?: string; closed?: boolean } = {}): JsonSchema {
  const properties: { [name: string]: JsonSchema } = {};
  const required: string[] = [];
  for (const name of Object.keys(props).sort()) {
    properties[name] = props[name].json;
    if (props[name].optional !== true) required.push(name);
  }
  return {
    type: "object",
    description: opts.description,
    properties,
    required: required.length > 0 ? required : undefined,
    additionalProperties: opts.closed === true ? false : undefined,
  };
}

/** An object with these properties. `closed`: other properties are refused (naming them). */
export function obj<P extends Props>(
  props: P,
  opts: { description?: string; closed?: boolean } = {},
): Schema<ObjectOf<P>> {
  return make(objectSchema(props, opts));
}

/** A value matching at least one of the alternatives (e.g. two shapes of an edit). */
export function anyOf<A extends Schema<unknown>[]>(description: string, ...alternatives: A): Schema<Infer<A[number]>> {
  return make({ description, anyOf: alternatives.map((a) => a.json) });
}

export function optional<T>(schema: Schema<T>): OptionalSchema<T> {
  return { json: schema.json, optional: true };
}

/** A tool whose handler receives arguments of the type its `input` describes. */
export interface ToolSpec<P extends Props> {
  name: string;
  /** Short human title (Claude Code shows it in its permission prompt). */
  title?: string;
  description: string;
  input: P;
  /** Refuse arguments not in `input`, naming them (a misspelt argument is an error, not ignored). */
  closed?: boolean;
  annotations?: ToolAnnotations;
  listed?: boolean;
  enabled?: ToolDescriptor["enabled"];
  handler: (this: void, args: ObjectOf<P>, ctx: ToolContext) => ToolResult;
}

/** Declares a tool once: its schema (for tools/list and validation) and its typed handler. */
export function defineTool<P extends Props>(spec: ToolSpec<P>): ToolDescriptor {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: objectSchema(spec.input, { closed: spec.closed }),
    annotations: spec.annotations,
    listed: spec.listed,
    enabled: spec.enabled,
    // The registry has validated the arguments against this very schema before the handler runs: this is
    // the one place where the checked table becomes the typed value.
    handler: (args, ctx) => spec.handler(withoutNulls(args) as ObjectOf<P>, ctx),
  };
}

/**
 * A copy of decoded JSON arguments without the properties whose value is JSON null (vim.NIL): the registry
 * takes null for an optional argument as "not given", so the handler sees it as undefined, as its type says.
 * Arrays keep their items (a null item is refused by validation, never dropped silently).
 */
export function withoutNulls(value: unknown): unknown {
  if (type(value) !== "table" || vim.tbl_isempty(value as object)) return value;
  if (!isObject(value)) return (value as unknown[]).map((item) => withoutNulls(item));
  const out = dict();
  for (const [key, v] of pairs(value)) {
    if (v !== vim.NIL) out[key] = withoutNulls(v);
  }
  return out;
}

/** A reading tool: plan mode and auto-approval may call it freely. */
export function reading(title: string): ToolAnnotations {
  return { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
}

/** A tool that changes the editor or files. */
export function writing(title: string, destructive: boolean, idempotent = false): ToolAnnotations {
  return { title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: false };
}
