// Public Lua API: require("claude-ide").setup(opts), start(), stop(), status(); Claude sessions and their
// terminals (toggle, focus, new_session, sessions, switch_session, select_session) and @-mentions (add,
// add_under_cursor for file explorers).
// This module is the composition root's owner: it holds the one validated config and the running server.
import { type Config, type LogLevel, validate } from "./config";
import type * as ExplorersModule from "./editor/explorers";
import type * as PluginsModule from "./editor/plugins";
import type * as MentionsModule from "./editor/mentions";
import type { MentionQueue } from "./editor/mentions";
import type * as LogModule from "./log";
import type * as ServerModule from "./server";
import type { Endpoint, Server, ServerStatus } from "./server";
import type * as SessionsModule from "./sessions";
import type * as UserToolsModule from "./agent/user_tools";
import type { SessionInfo, Sessions } from "./sessions";
import { lazy, loadedModule } from "./util/modules";

// Loaded on first use, not by setup() (startup cost): terminals, @-mentions, file explorers.
const sessionsModule = lazy<typeof SessionsModule>("claude-ide.sessions");
const mentionsModule = lazy<typeof MentionsModule>("claude-ide.editor.mentions");
const explorers = lazy<typeof ExplorersModule>("claude-ide.editor.explorers");
const plugins = lazy<typeof PluginsModule>("claude-ide.editor.plugins");
// The server (transport, lock file, selection tracking) loads when it starts: on the loop turn after setup().
const serverModule = lazy<typeof ServerModule>("claude-ide.server");
const userToolsModule = lazy<typeof UserToolsModule>("claude-ide.agent.user_tools");
// Messages load with the first one. This module and what setup() loads are written without TypeScript's class
// and array helpers, whose Lua library (lualib_bundle, 23 KB to parse) would load at setup() with them.
const logModule = lazy<typeof LogModule>("claude-ide.log");

function say(msg: string, level?: LogLevel): void {
  logModule().say(msg, level);
}

interface State {
  config?: Config;
  server?: Server;
  /** Port and token of the last server, reused by the next start so that a running CLI reconnects. */
  endpoint?: Endpoint;
  /** @-mentions of the running server (queued while no client is connected); made by the first one. */
  mentions?: MentionQueue;
  /** The Claude sessions and their terminals; they outlive server restarts (same port and token: the CLIs reconnect). */
  sessions?: Sessions;
  /** setup() asked for a start, which runs on the next loop turn (or at once when something needs the server). */
  startPending?: boolean;
}

// The one state of the plugin. Other modules must import this file as "claude-ide" (tsconfig maps that name
// here and TSTL emits require("claude-ide")): imported as "./init" it would load a second copy of this module,
// with a second state, under the name "claude-ide.init".
const state: State = {};

/**
 * Validates `opts` over the defaults and, with auto_start, starts the server on the next loop turn (setup()
 * itself stays well under a millisecond; anything that needs the server before then starts it at once). A
 * wrong option is reported with a message naming it (never a stack trace) and leaves the previous setup in
 * place. Returns success.
 * @luaCATS param opts? claude-ide.Config Options (:help claude-ide-config); lua/claude-ide/types/config.lua has their types.
 * @luaCATS return boolean
 */
export function setup(this: void, opts?: unknown): boolean {
  const result = validate(opts);
  if (!result.ok) {
    say(result.error, "error");
    return false;
  }
  // The user's tools (agent.tools) replace those of the previous setup; a bad one fails setup, naming it.
  const tools = result.config.agent.tools;
  if (tools.length > 0 || loadedModule("claude-ide.agent.user_tools") !== undefined) {
    const added = userToolsModule().userTools.setFromConfig(tools);
    if (!added.ok) {
      say(added.error, "error");
      return false;
    }
  }
  const restart = state.server !== undefined;
  // Same options again (a plugin manager re-running setup): keep the running server and its clients.
  if (restart && vim.deep_equal(state.config, result.config)) return true;
  // The tools the connected CLIs were given: the new server tells them when its list differs.
  const toolsBefore = state.server?.listedTools();
  if (restart) stop();
  state.config = result.config;
  const wk = result.config.which_key;
  if (wk.prefix !== false) {
    const prefix = wk.prefix;
    // After the user's config (which-key itself may be set up later in it).
    vim.schedule(() => plugins().nameKeyGroup(prefix, wk.name));
  }
  if (restart) startServer(toolsBefore);
  else if (result.config.auto_start && !state.startPending) {
    state.startPending = true;
    vim.schedule(startIfPending);
  }
  return true;
}

