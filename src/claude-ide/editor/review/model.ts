// The review's hunk maths, written once for every view (side by side, unified, the overview) and the turn review:
// the blocks of changed lines between the original (side "a") and the proposal (side "b"), as vim.diff reports
// them with no line matching: a block of changed lines is ONE hunk, so `]c` lands on it, and taking or dropping it
// takes or drops all of it, wherever the cursor is in it. Vim's own diff mode may show a block in parts ('diffopt'
// linematch); the review's keys work on the whole block whatever 'diffopt' says. A hunk is decided (kept: the
// proposal's block; dropped: the original's), the decisions applied give the text, and the changed part of a line
// pair is found by one rule. A review document (ReviewDocument) is its files, each with its base and proposed texts,
// where the change comes from and its hunks with their decisions. Pure: lines in, lines and numbers out (no buffer,
// no window).

import type { ChangeKind, ChangeOrigin } from "../../contracts";

export type { ChangeKind, ChangeOrigin };

/** A block: lines a..a+aCount-1 of the original became b..b+bCount-1 of the proposal (1-based). */
export interface Hunk {
  /** First line of the block in the original; with aCount 0, the line after which the proposal's lines go. */
  a: number;
  aCount: number;
  /** First line of the block in the proposal; with bCount 0, the line after which the original's lines were. */
  b: number;
  bCount: number;
}

export type Side = "a" | "b";

/** A hunk's decision: kept (the proposal's block stays), dropped (the original's block comes back). */
export type Decision = "kept" | "dropped";

/** A row's decision in a hunk decided in part: false, undecided. */
export type RowDecision = Decision | false;

/**
 * A hunk with its decision (none yet: undecided). Decided in part (a Visual selection, a count: see rowsOfBlock),
 * `rows` holds each row's decision, 1 to rowCount(h) (at least two differ: a hunk whose rows all agree has no
 * `rows`, only `decision`).
 */
export interface DecidedHunk extends Hunk {
  decision?: Decision;
  rows?: RowDecision[];
}

/** vim.diff's text of a list of lines (a final newline after each). */
function asText(lines: string[]): string {
  return lines.length === 0 ? "" : table.concat(lines, "\n") + "\n";
}

/** The diff algorithm 'diffopt' names (myers when it names none), so the review's blocks are the ones Vim draws. */
function algorithm(): string {
  const [found] = string.match(vim.o.diffopt as string, "algorithm:(%a+)");
  return found ?? "myers";
}

/** The blocks between `a` and `b`, in order. */
export function diffHunks(a: string[], b: string[]): Hunk[] {
  return textHunks(asText(a), asText(b));
}

/** The blocks between two texts whose every line ends with "\n" ("" for no lines), in order. */
export function textHunks(a: string, b: string): Hunk[] {
  const found = vim.diff(a, b, { result_type: "indices", algorithm: algorithm() });
  return found.map(([as, ac, bs, bc]) => ({ a: as, aCount: ac, b: bs, bCount: bc }));
}

/** A hunk's block on `side`: its first line and its count (with count 0, the line after which it would go). */
function sideOf(h: Hunk, side: Side): LuaMultiReturn<[number, number]> {
  if (side === "a") return $multi(h.a, h.aCount);
  return $multi(h.b, h.bCount);
}

/** The line before a hunk's block on `side` (0: the block starts the text). */
export function lineBefore(h: Hunk, side: Side): number {
  const [start, count] = sideOf(h, side);
  return count > 0 ? start - 1 : start;
}

/** A hunk's lines on `side`, taken from that side's `lines`. */
export function blockLines(lines: string[], h: Hunk, side: Side): string[] {
  const [, count] = sideOf(h, side);
  const before = lineBefore(h, side);
  const out: string[] = [];
  for (let l = before + 1; l <= before + count; l++) out.push(lines[l - 1]);
  return out;
}

/**
 * The rows of a buffer holding side `side` (`count` lines; 0: the empty text, the one empty line a buffer keeps)
 * that hunk `h`'s block takes, as nvim_buf_set_lines wants them: [first, last), 0-based; an empty block [n, n]
 * (its lines go after row n). Replacing those rows by the other side's block decides the hunk in a buffer.
 */
