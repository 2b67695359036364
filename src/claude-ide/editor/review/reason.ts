// The reason a user gives when refusing a review (an openDiff proposal, an agent or LSP edit, a plan): typed
// after :ClaudeCodeDiffDeny, or asked for by a review's key. It reaches the model verbatim, by whichever road
// each CLI allows (the tool's answer, a hook's answer, the note carried by the next prompt).

/**
 * Buffer variable on a review's proposal buffer: the reason the refusal under way carries. :ClaudeCodeDiffDeny
 * sets it and then deletes the buffer (the one way in for a refusal), and the view reads it as it rejects.
 */
export const REASON_VAR = "claude_ide_reject_reason";

/** A reason as typed, trimmed; undefined when there is nothing in it. */
export function cleanReason(reason: string | undefined): string | undefined {
  if (reason === undefined) return undefined;
  const trimmed = vim.trim(reason);
  return trimmed === "" ? undefined : trimmed;
}

/** The reason waiting on `buf` (REASON_VAR), if any. */
export function reasonOn(buf: Buf): string | undefined {
  if (!vim.api.nvim_buf_is_valid(buf)) return undefined;
  const [ok, value] = pcall(vim.api.nvim_buf_get_var, buf, REASON_VAR);
  return ok && typeof value === "string" ? cleanReason(value) : undefined;
}

/**
 * Asks for a reason (vim.ui.input, so a user's input UI shows it). `done` gets the reason, or undefined for an
 * empty answer (a refusal without one); cancelling (<Esc>) calls nothing: the review stays open.
 */
export function askReason(prompt: string, done: (this: void, reason: string | undefined) => void): void {
  vim.ui.input({ prompt }, (input) => {
    if (input === undefined) return;
    done(cleanReason(input));
  });
}
