// Seeded fuzzers: random frame sequences, mutated JSON-RPC messages, mutated upgrade requests.
import { MCP_VERSIONS, initParams } from "./mcp.mjs";
import { OP, Raw, WAIT_MS, Ws, check101, closeBody, closeCodeOf, frame, openWs, parseReply, rpc, upgradeRequest } from "../lib/client.mjs";
import { checkPrediction, predictReply, referenceDecode } from "../lib/models.mjs";
import { info, runCase } from "../lib/runner.mjs";
import { ARGS, Fail, MAX_MESSAGE, SEED, expect, prng, show } from "../lib/util.mjs";

// ------------------------------------------------------------------------------------------------------
// Group: fuzz — random frame sequences
// ------------------------------------------------------------------------------------------------------

/** One random "item": bytes for one or more frames, built to be mostly plausible. */
function randomItem(r, serial) {
  const key = () => (r.chance(0.05) ? Buffer.alloc(4) : r.bytes(4));
  const utf8Text = () => {
    const alphabet = ["a", "z", "{", "}", '"', ":", ",", "[", "]", " ", "0", "1", "é", "€", "😀", "\u0000", "\\", "n"];
    return Array.from({ length: r.int(0, 40) }, () => r.pick(alphabet)).join("");
  };
  const badUtf8 = () => r.pick([Buffer.from([0xc0, 0x80]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf5, 0x80, 0x80, 0x80]), Buffer.from([0xff]), Buffer.from([0xe2, 0x82]), Buffer.from([0x80])]);
  const fragments = (opcode, payload) => {
    const parts = [];
    let at = 0;
    const cuts = r.int(0, 3);
    for (let k = 0; k < cuts; k++) {
      const next = r.int(at, payload.length);
      parts.push(payload.subarray(at, next));
      at = next;
    }
    parts.push(payload.subarray(at));
    const frames = [];
    parts.forEach((p, k) => {
      frames.push(frame(k === 0 ? opcode : OP.cont, p, { fin: k === parts.length - 1, mask: key() }));
      if (k < parts.length - 1 && r.chance(0.3)) frames.push(frame(r.pick([OP.ping, OP.pong]), r.bytes(r.int(0, 20)), { mask: key() }));
    });
    return Buffer.concat(frames);
  };
  const roll = r.next();
  if (roll < 0.3) return fragments(OP.text, Buffer.from(rpc(`f${serial}`, "ping")));
  if (roll < 0.4) return fragments(OP.text, Buffer.from(utf8Text()));
  if (roll < 0.5) return frame(OP.ping, r.bytes(r.int(0, 125)), { mask: key() });
  if (roll < 0.55) return frame(OP.pong, r.bytes(r.int(0, 125)), { mask: key() });
  if (roll < 0.6) return fragments(OP.text, Buffer.concat([Buffer.from(utf8Text()), badUtf8(), Buffer.from(utf8Text())]));
  if (roll < 0.62) return fragments(OP.binary, r.bytes(r.int(0, 30)));
  if (roll < 0.7) {
    const code = r.pick([1000, 1001, 1003, 1011, 3000, 4999, 999, 1004, 1005, 1006, 1015, 2999, 5000, r.int(0, 65535)]);
    const reason = r.chance(0.2) ? badUtf8() : Buffer.from(utf8Text().slice(0, 30));
    return frame(OP.close, r.chance(0.1) ? r.bytes(r.int(0, 1)) : closeBody(code, reason), { mask: key() });
  }
  if (roll < 0.9) {
    // A header with random bits: opcode, RSV, FIN, mask, length form.
    const opcode = r.int(0, 15);
    const payload = r.bytes(r.int(0, 130));
    const form = r.pick([7, 16, 64, undefined]);
    const tooSmall = form === 7 && payload.length > 125;
    return frame(opcode, payload, { fin: r.chance(0.7), rsv: r.chance(0.15) ? r.pick([0x10, 0x20, 0x40, 0x70]) : 0, mask: r.chance(0.9) ? key() : false, lengthForm: tooSmall ? undefined : form });
  }
  if (roll < 0.95) return frame(OP.text, "", { length: r.pick([2n ** 63n, 2n ** 63n + BigInt(r.int(0, 1000)), BigInt(MAX_MESSAGE) + 1n, 2n ** 40n]), lengthForm: 64, payloadOmitted: true });
  return r.bytes(r.int(1, 24));
}

