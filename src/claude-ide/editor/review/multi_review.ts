// A review of an edit that spans several files (an agent's turn, an LSP rename, a change set): ONE decision for
// the whole edit. Two files or more are shown first in an overview (overview.ts): every file's hunks in one
// scrolling buffer, decided there hunk by hunk or file by file; <CR> on a header or a hunk opens that file's own
// review (file_view.ts) with the proposal as decided so far, whose :w keeps what the user made of the file and
// comes back to the overview (the cursor on the hunk it left from), and whose q comes back without it (asking
// first after decisions). Applying (:w, :ClaudeCodeDiffAccept) answers every file's final lines; rejecting (q,
// closing the overview, :ClaudeCodeDiffDeny, closeAllDiffTabs) rejects every file. A single-file edit is the plain
// review. A turn's review (MultiRequest.turn) words it all as keep / revert.
import type { Config } from "../../config";
import { type MultiKey, type MultiOutcome, type ReviewFile, WHOLE_FILE_KEY } from "../../contracts";
import { linesText, reviewText, textLines } from "./diff_text";
import { type FileView, openFileView } from "./file_view";
import { Life } from "./model";
import { InlineView } from "./inline_view";
import { findBuffer } from "../buffers";
import { NEXT_FILE_KEY, Overview, PREV_FILE_KEY } from "./overview";
import type { Words } from "./keys";
import type { ReviewOrigin } from "./view_parts";
import { say } from "../../log";

export { NEXT_FILE_KEY, PREV_FILE_KEY };

/** How long one slice of showing a turn's files in their buffers may hold the editor. */
const INLINE_SLICE_MS = 5;
/** Reviews shown in the user's buffers so far (each its own augroup). */
let inlineReviews = 0;

export class MultiReview {
  /** The file shown in its own review (the single file, or one opened from the overview), and which one. */
  private view?: FileView;
  private index = 0;
  private overview?: Overview;
  /** Settled once: decided, rejected from outside or cancelled. */
  private readonly life = new Life();
  private readonly texts: string[][];

  constructor(
    private readonly config: Config,
    readonly title: string,
    private readonly files: ReviewFile[],
    /** The terminal of the agent that asked (diff.focus "auto" takes the focus only from there). */
    private readonly home: number | undefined,
    private readonly onDecision: (this: void, outcome: MultiOutcome) => void,
    private readonly extraKeys: MultiKey[] = [],
    /** Who asked, as the winbar names it (ViewSpec.client). */
    private readonly client?: string,
    /** What the review decides: a proposal, or what a turn already did (keys.ts Words). */
    private readonly words: Words = "proposal",
    /** A turn review's Q (MultiRequest.note). */
    private readonly note?: ((this: void, text: string) => void) | false,
    /** Every file's hunks also in its own buffer (MultiRequest.inline): the overview is shown even for one file. */
    private readonly inline = false,
  ) {
    this.texts = files.map((f) => f.proposal);
  }

  /** The files shown in the user's own buffers (inline_view.ts), by index. */
  private readonly inlines = new LuaMap<number, InlineView>();
  /** The autocmds that show a file inline when its buffer is opened (review.inline). */
  private inlineGroup?: number;

  /** Shows the overview (one file: its review). Throws when Neovim refuses to open it (nothing is left behind). */
  show(): void {
    if (this.files.length < 2 && !this.inline) {
      this.openFile(0);
      return;
    }
    this.overview = new Overview(
      {
        title: this.title,
        words: this.words,
        files: this.files,
        proposals: this.texts,
        config: this.config.diff,
        client: this.client,
        home: this.home,
        note: this.note,
        keys: this.extraKeys.map((k) => ({
          lhs: k.lhs,
          desc: k.desc,
          fn: (index: number) => vim.schedule(() => this.runKey(k, index)),
        })),
      },
      {
        accept: () => this.end(true),
        reject: (reason?: string) => this.end(false, false, reason),
        openFile: (index, hunk) => vim.schedule(() => this.openFromOverview(index, hunk)),
        wholeFile: (index) => {
          const key = this.extraKeys.find((k) => k.lhs === WHOLE_FILE_KEY);
          if (key !== undefined) vim.schedule(() => this.runKey(key, index));
          else this.overview?.dropFile(index);
        },
        decided: (index) => this.inlineChanged(index),
        inline: this.words === "turn" ? (index, hunk) => vim.schedule(() => this.openInline(index, hunk)) : undefined,
      },
    );
    if (this.inline && this.words === "turn") this.showInline();
  }

