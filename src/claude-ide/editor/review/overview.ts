// The overview of a multi-file review (multi_review.ts): one scrolling, read-only buffer with the review's title
// and, for each file, a header (its path, what happened to it and who did it, its decision counts) followed by
// its hunks in unified form (`@@` line, 3 lines of context, `-` / `+` lines), as `git diff` shows them. A hunk is
// the whole block vim.diff reports between the file's text and its proposal.
//
// The user decides here (the keys: keys.ts overviewTable, g? lists them): gh / gH accept or reject (a turn: keep or
// revert) the hunk under the cursor (pressed again: undecided), gH on a header (or gR anywhere in a file) the whole
// file, <CR> on a header or a hunk opens that file's own review (the review drives that: OverviewEvents.openFile)
// and never applies anything; :w (or :ClaudeCodeDiffAccept) applies; q closes, asking first after decisions. The
// overview only reports; multi_review.ts decides what happens. Its buffer's 'filetype' is FILETYPE.
//
// Its texts are built in one pass and set with one nvim_buf_set_lines; the highlights (extmarks) follow in
// slices of a few milliseconds, from the top, so a review of thousands of hunks never holds the editor.
import type { Config } from "../../config";
import { type ReviewFile, WHOLE_FILE_KEY } from "../../contracts";
import { say } from "../../log";
import { plural } from "../../util/words";
import { DIFF_ADD, DIFF_DELETE, DIFF_TEXT, defineHighlights } from "./highlights";
import {
  changedMiddle,
  type DecidedHunk,
  type Decision,
  decidedLineOf,
  type DocFile,
  decidedText,
  diffHunks as blocksOf,
  decideRows,
  hunkState,
  lineBefore,
  originAndKind,
  repropose,
  rowCount,
  rowDecision,
  type RowDecision,
  rowsDecided,
  rowsOf,
  rowsOfBlock,
  setRows,
  toggled,
} from "./model";
import { askReason, reasonOn } from "./reason";
import {
  askClosing,
  type BarPart,
  escapeBar,
  fitWinbar,
  type KeyEntry,
  keyParts,
  LEFT,
  type LineRange,
  mapTable,
  NEXT_FILE_KEY,
  overviewTable,
  PREV_FILE_KEY,
  SHOWN_ELSEWHERE,
  type Words,
} from "./keys";
import {
  answeredLines,
  askRejectReason,
  focusHint,
  markReview,
  ReviewOrigin,
  removeView,
  reviewName,
  scratchBuffer,
  setOpt,
  takesFocus,
  ViewLife,
} from "./view_parts";

export { NEXT_FILE_KEY, PREV_FILE_KEY };

/** The overview buffer's 'filetype' (a FileType autocmd or ftplugin of this name sets the user's options there). */
export const FILETYPE = "claude-ide-review";

/** The overview's own groups (default links), besides the shared diff groups of highlights.ts. */
export const HEADER_GROUP = "ClaudeIdeReviewHeader";
export const HUNK_GROUP = "ClaudeIdeReviewHunk";
export const DROPPED_GROUP = "ClaudeIdeReviewDropped";
export const KEPT_GROUP = "ClaudeIdeReviewKept";

/** Lines of context around a hunk, as `git diff` shows. */
const CONTEXT = 3;
/** A review of at most this many lines (every file's, both texts) is built in one stretch: a millisecond or two. */
const SMALL_REVIEW_LINES = 4000;
/** How long one slice of building or highlighting may hold the editor. */
const SLICE_MS = 5;
/** The overview's autocmds (every open overview's); deleted by the last one to settle. */
const AUGROUP = "claude-ide.overview";

/** Under the changed part of a line (extmarks default to 4096): an added or removed line's colour. */
const LINE_PRIORITY = 4000;
const NS = vim.api.nvim_create_namespace("claude-ide.overview");

/** What a line of the overview is. */
const enum Kind {
  Title = 1,
  Header,
  At,
  Context,
  Delete,
  Add,
}

export type { Decision };

/** A block of model.ts (the file's lines become the proposal's) with its decision, and where the overview shows it. */
export interface Hunk extends DecidedHunk {
  /** 0-based rows of its `@@` line and of its last line in the overview. */
  row: number;
  end: number;
  /** The same rows within its file's part (Chunk), from the file's header (0). */
  rel: number;
  relEnd: number;
}

/** A file's part of the overview, built once per text (its header line is made afresh at each assembly). */
interface Chunk {
  lines: string[];
  kinds: Kind[];
  /** Per line: the hunk it belongs to (0-based; -1 on the header). */
  hunks: number[];
  /** Per line: a removed line's place in its hunk's removed lines, an added one's in its added lines (1-based; 0 others). */
  idx: number[];
  /**
   * Per line: the line of the proposal it shows (a removed line: the proposal's line where it was; a `@@` line:
   * its hunk's first; 0 on the header), for a note written on the overview (noteLines).
   */
  at: number[];
}

/**
 * One undo (or redo) step of the overview (u, <C-r>): hunks as they were decided before a key changed them, and
 * `tag`, what the view that made it knows it by (the inline view: its buffer's change then).
 */
interface UndoStep {
  hunks: { index: number; hunk: Hunk; rows: RowDecision[] }[];
  tag?: unknown;
}

/** A file of the review's document (model.ts DocFile: base, proposal, origin, kind, hunks) as the overview lays it out. */
interface Section extends DocFile<Hunk> {
  file: ReviewFile;
  /** Its part of the overview; undefined until its hunks are computed. */
  chunk?: Chunk;
  /** 0-based row of its header. */
  header: number;
  /** The whole file was replaced by a MultiRequest key (the turn review's revert). */
  replaced: boolean;
}

