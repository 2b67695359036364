// The review's UI: the file's current text (left or top) against Claude's proposal (right or bottom), both in
// diff mode, in a tab page of their own (or the current one). Only the windows and buffers created here are
// ever touched or closed: the user's own diff windows (diffview.nvim, :diffthis) are left alone.
//
// The view reports what the user does (accept / reject) and never decides anything itself; the review
// (diff.ts) answers the call and then closes the view.
//
// Hunk by hunk: the left side is "the file as decided so far". Taking a hunk copies Claude's text into the
// left side (:diffput), dropping one copies the original back into the proposal (:diffget); either way the
// two sides agree there and the hunk stops being a difference, so what is still highlighted is exactly what
// is undecided. Accepting answers the proposal as it is: kept hunks plus whatever was not decided.
import { say } from "../../log";
import {
  blockRows,
  diffHunks,
  type Hunk,
  hunkAt,
  hunkLine,
  mixedBlock,
  nextHunk,
  rowsOfLines,
  type Side,
} from "./model";
import { ProposalDecisions } from "./decisions";
import { reasonOn } from "./reason";
import type { ReviewVar } from "../review_marks";
import {
  type BarPart,
  DECIDES,
  escapeBar,
  fileViewTable,
  fitWinbar,
  type KeyEntry,
  keyParts,
  LEFT,
  type LineRange,
  mapTable,
  MOVES,
  PART_OF,
} from "./keys";
import {
  askRejectReason,
  AUGROUP,
  BIG_PROPOSAL_BYTES,
  closeFileView,
  fileText,
  markReview,
  getOpt,
  noteParts,
  proposalBuffer,
  proposesChange,
  removeView,
  restoreWindowLocals,
  ReviewOrigin,
  reviewName,
  scratchBuffer,
  setOpt,
  takesFocus,
  type ViewEvents,
  type ViewSpec,
  ViewLife,
  windowLocals,
} from "./view_parts";

export class DiffView {
  private readonly leftBuf: Buf;
  private readonly rightBuf: Buf;
  private leftWin = -1;
  private rightWin = -1;
  /** Where the user was: focus goes back there after the review (e.g. the Claude terminal). */
  readonly origin: ReviewOrigin;
  /** Whether it waits unseen, its autocmds, settled or closed. */
  private readonly life: ViewLife;
  /** The decisions made, takes into the left side among them, and the takes' undo history (decisions.ts). */
  private readonly decisions: ProposalDecisions<string[]>;
  /** The view's keys: mapped, in the winbar, in the g? float (keys.ts). */
  private readonly keys: KeyEntry[];
  /** Each window's winbar: a lead and the parts that may go (setWinbars). */
  private bars?: { left: [string, BarPart[]]; right: [string, BarPart[]] };

  /**
   * Creates the buffers and windows and focuses the proposal at its first change. Throws (after removing
   * whatever it created) when Neovim refuses, e.g. in the command-line window.
   */
  constructor(
    private readonly spec: ViewSpec,
    private readonly events: ViewEvents,
  ) {
    this.origin = spec.origin ?? new ReviewOrigin();
    this.life = new ViewLife(AUGROUP, this.origin, () => this.markBuffers());
    this.keys = fileViewTable(
      spec.config,
      { words: spec.words ?? "proposal", fromOverview: spec.fromOverview === true, extra: spec.keys },
      {
        close: () => closeFileView(spec, this.decided(), events),
        reason: () => askRejectReason(this.life, (reason) => events.reject(reason)),
        accept: () => events.accept(),
        decide: (action, range) => this.decideHunk(action, range),
        jump: (direction) => this.jumpHunk(direction),
        undo: () => this.undo(),
        redo: () => this.redo(),
      },
    );
    // Short names that read whole in the tab line (`file (proposal)`); the review's full title (client, session,
    // label) is in its winbar.
    const file = vim.fn.fnamemodify(spec.path, ":t");
    this.leftBuf = scratchBuffer(reviewName(`${file} (current)`), spec.current ?? []);
    setOpt("modifiable", false, { buf: this.leftBuf });
    // `:w` accepts from either side (BufWriteCmd): the left one is no file either.
    setOpt("buftype", "acwrite", { buf: this.leftBuf });
    const { buf: proposal, filetype, option } = proposalBuffer(spec);
    this.rightBuf = proposal;
    this.decisions = new ProposalDecisions(proposal, (left) => this.setLeft(left));
    const [ok, err] = pcall(() => this.show(spec.enter === true || takesFocus(spec.config.focus, spec.home)));
    if (!ok) {
      this.close();
      error(err, 0);
    }
    // The left side's highlighting follows a loop turn later: each 'filetype' sources its syntax, indent and
    // ftplugin files (4 to 20 ms for TypeScript), and both in one stretch froze the editor over a frame.
    if (filetype !== undefined && filetype !== "") vim.defer_fn(() => this.highlightLeft(option, filetype), 0);
  }

