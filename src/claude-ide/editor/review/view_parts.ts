// What every review view shares, whatever it shows (diff_view: side by side; unified_view; a multi-file review's
// overview; the plan's view): the spec a file's view is opened with and the events it reports, the way back to
// where the user was (ReviewOrigin), the focus rule, scratch buffers filled fast (a file's proposal buffer), winbars
// fitted to the width, the count of reviews waiting unseen, and the set-up every view repeated: its keys (mapKeys,
// fileViewKeys), its life (ViewLife: waiting, autocmds, focus, settling; watchLife, acceptOnWrite) and its
// teardown (removeView).
import type { Config, DiffFocus } from "../../config";
import type { AnsweredNote } from "../../contracts";
import { NOTE_HL, NOTE_SIGN_HL } from "../notes/notes";
import { notice, say } from "../../log";
import { REVIEW_VAR, type ReviewVar } from "../review_marks";
import type { ReviewText } from "./diff_text";
import { askClosing, type BarPart, escapeBar, fitWinbar, type Words } from "./keys";
import { Life } from "./model";
import { askReason } from "./reason";

/**
 * The file views' autocmds (every server's, every review's, whatever the layout). It exists while a review is
 * open: the last view to close deletes it, so a stopped server leaves no group behind.
 */
export const AUGROUP = "claude-ide.diff";

/** Tab page variable of a review's own tab page: its tab_name. */
export const TAB_VAR = "claude_ide_diff";
/**
 * Above this size the buffers get 'syntax' instead of 'filetype': highlighting without FileType handlers
 * (ftplugins, LSP, treesitter), which can take seconds on a big file (0.10's Lua ftplugin parses the whole
 * buffer with treesitter, ~0.2 s per MiB, for each of the two buffers).
 */
export const BIG_PROPOSAL_BYTES = 512 * 1024;

/** How many reviews wait unseen (opened behind the user), for statuslines: `vim.g.claude_ide_reviews_waiting`. */
export const WAITING_VAR = "claude_ide_reviews_waiting";

/** The client whose review waited last (`vim.g.claude_ide_review_client`), for statusline(): "Gemini CLI". */
export const WAITING_CLIENT_VAR = "claude_ide_review_client";

/** Counts reviews opened behind the user (vim.g.claude_ide_reviews_waiting) and redraws the statuslines. */
export function addWaiting(delta: number, client?: string): void {
  if (client !== undefined) vim.g[WAITING_CLIENT_VAR] = client;
  const now = (vim.g[WAITING_VAR] as number | undefined) ?? 0;
  vim.g[WAITING_VAR] = math.max(0, now + delta);
  pcall(vim.cmd, "redrawstatus!");
}

/**
 * Whether a view waits: opened behind the user and not visited yet, counted in vim.g.claude_ide_reviews_waiting
 * (addWaiting) and told by a message that a notifier keeps until the user comes (or the view ends).
 */
export class Waiting {
  private on = false;
  /** Removes the message that says the view waits. */
  private unnotice?: (this: void) => void;

  /** The view opened (`behind`: without the focus, so it waits) for `client`'s proposal. */
  begin(behind: boolean, client: string): void {
    this.on = behind;
    if (behind) addWaiting(1, client);
  }

  /** While the view waits: `message` says so, until it is seen. */
  tell(message: string): void {
    if (this.on) this.unnotice = notice(message);
  }

  is(): boolean {
    return this.on;
  }

  /** The user is in the view now (or it ended): it no longer waits. True when it waited until now. */
  seen(): boolean {
    if (!this.on) return false;
    this.on = false;
    this.unnotice?.();
    this.unnotice = undefined;
    addWaiting(-1);
    return true;
  }
}

/**
 * How the user brings a waiting review: their own mapping of :ClaudeCodeFocus (a Normal- or Terminal-mode key whose
 * right-hand side runs it, or a callback whose description names it; the leader shown as `<leader>`), else the
 * command itself.
 */
