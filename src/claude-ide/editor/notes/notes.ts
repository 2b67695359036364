// Notes for the agent on lines of code (Services.lineNotes): `:ClaudeCodeNote` attaches one to a line or a range of
// a file's buffer, or of a review's proposal. A note shows as a sign on its first line and virtual lines under its
// last, both extmarks, so it follows its lines as the buffer changes (and comes back with an undo of their
// deletion). Notes on files are kept in the plugin's state folder (editor/notes/store), one file per working
// directory, and shown again when their file is loaded in another Neovim; one that finds its quoted lines moved
// (the file changed outside) follows them. A note is sent to a model once (take): it stays, marked sent, until the
// user removes it. A proposal's notes live as long as its review: those not sent then stay on the file.
import type { LineNotes } from "../../contracts";
import { say } from "../../log";
import { bufferPath, findBuffer, isFileBuffer } from "../buffers";
import { normalizePath } from "../positions";
import { REVIEW_VAR, type ReviewVar } from "../review_marks";
import { type NoteForModel, notesMessage, ordered } from "./message";
import { readStore, type StoredNote, storeFile, writeStore } from "./store";

/** Highlight groups (default links: a colorscheme or the user's :highlight wins). */
export const NOTE_HL = "ClaudeIdeNote";
export const NOTE_SIGN_HL = "ClaudeIdeNoteSign";
export const NOTE_SENT_HL = "ClaudeIdeNoteSent";

/** The sign of a note's first line, and the mark before its text under its last line. */
const SIGN = "✎";

const AUGROUP = "claude-ide.notes";

/** A file's notes drawn at once when it is loaded; more are drawn in slices, those near its windows' cursors first. */
const AT_ONCE_NOTES = 50;
/** How long one slice of drawing a file's notes may hold the editor. */
const SLICE_MS = 4;

function defineHighlights(): void {
  vim.api.nvim_set_hl(0, NOTE_HL, { link: "DiagnosticInfo", default: true });
  vim.api.nvim_set_hl(0, NOTE_SIGN_HL, { link: "DiagnosticSignInfo", default: true });
  vim.api.nvim_set_hl(0, NOTE_SENT_HL, { link: "Comment", default: true });
}

/** A note held here: what the store keeps (path: a proposal's is the file it proposes a change to) and more. */
interface Note extends StoredNote {
  id: number;
  /** The review's buffer it is written on (not kept: it goes with the review). */
  proposal?: Buf;
  /** Written in a turn's review: its lines are the file's as the turn left it, no proposal's. */
  inFile?: boolean;
  /** Written on a plan: the plan's name (`path` too). */
  plan?: string;
  /** Where it shows now: the buffer, its range mark (sign) and its text's mark. */
  buf?: Buf;
  mark?: number;
  virt?: number;
  /** Shown at these rows of `buf` (an overview's), not at its lines: its marks there say nothing of its lines. */
  rows?: [number, number];
}

/** Notes waiting to be drawn in a buffer just loaded (attach), in the order they are drawn. */
interface Placing {
  notes: Note[];
  next: number;
  /** The first `near` are near a window's cursor: drawn in the first slice, however long it takes. */
  near: number;
  /** Those still to draw (a note removed meanwhile leaves it). */
  waiting: LuaSet<Note>;
  /** The buffer's lines when a note's were not where it says (read once while the buffer is unchanged). */
  text?: BufferText;
}

/** A buffer's lines at a changedtick, and where each distinct line is (finding a note's moved lines). */
interface BufferText {
  tick: number;
  all: string[];
  at: LuaMap<string, number[]>;
}

/** What a buffer is to the notes: a file, a review's proposal (or a turn's file, or a plan), or nothing. */
type Target =
  | { kind: "file"; path: string }
  | { kind: "proposal"; path: string; inFile?: boolean; plan?: string }
  | { kind: "none"; why: string };

/** The file a review's proposal buffer proposes a change to (none for the overview of several files). */
function targetOf(buf: Buf): Target {
  const review = vim.b[buf][REVIEW_VAR] as ReviewVar | undefined;
  if (review !== undefined && review.role === "proposal") {
    // The overview of a multi-file review marks itself with "N files": its rows say which file (:ClaudeCodeNote
    // asks it: noteOnLines).
    if (review.file === undefined || string.match(review.file, "^%d+ files?$")[0] !== undefined)
      return { kind: "none", why: "the overview shows several files: put the cursor on a hunk's lines" };
    if (review.plan === true) return { kind: "proposal", path: review.file, plan: review.file };
    return { kind: "proposal", path: normalizePath(review.file), inFile: review.turn === true };
  }
  if (review !== undefined && review.role === "current")
    return { kind: "none", why: "a note goes on the review's other side, the proposal's (or the turn's) lines" };
  if (isFileBuffer(buf)) return { kind: "file", path: bufferPath(buf) };
  return { kind: "none", why: "a note goes on the lines of a file or of a review's proposal" };
}

