// A scripted stand-in for an OpenAI-compatible chat completions API on 127.0.0.1, so the real Qwen Code CLI can
// be driven end to end without network access (the CLI is pointed here by OPENAI_BASE_URL=http://127.0.0.1:<port>/v1
// with OPENAI_API_KEY=dummy and OPENAI_MODEL, and security.auth.selectedType "openai" in its settings).
//   - POST .../chat/completions answers from the scenario file (JSON), a list of rules like e2e/fake-gemini.mjs's:
//     {"when": "<text>" | ["<text>", ...], "reply": {"text": "..."} | {"call": {"name": "...", "args": {...}}}}.
//     The first rule whose text (every text of a list) occurs in the last turn answers; without one, the text
//     "done". The last turn is every message after the model's last one, the system prompt aside: a user
//     message's text, a tool result as `tool_result <tool name>: <its content>`. A request with `stream: true`
//     is answered as server-sent chunks ending in `data: [DONE]` (a call as one `tool_calls` delta,
//     finish_reason "tool_calls"), else as one JSON completion.
//   - A request without tools is one of the CLI's side questions (next speaker, titles, ...): it gets a JSON
//     text that ends the turn with the user, never a scripted rule.
//   - GET .../models lists the one model asked for; anything else is a 404.
// Every request (path, the last turn as `last`, every message's text as `all`: the CLI sends the IDE context
// in a message of its own) is appended to the log file as JSON lines.
// Usage: node e2e/fake-openai.mjs <port> <scenario.json> <log.jsonl>
import { createServer } from "node:http";
import { readFileSync, appendFileSync } from "node:fs";

const [port, scenarioPath, logPath] = process.argv.slice(2);
const rules = JSON.parse(readFileSync(scenarioPath, "utf8"));
let ids = 0;

function contentText(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content == null ? "" : JSON.stringify(content);
  return content.map((p) => (typeof p?.text === "string" ? p.text : JSON.stringify(p))).join("\n");
}

// The text of one message; a tool result is named after the call it answers (OpenAI's tool messages carry only
// the call's id).
function messageText(message, callNames) {
  if (message?.role === "tool")
    return `tool_result ${callNames.get(message.tool_call_id) ?? "?"}: ${contentText(message.content)}`;
  const calls = Array.isArray(message?.tool_calls)
    ? message.tool_calls.map((c) => `tool_call ${c.function?.name}: ${c.function?.arguments}`)
    : [];
  return [contentText(message?.content), ...calls].filter((t) => t !== "").join("\n");
}

function turnTexts(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  const callNames = new Map();
  for (const m of messages)
    for (const c of Array.isArray(m?.tool_calls) ? m.tool_calls : []) callNames.set(c.id, c.function?.name);
  let start = messages.length;
  while (start > 0 && messages[start - 1]?.role !== "assistant") start--;
  return {
    last: messages
      .slice(start)
      .filter((m) => m?.role !== "system")
      .map((m) => messageText(m, callNames))
      .join("\n"),
    all: messages.map((m) => `[${m?.role}] ${messageText(m, callNames)}`).join("\n"),
  };
}

// One server-sent chunk; without a delta, the closing chunk that carries only the usage.
function chunk(model, delta, finish) {
  const out = {
    id: `chatcmpl-fake-${ids}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
  };
  if (delta) out.choices = [{ index: 0, delta, finish_reason: finish }];
  else Object.assign(out, { choices: [], usage });
  return `data: ${JSON.stringify(out)}\n\n`;
}

const usage = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };

function answer(res, body, reply) {
  const model = body?.model ?? "fake-model";
  ids++;
  const call = reply.call
    ? {
        index: 0,
        id: `call_fake_${ids}`,
        type: "function",
        function: { name: reply.call.name, arguments: JSON.stringify(reply.call.args ?? {}) },
      }
    : undefined;
  const finish = call ? "tool_calls" : "stop";
  if (body?.stream) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write(chunk(model, { role: "assistant", content: call ? null : reply.text }, null));
    if (call) res.write(chunk(model, { tool_calls: [call] }, null));
    res.write(chunk(model, {}, finish));
    res.write(chunk(model));
    res.end("data: [DONE]\n\n");
    return;
  }
  const message = call
    ? { role: "assistant", content: null, tool_calls: [call] }
    : { role: "assistant", content: reply.text };
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: `chatcmpl-fake-${ids}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message, finish_reason: finish }],
      usage,
    }),
  );
}

createServer((req, res) => {
  let data = "";
  req.on("data", (c) => (data += c));
  req.on("end", () => {
    let body;
    try {
      body = JSON.parse(data || "{}");
    } catch {
      body = {};
    }
    const { last, all } = turnTexts(body);
    const tools = Array.isArray(body?.tools) ? body.tools.map((t) => t.function?.name) : [];
    appendFileSync(
      logPath,
      JSON.stringify({ method: req.method, path: req.url, stream: body?.stream, tools, last, all }) + "\n",
    );
    if (req.method === "GET" && /\/models\/?$/.test(req.url)) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          object: "list",
          data: [{ id: process.env.OPENAI_MODEL ?? "fake-model", object: "model", owned_by: "fake" }],
        }),
      );
      return;
    }
    if (req.method === "POST" && req.url.includes("/chat/completions")) {
      if (tools.length === 0)
        return answer(res, body, { text: JSON.stringify({ next_speaker: "user", reasoning: "done" }) });
      const rule = rules.find((r) => (Array.isArray(r.when) ? r.when : [r.when]).every((w) => last.includes(w)));
      return answer(res, body, rule ? rule.reply : { text: "done" });
    }
    res.writeHead(404, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: "fake: not found", type: "not_found" } }));
  });
}).listen(Number(port), "127.0.0.1", () => process.stdout.write(`fake-openai listening on ${port}\n`));