/** @noSelf */
export interface OverviewEvents {
  /** Applies everything (:w, :ClaudeCodeDiffAccept, the accept key when the user set one). */
  accept(): void;
  reject(reason?: string): void;
  /** <CR> on hunk `hunk` (0-based; -1: the file's header) of file `index` (0-based). */
  openFile(index: number, hunk: number): void;
  /** gR, or gH on a header: refuses (reverts) the whole file. */
  wholeFile(index: number): void;
  /** File `index`'s hunks or proposal changed (a decision, here or in another view): the other views show it. */
  decided?(index: number): void;
  /** gi on hunk `hunk` (-1: the header) of file `index`: that file reviewed in the user's own buffer. */
  inline?(index: number, hunk: number): void;
}

export interface OverviewSpec {
  title: string;
  /** What the review decides: a proposal (accepted / rejected) or a turn's changes (kept / reverted). */
  words: Words;
  files: ReviewFile[];
  /** Each file's proposal (ReviewFile.proposal, or what the user made of it). */
  proposals: string[][];
  config: Config["diff"];
  client?: string;
  home?: Buf;
  /** More keys (MultiRequest.keys): `fn` gets the index of the file under the cursor. */
  keys: { lhs: string; desc: string; fn: (this: void, index: number) => void }[];
  /** A turn review's Q (MultiRequest.note): a note for the model; false: no Q. */
  note?: ((this: void, text: string) => void) | false;
}

/** The hunks between `base` and `proposal` (model.ts), not yet laid out. */
function laidOutHunks(this: void, base: string[], proposal: string[]): Hunk[] {
  return blocksOf(base, proposal).map((h) => ({
    a: h.a,
    aCount: h.aCount,
    b: h.b,
    bCount: h.bCount,
    row: -1,
    end: -1,
    rel: -1,
    relEnd: -1,
  }));
}

/** Every open overview, by its buffer (specs read it). */
const open = new LuaMap<Buf, Overview>();

/** The overview shown in `buf`, if any. */
export function overviewOf(buf: Buf): Overview | undefined {
  return open.get(buf);
}

/** Defines the overview's groups (and the shared diff ones). */
export function defineOverviewHighlights(): void {
  defineHighlights();
  vim.api.nvim_set_hl(0, HEADER_GROUP, { link: "Title", default: true });
  vim.api.nvim_set_hl(0, HUNK_GROUP, { link: "Special", default: true });
  vim.api.nvim_set_hl(0, DROPPED_GROUP, { link: "Comment", default: true });
  vim.api.nvim_set_hl(0, KEPT_GROUP, { link: "DiagnosticOk", default: true });
}

/**
 * The title as its first line shows it: without the CLI's `✻` mark that tab names carry (a glyph many fonts lack;
 * the tab page keeps the whole title, the name the CLI closes it by).
 */
function unmarked(title: string): string {
  const [bare] = string.gsub(title, "^✻%s*", "");
  return bare;
}

/** The title without what the winbar says already (`✻ [Claude Code] turn 3: …` → `turn 3: …`). */
function heading(title: string): string {
  const [bare] = string.gsub(title, "^✻ %[[^%]]*%] ", "");
  return bare;
}

export class Overview {
  readonly buf: Buf;
  win = -1;
  readonly origin: ReviewOrigin;
  private readonly sections: Section[];
  /** Files whose hunks and lines are computed and in the buffer (in slices, from the top, when there are many). */
  private prepared = 0;
  /** Rows of the buffer filled so far (the title and the prepared files); a line saying the rest comes follows. */
  private rows = 1;
  /** Files whose rows have their extmarks (the slices go from the top). */
  private marked = 0;
  /** A slice (computing or highlighting) waits for a loop turn. */
  private stepScheduled = false;
  /** While it says true, the highlighting slices wait (highlightAfter). */
  private busy?: (this: void) => boolean;
  /** Whether it waits unseen, its autocmds, settled or closed. */
  private readonly life: ViewLife;
  private bar?: [string, BarPart[]];
  /** The overview's keys: mapped, in the winbar, in the g? float (keys.ts). */
  private keys: KeyEntry[] = [];
  /** The hunk decisions `u` gives back, the last last. */
  private readonly undoSteps: UndoStep[] = [];
  /** What `u` gave back, for <C-r>, the last last (a new decision empties it). */
  private redoSteps: UndoStep[] = [];
  /**
   * Whether anything is decided: the buffer is then 'modified', so that `:q` (and `:qa`, `:close`, `:tabclose`)
   * refuses with E37 as for any unsaved buffer instead of dropping the decisions; `:w` applies, `:q!` discards.
   */
  private anyDecided = false;

  /** Builds the buffer and shows it. Throws (leaving nothing behind) when Neovim refuses. */
  constructor(
    private readonly spec: OverviewSpec,
    private readonly events: OverviewEvents,
  ) {
    this.origin = new ReviewOrigin();
    this.life = new ViewLife(AUGROUP, this.origin, () => this.markBuffer());
    this.sections = spec.files.map((file, i) => {
      const [origin, kind] = originAndKind(file);
      return {
        file,
        base: file.current ?? [],
        proposal: spec.proposals[i],
        origin,
        kind,
        hunks: [],
        header: -1,
        replaced: false,
      };
    });
    defineOverviewHighlights();
    this.buf = scratchBuffer(reviewName(spec.title), [unmarked(spec.title)]);
    setOpt("buftype", "acwrite", { buf: this.buf });
    setOpt("swapfile", false, { buf: this.buf });
    setOpt("undolevels", -1, { buf: this.buf });
    setOpt("modifiable", false, { buf: this.buf });
    // Its FileType autocmds (the user's options for it) run now, before the window shows it.
    setOpt("filetype", FILETYPE, { buf: this.buf });
    open.set(this.buf, this);
    // The first file now; the rest in slices once the overview is shown (this stretch opens the window, and the
    // screen is drawn again at its end: more files here held the editor longer). A small review is built whole at
    // once, whatever the machine's load.
    let size = 0;
    for (const f of spec.files) size += (f.current?.length ?? 0) + f.proposal.length;
    this.prepareSlice(size <= SMALL_REVIEW_LINES ? math.huge : 0);
    const [ok, err] = pcall(() => this.show(takesFocus(spec.config.focus, spec.home)));
    if (!ok) {
      this.close(false);
      error(err, 0);
    }
    this.scheduleStep();
  }

