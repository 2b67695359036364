// The agent bridge: an MCP server for one client (Claude Code, or any MCP client) that answers the lifecycle,
// tools/list and resources/list itself, and carries tool calls and resource reads to the chosen Neovim.
//
// Why the in-editor WebSocket server and not Neovim's own RPC socket: that server already authenticates
// (the lock file's token), runs tool handlers in coroutines that may park while the user reviews an edit,
// cancels a call when its connection goes away or a notifications/cancelled arrives, and is tested against
// independent clients. Over the RPC socket every one of those would have to be built again with nvim_exec_lua
// and notifications back. The bridge is therefore a thin relay: ids are renumbered per connection, and answers
// are decoded and re-addressed through the JSON-RPC layer (protocol/jsonrpc), never rewritten as text.
// tools/list is answered from generated declarations (tool_list.ts): no tool module is loaded here; the
// chosen Neovim says which of them its configuration enables (claude-ide/extras), and only those are listed.
import type * as InstancesModule from "../instances/registry";
import type { Choice, Instance } from "../instances/registry";
import { RESOURCE_NOT_FOUND, argumentError, Code, fail, text } from "../protocol/result";
import { INSTANCES_URI, INSTRUCTIONS, RESOURCES, TEMPLATES } from "../agent/declarations";
import { TOOL_LIST_JSON, TOOL_NAMES } from "./tool_list";
import {
  ErrorCode,
  type Id,
  type Params,
  decodeMessage,
  errorResponse,
  idText,
  notification,
  rawResultResponse,
  relayedResponse,
  request,
  resultResponse,
} from "../protocol/jsonrpc";
import { PID_META, PROTOCOL_VERSIONS, initializeParams, initializeResult, serverInfo } from "../protocol/initialize";
import { Registry } from "../protocol/registry";
import { defineTool, str } from "../protocol/schema";
import type { ToolContext, ToolDescriptor, ToolResult } from "../protocol/tool";
import type * as ClientModule from "../transport/client";
import type { WsClient } from "../transport/client";
import { dict, isObject } from "../util/json";
import { VERSION } from "../version";
import {
  type ClientInfo,
  META_SERVER_INFO,
  META_SUBSCRIPTION,
  SUPPORTED_VERSIONS,
  MODERN_VERSION,
  clientInfoOf,
  modernFields,
  modernFieldsJson,
  revisionOf,
} from "./revision";
import { lazy } from "../util/modules";
import { DEFAULTS } from "../config";

// Loaded on the first call that needs a Neovim: initialize, tools/list and resources/list load neither.
const registry = lazy<typeof InstancesModule>("claude-ide.instances.registry");
const wsClient = lazy<typeof ClientModule>("claude-ide.transport.client");

/** The agent tools the bridge forwards (declared in tool_list.ts; their modules are loaded only in Neovim). */
const FORWARDED = new LuaSet<string>();
for (const name of TOOL_NAMES) FORWARDED.add(name);

/** serverInfo.title of the bridge. */
const TITLE = "Neovim (claude-ide.nvim)";

export interface BridgeOptions {
  /** Writes one JSON-RPC message (a line without its newline) to the client. */
  write: (this: void, line: string) => void;
  log: (this: void, msg: string) => void;
  /** --instance / CLAUDE_IDE_INSTANCE. */
  instance?: string;
  env: { NVIM?: string; CLAUDE_CODE_SSE_PORT?: string };
  cwd: string;
  /** Lock file directory (default: the CLI's). */
  lockDir?: string;
}

/** A forwarded request waiting for the editor's answer. */
interface Forwarded {
  downId: Id;
  method: string;
  /** Asked in the 2026-07-28 revision: the answer gets its resultType (and cache hints). */
  modern: boolean;
  /** resources/read's uri (2026-07-28 names it in the unknown-resource error). */
  uri?: string;
  /** The bridge's own request (claude-ide/extras): the answer goes here (undefined: no answer), not down. */
  onAnswer?: (this: void, result: unknown) => void;
}

/** How long tools/list and resources/list wait for the editor's user tools before listing the built-ins alone. */
const EXTRAS_TIMEOUT_MS = 3000;