export function blockRows(h: Hunk, side: Side, count: number): LuaMultiReturn<[number, number]> {
  if (count === 0) return $multi(0, -1);
  const [, n] = sideOf(h, side);
  const first = lineBefore(h, side);
  return $multi(first, first + n);
}

/** What a hunk does, wherever it is: the lines it removes and the lines it adds. */
export function hunkKey(a: string[], b: string[], h: Hunk): string {
  return `${h.aCount}:${h.bCount}\0${table.concat(blockLines(a, h, "a"), "\n")}\0${table.concat(
    blockLines(b, h, "b"),
    "\n",
  )}`;
}

// ---- part of a hunk ---------------------------------------------------------------------------------------
//
// A hunk of r removed lines (the base's block) and d added lines (the proposal's block) has max(r, d) ROWS: row i
// pairs removed line i with added line i, the shorter side's lines ending early, as Vim's diff mode lines a block
// up (the shorter side gets filler lines at its bottom). Deciding part of a hunk decides some of its rows: a
// dropped (rejected, reverted) row puts its removed line (if any) where its added line (if any) was; every other
// row keeps its added line. So
// - reverting 2 lines of a 5-line replacement puts back exactly those 2 lines of the base, in their places;
// - a pure insertion (r = 0): each row is an added line, reverting rows removes those lines;
// - a pure deletion (d = 0): each row is a removed line, reverting rows restores those lines;
// - r > d (or d > r): rows past the shorter side have a line on one side only.
// A selection picks rows on the side it is made on (rowsOfBlock): added lines k..m (the proposal's side) or
// removed lines k..m (the base's side) are rows k..m; a selection that reaches the last line of the shorter side
// takes the longer side's unpaired rows with it (they sit past its end, where no cursor can go: selecting a whole
// side's block selects the whole hunk); on a side where the hunk has no lines, the line that side shows it at
// (hunkAt's) selects all of it. Lines of a selection outside a hunk (context, other hunks) are not its rows.

/** How many rows hunk `h` has: max(removed lines, added lines). */
export function rowCount(h: Hunk): number {
  return math.max(h.aCount, h.bCount);
}

/**
 * The rows (first, last; 1-based) that lines `first`..`last` of hunk `h`'s block on `side` select (1-based, within
 * the block; clamped to it). A selection reaching the block's last line takes the rows past it (the other side's
 * unpaired lines); a side with no lines selects every row. 0, 0 when the selection misses the block.
 */
export function rowsOfBlock(h: Hunk, side: Side, first: number, last: number): LuaMultiReturn<[number, number]> {
  const [, count] = sideOf(h, side);
  if (count === 0) return $multi(1, rowCount(h));
  const from = math.max(1, first);
  const to = math.min(count, last);
  if (from > to) return $multi(0, 0);
  return $multi(from, to === count ? rowCount(h) : to);
}

/**
 * The rows of hunk `h` that a selection of lines `from`..`to` (1-based) of side `side` (a text of `lineCount`
 * lines) selects: its lines there (rowsOfBlock), or, for a hunk with no lines on that side, every row when the
 * selection holds the line hunkAt finds it from. 0, 0: none.
 */
export function rowsOfLines(
  h: Hunk,
  side: Side,
  from: number,
  to: number,
  lineCount: number,
): LuaMultiReturn<[number, number]> {
  const [start, count] = sideOf(h, side);
  if (count === 0) {
    const anchor = math.max(1, math.min(start + 1, lineCount));
    if (from <= anchor && anchor <= to) return $multi(1, rowCount(h));
    return $multi(0, 0);
  }
  return rowsOfBlock(h, side, from - start + 1, to - start + 1);
}

/** Row `row`'s decision (1-based): the hunk's own, or its row's when it is decided in part. */
export function rowDecision(h: DecidedHunk, row: number): Decision | undefined {
  if (h.rows === undefined) return h.decision;
  const d = h.rows[row - 1];
  return d === false ? undefined : d;
}

/** What a hunk is: decided whole (kept, dropped), in part ("partly": its rows differ), or undecided. */
export function hunkState(h: DecidedHunk): Decision | "partly" | undefined {
  return h.rows !== undefined ? "partly" : h.decision;
}

