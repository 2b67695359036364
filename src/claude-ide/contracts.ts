// Contracts between layers that both sides import, kept in a module that imports nothing from editor/ or
// tools/ (so that no two layers import each other: tools/import-graph.mjs fails the build on a circle).
// The editor's long-lived features as the tools, the protocol layer and the server see them, and the Hub
// through which features reach the connected clients.
import type { Policy } from "./policy/policy";
import type { PathMap } from "./util/path_map";

/** A position in a document: 0-based line, `character` in UTF-16 code units (the MCP/LSP convention). */
export interface Position {
  line: number;
  character: number;
}

/** The `selection_changed` params, also the body of getCurrentSelection/getLatestSelection. */
export interface SelectionInfo {
  text: string;
  filePath: string;
  fileUrl: string;
  selection: { start: Position; end: Position; isEmpty: boolean };
}

/** Selection tracking (Services.selection), implemented by editor/selection's SelectionTracker. */
export interface SelectionService {
  /** The live selection of the active editor window (cursor only when nothing is selected). */
  current(): SelectionInfo | undefined;
  /** The last selection seen in a file buffer (also while the user is in the terminal), else current(). */
  latest(): SelectionInfo | undefined;
  /** Removes every autocmd and timer (server stop). */
  dispose(): void;
}

/** Server → client notifications, and who is connected. Implemented by the server. */
export interface Hub {
  /**
   * Sends a JSON-RPC notification to every session that completed `initialize`: "sent" to one at least;
   * "unseen" when every one runs elsewhere and cannot see the file it is about (far clients); "absent": none.
   */
  broadcast(this: void, method: string, params: object): "sent" | "absent" | "unseen";
  /** How many sessions completed `initialize` and are still open. */
  sessionCount(this: void): number;
  /**
   * Calls `listener` after a session finishes initializing, announces its CLI's pid (ide_connected), or
   * closes. Returns an unsubscribe function.
   */
  onSessionsChanged(this: void, listener: (this: void) => void): (this: void) => void;
  /** The Claude CLI connections that completed `initialize` and are open (never the agent endpoint's). */
  clients(this: void): ClientInfo[];
  /**
   * Sends a JSON-RPC notification to one of `clients()`: "sent"; "absent" when it is not (or no longer) there;
   * "unseen" when it runs elsewhere and cannot see the file the notification is about (a far client, its map).
   */
  send(this: void, clientId: number, method: string, params: object): "sent" | "absent" | "unseen";
  /** The name of the Claude session a connection belongs to (a review's label), if it has one. */
  describe(this: void, clientId: number): string | undefined;
  /**
   * The Claude CLI connection that connection `clientId` belongs to: itself for a CLI's own connection; for an
   * agent bridge's, the connection of the CLI that started that bridge; undefined when it belongs to none
   * (closed, or a bridge whose CLI is not connected to this Neovim).
   */
  ownerOf(this: void, clientId: number): number | undefined;
  /**
   * The Gemini CLI / Qwen Code companion session of the CLI that is one of `pids` (a hook's process and its
   * ancestors), when one is connected and it can be told (Linux); undefined otherwise.
   */
  companionSessionOf?(this: void, pids: number[]): number | undefined;
  /**
   * The buffer of the terminal this Neovim started that connection `clientId`'s CLI runs in (an agent bridge's:
   * its CLI's), undefined when it runs in none or it is not known. With diff.focus "auto" a review takes the
   * focus only from there.
   */
  terminalOf(this: void, clientId: number): number | undefined;
}

/**
 * Which pending reviews a closeAllDiffTabs / close_tab may end, by the connection that opened them (undefined:
 * opened by none): true for the caller's own session's reviews and for those of no session.
 */
export type ReviewScope = (this: void, clientId: number | undefined) => boolean;

/** One connected Claude CLI. */
export interface ClientInfo {
  /** The connection id (ToolContext.clientId of its calls). */
  id: number;
  /** The pid it announced with ide_connected. */
  pid?: number;
  /** clientInfo.name from initialize. */
  name?: string;
  /** Its answer to roots/list: the CLI's cwd, then its --add-dir folders (absolute paths). */
  roots?: string[];
  /** The port of the far session's door it came through (server Gateway), when it runs somewhere else. */
  door?: number;
}

