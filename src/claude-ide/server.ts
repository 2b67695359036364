// Composition root: transport ↔ session ↔ tools ↔ discovery. One Server per start; init.ts owns it.
// start(): token → listen on 127.0.0.1 → editor services → lock file → autocmds. Each connection gets a
// Session; the Hub (notifications to every ready session) is implemented here.
import type { Policy } from "./policy/policy";
import { type Config, companionEnabled } from "./config";
import type * as CompanionModule from "./companion";
import type { Companion } from "./companion";
import * as lockfile from "./discovery/lockfile";
import { hooksDir, sweepStale as sweepStaleConfigs } from "./discovery/cli_files";
import { createServices, disposeServices } from "./services";
import { Logger } from "./log";
import type * as BlockingModule from "./protocol/blocking";
import type { Blocking } from "./protocol/blocking";
import type * as JsonRpcModule from "./protocol/jsonrpc";
import type * as SessionModule from "./protocol/session";
import type { Role, Session } from "./protocol/session";
import type * as AgentEndpointModule from "./bridge/endpoint";
import type * as ToolsModule from "./tools";
import type * as RegistryModule from "./protocol/registry";
import type * as ResultModule from "./protocol/result";
import type * as HooksModule from "./hooks";
import type * as HooksHttpModule from "./hooks/http";
import type * as HttpSessionsModule from "./protocol/http_sessions";
import type { HttpSessions } from "./protocol/http_sessions";
import type { HttpRequest, Responder } from "./transport/http";
import type { Router } from "./hooks/router";
import type { Channel } from "./hooks";
import type { DiffService, Hub, LineNotes, NotesQueue, Services } from "./contracts";
import type { ToolDescriptor } from "./protocol/tool";
import { CloseCode, type Connection, type Listener, type ListenOptions } from "./transport/types";
import { lazy } from "./util/modules";
import { listen } from "./transport/websocket";
import type * as ProcessModule from "./util/process";
import { dict } from "./util/json";
import type { PathMap } from "./util/path_map";

// What only a connection needs is loaded by the first one: start() (setup) binds, writes the lock file and
// tracks the selection, nothing more (startup cost).
const blockingModule = lazy<typeof BlockingModule>("claude-ide.protocol.blocking");
const jsonrpc = lazy<typeof JsonRpcModule>("claude-ide.protocol.jsonrpc");
const sessionModule = lazy<typeof SessionModule>("claude-ide.protocol.session");
const agentEndpoint = lazy<typeof AgentEndpointModule>("claude-ide.bridge.endpoint");
const toolsModule = lazy<typeof ToolsModule>("claude-ide.tools.index");
const registryModule = lazy<typeof RegistryModule>("claude-ide.protocol.registry");
const processModule = lazy<typeof ProcessModule>("claude-ide.util.process");
const companionModule = lazy<typeof CompanionModule>("claude-ide.companion");
const road = lazy<typeof ResultModule>("claude-ide.protocol.result");
const hooksModule = lazy<typeof HooksModule>("claude-ide.hooks.index");
const hooksHttp = lazy<typeof HooksHttpModule>("claude-ide.hooks.http");
const httpSessions = lazy<typeof HttpSessionsModule>("claude-ide.protocol.http_sessions");

export interface Endpoint {
  port: number;
  token: string;
}

export interface ServerStatus {
  running: boolean;
  port?: number;
  lockFile?: string;
  /** Open WebSocket connections. */
  clients: number;
  uptimeMs?: number;
  /** Pids the CLIs announced with ide_connected. */
  cliPids: number[];
  /** Open connections of agent bridges (the model's endpoint; included in `clients`). */
  agents?: number;
}