/** Lines of a file as a view other than its buffer shows them (an overview's rows), for noteOnLines. */
export interface ShownLines {
  path: string;
  first: number;
  last: number;
  lines: string[];
  /** A turn's review: the lines are the file's; otherwise a proposal's. */
  turn: boolean;
}

/** What a sent note answered by a turn is, for that turn's review (hooks/notes answeredNotes). */
export interface SentNote {
  id: number;
  path: string;
  /** Its lines when it was sent (the text the turn started from). */
  first: number;
  last: number;
  text: string;
}

export class NoteBook implements LineNotes {
  private readonly notes: Note[] = [];
  /** Buffers just loaded whose notes are drawn in slices (attach). */
  private readonly placing = new LuaMap<Buf, Placing>();
  private nextId = 1;
  private readonly ns: number;
  private readonly group: number;
  private readonly file: string;

  /** `cwd`: the working directory whose notes are kept (the store's file). */
  constructor(private readonly cwd: string = vim.fn.getcwd()) {
    this.ns = vim.api.nvim_create_namespace("claude-ide.notes");
    this.file = storeFile(cwd);
    defineHighlights();
    const kept = readStore(this.file);
    if (kept.error !== undefined) say(`notes: ${kept.error}`, "warn");
    // readStore made these objects: each becomes a Note as it is (copying 500 of them took 0.4 ms of the waking).
    for (const n of kept.notes as Note[]) {
      n.id = this.nextId++;
      this.notes.push(n);
    }
    this.group = vim.api.nvim_create_augroup(AUGROUP, { clear: true });
    const on = (event: string | string[], desc: string, fn: (this: void, buf: Buf) => void) =>
      vim.api.nvim_create_autocmd(event, {
        group: this.group,
        desc: `claude-ide: ${desc}`,
        callback: function (this: void, ev: vim.api.AutocmdArgs) {
          fn(ev.buf);
        },
      });
    on("BufReadPost", "show the notes of a file when it is loaded", (buf) => this.attach(buf));
    on("BufWritePost", "keep where the notes of a written file are", (buf) => this.written(buf));
    on(["BufUnload", "BufWipeout"], "keep the notes of a buffer that goes", (buf) => this.detach(buf));
    on("ColorScheme", "define the notes' highlight groups again", () => defineHighlights());
    vim.api.nvim_create_autocmd("VimLeavePre", {
      group: this.group,
      desc: "claude-ide: keep where the notes are",
      callback: () => this.save(),
    });
    // Many notes are drawn from the next loop turn on: this one read the store (and loaded the module).
    for (const buf of vim.api.nvim_list_bufs()) if (vim.api.nvim_buf_is_loaded(buf)) this.attach(buf, true);
  }

  /** The store's file (:checkhealth, specs). */
  storePath(): string {
    return this.file;
  }

  // --- what the commands do -------------------------------------------------------------------------------------

  /**
   * :[range]ClaudeCodeNote [text] on `buf`: edits the note on exactly these lines (one line: the note that holds
   * it), else adds one. `text` undefined: asks for it (vim.ui.input, with the note's text to edit);
   * an empty answer removes a note being edited; <Esc> changes nothing.
   */
  note(buf: Buf, first: number, last: number, ranged: boolean, text?: string): void {
    const target = targetOf(buf);
    if (target.kind === "none") {
      say(`no note here: ${target.why}`, "warn");
      return;
    }
    const existing = noteAt(this.shownIn(buf), first, last, ranged);
    const proposal = target.kind === "proposal" ? target : undefined;
    this.write(
      existing,
      linesWord(first, last),
      (t) =>
        this.add(buf, {
          path: target.path,
          first,
          last,
          lines: vim.api.nvim_buf_get_lines(buf, first - 1, last, false),
          text: t,
          proposal: proposal !== undefined ? buf : undefined,
          inFile: proposal?.inFile,
          plan: proposal?.plan,
        }),
      text,
    );
  }