/** What openDiff asks to review (paths absolute and normalized). */
export interface DiffRequest {
  /** The file whose current text is shown on the left (it may not exist yet). */
  oldPath: string;
  /** The file the proposal is for (the CLI writes it after an accept); in practice the same as oldPath. */
  newPath: string;
  /** The whole proposed text. */
  contents: string;
  tabName: string;
  /**
   * Who writes the accepted change (a property of the change set, not of the review): "cli" (openDiff's; the
   * default) — the Claude CLI writes the file after the answer, its buffer follows the write (diff_follow),
   * and a proposal equal to the file on disk is answered as a rejection; "plugin" (the agent's edit, the LSP
   * edits) — the plugin writes it (editor/write/apply), so no following and no "same as on disk" rule (the buffer
   * may differ), and the decision reaches the call on the next tick, outside the autocmd it came from, so the
   * write runs the save hooks.
   */
  writer?: ChangeWriter;
  /** The connection that asked (its pending reviews are rejected when its Claude terminal closes). */
  clientId?: number;
  /** The Claude session that asked, as the review's winbar names it. */
  source?: string;
  /** The MCP client that asked, by the name the user reads (User event data `client`). */
  client?: string;
}

/** Who writes an accepted change set to the files: the Claude CLI (openDiff) or this plugin (editor/write/apply). */
export type ChangeWriter = "cli" | "plugin";

/**
 * How a review ended for the CLI: the final text to write, or a rejection, with the reason the user gave for it
 * (`:ClaudeCodeDiffDeny {reason}`, the review's reject_with_reason key), to be passed to the model verbatim.
 */
export type DiffOutcome = { accepted: true; text: string } | { accepted: false; reason?: string };

/** One open review, as the handler that opened it holds it while parked (openDiff, edit, the LSP tools). */
export interface PendingReview<Outcome = DiffOutcome> {
  /** Calls `listener` once with the user's decision (at once when already decided). */
  onDecision(this: void, listener: (this: void, outcome: Outcome) => void): void;
  /**
   * The call was cancelled (client gone, server stopping): the view closes and no answer is expected. `reason`
   * CLIENT_GONE (protocol/blocking) of a connection the DiffService's orphan rule names: the review stays open.
   */
  cancel(this: void, reason?: string): void;
}

/**
 * Where a reviewed change comes from: a proposal (openDiff, the agent's edit, an LSP edit: accepted or rejected), or
 * what a turn already did (kept or reverted) by the agent's edit tools, by a shell command, or by the user.
 */
export type ChangeOrigin = "proposal" | "edit tools" | "shell" | "user";

/** What a reviewed change does to its file. */
export type ChangeKind = "modified" | "created" | "deleted" | "renamed";

/** One file of a review across several files (an LSP WorkspaceEdit). */
export interface ReviewFile {
  /** Absolute path: where the file is after the edit (a deleted file: where it is now). */
  path: string;
  /** The path as shown. */
  label: string;
  /** The file's text now (its buffer's, unsaved changes included); undefined: the edit creates it. */
  current: string[] | undefined;
  /** The file's text after the edit ([] for a deleted file). */
  proposal: string[];
  /** What the edit does to this file, e.g. `3 edits`, `renamed from src/a.ts, 2 edits`, `deleted`. */
  summary: string;
  /** Its buffer has unsaved changes of the user. */
  dirty: boolean;
  filetype?: string;
  /** The edit moves the file here from this path (as shown). */
  renamedFrom?: string;
  /** The edit deletes the file (its proposal is empty and cannot be edited). */
  deletes?: boolean;
  /** What `current` is when it is not the file as it is now, as the review names it: `Before turn 3`. */
  baseLabel?: string;
  /** Where the change comes from (none said: a proposal). */
  origin?: ChangeOrigin;
  /** What it does to the file (none said: derived from current, proposal, renamedFrom and deletes). */
  kind?: ChangeKind;
  /**
   * The user's notes sent with the prompt of this turn that a hunk of it answers (its lines changed): each shown
   * beside that hunk. `line`: the proposal's line where the hunk is (1-based).
   */
  answered?: AnsweredNote[];
}

/** A note of the user's that a turn's hunk answered (ReviewFile.answered). */
export interface AnsweredNote {
  line: number;
  text: string;
}

/** What a multi-file review asks (the LSP tools' WorkspaceEdits). */
export interface MultiRequest {
  /** The review's title (tab name); unique among open reviews. */
  title: string;
  /** At least one. */
  files: ReviewFile[];
  /** The connection that asked (the agent bridge's): closeAllDiffTabs of another Claude session leaves it. */
  clientId?: number;
  /** The client that asked, by the name the user reads (the winbar's "<client>'s proposal"; default Claude). */
  client?: string;
  /**
   * More buffer-local keys on every file's view (the turn review's whole-file revert): `fn` gets the shown
   * file's index and a function that replaces its proposal (the view shows the new one at once).
   */
  keys?: MultiKey[];
  /**
   * What a turn already did (its review keeps or reverts it), not a proposal (accepted or rejected): the views' words
   * and what `q` says.
   */
  turn?: boolean;
  /**
   * A turn review's Q: takes a note the model reads with the next prompt (the review stays open); false: no Q,
   * nothing would carry its text. Absent: Q rejects with a reason, as in a proposal.
   */
  note?: ((this: void, text: string) => void) | false;
  /**
   * A turn's review also shown in the user's own buffers (review.inline): each file's hunks drawn in its buffer, now
   * or when it is opened, decided there with the review's keys (editor/review/inline_view).
   */
  inline?: boolean;
}

