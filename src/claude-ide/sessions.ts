// Claude sessions: each `claude` started from Neovim (:ClaudeCode, :ClaudeCodeNew) has its own terminal, and
// each CLI connection is tied to the terminal it runs in by the pid it announces (ide_connected): that pid is
// the terminal's process or one of its descendants. A connected CLI that matches no terminal (started in
// another terminal, /ide) is a session of its own. Owned by init.ts; it outlives server restarts.
//
// What is per session: @-mentions (:ClaudeCodeSend, :ClaudeCodeAdd, file explorers) go to the current
// session only — the terminal the cursor is in, else the last one focused, else the last one started; a
// review names the session that proposed it; closing a terminal rejects only its session's pending reviews.
// Selections still go to every connected session.
import type * as CliConfigModule from "./bridge/cli_config";
import type { Config } from "./config";
import type { Mention, Recipients } from "./editor/mentions";
import { ClaudeTerminal } from "./editor/terminal";
import { type CliKind, modeArguments } from "./util/permission_mode";
import type * as HookSettingsModule from "./hooks/settings";
import type * as ConfigFileModule from "./discovery/cli_files";
import type * as SnapshotModule from "./editor/snapshot/snapshot";
import { say } from "./log";
import { parentPid } from "./util/process";
import type { ClientInfo, DiffService, Hub } from "./contracts";
import { lazy, warmModules } from "./util/modules";
import { type CommandClient, clientLabel, commandClient } from "./util/client_name";
import type * as FarSessionModule from "./far/session";
import type * as FarLaunchModule from "./far/launch";
import type { FarSession } from "./far/session";
import type { Gateway } from "./server";
import type { PathMap } from "./util/path_map";

/** Loaded when a terminal starts with agent.in_terminal on (it lists the agent tools). */
const cliConfig = lazy<typeof CliConfigModule>("claude-ide.bridge.cli_config");
const hookSettings = lazy<typeof HookSettingsModule>("claude-ide.hooks.settings");
const configFile = lazy<typeof ConfigFileModule>("claude-ide.discovery.cli_files");
const snapshotModule = lazy<typeof SnapshotModule>("claude-ide.editor.snapshot.snapshot");
const farSession = lazy<typeof FarSessionModule>("claude-ide.far.session");
const farLaunch = lazy<typeof FarLaunchModule>("claude-ide.far.launch");

/**
 * What a CLI :ClaudeCode starts gets besides its command: Claude Code the agent endpoint (agent.in_terminal) and
 * the hooks (hooks.enabled) on its command line; Gemini CLI and Qwen Code the hooks through a system-defaults
 * settings file named in their environment; Codex its notify program and hooks as `-c` overrides on its command
 * line (hooks/settings codexArguments); each terminal.permission_mode as its own flags (util/permission_mode).
 */
function cliSetup(
  config: Config,
  cli: CliKind,
  extra: string,
): { ok: true; args: string; env: { [name: string]: string } } | { ok: false; error: string } {
  const mode = modeArguments(cli, config.terminal.permission_mode, `${config.terminal.command} ${extra}`);
  const made = hooksSetup(config, cli);
  if (!made.ok) return made;
  for (const [k, v] of pairs(editorEnv(config, cli))) made.env[k as string] = v;
  if (mode === "") return made;
  return { ok: true, args: made.args === "" ? mode : `${made.args} ${mode}`, env: made.env };
}

/**
 * $VISUAL and $EDITOR naming the plugin's editor command (hooks/main.ts editorMain: the file opens in this
 * Neovim), and the user's own editor for when Neovim is gone (terminal.editor). Words split at spaces, no quotes:
 * Claude Code 2.1.330 splits $VISUAL at spaces; a path with a space cannot be said so, and the CLI keeps yours.
 */
function editorEnv(config: Config, cli: CliKind): { [name: string]: string } {
  if (config.terminal.editor === false) return {};
  const words = [
    vim.v.progpath,
    "-l",
    hookSettings().hookScript(),
    cli,
    "editor",
    "--instance",
    tostring(vim.fn.getpid()),
  ];
  for (const w of words) if (string.find(w, "%s")[0] !== undefined) return {};
  const command = words.join(" ");
  const user = config.terminal.env;
  const own = user.VISUAL ?? vim.env.VISUAL ?? user.EDITOR ?? vim.env.EDITOR;
  const env: { [name: string]: string } = { VISUAL: command, EDITOR: command };
  if (own !== undefined && own !== "" && own !== command) env.CLAUDE_IDE_EDITOR_FALLBACK = own;
  return env;
}

