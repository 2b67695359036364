// The turn review: a snapshot of the folder the agent works in when a turn starts (the user sent a prompt),
// another when it ends, and every file that changed in between — by the agent's edit tools in any permission
// mode, by its shell commands, created, deleted, renamed — in ONE multi-file review (editor/review/multi_review through
// the DiffService) where each hunk is kept (gh) or reverted (gH), or a whole file reverted (gR); <CR> or :w
// applies (undecided = kept), q keeps everything. Reverts are written like every plugin write (editor/write/apply:
// buffer-aware, :w-like, undoable in the buffer). A file the user changed during the turn (saved it, or has
// unsaved changes in its buffer) is never reverted. What the user reverted is told to the model with the next
// prompt (Services.notes). :ClaudeCodeReview [n] reviews again; :ClaudeCodeCheckpoint takes a snapshot.
import type { Config } from "../config";
import { type Hub, type MultiKey, type ReviewFile, type Services, WHOLE_FILE_KEY } from "../contracts";
import { type Logger, say } from "../log";
import * as snapshot from "../editor/snapshot/snapshot";
import type { Change, SnapshotResult } from "../editor/snapshot/snapshot";
import { applyText, sameLines } from "../editor/write/apply";
import { PLUGIN_WRITE_VAR, findBuffer } from "../editor/buffers";
import { textLines } from "../editor/review/diff_text";
import { diffHunks as blocksOf } from "../editor/review/hunks";
import { deleteFile, renameFile } from "../editor/write/file_ops";
import { EVENT_RESOLVED } from "../editor/review/diff";
import { normalize } from "../util/fs";
import { plural } from "../util/words";
import { CLIENT_TITLES, type HookEvent, type Router } from "./router";
import { MUTATING_TOOLS } from "./settings";
import { transcriptOf, watchInterrupt } from "./interrupt";

interface Turn {
  n: number;
  /** The CLI's prompt_id of the prompt that started the turn (the same on every hook of that turn), when sent. */
  promptId?: string;
  root: string;
  /** The manifests of the turn's start and (once it ended) its end. */
  start: string;
  /** Why the turn's start snapshot failed (then it has none, and is not reviewed: it says so, never "no change"). */
  failed?: string;
  end?: string;
  /**
   * Changes accepted in an openDiff (or agent edit) review during the turn, by path: the text the review showed
   * as the file's (none known: the turn's start) and the accepted text. Their hunks are reviewed already.
   */
  reviewed: LuaMap<string, Accepted[]>;
  /** Files the user saved during the turn (never reverted). */
  userSaved: LuaSet<string>;
  /** Files the agent's edit tools changed (PostToolUse / AfterTool): the others were changed by shell commands. */
  toolFiles: LuaSet<string>;
  /** Files whose text before the turn was kept in the store (keepBaseline), once each. */
  kept: LuaSet<string>;
  /** Set while the turn's start snapshot is being taken: who waits for it (the gate, the turn's end). */
  waiters?: ((this: void) => void)[];
  /** Stops the watch for an interrupt in the CLI's transcript (hooks/interrupt), while the turn runs. */
  unwatch?: (this: void) => void;
}

/** One accepted review of a file: its text before (as the review showed it, when known) and the accepted text. */
interface Accepted {
  before?: string;
  text: string;
}

interface SessionState {
  key: string;
  /** Who the review's title names. */
  title: string;
  turns: number;
  current?: Turn;
  last?: Turn;
  /** Every turn of the session still in the store, by number. */
  history: LuaMap<number, Turn>;
  /** The IDE connection of the session's CLI (the review belongs to it), when known. */
  owner?: number;
}

/** One changed file as the review shows it. */
interface Item {
  change: Change;
  abs: string;
  fromAbs?: string;
  label: string;
  before?: string;
  after?: string;
  byTool: boolean;
  /** Every hunk of the file was accepted in a review during the turn already. */
  reviewed: boolean;
  /** The turn's hunks of the file, and how many of them were reviewed already. */
  hunks: number;
  reviewedHunks: number;
  /** The text before the turn with the reviewed hunks taken: the review's left side (only the rest is asked). */
  decided?: string[];
  /** Why it is the user's (not revertable), when it is. */
  yours?: string;
  binary: boolean;
}

export interface TurnDeps {
  config: Config;
  services: Services;
  hub: Hub;
  log: Logger;
  /** The snapshots' store (default: stdpath("state")/claude-ide/turns). Specs inject one. */
  base?: string;
  /** How long a hook waits for a snapshot (default SNAPSHOT_WAIT_MS). Specs inject a shorter one. */
  snapshotWaitMs?: number;
  /**
   * How long the prompt's hook of a CLI with the gate waits for the turn's start snapshot (default PROMPT_WAIT_MS;
   * a small folder's is taken by then: nothing more waits). Specs inject a longer one to keep a turn's start in step.
   */
  promptWaitMs?: number;
}