  /**
   * Computes files' hunks and lines for SLICE_MS and appends them to the buffer (one nvim_buf_set_lines), then
   * highlights them; the rest on a later loop turn (`more`) or by complete().
   */
  private prepareSlice(budget = SLICE_MS): void {
    if (this.life.closed || this.prepared === this.sections.length) return;
    const start = vim.uv.hrtime();
    const lines: string[] = [];
    const from = this.prepared;
    // The longest file of this slice so far: the next one is started only when one as long still fits (setting the
    // lines takes about as long again per line).
    let longest = 0;
    while (this.prepared < this.sections.length) {
      const before = vim.uv.hrtime();
      const s = this.sections[this.prepared];
      s.hunks = laidOutHunks(s.base, s.proposal);
      s.chunk = this.chunkOf(s);
      s.header = this.rows + lines.length;
      this.place(s);
      lines.push(this.headerText(s));
      for (let i = 1; i < s.chunk.lines.length; i++) lines.push(s.chunk.lines[i]);
      this.prepared++;
      const now = vim.uv.hrtime();
      longest = math.max(longest, (now - before) / 1e6);
      if ((now - start) / 1e6 + 2 * longest >= budget) break;
    }
    const done = this.prepared === this.sections.length;
    // Before the line saying the rest comes (it goes with the last slice).
    const filled = lines.length;
    if (!done) lines.push(`computing the hunks of ${plural(this.sections.length - this.prepared, "more file")}…`);
    this.replaceRows(this.rows, from === 0 ? this.rows : this.rows + 1, lines);
    this.rows += filled;
    if (done) this.setWinbar();
    // A review built in one slice (a small one) is highlighted at once; a big one in what is left of this slice,
    // the rest on later loop turns.
    const whole = done && from === 0;
    this.markSlice(whole ? math.huge : budget - (vim.uv.hrtime() - start) / 1e6);
  }

  /** Every file in the buffer now (a key pressed before the slices are done). */
  private complete(): void {
    while (!this.life.closed && this.prepared < this.sections.length) this.prepareSlice();
  }

  /** The rows of file `s`'s hunks from its header's row and its chunk. */
  private place(s: Section): void {
    for (const h of s.hunks) {
      h.row = s.header + h.rel;
      h.end = s.header + h.relEnd;
    }
  }

  /** Replaces rows [from, to) of the buffer by `lines`. */
  private replaceRows(from: number, to: number, lines: string[]): void {
    const buf = this.buf;
    setOpt("modifiable", true, { buf });
    vim.api.nvim_buf_set_lines(buf, from, to, false, lines);
    setOpt("modifiable", false, { buf });
    setOpt("modified", this.anyDecided, { buf });
  }

  /** Each file's final lines: its proposal with the dropped hunks put back. */
  finals(): string[][] {
    this.complete();
    return this.sections.map((s) => decidedText(s));
  }

  /** File `index`'s proposal as decided so far (what its own review starts from). */
  decided(index: number): string[] {
    this.complete();
    const s = this.sections[index];
    return decidedText(s);
  }

  /** The line of file `index`'s decided proposal where its hunk `hunk` starts. */
  lineOf(index: number, hunk: number): number {
    const hunks = this.sections[index].hunks;
    return hunks[hunk] === undefined ? 1 : decidedLineOf(hunks, hunk);
  }

  /** Every file's hunks are computed and in the buffer (the building slices are done). */
  isPrepared(): boolean {
    return this.prepared >= this.sections.length;
  }

  /**
   * The highlighting slices wait while `busy` says true (a turn's files being shown in their buffers: what the user
   * looks at first); the hunks are computed meanwhile all the same.
   */
  highlightAfter(busy: (this: void) => boolean): void {
    this.busy = busy;
  }

  /** Every line has its highlights (the slices are done). */
  highlighted(): boolean {
    return this.marked >= this.sections.length;
  }

  /** The hunks of file `index` (their decisions included). */
  hunks(index: number): Hunk[] {
    this.complete();
    return this.sections[index].hunks;
  }

  /**
   * Replaces file `index`'s proposal (what the user made of it in its own review, or a MultiRequest key's text)
   * and shows the overview again with the cursor on that file. A kept hunk still there stays kept; the others
   * start undecided (a dropped one is no difference any more when the text came from the file's review).
   */
  setProposal(index: number, lines: string[], replaced = false): void {
    if (this.life.closed) return;
    this.complete();
    const s = this.sections[index];
    repropose(s, lines, laidOutHunks);
    s.replaced = replaced;
    this.anyDecided = this.decidedAny();
    const before = (s.chunk as Chunk).lines.length;
    s.chunk = this.chunkOf(s);
    const after = s.chunk.lines.length;
    vim.api.nvim_buf_clear_namespace(this.buf, NS, s.header, s.header + before);
    // (A spread would unpack every line: Lua refuses more than a few thousand values.)
    const rows = vim.list_slice(s.chunk.lines, 1);
    rows[0] = this.headerText(s);
    this.replaceRows(s.header, s.header + before, rows);
    this.place(s);
    // The files below move (their extmarks move with their lines).
    for (let i = index + 1; i < this.sections.length; i++) {
      const below = this.sections[i];
      below.header += after - before;
      this.place(below);
    }
    this.rows += after - before;
    if (index < this.marked) {
      this.mark(s.header, Kind.Header, undefined);
      for (const h of s.hunks) this.markHunk(h);
    }
    this.setWinbar();
    this.showFile(index);
    this.events.decided?.(index);
  }

  /** Puts the cursor on file `index`'s header. */
  showFile(index: number): void {
    const row = this.sections[index]?.header;
    if (row !== undefined && vim.api.nvim_win_is_valid(this.win)) vim.api.nvim_win_set_cursor(this.win, [row + 1, 0]);
  }

