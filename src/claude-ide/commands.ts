// The :ClaudeCode* commands (declared in plugin/claude-ide.lua, which calls run() on first use).
import { isFileBuffer } from "./editor/buffers";
import { decideFromCommand, requestChanges } from "./editor/review/diff";
import type { NoteBook } from "./editor/notes/notes";
import { overviewOf } from "./editor/review/overview";
import * as ide from "claude-ide";
import { say } from "./log";
import { lazy } from "./util/modules";
import type * as HookSettingsModule from "./hooks/settings";

const hookSettings = lazy<typeof HookSettingsModule>("claude-ide.hooks.settings");

type Handler = (this: void, args: vim.api.UserCommandArgs) => void;

function formatUptime(ms: number): string {
  const s = math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${math.floor(s / 60)}m ${s % 60}s`;
  return `${math.floor(s / 3600)}h ${math.floor((s % 3600) / 60)}m`;
}

/** The lines of an active Visual selection (a `<Cmd>` mapping passes no range), or undefined. */
function visualLines(): [number, number] | undefined {
  const mode = vim.fn.mode();
  if (mode !== "v" && mode !== "V" && mode !== string.char(0x16)) return undefined;
  const a = vim.fn.getpos("v")[1];
  const b = vim.fn.line(".");
  vim.cmd("normal! \x1b");
  return a <= b ? [a, b] : [b, a];
}

/** :ClaudeCodeSend — the range (or Visual lines, or the current line) of the current file; in a file
 * explorer, the entry under the cursor. */
function send(args: vim.api.UserCommandArgs): void {
  const buf = vim.api.nvim_get_current_buf();
  if (!isFileBuffer(buf)) {
    ide.add_under_cursor();
    return;
  }
  const cursor = vim.fn.line(".");
  const [first, last] = args.range > 0 ? [args.line1, args.line2] : (visualLines() ?? [cursor, cursor]);
  ide.add(vim.api.nvim_buf_get_name(buf), first, last);
}

/** :ClaudeCodeAdd {file} [start] [end] — lines as the user counts them (1-based). */
function addFile(args: vim.api.UserCommandArgs): void {
  const [file, startArg, endArg] = args.fargs;
  const start = startArg === undefined ? undefined : tonumber(startArg);
  const end = endArg === undefined ? undefined : tonumber(endArg);
  if (
    args.fargs.length > 3 ||
    (startArg !== undefined && start === undefined) ||
    (endArg !== undefined && end === undefined)
  ) {
    say(
      "usage: :ClaudeCodeAdd {file} [start-line] [end-line] (escape spaces in the file name with a backslash)",
      "error",
    );
    return;
  }
  ide.add(file, start, end);
}

/** The running server's turn review, or undefined (and a message) when the server is stopped. */
function turns(): import("./hooks/turn").Turns | undefined {
  const channel = ide.server()?.channel();
  if (channel === undefined) say("the server is not running (:ClaudeCodeStart)", "warn");
  return channel?.turns;
}

/** :ClaudeCodeReview [n] */
function review(args: vim.api.UserCommandArgs): void {
  const arg = vim.trim(args.args);
  const n = arg === "" ? undefined : tonumber(arg);
  if (arg !== "" && (n === undefined || n < 1 || math.floor(n) !== n)) {
    say("usage: :ClaudeCodeReview [turn number]", "error");
    return;
  }
  turns()?.reviewAgain(n);
}

/** The running server's notes on lines, or undefined (and a message) when the server is stopped. */
function noteBook(): NoteBook | undefined {
  const book = ide.server()?.lineNotes();
  if (book === undefined) say("the server is not running (:ClaudeCodeStart)", "warn");
  return book as NoteBook | undefined;
}

/**
 * :[range]ClaudeCodeNote[!] [text] — a note for the agent on the range (or the Visual lines, or the cursor's line):
 * edits the note already there, else adds one; `!` removes the notes on those lines.
 */
function note(args: vim.api.UserCommandArgs): void {
  const book = noteBook();
  if (book === undefined) return;
  const buf = vim.api.nvim_get_current_buf();
  const cursor = vim.fn.line(".");
  const visual = args.range > 0 ? undefined : visualLines();
  const [first, last] = args.range > 0 ? [args.line1, args.line2] : (visual ?? [cursor, cursor]);
  if (args.bang) {
    const n = book.removeAt(buf, first, last);
    const where = first === last ? `line ${first}` : `lines ${first}-${last}`;
    say(n === 0 ? `no note on ${where}` : `removed ${n === 1 ? "the note" : `${n} notes`} on ${where}`);
    return;
  }
  const ranged = args.range > 0 || visual !== undefined;
  const text = args.args === "" ? undefined : args.args;
  // An overview's rows show lines of its files: the note goes on those.
  const overview = overviewOf(buf);
  if (overview !== undefined) {
    const shown = overview.noteLines(first, last);
    if (typeof shown === "string") say(`no note here: ${shown}`, "warn");
    else book.noteOnLines(buf, [first, last], shown, ranged, text);
    return;
  }
  book.note(buf, first, last, ranged, text);
}

/** What :ClaudeCodeNotes lists. */
const NOTE_LISTS = ["all", "pending", "sent"];

/** :ClaudeCodeNotes [all|pending|sent] — the notes in the quickfix list; `!` removes the notes already sent. */
function notes(args: vim.api.UserCommandArgs): void {
  const book = noteBook();
  if (book === undefined) return;
  if (args.bang) {
    const n = book.removeSent();
    say(n === 0 ? "no note was sent: none removed" : `removed ${n === 1 ? "the note" : `${n} notes`} already sent`);
    return;
  }
  const which = vim.trim(args.args) === "" ? "all" : vim.trim(args.args);
  if (!NOTE_LISTS.includes(which)) {
    say(`usage: :ClaudeCodeNotes [${NOTE_LISTS.join("|")}]`, "error");
    return;
  }
  const items = book.quickfixItems(which as "all" | "pending" | "sent");
  if (items.length === 0) {
    say(which === "all" ? "no notes (:ClaudeCodeNote writes one)" : `no ${which} notes`);
    return;
  }
  vim.fn.setqflist([], " ", { title: `Claude notes (${which})`, items });
  vim.cmd("botright copen");
}

const HANDLERS: { [name: string]: Handler } = {
  ClaudeCodeNote: note,
  ClaudeCodeNotes: notes,
  ClaudeCodeNotesSend: () => ide.send_notes(),
  ClaudeCodeRequestChanges: () => {
    const book = noteBook();
    if (book !== undefined) requestChanges(book);
  },
  ClaudeCodeReview: review,
  ClaudeCodeCheckpoint: () => turns()?.checkpoint(),
  ClaudeCodeHooks: (args) => say(hookSettings().printable(vim.trim(args.args))),
  ClaudeCode: (args) => ide.toggle(args.args),
  ClaudeCodeFocus: () => ide.focus(),
  ClaudeCodeNew: (args) => ide.new_session(args.args),
  ClaudeCodeSessions: () => ide.select_session(),
  ClaudeCodeSend: send,
  ClaudeCodeAdd: addFile,
  ClaudeCodeDiffAccept: () => decideFromCommand("accept"),
  ClaudeCodeDiffDeny: (args) => decideFromCommand("reject", args.args),
  ClaudeCodeStart: () => {
    const before = ide.status();
    if (before.running) say(`already running on 127.0.0.1:${before.port}`);
    else if (ide.start()) say(`listening on 127.0.0.1:${ide.status().port}`);
  },
  ClaudeCodeStop: () => {
    if (ide.stop()) say("stopped");
    else say("not running");
  },
  ClaudeCodeStatus: () => {
    const s = ide.status();
    if (!s.running) {
      say("not running (start with :ClaudeCodeStart)");
      return;
    }
    const lines = [
      `running on 127.0.0.1:${s.port}, up ${formatUptime(s.uptimeMs ?? 0)}`,
      `lock file: ${s.lockFile}`,
      `clients: ${s.clients}${s.cliPids.length > 0 ? ` (Claude CLI pid ${s.cliPids.join(", ")})` : ""}`,
    ];
    say(lines.join("\n"));
  },
};

/** Options of `claude` worth completing after :ClaudeCode / :ClaudeCodeNew (claude --help has them all). */
const CLAUDE_OPTIONS = [
  "--add-dir",
  "--agent",
  "--allowedTools",
  "--continue",
  "--debug",
  "--disallowedTools",
  "--effort",
  "--fork-session",
  "--model",
  "--name",
  "--permission-mode",
  "--resume",
  "--settings",
  "--verbose",
];

/**
 * Completion of :ClaudeCode / :ClaudeCodeNew arguments (declared in plugin/claude-ide.lua): the CLI's options, and
 * `@name` for each remote target as the first argument.
 */
export function complete_args(this: void, lead: string, line: string, pos: number): string[] {
  const options = CLAUDE_OPTIONS.filter((o) => vim.startswith(o, lead));
  const [first] = string.match(string.sub(line, 1, pos), "^%s*%S+%s+(%S*)$");
  if (first === undefined) return options;
  const targets: string[] = [];
  for (const [name] of pairs(ide.config().remote.targets)) targets.push(`@${name as string}`);
  targets.sort();
  return [...targets.filter((t) => vim.startswith(t, lead)), ...options];
}

/** Completion of :ClaudeCodeReview: the turns kept of the session whose turn ended last. */
export function complete_turns(this: void, lead: string): string[] {
  const numbers = ide.server()?.channel()?.turns.turnNumbers() ?? [];
  return numbers.map((n) => tostring(n)).filter((n) => vim.startswith(n, lead));
}

/** Completion of :ClaudeCodeHooks: the CLIs it prints the hooks of. */
export function complete_clients(this: void, lead: string): string[] {
  return hookSettings().PRINTABLE_CLIENTS.filter((c) => vim.startswith(c, lead));
}

/** Completion of :ClaudeCodeNotes: which notes it lists. */
export function complete_notes(this: void, lead: string): string[] {
  return NOTE_LISTS.filter((w) => vim.startswith(w, lead));
}

/** Runs a command by name. Errors are reported as messages, never as stack traces. */
export function run(this: void, name: string, args: vim.api.UserCommandArgs): void {
  const handler = HANDLERS[name];
  if (handler === undefined) {
    say(`:${name} is not available yet`, "warn");
    return;
  }
  const [ok, err] = pcall(handler, args);
  if (!ok) say(`:${name} failed: ${tostring(err)}`, "error");
}