/** How long a hook waits for a snapshot at most (Claude Code gives UserPromptSubmit 30 s in all). */
const SNAPSHOT_WAIT_MS = 25000;

/**
 * How long the prompt waits for the turn's start snapshot when its CLI has the gate (HOOK_ENTRIES): a big
 * folder's snapshot goes on while the model reads the prompt, and the first tool that changes a file waits for it.
 */
const PROMPT_WAIT_MS = 150;

/** How long an edit tool's hook waits for its file's text before the turn to be kept (keepBaseline). */
const KEEP_WAIT_MS = 5000;

/** The session of :ClaudeCodeCheckpoint's snapshots (no CLI). */
const CHECKPOINT = "checkpoint";

/** The files named in a message about a turn's changes, at most. */
const NAMED_FILES = 6;

/** `a.lua, b.lua and 3 more`. */
function fileNames(labels: string[]): string {
  if (labels.length <= NAMED_FILES) return labels.join(", ");
  return `${labels.slice(0, NAMED_FILES).join(", ")} and ${labels.length - NAMED_FILES} more`;
}

/** A snapshot's result, or the hook's wait for it given up (the snapshot goes on in the background). */
type Waited = SnapshotResult | { ok: false; error: string; lateSeconds: number };

/** The wait for a snapshot given up after `ms`. */
function late(ms: number): Waited {
  return { ok: false, error: `no answer within ${ms / 1000} s`, lateSeconds: ms / 1000 };
}

/**
 * Parks hook `ev` until `start` calls its `done` (once: later calls do nothing), or `ms` pass: then `late()` runs
 * and its value is the answer.
 */
function parkAtMost<T>(
  ev: HookEvent,
  ms: number,
  start: (this: void, done: (this: void, value: T) => void) => void,
  late: (this: void) => T,
): T {
  return ev.park<T>((resume) => {
    let settled = false;
    const finish = (value: T) => {
      if (settled) return;
      settled = true;
      resume(value);
    };
    vim.defer_fn(() => {
      if (!settled) finish(late());
    }, ms);
    start(finish);
  });
}

function contains(folder: string, path: string): boolean {
  return folder === "/" || path === folder || vim.startswith(path, `${folder}/`);
}

function linesOf(bytes: string | undefined): string[] {
  return bytes === undefined ? [] : textLines(bytes);
}

/** One hunk between two texts: `a`'s lines [aStart, aStart + aCount) become `b`'s [bStart, bStart + bCount). */
interface Hunk {
  aStart: number;
  aCount: number;
  bStart: number;
  bCount: number;
}

/**
 * The hunks between two texts, the blocks the review shows (editor/review/hunks), with 1-based starts (an
 * insertion's aStart is the line it goes before).
 */
function diffHunks(a: string[], b: string[]): Hunk[] {
  if (sameLines(a, b)) return [];
  return blocksOf(a, b).map((h) => ({
    aStart: h.aCount === 0 ? h.a + 1 : h.a,
    aCount: h.aCount,
    bStart: h.bCount === 0 ? h.b + 1 : h.b,
    bCount: h.bCount,
  }));
}

/** Hunks between two texts. */
function hunks(a: string[], b: string[]): number {
  return diffHunks(a, b).length;
}

/** What a hunk does, wherever it is: the lines it removes and the lines it adds. */
function hunkKey(a: string[], b: string[], h: Hunk): string {
  const removed = a.slice(h.aStart - 1, h.aStart - 1 + h.aCount);
  const added = b.slice(h.bStart - 1, h.bStart - 1 + h.bCount);
  return `${h.aCount}:${h.bCount}\0${removed.join("\n")}\0${added.join("\n")}`;
}

/**
 * `before` with the hunks of before → after that were accepted in a review (the same lines removed and added,
 * wherever they sit) taken from `after`; how many hunks there are and how many were taken.
 */
function takeReviewed(
  before: string[],
  after: string[],
  accepted: Accepted[],
): { lines: string[]; total: number; taken: number } {
  const keys = new LuaSet<string>();
  for (const r of accepted) {
    const from = r.before !== undefined ? textLines(r.before) : before;
    const to = textLines(r.text);
    for (const h of diffHunks(from, to)) keys.add(hunkKey(from, to, h));
  }
  const lines: string[] = [];
  let next = 1;
  let taken = 0;
  const found = diffHunks(before, after);
  for (const h of found) {
    for (let i = next; i < h.aStart; i++) lines.push(before[i - 1]);
    const take = keys.has(hunkKey(before, after, h));
    if (take) taken++;
    const [src, start, count] = take ? [after, h.bStart, h.bCount] : [before, h.aStart, h.aCount];
    for (let i = start; i < start + count; i++) lines.push(src[i - 1]);
    next = h.aStart + h.aCount;
  }
  for (let i = next; i <= before.length; i++) lines.push(before[i - 1]);
  return { lines, total: found.length, taken };
}

