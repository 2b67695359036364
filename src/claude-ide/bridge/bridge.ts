// The agent bridge: an MCP server for one client (Claude Code, or any MCP client) that answers the lifecycle,
// tools/list and resources/list itself, and carries tool calls and resource reads to the chosen Neovim.
//
// Why the in-editor WebSocket server and not Neovim's own RPC socket: that server already authenticates
// (the lock file's token), runs tool handlers in coroutines that may park while the user reviews an edit,
// cancels a call when its connection goes away or a notifications/cancelled arrives, and is tested against
// independent clients. Over the RPC socket every one of those would have to be built again with nvim_exec_lua
// and notifications back. The bridge is therefore a thin relay: ids are renumbered per connection, answers
// are passed through without re-encoding.
import * as registry from "../instances/registry";
import type { Instance } from "../instances/registry";
import { Code } from "../protocol/result";
import { INSTANCES_URI, RESOURCES, TEMPLATES } from "../agent/resources";
import { INSTRUCTIONS } from "./endpoint";
import { ENDPOINT_TOOLS } from "./tools";
import {
  ErrorCode,
  type Id,
  type Params,
  decodeMessage,
  errorResponse,
  idText,
  notification,
  resultResponse,
} from "../protocol/jsonrpc";
import { PID_META, PROTOCOL_VERSIONS } from "../protocol/session";
import { Registry } from "../protocol/registry";
import { defineTool, str } from "../protocol/schema";
import type { ToolContext, ToolDescriptor, ToolResult } from "../protocol/tool";
import { dict, isObject } from "../util/json";
import { VERSION } from "../version";
import { WsClient } from "./ws_client";
import { DEFAULTS } from "../config";

/** The stateless revision whose server/discover the bridge answers (Claude Code probes it first). */
const DISCOVER_VERSION = "2026-07-28";

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
}

/** The connection to one Neovim. */
interface Upstream {
  instance: Instance;
  client?: WsClient;
  /** Messages to send once the connection is open. */
  queue: string[];
  pending: LuaMap<number, Forwarded>;
  /** Upstream id by the downstream id's text (for notifications/cancelled). */
  byDown: LuaMap<string, number>;
}