/** Random TCP write sizes for `n` bytes. */
function randomChunks(r, n) {
  if (r.chance(0.5)) return [n];
  const sizes = [];
  let left = n;
  while (left > 0) {
    const s = r.chance(0.3) ? 1 : r.int(1, 64);
    sizes.push(s);
    left -= s;
  }
  return sizes;
}

/**
 * Sends `bytes` on `ws` and checks the server against both reference variants. Returns "open" (usable for
 * the next sequence), "closed" (the server closed it, as it had to) or "dropped" (left inside a frame).
 */
async function runFrameSequence(ws, bytes, r, toolNames) {
  const variants = [false, true].map((failFast) => referenceDecode(bytes, { max: MAX_MESSAGE, failFast, open: ws.fragment }));
  await ws.raw.writeChunked(bytes, randomChunks(r, bytes.length));
  const terminal = variants.some((v) => v.end && !v.end.incomplete);
  const needed = Math.max(...variants.map((v) => v.messages.filter((m) => !predictReply(m, toolNames).none).length));
  const pongsNeeded = Math.max(...variants.map((v) => v.pongs.length));

  // Collect what the server sends: replies, pongs, and its close frame (when the sequence ends the
  // connection), or everything the sequence asks for (when it does not).
  const seen = { replies: [], pongs: [], close: null, closeCode: undefined };
  const until = async (done, ms) => {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) {
      let f;
      try {
        f = await ws.raw.frame(Math.max(1, deadline - Date.now()));
      } catch (e) {
        if (ws.raw.ended) break;
        if (/timed out/.test(e.message)) break;
        throw e;
      }
      if (f.opcode === OP.pong) seen.pongs.push(f.payload);
      else if (f.opcode === OP.ping) ws.raw.write(frame(OP.pong, f.payload));
      else if (f.opcode === OP.close) {
        seen.close = true;
        seen.closeCode = closeCodeOf(f);
        break;
      } else {
        const m = parseReply(f.payload);
        if (m.json.method === undefined) seen.replies.push(m);
      }
    }
  };
  const satisfied = () => seen.replies.length >= needed && seen.pongs.length >= pongsNeeded;
  if (variants.every((v) => v.end && !v.end.incomplete)) await until(() => false, WAIT_MS);
  else if (variants.some((v) => v.end?.incomplete)) await until(() => false, 100);
  else {
    await until(satisfied, WAIT_MS);
    // The fail-fast model closes here and the other does not: give a close a moment to show up.
    if (terminal && !seen.close) await until(() => false, 100);
  }

  seen.ended = ws.raw.ended;
  const problems = variants.map((v) => judgeSequence(v, seen, toolNames));
  if (problems.some((p) => p === null)) {
    const open = !seen.close && !ws.raw.ended;
    if (seen.close) await ws.raw.waitEof(WAIT_MS, "TCP close after the server's close frame");
    const atBoundary = variants.find((v) => v.end === null);
    // Reused by the next sequence, with the fragmented message it may have left open.
    ws.fragment = atBoundary?.open ?? null;
    return open && atBoundary ? "open" : seen.close ? "closed" : "dropped";
  }
  const what = `server sent ${seen.replies.length} replies, ${seen.pongs.length} pongs, ${seen.close ? `close ${seen.closeCode}` : "no close"}`;
  throw new Fail(`sequence ${bytes.toString("hex")}${ws.fragment ? " (inside a fragmented message)" : ""}: ${what}; ${problems.join(" / or (fail-fast model): ")}`);
}

