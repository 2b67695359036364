// The agent's changes in the user's own buffer (`review.inline`, or `gi` in a turn's overview): a turn's file
// reviewed where the user works, as gitsigns shows a file's hunks. The buffer holds the file as the agent left it
// and stays the user's (their window, LSP, treesitter); the turn's base shows as removed virtual lines above each
// hunk, a sign marks its lines, and the review's keys (keys.ts inlineTable: ]c [c gh gH, with a count or in Visual
// mode, . u <C-r> g?) are mapped in that buffer only while it is under review: a user's own buffer-local mapping of
// one of them comes back after.
//
// One more renderer of the review's document (model.ts DocFile): a decision made here is the overview's, and the
// other way round (InlineSource); the review is applied where it always is, `:w` in its overview. Its undo is the
// overview's too: `u` here gives back the review's last decision when it was made here and the buffer has not
// changed since (InlineTag), and is Vim's own undo otherwise, so that the user's edits and the decisions made in
// their buffer are undone (and redone, <C-r>) in the order they were made.
//
// Drawn only where the user looks: each hunk's place is one mark without decoration that follows the user's edits
// (TRACK); a decoration provider draws a hunk (its signs, its lines, its removed lines) when a screen update first
// reaches it, so a 100,000-line file with thousands of hunks costs nothing while scrolled elsewhere.
import type { Config } from "../../config";
import { say } from "../../log";
import { changeNumber, lastChange } from "./decisions";
import { DIFF_ADD, DIFF_DELETE, DIFF_TEXT, defineHighlights } from "./highlights";
import {
  blockLines,
  changedMiddle,
  type Decision,
  type DocFile,
  hunkState,
  lineBefore,
  rowCount,
  rowDecision,
  rowsDecided,
  rowsOfBlock,
} from "./model";
import { inlineTable, keyOf, type KeyEntry, type LineRange } from "./keys";

/** The hunks' places (no decoration: they only follow the edits). */
const TRACK = vim.api.nvim_create_namespace("claude-ide.inline.track");
/** What is drawn of the hunks the screen reached. */
const DRAW = vim.api.nvim_create_namespace("claude-ide.inline");

export const SIGN_ADD = "ClaudeIdeInlineAddSign";
export const SIGN_CHANGE = "ClaudeIdeInlineChangeSign";
export const KEPT = "ClaudeIdeInlineKept";
export const TO_REVERT = "ClaudeIdeInlineToRevert";

/** A block of more lines than this gets one sign mark over its lines (Neovim shows it on each), not one per line. */
const SIGN_ROWS = 200;
/** Blocks of more lines than this are not compared line by line for their changed part. */
const PAIRED_ROWS = 200;
/** The changed part of a line over its added line's colour. */
const TEXT_PRIORITY = 4100;

/** The buffer variable that says a buffer is under inline review (statuslines may read it). */
export const INLINE_VAR = "claude_ide_inline";

/** The groups are defined (again after a ColorScheme). */
let defined = false;

function defineInlineHighlights(): void {
  defined = true;
  defineHighlights();
  vim.api.nvim_set_hl(0, SIGN_ADD, { link: "Added", default: true });
  vim.api.nvim_set_hl(0, SIGN_CHANGE, { link: "Changed", default: true });
  vim.api.nvim_set_hl(0, KEPT, { link: "DiagnosticOk", default: true });
  vim.api.nvim_set_hl(0, TO_REVERT, { link: "DiagnosticWarn", default: true });
}

/** The file an inline view shows, as the review's document holds it (multi_review.ts gives its overview's). */
/** @noSelf */
export interface InlineSource {
  /** The file now: its base, its proposal (what the buffer holds) and its hunks with their decisions. */
  file(): DocFile;
  /**
   * gh / gH pressed on hunks (`hunk` 0-based): each toggled as in the overview, or only its rows `rows` (1-based, a
   * Visual selection or a count: model.ts decideRows); one step of the review's undo, known as `tag`. The overview
   * shows it and this view is drawn again.
   */
  decide(picks: { hunk: number; rows?: number[] }[], pressed: Decision, tag: InlineTag): void;
  /** The tag of the review's decision `u` (`<C-r>`) would give back (make again) now; none: not one of this view's. */
  lastTag(which: "undo" | "redo"): unknown;
  /** The review's last decision given back (u), or made again (<C-r>). */
  undo(): void;
  redo(): void;
}

