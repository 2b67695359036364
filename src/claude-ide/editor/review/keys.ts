// One key table per review view: the list that maps the view's keys (buffer-local), builds its winbar and fills
// its `g?` float, so the three never disagree. Each view builds its table here (fileViewTable: a file's view, side
// by side or unified, of a proposal, of a turn, or opened from an overview; overviewTable; planTable) with its own
// actions, and `keyTables` builds every one of them without actions for whoever wants to read them (the specs, the
// README's key table): `require("claude-ide.editor.review.keys").keyTables(config)`.
//
// The words: a proposal (openDiff, the agent's edit, an LSP edit) is accepted or rejected; what a turn already did is
// kept or reverted.
//
// The winbar (fitWinbar, the one builder every view uses): a lead that always stays, then the parts in the order
// given, each with a rank; when the window is too narrow, parts are dropped whole, the highest rank first (the last
// first among equals). The keys that decide rank 1, the keys that move 2, what is left to decide 3, what the review
// is part of 4, the rest after; a title the buffer shows already ranks last of all.
import type { Config } from "../../config";
import { WHOLE_FILE_KEY } from "../../contracts";
import { say } from "../../log";

/** `g?`: the float listing every key of the view. */
export const HELP_KEY = "g?";
export const NEXT_FILE_KEY = "]f";
export const PREV_FILE_KEY = "[f";
/** In a turn's overview: the file under the cursor reviewed in the user's own buffer (inline_view.ts). */
export const INLINE_KEY = "gi";

/** What a review decides: a proposal (accepted / rejected) or what a turn already did (kept / reverted). */
export type Words = "proposal" | "turn";

/** Winbar ranks (lower stays longer). */
export const DECIDES = 1;
export const MOVES = 2;
export const LEFT = 3;
export const PART_OF = 4;
export const OTHER = 5;
/** A title the buffer already shows (the overview's first line): the first to go. */
export const SHOWN_ELSEWHERE = 9;

/** One key of a view. */
export interface KeyEntry {
  /** The key; a command (`:w`) is shown and listed but not mapped; false: turned off by the user. */
  lhs: string | false;
  /** What it does, whole: the `g?` float and `:map` (`claude-ide: <desc>`). */
  desc: string;
  /** Its words in the winbar (`accept`); none: not shown there. */
  bar?: string;
  /** Consecutive entries of the same `join` share one winbar part: `gh/gH accept/reject hunk`. */
  join?: string;
  /** How long it stays in the winbar when the window is narrow (DECIDES, MOVES, ...). */
  rank: number;
  /** What runs; none for a command (`:w`, whose autocmd does it) or a key Vim does itself (`.`). */
  fn?: (this: void) => void;
  /** Mapped in Visual mode too (`fn` reads the selection: the note key). */
  visual?: boolean;
  /** Mapped in Visual mode only (listed as `{Visual}gh`): a key whose Normal-mode entry is another one (gh, gH). */
  visualOnly?: boolean;
}

/** The key as the g? float, :help and the README list it: `{Visual}gh` for a Visual-mode one. */
export function shownKey(e: { lhs: string | false; visualOnly?: boolean }): string {
  if (e.lhs === false) return "";
  return e.visualOnly === true ? `{Visual}${e.lhs}` : e.lhs;
}

// ---- deciding lines: Visual mode, a count, `.` ----------------------------------------------------------------

/** Lines of the buffer a decision key covers (1-based, first <= last): a Visual selection's, or a count's. */
export type LineRange = [number, number];

/** What `.` runs again (the last decision key), and the buffers it belongs to. */
let lastDecision: { run: (this: void) => void; bufs: Buf[] } | undefined;

/** The decision keys' 'operatorfunc' (they type g@_, as gitsigns types g@l, so that `.` repeats them). */
export function repeatDecision(this: void): void {
  const last = lastDecision;
  if (last === undefined) return;
  if (!last.bufs.includes(vim.api.nvim_get_current_buf())) return;
  last.run();
}

/**
 * Runs decision `fn` on `range` (undefined: the hunk under the cursor) as a change `.` repeats (gitsigns' way:
 * 'operatorfunc' set, g@_ typed): `.` runs it again from the cursor, on as many lines as `range` had, or on the
 * hunk under the cursor.
 */
