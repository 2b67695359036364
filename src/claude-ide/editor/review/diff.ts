// The diff review behind openDiff (and the agent's edit): one Review per tab_name, each answered exactly once.
// The multi-file reviews of the LSP tools (multi_review.ts) are kept here too, so that closeAllDiffTabs and a
// server stop reject them like the others.
//
//   pending ──accept──▶ answered FILE_SAVED + text  (a text equal to the file on disk: DIFF_REJECTED, as the
//      │                                              CLI counts it anyway; then the file's buffer follows
//      │                                              the CLI's write, see diff_follow.ts)
//      ├──reject / close / close_tab / closeAll / stop──▶ answered DIFF_REJECTED + tab_name
//      └──cancel (client gone, notifications/cancelled)──▶ no answer
//
// Never TAB_CLOSED: the CLI takes it for an accept (doc/protocol.md §5). The plugin never writes the file: the
// CLI does, with the text we answer. The view closes with every ending.
import type { Config } from "../../config";
import { Logger, say } from "../../log";
import type {
  DiffOutcome,
  DiffRequest,
  DiffService,
  LineNotes,
  MultiOutcome,
  PendingReview,
  PlanOutcome,
  ReviewScope,
} from "../../contracts";
import { dict } from "../../util/json";
import { findBuffer } from "../buffers";
import { WriteFollower } from "./diff_follow";
import { linesText, normalizeEol, readFile, type ReviewText, reviewText } from "./diff_text";
import { type FileView, openFileView } from "./file_view";
import { Life } from "./model";
import { TAB_VAR, writeToAccept } from "./view_parts";
import { REVIEW_VAR, type ReviewVar } from "../review_marks";
import { MultiReview } from "./multi_review";
import { PlanReview } from "./plan_review";
import { cleanReason, REASON_VAR } from "./reason";
import { CLIENT_GONE } from "../../protocol/blocking";
import { writeFileAtomic } from "../../util/fs";

/**
 * `User` autocmd patterns, with data { tab_name, file, client? } and, when resolved, `result` (and `reason`: what
 * the user gave for a rejection, if anything).
 */
export const EVENT_OPENED = "ClaudeIdeDiffOpened";
export const EVENT_RESOLVED = "ClaudeIdeDiffResolved";

/** ClaudeIdeDiffResolved's `result`: what the CLI was answered; CANCELLED: nothing, the call was gone. */
export type ReviewResult = "FILE_SAVED" | "DIFF_REJECTED" | "CANCELLED";

type Listener = (this: void, outcome: DiffOutcome) => void;

/** One pending review: the view, and the parked openDiff call waiting for its outcome. */
class Review implements PendingReview {
  private outcome?: DiffOutcome;
  private listener?: Listener;
  private readonly life = new Life();
  view!: FileView;
  /** The file's text as the review showed it (its left side; undefined: a new file). */
  before?: string;

  constructor(
    readonly req: DiffRequest,
    private readonly owner: DiffManager,
  ) {}

  onDecision: PendingReview["onDecision"] = (listener) => {
    if (this.outcome !== undefined) listener(this.outcome);
    else this.listener = listener;
  };

  /** Its session is gone (orphanFor): why, as the user reads it; the review answers no one any more. */
  orphaned?: string;

  cancel: PendingReview["cancel"] = (reason) => {
    const why =
      reason === CLIENT_GONE && this.req.clientId !== undefined ? this.owner.orphanWhy(this.req.clientId) : undefined;
    if (why !== undefined) this.orphan(why);
    else this.end(undefined, "CANCELLED", true);
  };

