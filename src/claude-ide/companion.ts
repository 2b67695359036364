// The Gemini CLI / Qwen Code "IDE companion": MCP over Streamable HTTP on a second 127.0.0.1 port (POST /mcp
// answers with JSON; GET /mcp is the session's event stream for notifications; DELETE /mcp ends the session),
// the discovery file, and the GEMINI_CLI_IDE_* variables in this Neovim's environment (so every terminal and
// job it starts finds it, as VS Code's terminals do). Each HTTP session runs the same protocol Session as a
// WebSocket client, with the companion's tools (openDiff/closeDiff) on the same review UI.
import { type Config, companionName } from "./config";
import type { Hub, Services } from "./contracts";
import * as discovery from "./discovery/gemini";
import * as qwenDiscovery from "./discovery/qwen";
import { randomHex, workspaceFolders } from "./discovery/lockfile";
import { WorkspaceContext } from "./editor/workspace_context";
import type { Logger } from "./log";
import { Blocking } from "./protocol/blocking";
import { notification } from "./protocol/jsonrpc";
import { Session } from "./protocol/session";
import { type HttpSession, HttpSessions, SESSION_LIMITS, type SessionLimits } from "./protocol/http_sessions";
import { companionTools } from "./tools/companion_diff";
import { Registry } from "./protocol/registry";
import { type HttpRequest, type HttpServer, type Responder, listenHttp } from "./transport/http";
import { loopbackClients, socketsOf } from "./util/process";

const PATH = "/mcp";
const TOKEN_BYTES = 16;
/** Ids of companion sessions, apart from the WebSocket connections' (reviews are owned by these ids). */
const FIRST_ID = 1000000;

const ENV_NAMES = [
  "GEMINI_CLI_IDE_SERVER_PORT",
  "GEMINI_CLI_IDE_WORKSPACE_PATH",
  "GEMINI_CLI_IDE_AUTH_TOKEN",
  "GEMINI_CLI_IDE_PID",
  "QWEN_CODE_IDE_SERVER_PORT",
  "QWEN_CODE_IDE_WORKSPACE_PATH",
];

export interface CompanionDeps {
  config: Config;
  services: Services;
  hub: Hub;
  log: Logger;
  /** Discovery directory (default: Node's os.tmpdir()/gemini/ide). Specs inject a temp dir. */
  dir?: string;
  /** Test seam: session limits other than the defaults. */
  sessionLimits?: Partial<SessionLimits>;
}

export interface CompanionClient {
  id: number;
  name?: string;
  protocolVersion?: string;
  /** It completed initialize (and is still connected). */
  ready: boolean;
}

export class Companion {
  private http?: HttpServer;
  private file?: string;
  /** Qwen Code's lock (discovery/qwen.ts): it reads no Gemini CLI discovery file. */
  private qwenFile?: string;
  private token = "";
  /** The MCP sessions (protocol/http_sessions); `sessions` is theirs (specs read it). */
  private readonly mcp: HttpSessions;
  readonly sessions: LuaMap<string, HttpSession>;
  private readonly blocking: Blocking;
  private readonly registry: Registry;
  private context?: WorkspaceContext;
  private augroup?: number;
  private env: { [name: string]: string } = {};
  private readonly limits: SessionLimits;
  /** Why the discovery file is not where Gemini CLI looks (discovery.write), for :checkhealth. */
  private warning?: string;