/** The connection to one Neovim. */
interface Upstream {
  instance: Instance;
  client?: WsClient;
  /** Messages to send once the connection is open. */
  queue: string[];
  pending: LuaMap<number, Forwarded>;
  /** Upstream id by the downstream id's text (for notifications/cancelled). */
  byDown: LuaMap<string, number>;
  /** Closed or failed: its pending calls were answered (see Bridge.closed). */
  ended?: boolean;
}

/**
 * A 2026-07-28 client's subscriptions/listen stream: the notification types it asked for and was granted. The
 * request stays open (no answer) until the client cancels it; every notification sent on it names it.
 */
interface Subscription {
  id: Id;
  tools: boolean;
  resources: boolean;
}

/** The list-changed notifications, by the SubscriptionFilter field that asks for each. */
const FILTER_OF: { [method: string]: "toolsListChanged" | "resourcesListChanged" } = {
  "notifications/tools/list_changed": "toolsListChanged",
  "notifications/resources/list_changed": "resourcesListChanged",
};

/**
 * The generated tools/list entries of the built-in tools the editor serves, each after a comma: all of them
 * when it did not say (no Neovim, or one of a version that does not tell), else those it names in `builtin`.
 */
function builtinEntries(extras: unknown): string {
  const served = isObject(extras) ? extras.builtin : undefined;
  if (type(served) !== "table" || !vim.islist(served)) return `,${string.sub(TOOL_LIST_JSON, 2, -2)}`;
  const names = new LuaSet<string>();
  for (const name of served as unknown[]) if (typeof name === "string") names.add(name);
  if (TOOL_NAMES.every((name) => names.has(name))) return `,${string.sub(TOOL_LIST_JSON, 2, -2)}`;
  const entries = (vim.json.decode(TOOL_LIST_JSON) as { name: string }[]).filter((t) => names.has(t.name));
  return entries.length > 0 ? `,${string.sub(vim.json.encode(entries), 2, -2)}` : "";
}

/** The `key` list of a claude-ide/extras answer (empty when there is none). */
function listOf(extras: unknown, key: string): object[] {
  const list = isObject(extras) ? extras[key] : undefined;
  return type(list) === "table" && vim.islist(list) ? (list as object[]) : [];
}

/**
 * The editor's answer to a 2026-07-28 request, as that revision says: a result with its resultType (and cache
 * hints); an unknown resource as -32602 naming the uri (the editor answers the legacy revisions' -32002).
 */
function modernAnswer(
  call: Forwarded,
  msg: { result?: unknown; error?: unknown },
): { result?: unknown; error?: unknown } {
  if (isObject(msg.result)) return { result: { ...msg.result, ...modernFields(call.method) } };
  const err = msg.error;
  if (call.uri !== undefined && isObject(err) && err.code === RESOURCE_NOT_FOUND)
    return { error: { code: ErrorCode.InvalidParams, message: err.message, data: { uri: call.uri } } };
  return msg;
}

export class Bridge {
  private upstream?: Upstream;
  private nextUpId = 1;
  /** Chosen by select_instance (cleared when that Neovim goes away). */
  private selected?: string;
  /** The Neovim that went away since the last call, to be told to the model once. */
  private lost?: string;
  private readonly local: ToolDescriptor[];
  private readonly tools: Registry;
  private readonly requests: { [method: string]: (this: void, id: Id, params: { [key: string]: unknown }) => void };
  /** The request being handled speaks 2026-07-28 (its results carry resultType). */
  private modern = false;
  /** Who the client says it is (initialize's clientInfo, or a 2026-07-28 request's _meta). */
  private client?: ClientInfo;
  /** The revision the client speaks (initialize's, or 2026-07-28), told to the editor for :checkhealth. */
  private revision?: string;
  /**
   * The client sent initialize (a legacy revision): list-changed notifications go to it unasked, as those
   * revisions say. A 2026-07-28 client gets only what it asked for on a subscriptions/listen stream.
   */
  private initialized = false;
  /** Open subscriptions/listen streams, by the text of their request id. */
  private readonly subscriptions = new LuaMap<string, Subscription>();
  /** Lines received while another was being handled (see receive). */
  private inbox: string[] = [];
  private busy = false;

