// closeAllDiffTabs and close_tab (doc/protocol.md §4-§6), answered through the diff review's DiffService.
// closeAllDiffTabs (the CLI calls it at the start of every turn) also rejects the agent endpoint's pending
// reviews (edit, and the multi-file LSP reviews): their blocked calls answer REJECTED.
//
// Both act only on the calling Claude session's reviews (and on reviews of no session): with two sessions, a
// new turn in one must not reject the review the other is waiting on (its CLI would abort that turn as "User
// denied via IDE"). A session is one CLI connection plus the agent bridges that CLI started; the server ties a
// bridge to its CLI by process ancestry (Hub.ownerOf).
import type { ReviewScope } from "../contracts";
import { Logger } from "../log";
import { defineTool, str } from "../protocol/schema";
import { text, type ToolContext } from "../protocol/tool";

/** The reviews the calling connection may close: its session's, and those that belong to no session. */
function callerScope(ctx: ToolContext): ReviewScope {
  const caller = ctx.hub.ownerOf(ctx.clientId) ?? ctx.clientId;
  return (clientId) => {
    if (clientId === undefined) return true;
    const owner = ctx.hub.ownerOf(clientId);
    return owner === undefined || owner === caller;
  };
}

export const closeAllDiffTabs = defineTool({
  name: "closeAllDiffTabs",
  description:
    "Close every diff review opened by this Claude session: openDiff's, and the agent endpoint's edit and LSP reviews (pending reviews count as rejected). Answers CLOSED_<n>_DIFF_TABS.",
  input: {},
  handler: (_args, ctx) => text(`CLOSED_${ctx.services.diff.closeAll(callerScope(ctx))}_DIFF_TABS`),
});

/** Not listed (the CLI calls it without discovering it); answers TAB_CLOSED also for an unknown tab. */
export const closeTab = defineTool({
  name: "close_tab",
  description: "",
  listed: false,
  // Free text: the CLI names tabs after files and expects TAB_CLOSED whatever the name holds (doc/protocol.md).
  input: { tab_name: str("The tab_name given to openDiff", { text: true }) },
  handler: (args, ctx) => {
    const name = args.tab_name;
    if (!ctx.services.diff.closeTab(name, callerScope(ctx)))
      new Logger(ctx.config.log_level).debug(`close_tab: no open review named "${name}" in this session`);
    return text("TAB_CLOSED");
  },
});