/** The path a tool event names (Claude Code file_path / notebook_path, Gemini CLI and Qwen Code file_path). */
function toolPath(ev: HookEvent): string | undefined {
  const input = ev.input.tool_input;
  if (type(input) !== "table") return undefined;
  const args = input as { [key: string]: unknown };
  for (const key of ["file_path", "notebook_path", "absolute_path", "path"]) {
    const value = args[key];
    if (typeof value === "string" && value !== "")
      return normalize(string.sub(value, 1, 1) === "/" ? value : `${ev.cwd}/${value}`);
  }
  return undefined;
}

export class Turns {
  private readonly sessions = new LuaMap<string, SessionState>();
  /** The session whose turn ended last (what :ClaudeCodeReview reviews). */
  private lastSession?: string;
  private readonly augroup: number;
  /** The folders whose snapshot the user was told came too late (told once per folder). */
  private readonly toldLate = new LuaSet<string>();

  constructor(private readonly deps: TurnDeps) {
    const sessions = this.sessions;
    this.augroup = vim.api.nvim_create_augroup(`claude-ide.turns.${tostring(this)}`, { clear: true });
    vim.api.nvim_create_autocmd("BufWritePost", {
      group: this.augroup,
      desc: "claude-ide: files the user saves during an agent's turn are theirs (never reverted)",
      callback: function (this: void, ev: vim.api.AutocmdArgs) {
        if (vim.b[ev.buf][PLUGIN_WRITE_VAR] === true) return;
        const path = normalize(vim.api.nvim_buf_get_name(ev.buf));
        for (const [, s] of sessions)
          if (s.current !== undefined && contains(s.current.root, path)) s.current.userSaved.add(path);
      },
    });
    vim.api.nvim_create_autocmd("User", {
      group: this.augroup,
      pattern: EVENT_RESOLVED,
      desc: "claude-ide: changes accepted in a review during a turn are reviewed already",
      callback: function (this: void, ev: vim.api.AutocmdArgs) {
        const data = ev.data as { file?: string; result?: string; text?: string; before?: string } | undefined;
        if (data?.result !== "FILE_SAVED" || typeof data.text !== "string" || typeof data.file !== "string") return;
        const path = normalize(data.file);
        const accepted: Accepted = {
          before: typeof data.before === "string" ? data.before : undefined,
          text: data.text,
        };
        for (const [, s] of sessions) {
          const t = s.current;
          if (t === undefined || !contains(t.root, path)) continue;
          const list = t.reviewed.get(path) ?? [];
          list.push(accepted);
          t.reviewed.set(path, list);
        }
      },
    });
  }

  dispose(): void {
    pcall(vim.api.nvim_del_augroup_by_id, this.augroup);
    for (const [, s] of this.sessions) s.current?.unwatch?.();
  }

  /** The routes of the turn review. */
  register(router: Router): void {
    router.on({ name: "turn snapshot", events: ["turn-start"], handler: (ev) => this.started(ev) });
    router.on({ name: "turn review", events: ["turn-end"], handler: (ev) => this.ended(ev) });
    for (const [client, tools] of pairs(MUTATING_TOOLS))
      router.on({
        name: "turn gate",
        clients: [client],
        events: ["PreToolUse", "BeforeTool"],
        tools,
        handler: (ev) => this.gated(ev),
      });
    router.on({
      name: "files of the agent's edit tools",
      events: ["PostToolUse", "AfterTool"],
      handler: (ev) => {
        const path = toolPath(ev);
        const t = this.sessions.get(ev.session)?.current;
        if (path !== undefined && t !== undefined) {
          t.toolFiles.add(path);
          this.keepBaseline(ev, t, path);
        }
        return undefined;
      },
    });
  }

  /**
   * The file's text before the turn, kept in the store now that the agent's edit tool changed it (see
   * snapshot.keepBaselines: a snapshot seeded from the user's index holds only the blob ids of their objects,
   * which an amend and their `git gc` can take away before the turn ends). The hook waits for it (a few short git
   * commands; bounded), so that a gc the agent runs next comes after it. Once per file per turn.
   */
  private keepBaseline(ev: HookEvent, t: Turn, path: string): void {
    if (t.failed !== undefined || t.start === "" || t.kept.has(path) || !contains(t.root, path)) return;
    t.kept.add(path);
    const log = this.deps.log;
    parkAtMost<boolean>(
      ev,
      KEEP_WAIT_MS,
      (done) =>
        snapshot.keepBaselines({ root: t.root, manifest: t.start, paths: [path], base: this.deps.base }, (why) => {
          if (why !== undefined) log.warn(`turn ${t.n}: the text of ${path} before the turn is not kept: ${why}`);
          done(why === undefined);
        }),
      () => false,
    );
  }