function toolText(text: string, isError = false): ToolResult {
  return { content: [{ type: "text", text }], isError: isError ? true : undefined };
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
    // The agent tools are listed from the same descriptors the editor runs; the config only enables tools.
    this.tools = new Registry([...this.local, ...ENDPOINT_TOOLS], DEFAULTS);
    this.requests = {
      initialize: (id, p) => this.reply(id, this.initializeResult(p.protocolVersion)),
      "server/discover": (id) =>
        this.reply(id, {
          supportedVersions: [DISCOVER_VERSION, ...PROTOCOL_VERSIONS],
          capabilities: this.capabilities(),
          serverInfo: this.serverInfo(),
          instructions: INSTRUCTIONS,
        }),
      ping: (id) => this.reply(id, dict()),
      "tools/list": (id) => this.reply(id, { tools: this.tools.list() }),
      "tools/call": (id, p) => this.callTool(id, p),
      "resources/list": (id) => this.reply(id, { resources: RESOURCES }),
      "resources/templates/list": (id) => this.reply(id, { resourceTemplates: TEMPLATES }),
      "resources/read": (id, p) => this.readResource(id, p),
    };
  }

  /** One line from the client. Never throws. */
  receive(line: string): void {
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
    const [ok, err] = pcall(handler, msg.id, msg.params ?? {});
    if (!ok) {
      this.opts.log(`${msg.method} failed: ${tostring(err)}`);
      this.opts.write(errorResponse(msg.id, ErrorCode.InternalError, `Internal error: ${tostring(err)}`));
    }
  }

  /**
   * The client went away (stdin closed, SIGINT): the editor connection closes (the editor then cancels this
   * bridge's open reviews). Returns a test for "the close frame is out", for a clean exit.
   */
  shutdown(): (this: void) => boolean {
    const up = this.upstream;
    this.upstream = undefined;
    const client = up?.client;
    if (client === undefined) return () => true;
    client.close(1001, "the agent bridge exited");
    return () => client.isFinished();
  }

  private reply(id: Id, result: unknown): void {
    this.opts.write(resultResponse(id, result));
  }

  private capabilities(): object {
    return { tools: { listChanged: false }, resources: { listChanged: false } };
  }

  private serverInfo(): object {
    return { name: "claude-ide.nvim", title: "Neovim (claude-ide.nvim)", version: VERSION };
  }

  private initializeResult(asked: unknown): object {
    return {
      protocolVersion: typeof asked === "string" && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0],
      capabilities: this.capabilities(),
      serverInfo: this.serverInfo(),
      instructions: INSTRUCTIONS,
    };
  }

  private instances(): Instance[] {
    return registry.list(this.opts.lockDir);
  }

  private choose(instances: Instance[]): registry.Choice {
    const port = tonumber(this.opts.env.CLAUDE_CODE_SSE_PORT ?? "");
    return registry.choose(instances, {
      explicit: this.selected ?? this.opts.instance,
      nvimSocket: this.opts.env.NVIM,
      ssePort: port,
      cwd: this.opts.cwd,
    });
  }

  private listInstances(): ToolResult {
    const instances = this.instances();
    if (instances.length === 0)
      return toolText(
        "no running Neovim with claude-ide.nvim was found (its server writes a lock file when it starts)",
      );
    const current = this.upstream?.instance.id ?? (this.choose(instances) as { instance?: Instance }).instance?.id;
    return toolText(registry.describe(instances, current).join("\n"));
  }

  private selectInstance(id: string): ToolResult {
    const instances = this.instances();
    const hit = instances.find((i) => i.id === id);
    if (hit === undefined) {
      const valid =
        instances.length > 0 ? `valid ids: ${instances.map((i) => i.id).join(", ")}` : "no Neovim is running";
      return toolText(`ERROR ${Code.InstanceNotFound}: no instance "${id}" (${valid})`, true);
    }
    if (this.upstream !== undefined && this.upstream.instance.id !== id) this.shutdown();
    this.selected = id;
    this.lost = undefined;
    return toolText(`OK: selected ${hit.id} (cwd ${hit.cwd}, pid ${hit.pid})`);
  }

  /** A failure answered to a forwarded request: an isError result for tools, a JSON-RPC error otherwise. */
  private failForwarded(downId: Id, method: string, code: number, message: string): void {
    if (method === "tools/call") this.reply(downId, toolText(`ERROR ${code}: ${message}`, true));
    else this.opts.write(errorResponse(downId, ErrorCode.InternalError, `${message} (code ${code})`));
  }

  private callTool(id: Id, params: { [key: string]: unknown }): void {
    const name = params.name;
    if (typeof name !== "string") {
      this.opts.write(errorResponse(id, ErrorCode.InvalidParams, 'tools/call: "name" must be a string'));
      return;
    }
    const tool = this.tools.find(name);
    if (tool === undefined) {
      this.opts.write(errorResponse(id, ErrorCode.InvalidParams, `unknown tool "${name}"`));
      return;
    }
    if (this.local.includes(tool)) {
      const args = params.arguments === undefined || params.arguments === vim.NIL ? dict() : params.arguments;
      const problem = this.tools.check(tool, args);
      if (problem !== undefined)
        this.reply(id, toolText(`ERROR: ${name}: ${problem}. Fix the arguments and call ${name} again.`, true));
      // Local tools never use the editor context: they run here, in the bridge.
      else this.reply(id, tool.handler(args as { [key: string]: unknown }, undefined as unknown as ToolContext));
      return;
    }
    this.forward(id, "tools/call", params);
  }

  private readResource(id: Id, params: { [key: string]: unknown }): void {
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
    this.reply(id, {
      contents: [{ uri: INSTANCES_URI, mimeType: "application/json", text: vim.json.encode({ instances: list }) }],
    });
  }

  /** Sends a request to the chosen Neovim (choosing and connecting first when needed). */
  private forward(downId: Id, method: string, params: { [key: string]: unknown }): void {
    if (this.lost !== undefined) {
      const lost = this.lost;
      this.lost = undefined;
      const next = this.choose(this.instances());
      const then = next.ok
        ? `the next call goes to ${next.instance.id} (${next.rule})`
        : `${next.reason}: call list_instances and select_instance`;
      this.failForwarded(
        downId,
        method,
        Code.ConnectionLost,
        `the connection to Neovim ${lost} was lost (it exited or stopped its server); ${then}. Earlier editor_state tokens and buffer numbers are no longer valid.`,
      );
      return;
    }
    const up = this.upstream ?? this.connect(downId, method);
    if (up === undefined) return;
    const upId = this.nextUpId++;
    up.pending.set(upId, { downId, method });
    up.byDown.set(idText(downId), upId);
    const text = `{"jsonrpc":"2.0","id":${upId},"method":${vim.json.encode(method)},"params":${vim.json.encode(params)}}`;
    if (up.client !== undefined) up.client.send(text);
    else up.queue.push(text);
  }

  /** Chooses a Neovim and starts connecting; undefined (after answering downId) when none can be chosen. */
  private connect(downId: Id, method: string): Upstream | undefined {
    const instances = this.instances();
    const choice = this.choose(instances);
    if (!choice.ok) {
      const listing =
        instances.length > 0
          ? `\nRunning instances:\n${registry.describe(instances).join("\n")}\nCall select_instance with one of these ids.`
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
      `{"jsonrpc":"2.0","id":0,"method":"initialize","params":${vim.json.encode({ protocolVersion: PROTOCOL_VERSIONS[0], capabilities: dict(), clientInfo: { name: "claude-ide-bridge", version: VERSION }, _meta: { [PID_META]: vim.fn.getpid() } })}}`,
      notification("notifications/initialized", dict()),
    );
    WsClient.connect(
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
    );
    return up;
  }

  /** An answer from the editor: passed to the client under the client's id, without re-encoding. */
  private fromEditor(up: Upstream, text: string): void {
    const [, , upIdText, rest] = string.find(text, '^{"jsonrpc":"2%.0","id":(%d+),(.*)$');
    const upId = tonumber(upIdText);
    if (upId === undefined || upId === 0) return; // initialize's answer, or a notification: nothing to relay
    const call = up.pending.get(upId);
    if (call === undefined) return; // cancelled meanwhile
    up.pending.delete(upId);
    up.byDown.delete(idText(call.downId));
    this.opts.write(`{"jsonrpc":"2.0","id":${idText(call.downId)},${rest}`);
  }

  private closed(up: Upstream, code: number, reason: string): void {
    if (this.upstream !== up) return;
    this.upstream = undefined;
    this.opts.log(`connection to Neovim ${up.instance.id} ended (${code} ${reason})`);
    if (this.selected === up.instance.id) this.selected = undefined;
    const message = `the connection to Neovim ${up.instance.id} was lost while this call was running (${reason !== "" ? reason : `close code ${code}`}); the next call chooses a Neovim again`;
    let failed = 0;
    for (const [, call] of up.pending) {
      this.failForwarded(call.downId, call.method, Code.ConnectionLost, message);
      failed++;
    }
    // No call heard about it: the next one is told, so the model knows its state tokens are stale.
    if (failed === 0) this.lost = up.instance.id;
  }

  private cancel(params: Params): void {
    const up = this.upstream;
    if (up === undefined || !isObject(params)) return;
    const requestId = params.requestId;
    if (typeof requestId !== "string" && typeof requestId !== "number") return;
    const key = idText(requestId);
    const upId = up.byDown.get(key);
    if (upId === undefined) return;
    up.byDown.delete(key);
    up.pending.delete(upId);
    const text = notification("notifications/cancelled", { requestId: upId, reason: params.reason });
    if (up.client !== undefined) up.client.send(text);
    else up.queue.push(text);
  }
}