/** The start setup() deferred, unless it ran already (something needed the server) or stop() came first. */
function startIfPending(this: void): void {
  if (!state.startPending) return;
  state.startPending = false;
  if (state.server === undefined) start();
}

/** The validated configuration (defaults when setup was never called). */
export function config(this: void): Config {
  if (state.config === undefined) {
    const result = validate(undefined);
    if (result.ok) state.config = result.config;
  }
  return state.config as Config;
}

/** Starts the server (no-op with a message when already running). Returns whether it is running. */
export function start(this: void): boolean {
  return startServer(undefined);
}

function startServer(toolsBefore: string[] | undefined): boolean {
  state.startPending = false;
  if (state.server !== undefined) {
    say(`already running on port ${state.server.status().port}`);
    return true;
  }
  const server = serverModule().createServer(config(), {
    reuse: state.endpoint,
    describeClient: (id) => state.sessions?.describe(id),
    terminalOf: (id) => state.sessions?.terminalOf(id),
    toolsBefore,
  });
  const started = server.start();
  if (!started.ok) {
    say(`could not start: ${started.error}`, "error");
    return false;
  }
  server.hub.onSessionsChanged(() => state.sessions?.refresh());
  state.server = server;
  state.endpoint = started.endpoint;
  return true;
}

/** Stops the server: clients closed (1001), pending calls answered or cancelled, lock file removed. */
export function stop(this: void): boolean {
  state.startPending = false;
  const server = state.server;
  if (server === undefined) return false;
  state.server = undefined;
  state.mentions?.dispose();
  state.mentions = undefined;
  server.stop();
  return true;
}

/** The running server, for the editor features and commands (undefined when stopped). */
export function server(this: void): Server | undefined {
  startIfPending();
  return state.server;
}

export function status(this: void): ServerStatus {
  startIfPending();
  return state.server !== undefined ? state.server.status() : { running: false, clients: 0, cliPids: [] };
}

/** Starts the server unless it runs (quietly: start() says "already running"). */
function ensureStarted(): boolean {
  return state.server !== undefined || start();
}

function sessionList(): Sessions {
  if (state.sessions === undefined) {
    state.sessions = sessionsModule().createSessions({
      hub: () => state.server?.hub,
      diff: () => state.server?.diff(),
      port: () => (state.server !== undefined ? state.endpoint?.port : undefined),
      companionClients: () => {
        const ready: { id: number; name: string }[] = [];
        for (const c of state.server?.companion()?.clients() ?? [])
          if (c.ready) ready.push({ id: c.id, name: c.name ?? "Gemini CLI" });
        return ready;
      },
      openGateway: (paths) => state.server?.openGateway(paths),
    });
  }
  return state.sessions;
}

/** :ClaudeCode — shows/hides the current session's terminal, starting the server and claude (with `args`) if needed. */
export function toggle(this: void, args = ""): void {
  if (ensureStarted()) sessionList().toggle(config(), args);
}

/**
 * :ClaudeCodeFocus — jumps to a diff review that opened behind you (diff.focus) and waits; else focuses the
 * current session's terminal, starting the server and claude if needed.
 */
export function focus(this: void, args = ""): void {
  if (((vim.g.claude_ide_reviews_waiting as number | undefined) ?? 0) > 0 && state.server?.diff()?.focusWaiting())
    return;
  if (ensureStarted()) sessionList().focus(config(), args);
}

/**
 * For statuslines (lualine: `{ function() return require("claude-ide").statusline() end }`): says when diff
 * reviews opened behind you wait (diff.focus), else "". Cheap: reads `vim.g.claude_ide_reviews_waiting`.
 */
export function statusline(this: void): string {
  const n = (vim.g.claude_ide_reviews_waiting as number | undefined) ?? 0;
  if (n <= 0) return "";
  // The client that proposed the latest of them ("Gemini CLI: a review waits").
  const who = (vim.g.claude_ide_review_client as string | undefined) ?? "Claude";
  return n === 1 ? `${who}: a review waits` : `${who}: ${n} reviews wait`;
}