  /** The review outlives its call: it stays open and says so; :w writes the file here, q closes it. */
  orphan(why: string): void {
    if (this.life.settled || this.orphaned !== undefined) return;
    this.orphaned = why;
    this.listener = undefined;
    const note = `${why}: :w writes here, the agent will not hear it`;
    for (const buf of vim.api.nvim_list_bufs()) {
      const v = vim.b[buf][REVIEW_VAR] as ReviewVar | undefined;
      if (v?.tab_name !== this.req.tabName) continue;
      pcall(vim.api.nvim_buf_set_var, buf, REVIEW_VAR, { ...v, gone: why });
      for (const win of vim.fn.win_findbuf(buf)) {
        const bar = vim.wo[win].winbar as string;
        if (string.find(bar, note, 1, true)[0] === undefined)
          vim.wo[win].winbar = `%#WarningMsg#[${string.gsub(note, "%%", "%%%%")[0]}]%* ${bar}`;
      }
    }
    say(
      `${why}: the review of ${vim.fn.fnamemodify(this.req.newPath, ":t")} stays open; accepting it (:w) writes the file here, and the agent will not hear of it`,
      "warn",
    );
  }

  /** Answers with the proposal as it is now (the user may have edited it). */
  accept(closeNow: boolean): void {
    if (this.life.settled) return;
    const text = this.view.proposalText();
    if (this.orphaned !== undefined) {
      // No CLI writes it now: the file is written here, as the proposal stands.
      const [stat] = vim.uv.fs_stat(this.req.newPath);
      const written = writeFileAtomic(this.req.newPath, text, stat !== undefined ? stat.mode % 0o1000 : 0o644);
      if (!written.ok) {
        say(`${vim.fn.fnamemodify(this.req.newPath, ":t")} could not be written: ${written.error}`, "error");
        return;
      }
      say(
        `${vim.fn.fnamemodify(this.req.newPath, ":t")} written here; ${this.orphaned}: the agent will not hear of it`,
        "warn",
      );
      this.end({ accepted: true, text }, "FILE_SAVED", closeNow);
      return;
    }
    const disk = this.req.writer === "plugin" ? undefined : readFile(this.req.newPath);
    if (disk !== undefined && disk.ok && normalizeEol(text) === normalizeEol(disk.text ?? "")) {
      say(
        `the proposal for ${vim.fn.fnamemodify(this.req.newPath, ":t")} leaves the file unchanged: answered as a rejection`,
        "warn",
      );
      this.reject(closeNow);
      return;
    }
    this.end({ accepted: true, text }, "FILE_SAVED", closeNow);
  }

  reject(closeNow: boolean, reason?: string): void {
    this.end({ accepted: false, reason }, "DIFF_REJECTED", closeNow);
  }

  /**
   * Ends the review once: closes the view (now, or on the next tick when inside an autocmd where windows
   * cannot close safely), reports the result, then hands the outcome to the parked call: at once for openDiff,
   * on the next tick when the plugin applies it (the agent's edit, see below).
   */
  private end(outcome: DiffOutcome | undefined, result: ReviewResult, closeNow: boolean): void {
    if (!this.life.settle()) return;
    this.outcome = outcome;
    this.owner.forget(this);
    this.view.settle();
    const finish = () => {
      this.view.close();
      this.owner.emit(
        EVENT_RESOLVED,
        this.req,
        result,
        outcome?.accepted === false ? outcome.reason : undefined,
        outcome?.accepted === true ? outcome.text : undefined,
        outcome?.accepted === true ? this.before : undefined,
      );
    };
    if (closeNow && !vim.in_fast_event()) finish();
    else vim.schedule(finish);
    if (outcome?.accepted && (this.req.writer !== "plugin" || this.orphaned !== undefined))
      this.owner.follow(this.req.newPath, outcome.text);
    const listener = this.listener;
    this.listener = undefined;
    if (outcome === undefined || listener === undefined) return;
    // The agent's edit applies an accepted outcome itself and writes the file's buffer. The decision comes from
    // inside the proposal's BufWriteCmd (:w, :ClaudeCodeDiffAccept), where autocmds do not nest: that write would
    // skip the file's BufWritePre/BufWritePost (format-on-save, the language server's didSave). On the next tick
    // it is a write like the user's own, after the view's close (scheduled first). openDiff's call only answers
    // the CLI, which writes the file; its buffer follows from a timer (diff_follow.ts), outside any autocmd.
    if (this.req.writer === "plugin") vim.schedule(() => listener(outcome));
    else listener(outcome);
  }
}