  private session(key: string, title: string): SessionState {
    let s = this.sessions.get(key);
    if (s === undefined) {
      s = { key, title, turns: 0, history: new LuaMap() };
      this.sessions.set(key, s);
    }
    return s;
  }

  private snapshot(
    s: SessionState,
    root: string,
    name: string,
    previous: string | undefined,
    done: (this: void, r: SnapshotResult) => void,
  ): void {
    const c = this.deps.config.review;
    snapshot.take(
      {
        root,
        session: s.key,
        name,
        previous,
        maxFileBytes: c.max_file_bytes,
        keep: c.keep_turns,
        base: this.deps.base,
      },
      done,
    );
  }

  /** Parks the hook until the snapshot is taken (bounded). */
  private snapshotNow(ev: HookEvent, s: SessionState, root: string, name: string, previous?: string): Waited {
    const wait = this.snapshotWait();
    return parkAtMost<Waited>(
      ev,
      wait,
      (done) => this.snapshot(s, root, name, previous, done),
      () => late(wait),
    );
  }

  /**
   * Tells the user that turn `n` goes unreviewed because its start snapshot failed or came too late (the
   * latter once per folder: the snapshot goes on in the background, and the next turns start from it).
   */
  private tellUnreviewed(s: SessionState, n: number, root: string, r: Waited & { ok: false }): void {
    this.deps.log.warn(`no snapshot of turn ${n}: ${r.error}`);
    if (!("lateSeconds" in r)) {
      say(`turn ${n} of ${s.title} will not be reviewed: ${r.error}`, "error");
      return;
    }
    if (this.toldLate.has(root)) return;
    this.toldLate.add(root);
    say(
      `turn ${n} of ${s.title} will not be reviewed: the snapshot of ${root} took over ${r.lateSeconds} s (a big folder; it goes on in the background, and the next turns start from it). :ClaudeCodeCheckpoint takes one now: :ClaudeCodeReview then shows what changed since`,
      "warn",
    );
  }

  private started(ev: HookEvent): undefined {
    if (this.deps.config.review.turn === false) return undefined;
    const s = this.session(ev.session, CLIENT_TITLES[ev.client]);
    const promptId =
      typeof ev.input.prompt_id === "string" && ev.input.prompt_id !== "" ? ev.input.prompt_id : undefined;
    // Qwen Code 0.24 runs UserPromptSubmit again before each request that carries tool results (prompt "", the
    // turn's prompt_id): the turn goes on. A new snapshot there would hide every change made before it.
    if (promptId !== undefined && s.current !== undefined && s.current.promptId === promptId) return undefined;
    s.owner = ev.owner() ?? s.owner;
    const root = normalize(ev.cwd);
    // A turn no hook said the end of (an interrupt the transcript's watch did not see, an error): it ends now,
    // its end this turn's start (taken from its start, so that snapshot's delta is what it changed).
    const unended = s.current;
    unended?.unwatch?.();
    const endsHere =
      unended !== undefined && unended.root === root && unended.failed === undefined && unended.start !== ""
        ? unended
        : undefined;
    const why = snapshot.refusal(root);
    if (why !== undefined) {
      this.deps.log.info(`no turn review for this turn: ${why}`);
      s.current = undefined;
      return undefined;
    }
    const n = s.turns + 1;
    const last = s.last !== undefined && s.last.root === root && s.last.failed === undefined ? s.last : undefined;
    const previous = endsHere?.start ?? last?.end ?? last?.start;
    const t: Turn = {
      n,
      promptId,
      root,
      start: "",
      waiters: [],
      reviewed: new LuaMap(),
      userSaved: new LuaSet(),
      toolFiles: new LuaSet(),
      kept: new LuaSet(),
    };
    s.turns = n;
    s.current = t;
    s.history.set(n, t);
    // The store keeps the last keep_turns (snapshot_worker sweeps the older ones): so does the history.
    s.history.delete(n - this.deps.config.review.keep_turns);
    const transcript = ev.far === undefined ? transcriptOf(ev.input) : undefined;
    if (transcript !== undefined) t.unwatch = watchInterrupt(transcript, () => this.interrupted(s, t));
    this.snapshot(s, root, `${n}.start`, previous, (r) => {
      // The previous turn's snapshot was left damaged by a crash: a turn's start needs no delta, so it starts
      // again without it (what this turn changes is compared with this start only).
      if (!r.ok && previous !== undefined && string.find(r.error, snapshot.DAMAGED, 1, true)[0] !== undefined) {
        this.deps.log.warn(`turn ${n}: ${r.error}; taken again without it`);
        if (endsHere !== undefined) this.close(s, endsHere, r);
        this.snapshot(s, root, `${n}.start`, undefined, (again) => this.settle(s, t, again));
        return;
      }
      if (endsHere !== undefined) this.close(s, endsHere, r);
      this.settle(s, t, r);
    });
    // A CLI with the gate (its tools that change files wait for the snapshot) sends the prompt on soon; one
    // without waits for the snapshot here.
    const gated = MUTATING_TOOLS[ev.client] !== undefined;
    const wait = this.snapshotWait();
    this.awaitStart(ev, s, t, gated ? math.min(this.deps.promptWaitMs ?? PROMPT_WAIT_MS, wait) : wait, !gated);
    return undefined;
  }