export interface ServerOptions {
  /** Port and token to reuse when the port is still free (restart in the same Neovim). */
  reuse?: Endpoint;
  /** Replaces the tool list (specs use it to add test tools). */
  tools?: ToolDescriptor[];
  /** Lock file directory (default: $CLAUDE_CONFIG_DIR/ide or ~/.claude/ide). Specs inject a temp dir. */
  lockDir?: string;
  /** Names the Claude session of a connection (Hub.describe; sessions.ts knows the terminals). */
  describeClient?: (this: void, clientId: number) => string | undefined;
  /** The terminal buffer a connection's CLI runs in (Hub.terminalOf; sessions.ts knows the terminals). */
  terminalOf?: (this: void, clientId: number) => number | undefined;
  /** Gemini CLI companion discovery directory (default: $TMPDIR/gemini/ide). Specs inject a temp dir. */
  companionDir?: string;
  /**
   * The IDE tools the previous server listed (a restart by setup() with new options): when this server's
   * list differs, every CLI that connects (they reconnect by themselves) is sent notifications/tools/list_changed.
   */
  toolsBefore?: string[];
}

/** 128 bits from the OS CSPRNG, hex. */
const TOKEN_BYTES = 16;
/**
 * On VimLeavePre, how long Neovim waits at most for its clients to finish the close handshake (it returns as soon
 * as they have): a reply still being written (32 MiB in spec/server_goodbye_spec.lua) needs more than 100 ms on a
 * loaded machine, and once Neovim exits the rest is lost.
 */
const LEAVE_DRAIN_MS = 500;

/** Everything that exists while the server runs; created by start, torn down by stop. */
interface Running {
  endpoint: Endpoint;
  listener: Listener;
  lockPath: string;
  lockDir: string;
  startedAt: number;
  sessions: LuaMap<number, Session>;
  /** Parked tool calls; made by the first connection. */
  blocking?: Blocking;
  /** What the Claude CLI's connections get; made by the first one. */
  ide?: Role;
  /** What the agent bridge's connections get (header x-claude-ide-role: agent); made on first use. */
  agent?: Role;
  /** What a CLI hook's connection gets (header x-claude-ide-role: hook); made on first use. */
  hook?: Role;
  /** The hook channel (hooks/index: its router and features): made by the first hook, or a feature asking. */
  channel?: Channel;
  services: Services;
  augroup: number;
  /** The Gemini CLI / Qwen Code companion (companion.enabled). */
  companion?: Companion;
  /** An agent bridge connection's process ancestors (parent first), looked up once: see ownerOf. */
  ancestry: LuaMap<number, number[]>;
  /** The workspaceFolders last written to the lock file. */
  folders: string[];
  /** IDE sessions that were checked for a changed tool list (toolsBefore). */
  toldTools: LuaSet<number>;
  /** The far sessions' own listeners (openGateway), by port. */
  gateways: LuaMap<number, Gateway>;
}

/**
 * The door of one agent that runs somewhere else (a container, another machine): a listener on 127.0.0.1 of its
 * own, with its own token, whose port the target's own forwarding (ssh -R, a shared network) brings over there.
 * Every client that comes through it is a far client: its paths go through `paths` (protocol/far_paths). The
 * local lock file and token never leave this machine.
 */
export interface Gateway {
  readonly port: number;
  readonly token: string;
  readonly paths: PathMap;
  /** Closes the listener and its connections (the far session ended). */
  close(this: void): void;
  /** Open connections through this door. */
  clients(this: void): number;
}

/**
 * Ids of a far session's door: its WebSocket connections from base + 1, its MCP sessions (agent tools over HTTP)
 * from base + GATEWAY_IDS / 10, its hook calls from base + 2 * GATEWAY_IDS / 10; base = GATEWAY_IDS × the door's
 * number. Apart from the local listener's and the companion's, and from each other's (calls and reviews are owned
 * by ids; every session of the server is in one table).
 */
const GATEWAY_IDS = 10000000;

/** How far above an agent bridge its Claude CLI may be (claude → bridge; claude → sh → npx → bridge). */
const MAX_BRIDGE_DEPTH = 8;

