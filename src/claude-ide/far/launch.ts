// Starting an agent somewhere else (remote.targets): the command line a Claude terminal runs to start the CLI
// over there, through the target's own command (ssh, docker exec, podman exec, devcontainer exec), and what the
// far side is then told on the terminal's own input. Pure, so that specs run the very scripts it makes.
//
// No secret is ever on a command line, here or over there. The far command is a fixed bootstrap (BOOTSTRAP) that
// turns the terminal's echo off, says it is ready (READY_OSC, which the editor sees as a TermRequest) and reads
// the rest from its standard input: the session's script (farScript, one line) and then its data lines (the lock
// file's JSON with the token, the settings and the MCP config, whose HTTP entries carry the token as a header).
// The script writes those as 0600 files next to the lock file, in `${CLAUDE_CONFIG_DIR:-$HOME/.claude}/ide`,
// removes them all when the CLI ends (exit, hang-up, interrupt, termination), changes to the far folder, and runs
// the CLI with paths (`--settings <file>`, `--mcp-config <file>`) and the environment that makes it connect
// (CLAUDE_CODE_SSE_PORT, and the host where it is not 127.0.0.1). Nothing over there needs Neovim.
//
// The bootstrap reaches the far side as one word: through ssh, a login shell of any kind (sh, bash, zsh, fish,
// tcsh) runs `sh -c '<bootstrap>'` and passes the bootstrap to sh unchanged (it holds no single quote, no newline,
// no "!" and no backslash that fish or csh would read inside single quotes); through docker exec and the like,
// `sh`, `-c` and the bootstrap are separate words.
import type { RemoteTarget } from "../config";

/** A word for a POSIX shell: single-quoted unless it needs nothing. */
export function shellWord(word: string): string {
  if (word !== "" && string.find(word, "^[%w%-_./=:@,+]+$")[0] !== undefined) return word;
  const [escaped] = string.gsub(word, "'", "'\\''");
  return `'${escaped}'`;
}

/** The OSC sequence's text (after ESC ]) the bootstrap prints once the far terminal no longer echoes. */
export const READY_OSC = "5522;claude-ide;ready";

/** The line the editor sends first, after the bootstrap's READY_OSC: what the terminal held before is skipped. */
export const GO_LINE = "claude-ide-go";

/**
 * The far command: saves the terminal's modes, turns echo and line editing off (so neither the script nor a
 * secret is ever shown, and no line length limit applies), says it is ready, skips every line up to GO_LINE (what
 * the user typed before), reads one line and runs it (farScript). No single quote, newline, "!" or backslash pair:
 * any login shell passes it to sh unchanged inside single quotes.
 */
export const BOOTSTRAP = [
  "t=$(stty -g 2>/dev/null)",
  "stty -echo -icanon min 1 time 0 2>/dev/null",
  `printf "\\033]${READY_OSC}\\007"`,
  `while IFS= read -r s; do case "$s" in *${GO_LINE}) break;; esac; done`,
  "IFS= read -r s",
  'eval "$s"',
].join("; ");

export interface FarScript {
  /** The far session's port, as the far side reaches it (the same number through ssh -R or a shared network). */
  port: number;
  token: string;
  /** The lock file's workspaceFolders: the far folders. */
  folders: string[];
  /** The far folder the CLI starts in. */
  cwd: string;
  /** The host the CLI connects to (CLAUDE_CODE_IDE_HOST_OVERRIDE when it is not 127.0.0.1). */
  host: string;
  /** Environment over there (the target's env, then what the plugin sets). */
  env: { [name: string]: string };
  /** The CLI and the plugin's arguments, as words (the settings and MCP config files come right after the CLI). */
  words: string[];
  /** The settings (JSON) when the far folder holds the files here; undefined: none. */
  settings?: string;
  /**
   * Files of the local folder and their `cksum` CRC: the far shell checks them in the far folder. One differs or is
   * missing: the folder over there is not these files, `settingsOther` is given instead of `settings`, and the
   * shell tells the terminal with OTHER_FILES_OSC (the editor says so once).
   */
  check?: { name: string; crc: number }[];
  settingsOther?: string;
  /** The MCP config (JSON): the agent tools' entry; undefined: none. */
  mcp?: string;
  /**
   * Ports of this editor's earlier sessions at this target that are over (their door is closed): their lock file
   * and files, should a dropped connection have left them behind, are removed before this one's are written.
   */
  stale?: number[];
  /** The arguments given to :ClaudeCode, appended as they were typed (the far shell reads them). */
  extra: string;
}

/** The lock file over there, after its `{"pid":` (the far shell's own pid goes first). */
function lockRest(s: FarScript): string {
  const body = vim.json.encode({
    workspaceFolders: s.folders,
    ideName: "Neovim",
    transport: "ws",
    runningInWindows: false,
    authToken: s.token,
  });
  // `{"workspaceFolders":…}` → `,"workspaceFolders":…}`
  return "," + string.sub(body, 2);
}

/** The OSC sequence's text (after ESC ]) the far shell prints when its folder is not the files here. */
export const OTHER_FILES_OSC = "5522;claude-ide;other-files;";

/** A word for the one-line script: a newline inside becomes "$n" (the script defines it). */
function lineWord(word: string): string {
  if (word === "") return "''";
  const parts = vim.split(word, "\n", { plain: true });
  return parts.map((p) => (p === "" ? "" : shellWord(p))).join('"$n"');
}

/** The files of the session at `port` over there, after `$d/` (the lock file's folder). */
function files(port: number | string): string {
  return [".lock", ".lock.tmp", ".settings.json", ".other.json", ".mcp.json"].map((x) => `"$d/${port}${x}"`).join(" ");
}