  constructor(private readonly opts: BridgeOptions) {
    this.local = [
      defineTool({
        name: "list_instances",
        title: "List Neovim instances",
        description:
          "The running Neovims this server can work in: id, cwd, main file, pid; [selected] marks the one in use.",
        input: {},
        closed: true,
        annotations: {
          title: "List Neovim instances",
          readOnlyHint: true,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
        handler: () => this.listInstances(),
      }),
      defineTool({
        name: "select_instance",
        title: "Select a Neovim instance",
        description:
          "Work in the Neovim with this id (from list_instances) from now on. Needed only when several run and none was chosen.",
        input: { instance_id: str("An id from list_instances", { minLength: 1 }) },
        closed: true,
        annotations: {
          title: "Select a Neovim instance",
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: true,
          openWorldHint: false,
        },
        handler: (args) => this.selectInstance(args.instance_id),
      }),
    ];
    // The agent tools are listed from their generated declarations (the same descriptors the editor runs,
    // under DEFAULTS): no tool module is loaded here.
    this.tools = new Registry(this.local, DEFAULTS);
    this.requests = {
      initialize: (id, p) => {
        this.initialized = true;
        this.client = clientInfoOf(p.clientInfo) ?? this.client;
        const result = this.initializeResult(p.protocolVersion);
        this.revision = result.protocolVersion;
        this.reply(id, result);
      },
      // A 2026-07-28 method (Claude Code probes it before initialize): always with its resultType.
      "server/discover": (id) =>
        this.opts.write(
          resultResponse(id, {
            ...modernFields("server/discover"),
            supportedVersions: SUPPORTED_VERSIONS,
            capabilities: this.capabilities(),
            instructions: INSTRUCTIONS,
            _meta: { [META_SERVER_INFO]: serverInfo(TITLE) },
            // Where the drafts before 2026-07-28 put it (read by a client probing with one of them).
            serverInfo: serverInfo(TITLE),
          }),
        ),
      ping: (id) => this.reply(id, dict()),
      "tools/list": (id) => {
        const modern = this.modern;
        this.withExtras((extras) => this.opts.write(rawResultResponse(id, this.toolList(modern, extras))));
      },
      "tools/call": (id, p) => this.callTool(id, p),
      "resources/list": (id) => {
        const modern = this.modern;
        this.withExtras((extras) =>
          this.reply(id, { resources: [...RESOURCES, ...listOf(extras, "resources")] }, modern, "resources/list"),
        );
      },
      "resources/templates/list": (id) =>
        this.reply(id, { resourceTemplates: TEMPLATES }, this.modern, "resources/templates/list"),
      "resources/read": (id, p) => this.readResource(id, p),
      // 2026-07-28 only (revisionOf refuses it without that revision's _meta).
      "subscriptions/listen": (id, p) => this.listen(id, p),
    };
  }

  /**
   * One line from the client. Never throws. Lines are handled one at a time, in arrival order: a line that
   * arrives while another is being handled (choosing a Neovim probes ports in vim.wait, which runs the event
   * loop and so delivers more stdin) waits in the inbox and is handled right after. So the connect step is
   * never entered twice, and every call finds the one upstream (connected, or queueing until it is).
   */
  receive(line: string): void {
    this.inbox.push(line);
    if (this.busy) return;
    this.busy = true;
    while (this.inbox.length > 0) {
      const lines = this.inbox;
      this.inbox = [];
      for (const next of lines) {
        const [ok, err] = pcall(() => this.handle(next));
        if (!ok) this.opts.log(`a message failed: ${tostring(err)}`);
      }
    }
    this.busy = false;
  }

  private handle(line: string): void {
    if (vim.trim(line) === "") return;
    const msg = decodeMessage(line);
    if (msg.kind === "invalid") {
      if (msg.reply !== undefined) this.opts.write(msg.reply);
      return;
    }
    if (msg.kind === "response") return;
    if (msg.kind === "notification") {
      if (msg.method === "notifications/cancelled") this.cancel(msg.params);
      return;
    }
    const handler = this.requests[msg.method];
    if (handler === undefined) {
      this.opts.write(errorResponse(msg.id, ErrorCode.MethodNotFound, `Method not found: ${msg.method}`));
      return;
    }
    if (msg.params !== undefined && !isObject(msg.params)) {
      this.opts.write(errorResponse(msg.id, ErrorCode.InvalidParams, `${msg.method}: params must be an object`));
      return;
    }
    const params = msg.params ?? {};
    const revision = revisionOf(msg.id, msg.method, params);
    if (revision.kind === "reject") {
      this.opts.write(revision.reply);
      return;
    }
    this.modern = revision.kind === "modern";
    if (revision.kind === "modern") {
      this.revision = MODERN_VERSION;
      if (revision.client !== undefined) this.client = revision.client;
    }
    const [ok, err] = pcall(handler, msg.id, params);
    this.modern = false;
    if (!ok) {
      this.opts.log(`${msg.method} failed: ${tostring(err)}`);
      this.opts.write(errorResponse(msg.id, ErrorCode.InternalError, `Internal error: ${tostring(err)}`));
    }
  }

  /**
   * The client went away (stdin closed, SIGINT): the editor connection closes (the editor then cancels this
   * bridge's open reviews). Returns a test for "the close frame is out", for a clean exit.
   */
  shutdown(reason = "the agent bridge exited"): (this: void) => boolean {
    const up = this.upstream;
    this.upstream = undefined;
    if (up === undefined) return () => true;
    const client = up.client;
    if (client === undefined) {
      // Still connecting: its queued calls are answered now; the connection, when it opens, is closed.
      this.closed(up, 1001, reason);
      return () => true;
    }
    client.close(1001, reason);
    return () => client.isFinished();
  }

  /**
   * A result to the request being handled: as it is for a legacy revision; with its resultType (and, for the
   * cacheable `method`s, ttlMs and cacheScope) when it speaks 2026-07-28.
   */
  private reply(id: Id, result: object, modern = this.modern, method = ""): void {
    this.opts.write(resultResponse(id, modern ? { ...result, ...modernFields(method) } : result));
  }

  /**
   * subscriptions/listen: acknowledges the notification types granted (the list-changed ones; prompts and
   * resource updates are never sent) and keeps the request open; the client ends it with notifications/cancelled.
   */
  private listen(id: Id, params: { [key: string]: unknown }): void {
    const asked = params.notifications;
    if (!isObject(asked)) {
      this.opts.write(
        errorResponse(
          id,
          ErrorCode.InvalidParams,
          'subscriptions/listen: "notifications" (a SubscriptionFilter) is required',
        ),
      );
      return;
    }
    const sub: Subscription = {
      id,
      tools: asked.toolsListChanged === true,
      resources: asked.resourcesListChanged === true,
    };
    const granted = dict<{ [key: string]: boolean }>();
    if (sub.tools) granted.toolsListChanged = true;
    if (sub.resources) granted.resourcesListChanged = true;
    this.subscriptions.set(idText(id), sub);
    this.opts.write(
      notification("notifications/subscriptions/acknowledged", {
        notifications: granted,
        _meta: { [META_SUBSCRIPTION]: id },
      }),
    );
  }

  /**
   * A list changed (`method` is notifications/tools/list_changed or …/resources/list_changed): told to a legacy
   * client (it initialized), and on every 2026-07-28 subscription that asked for it. Nobody else hears of it.
   */
  private listChanged(method: string): void {
    if (this.initialized) this.opts.write(notification(method, dict()));
    const field = FILTER_OF[method];
    for (const [, sub] of this.subscriptions) {
      if ((field === "toolsListChanged" && sub.tools) || (field === "resourcesListChanged" && sub.resources))
        this.opts.write(notification(method, { _meta: { [META_SUBSCRIPTION]: sub.id } }));
    }
  }

  private capabilities(): object {
    return { tools: { listChanged: true }, resources: { listChanged: true } };
  }

  /**
   * Calls `then` with the chosen Neovim's user tools and resources (its answer to claude-ide/extras), or with
   * undefined when no Neovim can be chosen, it does not answer in time, or it fails. The built-in tools are
   * listed from their descriptors here; only the user's own live in the editor.
   */
  private withExtras(then: (this: void, extras: unknown) => void): void {
    if (this.upstream === undefined && (this.lost !== undefined || !this.choose(this.instances()).ok)) {
      then(undefined);
      return;
    }
    let answered = false;
    const timer = vim.uv.new_timer();
    const finish = (extras: unknown) => {
      if (answered) return;
      answered = true;
      timer.stop();
      timer.close();
      then(extras);
    };
    timer.start(EXTRAS_TIMEOUT_MS, 0, () => {
      this.opts.log("the editor did not list its user tools in time: listing the built-in ones");
      finish(undefined);
    });
    this.forward(undefined, "claude-ide/extras", dict(), finish);
  }

  private initializeResult(asked: unknown): { protocolVersion: string } {
    const server = { capabilities: this.capabilities(), instructions: INSTRUCTIONS, title: TITLE };
    return initializeResult(asked, server) as { protocolVersion: string };
  }

  /** The editor's session is told who the client is (review titles, the execute ask, :ClaudeCodeSessions). */
  private upstreamClientInfo(): object {
    const c = this.client;
    if (c === undefined) return { name: "claude-ide-bridge", version: VERSION };
    return { name: c.name, title: c.title, version: c.version ?? "" };
  }

  /**
   * `{"tools":[...]}`: the bridge's own tools, then the agent endpoint's declarations as generated, less those
   * the chosen Neovim does not serve (a tool the user's configuration disables: its `enabled`), then the user's.
   */
  private toolList(modern: boolean, extras: unknown): string {
    const local = vim.json.encode(this.tools.list());
    const head = modern ? `{${modernFieldsJson("tools/list")},"tools":[` : '{"tools":[';
    const user = listOf(extras, "tools");
    const own = user.length > 0 ? `,${string.sub(vim.json.encode(user), 2, -2)}` : "";
    return `${head}${string.sub(local, 2, -2)}${builtinEntries(extras)}${own}]}`;
  }

  private instances(): Instance[] {
    return registry().list(this.opts.lockDir);
  }

  private choose(instances: Instance[]): Choice {
    const port = tonumber(this.opts.env.CLAUDE_CODE_SSE_PORT ?? "");
    return registry().choose(instances, {
      explicit: this.selected ?? this.opts.instance,
      nvimSocket: this.opts.env.NVIM,
      ssePort: port,
      cwd: this.opts.cwd,
    });
  }

  private listInstances(): ToolResult {
    const instances = this.instances();
    if (instances.length === 0)
      return text("no running Neovim with claude-ide.nvim was found (its server writes a lock file when it starts)");
    const current = this.upstream?.instance.id ?? (this.choose(instances) as { instance?: Instance }).instance?.id;
    return text(registry().describe(instances, current).join("\n"));
  }

  private selectInstance(id: string): ToolResult {
    const instances = this.instances();
    const hit = instances.find((i) => i.id === id);
    if (hit === undefined) {
      const valid =
        instances.length > 0 ? `valid ids: ${instances.map((i) => i.id).join(", ")}` : "no Neovim is running";
      return fail(`no instance "${id}" (${valid})`, Code.InstanceNotFound);
    }
    const switched = this.upstream !== undefined && this.upstream.instance.id !== id;
    if (switched) this.shutdown(`another Neovim (${hit.id}) was selected`);
    this.selected = id;
    this.lost = undefined;
    // Another Neovim may have other user tools: the client lists them again.
    if (switched) this.listChanged("notifications/tools/list_changed");
    return text(`OK: selected ${hit.id} (cwd ${hit.cwd}, pid ${hit.pid})`);
  }

  /** A failure answered to a forwarded request: an isError result for tools, a JSON-RPC error otherwise. */
  private failForwarded(downId: Id, method: string, code: number, message: string, modern = this.modern): void {
    if (method === "tools/call") this.reply(downId, fail(message, code), modern);
    else this.opts.write(errorResponse(downId, ErrorCode.InternalError, `${message} (code ${code})`));
  }

  private callTool(id: Id, params: { [key: string]: unknown }): void {
    const name = params.name;
    if (typeof name !== "string") {
      this.opts.write(errorResponse(id, ErrorCode.InvalidParams, 'tools/call: "name" must be a string'));
      return;
    }
    const tool = this.tools.find(name);
    // Not one of ours: a user tool lives in the editor, which answers "unknown tool" itself when it has none.
    if (
      tool === undefined &&
      !FORWARDED.has(name) &&
      this.upstream === undefined &&
      !this.choose(this.instances()).ok
    ) {
      this.opts.write(errorResponse(id, ErrorCode.InvalidParams, `unknown tool "${name}"`));
      return;
    }
    if (tool !== undefined) {
      const args = params.arguments === undefined || params.arguments === vim.NIL ? dict() : params.arguments;
      const problem = this.tools.check(tool, args);
      if (problem !== undefined) this.reply(id, argumentError(name, problem));
      // Local tools never use the editor context: they run here, in the bridge.
      else this.reply(id, tool.handler(args as { [key: string]: unknown }, undefined as unknown as ToolContext));
      return;
    }
    this.forward(id, "tools/call", params);
  }

  private readResource(id: Id, params: { [key: string]: unknown }): void {
    // A malformed request is the client's mistake whatever the instance state: checked before choosing one.
    if (typeof params.uri !== "string") {
      this.opts.write(errorResponse(id, ErrorCode.InvalidParams, 'resources/read: "uri" must be a string'));
      return;
    }
    if (params.uri !== INSTANCES_URI) {
      this.forward(id, "resources/read", params);
      return;
    }
    const instances = this.instances();
    const current = this.upstream?.instance.id;
    const list = instances.map((i) => ({
      id: i.id,
      pid: i.pid,
      cwd: i.cwd,
      mainFile: i.mainFile,
      port: i.port,
      selected: i.id === current,
    }));
    this.reply(
      id,
      { contents: [{ uri: INSTANCES_URI, mimeType: "application/json", text: vim.json.encode({ instances: list }) }] },
      this.modern,
      "resources/read",
    );
  }

  /** Sends a request to the chosen Neovim (choosing and connecting first when needed). */
  private forward(
    downId: Id | undefined,
    method: string,
    params: { [key: string]: unknown },
    onAnswer?: (this: void, result: unknown) => void,
  ): void {
    if (onAnswer === undefined && this.lost !== undefined) {
      const lost = this.lost;
      this.lost = undefined;
      const next = this.choose(this.instances());
      const then = next.ok
        ? `the next call goes to ${next.instance.id} (${next.rule})`
        : `${next.reason}: call list_instances and select_instance`;
      this.failForwarded(
        downId as Id,
        method,
        Code.ConnectionLost,
        `the connection to Neovim ${lost} was lost (it exited or stopped its server); ${then}. Earlier editor_state tokens and buffer numbers are no longer valid.`,
      );
      return;
    }
    const up = this.upstream ?? this.connect(downId, method, onAnswer);
    if (up === undefined) return;
    const upId = this.nextUpId++;
    const uri = method === "resources/read" && typeof params.uri === "string" ? params.uri : undefined;
    up.pending.set(upId, { downId: downId ?? 0, method, modern: this.modern, uri, onAnswer });
    if (downId !== undefined) up.byDown.set(idText(downId), upId);
    const message = request(upId, method, params);
    if (up.client !== undefined) up.client.send(message);
    else up.queue.push(message);
  }

  /** Chooses a Neovim and starts connecting; undefined (after answering downId) when none can be chosen. */
  private connect(
    downId: Id | undefined,
    method: string,
    onAnswer?: (this: void, result: unknown) => void,
  ): Upstream | undefined {
    const instances = this.instances();
    const choice = this.choose(instances);
    if (!choice.ok) {
      if (onAnswer !== undefined || downId === undefined) {
        onAnswer?.(undefined);
        return undefined;
      }
      const listing =
        instances.length > 0
          ? `\nRunning instances:\n${registry().describe(instances).join("\n")}\nCall select_instance with one of these ids.`
          : "\nStart Neovim with claude-ide.nvim (setup() starts its server), then call again.";
      this.failForwarded(downId, method, choice.code, `no Neovim instance selected: ${choice.reason}.${listing}`);
      return undefined;
    }
    const instance = choice.instance;
    this.opts.log(`using Neovim ${instance.id} (${choice.rule})`);
    const up: Upstream = { instance, queue: [], pending: new LuaMap(), byDown: new LuaMap() };
    this.upstream = up;
    // Pipelined: the editor handles messages in order, so initialize goes first and nothing waits for it.
    up.queue.push(
      request(0, "initialize", {
        ...initializeParams("claude-ide-bridge"),
        clientInfo: this.upstreamClientInfo(),
        _meta: { [PID_META]: vim.fn.getpid(), "claude-ide/clientRevision": this.revision ?? PROTOCOL_VERSIONS[0] },
      }),
      notification("notifications/initialized", dict()),
    );
    wsClient().WsClient.connect(
      instance.port,
      instance.token,
      { onMessage: (text) => this.fromEditor(up, text), onClose: (code, reason) => this.closed(up, code, reason) },
      (client, err) => {
        if (client === undefined) {
          this.closed(up, 1006, err ?? "cannot connect");
          return;
        }
        if (this.upstream !== up) {
          client.close(1001, "no longer used");
          return;
        }
        up.client = client;
        for (const text of up.queue) client.send(text);
        up.queue = [];
      },
      "agent",
    );
    return up;
  }

  /** An answer from the editor: decoded by the JSON-RPC layer and passed to the client under the client's id. */
  private fromEditor(up: Upstream, text: string): void {
    const msg = decodeMessage(text);
    if (msg.kind === "notification") {
      // The user added a tool or resource in that Neovim: the client lists again (where it supports it).
      const method = msg.method;
      const relayed =
        method === "notifications/tools/list_changed" || method === "notifications/resources/list_changed";
      if (relayed && this.upstream === up) this.listChanged(method);
      return;
    }
    if (msg.kind !== "response" || typeof msg.id !== "number" || msg.id === 0) return; // initialize's answer
    const call = up.pending.get(msg.id);
    if (call === undefined) return; // cancelled meanwhile
    up.pending.delete(msg.id);
    if (call.onAnswer !== undefined) {
      call.onAnswer(isObject(msg.result) ? msg.result : undefined);
      return;
    }
    up.byDown.delete(idText(call.downId));
    this.opts.write(relayedResponse(call.downId, call.modern ? modernAnswer(call, msg) : msg));
  }

  /**
   * An upstream ended (closed, failed to connect, or replaced): each of its calls still waiting is answered
   * now, once (the set is emptied), whether or not it is still the current upstream.
   */
  private closed(up: Upstream, code: number, reason: string): void {
    if (up.ended) return;
    up.ended = true;
    const current = this.upstream === up;
    if (current) this.upstream = undefined;
    this.opts.log(`connection to Neovim ${up.instance.id} ended (${code} ${reason})`);
    const message = `the connection to Neovim ${up.instance.id} was lost while this call was running (${reason !== "" ? reason : `close code ${code}`}); the next call chooses a Neovim again`;
    const waiting = up.pending;
    up.pending = new LuaMap();
    up.byDown = new LuaMap();
    up.queue = [];
    let failed = 0;
    for (const [, call] of waiting) {
      if (call.onAnswer !== undefined) {
        call.onAnswer(undefined);
        continue;
      }
      this.failForwarded(call.downId, call.method, Code.ConnectionLost, message, call.modern);
      failed++;
    }
    if (!current) return;
    if (this.selected === up.instance.id) this.selected = undefined;
    // No call heard about it: the next one is told, so the model knows its state tokens are stale.
    if (failed === 0) this.lost = up.instance.id;
  }

  private cancel(params: Params): void {
    if (!isObject(params)) return;
    const requestId = params.requestId;
    if (typeof requestId !== "string" && typeof requestId !== "number") return;
    const key = idText(requestId);
    // The end of a subscriptions/listen stream: nothing more is sent on it (and, cancelled, it gets no answer).
    if (this.subscriptions.has(key)) {
      this.subscriptions.delete(key);
      return;
    }
    const up = this.upstream;
    if (up === undefined) return;
    const upId = up.byDown.get(key);
    if (upId === undefined) return;
    up.byDown.delete(key);
    up.pending.delete(upId);
    const text = notification("notifications/cancelled", { requestId: upId, reason: params.reason });
    if (up.client !== undefined) up.client.send(text);
    else up.queue.push(text);
  }
}