/** A new Server (for init, which loads without TypeScript's class library and so cannot say `new`). */
export function createServer(config: Config, opts: ServerOptions = {}): Server {
  return new Server(config, opts);
}

export class Server {
  private running?: Running;
  private readonly log: Logger;
  private readonly hubListeners = new LuaMap<number, (this: void) => void>();
  private nextListenerId = 1;
  /** Doors opened so far (their ids: GATEWAY_IDS). */
  private gatewayCount = 0;
  /** Handed to the editor services and tools: notifications to every ready session. */
  readonly hub: Hub = {
    broadcast: (method, params) => {
      const all = this.readySessions();
      if (all.length === 0) return "absent";
      // A far client gets its own copy, its paths mapped (or none, about a file it cannot see).
      const sessions: Session[] = [];
      let farSent = false;
      for (const s of all) {
        if (s.paths === undefined) sessions.push(s);
        else
          this.step(`${method} to far client ${s.id}`, () => {
            if (s.notify(method, params)) farSent = true;
          });
      }
      if (sessions.length === 0) return farSent ? "sent" : "unseen";
      // Encoded once for everyone; a value JSON cannot hold is the caller's bug, reported, never raised.
      const [ok, text] = pcall(
        jsonrpc().notification,
        method,
        road().outgoingValue(params, "notification", this.config),
      );
      if (!ok) {
        // Nothing a later try would change: taken as sent, as the caller's bug it is.
        this.log.error(`cannot send ${method}: ${tostring(text)}`);
        return "sent";
      }
      for (const s of sessions) s.deliver(text);
      return "sent";
    },
    sessionCount: () => this.readySessions().length,
    clients: () =>
      this.readySessions().map((s) => ({ id: s.id, pid: s.cliPid, name: s.clientName, roots: s.roots, door: s.door })),
    send: (clientId, method, params) => {
      const session = this.readySessions().find((s) => s.id === clientId);
      if (session === undefined) return "absent";
      if (session.notify(method, params)) return "sent";
      return session.isOpen() ? "unseen" : "absent";
    },
    describe: (clientId) => this.opts.describeClient?.(clientId),
    ownerOf: (clientId) => this.ownerOf(clientId),
    companionSessionOf: (pids) => this.running?.companion?.sessionOfProcess(pids),
    terminalOf: (clientId) => this.opts.terminalOf?.(clientId),
    onSessionsChanged: (listener) => {
      const id = this.nextListenerId++;
      this.hubListeners.set(id, listener);
      return () => {
        this.hubListeners.delete(id);
      };
    },
  };

  constructor(
    private readonly config: Config,
    private readonly opts: ServerOptions = {},
  ) {
    this.log = new Logger(config.log_level);
  }

  /** Binds 127.0.0.1, writes the lock file, starts the editor services. Idempotent while running. */
  start(): { ok: true; endpoint: Endpoint } | { ok: false; error: string } {
    if (this.running !== undefined) return { ok: true, endpoint: this.running.endpoint };
    const lockDir = this.opts.lockDir ?? lockfile.defaultDir();
    for (const path of lockfile.removeStale(lockDir)) this.log.debug(`removed stale lock file ${path}`);
    for (const path of sweepStaleConfigs()) this.log.debug(`removed stale MCP config ${path}`);
    for (const path of sweepStaleConfigs(hooksDir())) this.log.debug(`removed stale hook settings ${path}`);

    const sessions = new LuaMap<number, Session>();
    const opened = this.openListener(sessions);
    if (!opened.ok) return opened;
    const { listener, token } = opened;
    const endpoint = { port: listener.port, token };

    // From here on, a failure must undo what was done.
    const [ok, services] = pcall(createServices, this.config, this.hub);
    if (!ok) {
      listener.close(CloseCode.GoingAway, "server failed to start");
      return { ok: false, error: `editor services failed to start: ${tostring(services)}` };
    }
    const folders = lockfile.workspaceFolders();
    const written = lockfile.write(lockDir, endpoint.port, token, folders);
    if (!written.ok) {
      pcall(disposeServices, services);
      listener.close(CloseCode.GoingAway, "server failed to start");
      return { ok: false, error: `cannot write the lock file: ${written.error}` };
    }
    this.running = {
      endpoint,
      listener,
      lockPath: written.value,
      lockDir,
      startedAt: vim.uv.now(),
      sessions,
      services,
      augroup: this.createAutocmds(endpoint.port),
      ancestry: new LuaMap(),
      folders,
      toldTools: new LuaSet(),
      gateways: new LuaMap(),
    };
    if (companionEnabled(this.config)) this.startCompanion(this.running);
    this.log.info(`listening on 127.0.0.1:${endpoint.port}`);
    return { ok: true, endpoint };
  }