function repeatably(bufs: Buf[], fn: (this: void, range?: LineRange) => void, range?: LineRange): void {
  let first = range;
  const lines = range === undefined ? undefined : range[1] - range[0] + 1;
  lastDecision = {
    bufs,
    run: () => {
      let r = first;
      first = undefined;
      if (r === undefined && lines !== undefined) {
        const cursor = vim.api.nvim_win_get_cursor(0)[0];
        r = [cursor, math.min(cursor + lines - 1, vim.api.nvim_buf_line_count(0))];
      }
      fn(r);
    },
  };
  vim.go.operatorfunc = "v:lua.require'claude-ide.editor.review.keys'.repeatDecision";
  // g@_ (the cursor's line), not g@l: `l` fails on an empty line, and the operator with it.
  vim.cmd("normal! g@_");
}

/**
 * The Normal-mode and Visual-mode entries of a decision key (gh, gH): in Normal mode the hunk under the cursor, or
 * with a count N the N lines from the cursor's; in Visual mode the selected lines; `.` repeats either.
 */
function decisionEntries(
  lhs: string | false,
  base: Omit<KeyEntry, "lhs" | "fn">,
  partDesc: string,
  fn: (this: void, range?: LineRange) => void,
): KeyEntry[] {
  const normal: KeyEntry = {
    ...base,
    lhs,
    fn: () => {
      const count = vim.v.count as number;
      const bufs = mappedIn;
      if (count > 0) {
        const cursor = vim.api.nvim_win_get_cursor(0)[0];
        repeatably(bufs, fn, [cursor, math.min(cursor + count - 1, vim.api.nvim_buf_line_count(0))]);
      } else repeatably(bufs, fn);
    },
  };
  const visual: KeyEntry = {
    lhs,
    desc: partDesc,
    rank: base.rank,
    visualOnly: true,
    fn: () => {
      const [from, to] = [vim.fn.line("v"), vim.fn.line(".")];
      const bufs = mappedIn;
      vim.cmd("normal! \x1b");
      repeatably(bufs, fn, [math.min(from, to), math.max(from, to)]);
    },
  };
  return [normal, visual];
}

/** The buffers of the view whose key runs now (mapTable sets it before each key's function). */
let mappedIn: Buf[] = [];

/** `fn` as the key of a view shown in `bufs` runs it (what mapTable maps; a view that maps its own keys uses it). */
export function keyOf(bufs: Buf[], fn: (this: void) => void): (this: void) => void {
  return () => {
    mappedIn = bufs;
    fn();
  };
}

/** A winbar part: its text (statusline syntax) and its rank. */
export interface BarPart {
  text: string;
  rank: number;
}

/** Statusline text shown literally. */
export function escapeBar(s: string): string {
  const [out] = string.gsub(s, "%%", "%%%%");
  return out;
}

function isCommand(lhs: string): boolean {
  return vim.startswith(lhs, ":");
}

/**
 * Maps the keys of `entries` in each of `bufs`: buffer-local, Normal mode, `nowait` (a review's keys never wait for
 * a longer mapping of the user's), each described as `claude-ide: <desc>` (`:map`, which-key). Commands are not
 * mapped. A key listed twice is mapped by its first entry.
 */
export function mapTable(bufs: Buf[], entries: KeyEntry[]): void {
  const seen = new LuaSet<string>();
  for (const e of entries) {
    const key = shownKey(e);
    if (e.lhs === false || e.fn === undefined || isCommand(e.lhs) || seen.has(key)) continue;
    seen.add(key);
    const run = keyOf(bufs, e.fn);
    const modes = e.visualOnly === true ? "x" : e.visual === true ? ["n", "x"] : "n";
    for (const buffer of bufs)
      vim.keymap.set(modes, e.lhs, run, { buffer, nowait: true, desc: `claude-ide: ${e.desc}` });
  }
}

/** The winbar parts of `entries` (those with `bar`), consecutive entries of one `join` merged: `]c/[c next/prev hunk`. */
export function keyParts(entries: KeyEntry[]): BarPart[] {
  const parts: BarPart[] = [];
  let i = 0;
  const shown = entries.filter((e) => e.lhs !== false && e.bar !== undefined && e.visualOnly !== true);
  while (i < shown.length) {
    const first = shown[i];
    const keys = [first.lhs as string];
    const words = [first.bar as string];
    let rank = first.rank;
    let j = i + 1;
    while (first.join !== undefined && j < shown.length && shown[j].join === first.join) {
      keys.push(shown[j].lhs as string);
      if (!words.includes(shown[j].bar as string)) words.push(shown[j].bar as string);
      rank = math.min(rank, shown[j].rank);
      j++;
    }
    const suffix = first.join !== undefined && vim.trim(first.join) !== "" ? ` ${vim.trim(first.join)}` : "";
    const said = words.join("/");
    parts.push({
      text: `  ${escapeBar(keys.join("/"))}${said !== "" ? ` ${escapeBar(said)}` : ""}${escapeBar(suffix)}`,
      rank,
    });
    i = j;
  }
  return parts;
}

