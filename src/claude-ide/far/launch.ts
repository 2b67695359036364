// Starting an agent somewhere else (remote.targets): the command line a Claude terminal runs to start the CLI
// over there, through the target's own command (ssh, docker exec, podman exec, devcontainer exec). Pure, so that
// specs run the very script it makes.
//
// What runs over there is one POSIX sh script: it writes the lock file the CLI finds this Neovim by (0600, in
// `${CLAUDE_CONFIG_DIR:-$HOME/.claude}/ide`, named after the port, with the far session's own token and far
// folders), removes it when the CLI ends (exit, hang-up, interrupt, termination), changes to the far folder, and
// runs the CLI with the environment that makes it connect (CLAUDE_CODE_SSE_PORT, and the host where it is not
// 127.0.0.1). Nothing over there needs Neovim: hooks and agent tools are HTTP entries (given as JSON strings).
import type { RemoteTarget } from "../config";

/** A word for a POSIX shell: single-quoted unless it needs nothing. */
export function shellWord(word: string): string {
  if (word !== "" && string.find(word, "^[%w%-_./=:@,+]+$")[0] !== undefined) return word;
  const [escaped] = string.gsub(word, "'", "'\\''");
  return `'${escaped}'`;
}

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
  /** The CLI and the plugin's arguments, as words (the settings come right after the CLI's word). */
  words: string[];
  /** `--settings` (JSON) when the far folder holds the files here; undefined: none. */
  settings?: string;
  /**
   * Files of the local folder and their `cksum` CRC: the far shell checks them in the far folder. One differs or is
   * missing: the folder over there is not these files, `settingsOther` is given instead of `settings`, and the
   * shell tells the terminal with OTHER_FILES_OSC (the editor says so once).
   */
  check?: { name: string; crc: number }[];
  settingsOther?: string;
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

/** The script the far shell runs (sh -c). */
export function farScript(s: FarScript): string {
  const env: string[] = [];
  const names: string[] = [];
  for (const [k] of pairs(s.env)) names.push(k as string);
  names.sort();
  for (const name of names) env.push(`${name}=${shellWord(s.env[name])}`);
  const [cli, ...rest] = s.words.map((w) => shellWord(w));
  const command = [cli, '"$@"', ...rest].join(" ") + (vim.trim(s.extra) !== "" ? ` ${vim.trim(s.extra)}` : "");
  const settings = s.settings !== undefined ? `set -- --settings ${shellWord(s.settings)}` : "set --";
  const other = s.settingsOther !== undefined ? `set -- --settings ${shellWord(s.settingsOther)}` : settings;
  const check = s.check ?? [];
  const pairs_ = check.map((c) => shellWord(`${c.name} ${c.crc}`)).join(" ");
  // Each file's CRC over there, as `cksum` prints it (its first word); the first that differs names the folder
  // as other files.
  const compare =
    check.length === 0
      ? [settings]
      : [
          "same=1",
          `for p in ${pairs_}; do f="\${p% *}"; w="\${p##* }"; g="$(cksum < "$f" 2>/dev/null)" || g=""; g="\${g%% *}"; if [ "$g" != "$w" ]; then same=0; other="$f"; break; fi; done`,
          `if [ "$same" = 1 ]; then ${settings}; else printf '\\033]${OTHER_FILES_OSC}%s\\007' "$other"; ${other}; fi`,
        ];
  return [
    "umask 077",
    'd="${CLAUDE_CONFIG_DIR:-$HOME/.claude}/ide"',
    'mkdir -p "$d" || exit 1',
    `l="$d/${s.port}.lock"`,
    // The lock file goes with the CLI, however it ends (a trap runs once the CLI in the foreground has ended).
    `trap 'rm -f "$l" "$l.tmp"' EXIT`,
    "trap 'exit 129' HUP",
    "trap 'exit 130' INT",
    "trap 'exit 143' TERM",
    // The JSON is an argument, not printf's format: nothing in it is read as an escape.
    `printf '{"pid":%s%s\\n' "$$" ${shellWord(lockRest(s))} > "$l.tmp" && mv -f "$l.tmp" "$l" || exit 1`,
    `cd ${shellWord(s.cwd)} || exit 1`,
    env.length > 0 ? `export ${env.join(" ")}` : "",
    ...compare,
    command,
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/**
 * The local command line (for the terminal's shell) that runs `script` over there through `target.command`: an
 * ssh target gets the port forward (`-R port:127.0.0.1:port`, failing rather than running without it) and the
 * script as one remote command string; any other target gets `sh -c <script>` as words (docker exec and the like
 * run their arguments without a shell).
 */
export function farCommandLine(target: RemoteTarget, port: number, script: string): string {
  const words = [...target.command];
  if (target.forward === "ssh") {
    // The CLI draws a full-screen UI: ssh gives a remote command a terminal only when asked (-t).
    // A cluster of short options naming -t (or -T: no terminal, the user's choice).
    const tty = words.some((w) => string.find(w, "^%-%a*[tT]%a*$")[0] !== undefined);
    words.splice(1, 0, "-R", `${port}:127.0.0.1:${port}`, "-o", "ExitOnForwardFailure=yes", ...(tty ? [] : ["-t"]));
    words.push(`sh -c ${shellWord(script)}`);
  } else words.push("sh", "-c", script);
  return words.map((w) => vim.fn.shellescape(w)).join(" ");
}