/**
 * The key of a multi-file review that refuses (reverts) the whole file under the cursor. A MultiKey of this lhs (the
 * turn review's revert) is what it does there, and `gH` on a file's header does the same.
 */
export const WHOLE_FILE_KEY = "gR";

/** A key of a multi-file review (MultiRequest.keys). */
export interface MultiKey {
  lhs: string;
  desc: string;
  fn: (this: void, index: number, setProposal: (this: void, lines: string[]) => void) => void;
}

/** Accepted: the final lines of every file, in the order given (the user may have changed them). */
export type MultiOutcome = { accepted: true; files: string[][] } | { accepted: false; reason?: string };

/** What a plan review shows. */
export interface PlanRequest {
  /** The plan (markdown). */
  plan: string;
  /** The CLI that asks, as the user reads it ("Claude Code"): the title names it. */
  client: string;
  /** A short name for the plan (its file's name): the review's tab name is built from it. */
  name: string;
  /**
   * Whether approving here answers the CLI (Claude Code). false (Gemini CLI, Qwen Code: their hooks can only
   * refuse): approving hands the decision to the CLI's own dialog, and the winbar says so.
   */
  canApprove: boolean;
  /** The connection the review belongs to (closeAllDiffTabs of its session closes it; others leave it). */
  clientId?: number;
}

/**
 * approved: the plan as the user left it (`edited`: it differs from the CLI's); refused: with the user's
 * feedback, if any; gone: closed without a decision by the user (closeAllDiffTabs, the server stopping).
 */
export type PlanOutcome =
  { kind: "approved"; text: string; edited: boolean } | { kind: "refused"; feedback?: string } | { kind: "gone" };

/**
 * The diff review, as the tools see it (openDiff, closeAllDiffTabs, close_tab, the agent's edit and LSP tools).
 * Implemented in editor/review/diff.
 */
export interface DiffService {
  /**
   * Shows a review (replacing a pending one with the same tab name, which is rejected). Fails with a message
   * naming the argument when a path cannot be read (a directory, no permission): then no UI is left behind.
   */
  open(this: void, req: DiffRequest): { ok: true; review: PendingReview } | { ok: false; error: string };
  /**
   * Shows a review of an edit across several files, walked file by file, decided once for all of them. Fails
   * with the reason when Neovim refuses to show it (then no UI is left behind). closeAll and dispose reject it.
   */
  openMulti(
    this: void,
    req: MultiRequest,
  ): { ok: true; review: PendingReview<MultiOutcome> } | { ok: false; error: string };
  /**
   * Rejects every pending review (openDiff's, the agent's edits, multi-file LSP reviews) within `scope` (all
   * without one) and closes their diff views. Returns how many were closed.
   */
  closeAll(this: void, scope?: ReviewScope): number;
  /**
   * Closes the review named `tabName` within `scope` (its pending call, if any, ends as DIFF_REJECTED). False if
   * there is none. Two sessions may each have a review of the same name: a new one replaces only its own session's.
   */
  closeTab(this: void, tabName: string, scope?: ReviewScope): boolean;
  /** The proposal of the open review named `tabName` (within `scope`) as the user left it (their edits included). */
  proposalOf(this: void, tabName: string, scope?: ReviewScope): string | undefined;
  /**
   * Shows a plan for review (editor/review/plan_review: an editable markdown buffer) until the user approves or
   * refuses it. closeAll, closeTab, rejectFor and dispose end it as `gone` (no answer: the CLI's own dialog).
   */
  openPlan(
    this: void,
    req: PlanRequest,
  ): { ok: true; review: PendingReview<PlanOutcome> } | { ok: false; error: string };
  /** Answers every pending review DIFF_REJECTED and closes the views (server stop, Neovim exit). */
  dispose(this: void): void;
  /** Rejects the pending reviews these connections asked for (their Claude terminal closed). Returns how many. */
  rejectFor(this: void, clientIds: number[]): number;
  /**
   * The reviews these connections asked for outlive them (a far session whose connection dropped): each stays
   * open, says `why` (its session is gone), and no longer answers anyone: accepting writes the file here, and the
   * user is told the agent will not hear it; rejecting closes it. Returns how many.
   */
  orphanFor(this: void, clientIds: number[], why: string): number;
  /**
   * Which connections' reviews outlive a dropped connection (a far session's): `rule(clientId)` says why (its
   * session is gone) or undefined (the review closes with its call, as it does for a CLI beside Neovim).
   */
  setOrphanRule(this: void, rule: (this: void, clientId: number) => string | undefined): void;
  /** Pending reviews (multi-file ones included) within `scope`: those a session's connections asked for. */
  pendingFor(this: void, scope: ReviewScope): number;
  /** Brings the user to the oldest review that opened behind them (diff.focus) and waits unseen. False if none. */
  focusWaiting(this: void): boolean;
}