/** The left side: the file's buffer when loaded (with unsaved edits, if any), else the file on disk. */
function currentText(
  path: string,
):
  | { ok: true; lines: ReviewText["lines"] | undefined; dirty: boolean; filetype?: string }
  | { ok: false; error: string } {
  const buf = findBuffer(path);
  if (buf !== undefined && vim.api.nvim_buf_is_loaded(buf)) {
    const filetype = vim.api.nvim_get_option_value("filetype", { buf }) as string;
    return {
      ok: true,
      lines: vim.api.nvim_buf_get_lines(buf, 0, -1, true),
      dirty: vim.api.nvim_get_option_value("modified", { buf }) as boolean,
      filetype: filetype !== "" ? filetype : undefined,
    };
  }
  const disk = readFile(path);
  if (!disk.ok) return disk;
  return { ok: true, lines: disk.text === undefined ? undefined : reviewText(disk.text).lines, dirty: false };
}

/**
 * The PendingReview of a multi-file or plan review: the outcome, once there is one, goes to the listener (one
 * that comes later gets it at once); `cancel` ends the review without an outcome.
 */
function pendingReview<O>(cancel: (this: void) => void): {
  pending: PendingReview<O>;
  settle: (this: void, outcome: O, deliver?: (this: void, fn: (this: void) => void) => void) => void;
} {
  let outcome: O | undefined;
  let listener: ((this: void, o: O) => void) | undefined;
  return {
    pending: {
      onDecision: (l) => {
        if (outcome !== undefined) l(outcome);
        else listener = l;
      },
      cancel,
    },
    // `deliver`: when the listener hears of it (default: now).
    settle: (o, deliver = (fn) => fn()) => {
      outcome = o;
      deliver(() => {
        const waiting = listener;
        listener = undefined;
        if (waiting !== undefined) waiting(o);
      });
    },
  };
}

/** A one-file review's key: the session that asked for it (none: a spec, the user) and its tab_name. */
function reviewKey(clientId: number | undefined, tabName: string): string {
  return `${clientId ?? "-"}\n${tabName}`;
}

/** Reviews one client (session) may have waiting for the user at once; one more is refused with an error. */
export const MAX_PENDING_REVIEWS = 16;

/** Every review of one running server (Services.diff). */
export class DiffManager implements DiffService {
  /**
   * Pending reviews by session and tab_name (reviewKey): two Claude sessions proposing an edit to files of the
   * same name get the same tab_name from their CLIs, and one must not replace (reject) the other's review.
   */
  private readonly reviews = new LuaMap<string, Review>();
  /** Pending multi-file reviews (LSP WorkspaceEdits). */
  private readonly multis = new LuaMap<MultiReview, number | false>();
  /** Pending plan reviews (hooks: ExitPlanMode), by the connection they belong to (false: none). */
  private readonly plans = new LuaMap<PlanReview, number | false>();
  /** At most one per file: a later accept of the same file replaces the earlier follower. */
  private readonly followers = new LuaMap<string, WriteFollower>();
  private readonly log: Logger;

  /**
   * `terminalOf`: the terminal buffer a connection's CLI runs in (Hub.terminalOf): with diff.focus "auto" its
   * review takes the focus only from there.
   */
  constructor(
    private readonly config: Config,
    private readonly terminalOf?: (this: void, clientId: number) => number | undefined,
  ) {
    this.log = new Logger(config.log_level);
  }

  /** The terminal the agent asking with connection `clientId` runs in, if known. */
  private homeOf(clientId: number | undefined): number | undefined {
    if (clientId === undefined || this.terminalOf === undefined) return undefined;
    const [ok, buf] = pcall(this.terminalOf, clientId);
    return ok ? buf : undefined;
  }

