// A scripted stand-in for the Anthropic Messages API on 127.0.0.1, so the real Claude Code CLI can be driven
// end to end without network access. Each POST /v1/messages answers with the next scripted turn:
//   - the scenario file (JSON) is a list of turns; a turn is {"text": "..."} or
//     {"tool": "Edit"|"Write"|..., "input": {...}} (a tool_use block; the CLI then asks for permission);
//   - once the script is exhausted it answers with a plain "done" text;
//   - "@PLAN_FILE@" in a tool's input stands for the plan file Claude Code names in plan mode (the first
//     `.../.claude/plans/<slug>.md` path in the request), which a scripted model cannot know in advance.
// Every request (path, and for /v1/messages the last user message) is appended to the log file as JSON lines.
// Usage: node e2e/fake-anthropic.mjs <port> <scenario.json> <log.jsonl>
import { createServer } from "node:http";
import { readFileSync, appendFileSync } from "node:fs";

const [port, scenarioPath, logPath] = process.argv.slice(2);
const turns = JSON.parse(readFileSync(scenarioPath, "utf8"));
let next = 0;
let ids = 0;

function sse(res, events) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "request-id": `req_${++ids}` });
  for (const [event, data] of events) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.end();
}

function message(content, stopReason) {
  const id = `msg_fake_${++ids}`;
  const usage = { input_tokens: 10, output_tokens: 10, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const events = [["message_start", { type: "message_start", message: { id, type: "message", role: "assistant", model: "claude-fake", content: [], stop_reason: null, stop_sequence: null, usage } }]];
  content.forEach((block, index) => {
    if (block.type === "text") {
      events.push(["content_block_start", { type: "content_block_start", index, content_block: { type: "text", text: "" } }]);
      events.push(["content_block_delta", { type: "content_block_delta", index, delta: { type: "text_delta", text: block.text } }]);
    } else {
      events.push(["content_block_start", { type: "content_block_start", index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } }]);
      events.push(["content_block_delta", { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) } }]);
    }
    events.push(["content_block_stop", { type: "content_block_stop", index }]);
  });
  events.push(["message_delta", { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 10 } }]);
  events.push(["message_stop", { type: "message_stop" }]);
  return events;
}

createServer((req, res) => {
  let body = "";
  req.on("data", (d) => (body += d));
  req.on("end", () => {
    let parsed = null;
    try { parsed = JSON.parse(body); } catch {}
    const entry = { method: req.method, path: req.url, at: Date.now() };
    if (parsed?.messages) {
      const last = parsed.messages[parsed.messages.length - 1];
      entry.last = last;
      entry.all = JSON.stringify(parsed.messages);
      entry.stream = parsed.stream;
      entry.tools = (parsed.tools || []).map((t) => t.name);
      entry.system = JSON.stringify(parsed.system ?? "");
    }
    appendFileSync(logPath, JSON.stringify(entry) + "\n");
    if (req.method === "POST" && req.url.startsWith("/v1/messages/count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ input_tokens: 10 }));
    }
    if (req.method === "POST" && req.url.startsWith("/v1/messages")) {
      // Side requests (titles, topic detection, quota checks) are not the main loop: they carry no tools.
      const main = parsed && Array.isArray(parsed.tools) && parsed.tools.length > 0;
      let content;
      let stop = "end_turn";
      if (!main) content = [{ type: "text", text: "ok" }];
      else if (next < turns.length) {
        const turn = turns[next++];
        if (turn.tool) {
          const plan = body.match(/\/[^\s"'`\\]*\/\.claude\/plans\/[^\s"'`\\]+\.md/);
          const input = JSON.parse(JSON.stringify(turn.input ?? {}).replaceAll("@PLAN_FILE@", plan ? plan[0] : "@PLAN_FILE@"));
          content = [{ type: "tool_use", id: `toolu_fake_${ids}`, name: turn.tool, input }];
          stop = "tool_use";
        } else content = [{ type: "text", text: turn.text }];
      } else content = [{ type: "text", text: "done" }];
      if (parsed && parsed.stream) return sse(res, message(content, stop));
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ id: `msg_fake_${++ids}`, type: "message", role: "assistant", model: "claude-fake", content, stop_reason: stop, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }));
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "fake" } }));
  });
}).listen(Number(port), "127.0.0.1", () => process.stdout.write(`fake-anthropic listening on ${port}\n`));
