// :checkhealth claude-ide. Reports only: never starts the server, writes nothing.
import { checkHooks } from "./hooks/health";
import { checkAgent } from "./bridge/health";
import { validate } from "./config";
import * as lockfile from "./discovery/lockfile";
import * as ide from "claude-ide";
import { PROBE_CLIENT_NAME, probe } from "./transport/probe";
import { VERSION } from "./version";
import { normalize, shown } from "./util/fs";
import { checkPolicy } from "./policy/health";
import type { SessionInfo } from "./sessions";
import { commandClient } from "./util/client_name";
import { checkRemote, remoteOnly } from "./far/health";
import { readStore, storeFile, storeFolder } from "./editor/notes/store";

/** The self-test's round trip normally takes a few milliseconds. */
const PROBE_TIMEOUT_MS = 3000;

function octal(mode: number): string {
  return string.format("%o", mode % 0o1000);
}

/** Mode bits of `path` (permission part only), or undefined when it does not exist. */
function permissions(path: string): number | undefined {
  const [stat] = vim.uv.fs_stat(path);
  return stat === undefined ? undefined : stat.mode % 0o1000;
}

function checkNeovim(): void {
  const v = vim.version();
  const text = `Neovim ${v.major}.${v.minor}.${v.patch}`;
  if (vim.fn.has("nvim-0.10") === 1) vim.health.ok(`${text} (claude-ide.nvim ${VERSION})`);
  else vim.health.error(`${text} is too old`, "claude-ide.nvim needs Neovim 0.10 or later");
}

function checkConfig(): void {
  // The stored config was validated at setup; validating it again proves it is still a complete, valid set.
  const result = validate(ide.config());
  if (result.ok) vim.health.ok("configuration is valid");
  else vim.health.error(`configuration is invalid: ${result.error}`, "fix the option named above in your setup() call");
}

function checkServer(): void {
  const s = ide.status();
  if (!s.running) {
    const advice = ide.config().auto_start
      ? "call require('claude-ide').setup({}) in your config"
      : "run :ClaudeCodeStart";
    vim.health.warn("the server is not running", advice);
    return;
  }
  // The clients listed under "connected:" below (companion CLIs included), not the raw connections.
  const n =
    ide
      .server()
      ?.connectedClients()
      .filter((c) => c.name !== PROBE_CLIENT_NAME).length ?? s.clients;
  vim.health.ok(`server listening on 127.0.0.1:${s.port} (${n} client${n === 1 ? "" : "s"} connected)`);
  const path = s.lockFile as string;
  const lock = lockfile.read(path);
  if (lock === undefined) {
    vim.health.error(
      `lock file ${shown(path)} is missing or unreadable`,
      "restart the server: :ClaudeCodeStop, then :ClaudeCodeStart",
    );
    return;
  }
  if (lock.pid !== vim.fn.getpid())
    vim.health.error(`lock file ${shown(path)} names pid ${tostring(lock.pid)}, not this Neovim`);
  else vim.health.ok(`lock file ${shown(path)}`);
  const mode = permissions(path);
  if (mode !== undefined && mode !== 0o600) vim.health.warn(`lock file mode is ${octal(mode)}, expected 600`);
  selfTest(s.port as number, lock.authToken);
}

/** Connects to the server as the CLI would (loopback, the lock file's token): initialize + tools/list. */
function selfTest(port: number, token: unknown): void {
  if (typeof token !== "string") {
    vim.health.error(
      "the lock file has no authToken: the CLI cannot connect",
      "restart the server: :ClaudeCodeStop, then :ClaudeCodeStart",
    );
    return;
  }
  const r = probe(port, token, PROBE_TIMEOUT_MS);
  const ms = string.format("%.1f", r.ms);
  if (r.ok)
    vim.health.ok(
      `live self-test: connected with the lock file's token, initialize + tools/list answered in ${ms} ms (${r.tools} tools)`,
    );
  else
    vim.health.error(`live self-test failed after ${ms} ms: ${r.error}`, [
      "the CLI will not be able to connect either",
      "restart the server: :ClaudeCodeStop, then :ClaudeCodeStart",
    ]);
}

function checkLockDir(): void {
  const dir = lockfile.defaultDir();
  const mode = permissions(dir);
  if (mode === undefined) {
    vim.health.info(`lock directory ${shown(dir)} does not exist yet (created with mode 700 on start)`);
    return;
  }
  if (vim.fn.filewritable(dir) !== 2)
    vim.health.error(`lock directory ${shown(dir)} is not writable`, "fix its owner or permissions");
  else if (mode % 0o100 !== 0)
    vim.health.warn(
      `lock directory ${shown(dir)} has mode ${octal(mode)}: other users can list it`,
      `chmod 700 ${dir}`,
    );
  else vim.health.ok(`lock directory ${shown(dir)} (mode ${octal(mode)})`);
}

/** folder equals `dir` or contains it (the CLI's matching rule). */
function contains(folder: string, dir: string): boolean {
  return dir === folder || vim.startswith(dir, folder === "/" ? "/" : `${folder}/`);
}

/** The CLI auto-connects only when exactly one live IDE claims its cwd: report the others claiming ours. */
function checkRivals(): void {
  const own = ide.status().lockFile;
  const cwd = normalize(vim.fn.getcwd());
  const rivals: string[] = [];
  for (const { path, lock } of lockfile.list(lockfile.defaultDir())) {
    const folders = lock.workspaceFolders;
    if (path === own || typeof lock.pid !== "number" || !lockfile.isAlive(lock.pid) || type(folders) !== "table")
      continue;
    if ((folders as unknown[]).some((f) => typeof f === "string" && contains(normalize(f), cwd))) {
      rivals.push(`${tostring(lock.ideName)} (pid ${lock.pid}, ${vim.fs.basename(path)})`);
    }
  }
  if (rivals.length === 0) {
    vim.health.ok("no other running IDE claims this directory");
    return;
  }
  vim.health.warn(`other running IDEs also claim ${cwd}: ${rivals.join(", ")}`, [
    "a claude started elsewhere will not auto-connect; choose the IDE with /ide in claude",
    "claude started with :ClaudeCode always connects to this Neovim",
  ]);
}