function hooksSetup(
  config: Config,
  cli: CliKind,
): { ok: true; args: string; env: { [name: string]: string } } | { ok: false; error: string } {
  if (cli === "claude") {
    const made = cliConfig().cliArguments({
      agent: config.agent.in_terminal,
      hooks: config.hooks.enabled,
    });
    return made.ok ? { ok: true, args: made.args, env: {} } : made;
  }
  if (!config.hooks.enabled) return { ok: true, args: "", env: {} };
  if (cli === "codex") return { ok: true, args: hookSettings().codexArguments(), env: {} };
  const made = hookSettings().systemDefaultsEnv(cli, hookSettings().settingsDir());
  if (!made.ok) return made;
  configFile().removeOnExit([made.path], `claude-ide.hooks-${cli}`);
  return { ok: true, args: "", env: made.env };
}

/** One entry of require("claude-ide").sessions() and :ClaudeCodeSessions. */
export interface SessionInfo {
  /** Stable for the session's lifetime: 1, 2, ... for terminals; external CLIs count on from 1001. */
  id: number;
  name: string;
  /**
   * Working directory of the terminal when it started; for an external CLI, the first folder it reported
   * (roots/list: its cwd), "" until it did.
   */
  cwd: string;
  /** The folders the connected CLI works in, as it answered roots/list: its cwd, then its --add-dir folders. */
  roots: string[];
  /** Started from this Neovim (it has a terminal); false: a CLI started elsewhere that connected. */
  terminal: boolean;
  /** A CLI of this session is connected. */
  connected: boolean;
  /** Pid the CLI announced (ide_connected), when connected. */
  pid?: number;
  /** Diff reviews this session proposed that wait for an answer. */
  pending: number;
  /** The session :ClaudeCode, :ClaudeCodeSend and @-mentions go to. */
  current: boolean;
  /** The terminal buffer (terminal sessions). */
  buf?: number;
  /**
   * The CLI by the name the user reads ("Claude Code", "Gemini CLI", "Qwen Code", ...): what it said it is
   * (initialize's clientInfo) once connected, else what its terminal runs. Messages name it.
   */
  client: string;
  /** How the CLI reaches this Neovim: "ide" (Claude Code's lock file and WebSocket) or "companion" (Gemini CLI / Qwen Code over HTTP). */
  protocol: "ide" | "companion";
  /** Where the CLI runs when it is not beside Neovim: the remote.targets name, and its door's port. */
  target?: { name: string; port: number };
}

/** A connected Gemini CLI / Qwen Code (a companion session that completed initialize). */
export interface CompanionPeer {
  id: number;
  /** The name the user reads for it. */
  name: string;
}

/** What the sessions need from the running server (undefined while it is stopped). */
export interface ServerLink {
  hub(this: void): Hub | undefined;
  diff(this: void): DiffService | undefined;
  port(this: void): number | undefined;
  /** The CLIs connected through the Gemini CLI / Qwen Code companion (none while it is off). */
  companionClients(this: void): CompanionPeer[];
  /** Opens a far session's door (server Gateway); undefined while the server is stopped. */
  openGateway(this: void, paths: PathMap): { ok: true; gateway: Gateway } | { ok: false; error: string } | undefined;
}

/** How far up the process tree a CLI may sit below its terminal's process (shell → wrapper → claude). */
const MAX_DEPTH = 16;
/** Ids of sessions without a terminal start here, so that they never collide with terminal sessions. */
const EXTERNAL_BASE = 1000;
/** The companion's first connection id (companion.ts FIRST_ID): its CLIs are numbered from 1 in names. */
const COMPANION_FIRST_ID = 1000000;
/** How often references waiting for a Gemini CLI / Qwen Code to connect check whether it has. */
const TYPE_POLL_MS = 200;