/** :ClaudeCodeNew — starts another claude (with `args`) in a terminal of its own: a new session. */
export function new_session(this: void, args = ""): void {
  if (ensureStarted()) sessionList().create(config(), args);
}

/**
 * The Claude sessions: each terminal started from Neovim, and each connected CLI started elsewhere. Fields:
 * id, name, cwd, roots (the CLI's folders: cwd and --add-dir), terminal, connected, pid, pending (reviews
 * waiting), current (where @-mentions go), buf.
 */
export function sessions(this: void): SessionInfo[] {
  return sessionList().list();
}

/** Shows and focuses the terminal of session `id` (it becomes the current session). Returns success. */
export function switch_session(this: void, id: number): boolean {
  return ensureStarted() && sessionList().switchTo(config(), id);
}

/** One line per session, as :ClaudeCodeSessions lists them. */
export function describe_session(this: void, s: SessionInfo): string {
  const home = (path: string) => vim.fn.fnamemodify(path, ":~");
  // The CLI's own answer (roots/list) when it gave one: its cwd, then its --add-dir folders.
  const roots = s.roots.length > 0 ? s.roots : [s.cwd];
  const dir = roots[0];
  const added: string[] = [];
  for (let i = 1; i < roots.length; i++) added.push(home(roots[i]));
  const more = added.length > 0 ? ` + ${table.concat(added, ", ")}` : "";
  const dirs = `${dir !== "" ? home(dir) : "directory unknown"}${more}`;
  const where =
    s.target !== undefined ? `${dirs} on @${s.target.name}` : s.terminal ? dirs : `${dirs} (started outside Neovim)`;
  const via = s.protocol === "companion" ? " via the companion" : "";
  const connection = s.connected
    ? `connected${via}${s.pid !== undefined ? ` (pid ${s.pid})` : ""}`
    : `not connected${via}`;
  const pending = s.pending > 0 ? `, ${s.pending} pending review${s.pending === 1 ? "" : "s"}` : "";
  return `${s.current ? "* " : "  "}${s.name} [${s.client}]  ${where}  ${connection}${pending}`;
}

/** :ClaudeCodeSessions — lists the sessions and switches to the one chosen (vim.ui.select). */
export function select_session(this: void): void {
  const list = sessions();
  if (list.length === 0) {
    say("no Claude session: start one with :ClaudeCode or :ClaudeCodeNew");
    return;
  }
  // `this: void`: the typing of format_item (a function-typed property) would otherwise get a self argument.
  const formatItem = function (this: void, s: SessionInfo) {
    return describe_session(s);
  };
  vim.ui.select(list, { prompt: "Claude sessions", format_item: formatItem }, (choice) => {
    if (choice === undefined) return;
    if (!choice.terminal) say(`${choice.name} was started outside Neovim: switch to its terminal there`);
    else switch_session(choice.id);
  });
}

/**
 * A file the privacy policy withholds from the model is mentioned only when the user says so (the mention
 * makes Claude read it). Returns whether to go on.
 */
function confirmWithheld(path: string): boolean {
  const why = state.server?.policy()?.withheld(path);
  if (why === undefined) return true;
  const name = vim.fn.fnamemodify(path, ":~:.");
  const answer = vim.fn.confirm(
    `${name} is withheld from the model by ${why.rule} (${why.source}). Send it to Claude anyway?`,
    "&Send\n&Cancel",
    2,
  );
  if (answer === 1) return true;
  say(`${name} not sent: it is withheld from the model (:help claude-ide-privacy)`, "warn");
  return false;
}

/**
 * @-mentions `path` (a file or folder) to Claude, with optional 1-based lines as the user counts them: sent
 * now, or queued until Claude connects (the server is started if needed). Returns whether it was accepted.
 */
