// Every tool the agent endpoint serves, in the order tools/list shows them: the agent family's, then the LSP
// family's (the bridge adds its own list_instances and select_instance in front). The two families are
// siblings that never import each other; this list, in the wiring layer, is where they meet.
import { AGENT_TOOLS } from "../agent/tools";
import { LSP_TOOLS } from "../lsp/tools";
import type { ToolDescriptor } from "../protocol/tool";

export const ENDPOINT_TOOLS: ToolDescriptor[] = [...AGENT_TOOLS, ...LSP_TOOLS];