interface TermSession {
  id: number;
  name: string;
  cwd: string;
  terminal: ClaudeTerminal;
  /** The CLI its command runs. */
  client: CommandClient;
  /** @-references waiting to be typed into its CLI's prompt (Gemini CLI / Qwen Code) until it connects. */
  typing: { text: string; expires: number }[];
  /** When its companion CLI was first seen connected (vim.uv.now()), while it is. */
  connectedAt?: number;
  /** The recipients of this session's @-mentions (one function per session: the mention queue keeps order by it). */
  recipients: Recipients;
  /** An agent started somewhere else (remote.targets): its door closes with the terminal. */
  far?: FarSession;
  /** Its far shell said its folder is not the files here, naming the first file that differs (said once). */
  otherFiles?: string;
}

/** New Sessions (for init, which loads without TypeScript's class library and so cannot say `new`). */
export function createSessions(link: ServerLink): Sessions {
  return new Sessions(link);
}

export class Sessions {
  private readonly terms: TermSession[] = [];
  private nextId = 1;
  /** The session whose terminal was focused last. */
  private lastFocused?: number;
  /** connection id → terminal session id (0: no terminal), decided once its pid is known. */
  private readonly owners = new LuaMap<number, number>();
  /**
   * companion connection id → terminal session id (0: none). A companion CLI does not say which process it is:
   * it belongs to the only Gemini/Qwen terminal running; with several, to the first one (in start order) that
   * has no connected CLI yet (they connect in the order they start), decided once.
   */
  private readonly companionOwners = new LuaMap<number, number>();
  private augroup?: number;
  /** Connections that came through a far session's door → that session's name (their reviews outlive them). */
  private readonly farClients = new LuaMap<number, string>();

  constructor(private readonly link: ServerLink) {}

  /** The server's sessions changed: tie newly announced CLIs to their terminal now, while their process lives. */
  refresh(): void {
    const clients = this.clients();
    for (const [id] of this.owners) if (!clients.some((c) => c.id === id)) this.owners.delete(id);
    for (const c of clients) this.ownerOf(c);
  }

  /** Every session: terminals first (in start order), then connected CLIs that belong to none. */
  list(): SessionInfo[] {
    const current = this.current();
    const diff = this.link.diff();
    const hub = this.link.hub();
    // A session's reviews: its CLI connections' openDiff reviews and those of the agent bridges they started.
    const pendingOf = (ids: number[]) =>
      ids.length === 0
        ? 0
        : (diff?.pendingFor((client) => client !== undefined && ids.includes(hub?.ownerOf(client) ?? client)) ?? 0);
    const clients = this.clients();
    const companion = this.companionPeers();
    const out: SessionInfo[] = this.running().map((t) => {
      const mine = clients.filter(
        (c) => this.ownerOf(c) === t.id || (this.ownerOf(c) === undefined && this.isSoleTerminal(t)),
      );
      if (t.client.companion) {
        const peers = companion.filter((p) => this.companionOwnerOf(p.id) === t.id);
        return {
          id: t.id,
          name: t.name,
          cwd: t.cwd,
          terminal: true,
          connected: peers.length > 0,
          roots: [],
          pending: pendingOf(peers.map((p) => p.id)),
          current: current === t,
          buf: t.terminal.buffer(),
          client: t.client.label,
          protocol: "companion",
        };
      }
      return {
        id: t.id,
        name: t.name,
        cwd: t.cwd,
        terminal: true,
        connected: mine.length > 0,
        roots: mine.find((c) => c.roots !== undefined)?.roots ?? [],
        pid: mine.find((c) => c.pid !== undefined)?.pid,
        pending: pendingOf(mine.map((c) => c.id)),
        current: current === t,
        buf: t.terminal.buffer(),
        client: clientLabel(mine.find((c) => c.name !== undefined)?.name) ?? t.client.label,
        protocol: "ide",
        target: t.far !== undefined ? { name: t.far.name, port: t.far.gateway.port } : undefined,
      };
    });
    for (const c of clients) {
      if (this.ownerOf(c) !== 0) continue;
      out.push({
        id: EXTERNAL_BASE + c.id,
        name: this.externalName(c),
        cwd: c.roots?.[0] ?? "",
        roots: c.roots ?? [],
        terminal: false,
        connected: true,
        pid: c.pid,
        pending: pendingOf([c.id]),
        current: false,
        client: clientLabel(c.name) ?? "Claude Code",
        protocol: "ide",
      });
    }
    for (const p of companion) {
      if (this.companionOwnerOf(p.id) !== 0) continue;
      out.push({
        id: EXTERNAL_BASE + p.id,
        name: this.companionName(p),
        cwd: "",
        roots: [],
        terminal: false,
        connected: true,
        pending: pendingOf([p.id]),
        current: false,
        client: p.name,
        protocol: "companion",
      });
    }
    return out;
  }

