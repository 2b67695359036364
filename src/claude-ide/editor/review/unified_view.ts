// The unified review of one file (diff.layout "unified"): one window holding the proposal, editable, no diff
// mode. What the proposal adds or changes is highlighted in place (ClaudeIdeDiffAdd, the changed part of a line
// ClaudeIdeDiffText), and what it removes from the file is shown where it was, as virtual lines between the
// buffer's lines (ClaudeIdeDiffDelete). Only the window and buffers created here are ever touched or closed.
//
// As in the side-by-side view (diff_view), the view reports what the user does (accept / reject) and decides
// nothing itself; the review (diff.ts) answers the call and then closes the view.
//
// Hunk by hunk: the original is "the file as decided so far", kept in a hidden buffer. Taking a hunk copies the
// proposal's block into it, dropping one copies the original's block back into the proposal; either way the two
// agree there and the hunk stops being a difference. Accepting answers the proposal as it is.
import { say } from "../../log";
import { ProposalDecisions } from "./decisions";
import { reasonOn } from "./reason";
import { textLines } from "./diff_text";
import { defineHighlights as defineDiffHighlights, DIFF_ADD, DIFF_DELETE, DIFF_TEXT } from "./highlights";
import {
  blockRows,
  changedMiddle,
  type Hunk,
  hunkAt,
  hunkLine,
  mixedBlock,
  nextHunk,
  rowsOfLines,
  textHunks,
} from "./model";
import {
  type BarPart,
  escapeBar,
  fileViewTable,
  fitWinbar,
  type KeyEntry,
  keyParts,
  LEFT,
  type LineRange,
  mapTable,
  PART_OF,
} from "./keys";
import {
  askRejectReason,
  AUGROUP,
  BIG_PROPOSAL_BYTES,
  closeFileView,
  fillBuffer,
  fileText,
  markReview,
  getOpt,
  noteParts,
  proposalBuffer,
  proposesChange,
  removeView,
  ReviewOrigin,
  setOpt,
  takesFocus,
  type ViewEvents,
  type ViewSpec,
  ViewLife,
} from "./view_parts";

/** The signs' highlight groups (the lines' are the review's, highlights.ts) and the groups they link to. */
const SIGN_ADD = "ClaudeIdeDiffAddSign";
const SIGN_CHANGE = "ClaudeIdeDiffChangeSign";
const SIGN_DELETE = "ClaudeIdeDiffDeleteSign";

/** Defines the view's groups as default links: a user's own definition of a group wins. */
function defineHighlights(): void {
  defineDiffHighlights();
  vim.api.nvim_set_hl(0, SIGN_ADD, { link: "Added", default: true });
  vim.api.nvim_set_hl(0, SIGN_CHANGE, { link: "Changed", default: true });
  vim.api.nvim_set_hl(0, SIGN_DELETE, { link: "Removed", default: true });
}

/** The namespace of the view's marks (one for every unified view: each clears only its own buffer). */
const NAMESPACE = "claude-ide.unified";

/** Above this size the differences are marked a loop turn after the view is made (see show). */
const MARK_LATER_BYTES = 64 * 1024;

/** How long the typing in a big proposal pauses before its differences are marked again (markLater). */
const MARK_PAUSE_MS = 300;

/** Sign marks one per line up to this many in a view (each costs about 3 µs to set: 2,000 cost 6 ms). */
const SIGN_MARKS = 2000;

/** Above the line highlight of the added lines (extmarks default to 4096), so the changed part shows. */
const TEXT_PRIORITY = 4200;

/** `text` with its tabs expanded for display from screen column `col`; and the column after it. */
function expandTabs(text: string, col: number, tabstop: number): [string, number] {
  const [tab] = string.find(text, "\t", 1, true);
  if (tab === undefined) return [text, col + vim.api.nvim_strwidth(text)];
  let out = "";
  let pos = 1;
  for (;;) {
    const [at] = string.find(text, "\t", pos, true);
    const piece = string.sub(text, pos, at === undefined ? -1 : at - 1);
    out += piece;
    col += vim.api.nvim_strwidth(piece);
    if (at === undefined) return [out, col];
    const spaces = tabstop - (col % tabstop);
    out += string.rep(" ", spaces);
    col += spaces;
    pos = at + 1;
  }
}

