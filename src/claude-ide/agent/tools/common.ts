// What every agent tool shares: the `path` | `buffer` arguments and the annotation sets.
import { int, optional, str } from "../../protocol/schema";
import type { ToolAnnotations } from "../../protocol/tool";

/** `path` | `buffer`, as every tool that works on one file takes them. */
export const targetInput = {
  path: optional(str("File path, absolute or relative to Neovim's cwd", { minLength: 1 })),
  buffer: optional(int("Buffer number (b<n> in editor_state)", { minimum: 1 })),
};

/** A reading tool: plan mode and auto-approval may call it freely. */
export function reading(title: string): ToolAnnotations {
  return { title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
}

/** A tool that changes the editor or files. */
export function writing(title: string, destructive: boolean, idempotent = false): ToolAnnotations {
  return { title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: false };
}
