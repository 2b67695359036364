// The text that carries the user's notes on lines to a model (editor/notes): one short message, ordered by file and
// line, each note as its path (a far session's own path when it runs elsewhere), its line numbers, the lines it is
// about (quoted) and the note. Pure: the notes module hands it what to say.

/** One note as the model reads it. */
export interface NoteForModel {
  /** Absolute local path of the file. */
  path: string;
  /** 1-based, first <= last. */
  first: number;
  last: number;
  /** The lines first..last as the user saw them. */
  lines: string[];
  text: string;
  /** Written on the agent's proposed text of the file (a review), not on the file as it is. */
  proposal?: boolean;
  /** Written on a plan: its name (`path` is that name too). */
  plan?: string;
}

/** Lines quoted at most per note (a note on a long range quotes its start and says how many more). */
export const MAX_QUOTED_LINES = 8;
/** One quoted line's length at most (bytes). */
const MAX_QUOTED_BYTES = 200;

/** `line` cut to MAX_QUOTED_BYTES, on a character boundary. */
function capped(line: string): string {
  if (line.length <= MAX_QUOTED_BYTES) return line;
  // Back to a character's first byte: the byte after the cut is not a continuation byte (10xxxxxx).
  let cut = MAX_QUOTED_BYTES;
  while (cut > 0 && string.byte(line, cut + 1) >= 0x80 && string.byte(line, cut + 1) < 0xc0) cut--;
  return `${string.sub(line, 1, cut)}…`;
}

/** The notes in file and line order (a copy). */
export function ordered(notes: NoteForModel[]): NoteForModel[] {
  const out = [...notes];
  out.sort((a, b) => {
    if (a.path !== b.path) return a.path < b.path ? -1 : 1;
    if (a.first !== b.first) return a.first - b.first;
    return a.last - b.last;
  });
  return out;
}

/**
 * The fence around `lines`: three backticks, or one more than the longest run of backticks they hold (a quoted
 * line may itself be a fence).
 */
function fenceFor(lines: string[]): string {
  let longest = 0;
  for (const line of lines) for (const [run] of string.gmatch(line, "`+")) longest = math.max(longest, run.length);
  return string.rep("`", math.max(3, longest + 1));
}

/**
 * The message for `notes` (at least one). `toFar`: the path the model knows a local file by (a far session's);
 * a file outside its folders keeps its local path.
 *
 * The quoted lines go in a fenced block, not behind "> ": Gemini CLI writes a hook's additionalContext into the
 * request with every < and > HTML-escaped (DefaultHookOutput.getAdditionalContext, packages/core/src/hooks/types.ts),
 * so a "> " quote reached its model as "&gt; ". Nothing of the message's own frame uses < or >.
 */
export function notesMessage(notes: NoteForModel[], toFar?: (this: void, path: string) => string | undefined): string {
  const many = notes.length > 1;
  const out: string[] = [
    `The user left ${many ? `${notes.length} notes` : "a note"} on lines of code for you in their editor (Neovim). Each gives the file and lines, quotes them in a fenced block, then the note:`,
  ];
  for (const n of ordered(notes)) {
    const where = n.first === n.last ? `line ${n.first}` : `lines ${n.first}-${n.last}`;
    out.push("");
    if (n.plan !== undefined) out.push(`Your plan "${n.plan}", ${where}:`);
    else {
      const path = toFar?.(n.path) ?? n.path;
      out.push(`${path} ${where}${n.proposal === true ? " (of your proposed change, not yet in the file)" : ""}:`);
    }
    const shown = n.lines.slice(0, MAX_QUOTED_LINES).map((line) => capped(line));
    const fence = fenceFor(shown);
    out.push(fence, ...shown, fence);
    if (n.lines.length > shown.length) out.push(`(${n.lines.length - shown.length} more lines not quoted)`);
    const [first, ...rest] = vim.split(n.text, "\n", { plain: true });
    out.push(`Note: ${first}`);
    for (const line of rest) out.push(`  ${line}`);
  }
  return out.join("\n");
}
