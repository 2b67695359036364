// Terminal buffers (a :terminal running tests, a build, a server) as the model sees them: the command, whether
// it still runs or how it exited, and its text (scrollback included). The Claude terminals are told apart by
// their filetype: the model does not need its own conversation back.

/** The filetype of Claude terminal buffers (`:autocmd FileType claude-ide`, statuslines). */
export const FILETYPE = "claude-ide";

export function isTerminal(buf: Buf): boolean {
  return vim.api.nvim_buf_is_valid(buf) && vim.api.nvim_get_option_value("buftype", { buf }) === "terminal";
}

/** A terminal running `claude` started by this plugin. */
export function isClaudeTerminal(buf: Buf): boolean {
  return isTerminal(buf) && vim.api.nvim_get_option_value("filetype", { buf }) === FILETYPE;
}

/** The command of a terminal buffer, from its name `term://{cwd}//{pid}:{command}`. */
export function terminalCommand(buf: Buf): string {
  const name = vim.api.nvim_buf_get_name(buf);
  const [, , command] = string.find(name, "^term://.-//%d+:(.*)$");
  return command !== undefined ? tostring(command) : name;
}

/** The buffer's lines without the empty rows below the last output (the unused part of the screen). */
export function terminalLines(buf: Buf): string[] {
  if (!vim.api.nvim_buf_is_loaded(buf)) return [];
  const lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false);
  while (lines.length > 0 && string.find(lines[lines.length - 1], "^%s*$")[0] !== undefined) lines.pop();
  return lines;
}

/** Buffer variable holding the exit status of the terminal's job (set on TermClose). */
const EXIT_VAR = "claude_ide_exit_status";

/** TermClose (editor/services): keeps the job's exit status on its buffer. */
export function recordExit(buf: Buf): void {
  const status = (vim.v as unknown as { event: { status?: number } }).event.status;
  if (status !== undefined && vim.api.nvim_buf_is_valid(buf)) vim.b[buf][EXIT_VAR] = status;
}

/**
 * `running`, `exit N` (from TermClose, or the `[Process exited N]` line Neovim 0.10 writes) or `exited`.
 */
export function terminalState(buf: Buf): string {
  const job = vim.b[buf].terminal_job_id as number | undefined;
  if (job !== undefined && vim.fn.jobwait([job], 0)[0] === -1) return "running";
  const status = vim.b[buf][EXIT_VAR] as number | undefined;
  if (status !== undefined) return `exit ${status}`;
  const lines = terminalLines(buf);
  for (let i = lines.length - 1; i >= math.max(0, lines.length - 3); i--) {
    const [, , code] = string.find(lines[i], "%[Process exited (%-?%d+)%]");
    if (code !== undefined) return `exit ${code}`;
  }
  return "exited";
}

/** `make test [running]`: what editor_state shows for a terminal buffer. */
export function terminalLabel(buf: Buf): string {
  return `${terminalCommand(buf)} [${terminalState(buf)}]`;
}