/**
 * The text of `win`'s winbar once it is fitted (fitWinbar), and the parts that did not fit (in their order): a
 * second window of the same view may show those.
 */
export function fittedBar(win: Win, lead: string, parts: BarPart[]): LuaMultiReturn<[string, BarPart[]]> {
  const width = vim.api.nvim_win_get_width(win);
  const measure = (s: string) => {
    const [ok, res] = pcall(vim.api.nvim_eval_statusline, s, { winid: win, use_winbar: true, maxwidth: 10000 });
    return ok ? res.width : 0;
  };
  const kept = [...parts];
  const text = () => lead + kept.map((p) => p.text).join("");
  while (kept.length > 0 && measure(text()) > width) {
    // The highest rank goes first, the last of them first.
    let worst = 0;
    for (let k = 1; k < kept.length; k++) if (kept[k].rank >= kept[worst].rank) worst = k;
    kept.splice(worst, 1);
  }
  return $multi(
    text(),
    parts.filter((p) => !kept.includes(p)),
  );
}

/**
 * The one winbar builder: sets `win`'s winbar to `lead` followed by as many of `parts` as fit its width, in their
 * order, dropped whole by rank (the highest first). The lead itself is never cut by this: Neovim shortens it only
 * when even the lead alone is too wide, and then from its end (`%<` at the end). Returns the parts dropped.
 */
export function fitWinbar(win: Win, lead: string, parts: BarPart[]): BarPart[] {
  if (!vim.api.nvim_win_is_valid(win)) return parts;
  const [text, dropped] = fittedBar(win, lead, parts);
  vim.api.nvim_set_option_value("winbar", `${text}%<`, { win });
  return dropped;
}

/** The lines of the `g?` float: each key and what it does. */
export function helpLines(entries: KeyEntry[]): string[] {
  const listed = entries.filter((e) => e.lhs !== false);
  let width = 0;
  for (const e of listed) width = math.max(width, vim.fn.strdisplaywidth(shownKey(e)));
  return listed.map((e) => {
    const lhs = shownKey(e);
    return `  ${lhs}${string.rep(" ", width - vim.fn.strdisplaywidth(lhs))}  ${e.desc}`;
  });
}

/** Buffer variable of the `g?` float: specs and the user's own code can find it. */
export const HELP_VAR = "claude_ide_review_keys";

/** The `g?` float: every key of the view and what it does; q, <Esc> or g? close it. */
export function showHelp(title: string, entries: KeyEntry[]): Win {
  const lines = helpLines(entries);
  const buf = vim.api.nvim_create_buf(false, true);
  vim.api.nvim_buf_set_lines(buf, 0, -1, true, lines);
  vim.api.nvim_set_option_value("modifiable", false, { buf });
  vim.api.nvim_set_option_value("bufhidden", "wipe", { buf });
  vim.api.nvim_buf_set_var(buf, HELP_VAR, title);
  let width = vim.fn.strdisplaywidth(title) + 2;
  for (const l of lines) width = math.max(width, vim.fn.strdisplaywidth(l) + 2);
  width = math.min(width, math.max(20, vim.o.columns - 4));
  const height = math.min(lines.length, math.max(1, vim.o.lines - 6));
  const win = vim.api.nvim_open_win(buf, true, {
    relative: "editor",
    row: math.max(0, math.floor((vim.o.lines - height) / 2) - 1),
    col: math.max(0, math.floor((vim.o.columns - width) / 2)),
    width,
    height,
    style: "minimal",
    border: "rounded",
    title: ` ${title} `,
    title_pos: "center",
  });
  const close = () => {
    if (vim.api.nvim_win_is_valid(win)) vim.api.nvim_win_close(win, true);
  };
  for (const lhs of ["q", "<Esc>", HELP_KEY]) vim.keymap.set("n", lhs, close, { buffer: buf, nowait: true });
  return win;
}