  /**
   * :[range]ClaudeCodeNote [text] on rows `rows` of `view`, a review's overview, which shows lines `shown` of a
   * file (a turn's: the file as the turn left it; else a proposal's): edits the note on them (one line: the note
   * that holds it), else adds one, shown on those rows until its file's buffer shows it.
   */
  noteOnLines(view: Buf, rows: [number, number], shown: ShownLines, ranged: boolean, text?: string): void {
    const mine = this.notes.filter(
      (n) =>
        n.path === shown.path && n.plan === undefined && (shown.turn ? n.proposal === undefined : n.proposal === view),
    );
    for (const n of mine) this.sync(n);
    const { first, last } = shown;
    this.write(
      noteAt(mine, first, last, ranged),
      `${vim.fn.fnamemodify(shown.path, ":~:.")} ${linesWord(first, last)}`,
      (t) =>
        this.add(
          view,
          { path: shown.path, first, last, lines: shown.lines, text: t, proposal: shown.turn ? undefined : view },
          rows,
        ),
      text,
    );
  }

  /**
   * Edits `existing` (an empty text removes it) or makes a note with `create`, with `text`, else with the text the
   * user types (vim.ui.input; <Esc> changes nothing). `where`: the lines, as the question names them.
   */
  private write(existing: Note | undefined, where: string, create: (text: string) => Note, text?: string): void {
    const done = (answer: string | undefined) => {
      if (answer === undefined) return;
      const trimmed = vim.trim(answer);
      if (existing !== undefined) {
        if (trimmed === "") {
          this.remove(existing);
          say(`removed the note on ${this.where(existing)}`);
        } else {
          existing.text = trimmed;
          existing.sent = false;
          this.draw(existing);
          say(`note on ${this.where(existing)} changed`);
        }
      } else if (trimmed !== "") {
        const n = create(trimmed);
        say(`note on ${this.where(n)} (:ClaudeCodeNotes lists them)`);
      }
      this.save();
    };
    if (text !== undefined && vim.trim(text) !== "") {
      done(text);
      return;
    }
    vim.ui.input(
      {
        prompt: existing !== undefined ? `Note on ${this.where(existing)} (empty: remove): ` : `Note on ${where}: `,
        default: existing?.text,
      },
      (input) => done(input),
    );
  }

  /** :[range]ClaudeCodeNote! — removes the notes on these lines (touching the range); returns how many. */
  removeAt(buf: Buf, first: number, last: number): number {
    return this.removeAll(
      this.shownIn(buf).filter((n) => {
        const [from, to] = n.rows ?? [n.first, n.last];
        return from <= last && first <= to;
      }),
    );
  }

  /** Removes every note already sent; returns how many. */
  removeSent(): number {
    return this.removeAll(this.notes.filter((n) => n.sent));
  }

  /** Removes `gone` and keeps what is left; returns how many went. */
  private removeAll(gone: Note[]): number {
    for (const n of gone) this.remove(n);
    if (gone.length > 0) this.save();
    return gone.length;
  }

  /** The quickfix items of the notes (`which`: all, or only those not sent / sent), in file and line order. */
  quickfixItems(which: "all" | "pending" | "sent" = "all"): { [key: string]: unknown }[] {
    this.syncAll();
    const chosen = this.notes.filter((n) => which === "all" || (which === "sent") === n.sent);
    const byId = new LuaMap<number, Note>();
    for (const n of chosen) byId.set(n.id, n);
    return this.forModel(chosen).map(([id, m]) => {
      const n = byId.get(id)!;
      const item: { [key: string]: unknown } = {
        lnum: n.first,
        end_lnum: n.last,
        col: 1,
        text: `${n.sent ? `[${sentWord(n)}] ` : ""}${m.proposal === true ? "[proposal] " : ""}${m.plan !== undefined ? "[plan] " : ""}${n.text}`,
        type: "I",
      };
      if (n.proposal !== undefined && n.rows === undefined) item.bufnr = n.proposal;
      else item.filename = n.path;
      return item;
    });
  }

  /** How many notes there are, and how many of them wait to be sent (:checkhealth). */
  counts(): { all: number; pending: number } {
    return { all: this.notes.length, pending: this.notes.filter((n) => !n.sent).length };
  }

  // --- LineNotes ----------------------------------------------------------------------------------------------------

