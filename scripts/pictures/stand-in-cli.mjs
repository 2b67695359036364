// A scripted stand-in for the `claude` CLI, for `make pictures` (scripts/pictures/run.sh): :ClaudeCode runs it in
// its terminal (terminal.command), the way it runs claude. Over the real protocol (the `ws` package, not the
// plugin's code) it connects to the Neovim named by CLAUDE_CODE_SSE_PORT with the lock file's token, says
// initialize + ide_connected as the CLI does (doc/protocol.md), answers roots/list with its cwd, and then makes
// the calls of its plan, one after the other, without waiting for their answers (a review waits for the user).
//
//   node stand-in-cli.mjs <plan.json> [--plan <other.json>] [arguments :ClaudeCode appends, ignored]
//
// --plan (e.g. `:ClaudeCodeNew --plan <file>`) replaces the plan of terminal.command.
// plan.json: {"banner": ["line", ...], "calls": [{"role": "ide"|"agent", "tool": "openDiff", "arguments": {...}},
//                                              {"role": "hook", "method": "hooks/event", "params": {...}}]}
// The banner is what the terminal shows. An argument named "<key>@file" is sent as <key> with that file's text.
// An "agent" call goes over a second connection with the agent endpoint's role header (x-claude-ide-role: agent),
// as the agent bridge `claude` starts would (its pid in initialize's _meta);
// a "hook" call is one request on a connection of its own with x-claude-ide-role: hook and no initialize, as a
// CLI's hook process sends it (its pid is the stand-in's unless params.pid says: the editor ties it to this CLI).
// {"role": "shell", "command": "..."} runs a command in the cwd (sh -c) and waits for it, as the CLI's Bash tool or
// its own file writes would change files; "await": true on a call waits for its answer before the next call (a
// turn's hooks: the next step must not start before the editor took its snapshot).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import WebSocket from "ws";

const planAt = process.argv.indexOf("--plan");
const plan = JSON.parse(readFileSync(planAt > 0 ? process.argv[planAt + 1] : process.argv[2], "utf8"));
const port = process.env.CLAUDE_CODE_SSE_PORT;
const ideDir = join(process.env.CLAUDE_CONFIG_DIR || join(homedir(), ".claude"), "ide");
const token = JSON.parse(readFileSync(join(ideDir, `${port}.lock`), "utf8")).authToken;

for (const line of plan.banner ?? []) process.stdout.write(`${line}\r\n`);

/** Values named "<key>@file" replaced by that file's text, as <key>. */
function withFiles(obj) {
  const out = {};
  for (const [k, v] of Object.entries(obj ?? {})) {
    if (k.endsWith("@file")) out[k.slice(0, -5)] = readFileSync(v, "utf8");
    else out[k] = isObject(v) ? withFiles(v) : v;
  }
  return out;
}
function isObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Opens one connection with that role; resolves with a `request(method, params)` once it may send (after
 * initialize, except for a hook).
 */
function open(role) {
  const headers = { "x-claude-code-ide-authorization": token };
  if (role !== "ide") headers["x-claude-ide-role"] = role;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`, ["mcp"], { headers });
  let nextId = 0;
  const waiting = new Map();
  const send = (msg) => ws.send(JSON.stringify({ jsonrpc: "2.0", ...msg }));
  /** Sends a request; the promise settles with its answer (a review's may never come: only awaited when asked). */
  const request = (method, params) =>
    new Promise((settle) => {
      waiting.set(++nextId, settle);
      send({ id: nextId, method, params });
    });
  return new Promise((resolve, reject) => {
    ws.on("error", reject);
    ws.on("message", (data) => {
      const msg = JSON.parse(data.toString("utf8"));
      if (msg.id !== undefined && msg.method === undefined && waiting.has(msg.id)) {
        waiting.get(msg.id)(msg);
        waiting.delete(msg.id);
      }
      if (msg.method === "roots/list") {
        send({ id: msg.id, result: { roots: [{ uri: `file://${process.cwd()}`, name: "cwd" }] } });
      } else if (msg.id === 0 && msg.result) {
        send({ method: "notifications/initialized" });
        if (role === "ide") send({ method: "ide_connected", params: { pid: process.pid } });
        resolve(request);
      }
    });
    ws.on("open", () => {
      if (role === "hook") return resolve(request);
      send({
        id: 0,
        method: "initialize",
        params: {
          protocolVersion: "2025-06-18",
          capabilities: { roots: { listChanged: true } },
          clientInfo: { name: "claude-code", version: "stand-in" },
          _meta: { "claude-ide.nvim/pid": process.pid },
        },
      });
    });
  });
}

const sessions = { ide: await open("ide") };
for (const c of plan.calls ?? []) {
  const role = c.role ?? "ide";
  if (role === "shell") {
    execFileSync("sh", ["-c", c.command], { stdio: "ignore" });
    continue;
  }
  const request = role === "hook" ? await open(role) : (sessions[role] ??= await open(role));
  const params = withFiles(c.params);
  if (role === "hook" && params.pid === undefined) params.pid = process.pid;
  const answer =
    c.method !== undefined
      ? request(c.method, params)
      : request("tools/call", { name: c.tool, arguments: withFiles(c.arguments) });
  if (c.await === true) await answer;
}
// Stays connected, like the CLI, until its terminal closes.
setInterval(() => {}, 1 << 30);
