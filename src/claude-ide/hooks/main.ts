// The `nvim -l` process of a CLI hook (hook.ts): reads the hook input (JSON) on stdin, finds its Neovim (the
// one pinned with --instance, else the one whose terminal runs the CLI, else the one the CLI is connected to,
// else the one whose folder holds the cwd: instances/registry's rules), connects over that Neovim's WebSocket
// front door with the lock file's token and `x-claude-ide-role: hook`, sends one `hooks/event` request and
// prints the answer's output (one JSON object) on stdout. Always exits 0: when its Neovim is gone (no lock
// file, connection refused, token refused, the editor closing mid-way) it prints nothing, at once, and the CLI
// goes on as if there were no hook. The same process is the CLI's external editor ($VISUAL, event "editor":
// editorMain), which exits with the editor's status instead.
import * as registry from "../instances/registry";
import { WsClient } from "../transport/client";
import { decodeMessage, request } from "../protocol/jsonrpc";
import { isObject } from "../util/json";
import { parentPid } from "../util/process";
import { HOOK_CLIENTS, type HookClient } from "./router";

export const ROLE = "hook";

interface Args {
  client: HookClient;
  event: string;
  instance?: string;
  /** Codex's notify passes its event (JSON) as the last argument. */
  inline?: string;
  /** Every argument after the event (the editor command: `[+LINE] FILE`). */
  rest: string[];
}

function parseArgs(argv: string[]): Args | undefined {
  const positional: string[] = [];
  let instance: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--instance" && i + 1 < argv.length) instance = argv[++i];
    else if (vim.startswith(a, "--instance=")) instance = string.sub(a, 12);
    else positional.push(a);
  }
  const [client, event, inline] = positional;
  if (client === undefined || event === undefined || !HOOK_CLIENTS.includes(client as HookClient)) return undefined;
  return { client: client as HookClient, event, instance, inline, rest: positional.slice(2) };
}

/** CLAUDE_IDE_HOOK_DEBUG is set: say on stderr why nothing happened (read once: callbacks may not read vim.env). */
let debugging = false;

/** Says why nothing happened, on stderr, when debugging (the CLIs show a hook's stderr in their debug modes). */
function debugLog(msg: string): void {
  if (debugging) io.stderr.write(`[claude-ide hook] ${msg}\n`);
}

/** The hook input: stdin as JSON (an object), or an empty object. Codex's notify passes it as an argument. */
function readInput(inline: string | undefined): { [key: string]: unknown } {
  const text = inline ?? io.read("*a");
  if (typeof text !== "string" || text === "") return {};
  const [ok, value] = pcall(vim.json.decode, text, { luanil: { object: true, array: true } });
  return ok && isObject(value) ? value : {};
}

/** The hook's answer, or undefined (Neovim gone, refused, closed). Runs the event loop until it is known. */
function ask(args: Args, input: { [key: string]: unknown }): string | undefined {
  const cwd = typeof input.cwd === "string" && input.cwd !== "" ? input.cwd : vim.uv.cwd();
  const explicit = args.instance ?? vim.env.CLAUDE_IDE_INSTANCE;
  const port = tonumber(vim.env.CLAUDE_CODE_SSE_PORT);
  const choice = registry.choose(registry.list(), {
    explicit,
    nvimSocket: vim.env.NVIM,
    ssePort: port,
    cwd: cwd ?? "/",
  });
  if (!choice.ok) {
    debugLog(choice.reason);
    return undefined;
  }
  // Read now: the connection's callbacks run in libuv callbacks, where vim.fn may not be called.
  const params = {
    client: args.client,
    event: args.event,
    input: vim.tbl_isempty(input) ? vim.empty_dict() : input,
    pid: vim.fn.getpid(),
    cwd: vim.uv.cwd(),
  };
  let done = false;
  let output: string | undefined;
  let client: WsClient | undefined;
  const finish = () => {
    done = true;
  };
  WsClient.connect(
    choice.instance.port,
    choice.instance.token,
    {
      onMessage: (text) => {
        const msg = decodeMessage(text);
        if (msg.kind !== "response" || msg.id !== 1) return;
        if (msg.error !== undefined) debugLog(`the editor answered an error: ${vim.inspect(msg.error)}`);
        const result = msg.result;
        if (isObject(result) && typeof result.output === "string") output = result.output;
        client?.close(1000, "");
        finish();
      },
      onClose: (code, reason) => {
        if (!done) debugLog(`the editor closed the connection (${code} ${reason})`);
        finish();
      },
    },
    (c, err) => {
      if (c === undefined) {
        debugLog(err ?? "cannot connect");
        finish();
        return;
      }
      client = c;
      c.send(request(1, "hooks/event", params));
    },
    ROLE,
  );
  // The CLI bounds the wait (the hook's timeout) and kills the hook then; the editor may be waiting for the user.
  // A CLI that went away without killing its hook leaves it to init: then it stops waiting too.
  const parent = parentPid(params.pid);
  while (!done) {
    vim.wait(1000, () => done, 10);
    if (!done && parentPid(params.pid) !== parent) {
      debugLog("the CLI that ran this hook is gone");
      break;
    }
  }
  // Let the close frame go out (bounded).
  if (client !== undefined) vim.wait(200, () => client!.isFinished(), 5);
  return output;
}