  open: DiffService["open"] = (req) => {
    for (const [arg, path] of [
      ["old_file_path", req.oldPath],
      ["new_file_path", req.newPath],
    ]) {
      const [stat] = vim.uv.fs_stat(path);
      if (stat?.type === "directory") return { ok: false, error: `${arg}: ${path} is a directory` };
    }
    const current = currentText(req.oldPath);
    if (!current.ok) return { ok: false, error: `old_file_path: ${current.error}` };
    const replaced = this.reviews.get(reviewKey(req.clientId, req.tabName));
    if (replaced === undefined) {
      const full = this.capReached(req.clientId);
      if (full !== undefined) return { ok: false, error: full };
    }
    replaced?.reject(true);

    const review = new Review(req, this);
    const lines = current.lines;
    review.before = lines === undefined ? undefined : typeof lines === "string" ? lines : linesText(lines);
    const spec = {
      tabName: req.tabName,
      path: req.newPath,
      current: current.lines,
      dirty: current.dirty,
      proposal: reviewText(req.contents),
      bytes: req.contents.length,
      filetype: current.filetype,
      config: this.config.diff,
      source: req.source,
      client: req.client,
      home: this.homeOf(req.clientId),
    };
    const events = {
      accept: () => review.accept(false),
      reject: (reason?: string) => review.reject(false, reason),
    };
    const [ok, view] = pcall(() => openFileView(spec, events));
    if (!ok) return { ok: false, error: `cannot show the diff: ${tostring(view)}` };
    review.view = view;
    this.reviews.set(reviewKey(req.clientId, req.tabName), review);
    this.emit(EVENT_OPENED, req);
    return { ok: true, review };
  };

  /** Why client `clientId` may not open one more review (it has MAX_PENDING_REVIEWS waiting), or undefined. */
  private capReached(clientId: number | undefined): string | undefined {
    if (clientId === undefined || this.pendingFor((id) => id === clientId) < MAX_PENDING_REVIEWS) return undefined;
    return `${MAX_PENDING_REVIEWS} reviews of this session are already waiting for the user (the most one session may have open): wait until the user has decided on them before proposing more`;
  }

  openMulti: DiffService["openMulti"] = (req) => {
    const full = this.capReached(req.clientId);
    if (full !== undefined) return { ok: false, error: full };
    // The same User events as openDiff's reviews (statuslines and hooks see every review); file: the first one.
    const emit = (pattern: string, result?: ReviewResult, reason?: string) =>
      this.emitFor(pattern, req.title, req.files[0]?.path ?? "", result, req.client, reason);
    const home = this.homeOf(req.clientId);
    const waiter = pendingReview<MultiOutcome>(() => this.cancelIn(this.multis, review, emit));
    const review: MultiReview = new MultiReview(
      this.config,
      req.title,
      req.files,
      home,
      (o) => {
        this.multis.delete(review);
        vim.schedule(() =>
          emit(EVENT_RESOLVED, o.accepted ? "FILE_SAVED" : "DIFF_REJECTED", o.accepted ? undefined : o.reason),
        );
        // Handed over on the next tick: the decision comes from inside an autocmd (BufWriteCmd, WinClosed), where
        // nested autocmds do not run, and applying an accepted edit moves, reloads, writes and wipes buffers (whose
        // BufRead/BufWrite autocmds must run). The view's own close was scheduled first, so it is gone by then.
        waiter.settle(o, (fn) => vim.schedule(fn));
      },
      req.keys,
      req.client,
      req.turn === true ? "turn" : "proposal",
      req.note,
      req.inline === true,
    );
    const [ok, err] = pcall(() => review.show());
    if (!ok) return { ok: false, error: `cannot show the review: ${tostring(err)}` };
    // false: asked by no connection (a LuaMap value cannot be nil).
    this.multis.set(review, req.clientId ?? false);
    emit(EVENT_OPENED);
    return { ok: true, review: waiter.pending };
  };

  openPlan: DiffService["openPlan"] = (req) => {
    const full = this.capReached(req.clientId);
    if (full !== undefined) return { ok: false, error: full };
    const emit = (pattern: string, result?: ReviewResult, reason?: string) =>
      this.emitFor(pattern, review.title, req.name, result, req.client, reason);
    let review!: PlanReview;
    const waiter = pendingReview<PlanOutcome>(() => this.cancelIn(this.plans, review, emit));
    const decided = (o: PlanOutcome) => {
      this.plans.delete(review);
      const result = o.kind === "approved" ? "FILE_SAVED" : o.kind === "refused" ? "DIFF_REJECTED" : "CANCELLED";
      vim.schedule(() => emit(EVENT_RESOLVED, result, o.kind === "refused" ? o.feedback : undefined));
      waiter.settle(o);
    };
    const [ok, made] = pcall(() => new PlanReview(this.config, req, decided, this.homeOf(req.clientId)));
    if (!ok) return { ok: false, error: `cannot show the plan: ${tostring(made)}` };
    review = made;
    this.plans.set(review, req.clientId ?? false);
    emit(EVENT_OPENED);
    return { ok: true, review: waiter.pending };
  };