  /** The gate: a tool that changes files waits for its turn's start snapshot (bounded; past that, unreviewed). */
  private gated(ev: HookEvent): undefined {
    const s = this.sessions.get(ev.session);
    const t = s?.current;
    if (s !== undefined && t !== undefined) this.awaitStart(ev, s, t, this.snapshotWait(), true);
    return undefined;
  }

  private snapshotWait(): number {
    return this.deps.snapshotWaitMs ?? SNAPSHOT_WAIT_MS;
  }

  /** The turn's start snapshot is taken (or failed): the turn has its start, and whoever waits for it goes on. */
  private settle(s: SessionState, t: Turn, r: Waited): void {
    const waiters = t.waiters;
    if (waiters === undefined) return; // given up already (late): the turn stays unreviewed
    t.waiters = undefined;
    if (r.ok) t.start = r.manifest;
    else {
      t.failed = r.error;
      this.tellUnreviewed(s, t.n, t.root, r);
    }
    for (const w of waiters) w();
  }

  /**
   * Parks the hook `ev` until turn `t` has its start snapshot, at most `waitMs`. `giveUp`: past that the turn
   * goes without a start (something may change files from then on, so a later snapshot would hide it), and the
   * user is told; else the hook only stops waiting (the prompt's hook of a gated CLI: its gate waits on).
   */
  private awaitStart(ev: HookEvent, s: SessionState, t: Turn, waitMs: number, giveUp: boolean): void {
    if (t.waiters === undefined) return;
    const waiters = t.waiters;
    parkAtMost<boolean>(
      ev,
      waitMs,
      (done) => waiters.push(() => done(true)),
      () => {
        if (giveUp) this.settle(s, t, late(waitMs));
        return false;
      },
    );
  }

  private ended(ev: HookEvent): undefined {
    const s = this.sessions.get(ev.session);
    const t = s?.current;
    if (s === undefined || t === undefined) return undefined;
    s.owner = ev.owner() ?? s.owner;
    t.unwatch?.();
    // A turn that changed nothing through a gated tool may end before its start snapshot is taken.
    this.awaitStart(ev, s, t, this.snapshotWait(), true);
    if (s.current !== t) return undefined; // ended meanwhile (an interrupt seen in its transcript)
    if (t.failed !== undefined) {
      this.close(s, t);
      return undefined;
    }
    s.current = undefined;
    this.close(s, t, this.snapshotNow(ev, s, t.root, `${t.n}.end`, t.start));
    return undefined;
  }

  /**
   * Turn `t` was interrupted (its CLI fires no turn-end hook then): it ends as if its turn-end hook had come,
   * once its start snapshot is taken.
   */
  private interrupted(s: SessionState, t: Turn): void {
    if (s.current !== t) return;
    if (t.waiters !== undefined) {
      t.waiters.push(() => this.interrupted(s, t));
      return;
    }
    this.deps.log.info(`turn ${t.n} of ${s.title} was interrupted: it ends without its turn-end hook`);
    s.current = undefined;
    if (t.failed !== undefined) this.close(s, t);
    else this.snapshot(s, t.root, `${t.n}.end`, t.start, (r) => this.close(s, t, r));
  }