/** How to install each CLI :ClaudeCode knows (commandClient ids). */
const INSTALL: { [id: string]: string } = {
  claude: "npm install -g @anthropic-ai/claude-code",
  gemini: "npm install -g @google/gemini-cli",
  qwen: "npm install -g @qwen-code/qwen-code",
};

function checkClaude(remote: string | undefined): void {
  const command = ide.config().terminal.command;
  const exe = vim.split(vim.trim(command), " ", { plain: true, trimempty: true })[0] ?? "";
  if (exe !== "" && vim.fn.executable(exe) === 1) vim.health.ok(`${exe} found: ${vim.fn.exepath(exe)}`);
  else if (remote !== undefined)
    vim.health.info(
      `${exe === "" ? "terminal.command" : exe} is not checked here: it does not apply, the CLI runs at ${remote} (checked below)`,
    );
  else {
    const cli = commandClient(command);
    const install = INSTALL[cli.id];
    vim.health.warn(`${exe === "" ? "terminal.command" : exe} is not found or not executable`, [
      install !== undefined ? `install ${cli.label}: ${install}` : `install ${cli.label}`,
      `or set terminal.command to the ${exe === "" ? "CLI's" : vim.fn.fnamemodify(exe, ":t")} executable`,
    ]);
  }
}

/** What to do when a session's CLI has not connected, in the words of the protocol it speaks. */
function notConnectedAdvice(s: SessionInfo): string[] {
  if (s.protocol === "companion") {
    const cli = s.client;
    const advice = [`/ide status in ${cli} shows why; /ide enable turns IDE mode on`];
    if (ide.server()?.companion() === undefined)
      advice.push("the companion is off: setup({ companion = { enabled = true } })");
    return advice;
  }
  return [`the CLI in this terminal has not connected: /ide in ${s.client} shows why`];
}

/** Each Claude session: connected or not, pending reviews. */
function checkSessions(): void {
  const list = ide.sessions();
  if (list.length === 0) {
    vim.health.info("no session (start one with :ClaudeCode)");
    return;
  }
  for (const s of list) {
    const line = vim.trim(ide.describe_session(s));
    if (s.connected) vim.health.ok(`session ${line}`);
    else vim.health.warn(`session ${line}`, notConnectedAdvice(s));
  }
}

/** Who is connected, by the name each client gave and the MCP revision it speaks. */
function checkClients(): void {
  const server = ide.server();
  if (server === undefined) return;
  // Without the self-test's own connection (it may still be closing): the count above counted none.
  const clients = server.connectedClients().filter((c) => c.name !== PROBE_CLIENT_NAME);
  if (clients.length === 0) vim.health.info("no client connected");
  for (const c of clients) vim.health.ok(`connected: ${c.name} — ${c.kind}, MCP ${c.revision ?? "revision unknown"}`);
  const companion = server.companion();
  const warning = companion?.discoveryWarning();
  if (companion !== undefined && warning !== undefined)
    vim.health.warn(`Gemini CLI / Qwen Code companion on 127.0.0.1:${companion.port()}: ${warning}`);
  else if (companion !== undefined)
    vim.health.ok(
      `Gemini CLI / Qwen Code companion on 127.0.0.1:${companion.port()} (discovery file ${companion.discoveryFile() ?? "not written"})`,
    );
  else
    vim.health.info(
      'Gemini CLI / Qwen Code companion is off: setup({ companion = { enabled = true } }) (or terminal.command = "gemini")',
    );
}

/** The notes for the agent kept for this folder (read from the store: nothing is made or shown). */
function checkNotes(): void {
  const file = storeFile(vim.fn.getcwd());
  const kept = readStore(file);
  if (kept.error !== undefined) {
    vim.health.warn(`notes for the agent: ${kept.error}`, "remove the file: the notes in it are lost");
    return;
  }
  if (kept.notes.length === 0) {
    vim.health.info("notes for the agent: none kept for this folder (:ClaudeCodeNote writes one)");
    return;
  }
  const pending = kept.notes.filter((n) => !n.sent).length;
  const mode = permissions(storeFolder());
  const text = `notes for the agent: ${kept.notes.length} kept for this folder, ${pending} not sent yet (${shown(file)})`;
  if (mode !== undefined && mode !== 0o700)
    vim.health.warn(`${text}; its folder is ${octal(mode)}`, `chmod 700 ${shown(storeFolder())}`);
  else vim.health.ok(text);
}

export function check(this: void): void {
  const remote = remoteOnly(ide.config(), ide.sessions());
  vim.health.start("claude-ide");
  checkNeovim();
  checkConfig();
  checkServer();
  checkSessions();
  checkNotes();
  checkClients();
  checkLockDir();
  checkRivals();
  checkClaude(remote);
  vim.health.start("claude-ide agent endpoint (mcp__nvim__* tools for the model)");
  checkAgent(ide.config().agent.search.rg);
  vim.health.start("claude-ide hooks and the turn review (:help claude-ide-turn-review)");
  checkHooks(ide.config(), remote);
  vim.health.start("claude-ide privacy: what the model may read (:help claude-ide-privacy)");
  checkPolicy(ide.config());
  vim.health.start("claude-ide remote agents: in a container or on another machine (:help claude-ide-remote)");
  checkRemote(ide.config(), ide.server(), ide.sessions());
}
