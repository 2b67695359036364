// The hunks of a review: the blocks of changed lines between the original (side "a") and the proposal (side
// "b"), as vim.diff reports them with no line matching: a block of changed lines is ONE hunk, so `]c` lands on it,
// and taking or dropping it takes or drops all of it, wherever the cursor is in it. Vim's own diff mode may show a
// block in parts ('diffopt' linematch); the review's keys work on the whole block whatever 'diffopt' says.
// Pure: lines in, numbers out (no buffer, no window).

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

/** Where a hunk starts on `side`, as a line to put the cursor on (a block with no lines there: the line below). */
export function hunkLine(h: Hunk, side: Side, lineCount: number): number {
  const [start, count] = side === "a" ? [h.a, h.aCount] : [h.b, h.bCount];
  const line = count > 0 ? start : start + 1;
  return math.max(1, math.min(line, lineCount));
}

/**
 * The hunk line `lnum` of `side` belongs to: a line of its block, or, for a block with no lines on that side (a
 * pure insertion or deletion), the line just below where its lines are missing (as Vim's diff mode draws them:
 * above that line), or the last line when they are missing at the end.
 */
export function hunkAt(hunks: Hunk[], side: Side, lnum: number, lineCount: number): Hunk | undefined {
  let near: Hunk | undefined;
  for (const h of hunks) {
    const [start, count] = side === "a" ? [h.a, h.aCount] : [h.b, h.bCount];
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