  pending(): number[] {
    return this.notes.filter((n) => !n.sent).map((n) => n.id);
  }

  ofProposal(proposal: Buf): number[] {
    const target = targetOf(proposal);
    // A review of several files: its overview's notes, and those on any of its files.
    const review = vim.b[proposal][REVIEW_VAR] as ReviewVar | undefined;
    const overview = review?.overview ?? (review?.files !== undefined ? proposal : undefined);
    const paths = new LuaSet<string>();
    if (target.kind === "proposal" && target.plan === undefined) paths.add(target.path);
    const files =
      overview !== undefined && vim.api.nvim_buf_is_valid(overview)
        ? (vim.b[overview][REVIEW_VAR] as ReviewVar | undefined)?.files
        : undefined;
    for (const f of files ?? []) paths.add(normalizePath(f));
    return this.notes
      .filter(
        (n) =>
          !n.sent &&
          (n.proposal === proposal ||
            (overview !== undefined && n.proposal === overview) ||
            (n.proposal === undefined && n.plan === undefined && paths.has(n.path))),
      )
      .map((n) => n.id);
  }

  take(ids: number[], toFar?: (this: void, path: string) => string | undefined): string | undefined {
    const wanted = new LuaSet<number>();
    for (const id of ids) wanted.add(id);
    const taken = this.notes.filter((n) => !n.sent && wanted.has(n.id));
    if (taken.length === 0) return undefined;
    for (const n of taken) this.sync(n);
    const message = notesMessage(
      this.forModel(taken).map(([, m]) => m),
      toFar,
    );
    for (const n of taken) {
      n.sent = true;
      n.sentFirst = n.first;
      n.sentLast = n.last;
      this.draw(n);
    }
    this.save();
    return message;
  }

  sentNotes(): SentNote[] {
    return this.notes
      .filter((n) => n.sent && n.answered !== true && n.proposal === undefined && n.plan === undefined)
      .map((n) => ({
        id: n.id,
        path: n.path,
        first: n.sentFirst ?? n.first,
        last: n.sentLast ?? n.last,
        text: n.text,
      }));
  }

  markAnswered(answered: number[], unanswered: number[]): void {
    const set = (ids: number[], value: boolean) => {
      for (const id of ids) {
        const n = this.notes.find((x) => x.id === id);
        if (n === undefined || n.answered === true) continue;
        n.answered = value;
        this.draw(n);
      }
    };
    set(answered, true);
    set(unanswered, false);
    if (answered.length + unanswered.length > 0) this.save();
  }

  dispose(): void {
    for (const [buf] of this.placing) this.placing.delete(buf);
    this.save();
    pcall(vim.api.nvim_del_augroup_by_id, this.group);
    for (const n of this.notes) this.unshow(n);
  }

  // --- the notes and their marks ------------------------------------------------------------------------------------

  /** A new note, shown in `buf` (at `rows` of it: a view that shows its lines elsewhere). */
  private add(buf: Buf, fields: Omit<Note, "id" | "sent">, rows?: [number, number]): Note {
    const n: Note = { ...fields, id: this.nextId++, sent: false };
    this.notes.push(n);
    this.show(n, buf, rows);
    return n;
  }

  private remove(n: Note): void {
    for (const [, p] of this.placing) p.waiting.delete(n);
    this.unshow(n);
    const at = this.notes.indexOf(n);
    if (at >= 0) this.notes.splice(at, 1);
  }

  /** "a.lua:3-4": where a note is, as messages name it. */
  private where(n: Note): string {
    const name = n.plan !== undefined ? `the plan "${n.plan}"` : vim.fn.fnamemodify(n.path, ":~:.");
    const proposal = n.proposal !== undefined && n.plan === undefined && n.inFile !== true;
    return `${name}${proposal ? " (proposal)" : ""}:${n.first === n.last ? n.first : `${n.first}-${n.last}`}`;
  }

  /** The notes shown in `buf` now, where their marks are. */
  private shownIn(buf: Buf): Note[] {
    this.settle();
    const out = this.notes.filter((n) => n.buf === buf);
    for (const n of out) this.sync(n);
    return out;
  }

  /** A note's lines and text as the model reads them, in file and line order, each with its note's id. */
  private forModel(notes: Note[]): [number, NoteForModel][] {
    const byModel = new LuaMap<NoteForModel, number>();
    const models = notes.map((n) => {
      const m: NoteForModel = {
        path: n.path,
        first: n.first,
        last: n.last,
        lines: n.lines,
        text: n.text,
        proposal: n.proposal !== undefined && n.inFile !== true && n.plan === undefined,
        plan: n.plan,
      };
      byModel.set(m, n.id);
      return m;
    });
    return ordered(models).map((m) => [byModel.get(m)!, m]);
  }