  /** :ClaudeCode — toggles the current session's terminal (starting the first session if there is none). */
  toggle(config: Config, args: string): void {
    const port = this.link.port();
    if (port === undefined) return;
    const [t, rest] = this.sessionFor(config, args);
    if (t === undefined) return;
    t.terminal.toggle(config, port, rest);
    this.afterStart(config, t);
  }

  /** :ClaudeCodeFocus — focuses the current session's terminal (starting one if there is none). */
  focus(config: Config, args: string): void {
    const port = this.link.port();
    if (port === undefined) return;
    const [t, rest] = this.sessionFor(config, args);
    if (t === undefined) return;
    t.terminal.focus(config, port, rest, this.claudeWindow(t));
    this.afterStart(config, t);
  }

  /**
   * The session :ClaudeCode / :ClaudeCodeFocus act on, and the arguments left for it: with a leading @target, the
   * running session at that target (else a new one); without, the current session (else a new one).
   */
  private sessionFor(config: Config, args: string): LuaMultiReturn<[TermSession | undefined, string]> {
    if (string.find(args, "^%s*@")[0] !== undefined) {
      const { target, rest } = farSession().splitTarget(config, args);
      if (target !== undefined) {
        const running = this.running().find((s) => s.far?.name === target);
        if (running !== undefined) return $multi(running, rest);
        return $multi(this.create(config, args, false), args);
      }
    }
    return $multi(this.current() ?? this.create(config, args, false), args);
  }

  /**
   * :ClaudeCodeNew — another session in its own terminal, shown where a session's terminal is shown (if one is);
   * `start` false: only made (the caller starts it). Named after the CLI terminal.command runs: claude, gemini 2.
   */
  create(config: Config, args = "", start = true): TermSession | undefined {
    const far = this.openFar(config, args);
    if (far === false) return undefined;
    const id = this.nextId++;
    const client = commandClient(far !== undefined ? far.target.cli : config.terminal.command);
    const base = far !== undefined ? `${client.id}@${far.name}` : client.id;
    const name = id === 1 ? base : `${base} ${id}`;
    const t: TermSession = {
      id,
      name,
      cwd: vim.fn.getcwd(),
      terminal: new ClaudeTerminal(
        {
          onGone: (code) => this.ended(id, code),
          cliSetup: (c, cli, extra) => cliSetup(c, cli, extra),
          commandLine:
            far !== undefined
              ? (c, extra) =>
                  farSession().farCommand(
                    c,
                    far,
                    farSession().farCliSetup(c, far),
                    farSession().splitTarget(c, extra).rest,
                  )
              : undefined,
        },
        name,
        client.id,
      ),
      client,
      typing: [],
      recipients: () => this.recipientsOf(id),
      far,
    };
    this.terms.push(t);
    this.watchFocus();
    if (far !== undefined) {
      // A dropped forward ends the terminal too (its CLI can no longer reach this Neovim).
      far.onDrop = () => {
        const job = t.terminal.isRunning()
          ? (vim.b[t.terminal.buffer() as Buf].terminal_job_id as number | undefined)
          : undefined;
        if (job !== undefined) pcall(vim.fn.jobstop, job);
      };
      // The reviews of a far session outlive its connection: they say it is gone, :w writes here. The same words as
      // ended()'s: which of the two sees the end first (the socket or the terminal) is a race. Why it ended (the
      // forward exited, the command failed) is said once by the drop's own message and kept for :checkhealth.
      this.link.diff()?.setOrphanRule((client) => {
        const name = this.farClients.get(client);
        return name !== undefined ? `${name} is gone` : undefined;
      });
    }
    const port = this.link.port();
    if (start && port !== undefined) {
      t.terminal.focus(config, port, args, this.claudeWindow(t));
      this.afterStart(config, t);
    }
    return t;
  }