  /**
   * Stops: pending diff reviews are answered (DIFF_REJECTED) while clients are still connected, remaining
   * parked calls are cancelled, clients are closed with 1001, the lock file is removed. Synchronous, so it
   * also works from VimLeavePre. Every step runs even when an earlier one fails.
   */
  stop(): void {
    const r = this.running;
    if (r === undefined) return;
    this.running = undefined;
    this.step("deleting autocmds", () => vim.api.nvim_del_augroup_by_id(r.augroup));
    this.step("stopping the companion", () => r.companion?.stop());
    this.step("closing the hook channel", () => r.channel?.dispose());
    this.step("disposing editor services", () => disposeServices(r.services));
    this.step("cancelling pending calls", () => r.blocking?.cancelAll("server stopped"));
    this.step("closing connections", () => r.listener.close(CloseCode.GoingAway, "Neovim IDE server stopped"));
    for (const [, g] of r.gateways) this.step("closing a far session's listener", g.close);
    this.step("removing the lock file", () => lockfile.remove(r.lockPath));
    // Connections closed by the listener report their end later; forget the sessions now.
    for (const [, s] of r.sessions) s.ready = false;
    this.notifySessionsChanged();
  }

  /** Starts the Gemini CLI / Qwen Code companion; a failure is reported and leaves the server running. */
  private startCompanion(r: Running): void {
    const companion = new (companionModule().Companion)({
      config: this.config,
      services: r.services,
      hub: this.hub,
      log: this.log,
      dir: this.opts.companionDir,
    });
    const started = companion.start();
    if (!started.ok) {
      this.log.warn(`the Gemini CLI companion did not start: ${started.error}`);
      return;
    }
    r.companion = companion;
    this.log.info(`companion listening on 127.0.0.1:${started.port}`);
  }

  /** Every connected client by the name it gave and the MCP revision it speaks (:checkhealth). */
  connectedClients(): { kind: string; name: string; revision?: string }[] {
    const out: { kind: string; name: string; revision?: string }[] = [];
    const r = this.running;
    if (r === undefined) return out;
    for (const [, s] of r.sessions) {
      if (!s.isOpen()) continue;
      const kind = s.role === "agent" ? "agent tools (bridge)" : "IDE (WebSocket)";
      out.push({ kind, name: s.clientLabel ?? s.clientName ?? "unnamed client", revision: s.protocolVersion });
    }
    for (const c of r.companion?.clients() ?? [])
      out.push({ kind: "companion (HTTP)", name: c.name ?? "unnamed client", revision: c.protocolVersion });
    return out;
  }

  /** The Gemini CLI / Qwen Code companion, when it runs. */
  companion(): Companion | undefined {
    return this.running?.companion;
  }

  /** The running server's diff reviews (undefined when stopped). */
  diff(): DiffService | undefined {
    return this.running?.services.diff;
  }

  /** The running server's notes for the next prompt (undefined when stopped). */
  notes(): NotesQueue | undefined {
    return this.running?.services.notes;
  }

  /** The running server's notes on lines, for the agent (undefined when stopped). */
  lineNotes(): LineNotes | undefined {
    return this.running?.services.lineNotes;
  }