  /** A multi-file or plan review's call was cancelled: still pending, it closes and says so (no decision). */
  private cancelIn<R extends { cancel(): void }>(
    pending: LuaMap<R, number | false>,
    review: R,
    emit: (this: void, pattern: string, result?: ReviewResult) => void,
  ): void {
    if (!pending.has(review)) return;
    pending.delete(review);
    review.cancel();
    emit(EVENT_RESOLVED, "CANCELLED");
  }

  /** The plan reviews within `scope` (all without one). */
  private plansIn(scope?: ReviewScope): PlanReview[] {
    const found: PlanReview[] = [];
    for (const [plan, client] of this.plans)
      if (scope === undefined || scope(client === false ? undefined : client)) found.push(plan);
    return found;
  }

  closeAll: DiffService["closeAll"] = (scope) => {
    const pending: Review[] = [];
    for (const [, review] of this.reviews) if (scope === undefined || scope(review.req.clientId)) pending.push(review);
    for (const review of pending) review.reject(true);
    const multis: MultiReview[] = [];
    for (const [review, client] of this.multis)
      if (scope === undefined || scope(client === false ? undefined : client)) multis.push(review);
    for (const review of multis) review.reject();
    const plans = this.plansIn(scope);
    for (const plan of plans) plan.drop();
    return pending.length + multis.length + plans.length;
  };

  closeTab: DiffService["closeTab"] = (tabName, scope) => {
    const review = this.named(tabName, scope);
    if (review !== undefined) {
      review.reject(true);
      return true;
    }
    // A multi-file review by its title, or by the name its tab shows (`title [2/3]`).
    const [title] = string.gsub(tabName, " %[%d+/%d+%]$", "");
    for (const [multi, client] of this.multis) {
      if (multi.title !== title) continue;
      if (scope !== undefined && !scope(client === false ? undefined : client)) return false;
      multi.reject();
      return true;
    }
    const plan = this.plansIn(scope).find((p) => p.title === tabName);
    if (plan === undefined) return false;
    plan.drop();
    return true;
  };

  proposalOf: DiffService["proposalOf"] = (tabName, scope) => this.named(tabName, scope)?.view.proposalText();

  /** The pending one-file review named `tabName` within `scope` (any session's without one). */
  private named(tabName: string, scope?: ReviewScope): Review | undefined {
    for (const [, review] of this.reviews)
      if (review.req.tabName === tabName && (scope === undefined || scope(review.req.clientId))) return review;
    return undefined;
  }

  private orphanRule?: (this: void, clientId: number) => string | undefined;

  setOrphanRule: DiffService["setOrphanRule"] = (rule) => {
    this.orphanRule = rule;
  };

  /** Why the reviews of connection `clientId` outlive it (the orphan rule), or undefined: they close with it. */
  orphanWhy(clientId: number): string | undefined {
    if (this.orphanRule === undefined) return undefined;
    const [ok, why] = pcall(this.orphanRule, clientId);
    return ok ? why : undefined;
  }

  orphanFor: DiffService["orphanFor"] = (clientIds, why) => {
    let n = 0;
    for (const [, review] of this.reviews)
      if (
        review.req.clientId !== undefined &&
        clientIds.includes(review.req.clientId) &&
        review.orphaned === undefined
      ) {
        review.orphan(why);
        n++;
      }
    return n;
  };

