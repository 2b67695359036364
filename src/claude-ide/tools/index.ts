// Every tool, in the order tools/list shows them. One file per tool (or tight family); add yours here.
import type { ToolDescriptor } from "./types";

export const ALL_TOOLS: ToolDescriptor[] = [];