  /** Reads where a shown note's marks are now (its lines may have moved), and its lines' text. */
  private sync(n: Note): void {
    this.settle();
    if (n.buf === undefined || n.mark === undefined || n.rows !== undefined) return;
    if (!vim.api.nvim_buf_is_loaded(n.buf)) return;
    const [row, , details] = vim.api.nvim_buf_get_extmark_by_id(n.buf, this.ns, n.mark, { details: true });
    if (row === undefined || details === undefined || details.invalid === true) return;
    const endRow = typeof details.end_row === "number" ? details.end_row : row;
    const first = row + 1;
    const last = math.max(first, endRow + 1);
    n.first = first;
    n.last = last;
    n.lines = vim.api.nvim_buf_get_lines(n.buf, first - 1, last, false);
    // The text's mark stays under the last line (a line joined into it, say, can part them).
    if (n.virt !== undefined) {
      const [vrow] = vim.api.nvim_buf_get_extmark_by_id(n.buf, this.ns, n.virt, {});
      if (vrow !== endRow) this.draw(n);
    }
  }

  private syncAll(): void {
    for (const n of this.notes) this.sync(n);
  }

  /**
   * Places a note's marks in `buf`: at its lines there (first..last, clamped to the buffer), or at `rows` of a view
   * that shows them elsewhere (an overview).
   */
  private show(n: Note, buf: Buf, rows?: [number, number]): void {
    this.unshow(n);
    if (rows === undefined) {
      const count = vim.api.nvim_buf_line_count(buf);
      n.first = math.min(n.first, count);
      n.last = math.min(math.max(n.last, n.first), count);
    }
    n.rows = rows;
    n.buf = buf;
    this.draw(n);
  }

