// openDiff and closeDiff of the Gemini CLI / Qwen Code "IDE companion" interface. Unlike the Claude CLI's
// openDiff, the call answers at once; the user's decision reaches the CLI later as a notification:
// `ide/diffAccepted {filePath, content}` (content: the proposal as the user left it, their edits included) or
// `ide/diffRejected {filePath}`. The CLI writes the file itself (the file's buffer then follows that write,
// as for the Claude CLI). A review belongs to the session that opened it: that session's second openDiff of the
// file replaces it, another session's is refused (an isError result: Gemini CLI 0.61 then waits for the answer
// in its own terminal's edit dialog, which it shows beside the IDE's review anyway; checked with the real CLI,
// e2e/sections/15-gemini-pair.sh; the user is told so), the first session still gets its outcome, and
// closeDiff closes only the caller's own.
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
      const diff = link.services().diff;
      const holder = owner.get(path);
      if (holder !== undefined && holder !== ctx.clientId) {
        // Gemini CLI 0.61 then waits for an answer in its own terminal (its edit dialog), not in Neovim.
        link.tell(
          `another ${link.label()} session proposes a change to ${vim.fn.fnamemodify(path, ":~:.")} while this file's review is open: answer it in that CLI's terminal`,
        );
        return text(
          `openDiff: ${path} is already under review for another ${link.label()} session: that review must be decided first`,
          true,
        );
      }
      const key = keyOf(ctx.clientId, path);
      const before = open.get(key);
      let waiting = 0;
      for (const [,] of open) waiting++;
      if (before === undefined && waiting >= MAX_COMPANION_REVIEWS)
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
        contents: args.newContent,
        tabName,
        clientId: ctx.clientId,
        client: label,
      });
      if (!opened.ok) return text(`openDiff: ${opened.error}`, true);
      const entry: OpenReview = { tabName, clientId: ctx.clientId, quiet: false };
      open.set(key, entry);
      owner.set(path, ctx.clientId);
      opened.review.onDecision((outcome) => {
        if (open.get(key) === entry) {
          open.delete(key);
          owner.delete(path);
        }
        if (entry.quiet) return;
        if (outcome.accepted)
          link.notify(entry.clientId, "ide/diffAccepted", { filePath: path, content: outcome.text });
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
    },
  });

  const closeDiff = defineTool({
    name: "closeDiff",
    description: "(IDE Tool) Close an open diff view for a specific file; answers its content as the user left it.",
    input: {
      filePath: str("Absolute path of the file", { minLength: 1 }),
      suppressNotification: optional(bool("Do not notify the outcome")),
    },
    handler: (args, ctx) => {
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