export function add(this: void, path: string, startLine?: number, endLine?: number): boolean {
  const mentions = mentionsModule();
  const made = mentions.makeMention(path, startLine, endLine);
  if (!made.ok) {
    say(made.error, "error");
    return false;
  }
  if (!ensureStarted()) return false;
  if (!confirmWithheld(made.mention.filePath)) return false;
  const list = sessionList();
  const name = mentions.describeMention(made.mention);
  // Gemini CLI / Qwen Code take no at_mentioned: an @path typed into the current session's prompt.
  const typed = list.typeMention(made.mention, config());
  if (typed !== "none") {
    const who = list.currentClient() ?? "the CLI";
    say(
      typed === "sent"
        ? `typed @${name} into ${who}'s prompt`
        : typed === "settling"
          ? `typing @${name} into ${who}'s prompt`
          : `${who} is not connected yet: @${name} will be typed into its prompt when it is ready`,
    );
    return true;
  }
  // To the current session only (the focused terminal); to every session when no terminal runs.
  state.mentions ??= mentions.createMentionQueue(config(), (state.server as Server).hub);
  const outcome = state.mentions.add(made.mention, list.mentionRecipients());
  const client = list.currentClient() ?? "Claude";
  let terminals = 0;
  for (const s of sessions()) if (s.terminal) terminals++;
  const target = terminals > 1 ? (list.currentName() ?? client) : client;
  if (outcome === "unseen") {
    say(`${name} is outside the folders ${target} sees on its machine (remote.targets' folders): not sent`, "warn");
    return false;
  }
  say(
    outcome === "sent"
      ? `sent ${name} to ${target}`
      : `${target} is not connected yet: ${name} will be sent when it is ready`,
  );
  return true;
}

/** How long after the paste its Enter is typed (a CLI's prompt takes a paste in as a whole first). */
const SUBMIT_DELAY_MS = 150;

/**
 * :ClaudeCodeNotesSend — the notes on lines not sent yet, typed into the current session's prompt as one bracketed
 * paste (the user sees it there) and submitted; each is then marked sent. Returns whether they were sent.
 */
export function send_notes(this: void): boolean {
  if (!ensureStarted()) return false;
  const book = state.server?.lineNotes();
  const ids = book?.pending() ?? [];
  if (book === undefined || ids.length === 0) {
    say("no note waits to be sent (:ClaudeCodeNote writes one)");
    return false;
  }
  const target = sessionList().promptTarget();
  if (target === undefined) {
    say("no agent terminal runs to send the notes to: start one with :ClaudeCode", "warn");
    return false;
  }
  const paths = target.paths;
  const message = book.take(ids, paths === undefined ? undefined : (path) => paths.toFar(path));
  if (message === undefined) return false;
  // Nothing in it may end the paste early or act as a key: control characters other than tab and newline go.
  const [clean] = string.gsub(message, "[%z\x01-\x08\x0b-\x1f\x7f]", "");
  vim.fn.chansend(target.job, `\x1b[200~${clean}\x1b[201~`);
  vim.defer_fn(() => pcall(vim.fn.chansend, target.job, "\r"), SUBMIT_DELAY_MS);
  say(`sent ${ids.length === 1 ? "a note" : `${ids.length} notes`} to ${target.client} (${target.name})`);
  return true;
}

/** Mentions the entry under the cursor in neo-tree, nvim-tree, oil or mini.files, else the current file. */
export function add_under_cursor(this: void): boolean {
  const target = explorers().pathUnderCursor();
  if (!target.ok) {
    say(`nothing to add: ${target.reason}`, "warn");
    return false;
  }
  return add(target.path);
}

/**
 * Your own tools and resources for the model (:help claude-ide-agent-tools). Each function returns true, or
 * false and the reason (also shown with vim.notify).
 */
export const agent = {
  /** Adds (or replaces) a tool: { name, title?, description, input?, read_only?, handler(args, ctx) }. */
  add_tool: (spec: unknown): LuaMultiReturn<[boolean, string | undefined]> => {
    const added = userToolsModule().userTools.add(spec);
    if (added.ok) return $multi(true, undefined);
    say(added.error, "error");
    return $multi(false, added.error);
  },
  /** Removes a tool added with add_tool; returns whether there was one. */
  remove_tool: (name: string): boolean => userToolsModule().userTools.remove(name),
  /** Adds (or replaces) a resource the model and @-mentions can read: { name?, title?, description?, mime?, read(uri) }. */
  add_resource: (uri: string, spec: unknown): LuaMultiReturn<[boolean, string | undefined]> => {
    const added = userToolsModule().userTools.addResource(uri, spec);
    if (added.ok) return $multi(true, undefined);
    say(added.error, "error");
    return $multi(false, added.error);
  },
};
