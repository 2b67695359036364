// The :ClaudeCode* commands (declared in plugin/claude-ide.lua, which calls run() on first use).
import * as ide from "./init";
import { say } from "./log";

type Handler = (this: void, args: vim.api.UserCommandArgs) => void;

function formatUptime(ms: number): string {
  const s = math.floor(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${math.floor(s / 60)}m ${s % 60}s`;
  return `${math.floor(s / 3600)}h ${math.floor((s % 3600) / 60)}m`;
}

const HANDLERS: { [name: string]: Handler } = {
  ClaudeCodeStart: () => {
    const before = ide.status();
    if (before.running) say(`already running on 127.0.0.1:${before.port}`);
    else if (ide.start()) say(`listening on 127.0.0.1:${ide.status().port}`);
  },
  ClaudeCodeStop: () => {
    if (ide.stop()) say("stopped");
    else say("not running");
  },
  ClaudeCodeStatus: () => {
    const s = ide.status();
    if (!s.running) {
      say("not running (start with :ClaudeCodeStart)");
      return;
    }
    const lines = [
      `running on 127.0.0.1:${s.port}, up ${formatUptime(s.uptimeMs ?? 0)}`,
      `lock file: ${s.lockFile}`,
      `clients: ${s.clients}${s.cliPids.length > 0 ? ` (Claude CLI pid ${s.cliPids.join(", ")})` : ""}`,
    ];
    say(lines.join("\n"));
  },
};

/** Runs a command by name. Errors are reported as messages, never as stack traces. */
export function run(this: void, name: string, args: vim.api.UserCommandArgs): void {
  const handler = HANDLERS[name];
  if (handler === undefined) {
    say(`:${name} is not available yet`, "warn");
    return;
  }
  const [ok, err] = pcall(handler, args);
  if (!ok) say(`:${name} failed: ${tostring(err)}`, "error");
}