  rejectFor: DiffService["rejectFor"] = (clientIds) => {
    const theirs: Review[] = [];
    for (const [, review] of this.reviews)
      if (review.req.clientId !== undefined && clientIds.includes(review.req.clientId) && review.orphaned === undefined)
        theirs.push(review);
    // Not closed at once: this runs from a terminal's BufUnload, where windows must not close.
    for (const review of theirs) review.reject(false);
    const plans = this.plansIn((id) => id !== undefined && clientIds.includes(id));
    for (const plan of plans) plan.drop(false);
    return theirs.length + plans.length;
  };

  pendingFor: DiffService["pendingFor"] = (scope) => {
    let n = 0;
    for (const [, review] of this.reviews) if (scope(review.req.clientId)) n++;
    for (const [, client] of this.multis) if (scope(client === false ? undefined : client)) n++;
    return n + this.plansIn(scope).length;
  };

  focusWaiting: DiffService["focusWaiting"] = () => {
    for (const [, review] of this.reviews) if (review.view.isWaiting() && review.view.focus()) return true;
    for (const [review] of this.multis) if (review.focusIfWaiting()) return true;
    for (const [plan] of this.plans) if (plan.isWaiting() && plan.focus()) return true;
    return false;
  };

  dispose: DiffService["dispose"] = () => {
    this.closeAll();
    const followers: WriteFollower[] = [];
    for (const [, f] of this.followers) followers.push(f);
    for (const f of followers) f.stop();
  };

  /** A review ended: no longer pending (called by Review). */
  forget(review: Review): void {
    const key = reviewKey(review.req.clientId, review.req.tabName);
    if (this.reviews.get(key) === review) this.reviews.delete(key);
  }

  /** After an accept: make the file's buffer follow the CLI's write (only when there is such a buffer). */
  follow(path: string, text: string): void {
    const buf = findBuffer(path);
    if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) return;
    // The newer accepted text is the one the CLI writes last: the earlier follower of this file has nothing
    // left to wait for (and followers of a burst of accepts would each hold a timer and a watcher for 30 s).
    this.followers.get(path)?.stop();
    const follower: WriteFollower = new WriteFollower(path, normalizeEol(text), this.log, () => {
      if (this.followers.get(path) === follower) this.followers.delete(path);
    });
    this.followers.set(path, follower);
    follower.start();
  }

  /**
   * Fires a `User` autocmd for statuslines and user hooks; a failing hook is reported, never raised. `text`: an
   * accepted review's final text, `before`: the file's text it was proposed against (the turn review counts the
   * hunks between them as reviewed).
   */
  emit(
    pattern: string,
    req: DiffRequest,
    result?: ReviewResult,
    reason?: string,
    text?: string,
    before?: string,
  ): void {
    this.emitFor(pattern, req.tabName, req.newPath, result, req.client, reason, text, before);
  }

  private emitFor(
    pattern: string,
    tabName: string,
    file: string,
    result?: ReviewResult,
    client?: string,
    reason?: string,
    text?: string,
    before?: string,
  ): void {
    const data = dict({ tab_name: tabName, file, result, client, reason, text, before });
    const [ok, err] = pcall(vim.api.nvim_exec_autocmds, "User", { pattern, modeline: false, data });
    if (!ok) this.log.error(`a ${pattern} autocmd failed: ${tostring(err)}`);
  }
}

interface Proposal {
  buf: Buf;
  tabName: string;
  file?: string;
}

/** The proposal buffers of every open review (of every server), oldest first. */
function proposalBuffers(): Proposal[] {
  const found: Proposal[] = [];
  for (const buf of vim.api.nvim_list_bufs()) {
    const v = vim.b[buf][REVIEW_VAR] as ReviewVar | undefined;
    if (v !== undefined && v.role === "proposal") found.push({ buf, tabName: v.tab_name, file: v.file });
  }
  return found;
}

/** "a.txt (tab name)": which review, as messages and the choice list name it. */
function describeProposal(p: Proposal): string {
  return p.file !== undefined && p.file !== p.tabName ? `${p.file} (${p.tabName})` : p.tabName;
}