export function focusHint(): string {
  const leader = (vim.g.mapleader as string | undefined) ?? "\\";
  for (const mode of ["n", "t"]) {
    const [ok, maps] = pcall(vim.api.nvim_get_keymap, mode);
    if (!ok) continue;
    for (const m of maps as { lhs: string; lhsraw?: string; rhs?: string; desc?: string; callback?: unknown }[]) {
      const names = (t: string | undefined) =>
        t !== undefined && string.find(t, "ClaudeCodeFocus", 1, true)[0] !== undefined;
      if (!names(m.rhs) && !(m.callback !== undefined && names(m.desc))) continue;
      // lhs is printable (`<Space>af`), lhsraw the keys themselves: the leader is found in those.
      const raw = m.lhsraw ?? m.lhs;
      if (leader !== "" && vim.startswith(raw, leader) && raw.length > leader.length)
        return `<leader>${vim.fn.keytrans(string.sub(raw, leader.length + 1))}`;
      return m.lhs;
    }
  }
  return ":ClaudeCodeFocus";
}

/** What a file's view waiting behind the user says: `Claude proposes a change to a.ts [s1]: <leader>af shows the review`. */
export function proposesChange(spec: ViewSpec): string {
  const source = spec.source !== undefined ? ` [${spec.source}]` : "";
  return `${spec.client ?? "Claude"} proposes a change to ${vim.fn.fnamemodify(spec.path, ":t")}${source}: ${focusHint()} shows the review`;
}

/** Marks `buf` as a review's (b:claude_ide_diff = `value`, with `waiting` when the view waits). */
export function markReview(buf: Buf, value: ReviewVar, waiting: boolean): void {
  if (waiting) value.waiting = true;
  vim.api.nvim_buf_set_var(buf, REVIEW_VAR, value);
}

/** `bufs` stop looking like an open review's (b:claude_ide_diff gone), whichever are still there. */
export function unmarkReview(bufs: Buf[]): void {
  for (const buf of bufs) if (vim.api.nvim_buf_is_valid(buf)) pcall(vim.api.nvim_buf_del_var, buf, REVIEW_VAR);
}

/**
 * Closes a view's window. The last window of Neovim cannot close: it gets an empty buffer instead, without the
 * view's winbar and after `reset` (what else the view set on it: 'diff', its 'signcolumn'). Never throws.
 */
export function closeViewWindow(win: Win, reset?: (this: void, win: Win) => void): void {
  if (!vim.api.nvim_win_is_valid(win)) return;
  if (pcall(vim.api.nvim_win_close, win, true)[0]) return;
  pcall(() => {
    reset?.(win);
    setOpt("winbar", "", { win });
    vim.api.nvim_win_set_buf(win, vim.api.nvim_create_buf(true, false));
  });
}

/**
 * Removes a view from the screen, its windows (closeViewWindow, `reset`) and then its buffers, and when `back` (the
 * user was in it, and no next view of the same review takes them on) returns them where they were. Never throws.
 */
export function removeView(
  wins: Win[],
  bufs: Buf[],
  origin: ReviewOrigin,
  back: boolean,
  reset?: (this: void, win: Win) => void,
): void {
  for (const win of wins) closeViewWindow(win, reset);
  for (const buf of bufs) if (vim.api.nvim_buf_is_valid(buf)) pcall(vim.api.nvim_buf_delete, buf, { force: true });
  if (back) origin.restore();
}

/** Visual modes and Select modes (nvim_get_mode): charwise, linewise, blockwise. */
export const VISUAL_MODES = ["v", "V", string.char(0x16)];
export const SELECT_MODES = ["s", "S", string.char(0x13)];

/**
 * Whether a review arriving now may take the focus. "auto": only from the terminal of the agent that proposed
 * it (`home`: the user talks to that agent and waits for its answer), and only with nothing typed pending. From
 * any other window, in any mode (Normal included: a user reading there presses `o` a moment later), it opens
 * behind and says so. "always": whenever no typed key waits; "never": never.
 */
