// One agent started somewhere else (remote.targets, `:ClaudeCodeNew @name`): its door (a Gateway: its own port and
// token on 127.0.0.1, every path through the target's map) and the command line its terminal runs (far/launch).
// The door closes with the session's terminal.
import { type Config, type RemoteTarget, remoteTarget } from "../config";
import { createPathMap, type FolderPair, type PathMap } from "../util/path_map";
import { normalize, readSmallFile } from "../util/fs";
import { cksum } from "../util/cksum";
import { modeArguments } from "../util/permission_mode";
import type { Gateway } from "../server";
import { farCommandLine, farInput } from "./launch";
import { say } from "../log";
import { httpHookSettings } from "../hooks/settings";
import { allowedTools, httpMcpConfig } from "../bridge/cli_config";

export interface FarSession {
  /** The target's name (remote.targets). */
  readonly name: string;
  readonly target: RemoteTarget;
  readonly gateway: Gateway;
  /** Ends the session here: its forward command (if any) stops, its door closes. */
  close(this: void): void;
  /** What the far shell is to read once it is ready (far/launch farInput): set when its command line is made. */
  arm(this: void, input: string): void;
  /**
   * The far shell said it is ready (READY_OSC): sends what was armed on terminal job `job`'s input, once per
   * command line (a second "ready", which anything printed over there could fake, sends nothing). False: nothing
   * was armed.
   */
  deliver(this: void, job: number): boolean;
  /**
   * Its connection dropped (the terminal's command ended with an error, or the forward exited): said once,
   * remembered for :checkhealth (farDrops), and the door closed; `onDrop` then ends the terminal.
   */
  dropped(this: void, why: string): void;
  /** Set by the owner: ends the session's terminal when the forward drops. */
  onDrop?: (this: void) => void;
}

/** A far session whose connection dropped, for :checkhealth. */
export interface FarDrop {
  session: string;
  target: string;
  port: number;
  /** When (os.date %H:%M:%S). */
  at: string;
  why: string;
}

/** The drops of this Neovim's far sessions, the latest last (a few are kept). */
const drops: FarDrop[] = [];
const DROPS_KEPT = 8;

/** The far sessions whose connection dropped, the latest last. */
export function farDrops(): FarDrop[] {
  return [...drops];
}

/** Ports of far sessions whose door is open, and of those that ended, per target (their files may be left over there). */
const openPorts = new LuaSet<number>();
const endedPorts: { [target: string]: number[] } = {};
/** How many ended ports a target remembers. */
const ENDED_KEPT = 16;

/** What the far CLI is given besides the environment: its settings (hooks, permissions) and MCP servers. */
export interface FarCliSetup {
  /** `--settings` as a JSON value (undefined: none). */
  settings?: object;
  /**
   * `--settings` when the far folder is not the files here (far/launch checks): the plan review only, no turn
   * review (its snapshots are taken here, of other files).
   */
  settingsOther?: object;
  /** `--mcp-config` as a JSON value (undefined: none). */
  mcp?: object;
}

/**
 * What the far CLI is given: the settings (the agent tools allowed without a prompt, as beside Neovim) and the
 * agent tools' MCP entry, both through the far session's door.
 */
export function farCliSetup(config: Config, far: FarSession): FarCliSetup {
  const { host } = far.target;
  const { port, token } = far.gateway;
  const settings: { [key: string]: unknown } = {};
  if (config.hooks.enabled) settings.hooks = httpHookSettings(host, port, token).hooks;
  if (config.agent.in_terminal) settings.permissions = { allow: allowedTools() };
  const other: { [key: string]: unknown } = { ...settings };
  if (settings.hooks !== undefined) {
    const plan: { [event: string]: object[] } = {};
    for (const [event, groups] of pairs(settings.hooks as { [event: string]: { matcher?: string }[] })) {
      const kept = groups.filter(
        (g) => g.matcher !== undefined && string.find(g.matcher, "ExitPlanMode", 1, true)[0] !== undefined,
      );
      if (kept.length > 0) plan[event as string] = kept;
    }
    other.hooks = next(plan)[0] !== undefined ? plan : undefined;
  }
  return {
    settings: next(settings)[0] !== undefined ? settings : undefined,
    settingsOther: next(other)[0] !== undefined ? other : undefined,
    mcp: config.agent.in_terminal ? httpMcpConfig(host, port, token) : undefined,
  };
}

/** How many of the folder's files the far shell compares, and how big each may be (the CRC is computed here). */
const CHECK_FILES = 8;
const CHECK_MAX_BYTES = 64 * 1024;

/** Up to CHECK_FILES small regular files at the top of `folder` (by name; no dot files) and their cksum CRC. */
export function folderCheck(folder: string): { name: string; crc: number }[] {
  const [dir] = vim.uv.fs_scandir(folder);
  if (dir === undefined) return [];
  const names: string[] = [];
  for (;;) {
    const [name, kind] = vim.uv.fs_scandir_next(dir);
    if (name === undefined) break;
    if (kind === "file" && string.sub(name, 1, 1) !== "." && string.find(name, "[%c]")[0] === undefined)
      names.push(name);
  }
  names.sort();
  const out: { name: string; crc: number }[] = [];
  for (const name of names) {
    if (out.length >= CHECK_FILES) break;
    // Over CHECK_MAX_BYTES (or gone): not read, not compared.
    const data = readSmallFile(`${folder}/${name}`, CHECK_MAX_BYTES);
    if (data !== undefined) out.push({ name, crc: cksum(data) });
  }
  return out;
}