  /** The running server's privacy policy (undefined when stopped). */
  policy(): Policy | undefined {
    return this.running?.services.policy;
  }

  status(): ServerStatus {
    const r = this.running;
    if (r === undefined) return { running: false, clients: 0, cliPids: [] };
    const cliPids: number[] = [];
    let agents = 0;
    for (const [, s] of r.sessions) {
      if (s.isOpen() && s.cliPid !== undefined) cliPids.push(s.cliPid);
      if (s.isOpen() && s.role === "agent") agents++;
    }
    return {
      running: true,
      port: r.endpoint.port,
      lockFile: r.lockPath,
      clients: r.listener.connections().length,
      uptimeMs: vim.uv.now() - r.startedAt,
      cliPids,
      agents,
    };
  }

  /**
   * Listens on the previous port with the previous token when that port is still free (a running CLI
   * reconnects to the same port and token); otherwise on a new port with a fresh token.
   */
  private openListener(
    sessions: LuaMap<number, Session>,
  ): { ok: true; listener: Listener; token: string } | { ok: false; error: string } {
    const reuse = this.opts.reuse;
    if (reuse !== undefined) {
      const result = this.tryListen(sessions, reuse.token, reuse.port);
      if (result.ok && result.listener.port === reuse.port)
        return { ok: true, listener: result.listener, token: reuse.token };
      if (result.ok) result.listener.close(CloseCode.GoingAway, "");
      this.log.debug(`port ${reuse.port} is taken: using a new port and token`);
    }
    const token = lockfile.randomHex(TOKEN_BYTES);
    const result = this.tryListen(sessions, token, undefined);
    return result.ok ? { ok: true, listener: result.listener, token } : result;
  }

  private tryListen(
    sessions: LuaMap<number, Session>,
    token: string,
    port: number | undefined,
  ): { ok: true; listener: Listener } | { ok: false; error: string } {
    const c = this.config;
    const opts: ListenOptions = {
      port,
      portRange: c.port_range,
      token,
      allowedOrigins: c.allowed_origins,
      maxMessageBytes: c.max_message_bytes,
      handshakeTimeoutMs: c.handshake_timeout_ms,
      keepalive: { intervalMs: c.keepalive.interval_ms, timeoutMs: c.keepalive.timeout_ms },
      onConnection: (conn) => this.accept(sessions, conn),
      onLog: (level, msg) => this.log.log(level, msg),
    };
    return listen(opts);
  }