/** What a decision made in the inline view is known by: its buffer, and that buffer's change number then. */
export interface InlineTag {
  buf: Buf;
  change: number;
  /** Given back by u here: the buffer's last change number then (an edit since drops the redo, as Vim's own does). */
  undoneAt?: number;
}

/** Every buffer under inline review. */
const views = new LuaMap<Buf, InlineView>();
let providing = false;

/** The inline view of `buf` (0: the current buffer), if it is under review. */
export function inlineViewOf(buf: Buf): InlineView | undefined {
  return views.get(buf === 0 ? vim.api.nvim_get_current_buf() : buf);
}

/** The decoration provider, set once: each screen update draws the hunks of the rows it shows. */
function provide(): void {
  if (providing) return;
  providing = true;
  vim.api.nvim_set_decoration_provider(DRAW, {
    on_win: (_: string, _win: Win, buf: Buf, top: number, bot: number) => {
      views.get(buf)?.draw(top, bot);
      return false;
    },
  });
}

/** A file of at most this many lines is checked and marked at once; a longer one in slices. */
const AT_ONCE_LINES = 5000;
/** How long one slice of checking and marking a long file may hold the editor. */
const SLICE_MS = 5;
/** Lines compared, and hunks marked, between two looks at the clock. */
const LINES_PER_STEP = 2000;
const MARKS_PER_STEP = 200;

function notHeld(label: string): string {
  return `${label}: its buffer is not the file as the agent left it (it changed since): shown in the overview only`;
}

/** Whether the buffer's lines are `lines` (an empty file: no line, or the one empty line a buffer keeps). */
function holds(buf: Buf, lines: string[]): boolean {
  const now = vim.api.nvim_buf_get_lines(buf, 0, -1, false);
  if (lines.length === 0) return now.length === 1 && now[0] === "";
  if (now.length !== lines.length) return false;
  for (let i = 0; i < now.length; i++) if (now[i] !== lines[i]) return false;
  return true;
}

/** `text` with its tabs as the spaces they take from column `col` on (a virtual line shows a tab as ^I). */
function expanded(text: string, col: number, tabstop: number): [string, number] {
  if (string.find(text, "\t", 1, true)[0] === undefined) return [text, col + vim.fn.strdisplaywidth(text)];
  let out = "";
  for (const [piece, tab] of string.gmatch(text, "([^\t]*)(\t?)")) {
    out += piece;
    col += vim.fn.strdisplaywidth(piece);
    if (tab !== "") {
      const n = tabstop - (col % tabstop);
      out += string.rep(" ", n);
      col += n;
    }
  }
  return [out, col];
}

export class InlineView {
  /** Draw marks of each hunk drawn so far (by hunk index). */
  private drawn = new LuaMap<number, number[]>();
  /** Pure deletions at the end of the file: their removed lines go below the last line. */
  private below = new LuaSet<number>();
  private keys: KeyEntry[] = [];
  /** The user's own buffer-local mappings of the view's keys, put back when it ends. */
  private saved: { lhs: string; mode: string; map?: Dict }[] = [];
  private augroup = -1;
  private closed = false;
  /** The proposal whose hunks are tracked (the document's, when it was shown). */
  private readonly proposal: string[];
  /** Checked and marked (a long file takes a few loop turns): the keys are mapped, the hunks drawn. */
  private ready = false;
  /** What waits for it to be shown (whenShown). */
  private waiting: ((this: void) => void)[] = [];

