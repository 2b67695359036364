// openDiff and closeDiff of the Gemini CLI / Qwen Code "IDE companion" interface. Unlike the Claude CLI's
// openDiff, the call answers at once; the user's decision reaches the CLI later as a notification:
// `ide/diffAccepted {filePath, content}` (content: the proposal as the user left it, their edits included) or
// `ide/diffRejected {filePath}`. The CLI writes the file itself (the file's buffer then follows that write,
// as for the Claude CLI). A review belongs to the session that opened it: that session's second openDiff of the
// file replaces it; another session's waits, answered at once like any openDiff (the user is told so): when the
// first review is rejected, it opens; when the first is accepted, it was made against the file as it was before:
// it is rejected unseen, and its CLI's next prompt says why (the notes). Gemini CLI 0.61 shows its own
// terminal's edit dialog beside the IDE's review anyway: answered there first, the CLI closes its diff
// (closeDiff) and the waiting proposal goes.
// It is never refused with isError: Gemini CLI 0.61's IdeClient.openDiff rejects its promise on an isError
// answer, and a copy of that promise (the one that releases its one-diff-at-a-time lock) has no handler: the
// process's unhandledRejection handler logs "CRITICAL: Unhandled Promise Rejection!" and opens the Debug Console
// (F12) over the CLI. The other refusals (a relative path, too many reviews waiting, a review that cannot open)
// still answer isError: they do not happen to a CLI that works as it should.
// closeDiff closes only the caller's own reviews (and waiting proposals).
// A rejection's reason has no place in ide/diffRejected: it waits in the notes for the next prompt (the
// BeforeAgent / UserPromptSubmit hook's additionalContext) of the CLI whose session it was: the hook finds its
// CLI's companion session by process (Companion.sessionOfProcess, Linux). Where processes cannot be told apart
// (no /proc), any session's next prompt takes it.
import type { Services } from "../contracts";
import { bool, defineTool, optional, str } from "../protocol/schema";
import type { ToolDescriptor, ToolResult } from "../protocol/tool";
import { noteRejection } from "./open_diff";

/** @noSelf */
export interface CompanionLink {
  /** Sends a notification to the session `clientId` (no-op when it is gone). */
  notify(clientId: number, method: string, params: object): void;
  /** The name the user reads for the CLI (review titles). */
  label(): string;
  /** The running server's editor services. */
  services(): Services;
  /** Whether a hook's CLI can be matched with its session (notes for one session only). */
  knowsProcesses(): boolean;
  /** Tells the user something they need to act on (a warning: shown at the default log level). */
  tell(msg: string): void;
  /** Whether the session `clientId` is still there (a waiting proposal of a session that ended never opens). */
  alive(clientId: number): boolean;
}

/** Another session's proposal for a file under review, waiting for that review to be decided. */
interface Waiting {
  clientId: number;
  path: string;
  newContent: string;
}

interface OpenReview {
  tabName: string;
  clientId: number;
  /** closeDiff with suppressNotification: the end is not told. */
  quiet: boolean;
}

const text = (t: string, isError = false): ToolResult => ({
  content: [{ type: "text", text: t }],
  isError: isError ? true : undefined,
});

/**
 * Reviews all the companion's sessions may have waiting at once (each session also has the editor's own cap):
 * a CLI can start sessions at will, and the cap must hold for the server as a whole.
 */
export const MAX_COMPANION_REVIEWS = 16;

/** The key of a session's review of a file in `open`. */
const keyOf = (clientId: number, path: string): string => `${clientId}\n${path}`;