  /**
   * Puts the cursor on the hunk of file `index` at `line` of its decided proposal (the last hunk that starts at or
   * above it, else the first): where its own review left. No hunk: the file's header.
   */
  showHunkAt(index: number, line: number): void {
    const s = this.sections[index];
    if (s === undefined || !vim.api.nvim_win_is_valid(this.win)) return;
    if (s.hunks.length === 0) {
      this.showFile(index);
      return;
    }
    let found = 0;
    for (let i = 0; i < s.hunks.length; i++) if (decidedLineOf(s.hunks, i) <= line) found = i;
    vim.api.nvim_win_set_cursor(this.win, [s.hunks[found].row + 1, 0]);
  }

  /** Brings the user to the overview (:ClaudeCodeFocus on a waiting one); false when its window is gone. */
  focus(): boolean {
    return this.life.focus(this.win, [this.win]);
  }

  /** Takes the user back to the overview from a window of the same review (a file's review that closed). */
  enter(): void {
    if (!vim.api.nvim_win_is_valid(this.win)) return;
    vim.api.nvim_set_current_win(this.win);
    if (vim.startswith(vim.api.nvim_get_mode().mode, "i")) vim.cmd("stopinsert");
    this.life.seen();
  }

  isWaiting(): boolean {
    return this.life.waiting.is();
  }

  hasFocus(): boolean {
    return vim.api.nvim_get_current_win() === this.win;
  }

  /** The review is decided: no more reports, the buffer stops looking like an open review. Idempotent. */
  settle(): void {
    this.life.settle([this.buf]);
  }

  /** Removes the window and the buffer; back where the user was when they were in it (unless `goBack` is false). */
  close(goBack = true): void {
    this.life.close(
      () => this.settle(),
      () => {
        open.delete(this.buf);
        removeView([this.win], [this.buf], this.origin, this.hasFocus() && goBack);
      },
    );
  }

  /** The hunk under the cursor: [file, hunk] (hunk -1 on a header), or undefined on the title line. */
  here(): [number, number] | undefined {
    this.complete();
    const found = this.at(vim.api.nvim_win_get_cursor(0)[0] - 1);
    return found === undefined ? undefined : [found.file, found.hunk];
  }

  /**
   * The lines of a file's proposal that rows `first`..`last` (1-based) show, for a note written here: the file, its
   * path and the proposal's lines (a removed line counts as the line where it was); a string says why there are
   * none (the title or a header, rows of two files).
   */
  noteLines(
    first: number,
    last: number,
  ): { path: string; first: number; last: number; lines: string[]; turn: boolean } | string {
    this.complete();
    const from = this.at(first - 1);
    const to = this.at(last - 1);
    if (from === undefined || to === undefined || from.file !== to.file)
      return "a note goes on the lines of one file: put the cursor on one of its hunks";
    const s = this.sections[from.file];
    const chunk = s.chunk as Chunk;
    let lo = math.huge;
    let hi = 0;
    for (let row = first - 1; row <= last - 1; row++) {
      const line = chunk.at[row - s.header];
      if (line > 0) {
        lo = math.min(lo, line);
        hi = math.max(hi, line);
      }
    }
    if (hi === 0) return "a note goes on a hunk's lines: the file's header has none";
    const lines: string[] = [];
    for (let l = lo; l <= hi; l++) lines.push(s.proposal[l - 1] ?? "");
    return { path: s.file.path, first: lo, last: hi, lines, turn: this.spec.words === "turn" };
  }

  /** Sets hunk `hunk` of file `index` to `decision` (undefined: undecided again) and shows it. */
  decide(index: number, hunk: number, decision: Decision | undefined): void {
    const h = this.sections[index].hunks[hunk];
    h.rows = undefined;
    h.decision = decision;
    this.shown(index, h);
  }

  /** Hunk `h` of file `index` shown as decided now: its lines, its file's header, the winbar. */
  private shown(index: number, h: Hunk): void {
    const s = this.sections[index];
    this.anyDecided = this.decidedAny();
    this.setLine(s.header, this.headerText(s));
    if (index < this.marked) this.markHunk(h);
    this.setWinbar();
    this.events.decided?.(index);
  }

  /**
   * gh / gH pressed in another view of the review (the inline view) on hunks of file `index`: each hunk toggled as
   * here, or only its rows `rows` (1-based: a Visual selection, a count); one step for `u` here, known as `tag`.
   */
  decideFrom(index: number, picks: { hunk: number; rows?: number[] }[], pressed: Decision, tag?: unknown): void {
    this.remember(
      picks.map((p) => [index, p.hunk]),
      tag,
    );
    for (const { hunk, rows } of picks) {
      const h = this.sections[index].hunks[hunk];
      if (rows === undefined) this.decide(index, hunk, toggled(h.decision, pressed));
      else {
        decideRows(h, rows, pressed);
        this.shown(index, h);
      }
    }
  }

  /** The tag of the step `u` (or <C-r>) would give back now (decideFrom's; undefined: none, or one made here). */
  lastTag(which: "undo" | "redo"): unknown {
    const steps = which === "undo" ? this.undoSteps : this.redoSteps;
    return steps[steps.length - 1]?.tag;
  }

  /** File `index` as the review's document holds it (its hunks with their decisions): the inline view's source. */
  docFile(index: number): DocFile {
    this.complete();
    return this.sections[index];
  }

  /** Remembers how hunks `which` ([file, hunk]) are decided now, for `u` to give back; what `u` gave back goes. */
  private remember(which: [number, number][], tag?: unknown): void {
    const step: UndoStep = { hunks: [], tag };
    for (const [index, hunk] of which) {
      const h = this.sections[index].hunks[hunk];
      step.hunks.push({ index, hunk: h, rows: rowsOf(h) });
    }
    if (step.hunks.length === 0) return;
    this.undoSteps.push(step);
    this.redoSteps = [];
  }

  /** u: the last hunk decision given back (hunks found again since, by a file's review, are left as they are). */
  undo(): void {
    this.swap(this.undoSteps, this.redoSteps, "undo");
  }

  /** <C-r>: the last decision `u` gave back made again. */
  redo(): void {
    this.swap(this.redoSteps, this.undoSteps, "redo");
  }