export function takesFocus(policy: DiffFocus, home?: Buf): boolean {
  if (policy === "never") return false;
  const m = vim.api.nvim_get_mode();
  // Keys typed but not yet processed belong where the user is typing, never to the proposal.
  const typeahead = m.blocking || vim.fn.getchar(1) !== 0;
  if (typeahead) return false;
  if (policy === "always") return true;
  if (home === undefined || vim.api.nvim_get_current_buf() !== home) return false;
  return m.mode === "t" || m.mode === "nt" || m.mode === "n";
}

export interface ViewSpec {
  tabName: string;
  /** The file under review (labels only). */
  path: string;
  /**
   * The file's current text (its buffer's lines when loaded, else the disk's, as ReviewText's `lines`: a big
   * text may be whole); undefined: a new file.
   */
  current: ReviewText["lines"] | undefined;
  /** The file's buffer has unsaved edits: the left side shows them, and the winbar says so. */
  dirty: boolean;
  proposal: ReviewText;
  /** Size of the proposal. */
  bytes: number;
  /** The file's buffer's filetype; undefined: detected from the path and the proposal. */
  filetype: string | undefined;
  config: Config["diff"];
  /** Which session proposed it (shown in the winbar when several are connected). */
  source?: string;
  /** The client that proposed it, by the name the user reads ("Claude Code", "Gemini CLI"): winbar, messages. */
  client?: string;
  /** The buffer of the terminal the proposing agent runs in: diff.focus "auto" takes the focus only from there. */
  home?: Buf;
  /** Takes the focus whatever diff.focus says (the user is in this review already: the next file of it). */
  enter?: boolean;
  /** The edit moves the file to `path` from this path (as shown): the left side is the text at the old path. */
  renamedFrom?: string;
  /** The edit deletes the file: the proposal is empty and cannot be edited. */
  deletes?: boolean;
  /**
   * A part of a larger review (editor/review/multi_review.ts), shown in the proposal's winbar after the client:
   * one text, or pieces in the order they matter (`File 2/3`, `(changed by a shell command)`, `turn 3: …`), each
   * dropped whole when the window is too narrow, the last first; a piece in parentheses follows the one before.
   */
  note?: string | string[];
  /**
   * More buffer-local Normal-mode keys on both buffers (e.g. the next file of a multi-file review); `hint`, if
   * any, is shown among the winbar's keys (`]f/[f next/prev file`).
   */
  keys?: { lhs: string; desc: string; fn: (this: void) => void; hint?: string }[];
  /** What the left side shows when it is not the file as it is now (default "Current"): `Before turn 3`. */
  currentLabel?: string;
  /** What the review decides (keys.ts Words; default "proposal"): its keys' words (accept/reject, keep/revert). */
  words?: Words;
  /**
   * A file's review opened from a multi-file review's overview: `:w` goes back keeping what was decided there,
   * `q` goes back without it (asking first after decisions); the winbar says so first.
   */
  fromOverview?: boolean;
  /** The buffer of that overview (b:claude_ide_diff says it: a note on the review finds the others). */
  overview?: Buf;
  /** The user's notes a turn's hunk answered (ReviewFile.answered): shown above the proposal's line. */
  answered?: AnsweredNote[];
  /**
   * Where the user was before the review (the previous file's view of a multi-file review hands its own on):
   * focus goes back there when the review closes. Default: the current window and mode.
   */
  origin?: ReviewOrigin;
}

/** @noSelf */
export interface ViewEvents {
  accept(): void;
  /** `reason`: what the user gave for refusing (to pass to the model verbatim), if anything. */
  reject(reason?: string): void;
}

export function setOpt(
  name: string,
  value: unknown,
  scope: { buf?: Buf; win?: Win; scope?: "local" | "global" },
): void {
  vim.api.nvim_set_option_value(name, value, scope);
}

export function getOpt<T>(name: string, scope: { buf?: Buf; win?: Win }): T {
  return vim.api.nvim_get_option_value(name, scope) as T;
}

export { escapeBar } from "./keys";