/** The open unified views by their window: the decoration provider's (watchGutter). */
const drawnIn = new LuaMap<Win, UnifiedView>();
/** The views whose window the screen update under way draws. */
let drawnNow: UnifiedView[] = [];
let watching = false;

/** The width left of the text in `win`, as last drawn (numbers, folds, signs, or the 'statuscolumn'). */
function gutterWidth(win: Win): number {
  return (vim.fn.getwininfo(win)[0]?.textoff as number | undefined) ?? 0;
}

/**
 * Registers `view` as drawn in `win`; the first time, a decoration provider that tells each view drawn in a screen
 * update, once the update is over, to check its gutter's width (gutterMoved).
 */
function watchGutter(ns: number, win: Win, view: UnifiedView): void {
  drawnIn.set(win, view);
  if (watching) return;
  watching = true;
  vim.api.nvim_set_decoration_provider(ns, {
    on_win: (_: string, drawn: Win) => {
      const found = drawnIn.get(drawn);
      if (found !== undefined) drawnNow.push(found);
      return false;
    },
    on_end: () => {
      if (drawnNow.length === 0) return;
      const views = drawnNow;
      drawnNow = [];
      for (const found of views) found.gutterMoved();
    },
  });
}

export class UnifiedView {
  /** The proposal, editable: what accept answers. */
  private readonly buf: Buf;
  /**
   * The original as decided so far (hidden, never shown): the lines removed come from it. Made when first needed
   * (original()): -1 until then.
   */
  private originalBuf: Buf = -1;
  /** Lines in originalBuf (0 for an empty file, whose buffer still has one empty line); set by original(). */
  private originalCount = 0;
  /** originalBuf's lines as one text, each line ended with "\n" (what vim.diff compares). */
  private originalText: string;
  private win = -1;
  private readonly ns: number;
  /** The proposal's changedtick as it was proposed: its text is then spec.proposal's (refresh). */
  private readonly proposedTick: number;
  /** The differences as last computed, in the buffer's order, and the changedtick they were computed at. */
  private hunks: Hunk[] = [];
  /** The changedtick the hunks were computed at; -1: not yet (the winbar then counts none). */
  private tick = -1;
  /** Where the user was: focus goes back there after the review (e.g. the Claude terminal). */
  readonly origin: ReviewOrigin;
  /** Whether it waits unseen, its autocmds, settled or closed. */
  private readonly life: ViewLife;
  /** The decisions made, takes into the original among them, and the takes' undo history (decisions.ts). */
  private readonly decisions: ProposalDecisions<string>;
  /** The view's keys: mapped, in the winbar, in the g? float (keys.ts). */
  private readonly keys: KeyEntry[];
  /** The window's 'signcolumn' before the view set it (put back if the window must stay: the last one). */
  private signcolumn?: string;
  /** A big proposal's marks wait for the typing to pause (markLater); undefined until then. */
  private timer?: vim.uv.Timer;
  /** The window's gutter width the removed lines were drawn for (gutterMoved). */
  private textoff = 0;

