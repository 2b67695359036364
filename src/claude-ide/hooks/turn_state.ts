// The turn review's state (hooks/turn): a session's turns, each with its snapshots and what is known of its files
// as it goes (accepted in a review, saved by the user, changed by the agent's edit tools), what the turn review
// needs from the rest of the plugin (TurnDeps), and the bounded wait a hook parks in for a snapshot.
import type { Config } from "../config";
import type { Hub, Services } from "../contracts";
import type { Logger } from "../log";
import type { SnapshotResult } from "../editor/snapshot/snapshot";
import type { HookEvent } from "./router";

export interface Turn {
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

/** The session of :ClaudeCodeCheckpoint's snapshots (no CLI). */
export const CHECKPOINT = "checkpoint";

/** A new turn `n` of folder `root`, its start snapshot `start` ("" while it is being taken). */
export function newTurn(n: number, root: string, start: string, promptId?: string): Turn {
  return {
    n,
    promptId,
    root,
    start,
    reviewed: new LuaMap(),
    userSaved: new LuaSet(),
    toolFiles: new LuaSet(),
    kept: new LuaSet(),
  };
}

/** One accepted review of a file: its text before (as the review showed it, when known) and the accepted text. */
export interface Accepted {
  before?: string;
  text: string;
}

export interface SessionState {
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

/** `path` is `folder` or inside it. */
export function contains(folder: string, path: string): boolean {
  return folder === "/" || path === folder || vim.startswith(path, `${folder}/`);
}

/** A snapshot's result, or the hook's wait for it given up (the snapshot goes on in the background). */
export type Waited = SnapshotResult | { ok: false; error: string; lateSeconds: number };

/** The wait for a snapshot given up after `ms`. */
export function late(ms: number): Waited {
  return { ok: false, error: `no answer within ${ms / 1000} s`, lateSeconds: ms / 1000 };
}

/**
 * Parks hook `ev` until `start` calls its `done` (once: later calls do nothing), or `ms` pass: then `late()` runs
 * and its value is the answer.
 */
export function parkAtMost<T>(
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