  /** (Re)draws a shown note's two marks at its lines: the range with its sign, and the text under the last line. */
  private draw(n: Note): void {
    const buf = n.buf;
    if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) return;
    const [firstRow, lastRow] = n.rows ?? [n.first, n.last];
    const last = vim.api.nvim_buf_get_lines(buf, lastRow - 1, lastRow, false)[0] ?? "";
    const hl = n.sent && n.answered !== true ? NOTE_SENT_HL : NOTE_HL;
    const range: { [key: string]: unknown } = {
      end_row: lastRow - 1,
      end_col: last.length,
      sign_text: SIGN,
      sign_hl_group: n.sent ? NOTE_SENT_HL : NOTE_SIGN_HL,
      undo_restore: true,
      invalidate: true,
    };
    if (n.mark !== undefined) range.id = n.mark;
    n.mark = vim.api.nvim_buf_set_extmark(buf, this.ns, firstRow - 1, 0, range);
    const texts =
      string.find(n.text, "\n", 1, true)[0] === undefined ? [n.text] : vim.split(n.text, "\n", { plain: true });
    const lines = texts.map((line, i) => [
      [i === 0 ? `${SIGN} ${n.sent ? `(${sentWord(n)}) ` : ""}` : "  ", n.sent ? NOTE_SENT_HL : NOTE_SIGN_HL],
      [line, hl],
    ]);
    const text: { [key: string]: unknown } = { virt_lines: lines, undo_restore: true, invalidate: true };
    if (n.virt !== undefined) text.id = n.virt;
    n.virt = vim.api.nvim_buf_set_extmark(buf, this.ns, lastRow - 1, 0, text);
  }

  private unshow(n: Note): void {
    if (n.buf !== undefined && vim.api.nvim_buf_is_valid(n.buf)) {
      if (n.mark !== undefined) pcall(vim.api.nvim_buf_del_extmark, n.buf, this.ns, n.mark);
      if (n.virt !== undefined) pcall(vim.api.nvim_buf_del_extmark, n.buf, this.ns, n.virt);
    }
    n.buf = undefined;
    n.mark = undefined;
    n.virt = undefined;
    n.rows = undefined;
  }

  /**
   * A buffer was loaded: the notes of its file show there, at their quoted lines when those moved. Of many notes
   * (over AT_ONCE_NOTES) those near the cursor of a window on the buffer are drawn at once, the rest in slices of
   * SLICE_MS on the next loop turns: 500 notes drawn at once held the editor 20 ms. What reads the notes' places
   * meanwhile (sync) draws the rest first.
   */
  private attach(buf: Buf, waking = false): void {
    const target = targetOf(buf);
    if (target.kind !== "file") return;
    const mine = this.notes.filter(
      (n) => n.proposal === undefined && n.plan === undefined && n.path === target.path && n.buf !== buf,
    );
    if (mine.length === 0) return;
    let notes = mine;
    let nearCount = 0;
    if (mine.length > AT_ONCE_NOTES) {
      const near: Note[] = [];
      const far: Note[] = [];
      const cursors = vim.fn.win_findbuf(buf).map((w) => ({
        row: vim.api.nvim_win_get_cursor(w)[0],
        height: vim.api.nvim_win_get_height(w),
      }));
      for (const n of mine) (cursors.some((c) => math.abs(n.first - c.row) <= c.height) ? near : far).push(n);
      notes = [...near, ...far];
      nearCount = near.length;
    }
    const waiting = new LuaSet<Note>();
    for (const n of notes) waiting.add(n);
    const old = this.placing.get(buf);
    // Those still waiting from an earlier load of it stay waiting.
    for (const n of old?.notes ?? [])
      if (old?.waiting.has(n) === true && !waiting.has(n)) {
        notes.push(n);
        waiting.add(n);
      }
    this.placing.set(buf, { notes, next: 0, near: nearCount, waiting });
    // Only those near a cursor in this loop turn (it read the file): the rest on the next ones. Waking (this turn
    // read the notes' store): all of them on the next ones.
    if (mine.length <= AT_ONCE_NOTES) this.place(buf);
    else if (waking) this.placeLater(buf, 0);
    else this.place(buf, 0);
  }

  /**
   * Draws the notes waiting for `buf` (attach): all of them, or those a slice of `budget` ms has time for, the
   * rest on the next loop turn.
   */
  private place(buf: Buf, budget?: number): void {
    const p = this.placing.get(buf);
    if (p === undefined) return;
    if (!vim.api.nvim_buf_is_loaded(buf)) {
      this.placing.delete(buf);
      return;
    }
    // The buffer's lines are read once while it is unchanged, and only when a note's lines are not where it says
    // (a file of 10,000 lines with 500 notes: reading them all for each note held the editor a second).
    const text = (): BufferText => {
      const tick = vim.api.nvim_buf_get_changedtick(buf);
      if (p.text?.tick !== tick) p.text = bufferText(buf, tick);
      return p.text;
    };
    const start = vim.uv.hrtime();
    while (p.next < p.notes.length) {
      const n = p.notes[p.next];
      p.next++;
      if (!p.waiting.has(n)) continue;
      p.waiting.delete(n);
      if (n.buf === buf || n.proposal !== undefined) continue;
      const found = this.locate(buf, n, text);
      if (found !== undefined) [n.first, n.last] = [found, found + n.last - n.first];
      this.show(n, buf);
      if (budget !== undefined && p.next >= p.near && (vim.uv.hrtime() - start) / 1e6 >= budget) break;
    }
    if (p.next >= p.notes.length) {
      this.placing.delete(buf);
      return;
    }
    this.placeLater(buf, SLICE_MS);
  }

  /**
   * The notes waiting for `buf` are drawn on the next loop turn: a slice of `budget` ms after those near a cursor
   * (0: those only, the screen is drawn again with them), then the next ones.
   */
  private placeLater(buf: Buf, budget: number): void {
    const p = this.placing.get(buf);
    vim.defer_fn(() => {
      if (p !== undefined && this.placing.get(buf) === p) this.place(buf, budget);
    }, 0);
  }

  /** Draws every note still waiting (attach's slices): what reads the notes' places needs them all placed. */
  private settle(): void {
    if (this.placing.isEmpty()) return;
    const bufs: Buf[] = [];
    for (const [buf] of this.placing) bufs.push(buf);
    for (const buf of bufs) this.place(buf);
  }

  /**
   * Where a note's quoted lines start in `buf`: at its lines, else the nearest place that holds them (`text`: the
   * buffer's lines and where each is, read when needed).
   */
  private locate(buf: Buf, n: Note, text: () => BufferText): number | undefined {
    if (n.lines.length === 0) return undefined;
    const same = (lines: string[], offset: number) => {
      for (let i = 0; i < n.lines.length; i++) if (lines[offset + i] !== n.lines[i]) return false;
      return true;
    };
    if (same(vim.api.nvim_buf_get_lines(buf, n.first - 1, n.first - 1 + n.lines.length, false), 0)) return n.first;
    const { all, at } = text();
    let best: number | undefined;
    for (const start of at.get(n.lines[0]) ?? [])
      if (same(all, start - 1) && (best === undefined || math.abs(start - n.first) < math.abs(best - n.first)))
        best = start;
    return best;
  }

  /** A file was written: its notes' places are the file's now. */
  private written(buf: Buf): void {
    this.settle();
    if (!this.notes.some((n) => n.buf === buf)) return;
    this.shownIn(buf);
    this.save();
  }

  /**
   * A buffer is unloaded or wiped: its notes keep their places (those of an unmodified buffer: its file's). A
   * proposal's notes go with it; those not sent yet stay, on its file.
   */
  private detach(buf: Buf): void {
    this.placing.delete(buf);
    const here = this.notes.filter((n) => n.buf === buf || n.proposal === buf);
    if (here.length === 0) return;
    const modified = vim.api.nvim_get_option_value("modified", { buf }) === true;
    const files = new LuaSet<string>();
    for (const n of here) {
      if (n.proposal !== undefined || !modified) this.sync(n);
      n.buf = undefined;
      n.mark = undefined;
      n.virt = undefined;
      // Shown on a view's rows (an overview): its file's buffer shows it from now on.
      if (n.rows !== undefined) files.add(n.path);
      n.rows = undefined;
      if (n.proposal !== undefined) {
        // A plan's notes go with it; a proposal's not sent stay on its file.
        if (n.sent || n.plan !== undefined) this.remove(n);
        else {
          n.proposal = undefined;
          files.add(n.path);
        }
      }
    }
    for (const path of files) {
      const file = findBuffer(path, true);
      if (file !== undefined && file !== buf) vim.schedule(() => this.attach(file));
    }
    this.save();
  }

  /** Writes the notes on files to the store (a failure is said, never thrown). */
  private save(): void {
    const kept: StoredNote[] = [];
    for (const n of this.notes) {
      if (n.proposal !== undefined) continue;
      if (
        n.buf !== undefined &&
        vim.api.nvim_buf_is_loaded(n.buf) &&
        vim.api.nvim_get_option_value("modified", { buf: n.buf }) !== true
      )
        this.sync(n);
      kept.push({
        path: n.path,
        first: n.first,
        last: n.last,
        lines: n.lines,
        text: n.text,
        sent: n.sent,
        sentFirst: n.sentFirst,
        sentLast: n.sentLast,
        answered: n.answered,
      });
    }
    const [ok, result] = pcall(writeStore, this.file, this.cwd, kept);
    if (!ok) say(`notes: cannot keep them in ${this.file}: ${tostring(result)}`, "warn");
    else if (!result.ok) say(`notes: cannot keep them in ${this.file}: ${result.error}`, "warn");
  }
}