/**
 * A review buffer's name, `claude-ide://<label>`, the label whole in its last component: Neovim's default tab line
 * shortens every component but the last to one letter (`claude-ide://proposal/greet.lua` read `c//p/greet.lua`),
 * so a path in the label keeps only its tail. A scheme it must have: a name without one is a file of the current
 * folder (Neovim makes it absolute), which `:w` could write. The CLI's `✻` mark is left out (a box in many fonts).
 */
export function reviewName(label: string): string {
  const [unmarked] = string.gsub(label, "^✻%s*", "");
  const [tails] = string.gsub(unmarked, "[^%s\"'`]*/", "");
  return `claude-ide://${tails}`;
}

/** A name already taken (by a user's buffer, say) gets a number. */
export function setUniqueName(buf: Buf, name: string): void {
  for (let n = 1; n <= 100; n++) {
    const [ok] = pcall(vim.api.nvim_buf_set_name, buf, n === 1 ? name : `${name} (${n})`);
    if (ok) return;
  }
}

/** Holds a whole text while `:put` reads it (fillBuffer). */
export const WHOLE_VAR = "claude_ide_whole_text";

/**
 * Puts `lines` into the empty buffer `buf`: a list of lines, or a whole text (ReviewText) that Neovim cuts
 * itself with `:put =`, twice as fast on a 10 MiB text as cutting it in Lua and handing 127,000 strings to
 * nvim_buf_set_lines. The expression register's last expression, which `:put =` replaces, is put back.
 */
export function fillBuffer(buf: Buf, lines: string[] | string): void {
  if (typeof lines !== "string") {
    vim.api.nvim_buf_set_lines(buf, 0, -1, true, lines);
    return;
  }
  vim.api.nvim_buf_call(buf, () => {
    const expression = vim.fn.getreg("=", 1);
    vim.api.nvim_buf_set_var(buf, WHOLE_VAR, lines);
    const [ok, err] = pcall(() => {
      // Above the empty first line, which then goes.
      vim.cmd(`silent keepjumps 0put =b:${WHOLE_VAR}`);
      vim.cmd("silent keepjumps $delete _");
    });
    vim.api.nvim_buf_del_var(buf, WHOLE_VAR);
    vim.fn.setreg("=", expression);
    if (!ok) error(err, 0);
  });
}

/**
 * A scratch buffer holding `lines` (see fillBuffer), wiped when its last window closes. The initial text is
 * not an undo step (`u` never empties the proposal) and the buffer starts unmodified.
 */
export function scratchBuffer(name: string, lines: string[] | string): Buf {
  const buf = vim.api.nvim_create_buf(false, true);
  setOpt("bufhidden", "wipe", { buf });
  setOpt("undolevels", -1, { buf });
  fillBuffer(buf, lines);
  setOpt("undolevels", vim.go.undolevels, { buf });
  setUniqueName(buf, name);
  setOpt("modified", false, { buf });
  return buf;
}

/**
 * The proposal's buffer of a file's view (side by side or unified): `<file> (proposal)`, an 'acwrite' buffer (`:w`
 * accepts, the view says how), its final newline and line endings as proposed, highlighted as its file (`option`:
 * 'syntax' above BIG_PROPOSAL_BYTES, else 'filetype'; `filetype` undefined when none was found), unmodified. A
 * deletion is all or nothing: there is no text to change in it.
 */
export function proposalBuffer(spec: ViewSpec): { buf: Buf; filetype: string | undefined; option: string } {
  const file = vim.fn.fnamemodify(spec.path, ":t");
  const buf = scratchBuffer(reviewName(`${file} (proposal)`), spec.proposal.lines);
  setOpt("buftype", "acwrite", { buf });
  // 'eol' alone decides the final newline (`:set eol`/`noeol` changes it); 'fixeol' off, as proposed.
  setOpt("fixendofline", false, { buf });
  setOpt("endofline", spec.proposal.eol, { buf });
  setOpt("fileformat", spec.proposal.crlf ? "dos" : "unix", { buf });
  const filetype = spec.filetype ?? detectFiletype(buf, spec.path);
  const option = spec.bytes > BIG_PROPOSAL_BYTES ? "syntax" : "filetype";
  if (filetype !== undefined && filetype !== "") setOpt(option, filetype, { buf });
  setOpt("modified", false, { buf });
  if (spec.deletes === true) setOpt("modifiable", false, { buf });
  showAnswered(buf, spec.answered ?? []);
  return { buf, filetype, option };
}