  /**
   * Sets the left buffer's 'filetype' (or 'syntax') once the view is on screen. Its FileType handlers then run in
   * the left window when the user is in the review tab: the window-local options they set there are put back,
   * so the diff's folding and scrolling stay as the proposal's window has them (its handlers ran in no window).
   */
  private highlightLeft(option: string, filetype: string): void {
    const buf = this.leftBuf;
    if (this.life.closed || !vim.api.nvim_buf_is_valid(buf)) return;
    const win = this.leftWin;
    const before = win !== undefined && vim.api.nvim_win_is_valid(win) ? windowLocals(win) : undefined;
    pcall(setOpt, option, filetype, { buf });
    if (win !== undefined && before !== undefined && vim.api.nvim_win_is_valid(win)) restoreWindowLocals(win, before);
  }

  /** The proposal as a file: what `:w` would write (lines, 'fileformat', 'eol' / 'fixeol'). */
  proposalText(): string {
    return fileText(this.rightBuf);
  }

  /** The current window is one of this view's. */
  hasFocus(): boolean {
    const win = vim.api.nvim_get_current_win();
    return win === this.leftWin || win === this.rightWin;
  }

  /**
   * The review is decided: the view stops reporting and stops looking like an open review (buffer
   * variables gone), while its windows may still be on screen. Safe inside any autocmd. Idempotent.
   */
  settle(): void {
    this.life.settle([this.leftBuf, this.rightBuf]);
  }

  /**
   * Removes everything the view created (autocmds, windows, buffers, its tab page) and, when the user was
   * in the view, returns focus to where they were (`goBack` false: the next view of the same review has the
   * focus already, and the way back is its own). Idempotent; never throws.
   */
  close(goBack = true): void {
    // A window that must stay (the last) leaves diff mode.
    const diffoff = (win: Win) => vim.api.nvim_win_call(win, () => vim.cmd("diffoff"));
    const remove = () =>
      removeView(
        [this.rightWin, this.leftWin],
        [this.rightBuf, this.leftBuf],
        this.origin,
        this.hasFocus() && goBack,
        diffoff,
      );
    this.life.close(() => this.settle(), remove);
  }

  /**
   * `enter`: the proposal window becomes current (Insert mode ends). Otherwise the review opens behind: its tab
   * page is made (Neovim has no way to make one without entering it) and left again at once, in the same
   * callback, so the user's window, mode and pending keys are as they were; a message says it waits.
   */
  private show(enter: boolean): void {
    const spec = this.spec;
    const vertical = spec.config.layout !== "horizontal";
    const opened = this.origin.open(this.leftBuf, enter, spec.config.open_in_new_tab, spec.tabName);
    this.leftWin = opened.win;
    this.rightWin = vim.api.nvim_open_win(this.rightBuf, enter, {
      split: vertical ? "right" : "below",
      win: this.leftWin,
    });
    this.origin.settle(enter, opened.originTab);

    this.life.waiting.begin(!enter, spec.client ?? "Claude");
    this.markBuffers();
    this.setWinbars();
    const lines = math.max(vim.api.nvim_buf_line_count(this.leftBuf), vim.api.nvim_buf_line_count(this.rightBuf));
    for (const win of [this.leftWin, this.rightWin]) {
      if (lines > FOLDED_REVIEW_MAX_LINES) diffWithoutFolds(win);
      else vim.api.nvim_win_call(win, () => vim.cmd("diffthis"));
    }
    this.setKeymaps();
    this.watch();
    vim.api.nvim_win_call(this.rightWin, () => goToFirstChange());
    this.life.waiting.tell(proposesChange(spec));
  }