/** null when `seen` fits the reference outcome `v`, else what differs. */
function judgeSequence(v, seen, toolNames) {
  try {
    const expectedPongs = v.pongs;
    expect(seen.pongs.length === expectedPongs.length && seen.pongs.every((p, k) => p.equals(expectedPongs[k])), `pongs ${show(seen.pongs.map((p) => p.toString("hex")))} expected ${show(expectedPongs.map((p) => p.toString("hex")))}`);
    const preds = v.messages.map((m) => [m, predictReply(m, toolNames)]).filter(([, p]) => !p.none);
    const terminal = v.end && !v.end.incomplete;
    // Replies to messages just before the end may be dropped (no data after a close frame, RFC 6455 §5.5.1).
    expect(seen.replies.length <= preds.length && (terminal || v.end?.incomplete || seen.replies.length === preds.length), `${seen.replies.length} replies for ${preds.length} answerable messages`);
    seen.replies.forEach((reply, k) => checkPrediction(preds[k][1], [reply], preds[k][0]));
    if (v.end === null || v.end.incomplete) {
      if (v.end?.incomplete && seen.close) expect([1002, 1007, 1009].includes(seen.closeCode), `closed ${seen.closeCode} on an incomplete frame`);
      else expect(!seen.close, `server closed (${seen.closeCode}) a connection that had done nothing wrong`);
      if (v.end === null) expect(!seen.ended, "server dropped a connection that had done nothing wrong");
    } else if (v.end.codes) {
      expect(seen.close, `expected close ${v.end.codes.join("/")}, the server did not close`);
      expect(v.end.codes.includes(seen.closeCode), `expected close ${v.end.codes.join("/")}, got ${seen.closeCode}`);
    } else {
      expect(seen.close, `expected the close ${v.end.echo} to be echoed`);
      const okEcho = v.end.echo === undefined ? seen.closeCode === undefined || seen.closeCode === 1000 : seen.closeCode === v.end.echo;
      expect(okEcho, `close ${v.end.echo} echoed as ${seen.closeCode}`);
    }
    return null;
  } catch (e) {
    if (e instanceof Fail) return e.message;
    throw e;
  }
}

export async function fuzzFrames() {
  const SEQUENCES = Number(ARGS.sequences ?? 3000);
  const WORKERS = 4;
  const BATCH = 250;
  const r = prng(SEED);
  info(`seed ${SEED}: ${SEQUENCES} random frame sequences over ${WORKERS} concurrent connections`);
  const toolNames = new Set();
  let connections = 0;
  const outcomes = {};
  const spent = {};
  // Each worker has its own PRNG derived from the seed, so the run is reproducible despite interleaving.
  for (let start = 0; start < SEQUENCES; start += BATCH) {
    const count = Math.min(BATCH, SEQUENCES - start);
    await runCase(`sequences ${start + 1}-${start + count} (seed ${SEED})`, async () => {
      const workers = [];
      for (let w = 0; w < WORKERS; w++) {
        const wr = prng((r.next() * 4294967296) >>> 0);
        const share = Math.floor(count / WORKERS) + (w < count % WORKERS ? 1 : 0);
        workers.push(
          (async () => {
            let ws = null;
            for (let k = 0; k < share; k++) {
              if (!ws) {
                ws = await openWs();
                connections++;
              }
              // Ids from the worker and its count (not a shared counter): the bytes depend on the seed only.
              const items = Array.from({ length: wr.int(1, 5) }, (_, i) => randomItem(wr, `${start}.${w}.${k}.${i}`));
              if (wr.chance(0.1)) items.push(wr.bytes(wr.int(1, 10)));
              const t = Date.now();
              const state = await runFrameSequence(ws, Buffer.concat(items), wr, toolNames);
              outcomes[state] = (outcomes[state] ?? 0) + 1;
              spent[state] = (spent[state] ?? 0) + Date.now() - t;
              if (state !== "open") {
                ws.raw.destroy();
                ws = null;
              }
            }
            if (ws) await ws.close();
          })(),
        );
      }
      await Promise.all(workers);
    }, { timeoutMs: 60000 });
  }
  info(`${SEQUENCES} sequences over ${connections} connections; outcomes ${JSON.stringify(outcomes)} ms ${JSON.stringify(spent)}`);
}