/** The namespace of the answered notes shown in a review (their own: a view's redraws leave them). */
export const ANSWERED_NS = vim.api.nvim_create_namespace("claude-ide.answered");

/** Virtual lines saying that `notes`, sent with the prompt, were answered by the hunk they are beside. */
export function answeredLines(notes: AnsweredNote[]): [string, string][][] {
  const out: [string, string][][] = [];
  for (const n of notes)
    vim.split(n.text, "\n", { plain: true }).forEach((line, i) => {
      out.push([
        [i === 0 ? "✎ (answered) " : "  ", NOTE_SIGN_HL],
        [line, NOTE_HL],
      ]);
    });
  return out;
}

/** Shows `notes` above their lines of a file's proposal buffer `buf` (a turn's: the file as the turn left it). */
export function showAnswered(buf: Buf, notes: AnsweredNote[]): void {
  const count = vim.api.nvim_buf_line_count(buf);
  const byLine = new LuaMap<number, AnsweredNote[]>();
  for (const n of notes) {
    const line = math.min(math.max(1, n.line), count);
    const here = byLine.get(line) ?? [];
    here.push(n);
    byLine.set(line, here);
  }
  for (const [line, here] of byLine)
    vim.api.nvim_buf_set_extmark(buf, ANSWERED_NS, line - 1, 0, {
      virt_lines: answeredLines(here),
      virt_lines_above: true,
    });
}

/**
 * Where the user was when a review arrived, and the way back (every review view: this one and the plan's). The
 * view opens with `open` (in a tab page of its own or a band across the top, entered or behind), takes the user
 * there with `enter`, and after it closed `restore` brings them back, to Terminal mode when they were in it.
 */
export class ReviewOrigin {
  /** The user's window (the agent's terminal, a file); where focus goes back. */
  private win: Win;
  private terminalMode: boolean;
  /** The mode the user was in when the review arrived (nvim_get_mode). */
  private readonly mode: string;

  constructor() {
    this.win = vim.api.nvim_get_current_win();
    this.mode = vim.api.nvim_get_mode().mode;
    this.terminalMode = this.mode === "t";
  }

  /** The user's window (where focus goes back): the inline view opens a file there. */
  window(): Win {
    return this.win;
  }

  /**
   * Opens the review's first window on `buf`: a tab page of its own named `tabName` (TAB_VAR), or a band across
   * the top of the current tab page (the rest of the layout only shrinks). Entered or not (`enter`), Neovim
   * enters a new tab page: `settle` leaves it again when the review opens behind. Returns the window, and the
   * tab page the user was on.
   */
  open(buf: Buf, enter: boolean, newTab: boolean, tabName: string): { win: Win; originTab: Tab } {
    const originTab = vim.api.nvim_get_current_tabpage();
    if (newTab) {
      vim.cmd(`tab sbuffer ${buf}`);
      vim.api.nvim_tabpage_set_var(0, TAB_VAR, tabName);
      return { win: vim.api.nvim_get_current_win(), originTab };
    }
    return { win: vim.api.nvim_open_win(buf, enter, { split: "above", win: -1 }), originTab };
  }