  /** Opened behind the user and not visited yet. */
  isWaiting(): boolean {
    return this.life.waiting.is();
  }

  /**
   * Brings the user to the review (:ClaudeCodeFocus on a waiting one): its proposal window, in Normal mode;
   * focus goes back to where they were when the review ends. False when its windows are gone.
   */
  focus(): boolean {
    return this.life.focus(this.rightWin, [this.leftWin, this.rightWin]);
  }

  private markBuffers(): void {
    const file = vim.fn.fnamemodify(this.spec.path, ":~:.");
    const value = (role: ReviewVar["role"]): ReviewVar => ({
      tab_name: this.spec.tabName,
      role,
      proposal: this.rightBuf,
      file,
      turn: this.spec.words === "turn" ? true : undefined,
      overview: this.spec.overview,
    });
    markReview(this.leftBuf, value("current"), this.life.waiting.is());
    markReview(this.rightBuf, value("proposal"), this.life.waiting.is());
  }

  /** Hunks decided here, or the proposal edited: `q` asks before it drops that. */
  decided(): boolean {
    return this.decisions.decided();
  }

  /**
   * Both windows' winbars, from the view's key table (keys.ts): the left one says what it shows (and how it
   * differs from the file), the right one who proposes, then the keys that decide and move, what is left to
   * decide, what the review is part of; parts go whole by rank when the window is too narrow (fitWinbar),
   * recomputed when the windows resize.
   */
  private setWinbars(): void {
    const spec = this.spec;
    const name = escapeBar(vim.fn.fnamemodify(spec.path, ":~:."));
    let left: string;
    const leftParts: BarPart[] = [];
    const warn = (text: string) => leftParts.push({ text, rank: LEFT });
    if (spec.deletes === true) left = ` %#WarningMsg#Deleted: ${name}: accepting removes the file%*`;
    else if (spec.renamedFrom !== undefined) {
      left = ` Renamed: ${escapeBar(spec.renamedFrom)} → ${name}`;
      if (spec.dirty) warn("  %#WarningMsg#(with your unsaved changes: the buffer moves too, they stay unsaved)%*");
    } else if (spec.current === undefined) left = ` New file: ${name}`;
    else if (spec.dirty) {
      left = ` %#WarningMsg#${name} has unsaved changes%*`;
      warn("%#WarningMsg#: they are shown here; accepting replaces them (`u` brings them back)%*");
    } else left = ` ${escapeBar(spec.currentLabel ?? "Current")}: ${name}`;
    const taken = this.decisions.taken();
    if (taken > 0) leftParts.unshift({ text: `  + ${taken} taken hunk${taken === 1 ? "" : "s"}`, rank: DECIDES });
    const who = escapeBar(spec.client ?? "Claude");
    const what = spec.deletes === true ? `${who}'s proposal: delete the file` : `${who}'s proposal`;
    const source = spec.source !== undefined ? `[${escapeBar(spec.source)}] ` : "";
    // The keys that decide and move first; what is left, and what the review is part of, after. Opened from an
    // overview, the way back (keeping, discarding) leads, never dropped; who proposes follows.
    const keys = keyParts(this.keys);
    let right = ` ${source}${what}`;
    const rightParts: BarPart[] = [];
    if (spec.fromOverview === true) {
      right = ` ${vim.trim((keys.shift() as BarPart).text)}  ${vim.trim((keys.shift() as BarPart).text)}`;
      // A deletion stays as long as what decides: it is what accepting does.
      rightParts.push(...keys, { text: `  · ${source}${what}`, rank: spec.deletes === true ? DECIDES : PART_OF + 0.5 });
    } else rightParts.push(...keys);
    const remaining = this.hunksLeft();
    if (remaining !== undefined)
      rightParts.push({
        text: remaining === 0 ? "  · all hunks decided" : `  · ${remaining} hunk${remaining === 1 ? "" : "s"} left`,
        rank: LEFT,
      });
    rightParts.push(...noteParts(spec.note, PART_OF));
    this.bars = { left: [left, leftParts], right: [right, rightParts] };
    this.fitWinbars();
  }