  /**
   * Turn `t` is over, its end snapshot `result` (none: its start failed): it is the session's last, and what it
   * changed is shown (review.turn).
   */
  private close(s: SessionState, t: Turn, result?: Waited): void {
    t.unwatch?.();
    if (s.current === t) s.current = undefined;
    s.last = t;
    this.lastSession = s.key;
    if (result === undefined || t.failed !== undefined) {
      say(`turn ${t.n} of ${s.title} is not reviewed: its start snapshot failed (${t.failed})`, "warn");
      return;
    }
    if (!result.ok && string.find(result.error, snapshot.DAMAGED, 1, true)[0] !== undefined) {
      // Its start snapshot was left damaged (a crash): it cannot be reviewed, now or later, and the next turn
      // starts without it.
      this.deps.log.warn(`no review of turn ${t.n}: ${result.error}`);
      t.failed = result.error;
      say(`turn ${t.n} of ${s.title} is not reviewed: its start snapshot is damaged (${result.error})`, "error");
      return;
    }
    if (!result.ok) {
      this.deps.log.warn(`no review of turn ${t.n}: ${result.error}`);
      // Its start is kept: :ClaudeCodeReview reviews it once a snapshot can be had again.
      say(
        `turn ${t.n} of ${s.title} is not reviewed: its end snapshot failed (${result.error}); :ClaudeCodeReview tries again`,
        "error",
      );
      return;
    }
    t.end = result.manifest;
    const mode = this.deps.config.review.turn;
    // After the hook's answer: the CLI goes on while the review opens. A timer, not vim.schedule: the editor's
    // loop polls for keys and requests between the snapshot's answer and the review's opening (a callback
    // scheduled from this one would run in the same stretch).
    vim.defer_fn(() => this.present(s, t, t.end as string, mode === "manual" ? "manual" : "auto"), 0);
  }

  /** The changed files of `t` from its start to the manifest `to`. */
  private items(t: Turn, to: string): Item[] {
    const store = snapshot.storeOf(t.root, this.deps.base);
    // `to` was taken with the turn's start as its previous snapshot: its delta is the turn's changes.
    const changes = snapshot.changesOf(to, store);
    return changes.map((change) => {
      const abs = `${t.root}/${change.path}`;
      const before = change.before !== undefined ? snapshot.objectBytes(store, change.before) : undefined;
      const after = change.after !== undefined ? snapshot.objectBytes(store, change.after) : undefined;
      const accepted = t.reviewed.get(abs);
      const beforeLines = linesOf(before);
      const afterLines = linesOf(after);
      const taken =
        accepted !== undefined && after !== undefined && change.kind !== "renamed"
          ? takeReviewed(beforeLines, afterLines, accepted)
          : { lines: beforeLines, total: hunks(beforeLines, afterLines), taken: 0 };
      const reviewed = taken.total > 0 && taken.taken === taken.total;
      let yours: string | undefined;
      const buf = findBuffer(abs);
      if (t.userSaved.has(abs)) yours = "you saved it during the turn";
      else if (buf !== undefined && vim.api.nvim_get_option_value("modified", { buf }) === true)
        yours = `your buffer b${buf} has unsaved changes`;
      const binary =
        (before !== undefined && string.find(before, "\0", 1, true)[0] !== undefined) ||
        (after !== undefined && string.find(after, "\0", 1, true)[0] !== undefined);
      return {
        change,
        abs,
        fromAbs: change.from !== undefined ? `${t.root}/${change.from}` : undefined,
        label: change.path,
        before,
        after,
        byTool: t.toolFiles.has(abs) || accepted !== undefined,
        reviewed,
        hunks: taken.total,
        reviewedHunks: taken.taken,
        decided: taken.taken > 0 ? taken.lines : undefined,
        yours,
        binary,
      };
    });
  }

  /**
   * Shows what turn `t` changed (up to the manifest `to`): "auto" opens the review, "manual" only says so;
   * a turn that changed nothing says nothing, one whose every change was reviewed already says that.
   */
  private present(s: SessionState, t: Turn, to: string, mode: "auto" | "manual" | "command"): void {
    const items = this.items(t, to);
    if (items.length === 0) {
      if (mode === "command") say(`turn ${t.n} of ${s.title} changed no file (or they are back as they were)`);
      return;
    }
    const shell = items.filter((i) => !i.byTool && i.yours === undefined).length;
    const title = `✻ [${s.title}] turn ${t.n}: ${plural(items.length, "file")}${shell > 0 ? `, ${shell} by shell commands` : ""}`;
    // Asked for by name (:ClaudeCodeReview), the changes reviewed already are shown too.
    const open = items.filter((i) => (mode === "command" || !i.reviewed) && !i.binary);
    const binary = items.filter((i) => i.binary).map((i) => i.label);
    const binaryNote = binary.length > 0 ? ` (not shown, binary: ${binary.join(", ")})` : "";
    if (open.length === 0) {
      say(`${title}: every change was reviewed already${binaryNote}`);
      return;
    }
    if (mode === "manual") {
      say(`${title} (${fileNames(open.map((i) => i.label))})${binaryNote}: :ClaudeCodeReview to review them`);
      return;
    }
    // Asked for by name, the reviewed hunks show as differences too (the left side is the text before the turn).
    if (mode === "command") for (const i of open) i.decided = undefined;
    this.openReview(s, t, open, title, binaryNote);
  }

