// A plan reviewed in a buffer (Claude Code's ExitPlanMode, Gemini CLI's and Qwen Code's exit_plan_mode, through
// a PreToolUse / BeforeTool hook): the plan's markdown in an editable scratch buffer of its own, in a tab page
// of its own (diff.open_in_new_tab) or a window across the top, while the CLI waits.
//
//   `:w`, :ClaudeCodeDiffAccept   approve (the plan as the user left it: their edits are the plan)
//   q (asks for feedback), :ClaudeCodeDiffDeny {feedback}, closing it   refuse, with the feedback if any
//   closeAll / dispose (the CLI asked, the server stops)   gone: no answer, the CLI asks in its own dialog
//
// Like the diff views it only reports what the user does; the hook's handler answers the CLI. The buffer carries
// the same `b:claude_ide_diff` as a diff's proposal (role "proposal"), so :ClaudeCodeDiffAccept/Deny,
// statuslines and :ClaudeCodeFocus treat it as one more review.
import type { Config } from "../../config";
import type { PlanOutcome, PlanRequest } from "../../contracts";
import { say } from "../../log";
import { escapeBar, fitWinbar, type KeyEntry, keyParts, mapTable, planTable } from "./keys";
import {
  fillBuffer,
  focusHint,
  markReview,
  removeView,
  ReviewOrigin,
  reviewName,
  setUniqueName,
  takesFocus,
  ViewLife,
} from "./view_parts";
import { askReason, reasonOn } from "./reason";
import type { ReviewVar } from "../review_marks";

/** The autocmds of every open plan review (deleted with the last one). */
const AUGROUP = "claude-ide.plan";

function normalizeText(text: string): string {
  const [crlf] = string.gsub(text, "\r\n", "\n");
  const [trimmed] = string.gsub(crlf, "\n+$", "");
  return trimmed;
}

export class PlanReview {
  private readonly buf: Buf;
  private win = -1;
  /** Where the user was: focus goes back there after the review. */
  private readonly origin = new ReviewOrigin();
  /** Whether it waits unseen, its autocmds, settled or closed. */
  private readonly life = new ViewLife(AUGROUP, this.origin, () => this.mark());
  readonly title: string;

  constructor(
    private readonly config: Config,
    readonly req: PlanRequest,
    private readonly onDecision: (this: void, outcome: PlanOutcome) => void,
    /** The terminal the asking agent runs in: diff.focus "auto" takes the focus only from there, like every review. */
    home?: Buf,
  ) {
    this.title = `✻ [${req.client}] plan: ${req.name}`;
    this.buf = vim.api.nvim_create_buf(false, true);
    const buf = this.buf;
    vim.api.nvim_set_option_value("bufhidden", "wipe", { buf });
    vim.api.nvim_set_option_value("undolevels", -1, { buf });
    const [unix] = string.gsub(req.plan, "\r\n", "\n");
    const [plan] = string.gsub(unix, "\n$", "");
    fillBuffer(buf, vim.split(plan, "\n", { plain: true }));
    vim.api.nvim_set_option_value("undolevels", vim.go.undolevels, { buf });
    vim.api.nvim_set_option_value("buftype", "acwrite", { buf });
    vim.api.nvim_set_option_value("swapfile", false, { buf });
    setUniqueName(buf, reviewName(this.title));
    vim.api.nvim_set_option_value("filetype", "markdown", { buf });
    vim.api.nvim_set_option_value("modified", false, { buf });
    const [ok, err] = pcall(() => this.show(takesFocus(config.diff.focus, home)));
    if (!ok) {
      this.close();
      error(err, 0);
    }
  }

  /** The plan as the user left it (lines joined, one final newline). */
  text(): string {
    return table.concat(vim.api.nvim_buf_get_lines(this.buf, 0, -1, true), "\n") + "\n";
  }

  /** Opened behind the user and not visited yet. */
  isWaiting(): boolean {
    return this.life.waiting.is();
  }

  /** Brings the user to the plan (:ClaudeCodeFocus); false when its window is gone. */
  focus(): boolean {
    return this.life.focus(this.win, [this.win]);
  }

  /**
   * Ended from outside, without the user (closeAllDiffTabs, server stop, the CLI's terminal closed). `closeNow`
   * false inside an autocmd (a terminal's BufUnload): the view closes on the next tick.
   */
  drop(closeNow = true): void {
    this.end({ kind: "gone" }, closeNow);
  }