  /**
   * The bars of setWinbars, fitted to the windows' widths as they are now: the keys the proposal's bar has no room
   * for go to the left one's (side by side on a narrow screen, each window has half of it).
   */
  private fitWinbars(): void {
    if (this.bars === undefined) return;
    const dropped = fitWinbar(this.rightWin, ...this.bars.right);
    const keys = dropped.filter((p) => p.rank <= MOVES);
    fitWinbar(this.leftWin, this.bars.left[0], [...keys, ...this.bars.left[1]]);
  }

  /** The blocks between the two sides (undecided hunks); undefined for big proposals (not worth a diff per key). */
  private hunks(): Hunk[] | undefined {
    if (this.spec.bytes > BIG_PROPOSAL_BYTES) return undefined;
    const lines = (buf: Buf) => vim.api.nvim_buf_get_lines(buf, 0, -1, true);
    const [ok, hunks] = pcall(diffHunks, lines(this.leftBuf), lines(this.rightBuf));
    return ok ? hunks : undefined;
  }

  /** Differences between the two sides (undecided hunks); undefined for big proposals (not worth a diff per edit). */
  hunksLeft(): number | undefined {
    return this.hunks()?.length;
  }

  /**
   * Takes (Claude's text stays, and is copied to the left side) or drops (the original text comes back into
   * the proposal) the hunk under the cursor, in either window: the whole block of changed lines, wherever the
   * cursor is in it (model.ts); then moves to the next undecided hunk.
   */
  decideHunk(action: "take" | "drop", range?: LineRange): void {
    const here = vim.api.nvim_get_current_buf();
    if (here !== this.leftBuf && here !== this.rightBuf) return;
    // The side that changes, and the side its text comes from.
    const [target, source] = action === "take" ? [this.leftBuf, this.rightBuf] : [this.rightBuf, this.leftBuf];
    const hunks = this.hunks();
    if (range !== undefined && hunks === undefined) {
      say("part of a hunk: not in a proposal this big (gh / gH without a selection decide the whole hunk)", "warn");
      return;
    }
    let changed: boolean;
    if (action === "take") this.decisions.taking(vim.api.nvim_buf_get_lines(this.leftBuf, 0, -1, true));
    setOpt("modifiable", true, { buf: this.leftBuf });
    const [ok, err] = pcall(() => {
      if (hunks === undefined) changed = this.decideByVim(here === target, source, target);
      else if (range !== undefined) changed = this.decideRows(hunks, here === this.leftBuf ? "a" : "b", action, range);
      else
        changed = replaceBlock(
          hunks,
          here === this.leftBuf ? "a" : "b",
          target === this.leftBuf ? "a" : "b",
          source,
          target,
        );
    });
    setOpt("modifiable", false, { buf: this.leftBuf });
    setOpt("modified", false, { buf: this.leftBuf });
    if (!ok) {
      say(`cannot ${action} the hunk: ${tostring(err)}`, "warn");
      return;
    }
    if (!changed!) {
      if (action === "take") this.decisions.tookNothing();
      say(range === undefined ? "no hunk under the cursor" : "no changed line in those lines");
      return;
    }
    this.decisions.counted(action === "take");
    vim.cmd("diffupdate");
    // Part of a hunk: the cursor stays (the rest of the hunk is still there); a whole one: the next hunk.
    if (range === undefined) this.jumpHunk("next");
    this.setWinbars();
  }