/** How many of hunk `h`'s rows have decision `d` (undefined: undecided). */
export function rowsDecided(h: DecidedHunk, d: Decision | undefined): number {
  let n = 0;
  for (let r = 1; r <= rowCount(h); r++) if (rowDecision(h, r) === d) n++;
  return n;
}

/**
 * Pressing a decision's key on rows `rows` (1-based) of hunk `h`: those rows get it, or, when every one of them has
 * it already, are undecided again (as toggled does for a whole hunk). Rows that all agree afterwards make the
 * hunk's own decision again.
 */
export function decideRows(h: DecidedHunk, rows: number[], pressed: Decision): void {
  const n = rowCount(h);
  const each: RowDecision[] = [];
  for (let r = 1; r <= n; r++) each.push(rowDecision(h, r) ?? false);
  let all = true;
  for (const r of rows) if (r >= 1 && r <= n && each[r - 1] !== pressed) all = false;
  for (const r of rows) if (r >= 1 && r <= n) each[r - 1] = all ? false : pressed;
  setRows(h, each);
}

/** Sets each row's decision (`each`: rowCount(h) of them), as the hunk's own when they all agree. */
export function setRows(h: DecidedHunk, each: RowDecision[]): void {
  let same = true;
  for (const d of each) if (d !== each[0]) same = false;
  if (same || each.length === 0) {
    h.rows = undefined;
    h.decision = each[0] === false ? undefined : each[0];
  } else {
    h.rows = each;
    h.decision = undefined;
  }
}

/** Hunk `h`'s rows, each one's decision (rowCount(h) of them): a copy, for an undo to set back (setRows). */
export function rowsOf(h: DecidedHunk): RowDecision[] {
  const each: RowDecision[] = [];
  for (let r = 1; r <= rowCount(h); r++) each.push(rowDecision(h, r) ?? false);
  return each;
}

/**
 * The lines hunk `h`'s block becomes when row r takes the proposal's line where `takesB(r)` (1-based rows) and the
 * base's line elsewhere: row by row, a row with no line on the side it takes adds none. `a` and `b` are the whole
 * texts of both sides.
 */
export function mixedBlock(a: string[], b: string[], h: Hunk, takesB: (this: void, row: number) => boolean): string[] {
  const aBefore = lineBefore(h, "a");
  const bBefore = lineBefore(h, "b");
  const out: string[] = [];
  for (let r = 1; r <= rowCount(h); r++) {
    if (takesB(r)) {
      if (r <= h.bCount) out.push(b[bBefore + r - 1]);
    } else if (r <= h.aCount) out.push(a[aBefore + r - 1]);
  }
  return out;
}

/** Hunk `h`'s block as decided: every row that is not dropped keeps the proposal's line. */
export function decidedBlock(a: string[], b: string[], h: DecidedHunk): string[] {
  if (h.rows === undefined)
    return blockLines(h.decision === "dropped" ? a : b, h, h.decision === "dropped" ? "a" : "b");
  return mixedBlock(a, b, h, (r) => rowDecision(h, r) !== "dropped");
}

/** The length of hunk `h`'s block as decided (decidedBlock's). */
function decidedCount(h: DecidedHunk): number {
  if (h.rows === undefined) return h.decision === "dropped" ? h.aCount : h.bCount;
  let n = 0;
  for (let r = 1; r <= rowCount(h); r++) if ((rowDecision(h, r) === "dropped" ? h.aCount : h.bCount) >= r) n++;
  return n;
}

/**
 * How many of the hunks between `before` and `after` a text `target` made of them reverts whole, and how many in
 * part: each hunk's block in `target` (found between the unchanged lines around it) is `before`'s (whole), `after`'s
 * (not reverted) or something between (in part).
 */
