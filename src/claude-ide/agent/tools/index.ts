// The agent family's tools, in the order tools/list shows them (bridge/tools.ts puts the LSP family's after
// them, and the bridge adds its own list_instances and select_instance in front). One file per tool; add yours here.
import type { ToolDescriptor } from "../../protocol/tool";
import { edit } from "./edit";
import { editorState } from "./editor_state";
import { execute } from "./execute";
import { getDiagnostics } from "./get_diagnostics";
import { navigate } from "./navigate";
import { readBuffer } from "./read_buffer";
import { search } from "./search";

export const AGENT_TOOLS: ToolDescriptor[] = [editorState, readBuffer, navigate, search, getDiagnostics, edit, execute];