  /**
   * Shows `source`'s hunks in `buf` and maps the view's keys there. Throws (leaving nothing behind) when the buffer
   * does not hold the file as the agent left it: its hunks would not be where they are drawn. A long file is checked
   * and marked in slices of SLICE_MS (its keys come once it is shown); a change of the buffer meanwhile, or a line
   * that is not the agent's, ends it (`loud`: says so).
   */
  constructor(
    readonly buf: Buf,
    private readonly source: InlineSource,
    private readonly config: Config["diff"],
    /** The file as the user reads it (messages). */
    readonly label: string,
    private readonly loud = false,
  ) {
    const f = source.file();
    this.proposal = f.proposal;
    if (
      vim.api.nvim_buf_line_count(buf) !== math.max(1, f.proposal.length) ||
      (f.proposal.length <= AT_ONCE_LINES && !holds(buf, f.proposal))
    )
      error(notHeld(label), 0);
    views.get(buf)?.close();
    views.set(buf, this);
    if (!defined) defineInlineHighlights();
    this.augroup = vim.api.nvim_create_augroup(`claude-ide.inline.${buf}`, { clear: true });
    vim.api.nvim_create_autocmd(["BufUnload", "BufWipeout"], {
      group: this.augroup,
      buffer: buf,
      desc: "claude-ide: the inline review of this buffer ends with it",
      callback: () => {
        this.close();
      },
    });
    vim.api.nvim_create_autocmd("ColorScheme", {
      group: this.augroup,
      desc: "claude-ide: the inline review's highlight groups again",
      callback: () => defineInlineHighlights(),
    });
    provide();
    if (f.proposal.length <= AT_ONCE_LINES) {
      this.track(f, 0, f.hunks.length);
      this.show();
    } else this.prepare(f);
  }

  /** A long file checked against the document and its hunks marked, a slice per loop turn, then shown. */
  private prepare(f: DocFile): void {
    const buf = this.buf;
    const tick = vim.api.nvim_buf_get_changedtick(buf);
    let line = 0;
    let hunk = 0;
    const step = () => {
      if (this.closed) return;
      if (vim.api.nvim_buf_get_changedtick(buf) !== tick) {
        this.fail(`${this.label}: its buffer changed while its hunks were being shown: shown in the overview only`);
        return;
      }
      const start = vim.uv.hrtime();
      while ((vim.uv.hrtime() - start) / 1e6 < SLICE_MS) {
        if (line < f.proposal.length) {
          const to = math.min(line + LINES_PER_STEP, f.proposal.length);
          const now = vim.api.nvim_buf_get_lines(buf, line, to, false);
          for (let i = 0; i < now.length; i++)
            if (now[i] !== f.proposal[line + i]) {
              this.fail(notHeld(this.label));
              return;
            }
          line = to;
        } else if (hunk < f.hunks.length) {
          const to = math.min(hunk + MARKS_PER_STEP, f.hunks.length);
          this.track(f, hunk, to);
          hunk = to;
        } else {
          this.show();
          return;
        }
      }
      vim.defer_fn(step, 0);
    };
    step();
  }

  /** The file cannot be shown: the view ends (said when asked for by name). */
  private fail(why: string): void {
    this.close();
    if (this.loud) say(why, "warn");
  }

  /** Every hunk marked: the keys mapped, and what waited for it run. */
  private show(): void {
    this.mapKeys();
    vim.api.nvim_buf_set_var(this.buf, INLINE_VAR, true);
    this.ready = true;
    // Windows already drawn show it at their next screen update (the decoration provider runs for every line again).
    // Marked only (flush: false): on 0.12 the call otherwise redraws the whole screen at once, 0.5 ms a file while a
    // 50-file turn is shown (4 ms when the buffer is in a window).
    vim.api.nvim__redraw({ buf: this.buf, valid: false, flush: false });
    const waiting = this.waiting;
    this.waiting = [];
    for (const fn of waiting) fn();
  }