  /**
   * Once the review's windows are made. `enter`: the user is in the review, out of Insert mode (its keys are
   * Normal-mode keys; Terminal mode ends by leaving the window). Otherwise back to the user's tab page and window
   * in the same callback, so their window, mode and pending keys are as they were.
   */
  settle(enter: boolean, originTab: Tab): void {
    if (enter) {
      if (vim.startswith(vim.api.nvim_get_mode().mode, "i")) vim.cmd("stopinsert");
      return;
    }
    if (vim.api.nvim_tabpage_is_valid(originTab)) vim.api.nvim_set_current_tabpage(originTab);
    if (vim.api.nvim_win_is_valid(this.win)) vim.api.nvim_set_current_win(this.win);
    // Entering the tab page ended Visual (or Select) mode: `gv` selects the same text again, before any key
    // the user typed meanwhile (at the front of the typeahead).
    if (vim.api.nvim_get_current_win() === this.win) {
      if (VISUAL_MODES.includes(this.mode)) vim.api.nvim_feedkeys("gv", "ni", false);
      else if (SELECT_MODES.includes(this.mode)) vim.api.nvim_feedkeys(`gv${string.char(0x07)}`, "ni", false);
    }
  }

  /**
   * Takes the user to `target`, one of the review's windows `ours` (:ClaudeCodeFocus), in Normal mode; coming
   * from elsewhere, that is where focus goes back to afterwards.
   */
  enter(target: Win, ours: Win[]): void {
    const here = vim.api.nvim_get_current_win();
    if (!ours.includes(here)) {
      this.win = here;
      this.terminalMode = vim.api.nvim_get_mode().mode === "t";
    }
    vim.api.nvim_set_current_win(target);
    if (vim.startswith(vim.api.nvim_get_mode().mode, "i")) vim.cmd("stopinsert");
  }

  /** Back where the user was (the review had the focus and closed), in Terminal mode when they were. */
  restore(): void {
    if (!vim.api.nvim_win_is_valid(this.win)) return;
    vim.api.nvim_set_current_win(this.win);
    const buf = vim.api.nvim_win_get_buf(this.win);
    if (this.terminalMode && getOpt<string>("buftype", { buf }) === "terminal") vim.cmd("startinsert");
  }
}

/** Sets `win`'s winbar to `title` and as many of `parts` as fit, dropped from the last (keys.ts fitWinbar). */
export function fitBar(win: Win, title: string, parts: string[]): void {
  fitWinbar(
    win,
    title,
    parts.map((text, i): BarPart => ({ text, rank: i })),
  );
}

/** Every window-local option of `win` and its value. */
export function windowLocals(win: Win): LuaMap<string, unknown> {
  const values = new LuaMap<string, unknown>();
  for (const [name, info] of pairs(vim.api.nvim_get_all_options_info())) {
    if (info.scope !== "win") continue;
    const [ok, value] = pcall(vim.api.nvim_get_option_value, name, { win, scope: "local" });
    if (ok) values.set(name, value);
  }
  return values;
}

/** Puts back the window-local options of `win` that changed since `before` was taken. */
export function restoreWindowLocals(win: Win, before: LuaMap<string, unknown>): void {
  for (const [name, value] of before) {
    const [ok, now] = pcall(vim.api.nvim_get_option_value, name, { win, scope: "local" });
    if (ok && now !== value) pcall(vim.api.nvim_set_option_value, name, value, { win, scope: "local" });
  }
}

/** Detected on the buffer rather than a list of lines: the detectors then read only the lines they need. */
export function detectFiletype(buf: Buf, path: string): string | undefined {
  const [ft] = vim.filetype.match({ buf, filename: path });
  return ft;
}

/**
 * ViewSpec.note as winbar parts (ranked after what decides, moves and is left: keys.ts), each dropped whole, the last
 * first: ` · File 2/3`, ` (changed by a shell command)`, ....
 */
export function noteParts(note: ViewSpec["note"], rank: number): BarPart[] {
  if (note === undefined) return [];
  const pieces = typeof note === "string" ? [note] : note;
  return pieces.map((p, i) => ({
    text: i === 0 || !vim.startswith(p, "(") ? ` · ${escapeBar(p)}` : ` ${escapeBar(p)}`,
    rank: rank + i / 10,
  }));
}

