// A stand-in for the Claude Code CLI on the far side of a remote target (spec/far/session_spec.lua): it finds the
// editor the way the CLI does (the lock file named after CLAUDE_CODE_SSE_PORT in ${CLAUDE_CONFIG_DIR:-~/.claude}/ide,
// its authToken, the host CLAUDE_CODE_IDE_HOST_OVERRIDE or 127.0.0.1), connects with the `ws` package, initializes,
// announces its pid (ide_connected), then calls openFile on `<cwd>/<FAR_CLI_FILE>` and writes what it saw to
// FAR_CLI_OUT as one JSON object: its cwd, the lock file, the tool's answer, the settings and MCP config files it was
// given (their paths, contents and modes) and its own arguments and pid. It stays connected until it is sent
// SIGHUP or SIGTERM (the terminal closing), then exits. With FAR_CLI_DIFF it then proposes that text for the file.
import { readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import WebSocket from "ws";

const port = process.env.CLAUDE_CODE_SSE_PORT;
const dir = `${process.env.CLAUDE_CONFIG_DIR ?? `${homedir()}/.claude`}/ide`;
const lockPath = `${dir}/${port}.lock`;
// The folder as the far shell named it: in the spec the far folder is a link to the local one, which
// process.cwd() would resolve (over a real bind mount the two are the same).
const cwd = process.env.PWD ?? process.cwd();
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const host = process.env.CLAUDE_CODE_IDE_HOST_OVERRIDE ?? "127.0.0.1";
const ws = new WebSocket(`ws://${host}:${port}/`, ["mcp"], {
  headers: { "x-claude-code-ide-authorization": lock.authToken },
});
let next = 0;
const waiting = new Map();
const call = (method, params) =>
  new Promise((resolve) => {
    const id = ++next;
    waiting.set(id, resolve);
    ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  });
ws.on("message", (data) => {
  const msg = JSON.parse(String(data));
  // The editor's ping (its health check's round trip) is answered, as MCP asks of every peer.
  if (msg.method === "ping" && msg.id !== undefined) {
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: msg.id, result: {} }));
    return;
  }
  if (msg.id !== undefined && waiting.has(msg.id)) {
    waiting.get(msg.id)(msg);
    waiting.delete(msg.id);
  }
});
ws.on("open", async () => {
  await call("initialize", {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "claude-code", version: "far-stand-in" },
  });
  ws.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
  ws.send(JSON.stringify({ jsonrpc: "2.0", method: "ide_connected", params: { pid: process.pid } }));
  const answer = await call("tools/call", {
    name: "openFile",
    arguments: { filePath: `${cwd}/${process.env.FAR_CLI_FILE}`, makeFrontmost: false },
  });
  // The settings it was given (--settings JSON): its first UserPromptSubmit HTTP hook is POSTed as the CLI would.
  // Both are files (0600, next to the lock file), never JSON on the command line.
  const at = process.argv.indexOf("--settings");
  const settingsPath = at > 0 ? process.argv[at + 1] : undefined;
  const settings = settingsPath !== undefined ? JSON.parse(readFileSync(settingsPath, "utf8")) : undefined;
  const mcpAt = process.argv.indexOf("--mcp-config");
  const mcpPath = mcpAt > 0 ? process.argv[mcpAt + 1] : undefined;
  const mcp = mcpPath !== undefined ? JSON.parse(readFileSync(mcpPath, "utf8")) : undefined;
  const modes = {};
  for (const path of [lockPath, settingsPath, mcpPath])
    if (path !== undefined) modes[path] = (statSync(path).mode & 0o777).toString(8);
  let hook;
  const entry = settings?.hooks?.UserPromptSubmit?.[0]?.hooks?.[0];
  if (entry !== undefined) {
    const res = await fetch(entry.url, {
      method: "POST",
      headers: { ...entry.headers, "content-type": "application/json" },
      body: JSON.stringify({ session_id: "far-1", cwd, hook_event_name: "UserPromptSubmit", prompt: "hello" }),
    });
    hook = { entry, status: res.status, body: await res.text() };
  }
  // Whole or not at all: the spec reads it as soon as it exists.
  writeFileSync(`${process.env.FAR_CLI_OUT}.tmp`, JSON.stringify({ cwd, lock, lockPath, answer, settings, settingsPath, mcp, mcpPath, modes, argv: process.argv, pid: process.pid, hook }));
  renameSync(`${process.env.FAR_CLI_OUT}.tmp`, process.env.FAR_CLI_OUT);
  // FAR_CLI_DIFF: then proposes that text for FAR_CLI_FILE (openDiff), and waits for the answer (it may never come).
  if (process.env.FAR_CLI_DIFF !== undefined) {
    const path = `${cwd}/${process.env.FAR_CLI_FILE}`;
    call("tools/call", {
      name: "openDiff",
      arguments: {
        old_file_path: path,
        new_file_path: path,
        new_file_contents: process.env.FAR_CLI_DIFF,
        tab_name: "far-proposal",
      },
    });
  }
});
ws.on("error", (err) => {
  writeFileSync(process.env.FAR_CLI_OUT, JSON.stringify({ error: String(err) }));
  process.exit(1);
});
for (const sig of ["SIGHUP", "SIGTERM"]) process.on(sig, () => process.exit(0));
setInterval(() => {}, 1 << 30);