export function revertCounts(before: string[], after: string[], target: string[]): LuaMultiReturn<[number, number]> {
  const changes = diffHunks(after, target);
  // After's line `l` (unchanged by `target`) is `target`'s line toTarget(l).
  const toTarget = (l: number) => {
    let shift = 0;
    for (const c of changes) if (lineBefore(c, "a") + c.aCount < l) shift += c.bCount - c.aCount;
    return l + shift;
  };
  let whole = 0;
  let part = 0;
  for (const h of diffHunks(before, after)) {
    const first = lineBefore(h, "b") + 1;
    const from = toTarget(first - 1) + 1;
    const to = first + h.bCount > after.length ? target.length : toTarget(first + h.bCount) - 1;
    const block: string[] = [];
    for (let l = from; l <= to; l++) block.push(target[l - 1]);
    const was = blockLines(before, h, "a");
    if (sameList(block, was)) whole++;
    else if (!sameList(block, blockLines(after, h, "b"))) part++;
  }
  return $multi(whole, part);
}

function sameList(x: string[], y: string[]): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Pressing a decision's key on a hunk: that decision, or undecided again when the hunk had it already. */
export function toggled(current: Decision | undefined, pressed: Decision): Decision | undefined {
  return current === pressed ? undefined : pressed;
}

/**
 * The text made of `a` and `b` (the two sides of `hunks`) where each hunk takes `b`'s block when `takesB(h, i)` (i 0-based)
 * says so, `a`'s otherwise; the lines between hunks are the same in both. When every hunk takes `b`, that is `b`
 * itself (the same list).
 */
export function applyHunks(
  a: string[],
  b: string[],
  hunks: Hunk[],
  takesB: (this: void, h: Hunk, index: number) => boolean,
): string[] {
  const takes: boolean[] = [];
  let all = true;
  for (let i = 0; i < hunks.length; i++) {
    takes[i] = takesB(hunks[i], i);
    if (!takes[i]) all = false;
  }
  if (all) return b;
  const out: string[] = [];
  let next = 1;
  for (let i = 0; i < hunks.length; i++) {
    const h = hunks[i];
    const before = lineBefore(h, "a");
    for (let l = next; l <= before; l++) out.push(a[l - 1]);
    if (takes[i]) for (let l = lineBefore(h, "b") + 1; l <= lineBefore(h, "b") + h.bCount; l++) out.push(b[l - 1]);
    else for (let l = before + 1; l <= before + h.aCount; l++) out.push(a[l - 1]);
    next = before + h.aCount + 1;
  }
  for (let l = next; l <= a.length; l++) out.push(a[l - 1]);
  return out;
}

/**
 * The proposal `b` with each dropped hunk's block put back as it is in `a` (undecided and kept hunks stay), and
 * each hunk decided in part as decidedBlock makes it.
 */
export function decidedLines(a: string[], b: string[], hunks: DecidedHunk[]): string[] {
  let partly = false;
  for (const h of hunks) if (h.rows !== undefined) partly = true;
  if (!partly) return applyHunks(a, b, hunks, notDropped);
  const out: string[] = [];
  let next = 1;
  for (const h of hunks) {
    const before = lineBefore(h, "a");
    for (let l = next; l <= before; l++) out.push(a[l - 1]);
    for (const line of decidedBlock(a, b, h)) out.push(line);
    next = before + h.aCount + 1;
  }
  for (let l = next; l <= a.length; l++) out.push(a[l - 1]);
  return out;
}

function notDropped(this: void, h: Hunk): boolean {
  return (h as DecidedHunk).decision !== "dropped";
}

/** The line of decidedLines' text where hunk `index` starts (1-based; the line after it for a pure deletion). */
export function decidedLineOf(hunks: DecidedHunk[], index: number): number {
  let shift = 0;
  for (let i = 0; i < index; i++) shift += decidedCount(hunks[i]) - hunks[i].bCount;
  return math.max(1, lineBefore(hunks[index], "b") + 1 + shift);
}

/**
 * The line of applyHunks' text where hunk `index` starts (1-based; the line after it when its block there is
 * empty), given which hunks take `b`'s block.
 */
export function appliedLine(
  hunks: Hunk[],
  index: number,
  takesB: (this: void, h: Hunk, index: number) => boolean,
): number {
  let shift = 0;
  for (let i = 0; i < index; i++) if (!takesB(hunks[i], i)) shift += hunks[i].aCount - hunks[i].bCount;
  return math.max(1, lineBefore(hunks[index], "b") + 1 + shift);
}

