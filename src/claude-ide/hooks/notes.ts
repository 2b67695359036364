// Notes for the next prompt: short texts a feature wants the model to read with the user's next prompt (the
// turn review: what the user reverted; a refusal's reason that could not reach the model in its own turn). The
// turn-start hook (UserPromptSubmit, BeforeAgent) drains them into `additionalContext`. A note may be a function
// that makes its text then (the user's notes on lines: their paths as that CLI knows them, each sent once).
import type { AnsweredNote, NoteScope, NotesQueue, NoteText, Services } from "../contracts";
import type { HookClient } from "./router";
import { diffHunks, type Hunk, lineBefore } from "../editor/review/model";
import { normalizePath } from "../editor/positions";
import type { PathMap } from "../util/path_map";

interface Note {
  text: string | NoteText;
  scope: NoteScope;
}

/** Notes kept at most (the oldest go first); one note's length at most (bytes). */
const MAX_NOTES = 20;
const MAX_NOTE_BYTES = 4000;

export class Notes implements NotesQueue {
  private notes: Note[] = [];

  /** Queues `text` for the next prompt of `scope` (any session's when empty). */
  add(text: string | NoteText, scope: NoteScope = {}): void {
    if (typeof text === "function") {
      this.push({ text, scope });
      return;
    }
    const trimmed = vim.trim(text);
    if (trimmed === "") return;
    const capped = trimmed.length > MAX_NOTE_BYTES ? `${string.sub(trimmed, 1, MAX_NOTE_BYTES)}…` : trimmed;
    this.push({ text: capped, scope });
  }

  private push(note: Note): void {
    this.notes.push(note);
    if (this.notes.length > MAX_NOTES) this.notes.shift();
  }

  /**
   * Takes the notes for a prompt of `session` (whose CLI holds the IDE connection `owner`, if known; `far`: its
   * path map when it runs somewhere else).
   */
  drain(session: string, owner?: number, far?: PathMap): string[] {
    const taken: string[] = [];
    const kept: Note[] = [];
    for (const note of this.notes) {
      const s = note.scope;
      const mine =
        (s.session === undefined && s.clientId === undefined) ||
        (s.session !== undefined && s.session === session) ||
        (s.clientId !== undefined && s.clientId === owner);
      if (!mine) kept.push(note);
      else if (typeof note.text === "string") taken.push(note.text);
      else {
        const [ok, text] = pcall(note.text, far);
        if (ok && typeof text === "string" && vim.trim(text) !== "") taken.push(text);
      }
    }
    this.notes = kept;
    return taken;
  }

  /** Notes waiting (:checkhealth, specs). */
  count(): number {
    return this.notes.length;
  }
}

/**
 * The CLIs that HTML-escape a hook's additionalContext before their model reads it: every < as &lt; and > as &gt;
 * (Gemini CLI 0.61.0 and Qwen Code 0.24.4, DefaultHookOutput.getAdditionalContext in packages/core/src/hooks/types.ts).
 */
const ESCAPING_CLIS: { [client: string]: string } = { gemini: "Gemini CLI", qwen: "Qwen Code" };

/**
 * The turn-start context that carries `notes` (at least one) to `client`'s model. A CLI that escapes it gets, when
 * the notes hold a < or >, one line saying so in words of its own (no < or > in it): a quoted `a > b` reaches
 * that model as `a &gt; b`, and an edit made from the quote must use the sign, not the entity.
 */
export function notesContext(client: HookClient, notes: string[]): string {
  const text = `Notes from the user's editor (Neovim):\n${notes.join("\n")}`;
  const cli = ESCAPING_CLIS[client];
  if (cli === undefined || string.find(text, "[<>]")[0] === undefined) return text;
  return `${text}\n(${cli} passes this context on with each less-than sign written as &lt; and each greater-than sign as &gt;: the files hold the signs themselves.)`;
}

/**
 * The user's notes on lines not sent yet, sent with the next prompt of `scope` (applying a turn review): their
 * text is made when that prompt comes, with the paths as its CLI knows them, and each note goes once.
 */
export function queueLineNotes(services: Services, scope: NoteScope): void {
  // Stand-in services (the turn review's specs) may have no notes on lines.
  const book = (services as Partial<Services>).lineNotes;
  const ids = book?.pending() ?? [];
  if (book === undefined || ids.length === 0) return;
  services.notes.add((far) => book.take(ids, far === undefined ? undefined : (path) => far.toFar(path)), scope);
}

/** A file of a turn's review, as answeredNotes reads it: its path, its text before the turn and after. */
export interface TurnText {
  path: string;
  before: string[];
  after: string[];
}

/**
 * Whether hunk `h` changed lines `first`..`last` of the text before (a hunk that only adds lines: added right
 * above, inside or right below them).
 */
function changes(h: Hunk, first: number, last: number): boolean {
  const before = lineBefore(h, "a");
  if (h.aCount === 0) return first - 1 <= before && before <= last;
  return before + 1 <= last && first <= before + h.aCount;
}

/**
 * A turn's review opens: each note sent (with the prompt of that turn, or before and not answered since) whose
 * lines a hunk of that turn changed is answered, shown beside that hunk (the result: per file of `files`, the
 * notes to show, at the line of the turn's text where the hunk is); the others are not answered, and stay on their
 * lines saying so. Nothing without notes on lines (the turn review's stand-in services).
 */
export function answeredNotes(services: Services, files: TurnText[]): AnsweredNote[][] {
  const out: AnsweredNote[][] = files.map(() => []);
  const book = (services as Partial<Services>).lineNotes;
  const sent = book?.sentNotes() ?? [];
  if (book === undefined || sent.length === 0) return out;
  const answered: number[] = [];
  const unanswered: number[] = [];
  const index = new LuaMap<string, number>();
  files.forEach((f, i) => index.set(normalizePath(f.path), i));
  const hunks = new LuaMap<number, Hunk[]>();
  for (const n of sent) {
    const i = index.get(n.path);
    let found: Hunk | undefined;
    if (i !== undefined) {
      if (!hunks.has(i)) hunks.set(i, diffHunks(files[i].before, files[i].after));
      found = hunks.get(i)!.find((h) => changes(h, n.first, n.last));
    }
    if (found === undefined || i === undefined) {
      unanswered.push(n.id);
      continue;
    }
    answered.push(n.id);
    out[i].push({ line: math.max(1, lineBefore(found, "b") + 1), text: n.text });
  }
  book.markAnswered(answered, unanswered);
  return out;
}