/**
 * The script the far shell runs (one line, read by BOOTSTRAP), which then reads its data lines: the lock file's
 * JSON after `{"pid":`, the settings, the other settings and the MCP config (each one line, empty: none).
 */
export function farScript(s: FarScript): string {
  const env: string[] = [];
  const names: string[] = [];
  for (const [k] of pairs(s.env)) names.push(k as string);
  names.sort();
  for (const name of names) env.push(`${name}=${lineWord(s.env[name])}`);
  const [cli, ...rest] = s.words.map((w) => lineWord(w));
  const extra = vim.trim(string.gsub(s.extra, "\n", " ")[0]);
  const command = [cli, '"$@"', ...rest].join(" ") + (extra !== "" ? ` ${extra}` : "");
  const settings = s.settings !== undefined ? 'set -- --settings "$f.settings.json"' : "set --";
  const other = s.settingsOther !== undefined ? 'set -- --settings "$f.other.json"' : settings;
  const mcp = s.mcp !== undefined ? 'set -- "$@" --mcp-config "$f.mcp.json"' : "";
  const check = s.check ?? [];
  const pairs_ = check.map((c) => lineWord(`${c.name} ${c.crc}`)).join(" ");
  // Each file's CRC over there, as `cksum` prints it (its first word); the first that differs names the folder
  // as other files.
  const compare =
    check.length === 0
      ? [settings]
      : [
          "same=1",
          `for p in ${pairs_}; do f_="\${p% *}"; w="\${p##* }"; g="$(cksum < "$f_" 2>/dev/null)" || g=""; g="\${g%% *}"; if [ "$g" != "$w" ]; then same=0; other="$f_"; break; fi; done`,
          `if [ "$same" = 1 ]; then ${settings}; else printf '\\033]${OTHER_FILES_OSC}%s\\007' "$other"; ${other}; fi`,
        ];
  // One data line into a 0600 file (printf is the shell's own: the line is on no command line); empty: none.
  const save = (file: string) => `IFS= read -r x; if [ -n "$x" ]; then printf '%s\\n' "$x" > "${file}" || exit 1; fi`;
  const stale = (s.stale ?? []).filter((p) => p !== s.port).map((p) => files(p));
  return [
    "n=$(printf '\\nx'); n=${n%x}",
    "umask 077",
    'd="${CLAUDE_CONFIG_DIR:-$HOME/.claude}/ide"',
    'mkdir -p "$d" || exit 1',
    `l="$d/${s.port}.lock"`,
    `f="$d/${s.port}"`,
    // The lock file and the session's files go with the CLI, however it ends (a trap runs once the CLI in the
    // foreground has ended).
    `trap 'rm -f ${files(s.port)}' EXIT`,
    "trap 'exit 129' HUP",
    "trap 'exit 130' INT",
    "trap 'exit 143' TERM",
    ...(stale.length > 0 ? [`rm -f ${stale.join(" ")}`] : []),
    // The JSON is an argument of the shell's own printf, not its format: nothing in it is read as an escape.
    `IFS= read -r x; printf '{"pid":%s%s\\n' "$$" "$x" > "$l.tmp" && mv -f "$l.tmp" "$l" || exit 1`,
    save("$f.settings.json"),
    save("$f.other.json"),
    save("$f.mcp.json"),
    // The terminal as it was (echo, line editing) for the CLI, which sets its own modes anyway.
    'if [ -n "$t" ]; then stty "$t" 2>/dev/null; fi',
    `cd ${lineWord(s.cwd)} || exit 1`,
    env.length > 0 ? `export ${env.join(" ")}` : "",
    ...compare,
    mcp,
    command,
  ]
    .filter((line) => line !== "")
    .join("; ");
}

/**
 * What the editor sends on the terminal's input once the bootstrap is ready: GO_LINE, the script, and its data
 * lines (the lock file's JSON, the settings, the other settings, the MCP config).
 */
export function farInput(s: FarScript): string {
  return ["", GO_LINE, farScript(s), lockRest(s), s.settings ?? "", s.settingsOther ?? "", s.mcp ?? "", ""].join("\n");
}

/** A target reached through ssh: its command is ssh, or it forwards with ssh. */
export function throughSsh(target: RemoteTarget): boolean {
  const [program] = string.match(target.command[0], "([^/]+)$");
  return target.forward === "ssh" || program === "ssh";
}

/**
 * The local command line (for the terminal's shell) that runs BOOTSTRAP over there through `target.command`: an
 * ssh target gets the port forward when it forwards with ssh (`-R port:127.0.0.1:port`, failing rather than
 * running without it), a terminal (-t) unless it names one, and the bootstrap as one remote command word (the far
 * login shell runs it); any other target gets `sh -c <bootstrap>` as words (docker exec and the like run their
 * arguments without a shell).
 */
export function farCommandLine(target: RemoteTarget, port: number): string {
  const words = [...target.command];
  if (throughSsh(target)) {
    // The CLI draws a full-screen UI: ssh gives a remote command a terminal only when asked (-t).
    // A cluster of short options naming -t (or -T: no terminal, the user's choice).
    const tty = words.some((w) => string.find(w, "^%-%a*[tT]%a*$")[0] !== undefined);
    const forward =
      target.forward === "ssh" ? ["-R", `${port}:127.0.0.1:${port}`, "-o", "ExitOnForwardFailure=yes"] : [];
    words.splice(1, 0, ...forward, ...(tty ? [] : ["-t"]));
    words.push(`sh -c '${BOOTSTRAP}'`);
  } else words.push("sh", "-c", BOOTSTRAP);
  return words.map((w) => vim.fn.shellescape(w)).join(" ");
}