/**
 * Long-lived editor state owned by one running server (no module-level state): created on start, disposed on
 * stop. Each feature adds its field here and its construction in services.ts.
 */
export interface Services {
  diff: DiffService;
  /** Selection tracking (selection_changed) and the getCurrentSelection/getLatestSelection answers. */
  selection: SelectionService;
  /** The agent endpoint's memory between calls (editor_state tokens, code action ids). */
  agent: AgentMemory;
  /** What may leave the editor toward a model: secrets withheld, the workspace boundary (policy/policy). */
  policy: Policy;
  /** Notes for the next prompt (hooks/notes): drained into the turn-start hook's additionalContext. */
  notes: NotesQueue;
  /** The user's notes on lines, for the agent (editor/notes): shown in their buffers, kept, sent once. */
  lineNotes: LineNotes;
}

/**
 * The notes the user attaches to lines of a file or of a review's proposal, for the agent (Services.lineNotes,
 * implemented by editor/notes): shown as signs and virtual lines, listed in the quickfix list, kept in the
 * plugin's state folder, and each sent to a model once.
 */
export interface LineNotes {
  /** Ids of the notes not sent yet (every file's and every open review's). */
  pending(): number[];
  /** Ids of the unsent notes about the proposal whose buffer is `proposal`: its own lines', and its file's. */
  ofProposal(proposal: number): number[];
  /**
   * The message carrying those of `ids` not sent yet, which are marked sent; undefined when none is left.
   * `toFar`: the path a far session knows a local file by (undefined: outside its folders).
   */
  take(ids: number[], toFar?: (this: void, path: string) => string | undefined): string | undefined;
  /**
   * The notes on files sent and not answered yet: their lines when they were sent (in the text the turn after
   * started from) and their text, for that turn's review to find the hunk that answers each (markAnswered).
   */
  sentNotes(): { id: number; path: string; first: number; last: number; text: string }[];
  /** A turn's review found hunks changing the lines of `answered`, and none for `unanswered`: each shows it. */
  markAnswered(answered: number[], unanswered: number[]): void;
  /** Keeps where every note is and removes the autocmds (server stop). */
  dispose(): void;
}

/** A note for the next prompt whose text is made when the prompt comes (the paths as that CLI knows them). */
export type NoteText = (this: void, far?: PathMap) => string | undefined;

/** Where a note for the next prompt goes: a CLI session (hook `session`), a CLI's IDE connection, or any. */
export interface NoteScope {
  session?: string;
  clientId?: number;
}

/**
 * Notes for the model's next prompt (Services.notes, implemented by hooks/notes): what the user reverted in the
 * turn review, a refusal's reason the model could not get in its own turn. The turn-start hook of a CLI
 * (UserPromptSubmit, BeforeAgent) drains them into `additionalContext`.
 */
export interface NotesQueue {
  /**
   * Queues `text` for the next prompt of `scope` (any session's when empty). A function is asked for its text when
   * the prompt comes (given the path map of a far session's CLI; undefined: nothing left to say).
   */
  add(text: string | NoteText, scope?: NoteScope): void;
  /**
   * Takes the notes for a prompt of `session` whose CLI holds the IDE connection `owner` (if known); `far`: the
   * path map of a CLI that runs somewhere else.
   */
  drain(session: string, owner?: number, far?: PathMap): string[];
  /** Notes waiting. */
  count(): number;
}

/** Earlier answers by token (editor_state's `since`): a few are kept, older tokens are forgotten. */
export interface SnapshotStore<T = unknown> {
  remember(value: T): string;
  get(token: string): T | undefined;
}

/**
 * What the agent endpoint remembers between calls, for one running server (Services.agent; implemented by
 * agent/agent_state, made on first use by services.ts).
 */
export interface AgentMemory {
  /** Earlier editor_state answers, for `since`. */
  readonly snapshots: SnapshotStore;
  /** Per-feature memory of the LSP tools (e.g. the last code action list), keyed by feature name. */
  readonly memory: LuaMap<string, unknown>;
  /** Ids of the language server clients that have reported `$/progress` work (wait_for_lsp_ready). */
  readonly lspProgressSeen: LuaSet<number>;
  /** A number for the next review's tab name (tab names must be unique). */
  nextReview(): number;
  /** Removes its autocmd (server stop). */
  dispose(): void;
}