  /** The hook went away (its CLI gave up waiting, or quit): the view closes, nothing is reported. */
  cancel(): void {
    if (!this.settle()) return;
    this.close();
  }

  private approve(): void {
    const text = this.text();
    this.end({ kind: "approved", text, edited: normalizeText(text) !== normalizeText(this.req.plan) }, false);
  }

  private refuse(feedback: string | undefined): void {
    this.end({ kind: "refused", feedback }, false);
  }

  private end(outcome: PlanOutcome, closeNow: boolean): void {
    if (!this.settle()) return;
    // Inside an autocmd (BufWriteCmd, WinClosed, BufUnload) windows cannot close safely: on the next tick.
    if (closeNow && !vim.in_fast_event()) this.close();
    else vim.schedule(() => this.close());
    this.onDecision(outcome);
  }

  private show(enter: boolean): void {
    const opened = this.origin.open(this.buf, enter, this.config.diff.open_in_new_tab, this.title);
    this.win = opened.win;
    this.origin.settle(enter, opened.originTab);
    vim.api.nvim_set_option_value("wrap", true, { win: this.win, scope: "local" });
    vim.api.nvim_set_option_value("linebreak", true, { win: this.win, scope: "local" });
    this.life.waiting.begin(!enter, this.req.client);
    this.mark();
    this.setWinbar();
    this.setKeymaps();
    this.watch();
    if (this.life.waiting.is()) say(`${this.req.client} waits for you to review its plan: ${focusHint()} shows it`);
  }

  private mark(): void {
    const value: ReviewVar = {
      tab_name: this.title,
      role: "proposal",
      proposal: this.buf,
      file: this.req.name,
      plan: true,
    };
    markReview(this.buf, value, this.life.waiting.is());
  }

  private keys?: KeyEntry[];

  /** The plan's keys: mapped, in the winbar, in the g? float (keys.ts planTable). */
  private keyTable(): KeyEntry[] {
    const ask = () =>
      askReason("Feedback on the plan (sent to the model): ", (feedback) => {
        if (!this.life.settled) this.refuse(feedback);
      });
    const approve = this.req.canApprove ? "approve" : `answer in ${this.req.client}'s own dialog`;
    return planTable(this.config.diff, approve, { approve: () => this.approve(), refuse: ask });
  }

  /** The plan's title, then its keys; parts go whole by rank when the window is narrow (fitWinbar). */
  private setWinbar(): void {
    // The title without the ✻ mark of tab names (a glyph many fonts lack); the tab page keeps it whole.
    const [unmarked] = string.gsub(this.title, "^✻%s*", "");
    this.keys ??= this.keyTable();
    fitWinbar(this.win, ` ${escapeBar(unmarked)} (editable)`, keyParts(this.keys));
  }

  private setKeymaps(): void {
    this.keys ??= this.keyTable();
    mapTable([this.buf], this.keys);
  }

  private watch(): void {
    // Neovim quitting closes the plan too: that is no refusal (the hook then answers nothing: the CLI's dialog).
    const refuse = () => {
      if (typeof vim.v.exiting === "number") this.drop(false);
      else this.refuse(reasonOn(this.buf));
    };
    this.life.autocmds.acceptOnWrite(this.buf, "claude-ide: :w in a plan approves it (nothing is written)", () =>
      this.approve(),
    );
    this.life.autocmds.watchLife(
      [this.win],
      [this.buf],
      {
        closed: "claude-ide: closing the plan refuses it",
        unloaded: "claude-ide: deleting the plan refuses it",
        resized: "claude-ide: fit the plan's winbar",
        seen: "claude-ide: a plan the user visits no longer waits",
      },
      { closed: refuse, seen: () => this.life.seen(), resized: () => this.setWinbar() },
    );
  }

  /** Stops reporting: autocmds and the review mark go (the window may still be on screen). False: settled already. */
  private settle(): boolean {
    return this.life.settle([this.buf]);
  }

  /**
   * Settles, then removes the window (its tab page) and the buffer (removeView), once; focus goes back where the
   * user was. Never throws.
   */
  private close(): void {
    this.life.close(
      () => this.settle(),
      () => removeView([this.win], [this.buf], this.origin, vim.api.nvim_get_current_win() === this.win),
    );
  }
}