  /**
   * Part of hunks (model.ts rowsOfLines): the rows lines `range` of side `side` select, in every hunk they touch,
   * taken (their proposal's lines copied into the left side) or dropped (their original lines back in the
   * proposal), the rest of each hunk left as it is. False when the lines touch no hunk.
   */
  private decideRows(hunks: Hunk[], side: Side, action: "take" | "drop", [from, to]: LineRange): boolean {
    const a = vim.api.nvim_buf_get_lines(this.leftBuf, 0, -1, true);
    const b = vim.api.nvim_buf_get_lines(this.rightBuf, 0, -1, true);
    const count = side === "a" ? a.length : b.length;
    const target = action === "take" ? this.leftBuf : this.rightBuf;
    const targetSide: Side = action === "take" ? "a" : "b";
    let changed = false;
    // From the last hunk up: each replacement leaves the rows of the hunks above where they were.
    for (let i = hunks.length - 1; i >= 0; i--) {
      const h = hunks[i];
      const [r1, r2] = rowsOfLines(h, side, from, to, count);
      if (r1 === 0) continue;
      const selected = (r: number) => r >= r1 && r <= r2;
      const block = mixedBlock(a, b, h, (r) => (action === "take" ? selected(r) : !selected(r)));
      const [first, last] = blockRows(h, targetSide, vim.api.nvim_buf_line_count(target));
      vim.api.nvim_buf_set_lines(target, first, last, true, block);
      changed = true;
    }
    return changed;
  }

  /** u: the last take given back (decisions.ts), otherwise Vim's own undo in the proposal, from either window. */
  undo(): void {
    this.decisions.undo();
    vim.cmd("diffupdate");
    this.setWinbars();
  }

  /** <C-r>: the last take u gave back made again (decisions.ts), otherwise Vim's own redo in the proposal. */
  redo(): void {
    this.decisions.redo();
    vim.cmd("diffupdate");
    this.setWinbars();
  }

  /** The left side's lines replaced by `lines`; returns the lines it had. */
  private setLeft(lines: string[]): string[] {
    const had = vim.api.nvim_buf_get_lines(this.leftBuf, 0, -1, true);
    setOpt("modifiable", true, { buf: this.leftBuf });
    vim.api.nvim_buf_set_lines(this.leftBuf, 0, -1, true, lines);
    setOpt("modifiable", false, { buf: this.leftBuf });
    setOpt("modified", false, { buf: this.leftBuf });
    return had;
  }

  /** A big proposal's hunk, by Vim's own :diffget / :diffput (no diff of the whole text per key). */
  private decideByVim(intoHere: boolean, source: Buf, target: Buf): boolean {
    const tick = vim.api.nvim_buf_get_changedtick(target);
    vim.cmd(intoHere ? `diffget ${source}` : `diffput ${target}`);
    return vim.api.nvim_buf_get_changedtick(target) !== tick;
  }

  /** ]c / [c that wrap around at the last / first hunk: the first line of a whole block (model.ts). */
  jumpHunk(direction: "next" | "prev"): void {
    const here = vim.api.nvim_get_current_buf();
    const hunks = here === this.leftBuf || here === this.rightBuf ? this.hunks() : undefined;
    if (hunks === undefined) {
      this.jumpByVim(direction);
      return;
    }
    const side = here === this.leftBuf ? "a" : "b";
    const count = vim.api.nvim_buf_line_count(0);
    const to = nextHunk(hunks, side, vim.api.nvim_win_get_cursor(0)[0], direction, count);
    if (to !== undefined) vim.api.nvim_win_set_cursor(0, [hunkLine(to, side, count), 0]);
  }

  /** A big proposal's ]c / [c: Vim's own, wrapping around. */
  private jumpByVim(direction: "next" | "prev"): void {
    const key = direction === "next" ? "]c" : "[c";
    const before = vim.api.nvim_win_get_cursor(0);
    pcall(vim.cmd, `normal! ${key}`);
    if (vim.api.nvim_win_get_cursor(0)[0] !== before[0]) return;
    // Nothing further that way: start over from the other end.
    const edge = direction === "next" ? 1 : vim.api.nvim_buf_line_count(0);
    vim.api.nvim_win_set_cursor(0, [edge, 0]);
    if (edge !== before[0] && onChange(edge)) return;
    pcall(vim.cmd, `normal! ${key}`);
    if (!onChange(vim.api.nvim_win_get_cursor(0)[0])) vim.api.nvim_win_set_cursor(0, before);
  }

  /** The same keys in both windows (the view's key table). */
  private setKeymaps(): void {
    mapTable([this.leftBuf, this.rightBuf], this.keys);
  }

