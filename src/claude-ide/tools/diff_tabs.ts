// closeAllDiffTabs and close_tab (PROTOCOL.md §4-§6), answered through the diff review's DiffService.
import { Logger } from "../log";
import { text, ToolDescriptor } from "./types";

export const closeAllDiffTabs: ToolDescriptor = {
  name: "closeAllDiffTabs",
  description: "Close every diff review opened by Claude (pending reviews count as rejected). Answers CLOSED_<n>_DIFF_TABS.",
  inputSchema: { type: "object", properties: {} },
  handler: (_args, ctx) => text(`CLOSED_${ctx.services.diff.closeAll()}_DIFF_TABS`),
};

/** Not listed (the CLI calls it without discovering it); answers TAB_CLOSED also for an unknown tab. */
export const closeTab: ToolDescriptor = {
  name: "close_tab",
  description: "",
  listed: false,
  inputSchema: {
    type: "object",
    properties: { tab_name: { type: "string", description: "The tab_name given to openDiff" } },
    required: ["tab_name"],
  },
  handler: (args, ctx) => {
    const name = args.tab_name as string;
    if (!ctx.services.diff.closeTab(name)) new Logger(ctx.config.log_level).debug(`close_tab: no open review named "${name}"`);
    return text("TAB_CLOSED");
  },
};