  private summaryOf(i: Item): string {
    const how = i.byTool ? "by the agent's edits" : i.yours !== undefined ? "by you" : "by a shell command";
    const what =
      i.change.kind === "created"
        ? `created ${how}`
        : i.change.kind === "deleted"
          ? `deleted ${how}`
          : i.change.kind === "renamed"
            ? `renamed from ${i.change.from} ${how}`
            : `changed ${how}`;
    if (i.yours !== undefined) return `${what}; yours: ${i.yours}, cannot be reverted`;
    if (i.reviewed) return `${what}, reviewed already`;
    // The reviewed hunks are taken on the left side already: only the others show as differences.
    if (i.reviewedHunks > 0 && i.decided !== undefined)
      return `${what}; ${i.reviewedHunks} of ${plural(i.hunks, "hunk")} reviewed already, only the other${i.hunks - i.reviewedHunks === 1 ? " is" : "s are"} asked`;
    return what;
  }

  private openReview(s: SessionState, t: Turn, items: Item[], title: string, binaryNote: string): void {
    const files: ReviewFile[] = items.map((i) => ({
      path: i.abs,
      label: i.label,
      current: i.decided ?? (i.before !== undefined ? linesOf(i.before) : undefined),
      proposal: linesOf(i.after),
      summary: this.summaryOf(i),
      dirty: false,
      renamedFrom: i.change.from,
      baseLabel: `Before turn ${t.n}`,
    }));
    const whole = new LuaSet<number>();
    const keys: MultiKey[] = [
      {
        lhs: WHOLE_FILE_KEY,
        desc: "revert this whole file (created: delete it again; deleted: restore it; renamed: move it back)",
        fn: (index, setProposal) => {
          const i = items[index];
          if (i.yours !== undefined) {
            say(`${i.label} is yours (${i.yours}): not reverted`, "warn");
            return;
          }
          whole.add(index);
          say(`${i.label}: the whole file is to revert, once you apply (:w)`);
          setProposal(linesOf(i.before));
        },
      },
    ];
    // Q: a note for the model with the next prompt; a checkpoint has no CLI whose prompt would carry it.
    const note = s.key === CHECKPOINT ? false : (text: string) => this.note(s, t, text);
    const opened = this.deps.services.diff.openMulti({
      title,
      files,
      clientId: s.owner,
      client: s.title,
      keys,
      turn: true,
      note,
    });
    if (!opened.ok) {
      say(
        `the review of turn ${t.n} cannot open (${opened.error}); it changed ${fileNames(items.map((i) => i.label))}: :ClaudeCodeReview ${t.n} reviews them`,
        "error",
      );
      return;
    }
    if (binaryNote !== "") say(`${title}${binaryNote}`);
    opened.review.onDecision((outcome) => {
      if (!outcome.accepted) {
        // Refused with a reason (:ClaudeCodeDiffDeny <reason>): everything is kept, the reason is the note.
        if (outcome.reason !== undefined && note !== false) note(outcome.reason);
        say(`kept every change of turn ${t.n}`);
        return;
      }
      this.apply(s, t, items, outcome.files, whole);
    });
  }

  /** Q in turn `t`'s review: `text` goes to the model with the session's next prompt (hooks/index drains it). */
  private note(s: SessionState, t: Turn, text: string): void {
    this.deps.services.notes.add(`About your turn ${t.n}, the user's note from their editor's review: ${text}`, {
      session: s.key,
      clientId: s.owner,
    });
    say(`turn ${t.n}: your note goes to ${s.title} with your next prompt`);
  }

  /** Writes the reverts the user decided; tells what happened, and queues the note for the model. */
  private apply(s: SessionState, t: Turn, items: Item[], finals: string[][], whole: LuaSet<number>): void {
    const reverted: string[] = [];
    const refused: string[] = [];
    items.forEach((i, index) => {
      const final = finals[index] ?? linesOf(i.after);
      const afterLines = linesOf(i.after);
      const wholeFile = whole.has(index);
      if (!wholeFile && sameLines(final, afterLines)) return;
      if (i.yours !== undefined) {
        refused.push(`${i.label}: yours (${i.yours}), not reverted`);
        return;
      }
      const done = this.revert(i, wholeFile, final, afterLines);
      if (done.ok) reverted.push(done.what);
      else refused.push(`${i.label}: ${done.error}`);
    });
    if (reverted.length > 0) {
      this.deps.services.notes.add(
        `After your turn ${t.n} the user reverted some of your changes in their editor (the files on disk are as the user left them): ${reverted.join("; ")}.`,
        { session: s.key, clientId: s.owner },
      );
    }
    const parts: string[] = [];
    if (reverted.length > 0) parts.push(`reverted ${reverted.join("; ")}`);
    if (refused.length > 0) parts.push(`not reverted: ${refused.join("; ")}`);
    say(
      parts.length > 0 ? `turn ${t.n}: ${parts.join(". ")}` : `kept every change of turn ${t.n}`,
      refused.length > 0 ? "warn" : "info",
    );
  }

