// What the review of one proposal has decided, for both of its views (diff_view.ts side by side, unified_view.ts
// in one window): the decisions made (gh / gH, whole hunks or part of one), the takes among them, and the takes'
// own undo history.
//
// A take copies the proposal's lines into the other side (the left side, or the original): that is no edit of
// the proposal, so Vim's own undo has none of it. `u` gives the last take back while the proposal is as that take
// left it (its change number), and `<C-r>` makes it again while the proposal is as it was then (the same change
// number, and no new edit since: undotree's seq_last, so an edit drops the redo as Vim drops its own). Otherwise
// both keys are Vim's own in the proposal: a drop is an edit of the proposal, and so is the user's typing.
// inline_view.ts keeps its decisions in the turn's review, but tells its buffer's state by the same numbers.
import { say } from "../../log";
import { getOpt, setOpt } from "./view_parts";

/** `buf`'s change number (undotree's changenr()): undo moves it back, redo forward. */
export function changeNumber(buf: Buf): number {
  return vim.api.nvim_buf_call(buf, () => vim.fn.changenr());
}

/** `buf`'s last change number (undotree's seq_last): each new edit raises it; undo and redo leave it. */
export function lastChange(buf: Buf): number {
  return vim.api.nvim_buf_call(buf, () => vim.fn.undotree().seq_last as number);
}

/**
 * The decisions of one proposal's view. `State` is what a take changes (the left side's lines, the original's
 * text); `swap(state)` puts that state back on the view's other side and returns what was there.
 */
export class ProposalDecisions<State> {
  /** Decisions made (gh / gH, and takes made again): while there are any the proposal is 'modified'. */
  private decisions = 0;
  /** Takes made (the winbar counts them: the other side is not the file any more). */
  private takenCount = 0;
  /** Each take as the other side was before it, and the proposal's change number then. */
  private readonly takes: { before: State; change: number }[] = [];
  /** What u gave back of takes, for <C-r>: the other side as the take left it, and both change numbers then. */
  private untaken: { after: State; change: number; last: number }[] = [];

  constructor(
    private readonly proposal: Buf,
    private readonly swap: (state: State) => State,
  ) {}

  /** Takes made so far. */
  taken(): number {
    return this.takenCount;
  }

  /** Hunks decided, or the proposal edited: `q` and `:q` refuse to drop that (E37). */
  decided(): boolean {
    return this.decisions > 0 || getOpt<boolean>("modified", { buf: this.proposal });
  }

  /** A take about to be made; `before` is the other side as it is now. A new take ends what <C-r> could redo. */
  taking(before: State): void {
    this.takes.push({ before, change: changeNumber(this.proposal) });
    this.untaken = [];
  }

  /** The take just begun changed nothing (no hunk there): it is not one. */
  tookNothing(): void {
    this.takes.pop();
  }

  /**
   * A decision made (`took`: a take): counted, and the proposal 'modified' even when only the other side changed,
   * so that :q refuses (E37) instead of dropping it; :w applies, :q! discards.
   */
  counted(took: boolean): void {
    if (took) this.takenCount++;
    this.decisions++;
    setOpt("modified", true, { buf: this.proposal });
  }

  /** u: the last take given back when the proposal is as it left it (true); otherwise Vim's own undo (false). */
  undo(): boolean {
    const last = this.takes[this.takes.length - 1];
    if (last === undefined || changeNumber(this.proposal) !== last.change) {
      this.byVim("u");
      return false;
    }
    this.takes.pop();
    this.untaken.push({ after: this.swap(last.before), change: last.change, last: lastChange(this.proposal) });
    this.takenCount = math.max(0, this.takenCount - 1);
    this.decisions = math.max(0, this.decisions - 1);
    return true;
  }

  /** <C-r>: the last take u gave back made again when the proposal is as it was then (true); else Vim's own redo. */
  redo(): boolean {
    const next = this.untaken[this.untaken.length - 1];
    if (next === undefined || changeNumber(this.proposal) !== next.change || lastChange(this.proposal) !== next.last) {
      this.byVim(string.char(0x12));
      return false;
    }
    this.untaken.pop();
    this.takes.push({ before: this.swap(next.after), change: next.change });
    this.counted(true);
    return true;
  }

  /** Vim's own undo (`u`) or redo (<C-r>) in the proposal, as many times as the count says. */
  private byVim(key: string): void {
    const count = math.max(1, vim.v.count as number);
    const [ok, err] = pcall(vim.api.nvim_buf_call, this.proposal, () => vim.cmd(`silent normal! ${count}${key}`));
    if (!ok) say(tostring(err), "warn");
  }
}
