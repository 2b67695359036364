// closeAllDiffTabs and close_tab (doc/protocol.md §4-§6), answered through the diff review's DiffService.
// closeAllDiffTabs (the CLI calls it at the start of every turn) also rejects the agent endpoint's pending
// reviews (edit, and the multi-file LSP reviews): their blocked calls answer REJECTED.
import { Logger } from "../log";
import { defineTool, str } from "../protocol/schema";
import { text } from "../protocol/tool";

export const closeAllDiffTabs = defineTool({
  name: "closeAllDiffTabs",
  description:
    "Close every diff review opened by Claude: openDiff's, and the agent endpoint's edit and LSP reviews (pending reviews count as rejected). Answers CLOSED_<n>_DIFF_TABS.",
  input: {},
  handler: (_args, ctx) => text(`CLOSED_${ctx.services.diff.closeAll()}_DIFF_TABS`),
});

/** Not listed (the CLI calls it without discovering it); answers TAB_CLOSED also for an unknown tab. */
export const closeTab = defineTool({
  name: "close_tab",
  description: "",
  listed: false,
  input: { tab_name: str("The tab_name given to openDiff") },
  handler: (args, ctx) => {
    const name = args.tab_name;
    if (!ctx.services.diff.closeTab(name))
      new Logger(ctx.config.log_level).debug(`close_tab: no open review named "${name}"`);
    return text("TAB_CLOSED");
  },
});