/** The `g?` entry of a table (its float lists `entries` as they are when it opens). */
function helpEntry(title: string, entries: () => KeyEntry[]): KeyEntry {
  return {
    lhs: HELP_KEY,
    desc: "this list of the view's keys",
    bar: "keys",
    rank: OTHER,
    fn: () => {
      showHelp(title, entries());
    },
  };
}

/** Runs the plugin's command `name` (the one way in the keys share with it), saying why when it cannot. */
function runCommand(name: string): void {
  if (vim.fn.exists(`:${name}`) !== 2) {
    say(`:${name} is not defined (the plugin's plugin/ file was not loaded)`, "error");
    return;
  }
  const [ok, err] = pcall(vim.cmd, name);
  if (!ok) say(`:${name}: ${tostring(err)}`, "error");
}

/** A key that runs the plugin's command `command` (none when its keymap is false); `visual`: in Visual mode too. */
function commandEntry(lhs: string | false, command: string, desc: string, bar: string, visual = false): KeyEntry[] {
  if (lhs === false) return [];
  return [{ lhs, desc, bar, rank: OTHER, visual, fn: () => runCommand(command) }];
}

/**
 * The note key (diff.keymaps.note): a note for the agent on the line under the cursor, or in Visual mode on the
 * selected lines, as :ClaudeCodeNote writes it (it edits the note already there). `words`: what the view shows;
 * `desc` replaces the description (a plan's).
 */
function noteEntry(config: Config["diff"], words: Words, desc?: string): KeyEntry[] {
  const said =
    desc ??
    (words === "turn"
      ? "a note for the agent on this line (Visual: the selected lines), sent with your next prompt once you apply (:w); on a note: edit it"
      : "a note for the agent on this line of the proposal (Visual: the selected lines); on a note: edit it");
  return commandEntry(config.keymaps.note, "ClaudeCodeNote", said, "note", true);
}

/** The request-changes key (diff.keymaps.request_changes) of a proposal or a plan: rejected, its notes the reason. */
function requestChangesEntry(config: Config["diff"], what: string, desc?: string): KeyEntry[] {
  const said =
    desc ?? `request changes: reject the ${what} with every note on it as the reason, so the model revises it`;
  return commandEntry(config.keymaps.request_changes, "ClaudeCodeRequestChanges", said, "request changes");
}

/** What a file's view does for its keys. */
export interface FileKeyActions {
  /** q: closes (a proposal rejected, a turn's file kept; from an overview: back), asking after decisions. */
  close(this: void): void;
  /** Q: rejects with a reason for the model. */
  reason(this: void): void;
  /** The accept key (diff.keymaps.accept, none by default: `:w` accepts). */
  accept(this: void): void;
  /** gh / gH: the hunk under the cursor, or only the rows of `range`'s lines (Visual mode, a count). */
  decide(this: void, action: "take" | "drop", range?: LineRange): void;
  jump(this: void, direction: "next" | "prev"): void;
  /** u: the last hunk decision or edit undone. */
  undo(this: void): void;
  /** <C-r>: what u gave back made again (a take, or Vim's own redo). */
  redo(this: void): void;
}

/** What a file's view is: its words, whether it was opened from an overview, the review's own keys. */
export interface FileKeyContext {
  words: Words;
  fromOverview: boolean;
  /** More keys (a multi-file review's: the turn review's gR); `hint` goes into the winbar. */
  extra?: { lhs: string; desc: string; fn: (this: void) => void; hint?: string }[];
}

const NOOP = () => {};

/**
 * The keys of a file's view (side by side or unified). A proposal: `:w` accepts, `q` rejects (asking after hunk
 * decisions), `gh`/`gH` accept/reject the hunk. A turn's file: `:w` applies, `q` keeps the turn as it is,
 * `gh`/`gH` keep/revert the hunk. Opened from an overview: `:w` goes back keeping what was decided there, `q` goes
 * back without it (asking when something was decided); both come first.
 */
