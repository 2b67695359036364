// terminal.permission_mode: one set of mode names for every CLI :ClaudeCode starts, each mapped to that CLI's
// own flags. Checked at setup() against the CLI terminal.command runs (config.validate), turned into command-line
// arguments when a terminal starts (sessions). Written without TypeScript's array and object helpers: it loads
// with config at setup().
//
// Where each CLI's names come from (their --help and their own sources):
// - Claude Code 2.1.330 `--permission-mode`: acceptEdits, auto, bypassPermissions, manual, dontAsk, plan, and
//   `default` (what it now shows as "Manual"; it reads `manual` as `default`).
// - Gemini CLI 0.61.0 `--approval-mode`: default, auto_edit, yolo, plan.
// - Qwen Code 0.24.4 `--approval-mode`: plan, default, auto-edit, auto (an LLM classifier approves), yolo.
// - Codex `--ask-for-approval` (untrusted, on-request, never) with `--sandbox` (read-only, workspace-write,
//   danger-full-access): `untrusted` asks before every edit and every command but known read-only ones.

/** The CLIs whose set-up :ClaudeCode knows, by terminal.command's program; anything else is run as Claude Code. */
export type CliKind = "claude" | "gemini" | "qwen" | "codex";

/** The name of the program a command line runs: `codex` for `'/opt/my bin/codex' --full-auto` too. */
export function programName(command: string): string {
  const [quoted] = string.match(command, `^%s*(['"])`);
  const [program] =
    quoted !== undefined ? string.match(command, `^%s*${quoted}(.-)${quoted}`) : string.match(command, "^%s*(%S+)");
  return program !== undefined ? vim.fn.fnamemodify(program, ":t") : "";
}

/** The CLI terminal.command runs (anything but gemini, qwen and codex is started as Claude Code). */
export function cliKind(command: string): CliKind {
  const name = programName(command);
  return name === "gemini" || name === "qwen" || name === "codex" ? name : "claude";
}

/** The CLI's name as the user reads it, in messages. */
const LABELS: { [cli in CliKind]: string } = {
  claude: "Claude Code",
  gemini: "Gemini CLI",
  qwen: "Qwen Code",
  codex: "Codex",
};

/**
 * The modes of each CLI, by the names terminal.permission_mode takes (Claude Code's, which every CLI shares where
 * it has the mode, then the CLI's own names), as the arguments that start the CLI in it. `default` / `manual`:
 * every edit is asked for (proposed in a review where the CLI proposes edits to the editor) before it is made.
 */
const MODES: { [cli in CliKind]: [string, string][] } = {
  claude: [
    ["default", "--permission-mode default"],
    ["manual", "--permission-mode manual"],
    ["acceptEdits", "--permission-mode acceptEdits"],
    ["auto", "--permission-mode auto"],
    ["plan", "--permission-mode plan"],
    ["dontAsk", "--permission-mode dontAsk"],
    ["bypassPermissions", "--permission-mode bypassPermissions"],
  ],
  gemini: [
    ["default", "--approval-mode default"],
    ["manual", "--approval-mode default"],
    ["acceptEdits", "--approval-mode auto_edit"],
    ["plan", "--approval-mode plan"],
    ["bypassPermissions", "--approval-mode yolo"],
    ["auto_edit", "--approval-mode auto_edit"],
    ["yolo", "--approval-mode yolo"],
  ],
  qwen: [
    ["default", "--approval-mode default"],
    ["manual", "--approval-mode default"],
    ["acceptEdits", "--approval-mode auto-edit"],
    ["auto", "--approval-mode auto"],
    ["plan", "--approval-mode plan"],
    ["bypassPermissions", "--approval-mode yolo"],
    ["auto-edit", "--approval-mode auto-edit"],
    ["yolo", "--approval-mode yolo"],
  ],
  codex: [
    ["default", "--ask-for-approval untrusted --sandbox workspace-write"],
    ["manual", "--ask-for-approval untrusted --sandbox workspace-write"],
    ["acceptEdits", "--ask-for-approval on-request --sandbox workspace-write"],
    ["plan", "--ask-for-approval on-request --sandbox read-only"],
    ["bypassPermissions", "--ask-for-approval never --sandbox danger-full-access"],
  ],
};

/**
 * The flags (Lua patterns of whole words, `-` escaped) by which a command line already sets the CLI's mode: then
 * terminal.permission_mode adds nothing (the user's own wins, and Gemini CLI refuses --yolo with --approval-mode).
 */
const MODE_FLAGS: { [cli in CliKind]: string[] } = {
  claude: ["%-%-permission%-mode", "%-%-dangerously%-skip%-permissions"],
  gemini: ["%-%-approval%-mode", "%-%-yolo", "%-y"],
  qwen: ["%-%-approval%-mode", "%-%-yolo", "%-y"],
  codex: [
    "%-%-ask%-for%-approval",
    "%-a",
    "%-%-sandbox",
    "%-s",
    "%-%-full%-auto",
    "%-%-dangerously%-bypass%-approvals%-and%-sandbox",
    "%-%-yolo",
  ],
};

/** The arguments that start `cli` in `mode`; undefined when it has no such mode. */
function argumentsOf(cli: CliKind, mode: string): string | undefined {
  for (const [name, args] of MODES[cli]) if (name === mode) return args;
  return undefined;
}

/** The mode names `cli` takes, quoted and joined for a message: `"default", "manual", ...`. */
export function modeNames(cli: CliKind): string {
  const names: string[] = [];
  for (const [name] of MODES[cli]) names.push(`"${name}"`);
  return table.concat(names, ", ");
}

/**
 * Why terminal.permission_mode `mode` cannot start the CLI `command` runs (a mode it does not have: the message
 * names the key and the modes it has), undefined when it can. `false` (the CLI's own mode) always can.
 */
export function modeError(command: string, mode: string | false): string | undefined {
  if (mode === false) return undefined;
  const cli = cliKind(command);
  if (argumentsOf(cli, mode) !== undefined) return undefined;
  const runs = cli === "claude" ? "runs it, or a program started as it" : `runs ${cli}`;
  return `option "terminal.permission_mode" must be a mode of ${LABELS[cli]} (terminal.command ${runs}): one of ${modeNames(cli)}, or false (its own mode), got "${mode}"`;
}

/**
 * The arguments that start the CLI in terminal.permission_mode `mode`: "" when `mode` is false (the CLI's own), when
 * the command line (terminal.command and :ClaudeCode's arguments) sets a mode already, or when the CLI has no such
 * mode (setup() refuses that one).
 */
export function modeArguments(cli: CliKind, mode: string | false, commandLine: string): string {
  if (mode === false) return "";
  const line = ` ${commandLine} `;
  for (const flag of MODE_FLAGS[cli]) if (string.find(line, `%s${flag}[%s=]`)[0] !== undefined) return "";
  return argumentsOf(cli, mode) ?? "";
}