  /** Shows and focuses session `id`'s terminal, in the window of the Claude terminal shown now if any. */
  switchTo(config: Config, id: number): boolean {
    const t = this.running().find((s) => s.id === id);
    const port = this.link.port();
    if (t === undefined || port === undefined) return false;
    t.terminal.focus(config, port, "", this.claudeWindow(t));
    this.lastFocused = t.id;
    return true;
  }

  /** The recipients of an @-mention now: the current session's; undefined (everyone) when no terminal runs. */
  mentionRecipients(): Recipients | undefined {
    return this.current()?.recipients;
  }

  /** The name of the current session (for messages). */
  currentName(): string | undefined {
    return this.current()?.name;
  }

  /** The session name of a connection (a review's label). */
  describe(clientId: number): string | undefined {
    const peer = this.companionPeers().find((p) => p.id === clientId);
    if (peer !== undefined) {
      const owner = this.companionOwnerOf(peer.id);
      return this.running().find((s) => s.id === owner)?.name ?? this.companionName(peer);
    }
    const client = this.clients().find((c) => c.id === clientId);
    if (client === undefined) return undefined;
    const owner = this.ownerOf(client);
    // A client that never announced its pid may run anywhere (another editor's tool, a script): it is labelled
    // by its own name (clientInfo.name), not by the only terminal session.
    const t = owner === undefined ? undefined : this.running().find((s) => s.id === owner);
    return t?.name ?? this.externalName(client);
  }

  /**
   * The terminal buffer connection `clientId`'s CLI runs in (an agent bridge's: its CLI's terminal), when it
   * runs in one of this Neovim's terminals (Hub.terminalOf).
   */
  terminalOf(clientId: number): number | undefined {
    if (this.companionPeers().some((p) => p.id === clientId)) {
      const id = this.companionOwnerOf(clientId);
      return this.running()
        .find((s) => s.id === id)
        ?.terminal.buffer();
    }
    const owner = this.link.hub()?.ownerOf(clientId) ?? clientId;
    const client = this.clients().find((c) => c.id === owner);
    if (client === undefined) return undefined;
    const id = this.ownerOf(client);
    const t = this.running().find((s) => s.id === id || (id === undefined && this.isSoleTerminal(s)));
    return t?.terminal.buffer();
  }

  /** The name of the current session's CLI as the user reads it (messages: "sent … to Gemini CLI"). */
  currentClient(): string | undefined {
    const t = this.current();
    if (t === undefined) return undefined;
    return this.list().find((s) => s.id === t.id)?.client ?? t.client.label;
  }

  /**
   * Where a prompt for the current session is typed: its terminal's job, its name and its CLI's as the user reads
   * them, and a far session's path map (what its model calls the files). Undefined when no terminal runs.
   */
  promptTarget(): { job: number; name: string; client: string; paths?: PathMap } | undefined {
    const t = this.current();
    const buf = t?.terminal.buffer();
    if (t === undefined || buf === undefined) return undefined;
    const job = vim.b[buf].terminal_job_id as number | undefined;
    if (job === undefined) return undefined;
    return { job, name: t.name, client: this.currentClient() ?? t.client.label, paths: t.far?.gateway.paths };
  }

  /** The current session runs a Gemini CLI / Qwen Code (mentions are typed into its prompt). */
  currentIsCompanion(): boolean {
    return this.current()?.client.companion === true;
  }