export function fileViewTable(config: Config["diff"], ctx: FileKeyContext, act: FileKeyActions): KeyEntry[] {
  const keys = config.keymaps;
  const turn = ctx.words === "turn";
  const [yes, no] = turn ? ["keep", "revert"] : ["accept", "reject"];
  const list: KeyEntry[] = [];
  if (ctx.fromOverview) {
    list.push({
      lhs: ":w",
      desc: "back to the overview, keeping what you decided here",
      bar: "back keeping",
      rank: DECIDES,
    });
    list.push({
      lhs: keys.reject,
      desc: "back to the overview without what you decided here (asks first when you decided something)",
      bar: "back discarding",
      rank: DECIDES,
      fn: act.close,
    });
  } else {
    list.push({
      lhs: ":w",
      desc: turn
        ? "apply: revert the hunks you reverted, keep the rest"
        : "accept the proposal as it is now (your hunk decisions and edits included)",
      bar: turn ? "apply" : "accept",
      rank: DECIDES,
    });
    list.push({
      lhs: keys.reject,
      desc: turn
        ? "close, keeping the turn's changes as they are (after hunk decisions: asks whether to apply them, discard them or go back)"
        : "reject the proposal (after hunk decisions: asks whether to accept, reject or go back)",
      bar: turn ? "close" : "reject",
      rank: DECIDES,
      fn: act.close,
    });
  }
  if (keys.accept !== false)
    list.push({
      lhs: keys.accept,
      desc: ctx.fromOverview
        ? "back to the overview, keeping what you decided here (as :w)"
        : `${turn ? "apply" : "accept"} (as :w)`,
      rank: DECIDES,
      fn: act.accept,
    });
  list.push(
    ...decisionEntries(
      keys.take_hunk,
      {
        desc: `${yes} the hunk under the cursor (with a count N: the N lines from the cursor's)`,
        bar: yes,
        join: "hunk",
        rank: DECIDES,
      },
      `${yes} only the selected lines of a hunk`,
      (range) => act.decide("take", range),
    ),
    ...decisionEntries(
      keys.drop_hunk,
      {
        desc: `${no} the hunk under the cursor, the text before comes back (with a count N: the N lines from the cursor's)`,
        bar: no,
        join: "hunk",
        rank: DECIDES,
      },
      `${no} only the selected lines of a hunk (their text before comes back)`,
      (range) => act.decide("drop", range),
    ),
  );
  list.push(
    ...repeatAndUndo(`the last ${yes} or ${no} undone (or your last edit, as always)`, act.undo, {
      desc: `the last ${yes} or ${no} that u gave back made again (or your last undone edit, as always)`,
      fn: act.redo,
    }),
  );
  list.push({
    lhs: keys.next_hunk,
    desc: "next hunk",
    bar: "next",
    join: "hunk ",
    rank: MOVES,
    fn: () => act.jump("next"),
  });
  list.push({
    lhs: keys.prev_hunk,
    desc: "previous hunk",
    bar: "prev",
    join: "hunk ",
    rank: MOVES,
    fn: () => act.jump("prev"),
  });
  for (const k of ctx.extra ?? []) list.push({ lhs: k.lhs, desc: k.desc, bar: k.hint, rank: LEFT, fn: k.fn });
  if (keys.reject_with_reason !== false)
    list.push({
      lhs: keys.reject_with_reason,
      desc: turn
        ? ctx.fromOverview
          ? "a note for the model, sent with your next prompt (the review stays open)"
          : "close the review keeping the turn, with a note for the model"
        : ctx.fromOverview
          ? "reject the whole proposal, with a reason for the model"
          : "reject the proposal, with a reason for the model",
      bar: turn ? "note for the model" : "reject with a reason",
      rank: OTHER,
      fn: act.reason,
    });
  list.push(
    helpEntry(ctx.fromOverview ? "a file of the review" : turn ? "the turn's file" : "the proposal", () => list),
  );
  // Last: on a narrow window their winbar parts go first.
  list.push(...noteEntry(config, ctx.words));
  if (!turn) list.push(...requestChangesEntry(config, ctx.fromOverview ? "whole proposal" : "proposal"));
  return list;
}

/** The redo key: what `u` gave back made again (Vim's own redo key, mapped in every review view). */
export const REDO_KEY = "<C-r>";

/** The `.` entry (Vim's own: listed, not mapped), the `u` entry of a view and its `<C-r>` (redo). */
function repeatAndUndo(
  undoDesc: string,
  undo: (this: void) => void,
  redo: { desc: string; fn: (this: void) => void },
): KeyEntry[] {
  return [
    { lhs: ".", desc: "the last gh / gH again, on the hunk (or as many lines) under the cursor", rank: OTHER },
    { lhs: "u", desc: undoDesc, rank: OTHER, fn: undo },
    { lhs: REDO_KEY, desc: redo.desc, rank: OTHER, fn: redo.fn },
  ];
}