  // ---- in the user's own buffers (inline_view.ts) ---------------------------------------------------------

  /**
   * review.inline: every file whose buffer is loaded shows its hunks there, the others when opened. Shown once the
   * overview has every file's hunks (they are the document's), a few files per loop turn (INLINE_SLICE_MS): a turn of
   * many files never holds the editor.
   */
  private showInline(): void {
    const overview = this.overview;
    if (overview === undefined) return;
    let next = 0;
    // The overview's highlighting waits for them (each would hold the loop turn as long again).
    overview.highlightAfter(() => next < this.files.length && !this.life.settled);
    const step = () => {
      if (this.life.settled) return;
      if (!overview.isPrepared()) {
        vim.defer_fn(step, 0);
        return;
      }
      const start = vim.uv.hrtime();
      while (next < this.files.length && (vim.uv.hrtime() - start) / 1e6 < INLINE_SLICE_MS) {
        const buf = findBuffer(this.files[next].path, true);
        if (buf !== undefined && this.inlines.get(next) === undefined) this.attachInline(next, buf, false);
        next++;
      }
      if (next < this.files.length) vim.defer_fn(step, 0);
    };
    step();
    const byName = new LuaMap<string, number>();
    this.files.forEach((f, index) => byName.set(vim.fs.normalize(vim.fn.fnamemodify(f.path, ":p")), index));
    inlineReviews++;
    this.inlineGroup = vim.api.nvim_create_augroup(`claude-ide.inline-review.${inlineReviews}`, { clear: true });
    const opened = (buf: Buf) => {
      const index = byName.get(vim.fs.normalize(vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":p")));
      if (index !== undefined && !this.life.settled && this.inlines.get(index) === undefined)
        this.attachInline(index, buf, false);
    };
    vim.api.nvim_create_autocmd("BufWinEnter", {
      group: this.inlineGroup,
      desc: "claude-ide: a file of the turn's review, opened, shows its hunks in its buffer",
      callback: function (this: void, ev: vim.api.AutocmdArgs) {
        opened(ev.buf);
      },
    });
  }

  /** File `index` shown in `buf`; `loud`: says why when it cannot be (gi), otherwise quietly shown in the overview only. */
  private attachInline(index: number, buf: Buf, loud: boolean): InlineView | undefined {
    const overview = this.overview;
    if (overview === undefined || this.life.settled) return undefined;
    const f = this.files[index];
    if (f.deletes === true) {
      if (loud) say(`${f.label}: deleted by the turn, no buffer holds it (the overview shows it)`, "warn");
      return undefined;
    }
    // A buffer older than the file on disk (the agent wrote it) is read again first, as a revert does.
    if (vim.api.nvim_get_option_value("modified", { buf }) !== true) pcall(vim.cmd, `silent! checktime ${buf}`);
    this.inlines.get(index)?.close();
    this.inlines.delete(index);
    const [ok, made] = pcall(
      () =>
        new InlineView(
          buf,
          {
            file: () => overview.docFile(index),
            decide: (picks, pressed, tag) => overview.decideFrom(index, picks, pressed, tag),
            lastTag: (which) => overview.lastTag(which),
            undo: () => overview.undo(),
            redo: () => overview.redo(),
          },
          this.config.diff,
          f.label,
          loud,
        ),
    );
    if (!ok) {
      if (loud) say(tostring(made), "warn");
      return undefined;
    }
    this.inlines.set(index, made);
    return made;
  }

  /** File `index`'s hunks or proposal changed in the document: its inline view draws them again. */
  private inlineChanged(index: number): void {
    const view = this.inlines.get(index);
    if (view === undefined) return;
    if (view.refresh()) return;
    // A new proposal (the file's review kept, gR): its hunks are shown again if the buffer holds it.
    view.close();
    this.inlines.delete(index);
    if (vim.api.nvim_buf_is_valid(view.buf)) this.attachInline(index, view.buf, false);
  }

  /**
   * gi: file `index` in the user's own window (a window of their tab page showing it, else the window they came
   * from when it holds a file, else one split from it), its hunks drawn there, the cursor at hunk `hunk`.
   */
  private openInline(index: number, hunk: number): void {
    const overview = this.overview;
    if (overview === undefined || this.life.settled) return;
    const path = this.files[index].path;
    const origin = overview.origin.window();
    const tab = vim.api.nvim_win_is_valid(origin) ? vim.api.nvim_win_get_tabpage(origin) : 0;
    const found = findBuffer(path, true);
    const wins = vim.api.nvim_tabpage_list_wins(tab);
    const isFile = (w: Win): boolean =>
      vim.api.nvim_win_get_config(w).relative === "" &&
      vim.api.nvim_get_option_value("buftype", { buf: vim.api.nvim_win_get_buf(w) }) === "" &&
      w !== overview.win;
    let win = found === undefined ? undefined : wins.find((w) => vim.api.nvim_win_get_buf(w) === found);
    const edit = win === undefined;
    win ??= vim.api.nvim_win_is_valid(origin) && isFile(origin) ? origin : wins.find((w) => isFile(w));
    if (win === undefined) {
      vim.api.nvim_set_current_win(vim.api.nvim_win_is_valid(origin) ? origin : overview.win);
      vim.cmd(`leftabove vsplit ${vim.fn.fnameescape(path)}`);
    } else {
      vim.api.nvim_set_current_win(win);
      if (edit) vim.cmd(`edit ${vim.fn.fnameescape(path)}`);
    }
    const buf = vim.api.nvim_get_current_buf();
    const view =
      this.inlines.get(index)?.buf === buf && !(this.inlines.get(index) as InlineView).isClosed()
        ? this.inlines.get(index)
        : this.attachInline(index, buf, true);
    view?.whenShown(() => view.showHunk(math.max(0, hunk)));
  }

  /** Every inline view ends (the review is settled): their marks and keys go. */
  private closeInline(): void {
    for (const [index, view] of this.inlines) {
      view.close();
      this.inlines.delete(index);
    }
    if (this.inlineGroup !== undefined) pcall(vim.api.nvim_del_augroup_by_id, this.inlineGroup);
    this.inlineGroup = undefined;
  }

  /** Brings the user to the review when it opened behind them and waits unseen; false otherwise. */
  focusIfWaiting(): boolean {
    if (this.overview !== undefined) return this.overview.isWaiting() && this.overview.focus();
    return this.view !== undefined && this.view.isWaiting() && this.view.focus();
  }

  /** Rejected from outside (closeAllDiffTabs, server stop): the views close now, the rejection is reported. */
  reject(): void {
    this.end(false, true);
  }

  /** The call was cancelled: the views close, no decision is reported. */
  cancel(): void {
    if (!this.life.settle()) return;
    this.closeInline();
    this.closeAll();
  }

  /** A MultiRequest key for file `index`: its new proposal replaces the file's (and closes the file's review). */
  private runKey(key: MultiKey, index: number): void {
    if (this.life.settled) return;
    key.fn(index, (lines) => this.setProposal(index, lines, true));
  }

  /** Replaces file `index`'s proposal and shows it (the overview, or the single file's review again). */
  setProposal(index: number, lines: string[], replaced = false): void {
    if (this.life.settled) return;
    this.texts[index] = lines;
    if (this.overview === undefined) {
      this.replaceSingle();
      return;
    }
    this.closeFile();
    this.overview.setProposal(index, lines, replaced);
  }

  /** The single file's review shown again with its new proposal, taking over the old one's way back. */
  private replaceSingle(): void {
    const old = this.view;
    const stay = old?.hasFocus() === true;
    old?.settle();
    const [ok, err] = pcall(() => this.openFile(0, old?.origin, stay));
    old?.close(!ok);
    if (!ok) error(err, 0);
    if (stay && vim.startswith(vim.api.nvim_get_mode().mode, "i")) vim.cmd("stopinsert");
  }

  /** <CR> on a header or a hunk: file `index`'s review, its proposal as decided so far, the cursor at that hunk. */
  private openFromOverview(index: number, hunk: number): void {
    const overview = this.overview;
    if (this.life.settled || overview === undefined) return;
    this.closeFile();
    const [ok, err] = pcall(() => this.openFile(index, undefined, true, overview.decided(index)));
    if (!ok) {
      this.view = undefined;
      overview.enter();
      say(`cannot open ${this.files[index].label}'s review: ${tostring(err)}`, "error");
      return;
    }
    const line = overview.lineOf(index, math.max(0, hunk));
    if (this.view?.hasFocus() === true)
      pcall(vim.api.nvim_win_set_cursor, 0, [math.min(line, vim.api.nvim_buf_line_count(0)), 0]);
  }

  /**
   * Closes the file's review opened from the overview and goes back to the overview: `keep`, with what the user
   * made of the file (the overview is rebuilt from it); otherwise as it was.
   */
  private backToOverview(keep: boolean): void {
    const view = this.view;
    const overview = this.overview;
    if (view === undefined || overview === undefined) return;
    const lines = keep ? textLines(view.proposalText()) : undefined;
    // The hunk the user left from: the cursor goes back to it.
    const line = view.cursorLine();
    view.settle();
    // From inside an autocmd (BufWriteCmd, WinClosed) windows cannot close: on the next tick.
    vim.schedule(() => {
      if (this.view !== view || this.life.settled) return;
      const focused = view.hasFocus();
      this.view = undefined;
      view.close(false);
      if (focused) overview.enter();
      // Kept: rebuilt from the file's new text; otherwise as it was; the cursor on the hunk left from.
      if (lines !== undefined) overview.setProposal(this.index, lines);
      overview.showHunkAt(this.index, line);
    });
  }

  /** Closes the file's review opened from the overview, if any, as it was (what the user made of it is dropped). */
  private closeFile(): void {
    const view = this.view;
    if (view === undefined || this.overview === undefined) return;
    const focused = view.hasFocus();
    this.view = undefined;
    view.settle();
    view.close(false);
    if (focused) this.overview.enter();
  }

  private openFile(i: number, origin?: ReviewOrigin, enter?: boolean, lines = this.texts[i]): void {
    this.index = i;
    const f = this.files[i];
    const n = this.files.length;
    const text = linesText(lines);
    const fromOverview = this.overview !== undefined;
    const keys = this.extraKeys.map((k) => ({
      lhs: k.lhs,
      desc: k.desc,
      fn: () => vim.schedule(() => this.runKey(k, i)),
    }));
    this.view = openFileView(
      {
        tabName: fromOverview ? `${this.title} [${i + 1}/${n}]` : this.title,
        path: f.path,
        current: f.current,
        dirty: f.dirty,
        proposal: reviewText(text),
        bytes: text.length,
        filetype: f.filetype,
        renamedFrom: f.renamedFrom,
        deletes: f.deletes,
        config: this.config.diff,
        home: this.home,
        client: this.client,
        enter,
        origin,
        note: fromOverview
          ? [`File ${i + 1}/${n}`, `(${f.summary})`, this.heading()]
          : [`(${f.summary})`, this.heading()],
        words: this.words,
        fromOverview,
        overview: this.overview?.buf,
        answered: f.answered,
        currentLabel: f.baseLabel,
        keys,
      },
      fromOverview
        ? {
            accept: () => this.backToOverview(true),
            // q (or closing the file's windows) goes back; a reason (Q, :ClaudeCodeDiffDeny reason) refuses it all,
            // or in a turn review is its note (the file's review stays).
            reject: (reason?: string) => {
              if (reason === undefined) this.backToOverview(false);
              else if (typeof this.note === "function") this.note(reason);
              else this.end(false, false, reason);
            },
          }
        : { accept: () => this.end(true), reject: (reason?: string) => this.end(false, false, reason) },
    );
  }

  /** The title without what the winbar says already (`✻ [Claude Code] turn 3: …` → `turn 3: …`). */
  private heading(): string {
    const [bare] = string.gsub(this.title, "^✻ %[[^%]]*%] ", "");
    return bare;
  }

  private end(accepted: boolean, closeNow = false, reason?: string): void {
    if (!this.life.settle()) return;
    if (accepted) {
      if (this.overview === undefined) {
        if (this.view !== undefined) this.texts[this.index] = textLines(this.view.proposalText());
      } else {
        this.closeFileKeeping();
      }
    }
    const files = accepted ? (this.overview?.finals() ?? this.texts) : [];
    this.closeInline();
    this.view?.settle();
    this.overview?.settle();
    // Inside an autocmd (BufWriteCmd, WinClosed) windows cannot close safely: on the next tick.
    if (closeNow && !vim.in_fast_event()) this.closeAll();
    else vim.schedule(() => this.closeAll());
    this.onDecision(accepted ? { accepted: true, files } : { accepted: false, reason });
  }

  /** Applying with a file's review still open: what the user made of that file counts. */
  private closeFileKeeping(): void {
    const view = this.view;
    if (view === undefined || this.overview === undefined) return;
    this.overview.setProposal(this.index, textLines(view.proposalText()));
  }

  /** Closes every view of the review; focus goes back where the user was when they were in it. */
  private closeAll(): void {
    const focused = this.view?.hasFocus() === true || this.overview?.hasFocus() === true;
    const overview = this.overview;
    this.view?.settle();
    overview?.settle();
    if (overview === undefined) {
      this.view?.close();
      return;
    }
    this.view?.close(false);
    overview.close(false);
    if (focused) overview.origin.restore();
  }
}