/** The proposal buffer of the review the cursor is in: its window, else its tab page. */
function proposalHere(proposals: Proposal[]): Buf | undefined {
  const inWindow = vim.b[vim.api.nvim_get_current_buf()][REVIEW_VAR] as ReviewVar | undefined;
  if (inWindow !== undefined) return inWindow.proposal;
  const [inTab, tabName] = pcall(vim.api.nvim_tabpage_get_var, 0, TAB_VAR);
  if (!inTab) return undefined;
  // This tab page's own review window first: two sessions may each have a review of that name.
  for (const win of vim.api.nvim_tabpage_list_wins(0)) {
    const v = vim.b[vim.api.nvim_win_get_buf(win)][REVIEW_VAR] as ReviewVar | undefined;
    if (v !== undefined && v.tab_name === tabName) return v.proposal;
  }
  return proposals.find((p) => p.tabName === tabName)?.buf;
}

/**
 * Calls `act` with the proposal buffer of the review the cursor is in (its window, else its tab page); from anywhere
 * else with the only open review's (`what` then names it: the message says which one was answered), else with the
 * one the user picks (`verb`: the choice's prompt, "Accept"). Says so when no review is open.
 */
function withProposal(verb: string, act: (this: void, buf: Buf, what?: string) => void): void {
  const proposals = proposalBuffers();
  if (proposals.length === 0) {
    say("no diff review is open");
    return;
  }
  const here = proposalHere(proposals);
  if (here !== undefined) act(here);
  // Pressed away from the review (a key out of habit, say): the message tells which one was answered.
  else if (proposals.length === 1) act(proposals[0].buf, describeProposal(proposals[0]));
  else {
    // `this: void`: the typing of format_item (a function-typed property) would otherwise get a self argument.
    const formatItem = function (this: void, p: Proposal) {
      return describeProposal(p);
    };
    vim.ui.select(proposals, { prompt: `${verb} which diff review?`, format_item: formatItem }, (choice) => {
      if (choice !== undefined && vim.api.nvim_buf_is_valid(choice.buf)) act(choice.buf);
    });
  }
}

/** Rejects the review of proposal buffer `buf`, with `reason`: the one way in for a refusal (REASON_VAR). */
function rejectProposal(buf: Buf, reason: string | undefined): void {
  if (reason !== undefined) vim.api.nvim_buf_set_var(buf, REASON_VAR, reason);
  vim.api.nvim_buf_delete(buf, { force: true });
}

/**
 * :ClaudeCodeDiffAccept / :ClaudeCodeDiffDeny [reason]. Acts on the review the cursor is in; from anywhere else,
 * on the only open review (and says which one it answered), else asks which. Accepting is `:w` in the proposal;
 * rejecting deletes the proposal buffer: the same paths as doing it by hand, so a review has one way in for
 * each decision. A reason rides on the proposal buffer (REASON_VAR) into the rejection.
 */
export function decideFromCommand(action: "accept" | "reject", reason?: string): void {
  const why = cleanReason(reason);
  withProposal(action === "accept" ? "Accept" : "Reject", (buf, what) => {
    if (action === "accept") writeToAccept(buf);
    else rejectProposal(buf, why);
    if (what !== undefined) say(`${action === "accept" ? "accepted" : "rejected"} Claude's proposal for ${what}`);
  });
}

/**
 * :ClaudeCodeRequestChanges — rejects a proposal (chosen as :ClaudeCodeDiffDeny chooses it) with every note on it
 * (`notes`: Services.lineNotes; those on its proposed lines and those on its file) as the reason, so that the model
 * revises it; each note is sent once. Without a note on it nothing is rejected.
 */
export function requestChanges(notes: LineNotes): void {
  withProposal("Request changes to", (buf, what) => {
    const ids = notes.ofProposal(buf);
    if (ids.length === 0) {
      say("no note on this proposal: write one with :ClaudeCodeNote (or reject it with :ClaudeCodeDiffDeny)", "warn");
      return;
    }
    const reason = notes.take(ids);
    if (reason === undefined) return;
    rejectProposal(buf, reason);
    const n = ids.length === 1 ? "its note" : `its ${ids.length} notes`;
    say(`requested changes${what !== undefined ? ` to ${what}` : ""}: rejected with ${n} as the reason`);
  });
}