  /** A buffer showing the file that is stale (unmodified, older than the disk) is read again first. */
  private freshen(path: string): void {
    const buf = findBuffer(path);
    if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) return;
    if (vim.api.nvim_get_option_value("modified", { buf }) === true) return;
    pcall(vim.api.nvim_buf_call, buf, () => vim.cmd("silent! checktime"));
  }

  private revert(
    i: Item,
    wholeFile: boolean,
    final: string[],
    afterLines: string[],
  ): { ok: true; what: string } | { ok: false; error: string } {
    const beforeLines = linesOf(i.before);
    const kind = i.change.kind;
    const emptied = final.length === 0 || (final.length === 1 && final[0] === "");
    if (kind === "created" && (wholeFile || emptied)) {
      const r = deleteFile(i.abs, true);
      return r.ok ? { ok: true, what: `${i.label} (created: deleted again)` } : r;
    }
    if (kind === "deleted") {
      const text = wholeFile ? beforeLines : final;
      const r = applyText(i.abs, [], text);
      if (!r.ok) return r;
      if (i.change.before !== undefined) vim.uv.fs_chmod(i.abs, i.change.before.mode);
      return { ok: true, what: `${i.label} (deleted: restored${wholeFile ? "" : ", in part"})` };
    }
    if (kind === "renamed" && wholeFile && i.fromAbs !== undefined) {
      this.freshen(i.abs);
      const moved = renameFile(i.abs, i.fromAbs, false);
      if (!moved.ok) return moved;
      if (!sameLines(beforeLines, afterLines)) {
        this.freshen(i.fromAbs);
        const r = applyText(i.fromAbs, afterLines, beforeLines);
        if (!r.ok) return r;
      }
      return { ok: true, what: `${i.label} (renamed from ${i.change.from}: moved back)` };
    }
    const target = wholeFile ? beforeLines : final;
    this.freshen(i.abs);
    const r = applyText(i.abs, afterLines, target);
    if (!r.ok) return r;
    const total = hunks(beforeLines, afterLines);
    const left = hunks(beforeLines, target);
    return {
      ok: true,
      what:
        wholeFile || left === 0
          ? `${i.label} (every change reverted)`
          : `${i.label} (${total - left} of ${plural(total, "changed hunk")} reverted)`,
    };
  }

  /**
   * :ClaudeCodeReview [n]: the changes since the start of turn `n` (default: the last turn) of the session whose
   * turn ended last, up to now (a snapshot is taken first).
   */
  reviewAgain(n?: number): void {
    const s = this.lastSession !== undefined ? this.sessions.get(this.lastSession) : undefined;
    if (s === undefined) {
      say("no turn to review yet (the turn review starts with the first prompt after :ClaudeCode)", "warn");
      return;
    }
    const t = n !== undefined ? s.history.get(n) : s.last;
    if (t === undefined) {
      say(`${s.title} has no turn ${n} (kept: the last ${this.deps.config.review.keep_turns})`, "warn");
      return;
    }
    if (t.failed !== undefined) {
      say(`turn ${t.n} of ${s.title} cannot be reviewed: its start snapshot failed (${t.failed})`, "warn");
      return;
    }
    this.snapshot(s, t.root, "now", t.start, (r) => {
      if (!r.ok) say(`cannot review turn ${t.n}: ${r.error}`, "error");
      else this.present(s, t, r.manifest, "command");
    });
  }

  /** The turn numbers kept of the session whose turn ended last (completion). */
  turnNumbers(): number[] {
    const s = this.lastSession !== undefined ? this.sessions.get(this.lastSession) : undefined;
    const out: number[] = [];
    if (s !== undefined) for (const [n] of s.history) out.push(n);
    table.sort(out);
    return out;
  }

  /** :ClaudeCodeCheckpoint: a snapshot of Neovim's cwd now; :ClaudeCodeReview then shows what changed since. */
  checkpoint(): void {
    const s = this.session(CHECKPOINT, "checkpoint");
    const root = normalize(vim.fn.getcwd());
    const n = s.turns + 1;
    this.snapshot(s, root, `${n}.start`, s.last?.start, (r) => {
      if (!r.ok) {
        say(`no checkpoint: ${r.error}`, "error");
        return;
      }
      s.turns = n;
      const t: Turn = {
        n,
        root,
        start: r.manifest,
        reviewed: new LuaMap(),
        userSaved: new LuaSet(),
        toolFiles: new LuaSet(),
        kept: new LuaSet(),
      };
      s.history.set(n, t);
      s.last = t;
      this.lastSession = s.key;
      say(
        `checkpoint ${n}: ${plural(r.files, "file")} of ${root} (${r.ms} ms); :ClaudeCodeReview shows what changed since`,
      );
    });
  }
}