  constructor(private readonly deps: CompanionDeps) {
    this.limits = { ...SESSION_LIMITS, ...deps.sessionLimits };
    this.mcp = new HttpSessions({
      firstId: FIRST_ID,
      limits: this.limits,
      log: (msg) => deps.log.debug(`companion: ${msg}`),
      makeSession: (conn) => this.makeSession(conn),
      // The CLI takes its first context from the stream's opening.
      onStreamOpened: () => {
        this.context?.listen(true);
        this.context?.changed();
      },
      onClosed: (closed, none) => {
        this.deps.services.diff.rejectFor([closed.id]);
        this.blocking.cancelOwner(closed.id, "session ended");
        if (none) this.context?.listen(false);
      },
    });
    this.sessions = this.mcp.sessions;
    this.blocking = new Blocking((msg, detail) => deps.log.failure(msg, detail));
    this.registry = new Registry(
      companionTools({
        notify: (clientId, method, params) => this.notify(clientId, method, params),
        label: () => companionName(deps.config),
        services: () => deps.services,
        knowsProcesses: () => this.knowsProcesses(),
        tell: (msg) => deps.log.warn(msg),
        alive: (clientId) => {
          for (const [, s] of this.sessions) if (s.id === clientId) return true;
          return false;
        },
      }),
      deps.config,
    );
  }

  /** Listens, writes the discovery file and the environment. */
  start(): { ok: true; port: number } | { ok: false; error: string } {
    const dir = this.deps.dir ?? discovery.defaultDir();
    for (const path of discovery.sweep(dir)) this.deps.log.debug(`removed stale discovery file ${path}`);
    for (const path of qwenDiscovery.sweep(qwenDiscovery.defaultDir()))
      this.deps.log.debug(`removed stale Qwen Code lock ${path}`);
    this.token = randomHex(TOKEN_BYTES);
    const listened = listenHttp({
      path: PATH,
      methods: ["POST", "GET", "DELETE"],
      token: this.token,
      allowedOrigins: this.deps.config.allowed_origins,
      maxBodyBytes: this.deps.config.max_message_bytes,
      headerTimeoutMs: this.deps.config.handshake_timeout_ms,
      onRequest: (req, res) => this.onRequest(req, res),
      log: (level, msg) => this.deps.log.log(level, `companion: ${msg}`),
    });
    if (!listened.ok) return listened;
    this.http = listened.server;
    const port = listened.server.port;
    const written = this.writeDiscovery(dir);
    if (!written.ok) {
      this.http.close();
      this.http = undefined;
      return written;
    }
    this.augroup = vim.api.nvim_create_augroup(`claude-ide.companion.${port}`, { clear: true });
    vim.api.nvim_create_autocmd("DirChanged", {
      group: this.augroup,
      desc: "claude-ide: keep the companion's workspace path current",
      callback: () => vim.schedule(() => this.writeDiscovery(dir)),
    });
    this.context = new WorkspaceContext(
      `claude-ide.companion.context.${port}`,
      this.deps.config.companion.debounce_ms,
      (state) => this.broadcast("ide/contextUpdate", { workspaceState: state }),
      (path) => this.deps.services.policy.withheld(path) !== undefined,
    );
    return { ok: true, port };
  }

  private writeDiscovery(dir: string): { ok: true } | { ok: false; error: string } {
    const http = this.http;
    if (http === undefined) return { ok: true };
    const folders = workspaceFolders();
    const written = discovery.write(dir, http.port, this.token, folders);
    if (!written.ok) return { ok: false, error: `cannot write the companion discovery file: ${written.error}` };
    if (written.value.path !== this.file && this.file !== undefined) discovery.remove(this.file);
    if (written.value.warning !== undefined && written.value.warning !== this.warning)
      this.deps.log.warn(written.value.warning);
    this.warning = written.value.warning;
    this.file = written.value.path;
    const qwen = qwenDiscovery.write(qwenDiscovery.defaultDir(), http.port, this.token, folders);
    if (qwen.ok) this.qwenFile = qwen.value;
    else this.deps.log.warn(`Qwen Code will not find this Neovim: ${qwen.error}`);
    this.env = {
      GEMINI_CLI_IDE_SERVER_PORT: tostring(http.port),
      GEMINI_CLI_IDE_WORKSPACE_PATH: folders.join(":"),
      GEMINI_CLI_IDE_AUTH_TOKEN: this.token,
      GEMINI_CLI_IDE_PID: tostring(vim.fn.getpid()),
      QWEN_CODE_IDE_SERVER_PORT: tostring(http.port),
      QWEN_CODE_IDE_WORKSPACE_PATH: folders.join(":"),
    };
    for (const [k, v] of pairs(this.env)) vim.env[k as string] = v;
    return { ok: true };
  }