  /**
   * Opens a far session's door (Gateway): a new listener on 127.0.0.1 with a fresh token, whose clients' paths
   * go through `paths`. Closed by its close(), or with the server.
   */
  openGateway(paths: PathMap): { ok: true; gateway: Gateway } | { ok: false; error: string } {
    const r = this.running;
    if (r === undefined) return { ok: false, error: "the IDE server is not running" };
    const token = lockfile.randomHex(TOKEN_BYTES);
    const c = this.config;
    // Known once listening; connections come only after that.
    let doorPort = 0;
    const base = GATEWAY_IDS * ++this.gatewayCount;
    // Beside the WebSocket upgrades, plain HTTP: the far CLI's HTTP hooks and its agent tools (MCP streamable HTTP).
    let mcp: HttpSessions | undefined;
    let nextHook = base + (2 * GATEWAY_IDS) / 10;
    const onRequest = (req: HttpRequest, res: Responder): void => {
      const [path] = string.match(req.target, "^([^?#]*)");
      if (path === "/mcp") {
        mcp ??= new (httpSessions().HttpSessions)({
          firstId: base + GATEWAY_IDS / 10,
          limits: httpSessions().SESSION_LIMITS,
          log: (msg) => this.log.debug(`far session: ${msg}`),
          makeSession: (conn) =>
            this.accept(r.sessions, conn, paths, doorPort, "agent") ?? error("the IDE server stopped"),
        });
        mcp.onRequest(req, res);
        return;
      }
      r.blocking ??= new (blockingModule().Blocking)((msg, detail) => this.log.failure(msg, detail));
      hooksHttp().hookRequest(
        {
          router: this.channelOf(r).router,
          hub: this.hub,
          blocking: r.blocking,
          paths,
          owner: () => this.farOwner(r, paths),
          nextId: () => nextHook++,
          log: (msg) => this.log.warn(`far session: ${msg}`),
        },
        req,
        res,
      );
    };
    const listened = listen({
      firstId: base + 1,
      http: {
        methods: ["POST", "GET", "DELETE"],
        paths: ["/mcp"],
        prefixes: [hooksHttp().HOOKS_PREFIX],
        maxBodyBytes: c.max_message_bytes,
        onRequest,
      },
      token,
      allowedOrigins: c.allowed_origins,
      maxMessageBytes: c.max_message_bytes,
      handshakeTimeoutMs: c.handshake_timeout_ms,
      keepalive: { intervalMs: c.keepalive.interval_ms, timeoutMs: c.keepalive.timeout_ms },
      onConnection: (conn) => this.accept(r.sessions, conn, paths, doorPort),
      onLog: (level, msg) => this.log.log(level, `far session: ${msg}`),
    });
    if (!listened.ok) return listened;
    const listener = listened.listener;
    doorPort = listener.port;
    const gateway: Gateway = {
      port: listener.port,
      token,
      paths,
      close: () => {
        r.gateways.delete(listener.port);
        mcp?.closeAll();
        listener.close(CloseCode.GoingAway, "the far session ended");
      },
      clients: () => listener.connections().length,
    };
    r.gateways.set(listener.port, gateway);
    this.log.info(`far session door on 127.0.0.1:${listener.port} (${paths.describe()})`);
    return { ok: true, gateway };
  }

  /**
   * One request's round trip to the IDE client that came through the door on `port` (an MCP ping, through the
   * forward): milliseconds, or why not. Waits at most `timeoutMs` (for :checkhealth, which may wait).
   */
  doorRoundTrip(port: number, timeoutMs: number): { ok: true; ms: number } | { ok: false; error: string } {
    const r = this.running;
    const g = r?.gateways.get(port);
    if (r === undefined || g === undefined) return { ok: false, error: "no such door" };
    const owner = this.farOwner(r, g.paths);
    const client = owner !== undefined ? r.sessions.get(owner) : undefined;
    if (client === undefined) return { ok: false, error: "no CLI has connected through it" };
    const started = vim.uv.hrtime();
    let answer: { error: unknown } | undefined;
    client.ping((error) => {
      answer = { error };
    });
    vim.wait(timeoutMs, () => answer !== undefined, 1);
    if (answer === undefined) return { ok: false, error: `no answer to a ping within ${timeoutMs} ms` };
    if (answer.error !== undefined && answer.error !== vim.NIL)
      return { ok: false, error: `the CLI answered the ping with an error: ${vim.inspect(answer.error)}` };
    return { ok: true, ms: (vim.uv.hrtime() - started) / 1e6 };
  }

  /** The far sessions' doors now open. */
  gateways(): Gateway[] {
    const out: Gateway[] = [];
    for (const [, g] of this.running?.gateways ?? new LuaMap<number, Gateway>()) out.push(g);
    return out;
  }

  /**
   * The IDE session a far session's door belongs to: the ready IDE session that came through it (its `paths`).
   * A far agent's connections and hooks are its (no process ancestry across machines).
   */
  private farOwner(r: Running, paths: PathMap): number | undefined {
    for (const [, s] of r.sessions) if (s.role === "ide" && s.ready && s.isOpen() && s.paths === paths) return s.id;
    return undefined;
  }