  /** Runs `fn` once the view is shown (at once when it is). */
  whenShown(fn: (this: void) => void): void {
    if (this.ready) fn();
    else if (!this.closed) this.waiting.push(fn);
  }

  /** One mark per hunk (`from` to `to`, 0-based, end excluded) where its lines are (a pure deletion: the line under it). */
  private track(f: DocFile, from: number, to: number): void {
    const count = vim.api.nvim_buf_line_count(this.buf);
    for (let i = from; i < to; i++) {
      const h = f.hunks[i];
      const row = lineBefore(h, "b");
      if (h.bCount > 0)
        vim.api.nvim_buf_set_extmark(this.buf, TRACK, row, 0, { id: i + 1, end_row: row + h.bCount, end_col: 0 });
      else if (row < count) vim.api.nvim_buf_set_extmark(this.buf, TRACK, row, 0, { id: i + 1 });
      else {
        this.below.add(i);
        vim.api.nvim_buf_set_extmark(this.buf, TRACK, math.max(0, count - 1), 0, { id: i + 1 });
      }
    }
  }

  /**
   * The document changed (a decision here or in the overview): the hunks are drawn again as the screen reaches them.
   * False when the file has a new proposal (its hunks are others): this view cannot show it (close it).
   */
  refresh(): boolean {
    if (this.closed) return true;
    if (this.source.file().proposal !== this.proposal) return false;
    this.drawn = new LuaMap();
    vim.api.nvim_buf_clear_namespace(this.buf, DRAW, 0, -1);
    if (this.ready) vim.api.nvim__redraw({ buf: this.buf, valid: false, flush: false });
    return true;
  }

  /** Draws the hunks on rows [top, bot] not drawn yet (the decoration provider, as a window shows those rows). */
  draw(top: number, bot: number): void {
    if (this.closed || !this.ready) return;
    const marks = vim.api.nvim_buf_get_extmarks(this.buf, TRACK, [math.max(0, top - 1), 0], [bot + 1, -1], {
      details: true,
      overlap: true,
    });
    if (marks.length === 0) return;
    const f = this.source.file();
    for (const [id, row, , details] of marks) {
      const i = id - 1;
      if (this.drawn.has(i) || f.hunks[i] === undefined) continue;
      const endRow = (details?.end_row as number | undefined) ?? row;
      this.drawHunk(f, i, row, endRow);
    }
  }

