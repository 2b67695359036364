// The user's own tools and resources for the model, written in Lua in their config:
//   require("claude-ide").agent.add_tool({ name, title, description, input, read_only, handler })
//   require("claude-ide").agent.add_resource(uri, { name, description, mime, read })
//   setup({ agent = { tools = { spec, ... } } })
// They run inside this Neovim exactly like the built-in agent tools: arguments checked against `input` by the
// registry (same messages), the handler in the call's coroutine (so ctx.confirm can wait for the user), the
// answer through agent/result (`ERROR:` for a failure, a thrown error's traceback to the log only).
//
// How the bridge learns them: it lists the built-in tools from their descriptors without any Neovim; the
// user's live in the user's Neovim only, so the bridge asks the chosen instance for them (request
// `claude-ide/extras`, answered by agent/endpoint from this store) when tools/list or resources/list comes,
// and relays the editor's `notifications/tools/list_changed` when one is added later.
//
// One store per Neovim (module state, like init's): the config, the running server and :ClaudeCode's
// allowed list all read the same one. This module loads nothing heavy: setup() with tools costs ~nothing.
import type { LogLevel } from "../config";
import { Logger } from "../log";
import { withoutNulls } from "../protocol/schema";
import type { JsonSchema, ToolContext, ToolDescriptor, ToolResult } from "../protocol/tool";
import { BUILTIN_RESOURCE_PREFIX, BUILTIN_RESOURCE_URIS, BUILTIN_TOOL_NAMES } from "./builtin_names";

/** What a user tool's handler gets besides its arguments (Lua: ctx.done(text), ctx.fail(msg), ...). */
/** @noSelf */
export interface UserToolContext {
  /** The tool's name. */
  readonly name: string;
  /** Finishes an asynchronous call with this text (the handler returned nothing). */
  done: (this: void, text?: unknown) => void;
  /** Finishes the call with an `ERROR:` result carrying this message. */
  fail: (this: void, message?: unknown) => void;
  /**
   * Asks the user in Neovim (vim.ui.select Yes/No). Inside the handler it waits and returns true/false; with
   * `onAnswer` (for asynchronous work, after the handler returned) it returns at once and calls it later.
   */
  confirm: (this: void, question: string, onAnswer?: (this: void, yes: boolean) => void) => boolean | undefined;
}

interface UserToolSpec {
  name: string;
  title?: string;
  description: string;
  input?: JsonSchema;
  read_only?: boolean;
  handler: (this: void, args: unknown, ctx: UserToolContext) => unknown;
}

interface UserResourceSpec {
  name?: string;
  title?: string;
  description?: string;
  mime?: string;
  read: (this: void, uri: string) => unknown;
}

export interface UserResourceInfo {
  uri: string;
  name: string;
  title?: string;
  description: string;
  mimeType: string;
}

type Added = { ok: true } | { ok: false; error: string };

/** Characters one answer of a user tool may hold (the built-in tools' budget: agent/result RESULT_BUDGET). */
const BUDGET = 24000;
const NAME_PATTERN = "^[a-z0-9_]+$";
const SCHEMA_TYPES = ["object", "string", "number", "integer", "boolean", "array"];

function textOf(value: unknown): string {
  if (value === undefined || value === vim.NIL) return "";
  if (typeof value === "string") return value;
  if (type(value) === "table") {
    const [ok, json] = pcall(vim.json.encode, value);
    return ok ? json : vim.inspect(value);
  }
  return tostring(value);
}

/** Text for the model, cut to the budget with a note saying so. */
function capped(text: string): string {
  if (text.length <= BUDGET) return text;
  return `${string.sub(text, 1, BUDGET)}\n…[cut: ${text.length - BUDGET} more bytes; ask for less]`;
}

function okResult(value: unknown): ToolResult {
  const text = textOf(value);
  return { content: [{ type: "text", text: capped(text !== "" ? text : "OK") }] };
}

function errorResult(message: unknown): ToolResult {
  const text = textOf(message);
  return {
    content: [{ type: "text", text: capped(`ERROR: ${text !== "" ? text : "the tool failed"}`) }],
    isError: true,
  };
}

/** The first line of a Lua error, as the model may read it (the traceback stays in Neovim). */
function firstLine(err: unknown): string {
  const [line] = string.match(tostring(err), "^[^\n]*");
  return line ?? tostring(err);
}