  /**
   * A new authenticated connection: give it a Session (`paths`, `door`: it came through that far session's door;
   * `role`: the role it gets whatever its headers say, for an MCP session over HTTP).
   */
  private accept(
    sessions: LuaMap<number, Session>,
    conn: Connection,
    paths?: PathMap,
    door?: number,
    role?: string,
  ): Session | undefined {
    const r = this.running;
    if (r === undefined || r.sessions !== sessions) {
      conn.close(CloseCode.GoingAway, "server stopped");
      return undefined;
    }
    const wanted = role ?? conn.headers["x-claude-ide-role"];
    const served =
      wanted === "agent"
        ? (r.agent ??= agentEndpoint().createAgentRole(
            this.config,
            () => r.services,
            this.hub,
            (method) => this.notifyAgents(r, method),
          ))
        : wanted === "hook"
          ? (r.hook ??= hooksModule().hookRole(this.config, this.channelOf(r).router, this.hub))
          : (r.ide ??= this.ideRole());
    r.blocking ??= new (blockingModule().Blocking)((msg, detail) => this.log.failure(msg, detail));
    const session = new (sessionModule().Session)(conn, {
      role: served,
      blocking: r.blocking,
      config: this.config,
      hub: this.hub,
      services: r.services,
      log: this.log,
      paths,
      door,
      onChange: (s) => {
        if (s.ready && s.role === "ide") this.toldToolsChanged(s);
        if (!s.isOpen()) {
          sessions.delete(s.id);
          r.ancestry.delete(s.id);
          r.toldTools.delete(s.id);
        }
        // Connections of a stopped server close after stop() has told the listeners already.
        if (this.running?.sessions === sessions) this.notifySessionsChanged();
      },
    });
    sessions.set(conn.id, session);
    this.log.debug(`client ${conn.id} connected (${conn.headers["user-agent"] ?? "no user-agent"})`);
    return session;
  }

  /** The running server's hook router (undefined when stopped); made on first use. */
  hooks(): Router | undefined {
    const r = this.running;
    return r !== undefined ? this.channelOf(r).router : undefined;
  }

  /** The running server's hook channel (the turn review's commands reach it here); made on first use. */
  channel(): Channel | undefined {
    const r = this.running;
    return r !== undefined ? this.channelOf(r) : undefined;
  }

  private channelOf(r: Running): Channel {
    r.channel ??= hooksModule().createChannel({
      config: this.config,
      services: r.services,
      hub: this.hub,
      log: this.log,
    });
    return r.channel;
  }

  private ideRole(): Role {
    return {
      name: "ide",
      registry: new (registryModule().Registry)(this.opts.tools ?? toolsModule().ALL_TOOLS, this.config),
      // The list changes when setup() restarts the server with other options (execute_code): see toolsBefore.
      capabilities: { tools: { listChanged: true } },
      argumentErrorsAsResults: false,
    };
  }

  /** The names of the IDE tools this server lists; undefined while no CLI has connected (none has a list). */
  listedTools(): string[] | undefined {
    return this.running?.ide?.registry.list().map((t) => (t as { name: string }).name);
  }

  /**
   * A CLI session became ready on a server that replaced one with another tool list: the CLI may hold the old
   * list from before its reconnect, so it is told to fetch it again (once per session; harmless for a new CLI,
   * which fetches it anyway).
   */
  private toldToolsChanged(s: Session): void {
    const r = this.running;
    const before = this.opts.toolsBefore;
    if (r === undefined || before === undefined || r.toldTools.has(s.id)) return;
    r.toldTools.add(s.id);
    if (!vim.deep_equal(before, this.listedTools())) s.notify("notifications/tools/list_changed", dict());
  }

