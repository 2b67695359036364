// Notes for the next prompt: short texts a feature wants the model to read with the user's next prompt (the
// turn review: what the user reverted; a refusal's reason that could not reach the model in its own turn). The
// turn-start hook (UserPromptSubmit, BeforeAgent) drains them into `additionalContext`.
import type { NoteScope, NotesQueue } from "../contracts";

interface Note {
  text: string;
  scope: NoteScope;
}

/** Notes kept at most (the oldest go first); one note's length at most (bytes). */
const MAX_NOTES = 20;
const MAX_NOTE_BYTES = 4000;

export class Notes implements NotesQueue {
  private notes: Note[] = [];

  /** Queues `text` for the next prompt of `scope` (any session's when empty). */
  add(text: string, scope: NoteScope = {}): void {
    const trimmed = vim.trim(text);
    if (trimmed === "") return;
    const capped = trimmed.length > MAX_NOTE_BYTES ? `${string.sub(trimmed, 1, MAX_NOTE_BYTES)}…` : trimmed;
    this.notes.push({ text: capped, scope });
    if (this.notes.length > MAX_NOTES) this.notes.shift();
  }

  /** Takes the notes for a prompt of `session` (whose CLI holds the IDE connection `owner`, if known). */
  drain(session: string, owner?: number): string[] {
    const taken: string[] = [];
    const kept: Note[] = [];
    for (const note of this.notes) {
      const s = note.scope;
      const mine =
        (s.session === undefined && s.clientId === undefined) ||
        (s.session !== undefined && s.session === session) ||
        (s.clientId !== undefined && s.clientId === owner);
      if (mine) taken.push(note.text);
      else kept.push(note);
    }
    this.notes = kept;
    return taken;
  }

  /** Notes waiting (:checkhealth, specs). */
  count(): number {
    return this.notes.length;
  }
}