  private drawHunk(f: DocFile, i: number, row: number, endRow: number): void {
    const buf = this.buf;
    const h = f.hunks[i];
    const ids: number[] = [];
    const set = (r: number, col: number, opts: Dict) => {
      const [ok, id] = pcall(vim.api.nvim_buf_set_extmark, buf, DRAW, r, col, { ...opts, strict: false });
      if (ok) ids.push(id);
    };
    const state = hunkState(h);
    const decision = state === "partly" ? undefined : state;
    const rows = endRow - row;
    const changed = h.aCount > 0;
    const groupOf = (d: Decision | undefined) =>
      d === "kept" ? KEPT : d === "dropped" ? TO_REVERT : changed ? SIGN_CHANGE : SIGN_ADD;
    const signGroup = groupOf(decision);
    const signText = decision === "dropped" ? "<" : changed ? "~" : "+";
    if (rows > 0) {
      // The agent's lines: to revert, they go (the removed colour); undecided, they are the added ones; kept, plain.
      // Decided in part: each line as its row is.
      if (state === "partly")
        for (let r = row; r < endRow; r++) {
          const d = rowDecision(h, r - row + 1);
          if (d !== "kept")
            set(r, 0, { end_row: r + 1, end_col: 0, hl_group: d === "dropped" ? DIFF_DELETE : DIFF_ADD, hl_eol: true });
          set(r, 0, { sign_text: d === "dropped" ? "<" : signText, sign_hl_group: groupOf(d) });
        }
      else {
        if (decision !== "kept")
          set(row, 0, {
            end_row: endRow,
            end_col: 0,
            hl_group: decision === "dropped" ? DIFF_DELETE : DIFF_ADD,
            hl_eol: true,
          });
        const sign = { sign_text: signText, sign_hl_group: signGroup };
        if (rows <= SIGN_ROWS) for (let r = row; r < endRow; r++) set(r, 0, sign);
        else set(row, 0, { ...sign, end_row: endRow - 1 });
      }
    }
    let said = decision === "kept" ? "kept" : decision === "dropped" ? "to revert" : undefined;
    if (state === "partly") {
      const dropped = rowsDecided(h, "dropped");
      const kept = rowsDecided(h, "kept");
      const parts: string[] = [];
      if (dropped > 0) parts.push(`${dropped} to revert`);
      if (kept > 0) parts.push(`${kept} kept`);
      said = `${parts.join(", ")} of ${rowCount(h)} lines`;
    }
    if (said !== undefined)
      set(row, 0, { virt_text: [[`  ${said}`, state === "partly" ? TO_REVERT : signGroup]], virt_text_pos: "eol" });
    if (decision === "kept" || h.aCount === 0) {
      this.drawn.set(i, ids);
      return;
    }
    // The turn's base: the removed lines, where they were (to revert: they come back, the added colour).
    const paired = decision === undefined && h.aCount === h.bCount && rows === h.bCount && h.aCount <= PAIRED_ROWS;
    const old = blockLines(f.base, h, "a");
    const now = paired ? vim.api.nvim_buf_get_lines(buf, row, endRow, false) : [];
    const tabstop = vim.api.nvim_get_option_value("tabstop", { buf }) as number;
    const width = vim.o.columns as number;
    const virt: [string, string][][] = [];
    for (let k = 0; k < old.length; k++) {
      const line = old[k];
      // A removed line to revert comes back: the added colour.
      const group = rowDecision(h, k + 1) === "dropped" ? DIFF_ADD : DIFF_DELETE;
      const pieces: [string, string][] = [];
      if (paired) {
        const [start, oldEnd, newEnd] = changedMiddle(line, now[k]);
        if (newEnd > start) set(row + k, start, { end_col: newEnd, hl_group: DIFF_TEXT, priority: TEXT_PRIORITY });
        pieces.push(
          [string.sub(line, 1, start), group],
          [string.sub(line, start + 1, oldEnd), DIFF_TEXT],
          [string.sub(line, oldEnd + 1), group],
        );
      } else pieces.push([line, group]);
      const chunks: [string, string][] = [];
      let col = 0;
      for (const [text, hl] of pieces) {
        const [shown, after] = expanded(text, col, tabstop);
        col = after;
        if (shown !== "") chunks.push([shown, hl]);
      }
      if (width > col) chunks.push([string.rep(" ", width - col), group]);
      virt.push(chunks);
    }
    set(row, 0, { virt_lines: virt, virt_lines_above: !this.below.has(i) });
    this.drawn.set(i, ids);
  }

  /** The first row of the hunk whose mark is `found` (get_extmarks' first answer), if any. */
  private static rowOf(found: [number, number, number, Dict?][]): number | undefined {
    return found[0]?.[1];
  }
  /** The hunk under `row` (0-based): a row of its lines, or the row its removed lines are drawn above. */
  hunkAt(row: number): number | undefined {
    const marks = vim.api.nvim_buf_get_extmarks(this.buf, TRACK, [row, 0], [row, -1], { details: true, overlap: true });
    let near: number | undefined;
    for (const [id, start, , details] of marks) {
      const end = (details?.end_row as number | undefined) ?? start;
      if (end > start && row >= start && row < end) return id - 1;
      if (end === start && start === row) near ??= id - 1;
    }
    return near;
  }