  /** The line of the proposal the cursor is on (its window's cursor): where a review opened from an overview left. */
  cursorLine(): number {
    return vim.api.nvim_win_is_valid(this.rightWin) ? vim.api.nvim_win_get_cursor(this.rightWin)[0] : 1;
  }

  /** Closing either window or buffer rejects (with the reason :ClaudeCodeDiffDeny left); writing accepts. */
  private watch(): void {
    const reject = () => this.events.reject(reasonOn(this.rightBuf));
    this.life.autocmds.watchLife(
      [this.leftWin, this.rightWin],
      [this.leftBuf, this.rightBuf],
      {
        closed: "claude-ide: closing a diff window rejects the proposal",
        unloaded: "claude-ide: deleting a diff buffer rejects the proposal",
        resized: "claude-ide: fit the review's winbars to the new width",
      },
      { closed: reject, seen: () => this.life.seen(), resized: () => this.fitWinbars() },
    );
    this.life.autocmds.add(
      "TextChanged",
      { buffer: this.rightBuf },
      "claude-ide: count the hunks left in the review's winbar",
      () => this.setWinbars(),
    );
    this.life.autocmds.add(
      "InsertLeave",
      { buffer: this.rightBuf },
      "claude-ide: count the hunks left in the review's winbar",
      () => this.setWinbars(),
    );
    for (const buf of [this.rightBuf, this.leftBuf])
      this.life.autocmds.acceptOnWrite(
        buf,
        "claude-ide: :w in the review accepts the proposal (nothing is written to disk)",
        () => this.events.accept(),
      );
  }
}

/**
 * Replaces, in `target` (side `targetSide`), the block under the cursor (of side `cursorSide`) by `source`'s lines of
 * the same block. False when no block is under the cursor.
 */
function replaceBlock(hunks: Hunk[], cursorSide: Side, targetSide: Side, source: Buf, target: Buf): boolean {
  const h = hunkAt(hunks, cursorSide, vim.api.nvim_win_get_cursor(0)[0], vim.api.nvim_buf_line_count(0));
  if (h === undefined) return false;
  const [from, to] = blockRows(h, targetSide === "a" ? "b" : "a", vim.api.nvim_buf_line_count(source));
  const lines = vim.api.nvim_buf_get_lines(source, from, to, true);
  const [first, last] = blockRows(h, targetSide, vim.api.nvim_buf_line_count(target));
  vim.api.nvim_buf_set_lines(target, first, last, true, lines);
  return true;
}

/** Line `lnum` of the current window is part of a change (or a deletion sits just above it). */
function onChange(lnum: number): boolean {
  return vim.fn.diff_hlID(lnum, 1) !== 0 || vim.fn.diff_filler(lnum) > 0;
}

/**
 * Above this many lines a review shows every line instead of folding the unchanged ones. Neovim computes
 * diff folds synchronously (about 0.4 s per 100,000 lines, five times the diff itself), so a huge review would
 * appear late; without folds it is on screen at once, and ]c / [c still jump between the hunks.
 */
const FOLDED_REVIEW_MAX_LINES = 20000;

/**
 * What :diffthis sets, except 'foldmethod' "diff" (no folds to compute): for huge reviews. Window-local only:
 * without `scope: "local"` a window option is set globally too, and every later window would start in diff mode.
 */
function diffWithoutFolds(win: Win): void {
  const local = { win, scope: "local" as const };
  setOpt("foldmethod", "manual", local);
  setOpt("foldenable", false, local);
  setOpt("scrollbind", true, local);
  setOpt("cursorbind", true, local);
  const scrollopt = getOpt<string>("scrollopt", {});
  if (!scrollopt.split(",").includes("hor")) setOpt("scrollopt", scrollopt === "" ? "hor" : `${scrollopt},hor`, {});
  setOpt("wrap", false, local);
  setOpt("diff", true, local);
}

/** Puts the cursor on the first change: line 1 when it is part of one, else the first `]c` target. */
function goToFirstChange(): void {
  vim.api.nvim_win_set_cursor(0, [1, 0]);
  if (vim.fn.diff_hlID(1, 1) !== 0 || vim.fn.diff_filler(1) > 0) return;
  pcall(vim.cmd, "normal! ]c");
}