  /** Closes sessions (their reviews are rejected), stops listening, removes the file and the environment. */
  stop(): void {
    this.mcp.closeAll();
    this.blocking.cancelAll("server stopped");
    this.context?.dispose();
    this.context = undefined;
    if (this.augroup !== undefined) pcall(vim.api.nvim_del_augroup_by_id, this.augroup);
    this.augroup = undefined;
    this.http?.close();
    this.http = undefined;
    if (this.file !== undefined) discovery.remove(this.file);
    this.file = undefined;
    if (this.qwenFile !== undefined) discovery.remove(this.qwenFile);
    this.qwenFile = undefined;
    for (const name of ENV_NAMES) if (vim.env[name] === this.env[name]) vim.env[name] = undefined;
    this.env = {};
  }

  port(): number | undefined {
    return this.http?.port;
  }

  discoveryFile(): string | undefined {
    return this.file;
  }

  /** Why the discovery file is not where Gemini CLI looks, when it is not. */
  discoveryWarning(): string | undefined {
    return this.warning;
  }

  /** Connected CLIs (live sessions only: see HttpSession.isLive), and the protocol revision they speak. */
  clients(): CompanionClient[] {
    const out: CompanionClient[] = [];
    const now = vim.uv.now();
    for (const [, s] of this.sessions)
      if (s.isLive(now, this.limits))
        out.push({
          id: s.id,
          name: companionName(this.deps.config),
          protocolVersion: s.protocolVersion,
          ready: s.session.ready,
        });
    table.sort(out, (a, b) => a.id < b.id);
    return out;
  }

  /**
   * The session of the CLI that is one of `pids` (a hook's process and its ancestors): the session a connection
   * of that process to this companion belongs to. Linux only (/proc): undefined elsewhere, or when there is none.
   */
  sessionOfProcess(pids: number[]): number | undefined {
    const http = this.http;
    if (http === undefined || next(this.sessions)[0] === undefined) return undefined;
    const clients = loopbackClients(http.port);
    if (clients === false) return undefined;
    const byPort = new LuaMap<number, number>();
    for (const [, s] of this.sessions) {
      for (const port of s.peerPorts) byPort.set(port, s.id);
      if (s.streamPort !== undefined && s.hasStream()) byPort.set(s.streamPort, s.id);
    }
    for (const pid of pids)
      for (const inode of socketsOf(pid)) {
        const port = clients.get(inode);
        const id = port !== undefined ? byPort.get(port) : undefined;
        if (id !== undefined) return id;
      }
    return undefined;
  }

  /** Whether sessionOfProcess can tell a CLI's session on this system. */
  knowsProcesses(): boolean {
    const [st] = vim.uv.fs_stat("/proc/net/tcp");
    return st !== undefined;
  }

  private notify(clientId: number, method: string, params: object): void {
    for (const [, s] of this.sessions) if (s.id === clientId) s.send(notification(method, params));
  }

  private broadcast(method: string, params: object): void {
    const text = notification(method, params);
    for (const [, s] of this.sessions) if (s.session.ready) s.send(text);
  }

  private onRequest(req: HttpRequest, res: Responder): void {
    this.mcp.onRequest(req, res);
  }

  private makeSession(s: HttpSession): Session {
    return new Session(s, {
      role: {
        name: "companion",
        registry: this.registry,
        capabilities: { tools: { listChanged: false } },
        argumentErrorsAsResults: false,
      },
      blocking: this.blocking,
      config: this.deps.config,
      hub: this.deps.hub,
      services: this.deps.services,
      log: this.deps.log,
      onChange: () => undefined,
    });
  }
}
