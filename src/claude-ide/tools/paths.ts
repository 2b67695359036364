// Path arguments (a plain path or a file:// URI). Shared by the tools that take one.
import { uriCandidates } from "../editor/positions";
import { invalidParams } from "../protocol/tool";

/**
 * The paths a path/URI argument may mean (editor/positions uriCandidates). A NUL byte, raw or percent-encoded
 * in a URI, can name no file (and Vim's path functions raise E976 on it): -32602 naming the argument.
 */
export function pathCandidates(value: string, argName: string): string[] {
  const encodedNul =
    vim.startswith(value, "file://") && string.find(string.lower(value), "%00", 1, true)[0] !== undefined;
  if (value.includes("\0") || encodedNul) invalidParams(`"${argName}" must not contain a NUL byte`);
  return uriCandidates(value);
}