/** What the overview does for its keys. */
export interface OverviewKeyActions {
  /** <CR>: the review of the file under the cursor (a header or a hunk). */
  open(this: void): void;
  /** The accept key (diff.keymaps.accept, none by default): applies, as :w. */
  accept(this: void): void;
  /** q: closes (a proposal rejected, a turn kept), asking after decisions. */
  close(this: void): void;
  reason(this: void): void;
  /** gh / gH: the hunk under the cursor, or only the rows of `range`'s lines (Visual mode, a count). */
  decide(this: void, decision: "kept" | "dropped", range?: LineRange): void;
  /** u: the last hunk decision undone. */
  undo(this: void): void;
  /** <C-r>: the last decision `u` gave back made again. */
  redo(this: void): void;
  /** gR: the whole file under the cursor. */
  wholeFile(this: void): void;
  jump(this: void, what: "hunk" | "file", direction: 1 | -1): void;
  /** gi: the file under the cursor reviewed in the user's own buffer (a review that offers it). */
  inline?(this: void): void;
}

/** The overview's keys. `extra`: a multi-file review's own (the turn review's gR replaces the default one). */
export function overviewTable(
  config: Config["diff"],
  words: Words,
  act: OverviewKeyActions,
  extra: { lhs: string; desc: string; fn: (this: void) => void }[] = [],
  /** What Q does: reject with a reason, a note for the model (a turn review's), or nothing (no Q). */
  q: "reason" | "note" | false = "reason",
): KeyEntry[] {
  const keys = config.keymaps;
  const turn = words === "turn";
  const [yes, no] = turn ? ["keep", "revert"] : ["accept", "reject"];
  const list: KeyEntry[] = [
    {
      lhs: ":w",
      desc: turn
        ? "apply the review: revert what you marked to revert, keep the rest"
        : "accept the proposal, with your hunk decisions",
      bar: turn ? "apply" : "accept",
      rank: DECIDES,
    },
    {
      lhs: keys.reject,
      desc: turn
        ? "close, keeping the turn's changes as they are (after decisions: asks whether to apply them, discard them or go back)"
        : "reject the whole proposal (after decisions: asks whether to accept, reject or go back)",
      bar: turn ? "close" : "reject",
      rank: DECIDES,
      fn: act.close,
    },
    ...decisionEntries(
      keys.take_hunk,
      {
        desc: `${yes} the hunk under the cursor (pressed again: undecided; on a header: every hunk of the file; with a count N: the N lines from the cursor's)`,
        bar: yes,
        join: "hunk",
        rank: DECIDES,
      },
      `${yes} only the selected lines of hunks (again: undecided)`,
      (range) => act.decide("kept", range),
    ),
    ...decisionEntries(
      keys.drop_hunk,
      {
        desc: `${no} the hunk under the cursor (pressed again: undecided; on a header: the whole file; with a count N: the N lines from the cursor's)`,
        bar: no,
        join: "hunk",
        rank: DECIDES,
      },
      `${no} only the selected lines of hunks (again: undecided)`,
      (range) => act.decide("dropped", range),
    ),
    {
      lhs: config.keymaps.open,
      desc: "open the review of the file under the cursor (on its header or a hunk); :w there comes back keeping",
      bar: "open file",
      rank: MOVES,
      fn: act.open,
    },
  ];
  if (act.inline !== undefined)
    list.push({
      lhs: INLINE_KEY,
      desc: "review the file under the cursor in your own buffer, its hunks drawn in it (the same keys, g? lists them)",
      rank: OTHER,
      fn: act.inline,
    });
  if (keys.accept !== false)
    list.push({ lhs: keys.accept, desc: `${turn ? "apply" : "accept"} (as :w)`, rank: DECIDES, fn: act.accept });
  list.push(
    { lhs: keys.next_hunk, desc: "next hunk", bar: "next", join: "hunk ", rank: MOVES, fn: () => act.jump("hunk", 1) },
    {
      lhs: keys.prev_hunk,
      desc: "previous hunk",
      bar: "prev",
      join: "hunk ",
      rank: MOVES,
      fn: () => act.jump("hunk", -1),
    },
    { lhs: NEXT_FILE_KEY, desc: "next file", bar: "next", join: "file", rank: MOVES, fn: () => act.jump("file", 1) },
    {
      lhs: PREV_FILE_KEY,
      desc: "previous file",
      bar: "prev",
      join: "file",
      rank: MOVES,
      fn: () => act.jump("file", -1),
    },
  );
  const own = extra.find((k) => k.lhs === WHOLE_FILE_KEY);
  list.push({
    lhs: WHOLE_FILE_KEY,
    desc: own?.desc ?? `${no} the whole file under the cursor`,
    bar: `${no} file`,
    rank: LEFT,
    fn: own?.fn ?? act.wholeFile,
  });
  for (const k of extra) if (k.lhs !== WHOLE_FILE_KEY) list.push({ lhs: k.lhs, desc: k.desc, rank: OTHER, fn: k.fn });
  list.push(
    ...repeatAndUndo(`the last ${yes} or ${no} undone`, act.undo, {
      desc: `the last ${yes} or ${no} that u gave back made again`,
      fn: act.redo,
    }),
  );
  if (keys.reject_with_reason !== false && q !== false)
    list.push({
      lhs: keys.reject_with_reason,
      desc:
        q === "note"
          ? "a note for the model, sent with your next prompt (the review stays open)"
          : `reject the whole ${turn ? "review" : "proposal"}, with a reason for the model`,
      bar: q === "note" ? "note for the model" : "reject with a reason",
      rank: OTHER,
      fn: act.reason,
    });
  list.push(helpEntry(turn ? "the turn's review" : "the review", () => list));
  // Last: on a narrow window their winbar parts go first.
  list.push(...noteEntry(config, words));
  if (!turn) list.push(...requestChangesEntry(config, "proposal"));
  return list;
}