  /** The last step of `from` given back, and how its hunks were decided until then pushed onto `to`. */
  private swap(from: UndoStep[], to: UndoStep[], what: "undo" | "redo"): void {
    const step = from.pop();
    if (step === undefined) {
      say(`no hunk decision to ${what}`);
      return;
    }
    const back: UndoStep = { hunks: [], tag: step.tag };
    let first: Hunk | undefined;
    for (const { index, hunk, rows } of step.hunks) {
      if (!this.sections[index].hunks.includes(hunk)) continue;
      back.hunks.push({ index, hunk, rows: rowsOf(hunk) });
      setRows(hunk, rows);
      this.shown(index, hunk);
      first ??= hunk;
    }
    if (back.hunks.length > 0) to.push(back);
    if (first === undefined)
      say(
        `that decision's file was reviewed again since (its hunks are new): nothing ${what === "undo" ? "undone" : "redone"}`,
      );
    else if (vim.api.nvim_win_is_valid(this.win)) vim.api.nvim_win_set_cursor(this.win, [first.row + 1, 0]);
  }

  /**
   * gh / gH on lines `from`..`to` (Visual mode, a count): only the rows of hunks those lines select (model.ts
   * rowsOfBlock: a removed line selects its row, an added line its row), every hunk they touch; pressed again on
   * the same rows: undecided.
   */
  private decideLines(decision: Decision, [from, to]: LineRange): void {
    this.complete();
    const picked = new LuaMap<Hunk, { index: number; hunk: number; a: [number, number]; b: [number, number] }>();
    const order: Hunk[] = [];
    for (let row = from - 1; row <= to - 1; row++) {
      const at = this.at(row);
      if (at === undefined || at.hunk < 0 || (at.kind !== Kind.Delete && at.kind !== Kind.Add)) continue;
      const h = this.sections[at.file].hunks[at.hunk];
      let p = picked.get(h);
      if (p === undefined) {
        p = { index: at.file, hunk: at.hunk, a: [math.huge, 0], b: [math.huge, 0] };
        picked.set(h, p);
        order.push(h);
      }
      const side = at.kind === Kind.Delete ? p.a : p.b;
      side[0] = math.min(side[0], at.idx);
      side[1] = math.max(side[1], at.idx);
    }
    if (order.length === 0) {
      say("no changed line (- or +) in those lines");
      return;
    }
    const which: [number, number][] = [];
    for (const h of order) {
      const p = picked.get(h)!;
      const s = this.sections[p.index];
      if (decision === "dropped" && s.file.deletes === true) {
        say(`${s.file.label}: a deletion is all or nothing (${WHOLE_FILE_KEY} on it decides the whole file)`);
        continue;
      }
      which.push([p.index, p.hunk]);
    }
    this.remember(which);
    for (const [index, hunk] of which) {
      const h = this.sections[index].hunks[hunk];
      const p = picked.get(h)!;
      const rows: number[] = [];
      const add = (side: "a" | "b", [first, last]: [number, number]) => {
        if (last === 0) return;
        const [r1, r2] = rowsOfBlock(h, side, first, last);
        for (let r = r1; r >= 1 && r <= r2; r++) if (!rows.includes(r)) rows.push(r);
      };
      add("a", p.a);
      add("b", p.b);
      decideRows(h, rows, decision);
      this.shown(index, h);
    }
  }

  // ---- building --------------------------------------------------------------------------------------------

  /** File `s`'s part of the overview: its header, then each hunk's `@@` line, context and changed lines. */
  private chunkOf(s: Section): Chunk {
    const lines: string[] = [""];
    const kinds: Kind[] = [Kind.Header];
    const hunks: number[] = [-1];
    const idx: number[] = [0];
    const at: number[] = [0];
    const base = s.base;
    const proposal = s.proposal;
    const last = math.max(1, proposal.length);
    // The last line of the file shown so far: context is never shown twice.
    let shown = 0;
    s.hunks.forEach((h, hi) => {
      const push = (text: string, kind: Kind, line: number, place = 0) => {
        lines.push(text);
        kinds.push(kind);
        hunks.push(hi);
        at.push(math.min(math.max(1, line), last));
        idx.push(place);
      };
      const aBefore = lineBefore(h, "a");
      const aLast = aBefore + h.aCount;
      const bBefore = lineBefore(h, "b");
      const next = s.hunks[hi + 1];
      const nextBefore = next === undefined ? base.length : lineBefore(next, "a");
      const leadFrom = math.max(shown + 1, aBefore - CONTEXT + 1);
      const trailTo = math.min(aLast + CONTEXT, nextBefore);
      const lead = aBefore - leadFrom + 1;
      const trail = trailTo - aLast;
      const oldCount = lead + h.aCount + trail;
      const newCount = lead + h.bCount + trail;
      const oldStart = oldCount > 0 ? leadFrom : aBefore;
      const newStart = newCount > 0 ? bBefore - lead + 1 : bBefore;
      h.rel = lines.length;
      push(`@@ -${oldStart},${oldCount} +${newStart},${newCount} @@`, Kind.At, bBefore + 1);
      for (let l = leadFrom; l <= aBefore; l++) push(` ${base[l - 1]}`, Kind.Context, bBefore - (aBefore - l));
      for (let l = aBefore + 1; l <= aLast; l++) push(`-${base[l - 1]}`, Kind.Delete, bBefore + 1, l - aBefore);
      for (let l = bBefore + 1; l <= bBefore + h.bCount; l++) push(`+${proposal[l - 1]}`, Kind.Add, l, l - bBefore);
      const bLast = bBefore + h.bCount;
      for (let l = aLast + 1; l <= trailTo; l++) push(` ${base[l - 1]}`, Kind.Context, bLast + (l - aLast));
      h.relEnd = lines.length - 1;
      shown = trailTo;
    });
    return { lines, kinds, hunks, idx, at };
  }