  /**
   * ]c / [c: the next / previous hunk from the cursor, wrapping around: the nearest mark after or before the
   * cursor's row (one look in the buffer's marks, whatever the number of hunks).
   */
  private jump(direction: "next" | "prev"): void {
    const buf = this.buf;
    const row = vim.api.nvim_win_get_cursor(0)[0] - 1;
    const one = { limit: 1 };
    let target: number | undefined;
    if (direction === "next") {
      target = InlineView.rowOf(vim.api.nvim_buf_get_extmarks(buf, TRACK, [row + 1, 0], -1, one));
      target ??= InlineView.rowOf(vim.api.nvim_buf_get_extmarks(buf, TRACK, 0, -1, one));
    } else {
      // From the end of the row above, backwards.
      if (row > 0) target = InlineView.rowOf(vim.api.nvim_buf_get_extmarks(buf, TRACK, [row - 1, -1], 0, one));
      target ??= InlineView.rowOf(vim.api.nvim_buf_get_extmarks(buf, TRACK, -1, 0, one));
    }
    if (target === undefined) {
      say(`${this.label}: no hunk to review here`);
      return;
    }
    this.showRow(target);
  }

  /** The cursor on row `row` (0-based), the removed lines above it in view. */
  private showRow(row: number): void {
    const line = math.min(row + 1, vim.api.nvim_buf_line_count(this.buf));
    vim.api.nvim_win_set_cursor(0, [line, 0]);
  }

  /** The cursor on hunk `index` (the first when it has none). */
  showHunk(index: number): void {
    const [row] = vim.api.nvim_buf_get_extmark_by_id(this.buf, TRACK, index + 1, {});
    const first = row ?? InlineView.rowOf(vim.api.nvim_buf_get_extmarks(this.buf, TRACK, 0, -1, { limit: 1 }));
    if (first !== undefined) this.showRow(first);
  }

  /** What a decision made here now is known by (InlineTag). */
  private tag(): InlineTag {
    return { buf: this.buf, change: changeNumber(this.buf) };
  }

  /**
   * The review's last decision (`which`: the one u would give back, or <C-r> make again) when it is this buffer's
   * and the buffer is as it left it (for a redo: no new edit since u gave it back).
   */
  private mine(which: "undo" | "redo"): InlineTag | undefined {
    const tag = this.source.lastTag(which) as InlineTag | undefined;
    if (tag === undefined || tag.buf !== this.buf || tag.change !== changeNumber(this.buf)) return undefined;
    if (which === "redo" && tag.undoneAt !== undefined && tag.undoneAt !== lastChange(this.buf)) return undefined;
    return tag;
  }

  /**
   * u (with a count, that many times): the review's last decision given back when it was made here and the buffer
   * is as it left it (no edit of the user's since); otherwise Vim's own undo, as in any buffer. Decisions and edits
   * made here are undone in the order they were made.
   */
  private undo(): void {
    this.back("undo", "u");
  }

  /** <C-r>: what u gave back made again, in the same order; otherwise Vim's own redo. */
  private redo(): void {
    this.back("redo", string.char(0x12));
  }

  private back(which: "undo" | "redo", key: string): void {
    let count = math.max(1, vim.v.count as number);
    for (let tag = this.mine(which); count > 0 && tag !== undefined; tag = this.mine(which)) {
      if (which === "undo") {
        this.source.undo();
        tag.undoneAt = lastChange(this.buf);
      } else this.source.redo();
      count--;
    }
    if (count === 0) return;
    const [ok, err] = pcall(vim.cmd, `normal! ${count}${key}`);
    if (!ok) say(tostring(err), "warn");
  }

  /**
   * gh / gH: the hunk under the cursor kept / to revert (pressed again: undecided), then the next one. With `range`
   * (Visual mode, a count), the rows those lines select of each hunk they hold (model.ts rowsOfBlock), the cursor
   * staying.
   */
  private decide(decision: Decision, range?: LineRange): void {
    // `.` typed after the review ended (its g@ can still be the buffer's last change): nothing to repeat.
    if (this.closed) return;
    if (range !== undefined) {
      this.decideLines(decision, range[0], range[1]);
      return;
    }
    const hunk = this.hunkAt(vim.api.nvim_win_get_cursor(0)[0] - 1);
    if (hunk === undefined) {
      say(`not on a hunk of the turn (]c goes to the next one)`);
      return;
    }
    if (this.source.file().hunks[hunk] === undefined) return;
    this.source.decide([{ hunk }], decision, this.tag());
    this.jump("next");
  }

