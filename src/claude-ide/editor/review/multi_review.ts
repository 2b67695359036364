// A review of an edit that spans several files (an LSP rename, a code action, organize imports): one diff
// view at a time, in the same UI as openDiff's review (diff_view.ts), walked file by file with ]f / [f, and
// ONE decision for the whole edit. Accepting (<CR>, :w, :ClaudeCodeDiffAccept) in any file accepts every
// file, with whatever the user changed in the proposals they looked at; rejecting (q, closing the view,
// :ClaudeCodeDiffDeny, closeAllDiffTabs) rejects every file. A single-file edit is the plain review without the
// file keys. A file the edit renames is shown under its new path (its old text against its new one), a file it
// deletes as its text against an empty proposal that cannot be edited; the winbar says which.
import type { Config } from "../../config";
import type { MultiKey, MultiOutcome, ReviewFile } from "../../contracts";
import { linesText, reviewText, textLines } from "./diff_text";
import { type FileView, openFileView } from "./file_view";
import type { ReviewOrigin } from "./view_parts";

export const NEXT_FILE_KEY = "]f";
export const PREV_FILE_KEY = "[f";

export class MultiReview {
  private index = 0;
  private view?: FileView;
  private ended = false;
  private readonly texts: string[][];
  /** The next file shown takes the focus: the user is in the review (go()). */
  private stay = false;

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
  ) {
    this.texts = files.map((f) => f.proposal);
  }

  /** Shows the first file. Throws when Neovim refuses to open the view (nothing is left behind). */
  show(): void {
    this.open(0);
  }

  /** Brings the user to the view when it opened behind them and waits unseen; false otherwise. */
  focusIfWaiting(): boolean {
    return this.view !== undefined && this.view.isWaiting() && this.view.focus();
  }

  /** Which file is shown (0-based) and how many there are. */
  position(): { index: number; count: number } {
    return { index: this.index, count: this.files.length };
  }

  /** Rejected from outside (closeAllDiffTabs, server stop): the view closes now, the rejection is reported. */
  reject(): void {
    this.end(false, true);
  }

  /** The call was cancelled: the view closes, no decision is reported. */
  cancel(): void {
    if (this.ended) return;
    this.ended = true;
    this.view?.settle();
    this.view?.close();
  }

  /** Shows file `i` (wrapping around), keeping what the user changed in the current one. */
  go(i: number): void {
    if (this.ended || this.files.length < 2) return;
    this.keepCurrent();
    this.replaceView(((i % this.files.length) + this.files.length) % this.files.length);
  }

  /** Replaces file `i`'s proposal and shows that file again (a key of MultiRequest.keys). */
  setProposal(i: number, lines: string[]): void {
    if (this.ended) return;
    this.texts[i] = lines;
    this.replaceView(i);
  }

  /**
   * Shows file `i` in place of the file shown now. The next view opens before the old one closes, and takes
   * over its way back: closing the old one never goes back to where the user came from (the agent's terminal,
   * whose Terminal mode would then be entered under the next file's proposal and take the user's next keys as
   * text). The user moving from file to file stays in the review, in Normal mode.
   */
  private replaceView(i: number): void {
    const old = this.view;
    this.stay = old?.hasFocus() === true;
    old?.settle();
    const [ok, err] = pcall(() => this.open(i, old?.origin));
    old?.close(!ok);
    if (!ok) error(err, 0);
    if (this.stay && vim.startswith(vim.api.nvim_get_mode().mode, "i")) vim.cmd("stopinsert");
  }

  private keepCurrent(): void {
    if (this.view !== undefined) this.texts[this.index] = textLines(this.view.proposalText());
  }

  private open(i: number, origin?: ReviewOrigin): void {
    this.index = i;
    const f = this.files[i];
    const n = this.files.length;
    const text = linesText(this.texts[i]);
    const multi = n > 1;
    const extra = this.extraKeys.map((k) => ({
      lhs: k.lhs,
      desc: k.desc,
      fn: () => {
        const index = this.index;
        vim.schedule(() => k.fn(index, (lines) => this.setProposal(index, lines)));
      },
    }));
    const keys = multi
      ? [
          ...extra,
          {
            lhs: NEXT_FILE_KEY,
            desc: "next file of this review",
            fn: () => vim.schedule(() => this.go(this.index + 1)),
            hint: `${NEXT_FILE_KEY}/${PREV_FILE_KEY} next/prev file`,
          },
          {
            lhs: PREV_FILE_KEY,
            desc: "previous file of this review",
            fn: () => vim.schedule(() => this.go(this.index - 1)),
          },
        ]
      : extra;
    this.view = openFileView(
      {
        tabName: multi ? `${this.title} [${i + 1}/${n}]` : this.title,
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
        enter: this.stay ? true : undefined,
        origin,
        note: multi ? [`File ${i + 1}/${n}`, `(${f.summary})`, this.heading()] : [`(${f.summary})`, this.heading()],
        acceptHint: multi ? `accept all ${n} files` : undefined,
        currentLabel: f.baseLabel,
        keys,
      },
      { accept: () => this.end(true), reject: (reason?: string) => this.end(false, false, reason) },
    );
  }

  /** The title without what the winbar says already (`✻ [Claude Code] turn 3: …` → `turn 3: …`). */
  private heading(): string {
    const [bare] = string.gsub(this.title, "^✻ %[[^%]]*%] ", "");
    return bare;
  }

  private end(accepted: boolean, closeNow = false, reason?: string): void {
    if (this.ended) return;
    this.ended = true;
    if (accepted) this.keepCurrent();
    const view = this.view;
    view?.settle();
    // Inside an autocmd (BufWriteCmd, WinClosed) windows cannot close safely: on the next tick.
    if (closeNow && !vim.in_fast_event()) view?.close();
    else vim.schedule(() => view?.close());
    this.onDecision(accepted ? { accepted: true, files: this.texts } : { accepted: false, reason });
  }
}