/** The leading `@name` of :ClaudeCode's arguments, when it names a target; the rest of the arguments. */
export function splitTarget(config: Config, args: string): { target?: string; rest: string } {
  const [name, rest] = string.match(args, "^%s*@([%w_.-]+)%s*(.-)%s*$");
  if (name !== undefined && config.remote.targets[name] !== undefined) return { target: name, rest };
  return { rest: args };
}

/** The target's folders as pairs, local folders expanded ("~"). */
export function folderPairs(target: RemoteTarget): FolderPair[] {
  const out: FolderPair[] = [];
  for (const [far, near] of pairs(target.folders)) out.push({ far: far as string, near: normalize(near) });
  return out;
}

/** Opens the door of an agent at target `name`. */
export function openFarSession(
  config: Config,
  name: string,
  openGateway: (this: void, paths: PathMap) => { ok: true; gateway: Gateway } | { ok: false; error: string },
): { ok: true; session: FarSession } | { ok: false; error: string } {
  const target = remoteTarget(config, name);
  if (target === undefined) return { ok: false, error: `no target "${name}" in remote.targets` };
  const opened = openGateway(createPathMap(folderPairs(target)));
  if (!opened.ok) return { ok: false, error: `cannot open the door for @${name}: ${opened.error}` };
  const gateway = opened.gateway;
  let job: number | undefined;
  let closed = false;
  if (typeof target.forward === "object") {
    const [port] = [tostring(gateway.port)];
    const words = target.forward.map((w) => string.gsub(w, "{port}", port)[0]);
    const [ok, started] = pcall(vim.fn.jobstart, words, {
      on_exit: (_job: number, code: number) => {
        if (!closed) session.dropped(`the forward exited with code ${code}`);
      },
    });
    if (!ok || started <= 0) {
      gateway.close();
      return {
        ok: false,
        error: `@${name}: the forward (${words.join(" ")}) did not start: ${ok ? `job ${started}` : tostring(started)}`,
      };
    }
    job = started;
  }
  openPorts.add(gateway.port);
  let armed: string | undefined;
  const close = (): void => {
    if (closed) return;
    closed = true;
    armed = undefined;
    if (job !== undefined) pcall(vim.fn.jobstop, job);
    gateway.close();
    openPorts.delete(gateway.port);
    const ended = (endedPorts[name] ??= []);
    ended.push(gateway.port);
    if (ended.length > ENDED_KEPT) ended.shift();
  };
  const arm = (input: string): void => {
    armed = closed ? undefined : input;
  };
  const deliver = (terminalJob: number): boolean => {
    if (armed === undefined) return false;
    const input = armed;
    armed = undefined;
    const [ok] = pcall(vim.fn.chansend, terminalJob, input);
    return ok;
  };
  const dropped = (why: string): void => {
    if (closed) return;
    const label = `@${name} (door ${gateway.port})`;
    drops.push({ session: label, target: name, port: gateway.port, at: os.date("%H:%M:%S"), why });
    if (drops.length > DROPS_KEPT) drops.shift();
    say(
      `${label}: the connection dropped (${why}); its door is closed, its reviews stay open; :ClaudeCode @${name} starts again`,
      "error",
    );
    close();
    session.onDrop?.();
  };
  const session: FarSession = { name, target, gateway, close, arm, deliver, dropped };
  return { ok: true, session };
}

/** The local command line that starts the far CLI, in the far folder of Neovim's cwd. */
export function farCommand(
  config: Config,
  far: FarSession,
  setup: FarCliSetup,
  extra: string,
): { ok: true; cmd: string; env: { [name: string]: string } } | { ok: false; error: string } {
  const { target, gateway } = far;
  const cwd = vim.fn.getcwd();
  const farCwd = gateway.paths.toFar(cwd);
  if (farCwd === undefined)
    return {
      ok: false,
      error: `@${far.name}: this folder (${cwd}) is outside remote.targets.${far.name}.folders (${gateway.paths.describe()}): :cd into a mapped folder first`,
    };
  const port = gateway.port;
  const env: { [name: string]: string } = {};
  for (const [k, v] of pairs(target.env)) env[k as string] = v;
  env.CLAUDE_CODE_SSE_PORT = tostring(port);
  env.ENABLE_IDE_INTEGRATION = "true";
  env.FORCE_CODE_TERMINAL = "true";
  if (target.host !== "127.0.0.1") env.CLAUDE_CODE_IDE_HOST_OVERRIDE = target.host;
  // The CLI routes its connection through HTTP(S)_PROXY unless the host is exempt.
  env.NO_PROXY = target.host === "127.0.0.1" ? "127.0.0.1,localhost" : `${target.host},127.0.0.1,localhost`;
  env.no_proxy = env.NO_PROXY;
  const words = [target.cli];
  const mode = modeArguments("claude", config.terminal.permission_mode, `${target.cli} ${extra}`);
  for (const [w] of string.gmatch(mode, "%S+")) words.push(w);
  const stale = (endedPorts[far.name] ?? []).filter((p) => !openPorts.has(p));
  const input = farInput({
    port,
    token: gateway.token,
    folders: gateway.paths.farFolders(),
    cwd: farCwd,
    host: target.host,
    env,
    words,
    extra,
    settings: setup.settings !== undefined ? vim.json.encode(setup.settings) : undefined,
    settingsOther: setup.settingsOther !== undefined ? vim.json.encode(setup.settingsOther) : undefined,
    mcp: setup.mcp !== undefined ? vim.json.encode(setup.mcp) : undefined,
    stale,
    check: folderCheck(cwd),
  });
  far.arm(input);
  return { ok: true, cmd: farCommandLine(target, port), env: {} };
}