/** Checks a JSON-schema-like table deep enough that the registry can rely on it. */
function schemaProblem(schema: unknown, where: string): string | undefined {
  if (type(schema) !== "table") return `${where} must be a table (a JSON schema)`;
  const s = schema as JsonSchema;
  if (s.type !== undefined && !SCHEMA_TYPES.includes(s.type))
    return `${where}.type must be one of ${SCHEMA_TYPES.join(", ")}`;
  if (s.properties !== undefined) {
    if (type(s.properties) !== "table") return `${where}.properties must be a table`;
    for (const [key, sub] of pairs(s.properties)) {
      if (typeof key !== "string") return `${where}.properties keys must be strings`;
      const err = schemaProblem(sub, `${where}.properties.${key}`);
      if (err !== undefined) return err;
    }
  }
  if (s.required !== undefined) {
    if (!vim.islist(s.required)) return `${where}.required must be a list of names`;
    for (const name of s.required) if (typeof name !== "string") return `${where}.required must be a list of names`;
  }
  if (s.items !== undefined) return schemaProblem(s.items, `${where}.items`);
  return undefined;
}

function specProblem(spec: unknown): string | undefined {
  if (type(spec) !== "table") return "a tool spec must be a table";
  const s = spec as { [key: string]: unknown };
  if (typeof s.name !== "string" || string.find(s.name, NAME_PATTERN)[0] === undefined)
    return `tool name ${vim.inspect(s.name)} must be a non-empty string of [a-z0-9_]`;
  if (BUILTIN_TOOL_NAMES.includes(s.name))
    return `tool name "${s.name}" is taken by a built-in agent tool: choose another`;
  if (typeof s.description !== "string" || s.description === "")
    return `tool "${s.name}": description must be a non-empty string (the model reads it to decide when to call the tool)`;
  if (s.title !== undefined && typeof s.title !== "string") return `tool "${s.name}": title must be a string`;
  if (s.read_only !== undefined && typeof s.read_only !== "boolean")
    return `tool "${s.name}": read_only must be a boolean`;
  if (typeof s.handler !== "function") return `tool "${s.name}": handler must be a function`;
  if (s.input !== undefined) {
    const err = schemaProblem(s.input, "input");
    if (err !== undefined) return `tool "${s.name}": ${err}`;
    if ((s.input as JsonSchema).type !== undefined && (s.input as JsonSchema).type !== "object")
      return `tool "${s.name}": input.type must be "object" (the arguments are an object)`;
  }
  return undefined;
}

/** The schema of a tool's arguments: the user's `input` as an object schema. */
function inputSchema(input: JsonSchema | undefined): JsonSchema {
  const schema: JsonSchema = {};
  for (const [k, v] of pairs(input ?? {})) (schema as { [key: string]: unknown })[k as string] = v;
  schema.type = "object";
  schema.properties ??= {};
  return schema;
}

/** Runs a user handler in the call's coroutine: its return value, ctx.done/ctx.fail later, or its error. */
function run(spec: UserToolSpec, args: unknown, ctx: ToolContext): ToolResult {
  let outcome: ToolResult | undefined;
  let resume: ((this: void, result: ToolResult) => void) | undefined;
  let inHandler = true;
  const finish = (result: ToolResult) => {
    if (outcome !== undefined) return;
    outcome = result;
    if (resume !== undefined) resume(result);
  };
  const ask = (question: string, answer: (this: void, yes: boolean) => void) => {
    const choices = ["Yes", "No"];
    vim.schedule(() =>
      vim.ui.select(choices, { prompt: `Claude (tool ${spec.name}): ${question}` }, (choice) =>
        answer(choice === choices[0]),
      ),
    );
  };
  const userCtx: UserToolContext = {
    name: spec.name,
    done: (text) => finish(okResult(text)),
    fail: (message) => finish(errorResult(message)),
    confirm: (question, onAnswer) => {
      if (onAnswer !== undefined) {
        ask(tostring(question), onAnswer);
        return undefined;
      }
      if (!inHandler)
        error(
          "ctx.confirm(question) waits only inside the handler; after it returned, pass a callback: ctx.confirm(question, function(yes) ... end)",
          2,
        );
      return ctx.park<boolean>((answer) => ask(tostring(question), answer));
    },
  };
  const [ok, value] = xpcall(spec.handler, debug.traceback, withoutNulls(args), userCtx);
  inHandler = false;
  if (!ok) {
    new Logger(ctx.config.log_level).error(`user tool ${spec.name} failed:\n${tostring(value)}`);
    return errorResult(`${spec.name} failed: ${firstLine(value)}`);
  }
  if (outcome !== undefined) return outcome;
  if (value !== undefined && value !== vim.NIL) return okResult(value);
  // Asynchronous: wait for ctx.done / ctx.fail (a cancelled call is simply never resumed).
  return ctx.park<ToolResult>((r) => {
    resume = r;
  });
}

/** The user tools and resources of this Neovim, and who to tell when they change. */
export class UserTools {
  private readonly tools = new LuaMap<string, { spec: UserToolSpec; descriptor: ToolDescriptor }>();
  private readonly order: string[] = [];
  private readonly resources = new LuaMap<string, UserResourceSpec>();
  private readonly resourceOrder: string[] = [];
  /** Names that came from setup({ agent = { tools } }) (replaced by the next setup). */
  private fromConfig: string[] = [];
  /** Listeners; one returning false is dropped (its server stopped). */
  private listeners: ((this: void, what: "tools" | "resources") => boolean)[] = [];