  /**
   * Types an @-reference to `mention` into the current session's Gemini CLI / Qwen Code prompt (they take
   * `@path` in the prompt; neither reads a line range, so one is added as words): at once when its CLI is
   * connected and settled (mentions.settle_ms after it connected), else when it is, within
   * mentions.queue_ttl_ms; what is still waiting then is dropped with a message, never silently. "settling":
   * connected, typed once settled (the first mention since Neovim saw it connected waits settle_ms).
   */
  typeMention(mention: Mention, config: Config): "sent" | "settling" | "queued" | "none" {
    const t = this.current();
    if (t === undefined || !t.client.companion) return "none";
    const root = `${t.cwd}/`;
    let path = vim.startswith(mention.filePath, root)
      ? string.sub(mention.filePath, root.length + 1)
      : mention.filePath;
    [path] = string.gsub(path, "([%s\\])", "\\%1");
    let text = `@${path} `;
    if (mention.lineStart !== undefined) {
      const [a, b] = [mention.lineStart + 1, (mention.lineEnd ?? mention.lineStart) + 1];
      text += a === b ? `(line ${a}) ` : `(lines ${a}-${b}) `;
    }
    const queued = t.typing.length > 0;
    t.typing.push({ text, expires: vim.uv.now() + config.mentions.queue_ttl_ms });
    this.typeWaiting(t, config);
    if (!queued && t.typing.length === 0) return "sent";
    return t.connectedAt !== undefined ? "settling" : "queued";
  }

  /** Types what waits for `t` if its CLI is ready; else checks again a little later (until it expires). */
  private typeWaiting(t: TermSession, config: Config): void {
    const now = vim.uv.now();
    const connected = this.companionPeers().some((p) => this.companionOwnerOf(p.id) === t.id);
    if (!connected) t.connectedAt = undefined;
    else t.connectedAt ??= now;
    const running = t.terminal.isRunning();
    const ready = running && t.connectedAt !== undefined && now - t.connectedAt >= config.mentions.settle_ms;
    const job = running ? (vim.b[t.terminal.buffer() as Buf].terminal_job_id as number | undefined) : undefined;
    if (ready && job !== undefined) {
      const texts = t.typing.map((q) => q.text);
      t.typing = [];
      pcall(vim.fn.chansend, job, texts.join(""));
      return;
    }
    const expired = running ? t.typing.filter((q) => q.expires <= now) : t.typing;
    if (expired.length > 0) {
      t.typing = t.typing.filter((q) => !expired.includes(q));
      const what = expired.map((q) => vim.trim(q.text)).join(" ");
      say(`${t.client.label} (${t.name}) did not connect in time: not typed into its prompt: ${what}`, "warn");
    }
    if (t.typing.length === 0) return;
    const wait = t.connectedAt !== undefined ? config.mentions.settle_ms - (now - t.connectedAt) + 1 : TYPE_POLL_MS;
    vim.defer_fn(() => this.typeWaiting(t, config), math.max(1, math.min(wait, TYPE_POLL_MS)));
  }

  private companionPeers(): CompanionPeer[] {
    return this.link.companionClients();
  }

  private companionName(p: CompanionPeer): string {
    return `${p.name} #${p.id - COMPANION_FIRST_ID + 1}`;
  }

  /** The terminal session companion connection `id` belongs to (0: none); see companionOwners. */
  private companionOwnerOf(id: number): number {
    const peers = this.companionPeers();
    for (const [known] of this.companionOwners)
      if (!peers.some((p) => p.id === known)) this.companionOwners.delete(known);
    const known = this.companionOwners.get(id);
    if (known !== undefined) return known;
    const terms = this.running().filter((t) => t.client.companion);
    const taken = new LuaSet<number>();
    for (const [, owner] of this.companionOwners) taken.add(owner);
    const owner = terms.length === 1 ? terms[0].id : (terms.find((t) => !taken.has(t.id))?.id ?? 0);
    this.companionOwners.set(id, owner);
    return owner;
  }

  private externalName(c: ClientInfo): string {
    return c.pid !== undefined ? `claude (pid ${c.pid})` : `${c.name ?? "client"} #${c.id}`;
  }

  /** Running terminal sessions, in start order. */
  private running(): TermSession[] {
    return this.terms.filter((t) => t.terminal.isRunning());
  }

  private isSoleTerminal(t: TermSession): boolean {
    const running = this.running();
    return running.length === 1 && running[0] === t;
  }

  /** The terminal the cursor is in, else the last focused, else the last started (running ones only). */
  private current(): TermSession | undefined {
    const running = this.running();
    const buf = vim.api.nvim_get_current_buf();
    return (
      running.find((t) => t.terminal.buffer() === buf) ??
      running.find((t) => t.id === this.lastFocused) ??
      running[running.length - 1]
    );
  }