/** What the inline view (a turn's file in the user's own buffer) does for its keys. */
export interface InlineKeyActions {
  /** gh / gH: the hunk under the cursor, or only the rows of `range`'s lines (Visual mode, a count). */
  decide(this: void, decision: "kept" | "dropped", range?: LineRange): void;
  jump(this: void, direction: "next" | "prev"): void;
  /** u: the last gh / gH made in this buffer given back, while nothing came after it; otherwise Vim's own undo. */
  undo(this: void): void;
  /** <C-r>: what that u gave back made again; otherwise Vim's own redo. */
  redo(this: void): void;
}

/**
 * The keys of the inline view: a turn's hunks drawn in the user's own buffer, mapped there only while it is under
 * review. No winbar (the window is the user's): `g?` lists them. The review is applied where it is kept, its overview
 * (`:w` there, or :ClaudeCodeDiffAccept from anywhere).
 */
export function inlineTable(config: Config["diff"], act: InlineKeyActions): KeyEntry[] {
  const keys = config.keymaps;
  const list: KeyEntry[] = [
    ...decisionEntries(
      keys.take_hunk,
      {
        desc: "keep the hunk under the cursor (pressed again: undecided; with a count N: the N lines from the cursor's)",
        rank: DECIDES,
      },
      "keep only the selected lines of hunks (again: undecided)",
      (range) => act.decide("kept", range),
    ),
    ...decisionEntries(
      keys.drop_hunk,
      {
        desc: "revert the hunk under the cursor once the review is applied (pressed again: undecided; with a count N: the N lines from the cursor's)",
        rank: DECIDES,
      },
      "revert only the selected lines of hunks once the review is applied (again: undecided)",
      (range) => act.decide("dropped", range),
    ),
    ...repeatAndUndo("the last keep or revert made here undone (or your last edit, as always)", act.undo, {
      desc: "the last keep or revert that u gave back made again (or your last undone edit, as always)",
      fn: act.redo,
    }),
    { lhs: keys.next_hunk, desc: "next hunk", rank: MOVES, fn: () => act.jump("next") },
    { lhs: keys.prev_hunk, desc: "previous hunk", rank: MOVES, fn: () => act.jump("prev") },
    {
      lhs: ":ClaudeCodeDiffAccept",
      desc: "apply the turn's review from here (as :w in its overview): revert what you marked, keep the rest",
      rank: PART_OF,
    },
  ];
  list.push(...noteEntry(config, "turn"));
  list.push(helpEntry("the turn's changes in your buffer", () => list));
  return list;
}

/** What a plan's view does for its keys. */
export interface PlanKeyActions {
  approve(this: void): void;
  refuse(this: void): void;
}