  /** Lines `first`..`last` (1-based) decided: the rows they select of each hunk they meet (one step for `u`). */
  private decideLines(decision: Decision, first: number, last: number): void {
    const f = this.source.file();
    const marks = vim.api.nvim_buf_get_extmarks(this.buf, TRACK, [first - 1, 0], [last - 1, -1], {
      details: true,
      overlap: true,
    });
    const picks: { hunk: number; rows: number[] }[] = [];
    for (const [id, start, , details] of marks) {
      const h = f.hunks[id - 1];
      if (h === undefined) continue;
      const end = (details?.end_row as number | undefined) ?? start;
      let r1: number;
      let r2: number;
      // A pure deletion (its removed lines above its row) is selected whole with that row.
      if (end === start) [r1, r2] = first <= start + 1 && start + 1 <= last ? [1, rowCount(h)] : [0, 0];
      else {
        if (first - 1 >= end) continue;
        [r1, r2] = rowsOfBlock(h, "b", first - start, last - start);
      }
      if (r1 === 0) continue;
      const rows: number[] = [];
      for (let r = r1; r <= r2; r++) rows.push(r);
      picks.push({ hunk: id - 1, rows });
    }
    if (picks.length === 0) say("no line of the turn's hunks in those lines");
    else this.source.decide(picks, decision, this.tag());
  }

  private mapKeys(): void {
    this.keys = inlineTable(this.config, {
      decide: (d, range) => this.decide(d, range),
      jump: (d) => this.jump(d),
      undo: () => this.undo(),
      redo: () => this.redo(),
    });
    const buf = this.buf;
    const done = new LuaSet<string>();
    for (const e of this.keys) {
      if (e.lhs === false || e.fn === undefined || vim.startswith(e.lhs, ":")) continue;
      const lhs = e.lhs;
      const fn = keyOf([buf], e.fn);
      for (const mode of e.visualOnly === true ? ["x"] : e.visual === true ? ["n", "x"] : ["n"]) {
        if (done.has(`${mode} ${lhs}`)) continue;
        done.add(`${mode} ${lhs}`);
        const mine = vim.api.nvim_buf_call(buf, () => vim.fn.maparg(lhs, mode, false, true));
        this.saved.push({ lhs, mode, map: mine.buffer === 1 ? mine : undefined });
        vim.keymap.set(mode, lhs, fn, { buffer: buf, nowait: true, desc: `claude-ide: ${e.desc}` });
      }
    }
  }

  /** The view's keys unmapped, the user's own mappings of them back. */
  private unmapKeys(): void {
    const buf = this.buf;
    if (!vim.api.nvim_buf_is_valid(buf)) return;
    for (const { lhs, mode, map } of this.saved) {
      pcall(vim.keymap.del, mode, lhs, { buffer: buf });
      if (map !== undefined) vim.api.nvim_buf_call(buf, () => vim.fn.mapset(mode, false, map));
    }
    this.saved = [];
  }

  /** The review of this buffer ends: its marks and keys go, the user's own keys come back. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (views.get(this.buf) === this) views.delete(this.buf);
    pcall(vim.api.nvim_del_augroup_by_id, this.augroup);
    if (!vim.api.nvim_buf_is_valid(this.buf)) return;
    vim.api.nvim_buf_clear_namespace(this.buf, DRAW, 0, -1);
    vim.api.nvim_buf_clear_namespace(this.buf, TRACK, 0, -1);
    this.unmapKeys();
    pcall(vim.api.nvim_buf_del_var, this.buf, INLINE_VAR);
  }

  isClosed(): boolean {
    return this.closed;
  }
}