  private clients(): ClientInfo[] {
    return this.link.hub()?.clients() ?? [];
  }

  /**
   * The terminal session a connection belongs to: 0 when its pid descends from no terminal's process,
   * undefined while its pid is unknown. Decided once (the process may be gone by the time it is asked again).
   */
  private ownerOf(c: ClientInfo): number | undefined {
    const known = this.owners.get(c.id);
    if (known !== undefined) return known;
    // A far CLI's pid is a process over there: it belongs to the terminal whose door it came through.
    if (c.door !== undefined) {
      const t = this.running().find((s) => s.far?.gateway.port === c.door);
      if (t !== undefined) this.farClients.set(c.id, t.name);
      this.owners.set(c.id, t?.id ?? 0);
      return t?.id ?? 0;
    }
    if (c.pid === undefined) return undefined;
    const byPid = new LuaMap<number, number>();
    for (const t of this.running()) {
      const pid = t.terminal.processId();
      if (pid !== undefined) byPid.set(pid, t.id);
    }
    let owner = 0;
    let pid: number | undefined = c.pid;
    for (let depth = 0; pid !== undefined && depth < MAX_DEPTH; depth++) {
      const t = byPid.get(pid);
      if (t !== undefined) {
        owner = t;
        break;
      }
      pid = parentPid(pid);
    }
    this.owners.set(c.id, owner);
    return owner;
  }

  /**
   * The connections of terminal session `id`. A CLI that has not announced its pid counts for the only
   * running terminal (older CLIs, and the moment between initialize and ide_connected).
   */
  private recipientsOf(id: number): number[] {
    const t = this.running().find((s) => s.id === id);
    if (t === undefined) return [];
    return this.clients()
      .filter((c) => this.ownerOf(c) === id || (this.ownerOf(c) === undefined && this.isSoleTerminal(t)))
      .map((c) => c.id);
  }

  private afterStart(config: Config, t: TermSession): void {
    if (!t.terminal.isRunning()) {
      this.drop(t.id);
      return;
    }
    this.lastFocused = t.id;
    // The CLI's first turn waits for a snapshot of its folder: one taken now reads every file while the user
    // types the prompt, and the turn's own then reads only what changed (once per folder per Neovim).
    if (config.hooks.enabled && config.review.turn !== false)
      snapshotModule().warm({ root: t.cwd, maxFileBytes: config.review.max_file_bytes });
    // Its bridge connects as the CLI starts: the agent endpoint's modules are loaded now, a few per turn of the
    // loop, instead of all at once (11-14 ms) when that connection comes.
    if (config.agent.in_terminal) warmModules("claude-ide.bridge.endpoint");
  }

  /**
   * The far session `args` asks for (a leading @name, else remote.target), its door open; undefined: the CLI runs
   * here; false: it cannot start (said).
   */
  private openFar(config: Config, args: string): FarSession | undefined | false {
    const named = config.remote.target !== false || string.find(args, "^%s*@")[0] !== undefined;
    if (!named) return undefined;
    const { target } = farSession().splitTarget(config, args);
    const name = target ?? (config.remote.target !== false ? config.remote.target : undefined);
    if (name === undefined) return undefined;
    const [program] = string.match(config.remote.targets[name]?.cli ?? "claude", "([^/%s]+)%s*$");
    if (program === "gemini" || program === "qwen" || program === "codex") {
      say(
        `@${name}: a remote target runs Claude Code (its lock file, HTTP hooks and HTTP MCP entries reach this Neovim through the target's forward); ${program} finds the editor through files and hooks of its own machine: run it beside Neovim`,
        "error",
      );
      return false;
    }
    const opened = farSession().openFarSession(config, name, (paths) => {
      const door = this.link.openGateway(paths);
      return door ?? { ok: false, error: "the IDE server is not running" };
    });
    if (!opened.ok) {
      say(opened.error, "error");
      return false;
    }
    return opened.session;
  }