/** The companion's two tools, sharing the reviews they opened (one set per running companion). */
export function companionTools(link: CompanionLink): ToolDescriptor[] {
  /** Pending reviews by session and file (keyOf). */
  const open = new LuaMap<string, OpenReview>();
  /** Which session reviews a file now. */
  const owner = new LuaMap<string, number>();
  /** Other sessions' proposals for files under review, oldest first. */
  const waiting: Waiting[] = [];
  let count = 0;

  const openDiff = defineTool({
    name: "openDiff",
    description: "(IDE Tool) Open a diff view to create or modify a file. Answers at once; the outcome is notified.",
    input: {
      filePath: str("Absolute path of the file", { minLength: 1 }),
      newContent: str("The whole proposed contents of the file", { text: true }),
    },
    handler: (args, ctx) => {
      const path = args.filePath;
      if (!vim.startswith(path, "/")) return text(`openDiff: filePath must be absolute: ${path}`, true);
      const holder = owner.get(path);
      if (holder !== undefined && holder !== ctx.clientId) {
        // Answered as any openDiff (never isError: see the top of this file); its review opens once the one open
        // is decided, unless the CLI closes it first (answered in its own terminal's edit dialog).
        const i = waiting.findIndex((w) => w.clientId === ctx.clientId && w.path === path);
        if (i >= 0) waiting.splice(i, 1);
        waiting.push({ clientId: ctx.clientId, path, newContent: args.newContent });
        link.tell(
          `another ${link.label()} session proposes a change to ${vim.fn.fnamemodify(path, ":~:.")} while this file's review is open: it waits (shown if this one is rejected, dropped if it is accepted), or answer it in that CLI's terminal`,
        );
        return { content: [] };
      }
      return openReview(ctx.clientId, path, args.newContent);
    },
  });

  /** Opens `clientId`'s review of `path` (replacing its own earlier one); the answer to its openDiff. */
  function openReview(clientId: number, path: string, newContent: string): ToolResult {
    const diff = link.services().diff;
    const key = keyOf(clientId, path);
    const before = open.get(key);
    let pending = 0;
    for (const [,] of open) pending++;
    if (before === undefined && pending >= MAX_COMPANION_REVIEWS)
      return text(
        `openDiff: ${MAX_COMPANION_REVIEWS} reviews of ${link.label()} sessions are already waiting for the user (the most this editor keeps open): wait until the user has decided on them`,
        true,
      );
    if (before !== undefined) {
      before.quiet = true;
      diff.closeTab(before.tabName, (id) => id === before.clientId);
    }
    count++;
    const label = link.label();
    const tabName = `✻ [${label}] ${vim.fn.fnamemodify(path, ":~:.")} (${count})`;
    const opened = diff.open({
      oldPath: path,
      newPath: path,
      contents: newContent,
      tabName,
      clientId,
      client: label,
    });
    if (!opened.ok) return text(`openDiff: ${opened.error}`, true);
    const entry: OpenReview = { tabName, clientId, quiet: false };
    open.set(key, entry);
    owner.set(path, clientId);
    opened.review.onDecision((outcome) => {
      if (open.get(key) === entry) {
        open.delete(key);
        owner.delete(path);
        // After this review's tab has gone (the decision closes it after telling).
        const changed = outcome.accepted;
        vim.schedule(() => settleWaiting(path, changed));
      }
      if (entry.quiet) return;
      if (outcome.accepted) link.notify(entry.clientId, "ide/diffAccepted", { filePath: path, content: outcome.text });
      else {
        if (outcome.reason !== undefined)
          noteRejection(
            link.services().notes,
            link.knowsProcesses() ? entry.clientId : undefined,
            path,
            outcome.reason,
          );
        link.notify(entry.clientId, "ide/diffRejected", { filePath: path });
      }
    });
    return { content: [] };
  }

  /**
   * What waits for `path` once no session's review of it is open. `changed` (the review was accepted: its CLI
   * writes the file now): every waiting proposal was made against the file as it was, so none is shown: each is
   * rejected, and its CLI's next prompt says why. Else the first one opens its review (the others wait on). One
   * that cannot open is rejected too: its CLI waits for an outcome (its openDiff was answered).
   */
  function settleWaiting(path: string, changed: boolean): void {
    const name = vim.fn.fnamemodify(path, ":~:.");
    const drop = (w: Waiting, why: string, note: string) => {
      link.tell(`the waiting ${link.label()} proposal for ${name} was not shown: ${why}`);
      link
        .services()
        .notes.add(
          `Your proposed change to ${name} was not shown in Neovim's review: ${note}. Read the file again before proposing a change to it.`,
          link.knowsProcesses() ? { clientId: w.clientId } : {},
        );
      link.notify(w.clientId, "ide/diffRejected", { filePath: path });
    };
    while (owner.get(path) === undefined) {
      const i = waiting.findIndex((w) => w.path === path);
      if (i < 0) return;
      const [next] = waiting.splice(i, 1);
      if (!link.alive(next.clientId)) continue;
      if (changed) {
        drop(
          next,
          "another session's change to it was accepted meanwhile",
          "another session's change to that file was accepted while yours waited",
        );
        continue;
      }
      const res = openReview(next.clientId, path, next.newContent);
      if (res.isError === true) {
        const why = (res.content[0] as { text: string }).text;
        drop(next, why, "it could not be opened");
      }
    }
  }

  const closeDiff = defineTool({
    name: "closeDiff",
    description: "(IDE Tool) Close an open diff view for a specific file; answers its content as the user left it.",
    input: {
      filePath: str("Absolute path of the file", { minLength: 1 }),
      suppressNotification: optional(bool("Do not notify the outcome")),
    },
    handler: (args, ctx) => {
      const queued = waiting.findIndex((w) => w.clientId === ctx.clientId && w.path === args.filePath);
      if (queued >= 0) {
        // Its proposal was waiting for another session's review: it goes, nothing was shown.
        waiting.splice(queued, 1);
        return text(vim.json.encode({ content: vim.NIL }));
      }
      const key = keyOf(ctx.clientId, args.filePath);
      const entry = open.get(key);
      if (entry === undefined) return text(vim.json.encode({ content: vim.NIL }));
      const diff = link.services().diff;
      const theirs = (id: number | undefined) => id === entry.clientId;
      const content = diff.proposalOf(entry.tabName, theirs);
      if (args.suppressNotification === true) entry.quiet = true;
      open.delete(key);
      owner.delete(args.filePath);
      diff.closeTab(entry.tabName, theirs);
      return text(vim.json.encode({ content: content ?? vim.NIL }));
    },
  });

  return [openDiff, closeDiff];
}