/** The user's own editor, for when this Neovim cannot edit: `$CLAUDE_IDE_EDITOR_FALLBACK`, else vi. */
function fallbackEditor(file: string, line: number | undefined): number {
  const own = vim.env.CLAUDE_IDE_EDITOR_FALLBACK;
  const command = own !== undefined && own !== "" ? own : "vi";
  const at = line !== undefined && string.match(command, "vim?$")[0] !== undefined ? `+${line} ` : "";
  const status = os.execute(`${command} ${at}${vim.fn.shellescape(file)}`) as unknown;
  // Lua 5.1: the wait status as a number; LuaJIT built with 5.2 compatibility: true for a zero exit, else nil.
  if (typeof status === "number") return status >= 256 ? math.floor(status / 256) : status;
  return status === true ? 0 : 1;
}

/**
 * The external editor command (the CLI's $VISUAL: `nvim -l hook.lua <client> editor [--instance ID] [+LINE] FILE`):
 * this Neovim opens FILE and the command waits until the user is done; its exit status is what the editor
 * answered (0: written and closed; 1: `:cq` or closed without writing). Neovim gone or refusing: the user's own
 * editor instead, so the CLI never waits for nothing. stdin is the CLI's terminal: never read.
 */
function editorMain(args: Args): number {
  let file: string | undefined;
  let line: number | undefined;
  // Claude Code 2.1.330 puts `+LINE` before the file for an editor named like nvim; Gemini CLI 0.61 `-i NONE`.
  for (let i = 0; i < args.rest.length; i++) {
    const a = args.rest[i];
    if (a === "-i") i++;
    else if (vim.startswith(a, "+") && tonumber(string.sub(a, 2)) !== undefined) line = tonumber(string.sub(a, 2));
    else if (!vim.startswith(a, "-")) file = a;
  }
  if (file === undefined) {
    debugLog("usage: nvim -l .../lua/claude-ide/hook.lua <client> editor [+LINE] FILE");
    return 2;
  }
  const path = vim.fn.fnamemodify(file, ":p");
  const input: { [key: string]: unknown } = { file: path, cwd: vim.uv.cwd() };
  if (line !== undefined) input.line = line;
  const [ok, output] = pcall(ask, args, input);
  if (!ok) debugLog(`failed: ${tostring(output)}`);
  if (ok && typeof output === "string" && output !== "") {
    const [decoded, value] = pcall(vim.json.decode, output);
    if (decoded && isObject(value) && typeof value.status === "number") return value.status;
  }
  return fallbackEditor(path, line);
}

export function main(this: void, argv: string[]): number {
  const flag = vim.env.CLAUDE_IDE_HOOK_DEBUG;
  debugging = flag !== undefined && flag !== "";
  const args = parseArgs(argv);
  if (args === undefined) {
    debugLog("usage: nvim -l .../lua/claude-ide/hook.lua <claude|gemini|qwen|codex> <event> [--instance ID]");
    return 0;
  }
  if (args.event === "editor") return editorMain(args);
  const input = readInput(args.inline);
  // Codex's notify: the event is the input's type (agent-turn-complete).
  if (args.event === "notify" && typeof input.type === "string") args.event = input.type;
  const [ok, output] = pcall(ask, args, input);
  if (!ok) debugLog(`failed: ${tostring(output)}`);
  else if (output !== undefined && output !== "") {
    io.stdout.write(output, "\n");
    io.stdout.flush();
  }
  return 0;
}