// ------------------------------------------------------------------------------------------------------
// Group: fuzz — mutated JSON-RPC messages
// ------------------------------------------------------------------------------------------------------
function randomJsonValue(r, depth = 0) {
  const roll = r.int(0, depth > 2 ? 6 : 8);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 2 ** 53, -(2 ** 31), 1e300, r.int(-1e6, 1e6)]);
    case 3:
      return r.pick(["", "ping", "tools/call", "2.0", "x".repeat(r.int(0, 50)), "é€😀", "\u0000", "a\"b\\c"]);
    case 4:
      return r.pick(["getDiagnostics", "getOpenEditors", "checkDocumentDirty", "close_tab", "nope"]);
    case 5:
      return r.int(0, 100);
    case 6:
      return `s${r.int(0, 1000)}`;
    case 7:
      return Array.from({ length: r.int(0, 3) }, () => randomJsonValue(r, depth + 1));
    default: {
      const o = {};
      for (let k = r.int(0, 3); k > 0; k--) o[r.pick(["a", "id", "name", "uri", "filePath", "tab_name", "_meta"])] = randomJsonValue(r, depth + 1);
      return o;
    }
  }
}

/** A valid request the fuzzer starts from: only tools without side effects on the test editor. */
function baseMessage(r, serial) {
  const id = r.chance(0.5) ? serial : `j${serial}`;
  const tool = (name, args) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });
  return r.pick([
    () => ({ jsonrpc: "2.0", id, method: "ping" }),
    () => ({ jsonrpc: "2.0", id, method: "tools/list" }),
    () => ({ jsonrpc: "2.0", id, method: "initialize", params: initParams(r.pick(MCP_VERSIONS)) }),
    () => ({ jsonrpc: "2.0", method: "notifications/initialized" }),
    () => ({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id } }),
    () => tool("getDiagnostics", {}),
    () => tool("getDiagnostics", { uri: "file:///nonexistent/x.txt" }),
    () => tool("getOpenEditors", {}),
    () => tool("getWorkspaceFolders", {}),
    () => tool("getCurrentSelection", {}),
    () => tool("getLatestSelection", {}),
    () => tool("checkDocumentDirty", { filePath: "/nonexistent/claude-ide-fuzz.txt" }),
    () => tool("saveDocument", { filePath: "/nonexistent/claude-ide-fuzz.txt" }),
    () => tool("close_tab", { tab_name: "✻ [Claude Code] fuzz ⧉" }),
    () => tool("closeAllDiffTabs", {}),
  ])();
}

/** Structural mutations (random types for fields), then byte mutations of the text. */
function mutateMessage(r, msg) {
  const m = structuredClone(msg);
  const fields = ["jsonrpc", "id", "method", "params"];
  for (let k = r.int(0, 2); k > 0; k--) {
    const roll = r.next();
    const f = r.pick(fields);
    if (roll < 0.3) delete m[f];
    else if (roll < 0.7) m[f] = randomJsonValue(r);
    else if (m.params && typeof m.params === "object" && !Array.isArray(m.params)) {
      const pf = r.pick(["name", "arguments", "_meta", "protocolVersion"]);
      if (r.chance(0.3)) delete m.params[pf];
      else m.params[pf] = randomJsonValue(r);
      if (m.params.arguments && typeof m.params.arguments === "object" && !Array.isArray(m.params.arguments) && r.chance(0.5)) {
        m.params.arguments[r.pick(["uri", "filePath", "tab_name", "_meta", "extra"])] = randomJsonValue(r);
      }
    } else m[r.pick(["extra", "result", "error"])] = randomJsonValue(r);
  }
  let text = JSON.stringify(m);
  if (r.chance(0.35)) {
    // Byte-level damage, kept to printable ASCII so the frame stays valid UTF-8 (broken UTF-8 is the
    // frame fuzzer's job): drop, duplicate, flip, insert.
    const chars = [...text];
    for (let k = r.int(1, 3); k > 0 && chars.length; k--) {
      const at = r.int(0, chars.length - 1);
      const roll = r.next();
      if (roll < 0.25) chars.splice(at, 1);
      else if (roll < 0.5) chars.splice(at, 0, chars[at]);
      else if (roll < 0.75) chars[at] = String.fromCharCode(r.int(0x20, 0x7e));
      else chars.splice(at, 0, r.pick(['"', "{", "}", "[", "]", ",", ":", "\\", "0", "-", "e", " "]));
    }
    text = chars.join("");
  }
  return text;
}