/** A UTF-8 continuation byte (10xxxxxx): not the first byte of a character. */
function continuation(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x80 && byte < 0xc0;
}

/**
 * The changed part of a pair of lines: [start, aEnd, bEnd], byte offsets (0-based, ends exclusive) of the middle
 * left once the prefix and the suffix both lines share are taken off. The rule, one for every view: the shared
 * prefix and suffix are counted in bytes, then each is shortened until it ends (the prefix) or starts (the suffix)
 * on a character boundary in BOTH lines, so the middle never splits a UTF-8 character: a line where `é` became
 * `è` marks the whole `è`, never its last byte. (A byte that is not valid UTF-8 counts as a character.)
 */
export function changedMiddle(a: string, b: string): LuaMultiReturn<[number, number, number]> {
  const shortest = math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < shortest && string.byte(a, prefix + 1) === string.byte(b, prefix + 1)) prefix++;
  while (prefix > 0 && (continuation(string.byte(a, prefix + 1)) || continuation(string.byte(b, prefix + 1)))) prefix--;
  let suffix = 0;
  while (suffix < shortest - prefix && string.byte(a, a.length - suffix) === string.byte(b, b.length - suffix))
    suffix++;
  while (
    suffix > 0 &&
    (continuation(string.byte(a, a.length - suffix + 1)) || continuation(string.byte(b, b.length - suffix + 1)))
  )
    suffix--;
  return $multi(prefix, a.length - suffix, b.length - suffix);
}

/** Where a hunk starts on `side`, as a line to put the cursor on (a block with no lines there: the line below). */
export function hunkLine(h: Hunk, side: Side, lineCount: number): number {
  return math.max(1, math.min(lineBefore(h, side) + 1, lineCount));
}

/**
 * The hunk line `lnum` of `side` belongs to: a line of its block, or, for a block with no lines on that side (a
 * pure insertion or deletion), the line just below where its lines are missing (as Vim's diff mode draws them:
 * above that line), or the last line when they are missing at the end.
 */
export function hunkAt(hunks: Hunk[], side: Side, lnum: number, lineCount: number): Hunk | undefined {
  let near: Hunk | undefined;
  for (const h of hunks) {
    const [start, count] = sideOf(h, side);
    if (count > 0 && lnum >= start && lnum < start + count) return h;
    if (count === 0 && near === undefined && lnum === math.min(start + 1, lineCount)) near = h;
  }
  return near;
}

/** The first hunk after (next) or before (prev) line `lnum` of `side`, wrapping around; undefined: none. */
export function nextHunk(
  hunks: Hunk[],
  side: Side,
  lnum: number,
  direction: "next" | "prev",
  lineCount: number,
): Hunk | undefined {
  if (hunks.length === 0) return undefined;
  const lines = hunks.map((h) => hunkLine(h, side, lineCount));
  if (direction === "next") {
    for (let i = 0; i < hunks.length; i++) if (lines[i] > lnum) return hunks[i];
    return hunks[0];
  }
  for (let i = hunks.length - 1; i >= 0; i--) if (lines[i] < lnum) return hunks[i];
  return hunks[hunks.length - 1];
}

/**
 * One file of a review document (ReviewDocument): its base text, its proposed or after text, where the change
 * came from and what it does (ReviewFile's origin and kind), and its hunks with their decisions. The overview's
 * files are these; the decided text of each is decidedText.
 */
export interface DocFile<H extends DecidedHunk = DecidedHunk> {
  /** The left side: the file now, or before the turn ([] for a file the change creates). */
  base: string[];
  /** The right side: the proposal, or the file after the turn ([] for a deleted file). */
  proposal: string[];
  origin: ChangeOrigin;
  kind: ChangeKind;
  /** Its hunks between base and proposal, each with its decision. */
  hunks: H[];
}

/** A review: its title and its files, whichever view shows them. */
export interface ReviewDocument<F extends DocFile = DocFile> {
  title: string;
  files: F[];
}

/** A file's text as decided so far: its proposal with each dropped hunk put back as it is in its base. */
export function decidedText(f: DocFile): string[] {
  return decidedLines(f.base, f.proposal, f.hunks);
}