  /**
   * A terminal closed or its claude exited (`code`: its exit code): reject that session's pending reviews, forget
   * the session. A far session's reviews stay open instead (its CLI is over there: they say it is gone); ended by
   * an error (the ssh or the container exec failed or was killed), its connection dropped.
   */
  private ended(id: number, code?: number): void {
    const mine: number[] = [];
    for (const [client, owner] of this.owners) if (owner === id) mine.push(client);
    for (const [client, owner] of this.companionOwners) if (owner === id) mine.push(client);
    // A CLI that never announced its pid belonged to this terminal if it was the only one.
    if (this.terms.filter((t) => t.id !== id && t.terminal.isRunning()).length === 0) {
      for (const c of this.clients()) if (c.pid === undefined) mine.push(c.id);
    }
    const t = this.terms.find((s) => s.id === id);
    if (t?.far !== undefined) {
      if (code !== undefined && code !== 0) t.far.dropped(`its command exited with code ${code}`);
      if (mine.length > 0) this.link.diff()?.orphanFor(mine, `${t.name} is gone`);
      this.drop(id);
      return;
    }
    const rejected = mine.length > 0 ? (this.link.diff()?.rejectFor(mine) ?? 0) : 0;
    if (rejected > 0 && t !== undefined) say(`${t.name} closed: ${rejected} pending diff review(s) rejected`, "warn");
    this.drop(id);
  }

  private drop(id: number): void {
    const i = this.terms.findIndex((t) => t.id === id);
    if (i >= 0) {
      // A far agent's door goes with its terminal (its lock file over there goes with its CLI).
      this.terms[i].far?.close();
      this.terms.splice(i, 1);
    }
    if (this.lastFocused === id) this.lastFocused = undefined;
    // Its CLI, should it stay connected, is now one without a terminal.
    for (const [client, owner] of this.owners) if (owner === id) this.owners.set(client, 0);
    for (const [client, owner] of this.companionOwners) if (owner === id) this.companionOwners.set(client, 0);
  }

  /** A window of the current tab page showing a Claude terminal other than `t`'s (to show `t` in it). */
  private claudeWindow(t: TermSession): Win | undefined {
    if (t.terminal.windows().length > 0) return undefined;
    for (const other of this.running()) {
      if (other === t) continue;
      const wins = other.terminal.windows();
      if (wins.length > 0) return wins[0];
    }
    return undefined;
  }

  /** Remembers the last focused Claude terminal (one autocmd for all sessions). */
  private watchFocus(): void {
    if (this.augroup !== undefined) return;
    this.augroup = vim.api.nvim_create_augroup("claude-ide.sessions", { clear: true });
    vim.api.nvim_create_autocmd("BufEnter", {
      group: this.augroup,
      desc: "claude-ide: remember the last focused Claude terminal (where @-mentions go)",
      callback: () => {
        const buf = vim.api.nvim_get_current_buf();
        const t = this.terms.find((s) => s.terminal.buffer() === buf);
        if (t !== undefined) this.lastFocused = t.id;
      },
    });
    const otherFiles = (ev: vim.api.AutocmdArgs): void => {
      const t = this.terms.find((s) => s.far !== undefined && s.terminal.buffer() === ev.buf);
      const request = vim.v.termrequest as string | undefined;
      if (t?.far === undefined || typeof request !== "string") return;
      // The far shell is ready for its script and data (the session's secrets: on its input, never a command line).
      if (vim.startswith(request, `\x1b]${farLaunch().READY_OSC}`)) {
        const job = vim.b[ev.buf].terminal_job_id as number | undefined;
        if (job !== undefined) t.far.deliver(job);
        return;
      }
      const prefix = `\x1b]${farLaunch().OTHER_FILES_OSC}`;
      if (!vim.startswith(request, prefix) || t.otherFiles !== undefined) return;
      t.otherFiles = string.sub(request, prefix.length + 1);
      const far = t.far.gateway.paths.farFolders()[0];
      say(
        `@${t.far.name}: ${far} over there is not the files here (${t.otherFiles} differs): no turn review; reviews show this machine's files (:help claude-ide-remote)`,
        "warn",
      );
    };
    vim.api.nvim_create_autocmd("TermRequest", {
      group: this.augroup,
      desc: "claude-ide: a far session's shell ready for its script, or saying its folder is not the files here (far/launch)",
      callback: otherFiles,
    });
  }
}