/** Buffer `buf` as a file: what `:w` would write (its lines, 'fileformat', 'eol' / 'fixeol'). */
export function fileText(buf: Buf): string {
  const lines = vim.api.nvim_buf_get_lines(buf, 0, -1, true);
  const ff = getOpt<string>("fileformat", { buf });
  const sep = ff === "dos" ? "\r\n" : ff === "mac" ? "\r" : "\n";
  const finalNewline =
    getOpt<boolean>("endofline", { buf }) ||
    (getOpt<boolean>("fixendofline", { buf }) && !getOpt<boolean>("binary", { buf }));
  return table.concat(lines, sep) + (finalNewline ? sep : "");
}

/**
 * Asks for the reason (the model reads it verbatim), then rejects, unless the view (its `life`) was decided
 * meanwhile; cancelled, the view stays open.
 */
export function askRejectReason(
  life: { readonly settled: boolean },
  reject: (this: void, reason: string | undefined) => void,
): void {
  askReason("Reason for rejecting (sent to the model): ", (reason) => {
    if (!life.settled) reject(reason);
  });
}

/**
 * `q` in a file's view: with no decisions made (`decided` false) it closes as `events.reject` says (a proposal
 * rejected, a turn's file kept, from an overview: back); with decisions it asks first (askClosing) and each answer
 * does what it says: accept / apply / back keeping (`events.accept`), reject / discard / back without them
 * (`events.reject`), or go back to the view.
 */
export function closeFileView(spec: ViewSpec, decided: boolean, events: ViewEvents): void {
  if (!decided) {
    events.reject();
    return;
  }
  if (spec.fromOverview === true)
    askClosing("You decided hunks of this file here. Back to the overview keeping them, or discarding them?", [
      { label: "Keep", run: () => events.accept() },
      { label: "Discard", run: () => events.reject() },
    ]);
  else if (spec.words === "turn")
    askClosing(
      "You decided hunks of this turn's file. Apply them, or discard them (the file stays as the turn left it)?",
      [
        { label: "Apply", run: () => events.accept() },
        { label: "Discard", run: () => events.reject() },
      ],
    );
  else
    askClosing("You decided hunks of this proposal. Accept it as decided, or reject it?", [
      { label: "Accept", run: () => events.accept() },
      { label: "Reject", run: () => events.reject() },
    ]);
}

/** b:claude_ide_accept_now: set while writeToAccept writes a review's buffer from elsewhere. */
const ACCEPT_NOW_VAR = "claude_ide_accept_now";

/** Writes review buffer `buf` from wherever the user is (:ClaudeCodeDiffAccept): its `:w`, asked for. */
export function writeToAccept(buf: Buf): void {
  vim.b[buf][ACCEPT_NOW_VAR] = true;
  const [ok, err] = pcall(vim.api.nvim_buf_call, buf, () => vim.cmd("write"));
  if (vim.api.nvim_buf_is_valid(buf)) vim.b[buf][ACCEPT_NOW_VAR] = undefined;
  if (!ok) error(err, 0);
}

/**
 * A view's autocmds, in the group every open view of its kind shares (`group`): added one by one while the view
 * is open, deleted together when it settles; the last view to settle deletes the group, so a stopped server leaves
 * none behind.
 */
export class ViewAutocmds {
  private ids: number[] = [];

  constructor(private readonly group: string) {}

  add(
    event: string | string[],
    opts: { pattern?: string[]; buffer?: Buf },
    desc: string,
    callback: (this: void) => void,
  ): void {
    const group = vim.api.nvim_create_augroup(this.group, { clear: false });
    this.ids.push(vim.api.nvim_create_autocmd(event, { group, ...opts, desc, callback: () => callback() }));
  }

  /**
   * The hooks of a view's life, each autocmd described by `says`: closing one of its windows `wins` or unloading
   * one of its buffers `bufs` calls `closed` (the view rejects, or refuses), entering one of `bufs` calls `seen`
   * (it no longer waits), resizing one of `wins` calls `resized` (its winbars fit the new width).
   */
  watchLife(
    wins: Win[],
    bufs: Buf[],
    says: { closed: string; unloaded: string; resized: string; seen?: string },
    on: { closed: (this: void) => void; seen: (this: void) => void; resized: (this: void) => void },
  ): void {
    const pattern = wins.map((win) => tostring(win));
    this.add("WinClosed", { pattern }, says.closed, on.closed);
    for (const buffer of bufs) this.add("BufUnload", { buffer }, says.unloaded, on.closed);
    const seen = says.seen ?? "claude-ide: a review the user visits no longer waits";
    for (const buffer of bufs) this.add("BufEnter", { buffer }, seen, on.seen);
    this.add("WinResized", { pattern }, says.resized, on.resized);
  }