export async function fuzzJson() {
  const MESSAGES = Number(ARGS.messages ?? 5000);
  const BATCH = 100;
  const CONNECTIONS = 4;
  const r = prng((SEED ^ 0x5bd1e995) >>> 0);
  info(`seed ${SEED}: ${MESSAGES} mutated JSON-RPC messages in batches of ${BATCH} over ${CONNECTIONS} connections`);
  const probe = await openWs();
  const listed = (await probe.request("tools/list")).json.result.tools.map((t) => t.name);
  await probe.close();
  const toolNames = new Set([...listed, "close_tab"]);
  const conns = [];
  let serial = 0;
  const tally = { none: 0, error: 0, result: 0, loose: 0 };
  for (let start = 0; start < MESSAGES; start += BATCH) {
    const count = Math.min(BATCH, MESSAGES - start);
    const slot = (start / BATCH) % CONNECTIONS;
    await runCase(`messages ${start + 1}-${start + count} on connection ${slot + 1} (seed ${SEED})`, async () => {
      if (!conns[slot] || conns[slot].raw.ended) conns[slot] = await openWs();
      const ws = conns[slot];
      // Pipelined: every message followed by its sentinel ping; replies are read back in order.
      const sent = [];
      for (let k = 0; k < count; k++) {
        const text = mutateMessage(r, baseMessage(r, ++serial));
        const sentinel = `~sentinel~${serial}`;
        ws.send(text);
        ws.sendJson({ jsonrpc: "2.0", id: sentinel, method: "ping" });
        sent.push([text, sentinel]);
      }
      try {
        for (const [text, sentinel] of sent) {
          const replies = await ws.collectUntil(sentinel, 5000);
          const pred = predictReply(text, toolNames);
          checkPrediction(pred, replies, text);
          tally[pred.loose ? "loose" : pred.none ? "none" : pred.error !== undefined ? "error" : "result"]++;
        }
      } catch (e) {
        ws.raw.destroy(); // the rest of this batch's replies would be read by the next one
        throw e;
      }
    });
  }
  for (const ws of conns) if (ws && !ws.raw.ended) await ws.close();
  info(`predicted: ${tally.result} results, ${tally.error} errors, ${tally.none} unanswered, ${tally.loose} non-JSON extensions`);
}

// ------------------------------------------------------------------------------------------------------
// Group: fuzz — mutated upgrade requests
// ------------------------------------------------------------------------------------------------------
export async function fuzzHandshake() {
  const COUNT = Number(ARGS.requests ?? 300);
  const r = prng((SEED ^ 0x1b873593) >>> 0);
  info(`seed ${SEED}: ${COUNT} mutated upgrade requests`);
  const statuses = {};
  await runCase(`${COUNT} mutated upgrade requests: 101 or a 4xx refusal, never a hang (seed ${SEED})`, async () => {
    for (let k = 0; k < COUNT; k++) {
      const request = Buffer.from(upgradeRequest(), "latin1");
      const body = Buffer.from(request.subarray(0, request.length - 4));
      for (let m = r.int(1, 4); m > 0; m--) body[r.int(0, body.length - 1)] = r.chance(0.5) ? r.int(0, 255) : r.pick([0x0d, 0x0a, 0x3a, 0x20, 0x2c, 0x00]);
      // The head always ends, so the server must answer at once (not at the handshake timeout).
      const bytes = Buffer.concat([body.subarray(0, body.indexOf("\r\n\r\n") >= 0 ? body.indexOf("\r\n\r\n") : body.length), Buffer.from("\r\n\r\n")]);
      const raw = await Raw.connect();
      try {
        raw.write(bytes);
        const res = await raw.readHttp();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        expect([101, 400, 401, 403, 405, 426, 431, 505].includes(res.status), `status ${res.statusLine} for ${show(bytes.toString("latin1"))}`);
        if (res.status === 101) {
          check101(res, bytes.toString("latin1"));
          await new Ws(raw).close();
        } else await raw.waitEof();
      } finally {
        raw.destroy();
      }
    }
    return `statuses ${JSON.stringify(statuses)}`;
  }, { timeoutMs: 60000 });
}