/** `buf`'s lines (at changedtick `tick`) and the 1-based line numbers of each distinct line. */
function bufferText(buf: Buf, tick: number): BufferText {
  const all = vim.api.nvim_buf_get_lines(buf, 0, -1, false);
  const at = new LuaMap<string, number[]>();
  for (let i = 0; i < all.length; i++) {
    const list = at.get(all[i]);
    if (list === undefined) at.set(all[i], [i + 1]);
    else list.push(i + 1);
  }
  return { tick, all, at };
}

/** The note of `notes` a :ClaudeCodeNote on lines `first`..`last` edits: on exactly that range, or holding `first`. */
function noteAt(notes: Note[], first: number, last: number, ranged: boolean): Note | undefined {
  return ranged && first !== last
    ? notes.find((n) => n.first === first && n.last === last)
    : notes.find((n) => n.first <= first && first <= n.last);
}

/** "line 3", "lines 3-4". */
function linesWord(first: number, last: number): string {
  return first === last ? `line ${first}` : `lines ${first}-${last}`;
}

/** What a sent note's mark and list entry say: sent, then answered or not by the next turn. */
function sentWord(n: Note): string {
  return n.answered === true ? "answered" : n.answered === false ? "not answered" : "sent";
}

/** A NoteBook for the working directory (services.ts makes it on first use). */
export function createNoteBook(cwd?: string): NoteBook {
  return new NoteBook(cwd);
}
