// The turn review: a snapshot of the folder the agent works in when a turn starts (the user sent a prompt),
// another when it ends, and every file that changed in between — by the agent's edit tools in any permission
// mode, by its shell commands, created, deleted, renamed — in ONE multi-file review where each hunk is kept or
// reverted. This module routes the hooks and keeps the snapshots; the rest has a module each: the turns' state
// (turn_state), the list of a turn's files (turn_files), the review shown (turn_review), the reverts written
// (turn_revert) and the words said (turn_messages). A file the user changed during the turn (saved it, or has
// unsaved changes in its buffer) is never reverted. :ClaudeCodeReview [n] reviews again; :ClaudeCodeCheckpoint
// takes a snapshot.
import { say } from "../log";
import * as snapshot from "../editor/snapshot/snapshot";
import type { SnapshotResult } from "../editor/snapshot/snapshot";
import { PLUGIN_WRITE_VAR } from "../editor/buffers";
import { EVENT_RESOLVED } from "../editor/review/diff";
import { normalize } from "../util/fs";
import { plural } from "../util/words";
import { CLIENT_TITLES, type HookEvent, type Router } from "./router";
import { MUTATING_TOOLS } from "./settings";
import { transcriptOf, watchInterrupt } from "./interrupt";
import { presentTurn } from "./turn_review";
import {
  type Accepted,
  CHECKPOINT,
  contains,
  late,
  newTurn,
  parkAtMost,
  type SessionState,
  type Turn,
  type TurnDeps,
  type Waited,
} from "./turn_state";

export type { TurnDeps };

/** How long a hook waits for a snapshot at most (Claude Code gives UserPromptSubmit 30 s in all). */
const SNAPSHOT_WAIT_MS = 25000;

/**
 * How long the prompt waits for the turn's start snapshot when its CLI has the gate (HOOK_ENTRIES): a big
 * folder's snapshot goes on while the model reads the prompt, and the first tool that changes a file waits for it.
 */
const PROMPT_WAIT_MS = 150;

/** How long an edit tool's hook waits for its file's text before the turn to be kept (keepBaseline). */
const KEEP_WAIT_MS = 5000;

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
    const t = newTurn(n, root, "", promptId);
    t.waiters = [];
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
    vim.defer_fn(() => presentTurn(this.deps, s, t, t.end as string, mode === "manual" ? "manual" : "auto"), 0);
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
      else presentTurn(this.deps, s, t, r.manifest, "command");
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
      const t = newTurn(n, root, r.manifest);
      s.history.set(n, t);
      s.last = t;
      this.lastSession = s.key;
      say(
        `checkpoint ${n}: ${plural(r.files, "file")} of ${root} (${r.ms} ms); :ClaudeCodeReview shows what changed since`,
      );
    });
  }
}