  /** Adds (or replaces, same name) a tool. */
  add(spec: unknown): Added {
    const problem = specProblem(spec);
    if (problem !== undefined) return { ok: false, error: problem };
    const s = spec as UserToolSpec;
    const title = s.title ?? s.name;
    const descriptor: ToolDescriptor = {
      name: s.name,
      title,
      description: s.description,
      inputSchema: inputSchema(s.input),
      annotations:
        s.read_only === true
          ? { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
          : { title, readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      handler: (args, ctx) => run(s, args, ctx),
    };
    if (!this.tools.has(s.name)) this.order.push(s.name);
    this.tools.set(s.name, { spec: s, descriptor });
    this.changed("tools");
    return { ok: true };
  }

  remove(name: string): boolean {
    if (!this.tools.has(name)) return false;
    this.tools.delete(name);
    this.order.splice(this.order.indexOf(name), 1);
    this.changed("tools");
    return true;
  }

  /** The tools of setup({ agent = { tools } }): the previous setup's are replaced. Stops at the first bad one. */
  setFromConfig(specs: unknown[]): Added {
    for (const [i, spec] of ipairs(specs)) {
      const problem = specProblem(spec);
      if (problem !== undefined) return { ok: false, error: `agent.tools[${i}]: ${problem}` };
    }
    for (const name of this.fromConfig) this.remove(name);
    this.fromConfig = [];
    for (const spec of specs) {
      this.add(spec);
      this.fromConfig.push((spec as UserToolSpec).name);
    }
    return { ok: true };
  }

  addResource(uri: unknown, spec: unknown): Added {
    if (typeof uri !== "string" || string.find(uri, "^[%a][%w+.-]*://?.")[0] === undefined)
      return { ok: false, error: `resource uri ${vim.inspect(uri)} must be a string like "myplugin://name"` };
    if (BUILTIN_RESOURCE_URIS.includes(uri) || vim.startswith(uri, BUILTIN_RESOURCE_PREFIX))
      return { ok: false, error: `resource uri "${uri}" is taken by a built-in resource: choose another` };
    if (type(spec) !== "table" || typeof (spec as UserResourceSpec).read !== "function")
      return { ok: false, error: `resource "${uri}": the spec must be a table with a read function` };
    const s = spec as UserResourceSpec;
    for (const key of ["name", "title", "description", "mime"] as const)
      if (s[key] !== undefined && typeof s[key] !== "string")
        return { ok: false, error: `resource "${uri}": ${key} must be a string` };
    if (!this.resources.has(uri)) this.resourceOrder.push(uri);
    this.resources.set(uri, s);
    this.changed("resources");
    return { ok: true };
  }

  /** The tool descriptors, in the order they were first added. */
  descriptors(): ToolDescriptor[] {
    const out: ToolDescriptor[] = [];
    for (const name of this.order) out.push((this.tools.get(name) as { descriptor: ToolDescriptor }).descriptor);
    return out;
  }

  find(name: string): ToolDescriptor | undefined {
    return this.tools.get(name)?.descriptor;
  }

  /** Names of the read-only tools (:ClaudeCode allows them without a prompt). */
  readOnlyNames(): string[] {
    return this.order.filter((name) => this.tools.get(name)?.spec.read_only === true);
  }

  listResources(): UserResourceInfo[] {
    return this.resourceOrder.map((uri) => {
      const s = this.resources.get(uri) as UserResourceSpec;
      return {
        uri,
        name: s.name ?? uri,
        title: s.title,
        description: s.description ?? "",
        mimeType: s.mime ?? "text/plain",
      };
    });
  }

  /**
   * Reads a user resource: undefined when `uri` is not one; its contents; or an error message (the read
   * function threw: the traceback goes to the log).
   */
  readResource(
    uri: string,
    logLevel: LogLevel,
  ): { contents: { uri: string; mimeType: string; text: string }[] } | { error: string } | undefined {
    const s = this.resources.get(uri);
    if (s === undefined) return undefined;
    const [ok, value] = xpcall(s.read, debug.traceback, uri);
    if (!ok) {
      new Logger(logLevel).error(`user resource ${uri} failed:\n${tostring(value)}`);
      return { error: `reading ${uri} failed: ${firstLine(value)}` };
    }
    return { contents: [{ uri, mimeType: s.mime ?? "text/plain", text: capped(textOf(value)) }] };
  }

  /** Calls `listener` on every change until it returns false. */
  onChange(listener: (this: void, what: "tools" | "resources") => boolean): void {
    this.listeners.push(listener);
  }

  private changed(what: "tools" | "resources"): void {
    this.listeners = this.listeners.filter((l) => {
      const [ok, keep] = pcall(l, what);
      return ok && keep;
    });
  }
}

/** The one store of this Neovim. */
export const userTools = new UserTools();