  /** What row `row` (0-based) shows: the file, its hunk (-1: the header) and the kind of line; none: the title. */
  private at(row: number): { file: number; hunk: number; kind: Kind; idx: number } | undefined {
    // The last file whose header is at or above the row (binary search: headers go down the buffer in order).
    let lo = 0;
    let hi = this.prepared - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = math.floor((lo + hi) / 2);
      if (this.sections[mid].header <= row) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) return undefined;
    const s = this.sections[found];
    const chunk = s.chunk as Chunk;
    const rel = row - s.header;
    if (rel >= chunk.lines.length) return undefined;
    return { file: found, hunk: chunk.hunks[rel], kind: chunk.kinds[rel], idx: chunk.idx[rel] };
  }

  /** Highlights files from `this.marked` on for `budget` ms (the rest: scheduleStep). */
  private markSlice(budget = SLICE_MS): void {
    if (this.life.settled || !vim.api.nvim_buf_is_valid(this.buf)) return;
    const start = vim.uv.hrtime();
    while (this.marked < this.prepared && (vim.uv.hrtime() - start) / 1e6 < budget) {
      const s = this.sections[this.marked];
      this.mark(s.header, Kind.Header, undefined);
      for (const h of s.hunks) this.markHunk(h);
      this.marked++;
    }
  }

  /**
   * One slice of what is left (files to compute first, then lines to highlight) per loop turn: never two slices
   * in one turn, which two timers firing together would run back to back.
   */
  private scheduleStep(): void {
    if (this.stepScheduled || this.life.settled || this.marked >= this.sections.length) return;
    this.stepScheduled = true;
    vim.defer_fn(() => {
      this.stepScheduled = false;
      if (this.life.settled) return;
      if (this.prepared < this.sections.length) this.prepareSlice();
      else if (this.busy?.() !== true) this.markSlice();
      this.scheduleStep();
    }, 0);
  }

  /** The extmarks of one row. */
  private mark(row: number, kind: Kind, decision: Decision | undefined, hunk?: Hunk): void {
    let group: string;
    if (kind === Kind.Header || kind === Kind.Title) group = HEADER_GROUP;
    else if (kind === Kind.At) group = HUNK_GROUP;
    else if (kind === Kind.Context) return;
    else if (decision === "dropped") group = DROPPED_GROUP;
    else group = kind === Kind.Add ? DIFF_ADD : DIFF_DELETE;
    // An added or removed line's colour to the window's edge under its changed part (markText): a line_hl_group
    // would be drawn over it, hiding the changed part of an added line.
    const diffLine = group === DIFF_ADD || group === DIFF_DELETE;
    const opts: Dict = diffLine
      ? { end_row: row + 1, end_col: 0, hl_group: group, hl_eol: true, strict: false, priority: LINE_PRIORITY }
      : { line_hl_group: group };
    const state = hunk === undefined ? undefined : hunkState(hunk);
    if (kind === Kind.At && state === "partly") {
      const h = hunk as Hunk;
      const dropped = rowsDecided(h, "dropped");
      const kept = rowsDecided(h, "kept");
      const words: string[] = [];
      if (dropped > 0) words.push(`${dropped} of ${plural(rowCount(h), "line")} ${this.said("dropped")}`);
      if (kept > 0)
        words.push(`${kept}${dropped > 0 ? "" : ` of ${plural(rowCount(h), "line")}`} ${this.said("kept")}`);
      opts.virt_text = [[`  ${words.join(", ")}`, dropped > 0 ? DROPPED_GROUP : KEPT_GROUP]];
    } else if (kind === Kind.At && decision !== undefined)
      opts.virt_text = [[`  ${this.said(decision)}`, decision === "dropped" ? DROPPED_GROUP : KEPT_GROUP]];
    vim.api.nvim_buf_set_extmark(this.buf, NS, row, 0, opts);
  }

  private markHunk(h: Hunk): void {
    vim.api.nvim_buf_clear_namespace(this.buf, NS, h.row, h.end + 1);
    const s = this.sections[this.at(h.row)?.file ?? 0];
    const chunk = s.chunk as Chunk;
    const kinds = chunk.kinds;
    let first = -1;
    for (let row = h.row; row <= h.end; row++) {
      const kind = kinds[row - s.header];
      if (kind === Kind.Delete && first < 0) first = row;
      // A changed line shows its own row's decision (a hunk decided in part).
      const changed = kind === Kind.Delete || kind === Kind.Add;
      this.mark(row, kind, changed ? rowDecision(h, chunk.idx[row - s.header]) : h.decision, h);
    }
    // The user's notes this hunk answered (a turn's), under its `@@` line.
    const before = lineBefore(h, "b");
    const answered = (s.file.answered ?? []).filter((n) => before < n.line && n.line <= before + math.max(1, h.bCount));
    if (answered.length > 0)
      vim.api.nvim_buf_set_extmark(this.buf, NS, h.row, 0, { virt_lines: answeredLines(answered) });
    // Lines changed one for one: what changed inside each pair (its middle, between what they share at both ends).
    if (h.decision === "dropped" || h.aCount !== h.bCount || first < 0) return;
    for (let k = 0; k < h.aCount; k++) {
      if (rowDecision(h, k + 1) === "dropped") continue;
      const [start, oldEnd, newEnd] = changedMiddle(s.base[h.a + k - 1], s.proposal[h.b + k - 1]);
      // +1: the `-` / `+` before the text.
      if (oldEnd > start) this.markText(first + k, start + 1, oldEnd + 1);
      if (newEnd > start) this.markText(first + h.aCount + k, start + 1, newEnd + 1);
    }
  }

  private markText(row: number, from: number, to: number): void {
    vim.api.nvim_buf_set_extmark(this.buf, NS, row, from, { end_col: to, hl_group: DIFF_TEXT, strict: false });
  }

  private setLine(row: number, text: string): void {
    const buf = this.buf;
    if (!vim.api.nvim_buf_is_valid(buf)) return;
    setOpt("modifiable", true, { buf });
    vim.api.nvim_buf_set_lines(buf, row, row + 1, true, [text]);
    setOpt("modifiable", false, { buf });
    setOpt("modified", this.anyDecided, { buf });
  }

  /**
   * A decision as this review words it, before anything is applied: a proposal's hunks `accepted` / `rejected`, a
   * turn's `kept` / `to revert` (reverted only once applied).
   */
  private said(decision: Decision): string {
    if (this.spec.words === "turn") return decision === "kept" ? "kept" : "to revert";
    return decision === "kept" ? "accepted" : "rejected";
  }

  /** `src/a.ts (changed by the agent's edits): 2 of 5 hunks to revert, 1 kept`. */
  private headerText(s: Section): string {
    const n = s.hunks.length;
    let kept = 0;
    let dropped = 0;
    // Hunks decided in part: with rows dropped, or with rows kept and none dropped.
    let partlyDropped = 0;
    let partlyKept = 0;
    for (const h of s.hunks) {
      const state = hunkState(h);
      if (state === "kept") kept++;
      else if (state === "dropped") dropped++;
      else if (state === "partly") {
        if (rowsDecided(h, "dropped") > 0) partlyDropped++;
        else partlyKept++;
      }
    }
    const partly = (k: number) => (k > 0 ? ` (${k} partly)` : "");
    const turn = this.spec.words === "turn";
    let counts: string;
    if (n === 0) counts = s.replaced ? `the whole file ${turn ? "to revert" : "rejected"}` : "no change of its text";
    else if (dropped + partlyDropped > 0)
      counts = `${dropped + partlyDropped} of ${plural(n, "hunk")} ${this.said("dropped")}${partly(partlyDropped)}${
        kept + partlyKept > 0 ? `, ${kept + partlyKept} ${this.said("kept")}${partly(partlyKept)}` : ""
      }`;
    else if (kept + partlyKept > 0)
      counts = `${kept + partlyKept} of ${plural(n, "hunk")} ${this.said("kept")}${partly(partlyKept)}`;
    else counts = plural(n, "hunk");
    if (s.replaced && n > 0) counts = `whole file ${turn ? "to revert" : "replaced"}, ${counts}`;
    return `${s.file.label} (${s.file.summary}): ${counts}`;
  }

  /** Whether anything was decided (a hunk, a whole file): `q` then asks before it drops that. */
  decidedAny(): boolean {
    for (const s of this.sections) {
      if (s.replaced) return true;
      for (const h of s.hunks) if (hunkState(h) !== undefined) return true;
    }
    return false;
  }

  /** Undecided hunks, every file's. */
  private undecided(): number {
    let n = 0;
    for (const s of this.sections) for (const h of s.hunks) if (hunkState(h) === undefined) n++;
    return n;
  }

  // ---- on screen -------------------------------------------------------------------------------------------

  private show(enter: boolean): void {
    const config = this.spec.config;
    const opened = this.origin.open(this.buf, enter, config.open_in_new_tab, this.spec.title);
    this.win = opened.win;
    const local = { win: this.win, scope: "local" as const };
    setOpt("wrap", false, local);
    setOpt("number", false, local);
    setOpt("relativenumber", false, local);
    setOpt("foldenable", false, local);
    setOpt("list", false, local);
    setOpt("spell", false, local);
    setOpt("cursorline", true, local);
    setOpt("signcolumn", "no", local);
    this.origin.settle(enter, opened.originTab);
    this.life.waiting.begin(!enter, this.spec.client ?? "Claude");
    this.markBuffer();
    this.setKeymaps();
    this.setWinbar();
    this.watch();
    // On the first file's header: <CR> there opens its review, ]c goes to the first hunk.
    vim.api.nvim_win_set_cursor(this.win, [math.min(2, vim.api.nvim_buf_line_count(this.buf)), 0]);
    this.life.waiting.tell(
      `${this.spec.client ?? "Claude"} ${this.spec.words === "turn" ? "changed" : "proposes changes to"} ${plural(this.sections.length, "file")} (${this.spec.title}): ${focusHint()} shows the review`,
    );
  }

  /** b:claude_ide_diff: the overview stands for the review's proposal (:ClaudeCodeDiffAccept writes it). */
  private markBuffer(): void {
    const file = plural(this.sections.length, "file");
    markReview(
      this.buf,
      {
        tab_name: this.spec.title,
        role: "proposal",
        proposal: this.buf,
        file,
        turn: this.spec.words === "turn" ? true : undefined,
        files: this.spec.files.map((f) => f.path),
      },
      this.life.waiting.is(),
    );
  }

  /**
   * The winbar, from the overview's key table (keys.ts): the client, then the keys that decide and move, the files
   * and hunks left, and the title last, the first part to go when the window is narrow (the buffer's first line
   * shows it already).
   */
  private setWinbar(): void {
    if (this.life.closed) return;
    const left = this.undecided();
    const lead = ` ${escapeBar(this.spec.client ?? "Claude")}`;
    const parts = keyParts(this.keys);
    parts.push({
      text: `  · ${plural(this.sections.length, "file")}, ${left === 0 ? "all hunks decided" : `${plural(left, "hunk")} left`}`,
      // Before the other keys (gR, g?) when room runs short.
      rank: LEFT - 0.5,
    });
    parts.push({ text: `  · ${escapeBar(heading(this.spec.title))}`, rank: SHOWN_ELSEWHERE });
    this.bar = [lead, parts];
    fitWinbar(this.win, ...this.bar);
  }

  /** Rows of `kind` (0-based), in order. */
  private rowsOf(kind: Kind.Header | Kind.At): number[] {
    this.complete();
    const rows: number[] = [];
    for (const s of this.sections) {
      if (kind === Kind.Header) rows.push(s.header);
      else for (const h of s.hunks) rows.push(h.row);
    }
    return rows;
  }

  /** The next / previous row of `kind` from the cursor, wrapping around; none: the cursor stays. */
  jump(kind: Kind.Header | Kind.At, direction: 1 | -1): void {
    const rows = this.rowsOf(kind);
    if (rows.length === 0) return;
    const row = vim.api.nvim_win_get_cursor(0)[0] - 1;
    let target: number | undefined;
    if (direction === 1) target = rows.find((r) => r > row) ?? rows[0];
    else {
      for (const r of rows) if (r < row) target = r;
      target ??= rows[rows.length - 1];
    }
    vim.api.nvim_win_set_cursor(0, [target + 1, 0]);
  }

  /** gh / gH: on a hunk, keeps / drops it (again: undecided), then the next hunk; on a header, the whole file. */
  private decideHere(decision: Decision, range?: LineRange): void {
    if (range !== undefined) {
      this.decideLines(decision, range);
      return;
    }
    const at = this.here();
    if (at === undefined) {
      say("on a hunk (or a file's header): the title line has none");
      return;
    }
    const [index, hunk] = at;
    const s = this.sections[index];
    if (hunk < 0) {
      if (decision === "dropped") this.events.wholeFile(index);
      else {
        const which: [number, number][] = [];
        for (let i = 0; i < s.hunks.length; i++) if (hunkState(s.hunks[i]) === undefined) which.push([index, i]);
        this.remember(which);
        for (const [, i] of which) this.decide(index, i, "kept");
      }
      return;
    }
    if (decision === "dropped" && s.file.deletes === true) {
      say(`${s.file.label}: a deletion is all or nothing (${WHOLE_FILE_KEY} on it decides the whole file)`);
      return;
    }
    const h = s.hunks[hunk];
    this.remember([[index, hunk]]);
    this.decide(index, hunk, toggled(h.decision, decision));
    vim.api.nvim_win_set_cursor(0, [h.row + 1, 0]);
    this.jump(Kind.At, 1);
  }

  /** Drops every hunk of file `index` (gR / gH on a header without a MultiRequest key for it). */
  dropFile(index: number): void {
    const s = this.sections[index];
    if (s.file.deletes === true) {
      say(
        `${s.file.label}: a deletion is all or nothing (${this.spec.config.keymaps.reject} rejects the whole review)`,
      );
      return;
    }
    for (let i = 0; i < s.hunks.length; i++) this.decide(index, i, "dropped");
  }

  /** <CR>: the review of the file under the cursor, at the hunk under it (on a header: its first). */
  private openHere(): void {
    const at = this.here();
    if (at === undefined) say("on a file's header or one of its hunks: the title line is no file");
    else this.events.openFile(at[0], at[1]);
  }

  /** gi: the file under the cursor in the user's own buffer, at the hunk under it (on a header: its first). */
  private inlineHere(): void {
    const at = this.here();
    if (at === undefined) say("on a file's header or one of its hunks: the title line is no file");
    else this.events.inline?.(at[0], at[1]);
  }

  /**
   * q: with nothing decided, closes (a proposal rejected, a turn kept as it is); after decisions it asks whether to
   * apply them, discard them or go back, and each answer does what it says.
   */
  private closeOrAsk(): void {
    if (!this.decidedAny()) {
      this.events.reject();
      return;
    }
    if (this.spec.words === "turn")
      askClosing(
        "You decided hunks of this turn. Apply them (revert what you marked), or discard them (keep the turn as it is)?",
        [
          { label: "Apply", run: () => this.events.accept() },
          { label: "Discard", run: () => this.events.reject() },
        ],
      );
    else
      askClosing("You decided hunks of this proposal. Accept it as decided, or reject it whole?", [
        { label: "Accept", run: () => this.events.accept() },
        { label: "Reject", run: () => this.events.reject() },
      ]);
  }

  /**
   * Q: a turn review's note for the model (the review stays open and its decisions with it), or, as in a proposal,
   * reject with a reason (OverviewSpec.note).
   */
  private reasonOrNote(): void {
    const note = this.spec.note;
    if (typeof note !== "function") {
      askRejectReason(this.life, (reason) => this.events.reject(reason));
      return;
    }
    askReason("Note for the model (sent with your next prompt): ", (text) => {
      if (text !== undefined && !this.life.settled) note(text);
    });
  }

  private setKeymaps(): void {
    const onFile = (fn: (this: void, index: number) => void) => () => {
      const at = this.here();
      if (at === undefined) say("on a file's header or hunk: the title line is no file");
      else fn(at[0]);
    };
    this.keys = overviewTable(
      this.spec.config,
      this.spec.words,
      {
        open: () => this.openHere(),
        accept: () => this.events.accept(),
        close: () => this.closeOrAsk(),
        reason: () => this.reasonOrNote(),
        decide: (decision, range) => this.decideHere(decision, range),
        undo: () => this.undo(),
        redo: () => this.redo(),
        wholeFile: onFile((i) => this.events.wholeFile(i)),
        jump: (what, direction) => this.jump(what === "hunk" ? Kind.At : Kind.Header, direction),
        inline: this.events.inline === undefined ? undefined : () => this.inlineHere(),
      },
      this.spec.keys.map((k) => ({ lhs: k.lhs, desc: k.desc, fn: onFile(k.fn) })),
      this.spec.note === undefined ? "reason" : this.spec.note === false ? false : "note",
    );
    mapTable([this.buf], this.keys);
  }

  /** Closing the window or the buffer rejects (with the reason :ClaudeCodeDiffDeny left); :w applies. */
  private watch(): void {
    const reject = () => this.events.reject(reasonOn(this.buf));
    this.life.autocmds.watchLife(
      [this.win],
      [this.buf],
      {
        closed: "claude-ide: closing the review's overview rejects it",
        unloaded: "claude-ide: deleting the review's overview rejects it",
        resized: "claude-ide: fit the overview's winbar",
      },
      {
        closed: reject,
        seen: () => this.life.seen(),
        resized: () => {
          if (this.bar !== undefined) fitWinbar(this.win, ...this.bar);
        },
      },
    );
    this.life.autocmds.add("ColorScheme", {}, "claude-ide: the review's highlight groups again", () =>
      defineOverviewHighlights(),
    );
    this.life.autocmds.acceptOnWrite(this.buf, "claude-ide: :w in the overview applies the whole review", () =>
      this.events.accept(),
    );
  }
}