/** The plan's keys: `:w` approves (or, when the CLI cannot be answered, says where), `q` refuses with feedback. */
export function planTable(config: Config["diff"], approveWords: string, act: PlanKeyActions): KeyEntry[] {
  const keys = config.keymaps;
  const list: KeyEntry[] = [
    { lhs: ":w", desc: "approve the plan (as you left it)", bar: approveWords, rank: DECIDES },
    {
      lhs: keys.reject,
      desc: "refuse the plan, with feedback for the model",
      bar: "refuse with feedback",
      rank: DECIDES,
      fn: act.refuse,
    },
  ];
  if (keys.accept !== false)
    list.push({ lhs: keys.accept, desc: "approve the plan (as :w)", rank: DECIDES, fn: act.approve });
  if (keys.reject_with_reason !== false && keys.reject_with_reason !== keys.reject)
    list.push({
      lhs: keys.reject_with_reason,
      desc: "refuse the plan, with feedback for the model",
      rank: OTHER,
      fn: act.refuse,
    });
  const note = noteEntry(
    config,
    "proposal",
    "a note for the agent on this line of the plan (Visual: the selected lines)",
  );
  const changes = requestChangesEntry(
    config,
    "plan",
    "request changes: refuse the plan with every note on it as the feedback",
  );
  list.push({
    lhs: ":ClaudeCodeDiffDeny {feedback}",
    desc: "refuse the plan with this feedback",
    bar: "",
    rank: PART_OF,
  });
  list.push(helpEntry("the plan", () => list));
  // Last: on a narrow window their winbar parts go first.
  list.push(...note, ...changes);
  return list;
}

/** A key table as a reader sees it: each key, what it does, its winbar words. */
export interface ListedKey {
  lhs: string;
  desc: string;
  bar?: string;
}

/**
 * Every view's key table for `config` (a validated Config: config.validate(nil).config for the defaults), as the
 * views build them, without their actions: `proposal` (a proposal's file view), `turn_file` (a turn's single file),
 * `file_from_overview`, `overview` (a multi-file proposal's), `turn_overview`, `inline` (a turn's file in the user's
 * own buffer) and `plan`.
 */
export function keyTables(config: Config): Record<string, ListedKey[]> {
  const d = config.diff;
  const file = { close: NOOP, reason: NOOP, accept: NOOP, decide: NOOP, jump: NOOP, undo: NOOP, redo: NOOP };
  const over = {
    open: NOOP,
    accept: NOOP,
    close: NOOP,
    reason: NOOP,
    decide: NOOP,
    undo: NOOP,
    wholeFile: NOOP,
    jump: NOOP,
    redo: NOOP,
  };
  const turnOver = { ...over, inline: NOOP };
  const listed = (entries: KeyEntry[]) =>
    entries
      .filter((e) => e.lhs !== false)
      .map((e): ListedKey => ({ lhs: shownKey(e), desc: e.desc, bar: e.bar !== "" ? e.bar : undefined }));
  const gR = [{ lhs: WHOLE_FILE_KEY, desc: "revert this whole file", fn: NOOP, hint: `${WHOLE_FILE_KEY} revert file` }];
  return {
    proposal: listed(fileViewTable(d, { words: "proposal", fromOverview: false }, file)),
    turn_file: listed(fileViewTable(d, { words: "turn", fromOverview: false, extra: gR }, file)),
    file_from_overview: listed(fileViewTable(d, { words: "proposal", fromOverview: true }, file)),
    overview: listed(overviewTable(d, "proposal", over)),
    turn_overview: listed(overviewTable(d, "turn", turnOver, gR, "note")),
    inline: listed(inlineTable(d, { decide: NOOP, jump: NOOP, undo: NOOP, redo: NOOP })),
    plan: listed(planTable(d, "approve", { approve: NOOP, refuse: NOOP })),
  };
}

/**
 * Asks before `q` drops decisions: `question`, answered by one typed key (the first letter of each choice: the
 * command line shows them as `(A)ccept, (R)eject, (G)o back`). `choices` maps each letter to what it does; any other
 * key (<Esc>) goes back and does nothing.
 */
export function askClosing(question: string, choices: { label: string; run: (this: void) => void }[]): void {
  const shown = choices.map((c) => `(${string.sub(c.label, 1, 1)})${string.sub(c.label, 2)}`).join(", ");
  vim.api.nvim_echo(
    [
      [question, "Question"],
      [`\n${shown}, (G)o back: `, "MoreMsg"],
    ],
    false,
    {},
  );
  const [ok, key] = pcall(vim.fn.getcharstr);
  if (!ok) return;
  const letter = string.lower(key);
  for (const c of choices)
    if (string.lower(string.sub(c.label, 1, 1)) === letter) {
      c.run();
      return;
    }
}