  /**
   * Creates the buffers and the window and puts the cursor on the first change. Throws (after removing whatever
   * it created) when Neovim refuses, e.g. in the command-line window.
   */
  constructor(
    private readonly spec: ViewSpec,
    private readonly events: ViewEvents,
  ) {
    this.origin = spec.origin ?? new ReviewOrigin();
    this.life = new ViewLife(AUGROUP, this.origin, () => this.markBuffers());
    this.keys = fileViewTable(
      spec.config,
      {
        words: spec.words ?? "proposal",
        fromOverview: spec.fromOverview === true,
        extra: spec.keys,
      },
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
    this.ns = vim.api.nvim_create_namespace(NAMESPACE);
    defineHighlights();
    this.buf = proposalBuffer(spec).buf;
    this.decisions = new ProposalDecisions(this.buf, (original) => this.setOriginal(original));

    this.proposedTick = vim.api.nvim_buf_get_changedtick(this.buf);

    // The original as a text; its buffer is made when first needed (original()).
    const current = spec.current ?? [];
    this.originalText =
      typeof current === "string" ? wholeText(current) : current.length > 0 ? table.concat(current, "\n") + "\n" : "";

    const [ok, err] = pcall(() => this.show(spec.enter === true || takesFocus(spec.config.focus, spec.home)));
    if (!ok) {
      this.close();
      error(err, 0);
    }
  }

  /** The proposal as a file: what `:w` would write (lines, 'fileformat', 'eol' / 'fixeol'). */
  proposalText(): string {
    return fileText(this.buf);
  }

  /** Hunks decided here, or the proposal edited: `q` asks before it drops that. */
  decided(): boolean {
    return this.decisions.decided();
  }

  /** The line of the proposal the cursor is on: where a review opened from an overview left. */
  cursorLine(): number {
    return vim.api.nvim_win_is_valid(this.win) ? vim.api.nvim_win_get_cursor(this.win)[0] : 1;
  }

  /** The current window is the view's. */
  hasFocus(): boolean {
    return vim.api.nvim_get_current_win() === this.win;
  }

  /** Opened behind the user and not visited yet. */
  isWaiting(): boolean {
    return this.life.waiting.is();
  }

  /**
   * The review is decided: the view stops reporting and stops looking like an open review (buffer variable
   * gone), while its window may still be on screen. Safe inside any autocmd. Idempotent.
   */
  settle(): void {
    if (!this.life.settle([this.buf])) return;
    if (this.timer !== undefined && !this.timer.is_closing()) {
      this.timer.stop();
      this.timer.close();
    }
  }

  /**
   * Removes everything the view created (autocmds, window, buffers, its tab page) and, when the user was in the
   * view, returns focus to where they were (`goBack` false: the next view of the same review has the focus
   * already). Idempotent; never throws.
   */
  close(goBack = true): void {
    // A window that must stay (the last) gets its 'signcolumn' back.
    const reset = (win: Win) => {
      if (this.signcolumn !== undefined) setOpt("signcolumn", this.signcolumn, { win, scope: "local" });
    };
    if (drawnIn.get(this.win) === this) drawnIn.delete(this.win);
    this.life.close(
      () => this.settle(),
      () => removeView([this.win], [this.buf, this.originalBuf], this.origin, this.hasFocus() && goBack, reset),
    );
  }

  /**
   * Brings the user to the review (:ClaudeCodeFocus on a waiting one), in Normal mode; focus goes back to where
   * they were when the review ends. False when its window is gone.
   */
  focus(): boolean {
    return this.life.focus(this.win, [this.win]);
  }

  /**
   * `enter`: the review's window becomes current (Insert mode ends). Otherwise the review opens behind (see
   * ReviewOrigin.settle) and a message says it waits.
   */
  private show(enter: boolean): void {
    const spec = this.spec;
    const opened = this.origin.open(this.buf, enter, spec.config.open_in_new_tab, spec.tabName);
    this.win = opened.win;
    watchGutter(this.ns, this.win, this);
    this.signcolumn = getOpt<string>("signcolumn", { win: this.win });
    // The signs + ~ show in this window whatever the user's 'signcolumn'; window-local, no other window gets it.
    setOpt("signcolumn", "yes", { win: this.win, scope: "local" });
    this.origin.settle(enter, opened.originTab);

    this.life.waiting.begin(!enter, spec.client ?? "Claude");
    this.markBuffers();
    this.setKeymaps();
    this.watch();
    if (spec.bytes <= MARK_LATER_BYTES) this.markFirst();
    else {
      // The window first, then the original's hidden buffer, then the differences, each a loop turn later:
      // stretches the editor answers keys between, not one (vim.diff of a 10,000-line text takes as long as
      // making the view). A key pressed meanwhile in the view computes them first (fresh).
      this.setWinbar();
      vim.schedule(() => {
        if (this.life.closed) return;
        this.original();
        vim.schedule(() => this.markFirst());
      });
    }
    this.life.waiting.tell(proposesChange(spec));
  }

  /** Marks the differences and puts the cursor on the first, unless the user moved it already. */
  private markFirst(): void {
    if (this.life.closed || !vim.api.nvim_win_is_valid(this.win)) return;
    this.refresh(false);
    const first = this.hunks[0];
    const [row, col] = vim.api.nvim_win_get_cursor(this.win);
    if (first !== undefined && row === 1 && col === 0) vim.api.nvim_win_call(this.win, () => this.goTo(first));
  }

  private markBuffers(): void {
    const file = vim.fn.fnamemodify(this.spec.path, ":~:.");
    markReview(
      this.buf,
      {
        tab_name: this.spec.tabName,
        role: "proposal",
        proposal: this.buf,
        file,
        turn: this.spec.words === "turn" ? true : undefined,
        overview: this.spec.overview,
      },
      this.life.waiting.is(),
    );
  }

  /**
   * The buffer holding the original as decided so far. Hidden, so a plugin or a command that wipes hidden buffers
   * may take it: it is then made again from originalText (the review goes on; nothing the user sees is lost).
   */
  private original(): Buf {
    if (vim.api.nvim_buf_is_valid(this.originalBuf) && vim.api.nvim_buf_is_loaded(this.originalBuf))
      return this.originalBuf;
    if (vim.api.nvim_buf_is_valid(this.originalBuf)) pcall(vim.api.nvim_buf_delete, this.originalBuf, { force: true });
    const text = this.originalText;
    // A Vim string cannot hold a NUL byte: such a text is cut in Lua.
    const [nul] = string.find(text, "\0", 1, true);
    this.originalBuf = hiddenBuffer(nul === undefined ? text : textLines(text));
    this.originalCount = text === "" ? 0 : vim.api.nvim_buf_line_count(this.originalBuf);
    return this.originalBuf;
  }

  /** Lines in the proposal: 0 for an empty one (one empty line and no final newline: the empty file). */
  private proposalCount(): number {
    const count = vim.api.nvim_buf_line_count(this.buf);
    if (count > 1 || getOpt<boolean>("endofline", { buf: this.buf })) return count;
    return vim.api.nvim_buf_get_lines(this.buf, 0, 1, true)[0] === "" ? 0 : 1;
  }

  /**
   * Recomputes the hunks and redraws the marks and the winbar after a change of the proposal (`force`: whatever
   * changed, e.g. the window's width).
   */
  private refresh(force = true): void {
    if (this.life.closed || !vim.api.nvim_buf_is_valid(this.buf)) return;
    const tick = vim.api.nvim_buf_get_changedtick(this.buf);
    if (!force && tick === this.tick) return;
    this.tick = tick;
    const count = this.proposalCount();
    // As proposed (nothing typed yet), a big proposal's whole text is at hand: no need to join its lines.
    const proposed = this.spec.proposal.lines;
    const proposal =
      tick === this.proposedTick && typeof proposed === "string"
        ? wholeText(proposed)
        : count > 0
          ? table.concat(vim.api.nvim_buf_get_lines(this.buf, 0, -1, true), "\n") + "\n"
          : "";
    const [ok, hunks] = pcall(textHunks, this.originalText, proposal);
    this.hunks = ok ? hunks : [];
    this.draw(count);
    this.setWinbar();
  }

  /**
   * Marks a big proposal's differences again once the typing pauses (MARK_PAUSE_MS without a change): a diff of
   * the whole text per key would hold the editor. A key of the review in between computes them at once (fresh).
   */
  private markLater(): void {
    if (this.life.settled) return;
    if (this.timer === undefined) this.timer = vim.uv.new_timer();
    this.timer.stop();
    this.timer.start(MARK_PAUSE_MS, 0, () =>
      vim.schedule(() => {
        if (!this.life.settled) this.refresh(false);
      }),
    );
  }

  /** The marks and the winbar drawn again for the hunks as they are (the window's width changed). */
  private redraw(): void {
    if (this.life.closed || !vim.api.nvim_buf_is_valid(this.buf)) return;
    if (this.tick !== vim.api.nvim_buf_get_changedtick(this.buf)) return this.refresh();
    this.draw(this.proposalCount());
    this.setWinbar();
  }

  /** The hunks as they are now (a change the autocmds have not seen yet is counted in). */
  private fresh(): Hunk[] {
    if (vim.api.nvim_buf_is_valid(this.buf) && vim.api.nvim_buf_get_changedtick(this.buf) !== this.tick) this.refresh();
    return this.hunks;
  }

  /**
   * The marks of every hunk: added and changed lines highlighted, each with its sign (one mark per line: a
   * 'statuscolumn' that draws the signs itself, as LazyVim's does, finds a line's signs by the marks that start
   * there), the changed middle of each line of a block that keeps its number of lines (on the removed line and on
   * the line replacing it), and the removed lines as virtual lines where they were.
   */
  private draw(count: number): void {
    const buf = this.buf;
    const ns = this.ns;
    vim.api.nvim_buf_clear_namespace(buf, ns, 0, -1);
    const intraLine = this.spec.bytes <= BIG_PROPOSAL_BYTES;
    const valid = vim.api.nvim_win_is_valid(this.win);
    const tabstop = getOpt<number>("tabstop", { buf });
    // The removed lines start in the sign column (a `-` there), and are padded to the window's width. The gutter's
    // width is the one last drawn: a 'statuscolumn' is measured only when drawn (see watchGutter).
    const textoff = valid ? gutterWidth(this.win) : 0;
    this.textoff = textoff;
    const width = valid ? vim.api.nvim_win_get_width(this.win) : 0;
    const lead = textoff > 0 ? `-${string.rep(" ", textoff - 1)}` : "";
    const removed = (pieces: [string, string][]): [string, string][] => {
      const chunks: [string, string][] = [];
      if (lead !== "") chunks.push([lead, SIGN_DELETE]);
      let col = 0;
      for (const [text, group] of pieces) {
        const [shown, after] = expandTabs(text, col, tabstop);
        col = after;
        if (shown !== "") chunks.push([shown, group]);
      }
      const pad = width - textoff - col;
      if (pad > 0) chunks.push([string.rep(" ", pad), DIFF_DELETE]);
      return chunks;
    };
    // One sign mark per line, up to SIGN_MARKS: past them, a block's sign is one mark over its lines (Neovim's own
    // sign column shows it on each; a 'statuscolumn' that looks where marks start, on the block's first line).
    let signsLeft = SIGN_MARKS;
    for (const { a, aCount: na, b, bCount: nb } of this.hunks) {
      const old = na > 0 ? vim.api.nvim_buf_get_lines(this.original(), a - 1, a - 1 + na, false) : [];
      const lines = nb > 0 ? vim.api.nvim_buf_get_lines(buf, b - 1, b - 1 + nb, false) : [];
      const paired = intraLine && na === nb;
      const virt: [string, string][][] = [];
      for (let i = 0; i < old.length; i++) {
        const line = old[i];
        if (!paired) {
          virt.push(removed([[line, DIFF_DELETE]]));
          continue;
        }
        const [start, oldEnd, newEnd] = changedMiddle(line, lines[i]);
        if (newEnd > start)
          vim.api.nvim_buf_set_extmark(buf, ns, b - 1 + i, start, {
            end_col: newEnd,
            hl_group: DIFF_TEXT,
            priority: TEXT_PRIORITY,
          });
        virt.push(
          removed([
            [string.sub(line, 1, start), DIFF_DELETE],
            [string.sub(line, start + 1, oldEnd), DIFF_TEXT],
            [string.sub(line, oldEnd + 1), DIFF_DELETE],
          ]),
        );
      }
      if (nb > 0) {
        const changed = na > 0;
        // The block's lines to the window's edge, under the changed parts (a line_hl_group would cover them).
        vim.api.nvim_buf_set_extmark(buf, ns, b - 1, 0, {
          end_row: b - 1 + nb,
          end_col: 0,
          hl_group: DIFF_ADD,
          hl_eol: true,
          strict: false,
        });
        const sign = { sign_text: changed ? "~" : "+", sign_hl_group: changed ? SIGN_CHANGE : SIGN_ADD };
        if (nb <= signsLeft) {
          for (let row = b - 1; row < b - 1 + nb; row++) vim.api.nvim_buf_set_extmark(buf, ns, row, 0, sign);
          signsLeft -= nb;
        } else vim.api.nvim_buf_set_extmark(buf, ns, b - 1, 0, { ...sign, end_row: b - 2 + nb });
        if (virt.length > 0)
          vim.api.nvim_buf_set_extmark(buf, ns, b - 1, 0, {
            virt_lines: virt,
            virt_lines_above: true,
            virt_lines_leftcol: true,
          });
      } else if (virt.length > 0) {
        // Removed after line b: above the line under it, or below the last line when none is under it.
        const under = b < count;
        vim.api.nvim_buf_set_extmark(buf, ns, under ? b : math.max(0, count - 1), 0, {
          virt_lines: virt,
          virt_lines_above: under || count === 0,
          virt_lines_leftcol: true,
        });
      }
    }
  }

  /**
   * Drawn again when the window's gutter is no longer as wide as the removed lines' lead: a 'statuscolumn' is
   * measured only when the window is drawn, so the first marks may have used the width before it. Called by the
   * decoration provider (watchGutter) after the screen was drawn.
   */
  gutterMoved(): void {
    if (this.life.closed || !vim.api.nvim_win_is_valid(this.win)) return;
    if (gutterWidth(this.win) !== this.textoff) vim.schedule(() => this.redraw());
  }

  /**
   * Puts the cursor on `hunk` in the current window (its block's first line; for lines only removed, the line
   * under them, or the last), its removed lines in view when they are above it.
   */
  private goTo(hunk: Hunk): void {
    const count = vim.api.nvim_buf_line_count(this.buf);
    const lnum = hunkLine(hunk, "b", count);
    vim.api.nvim_win_set_cursor(0, [lnum, 0]);
    const above = hunk.aCount > 0 && (hunk.bCount > 0 || hunk.b < count || hunk.b === 0);
    if (above && vim.fn.line("w0") === lnum) vim.fn.winrestview({ topline: lnum, topfill: hunk.aCount });
  }

  /** ]c / [c: the next or previous hunk, wrapping around at the last / first. */
  jumpHunk(direction: "next" | "prev"): void {
    const lnum = vim.api.nvim_win_get_cursor(0)[0];
    const found = nextHunk(this.fresh(), "b", lnum, direction, vim.api.nvim_buf_line_count(this.buf));
    if (found !== undefined) this.goTo(found);
  }

  /**
   * Takes (the proposal keeps its block, which becomes the original's) or drops (the original's block comes back
   * into the proposal) the hunk under the cursor, the whole block; then moves to the next hunk.
   */
  decideHunk(action: "take" | "drop", range?: LineRange): void {
    if (vim.api.nvim_get_current_buf() !== this.buf) return;
    if (range !== undefined) {
      this.decideRows(action, range);
      return;
    }
    // A line of its block, or the line its removed lines are shown above (the last: below).
    const lnum = vim.api.nvim_win_get_cursor(0)[0];
    const hunk = hunkAt(this.fresh(), "b", lnum, vim.api.nvim_buf_line_count(this.buf));
    if (hunk === undefined) {
      say("no hunk under the cursor");
      return;
    }
    if (action === "take") {
      this.decisions.taking(this.originalText);
      const [from, to] = blockRows(hunk, "b", this.proposalCount());
      const lines = hunk.bCount > 0 ? vim.api.nvim_buf_get_lines(this.buf, from, to, true) : [];
      this.setOriginalBlock(hunk, lines);
    } else {
      const [from, to] = blockRows(hunk, "a", this.originalCount);
      const lines = hunk.aCount > 0 ? vim.api.nvim_buf_get_lines(this.original(), from, to, true) : [];
      const [first, last] = blockRows(hunk, "b", this.proposalCount());
      const [ok, err] = pcall(vim.api.nvim_buf_set_lines, this.buf, first, last, true, lines);
      if (!ok) {
        say(`cannot drop the hunk: ${tostring(err)}`, "warn");
        return;
      }
    }
    this.decisions.counted(action === "take");
    this.refresh();
    this.jumpHunk("next");
  }

  /** The original's block of `hunk` replaced by `lines` (a take, whole or in part). */
  private setOriginalBlock(hunk: Hunk, lines: string[]): void {
    const [first, last] = blockRows(hunk, "a", this.originalCount);
    vim.api.nvim_buf_set_lines(this.original(), first, last, true, lines);
    this.originalCount += lines.length - hunk.aCount;
    this.originalText =
      this.originalCount > 0 ? table.concat(vim.api.nvim_buf_get_lines(this.original(), 0, -1, true), "\n") + "\n" : "";
  }

  /** The original made again from `text` (its buffer too); returns the text it had. */
  private setOriginal(text: string): string {
    const had = this.originalText;
    this.originalText = text;
    if (vim.api.nvim_buf_is_valid(this.originalBuf)) pcall(vim.api.nvim_buf_delete, this.originalBuf, { force: true });
    this.originalBuf = -1;
    this.original();
    return had;
  }

  /**
   * Part of hunks (model.ts rowsOfLines): the rows lines `range` of the proposal select, in every hunk they touch
   * (a hunk of removed lines only: the line they show above), taken (copied into the original) or dropped (the
   * original's lines back in the proposal); the rest of each hunk stays, and the cursor with it.
   */
  private decideRows(action: "take" | "drop", [from, to]: LineRange): void {
    const hunks = this.fresh();
    const count = this.proposalCount();
    const b = count > 0 ? vim.api.nvim_buf_get_lines(this.buf, 0, -1, true) : [];
    const a = this.originalCount > 0 ? vim.api.nvim_buf_get_lines(this.original(), 0, -1, true) : [];
    const picked: [Hunk, number, number][] = [];
    for (const h of hunks) {
      const [r1, r2] = rowsOfLines(h, "b", from, to, vim.api.nvim_buf_line_count(this.buf));
      if (r1 !== 0) picked.push([h, r1, r2]);
    }
    if (picked.length === 0) {
      say("no changed line in those lines");
      return;
    }
    if (action === "take") this.decisions.taking(this.originalText);
    // From the last hunk up: each replacement leaves the rows of the hunks above where they were.
    for (let i = picked.length - 1; i >= 0; i--) {
      const [h, r1, r2] = picked[i];
      const selected = (r: number) => r >= r1 && r <= r2;
      if (action === "take") this.setOriginalBlock(h, mixedBlock(a, b, h, selected));
      else {
        const [first, last] = blockRows(h, "b", this.proposalCount());
        const [ok, err] = pcall(
          vim.api.nvim_buf_set_lines,
          this.buf,
          first,
          last,
          true,
          mixedBlock(a, b, h, (r) => !selected(r)),
        );
        if (!ok) {
          say(`cannot drop the lines: ${tostring(err)}`, "warn");
          return;
        }
      }
    }
    this.decisions.counted(action === "take");
    this.refresh();
  }

  /** u: the last take given back (decisions.ts), otherwise Vim's own undo (a drop, or the user's edit). */
  undo(): void {
    if (this.decisions.undo()) this.refresh();
  }

  /** <C-r>: the last take u gave back made again (decisions.ts), otherwise Vim's own redo. */
  redo(): void {
    if (this.decisions.redo()) this.refresh();
  }

  /**
   * The winbar, from the view's key table (keys.ts): who proposes (and what, when it creates, deletes or renames
   * the file), then the keys that decide and move, what is left to decide, the file and what the review is part
   * of; parts go whole by rank when the window is too narrow (fitWinbar); refitted on resize.
   */
  private setWinbar(): void {
    const spec = this.spec;
    const name = escapeBar(vim.fn.fnamemodify(spec.path, ":~:."));
    const who = escapeBar(spec.client ?? "Claude");
    let title = ` ${spec.source !== undefined ? `[${escapeBar(spec.source)}] ` : ""}${who}`;
    const parts: BarPart[] = keyParts(this.keys);
    const left = this.hunks.length;
    if (this.tick !== -1)
      parts.push({
        text: left === 0 ? "  · all hunks decided" : `  · ${left} hunk${left === 1 ? "" : "s"} left`,
        rank: LEFT,
      });
    const taken = this.decisions.taken();
    if (taken > 0) parts.push({ text: ` (${taken} taken)`, rank: LEFT + 0.5 });
    if (spec.deletes === true) title += `: %#WarningMsg#delete ${name}%*`;
    else if (spec.renamedFrom !== undefined) {
      title += `: ${escapeBar(spec.renamedFrom)} → ${name}`;
      if (spec.dirty)
        parts.push({ text: "  %#WarningMsg#(your unsaved changes move too, still unsaved)%*", rank: LEFT });
    } else if (spec.current === undefined) title += `: ${name} (new file)`;
    else if (spec.dirty) {
      title += `: ${name} %#WarningMsg#(unsaved changes)%*`;
      parts.push({ text: "  %#WarningMsg#accepting replaces your unsaved text (`u` brings it back)%*", rank: LEFT });
    } else title += `: ${name}`;
    // Who proposes and the file lead, never dropped; opened from an overview, the way back (keeping, discarding)
    // leads instead, and who proposes follows the keys.
    let lead = title;
    if (spec.fromOverview === true) {
      lead = ` ${vim.trim((parts.shift() as BarPart).text)}  ${vim.trim((parts.shift() as BarPart).text)}`;
      parts.push({ text: `  ·${title}`, rank: PART_OF + 0.5 });
    }
    parts.push(...noteParts(spec.note, PART_OF));
    if (spec.currentLabel !== undefined)
      parts.push({ text: ` (removed lines: ${escapeBar(spec.currentLabel)})`, rank: PART_OF + 0.5 });
    fitWinbar(this.win, lead, parts);
  }

  private setKeymaps(): void {
    mapTable([this.buf], this.keys);
  }

  /** Closing the window or the buffer rejects (with the reason :ClaudeCodeDiffDeny left); writing accepts. */
  private watch(): void {
    const reject = () => this.events.reject(reasonOn(this.buf));
    // Over BIG_PROPOSAL_BYTES a diff of the whole text per key would hold the editor: the marks wait for a pause.
    const big = this.spec.bytes > BIG_PROPOSAL_BYTES;
    this.life.autocmds.watchLife(
      [this.win],
      [this.buf],
      {
        closed: "claude-ide: closing a review window rejects the proposal",
        unloaded: "claude-ide: deleting a review buffer rejects the proposal",
        resized: "claude-ide: fit the review's winbar and removed lines to the new width",
      },
      { closed: reject, seen: () => this.life.seen(), resized: () => this.redraw() },
    );
    this.life.autocmds.add(
      ["TextChanged", "TextChangedI"],
      { buffer: this.buf },
      "claude-ide: mark the proposal's differences again after a change",
      () => (big ? this.markLater() : this.refresh(false)),
    );
    // Every change, also where no TextChanged follows before the next key (keys typed ahead, a plugin's edit):
    // marked again a loop turn later, once for all the changes until then. Detached once the view is decided.
    let pending = false;
    vim.api.nvim_buf_attach(this.buf, false, {
      on_lines: () => {
        if (this.life.settled) return true;
        if (!pending) {
          pending = true;
          vim.schedule(() => {
            pending = false;
            if (this.life.settled) return;
            if (big) this.markLater();
            else this.refresh(false);
          });
        }
        return false;
      },
    });
    this.life.autocmds.add(
      "ColorScheme",
      {},
      "claude-ide: define the review's highlight groups again (:colorscheme cleared them)",
      () => defineHighlights(),
    );
    this.life.autocmds.acceptOnWrite(
      this.buf,
      "claude-ide: :w in the proposal accepts it (nothing is written to disk)",
      () => this.events.accept(),
    );
  }
}

/** A whole text (ReviewText's `lines` as a string) as vim.diff compares it: every line ended with "\n". */
function wholeText(text: string): string {
  return text === "" || vim.endswith(text, "\n") ? text : `${text}\n`;
}

/** A buffer never shown (unlisted, no undo), holding `lines` (fillBuffer: a list, or a whole text Neovim cuts). */
function hiddenBuffer(lines: string[] | string): Buf {
  const buf = vim.api.nvim_create_buf(false, true);
  setOpt("undolevels", -1, { buf });
  fillBuffer(buf, lines);
  return buf;
}