/** A hunk by where it is in the base and what it puts there: the same change in a new proposal has the same one. */
export function placedKey(proposal: string[], h: Hunk): string {
  const parts = blockLines(proposal, h, "b");
  parts.unshift(`${h.a},${h.aCount}`);
  return table.concat(parts, "\n");
}

/**
 * File `f` with a new proposal: its hunks found again (`found`), a kept hunk found again in it (placedKey) still
 * kept, the others undecided.
 */
export function repropose<H extends DecidedHunk>(
  f: DocFile<H>,
  proposal: string[],
  found: (this: void, base: string[], proposal: string[]) => H[],
): void {
  const kept = new LuaSet<string>();
  for (const h of f.hunks) if (h.decision === "kept") kept.add(placedKey(f.proposal, h));
  f.proposal = proposal;
  f.hunks = found(f.base, proposal);
  for (const h of f.hunks) if (kept.has(placedKey(proposal, h))) h.decision = "kept";
}

/** A review file's origin and kind as the document holds them (ReviewFile's, or what they are when it says none). */
export function originAndKind(f: {
  current: string[] | undefined;
  renamedFrom?: string;
  deletes?: boolean;
  origin?: ChangeOrigin;
  kind?: ChangeKind;
}): LuaMultiReturn<[ChangeOrigin, ChangeKind]> {
  const kind =
    f.kind ??
    (f.deletes === true
      ? "deleted"
      : f.renamedFrom !== undefined
        ? "renamed"
        : f.current === undefined
          ? "created"
          : "modified");
  return $multi(f.origin ?? "proposal", kind);
}

/**
 * A review's life, one for every review and view (Review, MultiReview, PlanReview, and each view's ViewLife):
 * opened, then settled once (decided, cancelled or dropped: it reports nothing more, whatever ends it next), then
 * closed once (off the screen). Each end happens once: `settle()` and `close()` say whether this call did it.
 */
export class Life {
  /** Decided (or cancelled): the review reports nothing more. */
  settled = false;
  /** Removed, or being removed, from the screen. */
  closed = false;

  /** Settles: true the first time, false when settled already. */
  settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    return true;
  }

  /** Closes: true the first time, false when closed already. */
  close(): boolean {
    if (this.closed) return false;
    this.closed = true;
    return true;
  }
}

/** The lines a hunk takes in its side-"a" text, widened by `by` lines each side: [first, last] (a point: a gap). */
function spanOf(h: Hunk, by: number): [number, number] {
  if (h.aCount > 0) return [h.a - by, h.a + h.aCount - 1 + by];
  // No line of its own: between line a and line a + 1.
  return [h.a + 0.5 - by, h.a + 0.5 + by];
}

/**
 * The change `base` → `ours` made on top of `theirs`, another change of the same `base` (the user's unsaved edits
 * in a buffer, say), as a three-way merge: `theirs` with each of ours' hunks applied where it is. Undefined when a
 * hunk of ours touches the lines one of theirs changed, or a line next to them: nothing of the user's is ever
 * overwritten or guessed at.
 */
export function rebased(base: string[], ours: string[], theirs: string[]): string[] | undefined {
  const mine = diffHunks(base, ours);
  const others = diffHunks(base, theirs);
  for (const m of mine) {
    const [lo, hi] = spanOf(m, 1);
    for (const o of others) {
      const [olo, ohi] = spanOf(o, 0);
      if (olo <= hi && ohi >= lo) return undefined;
    }
  }
  // Both sets of hunks in the order of base, each taking its own text's block.
  const all: { h: Hunk; lines: string[] }[] = [];
  for (const h of mine) all.push({ h, lines: ours });
  for (const h of others) all.push({ h, lines: theirs });
  all.sort((x, y) => lineBefore(x.h, "a") - lineBefore(y.h, "a"));
  const out: string[] = [];
  let next = 1;
  for (const { h, lines } of all) {
    const before = lineBefore(h, "a");
    for (let l = next; l <= before; l++) out.push(base[l - 1]);
    for (const line of blockLines(lines, h, "b")) out.push(line);
    next = before + h.aCount + 1;
  }
  for (let l = next; l <= base.length; l++) out.push(base[l - 1]);
  return out;
}
