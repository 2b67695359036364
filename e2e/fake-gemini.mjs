// A scripted stand-in for the Gemini API on 127.0.0.1, so the real Gemini CLI can be driven end to end without
// network access (the CLI is pointed here by GOOGLE_GEMINI_BASE_URL with GEMINI_API_KEY=dummy).
//   - POST .../models/<model>:streamGenerateContent?alt=sse answers one SSE event; which one is read from the
//     request: the scenario file (JSON) is a list of rules {"when": "<text in the last user turn>", "reply":
//     {"text": "..."} | {"call": {"name": "...", "args": {...}}}}; the first rule whose text occurs in the last
//     user turn (its text parts, or its functionResponse as JSON) answers; without one, the text "done".
//   - any other POST (generateContent for the CLI's side questions, countTokens) gets a small JSON answer.
// Every request (path, the last user turn, and every turn's text as `all`: the CLI sends the editor context in
// a turn of its own) is appended to the log file as JSON lines.
// Usage: node e2e/fake-gemini.mjs <port> <scenario.json> <log.jsonl>
import { createServer } from "node:http";
import { readFileSync, appendFileSync } from "node:fs";

const [port, scenarioPath, logPath] = process.argv.slice(2);
const rules = JSON.parse(readFileSync(scenarioPath, "utf8"));
const usage = { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 };

function candidate(parts) {
  return { candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }], usageMetadata: usage };
}

function lastUserTurn(body) {
  const contents = Array.isArray(body?.contents) ? body.contents : [];
  for (let i = contents.length - 1; i >= 0; i--) if (contents[i].role === "user") return contents[i];
  return undefined;
}

function turnText(turn) {
  if (!turn || !Array.isArray(turn.parts)) return "";
  return turn.parts.map((p) => (typeof p.text === "string" ? p.text : JSON.stringify(p))).join("\n");
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
    const last = turnText(lastUserTurn(body));
    const all = (Array.isArray(body?.contents) ? body.contents : []).map(turnText).join("\n");
    appendFileSync(logPath, JSON.stringify({ path: req.url, last, all }) + "\n");
    if (req.url.includes(":streamGenerateContent")) {
      const rule = rules.find((r) => last.includes(r.when));
      const reply = rule ? rule.reply : { text: "done" };
      const parts = reply.call ? [{ functionCall: reply.call }] : [{ text: reply.text }];
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(`data: ${JSON.stringify(candidate(parts))}\n\n`);
      return;
    }
    if (req.url.includes(":countTokens")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ totalTokens: 10 }));
      return;
    }
    // Side questions (next speaker, loop detection, ...): a JSON text that ends the turn with the user.
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(candidate([{ text: JSON.stringify({ next_speaker: "user", reasoning: "done" }) }])));
  });
}).listen(Number(port), "127.0.0.1");