  /**
   * `:w` in `buf` calls `accept` (described by `desc`) and writes nothing to disk. A write of every buffer (`:wa`,
   * `:wqa`, `:xa`) typed in another tab page, which reaches the review through Vim's autocommand window, applies
   * nothing: the review stays modified (so `:wqa` stops at it, E37) and says how to apply it. writeToAccept is the
   * plugin's own way in (:ClaudeCodeDiffAccept).
   */
  acceptOnWrite(buf: Buf, desc: string, accept: (this: void) => void): void {
    this.add("BufWriteCmd", { buffer: buf }, desc, () => {
      if (vim.fn.win_gettype() === "autocmd" && vim.b[buf][ACCEPT_NOW_VAR] !== true) {
        const name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":t");
        vim.schedule(() =>
          say(
            `${name} is a review: a write of every buffer does not apply it; :w in it applies, :q! there discards`,
            "warn",
          ),
        );
        return;
      }
      // Written as far as Vim knows, so that :wq / :x go on to close the window.
      setOpt("modified", false, { buf });
      accept();
    });
  }

  /** Deletes the view's autocmds, and the group when no other view has any left in it. Idempotent. */
  clear(): void {
    for (const id of this.ids) pcall(vim.api.nvim_del_autocmd, id);
    this.ids = [];
    const [ok, left] = pcall(vim.api.nvim_get_autocmds, { group: this.group });
    if (ok && left.length === 0) pcall(vim.api.nvim_del_augroup_by_name, this.group);
  }
}

/**
 * What every review view's life has, whatever it shows: where the user was (`origin`), whether it waits unseen
 * (`waiting`), its autocmds, and the two ends of every review's Life (model.ts): settled, the view is decided, stops
 * reporting and stops looking like an open review, while its windows may still be on screen; closed, it is off the
 * screen too.
 */
export class ViewLife extends Life {
  readonly waiting = new Waiting();
  readonly autocmds: ViewAutocmds;

  /**
   * `group`: the autocmds' (every open view of its kind shares it); `mark`: marks the view's buffers as a review's
   * (markReview), again when it no longer waits.
   */
  constructor(
    group: string,
    readonly origin: ReviewOrigin,
    private readonly mark: (this: void) => void,
  ) {
    super();
    this.autocmds = new ViewAutocmds(group);
  }

  /** The user is in the view now (or it ended): it no longer waits, and its buffers say so while it is open. */
  seen(): void {
    if (this.waiting.seen() && !this.settled) this.mark();
  }

  /**
   * Takes the user to `target`, one of the view's windows `ours` (:ClaudeCodeFocus on a waiting one), in Normal
   * mode; focus goes back where they were when the view ends. False when the window is gone.
   */
  focus(target: Win, ours: Win[]): boolean {
    if (!vim.api.nvim_win_is_valid(target)) return false;
    this.origin.enter(target, ours);
    this.seen();
    return true;
  }

  /**
   * Closes the view, once: settles it (`settle`: the view's own settle, which calls this one's), then takes it off
   * the screen (`remove`: removeView).
   */
  close(settle?: (this: void) => void, remove?: (this: void) => void): boolean {
    if (!super.close()) return false;
    settle?.();
    remove?.();
    return true;
  }

  /** Settles: seen, the autocmds gone, `bufs` unmarked (unmarkReview). False when settled already. */
  settle(bufs: Buf[] = []): boolean {
    if (!super.settle()) return false;
    this.seen();
    this.autocmds.clear();
    unmarkReview(bufs);
    return true;
  }
}