  /**
   * Hub.ownerOf: the Claude CLI connection a connection belongs to. A CLI's connection is its own; an agent
   * bridge's belongs to the CLI that started it. The tie is process ancestry: Claude Code starts its MCP servers
   * as child processes, so the CLI's pid (announced with ide_connected) is the bridge's parent, or an ancestor
   * when a wrapper (sh, npx) sits between them; the bridge tells its own pid in initialize (PID_META). Chosen
   * over the CLI's roots/list answer because two sessions in one project (two :ClaudeCodeNew in the same cwd,
   * the usual case) have the same roots, while a process has exactly one parent. The nearest ancestor wins.
   */
  private ownerOf(clientId: number): number | undefined {
    const r = this.running;
    const s = r?.sessions.get(clientId);
    if (r === undefined || s === undefined || !s.isOpen()) return undefined;
    if (s.role === "ide") return s.id;
    if (s.paths !== undefined) return this.farOwner(r, s.paths);
    if (s.processId === undefined) return undefined;
    const cliByPid = new LuaMap<number, number>();
    for (const [, other] of r.sessions)
      if (other.role === "ide" && other.isOpen() && other.cliPid !== undefined) cliByPid.set(other.cliPid, other.id);
    // A CLI that serves both roles from one process (its own agent connection) owns it directly.
    const own = cliByPid.get(s.processId);
    if (own !== undefined) return own;
    let chain = r.ancestry.get(s.id);
    if (chain === undefined) {
      chain = processModule().ancestors(s.processId, MAX_BRIDGE_DEPTH);
      r.ancestry.set(s.id, chain);
    }
    for (const pid of chain) {
      const owner = cliByPid.get(pid);
      if (owner !== undefined) return owner;
    }
    return undefined;
  }

  /** Sessions whose client finished initializing and is still connected. */
  /** A notification to every ready agent session of `r`; false once `r` is no longer the running server. */
  private notifyAgents(r: Running, method: string): boolean {
    if (this.running !== r) return false;
    for (const [, s] of r.sessions) if (s.ready && s.isOpen() && s.role === "agent") s.notify(method, dict());
    return true;
  }

  private readySessions(): Session[] {
    const ready: Session[] = [];
    const r = this.running;
    if (r !== undefined) for (const [, s] of r.sessions) if (s.ready && s.isOpen() && s.role === "ide") ready.push(s);
    return ready;
  }

  private notifySessionsChanged(): void {
    for (const [, listener] of this.hubListeners) this.step("a sessions-changed listener", listener);
  }

  /** The group is named after the port: two servers (specs) must not clear each other's autocmds. */
  private createAutocmds(port: number): number {
    const group = vim.api.nvim_create_augroup(`claude-ide.server.${port}`, { clear: true });
    vim.api.nvim_create_autocmd("VimLeavePre", {
      group,
      desc: "claude-ide: answer pending calls, close clients, remove the lock file",
      callback: () => {
        const r = this.running;
        this.stop();
        // Nothing runs after VimLeavePre: let the close frames (1001) reach the clients first.
        if (r !== undefined) r.listener.drain(LEAVE_DRAIN_MS);
      },
    });
    // A window or tab page closing may take its local cwd (:lcd, :tcd) out of the folders.
    vim.api.nvim_create_autocmd(["DirChanged", "LspAttach", "LspDetach", "TabClosed", "WinClosed"], {
      group,
      desc: "claude-ide: keep the lock file's workspaceFolders current",
      // Scheduled: on LspDetach the client is still listed until the event is over (a closing window too).
      callback: () => vim.schedule(() => this.rewriteLock()),
    });
    return group;
  }

  private rewriteLock(): void {
    const r = this.running;
    if (r === undefined) return;
    const folders = lockfile.workspaceFolders();
    // Most window closings change nothing: the file is written only when the folders did.
    if (vim.deep_equal(folders, r.folders)) return;
    const written = lockfile.write(r.lockDir, r.endpoint.port, r.endpoint.token, folders);
    if (!written.ok) this.log.warn(`could not update the lock file: ${written.error}`);
    else r.folders = folders;
  }

  private step(what: string, fn: (this: void) => void): void {
    const [ok, err] = pcall(fn);
    if (!ok) this.log.error(`${what} failed: ${tostring(err)}`);
  }
}
