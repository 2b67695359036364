// Wire-level conformance and fuzz program for the plugin's server (RFC 6455, JSON-RPC 2.0, MCP, IDE tools).
//
//   node spec/conformance/wire.mjs --port P --token T --group G [--seed S] [--max-message-bytes N]
//                                  [--handshake-timeout-ms N]
//
// Independent of the plugin AND of any WebSocket library: raw node:net sockets, a frame encoder that can
// write broken frames, and reference models (a frame decoder and a JSON-RPC classifier) written here from the
// RFCs, to predict what the server must answer.
//
// Output: one JSON object per line on stdout.
//   {"case":"<group>: <name>","ok":true|false,"detail":"...","ms":N}    one per case
//   {"info":"..."}                                                     figures (seed, counts)
//   {"done":true,"group":"...","cases":N,"failed":N,"ms":N}            last line
// After every case (and every fuzz batch) a fresh connection must still complete the handshake and answer
// the MCP `ping` request, otherwise the case fails.
import { createHash, randomBytes } from "node:crypto";
import net from "node:net";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
const WAIT_MS = 3000;

// ------------------------------------------------------------------------------------------------------
// Arguments, output, small utilities
// ------------------------------------------------------------------------------------------------------
function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) out[argv[i].replace(/^--/, "")] = argv[i + 1];
  return out;
}
const ARGS = parseArgs(process.argv.slice(2));
const PORT = Number(ARGS.port);
const TOKEN = String(ARGS.token);
const MAX_MESSAGE = Number(ARGS["max-message-bytes"] ?? 64 * 1024 * 1024);
const HANDSHAKE_TIMEOUT = Number(ARGS["handshake-timeout-ms"] ?? 5000);

const emit = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const tick = () => new Promise((r) => setImmediate(r));

class Fail extends Error {}
function expect(cond, msg) {
  if (!cond) throw new Fail(msg);
}
const show = (v) => {
  const s = typeof v === "string" ? JSON.stringify(v) : Buffer.isBuffer(v) ? `<${v.length} bytes ${v.subarray(0, 40).toString("hex")}>` : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? s.slice(0, 300) + "…" : s;
};

/** mulberry32: a small seeded PRNG, so that a fuzz run is reproducible from its printed seed. */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => int(0, 255))),
  };
}

const utf8Decoder = new TextDecoder("utf-8", { fatal: true });
function isUtf8(buf) {
  try {
    utf8Decoder.decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `buf` can still become valid UTF-8 by appending bytes: only an incomplete sequence at the very end
 * is allowed (what a fail-fast endpoint checks after each fragment).
 */
function isUtf8Prefix(buf) {
  for (let cut = 0; cut <= 3 && cut <= buf.length; cut++) {
    const head = buf.subarray(0, buf.length - cut);
    if (!isUtf8(head)) continue;
    if (cut === 0) return true;
    const tail = buf.subarray(buf.length - cut);
    if (tailCanComplete(tail)) return true;
  }
  return false;
}

/** An incomplete but so-far valid UTF-8 sequence (Unicode table 3-7). */
function tailCanComplete(t) {
  const b0 = t[0];
  const need = b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
  if (need === 0 || t.length >= need) return false;
  for (let i = 1; i < t.length; i++) {
    let lo = 0x80;
    let hi = 0xbf;
    if (i === 1) {
      if (b0 === 0xe0) lo = 0xa0;
      if (b0 === 0xed) hi = 0x9f;
      if (b0 === 0xf0) lo = 0x90;
      if (b0 === 0xf4) hi = 0x8f;
    }
    if (t[i] < lo || t[i] > hi) return false;
  }
  return true;
}

// ------------------------------------------------------------------------------------------------------
// Raw socket client
// ------------------------------------------------------------------------------------------------------
class Raw {
  static connect(port = PORT) {
    return new Promise((resolve, reject) => {
      const sock = net.createConnection({ host: "127.0.0.1", port });
      sock.setNoDelay(true);
      sock.once("connect", () => resolve(new Raw(sock)));
      sock.once("error", reject);
    });
  }

  constructor(sock) {
    this.sock = sock;
    this.buf = Buffer.alloc(0);
    this.ended = false;
    this.error = undefined;
    this.waiters = [];
    sock.on("data", (d) => {
      this.buf = this.buf.length === 0 ? d : Buffer.concat([this.buf, d]);
      this.wake();
    });
    sock.on("end", () => {
      this.ended = true;
      this.wake();
    });
    sock.on("close", () => {
      this.ended = true;
      this.wake();
    });
    sock.on("error", (e) => {
      this.error = e.code ?? e.message;
      this.ended = true;
      this.wake();
    });
  }

  wake() {
    const ws = this.waiters;
    this.waiters = [];
    for (const w of ws) w();
  }

  write(bytes) {
    if (!this.sock.destroyed) this.sock.write(bytes);
  }

  /** Writes `bytes` in pieces of the given sizes, letting each go out on its own. */
  async writeChunked(bytes, sizes) {
    let at = 0;
    for (const n of sizes) {
      if (at >= bytes.length) break;
      this.write(bytes.subarray(at, at + n));
      at += n;
      await tick();
    }
    if (at < bytes.length) this.write(bytes.subarray(at));
  }

  /** Polls `fn` whenever bytes arrive; returns its first non-undefined result. */
  async until(fn, ms, what) {
    const deadline = Date.now() + ms;
    for (;;) {
      const r = fn();
      if (r !== undefined) return r;
      const left = deadline - Date.now();
      if (left <= 0) throw new Fail(`timed out after ${ms} ms waiting for ${what}; pending bytes ${show(this.buf)}`);
      await new Promise((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits for the server to close the TCP connection. Returns the time it took. */
  async waitEof(ms = WAIT_MS, what = "the server to close the connection") {
    const t0 = Date.now();
    await this.until(() => (this.ended ? true : undefined), ms, what);
    return Date.now() - t0;
  }

  /** The HTTP response head and body (Content-Length). */
  async readHttp(ms = WAIT_MS) {
    const head = await this.until(
      () => {
        const at = this.buf.indexOf("\r\n\r\n");
        if (at >= 0) return at;
        if (this.ended) throw new Fail(`connection closed before an HTTP response; got ${show(this.buf.toString("latin1"))}`);
        return undefined;
      },
      ms,
      "an HTTP response",
    );
    const lines = this.buf.subarray(0, head).toString("latin1").split("\r\n");
    this.buf = this.buf.subarray(head + 4);
    const m = /^HTTP\/1\.1 (\d{3})(?: (.*))?$/.exec(lines[0]);
    expect(m, `malformed status line ${show(lines[0])}`);
    const headers = {};
    for (const line of lines.slice(1)) {
      const hm = /^([^:\s]+):[ \t]*(.*?)[ \t]*$/.exec(line);
      expect(hm, `malformed response header ${show(line)}`);
      const k = hm[1].toLowerCase();
      (headers[k] ??= []).push(hm[2]);
    }
    const res = { status: Number(m[1]), statusLine: lines[0], headers, body: "" };
    if (res.status !== 101 && headers["content-length"]) {
      const n = Number(headers["content-length"][0]);
      await this.until(() => (this.buf.length >= n || this.ended ? true : undefined), ms, "the response body");
      expect(this.buf.length >= n, `body shorter than Content-Length ${n}`);
      res.body = this.buf.subarray(0, n).toString("utf8");
      this.buf = this.buf.subarray(n);
    }
    return res;
  }

  /** The next server frame: {fin, rsv, opcode, payload}. Server frames must be unmasked and well-formed. */
  async frame(ms = WAIT_MS) {
    return this.until(
      () => {
        const r = parseServerFrame(this.buf);
        if (r !== undefined) {
          this.buf = this.buf.subarray(r.size);
          return r.frame;
        }
        if (this.ended) throw new Fail(`connection closed (${this.error ?? "EOF"}) before a complete frame; pending ${show(this.buf)}`);
        return undefined;
      },
      ms,
      "a frame",
    );
  }

  destroy() {
    this.sock.destroy();
  }
}

// ------------------------------------------------------------------------------------------------------
// Frames (RFC 6455 §5.2), written here independently of the plugin
// ------------------------------------------------------------------------------------------------------
const OP = { cont: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa };

/**
 * A client frame. opts: fin (default true), rsv (bits 0x70), mask (default: a random key; false: unmasked;
 * a 4-byte Buffer), length (declared payload length, default the real one), lengthForm (7/16/64: force an
 * encoding), payloadOmitted (write only the header).
 */
function frame(opcode, payload = Buffer.alloc(0), opts = {}) {
  payload = Buffer.isBuffer(payload) ? payload : Buffer.from(payload, "utf8");
  const declared = opts.length ?? payload.length;
  const b0 = (opts.fin === false ? 0 : 0x80) | (opts.rsv ?? 0) | opcode;
  const key = opts.mask === false ? null : Buffer.isBuffer(opts.mask) ? opts.mask : randomBytes(4);
  const maskBit = key ? 0x80 : 0;
  const form = opts.lengthForm ?? (declared < 126 ? 7 : declared <= 0xffff ? 16 : 64);
  let header;
  if (form === 7) header = Buffer.from([b0, maskBit | declared]);
  else if (form === 16) header = Buffer.from([b0, maskBit | 126, declared >> 8, declared & 0xff]);
  else {
    header = Buffer.alloc(10);
    header[0] = b0;
    header[1] = maskBit | 127;
    header.writeBigUInt64BE(BigInt(declared), 2);
  }
  if (key) header = Buffer.concat([header, key]);
  if (opts.payloadOmitted) return header;
  return Buffer.concat([header, key ? xor(payload, key) : payload]);
}

function xor(payload, key) {
  const out = Buffer.allocUnsafe(payload.length);
  for (let i = 0; i < payload.length; i++) out[i] = payload[i] ^ key[i & 3];
  return out;
}

const closeBody = (code, reason = Buffer.alloc(0)) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(code);
  return Buffer.concat([b, Buffer.isBuffer(reason) ? reason : Buffer.from(reason, "utf8")]);
};

/** Parses one server frame at the start of `buf`: {frame, size}, or undefined while incomplete. */
function parseServerFrame(buf) {
  if (buf.length < 2) return undefined;
  const b0 = buf[0];
  const b1 = buf[1];
  expect((b1 & 0x80) === 0, `server frame is masked (RFC 6455 §5.1): ${show(buf)}`);
  let n = b1 & 0x7f;
  let at = 2;
  if (n === 126) {
    if (buf.length < 4) return undefined;
    n = buf.readUInt16BE(2);
    at = 4;
  } else if (n === 127) {
    if (buf.length < 10) return undefined;
    const big = buf.readBigUInt64BE(2);
    expect(big < 2n ** 53n, "server frame length over 2^53");
    n = Number(big);
    at = 10;
  }
  if (buf.length < at + n) return undefined;
  const f = { fin: (b0 & 0x80) !== 0, rsv: b0 & 0x70, opcode: b0 & 0x0f, payload: buf.subarray(at, at + n) };
  expect(f.rsv === 0, `server frame with RSV bits ${f.rsv}`);
  expect([0, 1, 2, 8, 9, 10].includes(f.opcode), `server frame with opcode ${f.opcode}`);
  if (f.opcode >= 8) expect(f.fin && n <= 125, "server control frame fragmented or over 125 bytes");
  return { frame: f, size: at + n };
}

/** The close frame's code (undefined for an empty payload). Checks the reason is valid UTF-8. */
function closeCodeOf(f) {
  expect(f.opcode === OP.close, `expected a close frame, got opcode ${f.opcode} ${show(f.payload.toString("utf8"))}`);
  if (f.payload.length === 0) return undefined;
  expect(f.payload.length >= 2, "server close frame with a 1-byte payload");
  expect(isUtf8(f.payload.subarray(2)), "server close reason is not UTF-8");
  const code = f.payload.readUInt16BE(0);
  expect(![1005, 1006, 1015].includes(code), `server sent reserved close code ${code}`);
  return code;
}

// ------------------------------------------------------------------------------------------------------
// Handshake (RFC 6455 §4)
// ------------------------------------------------------------------------------------------------------
const acceptFor = (key) => createHash("sha1").update(key + GUID).digest("base64");

/**
 * An upgrade request. `headers`: [name, value] pairs replacing the defaults by (case-insensitive) name,
 * value null removes; `extra`: pairs appended as they are (duplicates); `requestLine` replaces the first line.
 */
function upgradeRequest({ headers = [], extra = [], requestLine = "GET / HTTP/1.1", key } = {}) {
  const pairs = [
    ["Host", `127.0.0.1:${PORT}`],
    ["Upgrade", "websocket"],
    ["Connection", "Upgrade"],
    ["Sec-WebSocket-Key", key ?? randomBytes(16).toString("base64")],
    ["Sec-WebSocket-Version", "13"],
    ["Sec-WebSocket-Protocol", "mcp"],
    ["Sec-WebSocket-Extensions", "permessage-deflate; client_max_window_bits"],
    ["User-Agent", "claude-ide-conformance/1.0"],
    ["X-Claude-Code-Ide-Authorization", TOKEN],
  ];
  for (const [name, value] of headers) {
    const i = pairs.findIndex(([n]) => n.toLowerCase() === name.toLowerCase());
    if (i >= 0 && value === null) pairs.splice(i, 1);
    else if (i >= 0) pairs[i] = [name, value];
    else if (value !== null) pairs.push([name, value]);
  }
  pairs.push(...extra);
  return [requestLine, ...pairs.map(([n, v]) => `${n}: ${v}`), "", ""].join("\r\n");
}

const keyOf = (req) => /\r\nSec-WebSocket-Key: ([^\r]*)/i.exec(req)?.[1];

/** Checks a 101 answer to `request`. */
function check101(res, request) {
  expect(res.status === 101, `expected 101, got ${res.statusLine} ${show(res.body)}`);
  const h = (n) => res.headers[n]?.join(", ");
  expect(/^websocket$/i.test(h("upgrade") ?? ""), `Upgrade header ${show(h("upgrade"))}`);
  expect(/(^|,)\s*upgrade\s*(,|$)/i.test(h("connection") ?? ""), `Connection header ${show(h("connection"))}`);
  expect(h("sec-websocket-accept") === acceptFor(keyOf(request)), `Sec-WebSocket-Accept ${show(h("sec-websocket-accept"))}, expected ${acceptFor(keyOf(request))}`);
  expect(h("sec-websocket-extensions") === undefined, `an extension was accepted without being implemented: ${h("sec-websocket-extensions")}`);
  const offered = (/\r\nSec-WebSocket-Protocol:([^\r]*)/i.exec(request)?.[1] ?? "").split(",").some((p) => p.trim() === "mcp");
  if (offered) expect(h("sec-websocket-protocol") === "mcp", `Sec-WebSocket-Protocol ${show(h("sec-websocket-protocol"))}, expected mcp`);
  else expect(h("sec-websocket-protocol") === undefined, "a subprotocol the client did not offer was selected");
}

/** Sends `request` (string or Buffer) on a fresh socket and returns [raw, response]. */
async function sendRequest(request) {
  const raw = await Raw.connect();
  raw.write(Buffer.isBuffer(request) ? request : Buffer.from(request, "utf8"));
  return [raw, await raw.readHttp()];
}

/** A refusal: `statuses` (one or a list), then the server closes the connection. */
async function expectRefusal(request, statuses, check) {
  const allowed = [].concat(statuses);
  const [raw, res] = await sendRequest(request);
  try {
    expect(allowed.includes(res.status), `expected ${allowed.join(" or ")}, got ${res.statusLine} ${show(res.body)}`);
    if (check) check(res);
    await raw.waitEof(WAIT_MS, "the connection to close after the refusal");
    return res;
  } finally {
    raw.destroy();
  }
}

/** An open WebSocket connection (handshake checked). */
async function openWs(opts = {}) {
  const request = upgradeRequest(opts);
  const [raw, res] = await sendRequest(request);
  try {
    check101(res, request);
  } catch (e) {
    raw.destroy();
    throw e;
  }
  return new Ws(raw);
}

// ------------------------------------------------------------------------------------------------------
// JSON-RPC over an open connection
// ------------------------------------------------------------------------------------------------------
class Ws {
  constructor(raw) {
    this.raw = raw;
    this.pongs = [];
    /** Notifications the server sent (selection_changed, ...): not answers to anything. */
    this.notifications = [];
    this.serial = 0;
  }

  send(text, opts) {
    this.raw.write(frame(OP.text, text, opts));
  }

  sendJson(obj) {
    this.send(JSON.stringify(obj));
  }

  /** Next text message (pings from the server are answered, pongs recorded); {text, json}. */
  async message(ms = WAIT_MS) {
    for (;;) {
      const f = await this.raw.frame(ms);
      if (f.opcode === OP.ping) {
        this.raw.write(frame(OP.pong, f.payload));
        continue;
      }
      if (f.opcode === OP.pong) {
        this.pongs.push(f.payload);
        continue;
      }
      if (f.opcode === OP.close) throw new Fail(`server closed the connection (code ${closeCodeOf(f)}, ${show(f.payload.subarray(2).toString())}) instead of answering`);
      expect(f.opcode === OP.text && f.fin, `expected an unfragmented text frame, got opcode ${f.opcode} fin ${f.fin}`);
      return parseReply(f.payload);
    }
  }

  /** Next response (server notifications in between are set aside). */
  async reply(ms = WAIT_MS) {
    for (;;) {
      const m = await this.message(ms);
      if (m.json.method === undefined) return m;
      this.notifications.push(m);
    }
  }

  /** A request with a fresh id; returns the reply to it. */
  async request(method, params, ms) {
    const id = `req-${++this.serial}`;
    this.sendJson(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
    const reply = await this.reply(ms);
    expect(reply.json.id === id, `reply to ${id} expected, got ${show(reply.text)}`);
    return reply;
  }

  /**
   * Sends `text` (one message), then a sentinel ping; returns every reply that came before the sentinel's.
   * The server handles messages in order, so this tells exactly what `text` was answered with — including
   * nothing (notifications).
   */
  async exchange(text, ms = WAIT_MS) {
    const sentinel = `~sentinel~${++this.serial}`;
    this.send(text);
    this.sendJson({ jsonrpc: "2.0", id: sentinel, method: "ping" });
    return this.collectUntil(sentinel, ms);
  }

  async collectUntil(sentinel, ms) {
    const replies = [];
    for (;;) {
      const r = await this.reply(ms);
      if (r.json && r.json.id === sentinel) {
        expect(r.raw.result === "{}", `ping answered ${show(r.text)} (result must be the empty object)`);
        return replies;
      }
      replies.push(r);
    }
  }

  /** Close handshake from our side: the server must echo `code` and close the TCP connection. */
  async close(code = 1000) {
    this.raw.write(frame(OP.close, closeBody(code, "bye")));
    for (;;) {
      const f = await this.raw.frame();
      if (f.opcode === OP.close) {
        const echoed = closeCodeOf(f);
        expect(echoed === code, `close ${code} answered with ${echoed}`);
        break;
      }
    }
    await this.raw.waitEof();
    this.raw.destroy();
  }

  /** Expects a close frame with one of `codes` as the next frame (after pongs), then the end of TCP. */
  async expectClose(codes, what = "") {
    const allowed = [].concat(codes);
    for (;;) {
      const f = await this.raw.frame();
      if (f.opcode === OP.pong) {
        this.pongs.push(f.payload);
        continue;
      }
      expect(f.opcode === OP.close, `${what}expected close ${allowed.join("/")}, got opcode ${f.opcode} ${show(f.payload.toString())}`);
      const code = closeCodeOf(f);
      expect(allowed.includes(code), `${what}expected close ${allowed.join("/")}, got ${code} ${show(f.payload.subarray(2).toString())}`);
      break;
    }
    await this.raw.waitEof(WAIT_MS, "the TCP connection to close after the close frame");
    this.raw.destroy();
  }
}

/** A server text message: strict JSON (JSON.parse) plus the raw text of its top-level members. */
function parseReply(payload) {
  expect(isUtf8(payload), `server text message is not valid UTF-8: ${show(payload)}`);
  const text = payload.toString("utf8");
  let json;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Fail(`server sent invalid JSON (${e.message}): ${show(text)}`);
  }
  expect(json !== null && typeof json === "object" && !Array.isArray(json), `server message is not a JSON object: ${show(text)}`);
  expect(json.jsonrpc === "2.0", `server message without "jsonrpc":"2.0": ${show(text)}`);
  const raw = rawMembers(text);
  if (json.method !== undefined) {
    expect(typeof json.method === "string" && !("id" in json), `server request or malformed notification: ${show(text)}`);
    expect(json.params === undefined || (typeof json.params === "object" && json.params !== null), `notification params: ${show(text)}`);
  } else {
    expect("id" in json, `response without id: ${show(text)}`);
    expect(("result" in json) !== ("error" in json), `response must have exactly one of result/error: ${show(text)}`);
    if (json.error) {
      expect(Number.isInteger(json.error.code) && typeof json.error.message === "string", `malformed error object: ${show(text)}`);
    }
  }
  return { text, json, raw };
}

/** Raw JSON text of each top-level member of an object (to compare ids byte for byte). */
function rawMembers(text) {
  const out = {};
  let i = 0;
  const ws = () => {
    while (" \t\r\n".includes(text[i]) && i < text.length) i++;
  };
  const skipString = () => {
    i++;
    while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
  };
  const skipValue = () => {
    if (text[i] === '"') return skipString();
    if (text[i] === "{" || text[i] === "[") {
      let depth = 0;
      do {
        if (text[i] === '"') {
          skipString();
          continue;
        }
        if (text[i] === "{" || text[i] === "[") depth++;
        else if (text[i] === "}" || text[i] === "]") depth--;
        i++;
      } while (depth > 0);
      return;
    }
    while (i < text.length && !",}] \t\r\n".includes(text[i])) i++;
  };
  ws();
  i++; // {
  for (;;) {
    ws();
    if (text[i] === "}") return out;
    const start = i;
    skipString();
    const name = JSON.parse(text.slice(start, i));
    ws();
    i++; // :
    ws();
    const vstart = i;
    skipValue();
    out[name] = text.slice(vstart, i);
    ws();
    if (text[i] === ",") i++;
  }
}

/** The error reply: one message, code in `codes`, raw id text in `ids` (when given). */
function expectError(replies, codes, ids, what = "") {
  expect(replies.length === 1, `${what}expected exactly one reply, got ${replies.length}: ${show(replies.map((r) => r.text))}`);
  const r = replies[0];
  const allowed = [].concat(codes);
  expect(r.json.error !== undefined, `${what}expected error ${allowed.join("/")}, got ${show(r.text)}`);
  expect(allowed.includes(r.json.error.code), `${what}expected error ${allowed.join("/")}, got ${show(r.text)}`);
  if (ids !== undefined) {
    const allowedIds = [].concat(ids);
    expect(allowedIds.includes(r.raw.id), `${what}expected id ${allowedIds.join(" or ")}, got ${r.raw.id}`);
  }
  return r;
}

function expectResult(replies, what = "") {
  expect(replies.length === 1, `${what}expected exactly one reply, got ${replies.length}: ${show(replies.map((r) => r.text))}`);
  expect(replies[0].json.result !== undefined, `${what}expected a result, got ${show(replies[0].text)}`);
  return replies[0];
}

const rpc = (id, method, params) => JSON.stringify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });

// ------------------------------------------------------------------------------------------------------
// Case runner
// ------------------------------------------------------------------------------------------------------
const results = { cases: 0, failed: 0 };
let GROUP = "";

/** The server still completes a handshake and answers `ping` on a fresh connection. */
async function alive() {
  const ws = await openWs();
  try {
    const reply = await ws.request("ping");
    expect(reply.raw.result === "{}", `ping answered ${show(reply.text)}`);
    await ws.close(1000);
  } finally {
    ws.raw.destroy();
  }
}

async function runCase(name, fn, { timeoutMs = 20000 } = {}) {
  const t0 = Date.now();
  let ok = true;
  let detail = "";
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Fail(`case timed out after ${timeoutMs} ms`)), timeoutMs).unref());
  try {
    const r = await Promise.race([fn(), timeout]);
    if (typeof r === "string") detail = r;
  } catch (e) {
    ok = false;
    detail = e instanceof Fail ? e.message : `${e && e.stack}`;
  }
  try {
    await Promise.race([alive(), timeout]);
  } catch (e) {
    ok = false;
    detail += ` | afterwards the server did not answer ping on a new connection: ${e.message}`;
  }
  results.cases++;
  if (!ok) results.failed++;
  emit({ case: `${GROUP}: ${name}`, ok, detail, ms: Date.now() - t0 });
}

const info = (msg) => emit({ info: `${GROUP}: ${msg}` });

// ------------------------------------------------------------------------------------------------------
// Group: handshake (RFC 6455 §4.2, plus the IDE's token and Origin rules)
// ------------------------------------------------------------------------------------------------------
async function handshakeCases() {
  const accepted = (name, opts) =>
    runCase(name, async () => {
      const ws = await openWs(opts);
      const reply = await ws.request("ping");
      expect(reply.raw.result === "{}", `ping answered ${show(reply.text)}`);
      await ws.close();
    });
  const refused = (name, request, statuses, check) => runCase(name, () => expectRefusal(request, statuses, check));

  await accepted("valid upgrade: 101, exact Sec-WebSocket-Accept, mcp selected, deflate declined", {});
  await accepted("no subprotocol offered: none selected", { headers: [["Sec-WebSocket-Protocol", null]] });
  await accepted("subprotocol list 'foo, mcp' selects mcp", { headers: [["Sec-WebSocket-Protocol", "foo, mcp"]] });
  await accepted("Connection: keep-alive, Upgrade", { headers: [["Connection", "keep-alive, Upgrade"]] });
  await accepted("header names lower-case, values upper-case", {
    headers: [
      ["host", `127.0.0.1:${PORT}`],
      ["upgrade", "WEBSOCKET"],
      ["connection", "UPGRADE"],
      ["sec-websocket-version", "13"],
      ["x-claude-code-ide-authorization", TOKEN],
    ],
  });
  await accepted("header names upper-case", {
    headers: [
      ["UPGRADE", "websocket"],
      ["CONNECTION", "Upgrade"],
      ["SEC-WEBSOCKET-VERSION", "13"],
      ["X-CLAUDE-CODE-IDE-AUTHORIZATION", TOKEN],
    ],
  });
  await accepted("duplicate Connection headers (keep-alive, then Upgrade)", { headers: [["Connection", "keep-alive"]], extra: [["Connection", "Upgrade"]] });
  await runCase("no space after the colon, trailing spaces, an empty header value", async () => {
    const request = upgradeRequest({ extra: [["X-Empty", ""]] }).replace("\r\nUpgrade: websocket", "\r\nUpgrade:websocket \t ");
    const [raw, res] = await sendRequest(request);
    try {
      check101(res, request);
      await new Ws(raw).close();
    } finally {
      raw.destroy();
    }
  });

  await runCase("request and first frame in one TCP write", async () => {
    const request = upgradeRequest();
    const raw = await Raw.connect();
    raw.write(Buffer.concat([Buffer.from(request, "latin1"), frame(OP.text, rpc(7, "ping"))]));
    check101(await raw.readHttp(), request);
    const ws = new Ws(raw);
    const reply = await ws.reply();
    expect(reply.raw.id === "7" && reply.raw.result === "{}", `got ${show(reply.text)}`);
    await ws.close();
  });

  await runCase("request written one byte at a time", async () => {
    const request = upgradeRequest();
    const raw = await Raw.connect();
    await raw.writeChunked(Buffer.from(request, "latin1"), Array(request.length).fill(1));
    check101(await raw.readHttp(), request);
    await new Ws(raw).close();
  });

  await refused("missing Sec-WebSocket-Key → 400", upgradeRequest({ headers: [["Sec-WebSocket-Key", null]] }), 400);
  await refused("key of 15 bytes → 400", upgradeRequest({ key: randomBytes(15).toString("base64") }), 400);
  await refused("key of 17 bytes → 400", upgradeRequest({ key: randomBytes(17).toString("base64") }), 400);
  await refused("key of 24 characters that is not base64 → 400", upgradeRequest({ key: "!!!!!!!!!!!!!!!!!!!!!!!!" }), 400);
  await refused("duplicate Sec-WebSocket-Key → 400", upgradeRequest({ extra: [["Sec-WebSocket-Key", randomBytes(16).toString("base64")]] }), 400);
  await refused("Sec-WebSocket-Version: 8 → 426 with Sec-WebSocket-Version: 13", upgradeRequest({ headers: [["Sec-WebSocket-Version", "8"]] }), 426, (res) =>
    expect(res.headers["sec-websocket-version"]?.join(",").split(/\s*,\s*/).includes("13"), `426 without Sec-WebSocket-Version: 13: ${show(res.headers)}`),
  );
  await refused("missing Sec-WebSocket-Version → 400/426", upgradeRequest({ headers: [["Sec-WebSocket-Version", null]] }), [400, 426]);
  await refused("duplicate Sec-WebSocket-Version → 400/426", upgradeRequest({ extra: [["Sec-WebSocket-Version", "13"]] }), [400, 426]);
  await refused("missing Upgrade header → 400/426", upgradeRequest({ headers: [["Upgrade", null]] }), [400, 426]);
  await refused("Upgrade: h2c → 400/426", upgradeRequest({ headers: [["Upgrade", "h2c"]] }), [400, 426]);
  await refused("missing Connection header → 400", upgradeRequest({ headers: [["Connection", null]] }), 400);
  await refused("Connection: keep-alive only → 400", upgradeRequest({ headers: [["Connection", "keep-alive"]] }), 400);
  await refused("missing Host header → 400 (RFC 6455 §4.2.1 item 2)", upgradeRequest({ headers: [["Host", null]] }), 400);
  await refused("POST → 405", upgradeRequest({ requestLine: "POST / HTTP/1.1" }), 405);
  await refused("lower-case method 'get' → 400/405", upgradeRequest({ requestLine: "get / HTTP/1.1" }), [400, 405]);
  await refused("HTTP/1.0 → 400/505", upgradeRequest({ requestLine: "GET / HTTP/1.0" }), [400, 505]);
  await refused("absurd request line (3 words, bad version) → 400", upgradeRequest({ requestLine: "GET / FTP/9" }), [400, 505]);
  await refused("request line with an extra word → 400", upgradeRequest({ requestLine: "GET / HTTP/1.1 please" }), 400);
  await refused("request line with two spaces → 400", upgradeRequest({ requestLine: "GET  / HTTP/1.1" }), 400);
  await refused("request line of binary junk → 400", Buffer.concat([Buffer.from([0, 0xff, 0x80, 0x7f, 0x20, 0x0d]), Buffer.from("\r\nHost: x\r\n\r\n")]), 400);
  await refused("empty request (just CRLF CRLF) → 400", "\r\n\r\n", 400);
  await refused("header line without a colon → 400", upgradeRequest().replace(/\r\n\r\n$/, "\r\nBroken header line\r\n\r\n"), 400);
  await refused("space between header name and colon → 400 (RFC 9112 §5.1)", upgradeRequest().replace("\r\nUpgrade: websocket", "\r\nUpgrade : websocket"), 400);
  await refused("NUL in a header value → 400", upgradeRequest({ extra: [["X-Nul", "a\u0000b"]] }), 400);
  await runCase("obs-fold continuation line → 400, or folded into the value (RFC 9112 §5.2)", async () => {
    const request = upgradeRequest({ extra: [["X-Folded", "first"]] }).replace(/\r\n\r\n$/, "\r\n  second\r\n\r\n");
    const [raw, res] = await sendRequest(request);
    try {
      if (res.status === 101) check101(res, request);
      else expect(res.status === 400, `expected 400 or 101, got ${res.statusLine}`);
    } finally {
      raw.destroy();
    }
  });
  await accepted("UTF-8 (obs-text) in a header value", { headers: [["User-Agent", "clïent/1.0 ☃"]] });
  await refused("9000-byte header in one write → 431", upgradeRequest({ extra: [["X-Big", "a".repeat(9000)]] }), 431);
  await runCase("9000 bytes of headers trickled without an end → 431", async () => {
    const raw = await Raw.connect();
    try {
      raw.write(Buffer.from(upgradeRequest().replace(/\r\n\r\n$/, "\r\n"), "latin1"));
      for (let i = 0; i < 9; i++) {
        raw.write(Buffer.from(`X-Pad-${i}: ${"b".repeat(1000)}\r\n`));
        await sleep(5);
      }
      const res = await raw.readHttp();
      expect(res.status === 431, `expected 431, got ${res.statusLine}`);
      await raw.waitEof();
    } finally {
      raw.destroy();
    }
  });

  await refused("no token → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", null]] }), 401);
  await refused("wrong token of the same length → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", flipLast(TOKEN)]] }), 401);
  await refused("token prefix → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", TOKEN.slice(0, -1)]] }), 401);
  await refused("token plus one character → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", TOKEN + "0"]] }), 401);
  await refused("empty token → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", ""]] }), 401);
  if (TOKEN.toUpperCase() !== TOKEN) {
    await refused("token in upper case → 401 (tokens are case-sensitive)", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", TOKEN.toUpperCase()]] }), 401);
  }
  await refused("token twice → 400/401", upgradeRequest({ extra: [["X-Claude-Code-Ide-Authorization", TOKEN]] }), [400, 401]);
  await refused("Origin: http://evil.example → 403", upgradeRequest({ headers: [["Origin", "http://evil.example"]] }), 403);
  await refused("Origin: null → 403", upgradeRequest({ headers: [["Origin", "null"]] }), 403);
  await refused("Origin and no token → 401/403", upgradeRequest({ headers: [["Origin", "http://127.0.0.1"], ["X-Claude-Code-Ide-Authorization", null]] }), [401, 403]);

  await runCase("100 concurrent handshakes all succeed", async () => {
    const conns = await Promise.all(Array.from({ length: 100 }, () => openWs()));
    const replies = await Promise.all(conns.map((ws) => ws.request("ping")));
    expect(replies.every((r) => r.raw.result === "{}"), "a ping went unanswered");
    await Promise.all(conns.map((ws) => ws.close()));
  });
  // The cases below wait for handshake_timeout_ms: run them side by side.
  const waiting = [];
  waiting.push(runCase("200 idle sockets do not keep a valid client out; all are closed at the timeout", async () => {
    const idle = await Promise.all(Array.from({ length: 200 }, () => Raw.connect()));
    idle.forEach((raw, k) => k % 2 && raw.write("GET / HTTP/1.1\r\n"));
    try {
      const ws = await openWs();
      expectResult(await ws.exchange(rpc(1, "ping")));
      await ws.close();
      await Promise.all(idle.map((raw) => raw.waitEof(HANDSHAKE_TIMEOUT + 3000, "an idle socket to be closed at the handshake timeout")));
    } finally {
      idle.forEach((raw) => raw.destroy());
    }
  }));
  waiting.push(runCase(`silent client is closed after handshake_timeout_ms (${HANDSHAKE_TIMEOUT} ms)`, () => expectHandshakeTimeout(async () => {})));
  waiting.push(runCase("slowloris: request trickled beyond handshake_timeout_ms → closed", () =>
    expectHandshakeTimeout(async (raw) => {
      const bytes = Buffer.from(upgradeRequest(), "latin1");
      const step = Math.max(50, Math.floor(HANDSHAKE_TIMEOUT / 10));
      for (let i = 0; i < bytes.length - 4 && !raw.ended; i++) {
        raw.write(bytes.subarray(i, i + 1));
        await sleep(step);
      }
    }),
  ));
  waiting.push(runCase("LF-only line endings → refused or closed at the timeout", async () => {
    const raw = await Raw.connect();
    try {
      raw.write(Buffer.from(upgradeRequest().replaceAll("\r\n", "\n"), "latin1"));
      await raw.until(() => (raw.ended || raw.buf.length > 0 ? true : undefined), HANDSHAKE_TIMEOUT + 2500, "a refusal or the close");
      if (raw.buf.length > 0) {
        const res = await raw.readHttp();
        expect(res.status === 400, `expected 400, got ${res.statusLine}`);
      }
      await raw.waitEof(HANDSHAKE_TIMEOUT + 2500);
    } finally {
      raw.destroy();
    }
  }));
  await Promise.all(waiting);
}

function flipLast(s) {
  const last = s[s.length - 1];
  return s.slice(0, -1) + (last === "0" ? "1" : "0");
}

/** `drive(raw)` misbehaves; the server must close within handshake_timeout_ms (+ slack), never answer 101. */
async function expectHandshakeTimeout(drive) {
  const raw = await Raw.connect();
  const t0 = Date.now();
  try {
    const driving = drive(raw);
    await raw.waitEof(HANDSHAKE_TIMEOUT + 2500, `the close at handshake_timeout_ms (${HANDSHAKE_TIMEOUT} ms)`);
    const took = Date.now() - t0;
    await driving;
    expect(!raw.buf.toString("latin1").startsWith("HTTP/1.1 101"), "the server switched protocols for an unfinished request");
    expect(took >= HANDSHAKE_TIMEOUT * 0.8, `closed after ${took} ms, before handshake_timeout_ms`);
    return `closed after ${took} ms`;
  } finally {
    raw.destroy();
  }
}

// ------------------------------------------------------------------------------------------------------
// Group: frames (RFC 6455 §5, §7)
// ------------------------------------------------------------------------------------------------------
async function frameCases() {
  const closes = (name, bytes, codes) =>
    runCase(name, async () => {
      const ws = await openWs();
      ws.raw.write(typeof bytes === "function" ? bytes() : bytes);
      await ws.expectClose(codes);
    });
  const pingText = (id) => Buffer.from(rpc(id, "ping"));

  await closes("unmasked client frame → 1002", frame(OP.text, pingText(1), { mask: false }), 1002);
  await closes("RSV1 → 1002", frame(OP.text, pingText(1), { rsv: 0x40 }), 1002);
  await closes("RSV2 → 1002", frame(OP.text, pingText(1), { rsv: 0x20 }), 1002);
  await closes("RSV3 → 1002", frame(OP.text, pingText(1), { rsv: 0x10 }), 1002);
  await closes("RSV1 on a ping → 1002", frame(OP.ping, "x", { rsv: 0x40 }), 1002);
  for (const op of [3, 4, 5, 6, 7, 0xb, 0xc, 0xd, 0xe, 0xf]) {
    await closes(`reserved opcode 0x${op.toString(16)} → 1002`, frame(op, "x"), 1002);
  }
  await closes("ping with a 126-byte payload → 1002", frame(OP.ping, Buffer.alloc(126, 0x61)), 1002);
  await closes("close with a 126-byte payload → 1002", frame(OP.close, closeBody(1000, "r".repeat(124))), 1002);
  await closes("fragmented ping → 1002", frame(OP.ping, "ab", { fin: false }), 1002);
  await closes("fragmented close → 1002", frame(OP.close, closeBody(1000), { fin: false }), 1002);
  await closes("continuation without a message to continue → 1002", frame(OP.cont, "x"), 1002);
  await closes("final continuation without a start → 1002", frame(OP.cont, pingText(1)), 1002);
  await closes(
    "new text frame inside a fragmented message → 1002",
    Buffer.concat([frame(OP.text, '{"jsonrpc":', { fin: false }), frame(OP.text, pingText(1))]),
    1002,
  );
  await closes(
    "binary frame inside a fragmented text message → 1002",
    Buffer.concat([frame(OP.text, '{"jsonrpc":', { fin: false }), frame(OP.binary, "x")]),
    1002,
  );
  await closes("64-bit length with the high bit set → 1002", frame(OP.text, "", { length: 2n ** 63n + 5n, lengthForm: 64, payloadOmitted: true }), 1002);
  await closes("64-bit length of 2^62 (over max_message_bytes) → 1009, nothing allocated", frame(OP.text, "", { length: 2n ** 62n, lengthForm: 64, payloadOmitted: true }), 1009);
  await closes("binary message → 1003", frame(OP.binary, Buffer.from([1, 2, 3])), 1003);

  const badUtf8 = {
    "overlong C0 80": Buffer.from([0x22, 0xc0, 0x80, 0x22]),
    "overlong E0 80 80": Buffer.from([0x22, 0xe0, 0x80, 0x80, 0x22]),
    "surrogate ED A0 80": Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]),
    "F5 80 80 80 (beyond U+10FFFF)": Buffer.from([0x22, 0xf5, 0x80, 0x80, 0x80, 0x22]),
    "F4 90 80 80 (U+110000)": Buffer.from([0x22, 0xf4, 0x90, 0x80, 0x80, 0x22]),
    "lone continuation 80": Buffer.from([0x22, 0x80, 0x22]),
    "FF": Buffer.from([0xff]),
    "truncated at message end (E2 82)": Buffer.from([0x22, 0x61, 0xe2, 0x82]),
  };
  for (const [name, bytes] of Object.entries(badUtf8)) {
    await closes(`text with invalid UTF-8: ${name} → 1007`, frame(OP.text, bytes), 1007);
  }
  await closes(
    "invalid UTF-8 in the first fragment → 1007",
    Buffer.concat([frame(OP.text, Buffer.from([0x22, 0xc0, 0x80]), { fin: false }), frame(OP.cont, '"')]),
    1007,
  );
  await closes(
    "fragments each valid, joined truncated (F0 9F | 98) → 1007",
    Buffer.concat([frame(OP.text, Buffer.from([0x22, 0xf0, 0x9f]), { fin: false }), frame(OP.cont, Buffer.from([0x98]))]),
    1007,
  );

  await runCase("UTF-8 split inside characters across fragments → accepted", async () => {
    const ws = await openWs();
    const text = Buffer.from(rpc("€😀", "ping"));
    const euro = text.indexOf(Buffer.from("€")) + 1;
    const emoji = text.indexOf(Buffer.from("😀")) + 2;
    ws.raw.write(Buffer.concat([frame(OP.text, text.subarray(0, euro), { fin: false }), frame(OP.cont, text.subarray(euro, emoji), { fin: false }), frame(OP.cont, text.subarray(emoji))]));
    const reply = await ws.reply();
    expect(reply.json.id === "€😀" && reply.raw.result === "{}", `got ${show(reply.text)}`);
    await ws.close();
  });

  await closes("close with a 1-byte payload → 1002", frame(OP.close, Buffer.from([0x03])), 1002);
  for (const code of [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535]) {
    await closes(`close code ${code} → 1002`, frame(OP.close, closeBody(code)), 1002);
  }
  await closes("close reason with invalid UTF-8 → 1007", frame(OP.close, closeBody(1000, Buffer.from([0x61, 0xc0, 0x80]))), 1007);
  for (const code of [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999]) {
    await runCase(`close code ${code} → echoed, then TCP closed`, async () => {
      const ws = await openWs();
      ws.raw.write(frame(OP.close, closeBody(code, "reason ü")));
      await ws.expectClose(code);
    });
  }
  await runCase("close without payload → answered with an empty close (or 1000), never 1005", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.close));
    const f = await ws.raw.frame();
    const code = closeCodeOf(f);
    expect(code === undefined || code === 1000, `answered with ${code}`);
    await ws.raw.waitEof();
    ws.raw.destroy();
  });
  await runCase("close reason of 123 bytes → echoed", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.close, closeBody(4321, "é".repeat(61) + "x")));
    await ws.expectClose(4321);
  });
  await runCase("frames after the close frame are ignored", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat([frame(OP.close, closeBody(1000)), frame(OP.text, pingText(1)), frame(0x5, "junk")]));
    await ws.expectClose(1000);
  });

  await runCase("ping with payload → pong with the same payload", async () => {
    const ws = await openWs();
    const payload = Buffer.from(Array.from({ length: 125 }, (_, i) => (i * 37) & 0xff));
    ws.raw.write(frame(OP.ping, payload));
    const f = await ws.raw.frame();
    expect(f.opcode === OP.pong && f.payload.equals(payload), `got opcode ${f.opcode} ${show(f.payload)}`);
    await ws.close();
  });
  await runCase("empty ping → empty pong", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.ping));
    const f = await ws.raw.frame();
    expect(f.opcode === OP.pong && f.payload.length === 0, `got opcode ${f.opcode} ${show(f.payload)}`);
    await ws.close();
  });
  await runCase("unsolicited pong is ignored", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.pong, "unsolicited"));
    expectResult(await ws.exchange(rpc(1, "ping")));
    await ws.close();
  });
  await runCase("0-length text message → -32700 (not JSON), connection stays", async () => {
    const ws = await openWs();
    expectError(await ws.exchange(""), -32700, "null");
    await ws.close();
  });
  await runCase("0-length text in three empty fragments → -32700", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat([frame(OP.text, "", { fin: false }), frame(OP.cont, "", { fin: false }), frame(OP.cont, "")]));
    const reply = await ws.reply();
    expect(reply.json.error?.code === -32700 && reply.raw.id === "null", `got ${show(reply.text)}`);
    await ws.close();
  });
  await runCase("message with an empty final continuation", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat([frame(OP.text, pingText("e"), { fin: false }), frame(OP.cont, "")]));
    const reply = await ws.reply();
    expect(reply.json.id === "e", `got ${show(reply.text)}`);
    await ws.close();
  });
  await runCase("all-zero masking key", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, pingText("z"), { mask: Buffer.alloc(4) }));
    expect((await ws.reply()).json.id === "z", "no reply");
    await ws.close();
  });
  await runCase("16-bit length (300-byte message)", async () => {
    const ws = await openWs();
    const text = rpc("m16", "ping", { pad: "p".repeat(250) });
    ws.raw.write(frame(OP.text, text));
    expect((await ws.reply()).json.id === "m16", "no reply");
    await ws.close();
  });
  await runCase("64-bit length (70,000-byte message)", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, rpc("m64", "ping", { pad: "p".repeat(70000) })));
    expect((await ws.reply()).json.id === "m64", "no reply");
    await ws.close();
  });
  await runCase("a message written in 1-byte TCP writes", async () => {
    const ws = await openWs();
    const bytes = frame(OP.text, rpc("bytewise", "ping", { pad: "x".repeat(130) }));
    await ws.raw.writeChunked(bytes, Array(bytes.length).fill(1));
    expect((await ws.reply()).json.id === "bytewise", "no reply");
    await ws.close();
  });
  await runCase("50 frames in one TCP write → 50 replies in order", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat(Array.from({ length: 50 }, (_, i) => frame(OP.text, rpc(i, "ping")))));
    for (let i = 0; i < 50; i++) {
      const reply = await ws.reply();
      expect(reply.raw.id === String(i), `reply ${i}: got ${show(reply.text)}`);
    }
    await ws.close();
  });
  await runCase("ping interleaved in a fragmented message → pong, then the reply", async () => {
    const ws = await openWs();
    const text = Buffer.from(rpc("frag", "ping"));
    ws.raw.write(
      Buffer.concat([
        frame(OP.text, text.subarray(0, 10), { fin: false }),
        frame(OP.ping, "mid"),
        frame(OP.cont, text.subarray(10, 20), { fin: false }),
        frame(OP.pong, "unsolicited"),
        frame(OP.cont, text.subarray(20)),
      ]),
    );
    const reply = await ws.reply();
    expect(ws.pongs.length === 1 && ws.pongs[0].toString() === "mid", `pongs: ${show(ws.pongs.map(String))}`);
    expect(reply.json.id === "frag", `got ${show(reply.text)}`);
    await ws.close();
  });
  await runCase("1000 pings in one TCP write → 1000 pongs in order", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat(Array.from({ length: 1000 }, (_, k) => frame(OP.ping, String(k)))));
    for (let k = 0; k < 1000; k++) {
      const f = await ws.raw.frame();
      expect(f.opcode === OP.pong && f.payload.toString() === String(k), `pong ${k}: opcode ${f.opcode} ${show(f.payload.toString())}`);
    }
    await ws.close();
  });
  await runCase("a message in 10,000 one-byte fragments", async () => {
    const ws = await openWs();
    const text = Buffer.from(rpc("tiny", "ping", { pad: "f".repeat(10000 - rpc("tiny", "ping", { pad: "" }).length) }));
    const frames = [];
    for (let k = 0; k < text.length; k++) frames.push(frame(k === 0 ? OP.text : OP.cont, text.subarray(k, k + 1), { fin: k === text.length - 1 }));
    ws.raw.write(Buffer.concat(frames));
    expect((await ws.reply(10000)).json.id === "tiny", "no reply");
    await ws.close();
  });
  await runCase("TCP dropped without a close frame: server forgets the connection", async () => {
    const ws = await openWs();
    expectResult(await ws.exchange(rpc(1, "ping")));
    ws.raw.destroy();
  });
  await runCase("TCP half-closed (FIN) mid-frame", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, pingText(1)).subarray(0, 5));
    ws.raw.sock.end();
    await ws.raw.waitEof();
    ws.raw.destroy();
  });
}

// ------------------------------------------------------------------------------------------------------
// Group: JSON-RPC 2.0
// ------------------------------------------------------------------------------------------------------
async function jsonrpcCases() {
  let ws;
  const conn = async () => {
    if (!ws || ws.raw.ended) ws = await openWs();
    return ws;
  };
  const c = (name, fn) => runCase(name, async () => fn(await conn()));
  const errorCase = (name, text, codes, ids) => c(name, async (w) => void expectError(await w.exchange(text), codes, ids));
  const silent = (name, text) =>
    c(name, async (w) => {
      const replies = await w.exchange(text);
      expect(replies.length === 0, `a notification was answered: ${show(replies.map((r) => r.text))}`);
    });

  await errorCase("invalid JSON → -32700, id null", '{"jsonrpc":"2.0","id":1,"method":"ping"', -32700, "null");
  await errorCase("trailing garbage → -32700, id null", rpc(1, "ping") + "}", -32700, "null");
  await errorCase("[] → -32600, id null", "[]", -32600, "null");
  await errorCase("batch of two → one -32600, id null", `[${rpc(1, "ping")},${rpc(2, "ping")}]`, -32600, "null");
  await errorCase("[1,2,3] → one -32600, id null", "[1,2,3]", -32600, "null");
  for (const scalar of ['"x"', "1", "null", "true", "{}"]) await errorCase(`${scalar} → -32600, id null`, scalar, -32600, "null");
  await errorCase('missing "jsonrpc" → -32600', '{"id":1,"method":"ping"}', -32600, ["1", "null"]);
  await errorCase('"jsonrpc":"1.0" → -32600', '{"jsonrpc":"1.0","id":1,"method":"ping"}', -32600, ["1", "null"]);
  await errorCase('"jsonrpc":2.0 (a number) → -32600', '{"jsonrpc":2.0,"id":1,"method":"ping"}', -32600, ["1", "null"]);
  for (const m of ["1", "null", "{}", "[]", "true"]) await errorCase(`"method":${m} → -32600`, `{"jsonrpc":"2.0","id":1,"method":${m}}`, -32600, ["1", "null"]);
  await errorCase('no "method", no result/error → -32600', '{"jsonrpc":"2.0","id":1}', -32600, ["1", "null"]);
  // JSON-RPC 2.0 §4.2: "params MUST be a Structured value" — a request that breaks it is not a valid Request.
  for (const p of ['"x"', "1", "true", "null"]) await errorCase(`"params":${p} → -32600`, `{"jsonrpc":"2.0","id":1,"method":"ping","params":${p}}`, -32600, ["1", "null"]);
  await c('"params":[] and {} accepted by ping', async (w) => {
    expectResult(await w.exchange('{"jsonrpc":"2.0","id":1,"method":"ping","params":[]}'));
    expectResult(await w.exchange('{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}'));
  });
  await errorCase("unknown method → -32601, id echoed", rpc("u-1", "no/such/method"), -32601, '"u-1"');
  await errorCase("method with a NUL byte → -32601", rpc(5, "ping\u0000"), -32601, "5");

  const ids = ["0", "-1", "1.5", "9007199254740992", "-9007199254740992", "1e-7", '""', '"abc"', `"${"L".repeat(20000)}"`, "123456789", "0.1", "4294967296", "0.30000000000000004"];
  for (const id of ids) {
    await c(`id ${id.length > 30 ? id.slice(0, 12) + "…(" + id.length + " chars)" : id} echoed exactly`, async (w) => {
      const replies = await w.exchange(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
      expectResult(replies);
      const value = JSON.parse(id);
      // Raw text where the shortest form is unambiguous; numbers like 1e-7 may be written 1e-07.
      if (/^(-?\d+(\.\d+)?|"[^"\\]*")$/.test(id)) expect(replies[0].raw.id === id, `id ${id} echoed as ${replies[0].raw.id}`);
      else expect(JSON.parse(replies[0].raw.id) === value, `id ${id} echoed as ${replies[0].raw.id}`);
    });
  }
  for (const id of ['"a\\"b\\\\c\\u0001\\n"', '"\\u00e9\\u20ac\\ud83d\\ude00"', '"é€😀"', "1E2", "-0.0", "1.7976931348623157e308", "5e-324", "12345678901234567890"]) {
    await c(`id ${id} echoed as the same value`, async (w) => {
      const replies = await w.exchange(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
      expectResult(replies);
      expect(Object.is(JSON.parse(replies[0].raw.id), JSON.parse(id)) || JSON.parse(replies[0].raw.id) === JSON.parse(id), `id ${id} echoed as ${replies[0].raw.id}`);
    });
  }
  for (const id of ["true", "{}", "[]", "[1]", '{"a":1}']) await errorCase(`id ${id} → -32600, id null`, `{"jsonrpc":"2.0","id":${id},"method":"ping"}`, -32600, "null");
  await errorCase("id 1e400 (not a finite number) → -32600, id null", '{"jsonrpc":"2.0","id":1e400,"method":"ping"}', -32600, "null");
  // JSON-RPC 2.0 allows a null id (discouraged); MCP forbids it. Either way one reply with id null.
  await c("id null → one reply with id null (result, or -32600 as MCP forbids null ids)", async (w) => {
    const replies = await w.exchange('{"jsonrpc":"2.0","id":null,"method":"ping"}');
    expect(replies.length === 1 && replies[0].raw.id === "null", `got ${show(replies.map((r) => r.text))}`);
    expect(replies[0].json.result !== undefined || replies[0].json.error.code === -32600, `got ${show(replies[0].text)}`);
    return `answered ${replies[0].json.error ? "error " + replies[0].json.error.code : "a result"}`;
  });

  await silent("notification of an unknown method: no reply", '{"jsonrpc":"2.0","method":"no/such/notification"}');
  await silent("notification with params a string: no reply", '{"jsonrpc":"2.0","method":"notifications/initialized","params":"x"}');
  await silent("notification with params an array: no reply", '{"jsonrpc":"2.0","method":"notifications/cancelled","params":[1,2]}');
  await silent("notifications/cancelled for an unknown request: no reply", '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{}}}');
  await silent("ping as a notification: no reply", '{"jsonrpc":"2.0","method":"ping"}');
  await silent("tools/call as a notification: no reply", '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"nope"}}');
  await silent("log_event notification: no reply", '{"jsonrpc":"2.0","method":"log_event","params":{"eventName":"x","eventData":{}}}');
  await silent("a response (result) from the client: no reply", '{"jsonrpc":"2.0","id":5,"result":{}}');
  await silent("a response (error) from the client: no reply", '{"jsonrpc":"2.0","id":5,"error":{"code":1,"message":"x"}}');

  await c("10 MiB string param → answered", async (w) => {
    const big = "x".repeat(10 * 1024 * 1024);
    expectResult(await w.exchange(rpc("big", "ping", { pad: big }), 20000));
    expectError(await w.exchange(rpc("big2", "no/such", { pad: big }), 20000), -32601, '"big2"');
  });
  await c("10 MiB string of 3-byte characters → answered", async (w) => {
    expectResult(await w.exchange(rpc("big3", "ping", { pad: "€".repeat(3 * 1024 * 1024) }), 20000));
  });
  await c("10,000 nested [ → -32700/-32600, no crash", async (w) => void expectError(await w.exchange("[".repeat(10000)), [-32700, -32600], "null"));
  await c("10,000 nested [ ] (balanced) → -32700/-32600", async (w) => void expectError(await w.exchange("[".repeat(10000) + "]".repeat(10000)), [-32700, -32600], "null"));
  await c('10,000 nested {"a": inside params → -32700/-32600', async (w) => {
    const text = `{"jsonrpc":"2.0","id":1,"method":"ping","params":${'{"a":'.repeat(10000)}1${"}".repeat(10000)}}`;
    expectError(await w.exchange(text), [-32700, -32600], ["null", "1"]);
  });
  await c("500 nested arrays inside params → answered", async (w) => {
    expectResult(await w.exchange(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${"[".repeat(500)}${"]".repeat(500)}}}`));
  });
  await c("same id twice in a row → both answered", async (w) => {
    expectResult(await w.exchange(rpc(9, "ping")));
    expectResult(await w.exchange(rpc(9, "ping")));
  });
  if (ws && !ws.raw.ended) await ws.close();
}

// ------------------------------------------------------------------------------------------------------
// Group: MCP (lifecycle, tools/list, tools/call against every listed tool)
// ------------------------------------------------------------------------------------------------------
const MCP_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];
const LATEST = MCP_VERSIONS[0];

function initParams(version) {
  return { protocolVersion: version, capabilities: { roots: { listChanged: true } }, clientInfo: { name: "conformance", version: "1.0" } };
}

async function mcpCases() {
  let ws;
  const conn = async () => {
    if (!ws || ws.raw.ended) ws = await openWs();
    return ws;
  };
  const c = (name, fn) => runCase(name, async () => fn(await conn()));

  for (const v of MCP_VERSIONS) {
    await c(`initialize ${v} → same version echoed`, async (w) => {
      const r = expectResult(await w.exchange(rpc(1, "initialize", initParams(v))));
      checkInitializeResult(r, v);
    });
  }
  await c(`initialize with an unknown version → ${LATEST}`, async (w) => checkInitializeResult(expectResult(await w.exchange(rpc(1, "initialize", initParams("1999-01-01")))), LATEST));
  await c(`initialize without protocolVersion → ${LATEST} (or -32602)`, async (w) => {
    const replies = await w.exchange(rpc(1, "initialize", { capabilities: {}, clientInfo: { name: "x", version: "1" } }));
    if (replies[0]?.json.error) expectError(replies, -32602);
    else checkInitializeResult(expectResult(replies), LATEST);
  });
  await c("initialize with params an array of values → -32602", async (w) => void expectError(await w.exchange(rpc(1, "initialize", [1, 2])), -32602, "1"));
  await c("full handshake: initialize, notifications/initialized, ide_connected", async (w) => {
    checkInitializeResult(expectResult(await w.exchange(rpc(0, "initialize", initParams(LATEST)))), LATEST);
    expect((await w.exchange('{"jsonrpc":"2.0","method":"notifications/initialized"}')).length === 0, "notification answered");
    expect((await w.exchange(`{"jsonrpc":"2.0","method":"ide_connected","params":{"pid":${process.pid}}}`)).length === 0, "notification answered");
  });
  await c("ping → result {} (an object, not [])", async (w) => {
    const r = expectResult(await w.exchange(rpc("p", "ping")));
    expect(r.raw.result === "{}", `result ${r.raw.result}`);
  });

  let tools = [];
  let listText;
  await c("tools/list: every tool has a name, a description and an object inputSchema", async (w) => {
    const r = expectResult(await w.exchange(rpc(2, "tools/list")));
    listText = r.raw.result;
    tools = r.json.result.tools;
    expect(Array.isArray(tools) && tools.length > 0, `tools: ${show(r.raw.result)}`);
    const names = new Set();
    for (const t of tools) {
      expect(typeof t.name === "string" && /^[A-Za-z0-9_.-]{1,128}$/.test(t.name), `bad tool name ${show(t.name)}`);
      expect(!names.has(t.name), `tool ${t.name} listed twice`);
      names.add(t.name);
      expect(typeof t.description === "string" && t.description.length > 0, `${t.name}: no description`);
      const s = t.inputSchema;
      expect(s && typeof s === "object" && !Array.isArray(s) && s.type === "object", `${t.name}: inputSchema ${show(s)}`);
      if (s.properties !== undefined) expect(typeof s.properties === "object" && !Array.isArray(s.properties), `${t.name}: properties is not an object: ${show(s.properties)}`);
      for (const req of s.required ?? []) expect(s.properties && req in s.properties, `${t.name}: required "${req}" is not a property`);
      for (const [p, sub] of Object.entries(s.properties ?? {})) expect(sub && typeof sub === "object" && !Array.isArray(sub), `${t.name}.${p}: schema ${show(sub)}`);
    }
    return `${tools.length} tools: ${tools.map((t) => t.name).join(", ")}`;
  });
  await c("tools/list is stable across calls and connections", async (w) => {
    for (let i = 0; i < 3; i++) expect(expectResult(await w.exchange(rpc(3 + i, "tools/list"))).raw.result === listText, `call ${i + 2} differs`);
    const other = await openWs();
    const r = expectResult(await other.exchange(rpc(1, "tools/list")));
    await other.close();
    expect(r.raw.result === listText, "another connection gets another list");
  });
  await c("tools/list with a cursor/_meta param → same list", async (w) => {
    const r = expectResult(await w.exchange(rpc(4, "tools/list", { _meta: { progressToken: 1 } })));
    expect(r.raw.result === listText, "list differs");
  });

  const callErr = (name, params, mustMention) =>
    c(name, async (w) => {
      const r = expectError(await w.exchange(rpc("tc", "tools/call", params)), -32602, '"tc"');
      if (mustMention) expect(r.json.error.message.includes(mustMention), `message does not name ${mustMention}: ${show(r.json.error.message)}`);
    });
  await callErr("tools/call unknown tool → -32602 naming it", { name: "noSuchTool_42", arguments: {} }, "noSuchTool_42");
  await callErr("tools/call without name → -32602 naming name", { arguments: {} }, "name");
  await callErr("tools/call name 5 → -32602", { name: 5, arguments: {} }, "name");
  await callErr("tools/call without params → -32602", undefined);
  for (const a of ['"x"', "5", "true", "[1]"]) {
    await c(`tools/call arguments ${a} → -32602 naming arguments`, async (w) => {
      const r = expectError(await w.exchange(`{"jsonrpc":"2.0","id":"tc","method":"tools/call","params":{"name":"getDiagnostics","arguments":${a}}}`), -32602, '"tc"');
      expect(/argument/i.test(r.json.error.message), `message: ${r.json.error.message}`);
    });
  }
  await c("tools/call with _meta (progressToken) in params and in arguments → result", async (w) => {
    checkToolResult(expectResult(await w.exchange(rpc("m", "tools/call", { name: "getDiagnostics", arguments: { _meta: { x: 1 } }, _meta: { progressToken: 7 } }))));
  });
  await c("tools/call arguments null → treated as {} (or -32602)", async (w) => {
    const replies = await w.exchange('{"jsonrpc":"2.0","id":"n","method":"tools/call","params":{"name":"getDiagnostics","arguments":null}}');
    if (replies[0]?.json.error) expectError(replies, -32602);
    else checkToolResult(expectResult(replies));
  });
  await c("close_tab (not listed) without tab_name → -32602 naming it", async (w) => {
    const r = expectError(await w.exchange(rpc("ct", "tools/call", { name: "close_tab", arguments: {} })), -32602);
    expect(r.json.error.message.includes("tab_name"), `message: ${r.json.error.message}`);
  });
  await c("close_tab of an unknown tab → TAB_CLOSED", async (w) => {
    const r = checkToolResult(expectResult(await w.exchange(rpc("ct", "tools/call", { name: "close_tab", arguments: { tab_name: "✻ [Claude Code] none (000000) ⧉" } }))));
    expect(r.json.result.content[0].text === "TAB_CLOSED", `got ${show(r.text)}`);
  });

  for (const tool of tools) {
    const schema = tool.inputSchema;
    const required = schema.required ?? [];
    await c(`${tool.name} {} → ${required.length ? "-32602 naming a required argument" : "a result"}`, async (w) => {
      const replies = await w.exchange(rpc("t", "tools/call", { name: tool.name, arguments: {} }));
      if (required.length) {
        const r = expectError(replies, -32602, '"t"');
        expect(required.some((n) => r.json.error.message.includes(n)), `message does not name ${required.join("/")}: ${r.json.error.message}`);
      } else {
        checkToolResult(expectResult(replies));
      }
    });
    for (const [prop, sub] of Object.entries(schema.properties ?? {})) {
      for (const wrong of wrongValues(sub)) {
        const args = Object.fromEntries(required.map((n) => [n, validValue(schema.properties[n])]));
        args[prop] = wrong;
        await c(`${tool.name} ${prop}=${JSON.stringify(wrong)} → -32602 naming ${prop}`, async (w) => {
          const r = expectError(await w.exchange(rpc("t", "tools/call", { name: tool.name, arguments: args })), -32602, '"t"');
          expect(r.json.error.message.includes(prop), `message does not name ${prop}: ${r.json.error.message}`);
        });
      }
    }
  }
  if (ws && !ws.raw.ended) await ws.close();
}

function checkInitializeResult(r, version) {
  const res = r.json.result;
  expect(res.protocolVersion === version, `protocolVersion ${show(res.protocolVersion)}, expected ${version}`);
  expect(res.capabilities && typeof res.capabilities === "object" && !Array.isArray(res.capabilities), `capabilities ${show(res.capabilities)}`);
  expect(res.capabilities.tools && typeof res.capabilities.tools === "object" && !Array.isArray(res.capabilities.tools), `capabilities.tools ${show(res.capabilities.tools)}`);
  expect(res.serverInfo && typeof res.serverInfo.name === "string" && typeof res.serverInfo.version === "string", `serverInfo ${show(res.serverInfo)}`);
}

function checkToolResult(r) {
  const res = r.json.result;
  expect(Array.isArray(res.content), `content is not an array: ${show(r.text)}`);
  for (const item of res.content) expect(item.type === "text" && typeof item.text === "string", `content item ${show(item)}`);
  expect(res.isError === undefined || typeof res.isError === "boolean", `isError ${show(res.isError)}`);
  return r;
}

/** Values of the wrong JSON type for `schema`. */
function wrongValues(schema) {
  switch (schema.type) {
    case "string":
      return [12345, { s: 1 }];
    case "integer":
      return ["7", 1.5];
    case "number":
      return ["7"];
    case "boolean":
      return ["yes", 1];
    case "array":
      return ["x", { a: 1 }];
    case "object":
      return ["x", [1, 2]];
    default:
      return [];
  }
}

/** A value of the right type that the handler never gets to see (the wrong one is rejected first). */
function validValue(schema) {
  if (schema.enum) return schema.enum[0];
  return { string: "/nonexistent/claude-ide-conformance.txt", integer: 1, number: 1, boolean: true, array: [], object: {} }[schema.type] ?? "x";
}

/**
 * Strings a client may legally send where a path, URI or text is expected. The scratch directory (created by
 * the spec, removed afterwards) holds `a.txt` (UTF-8 text) and `empty.txt`; nothing else is ever opened.
 */
function hostileStrings(scratch) {
  return [
    "",
    " ",
    "\n",
    ".",
    "..",
    "/",
    "~",
    "~nosuchuser/x",
    "$HOME",
    "%",
    "#",
    "<cfile>",
    "*",
    "[abc]",
    "\\",
    "`ls`",
    "😀",
    "\ud83d\ude00/é",
    "x".repeat(5000),
    "/nonexistent/" + "d/".repeat(3000),
    "file://",
    "file:///",
    "file://%ZZ",
    "file://host/share/x",
    "http://example.com/x",
    "relative/nope.txt",
    `${scratch}/a.txt`,
    `file://${scratch}/a.txt`,
    `file://${scratch.replaceAll("/", "%2F")}%2Fa.txt`,
    `${scratch}/empty.txt`,
    `${scratch}/missing.txt`,
    `${scratch}`,
  ];
}

/** Paths with a NUL byte, raw or percent-encoded: no file has such a name. */
function nulStrings(scratch) {
  return ["\u0000", `${scratch}/a.txt\u0000.lua`, "file:///%00", `file://${scratch}/a.txt%00.lua`];
}

/** Tools whose handler waits for the user (a test cannot answer them here). */
const BLOCKING_TOOLS = new Set(["openDiff"]);

async function toolCases() {
  const scratch = ARGS.scratch;
  expect(scratch, "--scratch DIR is required");
  let ws = await openWs();
  const tools = (await ws.request("tools/list")).json.result.tools.filter((t) => !BLOCKING_TOOLS.has(t.name));
  info(`handlers called with hostile values: ${tools.map((t) => t.name).join(", ")} (not: ${[...BLOCKING_TOOLS].join(", ")})`);
  const strings = hostileStrings(scratch);
  let serial = 0;
  /** Calls a tool; returns the reply, or a problem (string) when it is not a result or -32602. */
  const call = async (name, args) => {
    if (ws.raw.ended) ws = await openWs();
    const replies = await ws.exchange(rpc(`h${++serial}`, "tools/call", { name, arguments: args }), 10000);
    if (replies.length !== 1) return `${show(args)}: ${replies.length} replies`;
    const r = replies[0];
    if (r.json.error && r.json.error.code !== -32602) return `${show(args)} → ${show(r.json.error)}`;
    if (!r.json.error) checkToolResult(r);
    return r;
  };
  /** Runs every call; the case fails listing each argument set that went wrong. */
  const all = async (name, argSets, check) => {
    const problems = [];
    for (const args of argSets) {
      const r = await call(name, args);
      if (typeof r === "string") problems.push(r);
      else if (check) {
        const p = check(r, args);
        if (p) problems.push(p);
      }
    }
    expect(problems.length === 0, `${problems.length} of ${argSets.length} calls: ${problems.join("; ")}`);
  };
  const baseArgs = (tool) => Object.fromEntries((tool.inputSchema.required ?? []).map((n) => [n, n === "filePath" ? `${scratch}/a.txt` : validValue(tool.inputSchema.properties[n])]));

  for (const tool of tools) {
    const props = Object.entries(tool.inputSchema.properties ?? {});
    for (const [prop, sub] of props.filter(([, sub]) => sub.type === "string")) {
      await runCase(`${tool.name}: ${strings.length} hostile values of ${prop} → a result or -32602, never -32603`, () =>
        all(tool.name, strings.map((value) => ({ ...baseArgs(tool), [prop]: value }))),
      );
      await runCase(`${tool.name}: ${prop} with a NUL byte (raw or %00) → a result or -32602, never -32603`, () =>
        all(tool.name, nulStrings(scratch).map((value) => ({ ...baseArgs(tool), [prop]: value }))),
      );
    }
    for (const [prop, sub] of props.filter(([, sub]) => sub.type === "integer" || sub.type === "number")) {
      const values = [0, -1, 1, 2 ** 31, 2 ** 53, 1e300, -1e300].concat(sub.type === "number" ? [5e-324, 0.5] : []);
      await runCase(`${tool.name}: extreme numbers for ${prop} → a result or -32602`, () =>
        all(tool.name, values.map((value) => ({ ...baseArgs(tool), ...(prop === "endLine" ? { startLine: 0 } : {}), [prop]: value }))),
      );
    }
  }
  await runCase("close_tab: hostile tab names → TAB_CLOSED", () =>
    all("close_tab", strings.map((value) => ({ tab_name: value })), (r, args) =>
      r.json.result?.content?.[0]?.text === "TAB_CLOSED" ? undefined : `${show(args)} → ${show(r.text)}`,
    ),
  );
  if (!ws.raw.ended) await ws.close();
}

// ------------------------------------------------------------------------------------------------------
// Reference models for the fuzzers
// ------------------------------------------------------------------------------------------------------

/**
 * What a conforming server does with the client bytes `buf` (RFC 6455 §5-7), computed independently.
 * Returns {pongs, messages, end} where end is null (still open at a frame boundary), {incomplete: true},
 * {codes: [...]} (closes with one of these) or {echo: code|undefined}. `failFast`: check UTF-8 after each
 * fragment and refuse binary at its first frame (RFC 6455 §8.1 allows failing early), else at completion.
 * `open`: the fragmented message left unfinished by the connection's previous bytes ({opcode, parts, size});
 * the result's `open` is the one left by `buf`.
 */
function referenceDecode(buf, { max, failFast, open = null }) {
  const out = { pongs: [], messages: [], end: null, open: null };
  let i = 0;
  if (open) open = { opcode: open.opcode, parts: [...open.parts], size: open.size };
  const stop = (codes) => {
    out.end = { codes };
    return out;
  };
  while (i < buf.length) {
    if (buf.length - i < 2) return { ...out, end: { incomplete: true } };
    const b0 = buf[i];
    const b1 = buf[i + 1];
    const masked = (b1 & 0x80) !== 0;
    const len7 = b1 & 0x7f;
    const ext = len7 === 126 ? 2 : len7 === 127 ? 8 : 0;
    const hs = 2 + ext + (masked ? 4 : 0);
    if (buf.length - i < hs) return { ...out, end: { incomplete: true } };
    let length = BigInt(len7);
    if (ext === 2) length = BigInt(buf.readUInt16BE(i + 2));
    if (ext === 8) length = buf.readBigUInt64BE(i + 2);
    const fin = (b0 & 0x80) !== 0;
    const opcode = b0 & 0x0f;
    // Every rule this header breaks; an endpoint may report any of them.
    const codes = new Set();
    if (b0 & 0x70) codes.add(1002);
    if (!masked) codes.add(1002);
    if (ext === 8 && length >= 2n ** 63n) codes.add(1002);
    if (opcode >= 8) {
      if (opcode > 0xa || !fin || length > 125n) codes.add(1002);
    } else if (opcode > 2) codes.add(1002);
    else {
      if (opcode === 0 && !open) codes.add(1002);
      if (opcode !== 0 && open) codes.add(1002);
      if (BigInt(open?.size ?? 0) + length > BigInt(max)) codes.add(1009);
      if (failFast && opcode === OP.binary && !codes.has(1002)) codes.add(1003);
    }
    if (codes.size) return stop([...codes]);
    const n = Number(length);
    if (buf.length - i - hs < n) return { ...out, end: { incomplete: true } };
    const key = buf.subarray(i + hs - 4, i + hs);
    const payload = xor(buf.subarray(i + hs, i + hs + n), key);
    i += hs + n;
    if (opcode === OP.ping) out.pongs.push(payload);
    else if (opcode === OP.pong) continue;
    else if (opcode === OP.close) {
      if (payload.length === 0) return { ...out, end: { echo: undefined } };
      if (payload.length === 1) return stop([1002]);
      const code = payload.readUInt16BE(0);
      const validCode = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
      const validReason = isUtf8(payload.subarray(2));
      if (!validCode && !validReason) return stop([1002, 1007]);
      if (!validCode) return stop([1002]);
      if (!validReason) return stop([1007]);
      return { ...out, end: { echo: code } };
    } else {
      if (opcode !== 0) open = { opcode, parts: [], size: 0 };
      open.parts.push(payload);
      open.size += payload.length;
      const data = fin ? Buffer.concat(open.parts) : null;
      if (failFast && open.opcode === OP.text && !isUtf8Prefix(data ?? Buffer.concat(open.parts))) return stop([1007]);
      if (fin) {
        const op = open.opcode;
        open = null;
        if (op === OP.binary) return stop([1003]);
        if (!isUtf8(data)) return stop([1007]);
        out.messages.push(data.toString("utf8"));
      }
    }
  }
  out.open = open;
  return out;
}

/**
 * What a text message must be answered with (JSON-RPC 2.0 §4-5, MCP), independent of the plugin:
 * {none: true}, {error: code, id: rawIdText}, {result: true, id}, or {loose: true} when the text is not
 * strict JSON but an RFC 8259 §9 extension (NaN, 0x10, raw control characters...) the server may accept.
 */
function predictReply(text, toolNames) {
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    // vim.json (lua-cjson) accepts some non-JSON forms; RFC 8259 §9 allows a parser to.
    if (/nan|inf|0x|\+|(^|[^\d.eE])0\d|\d\.(?!\d)|[\x00-\x1f]/i.test(text)) return { loose: true };
    return { error: -32700, id: "null" };
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return { error: -32600, id: "null" };
  const hasId = "id" in v;
  const isNotification = !hasId && "method" in v;
  const validId = typeof v.id === "string" || (typeof v.id === "number" && Number.isFinite(v.id));
  const id = validId ? JSON.stringify(v.id) : "null";
  if (v.jsonrpc !== "2.0") return isNotification ? { none: true } : { error: -32600, id, idOrNull: true };
  if (!isNotification && !validId) return { error: -32600, id: "null" };
  if (!("method" in v) && ("result" in v || "error" in v)) return { none: true };
  if (typeof v.method !== "string") return isNotification ? { none: true } : { error: -32600, id, idOrNull: true };
  if ("params" in v && (v.params === null || typeof v.params !== "object")) return isNotification ? { none: true } : { error: -32600, id, idOrNull: true };
  if (isNotification) return { none: true };
  const p = v.params;
  const notObject = Array.isArray(p) && p.length > 0;
  switch (v.method) {
    case "ping":
      return { result: true, id };
    case "tools/list":
      return { result: true, id };
    case "initialize":
      return notObject ? { error: -32602, id } : { result: true, id };
    case "tools/call": {
      if (notObject || p === undefined || typeof p.name !== "string" || !toolNames.has(p.name)) return { error: -32602, id };
      // Whether the arguments fit the schema is the registry's business: a result or -32602, nothing else.
      return { resultOr32602: true, id };
    }
    default:
      return { error: -32601, id };
  }
}

/** Checks one observed reply list against a prediction. */
function checkPrediction(pred, replies, text) {
  const ctx = () => `for ${show(text)}: `;
  if (pred.loose) {
    expect(replies.length <= 1, `${ctx()}${replies.length} replies`);
    for (const r of replies) expect(r.json.error?.code !== -32603, `${ctx()}internal error ${show(r.text)}`);
    return;
  }
  if (pred.none) {
    expect(replies.length === 0, `${ctx()}expected no reply, got ${show(replies.map((r) => r.text))}`);
    return;
  }
  expect(replies.length === 1, `${ctx()}expected one reply, got ${replies.length}: ${show(replies.map((r) => r.text))}`);
  const r = replies[0];
  const idOk = sameId(r.raw.id, pred.id) || (pred.idOrNull && r.raw.id === "null");
  expect(idOk, `${ctx()}id ${r.raw.id}, expected ${pred.id}`);
  if (pred.error !== undefined) expect(r.json.error?.code === pred.error, `${ctx()}expected error ${pred.error}, got ${show(r.text)}`);
  else if (pred.result) expect(r.json.result !== undefined, `${ctx()}expected a result, got ${show(r.text)}`);
  else if (pred.resultOr32602) expect(r.json.result !== undefined || r.json.error?.code === -32602, `${ctx()}expected a result or -32602, got ${show(r.text)}`);
}

function sameId(rawA, rawB) {
  if (rawA === rawB) return true;
  try {
    return JSON.parse(rawA) === JSON.parse(rawB);
  } catch {
    return false;
  }
}

// ------------------------------------------------------------------------------------------------------
// Group: fuzz — random frame sequences
// ------------------------------------------------------------------------------------------------------
const SEED = ARGS.seed !== undefined ? Number(ARGS.seed) >>> 0 : (Date.now() ^ (process.pid << 10)) >>> 0;

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

async function fuzzFrames() {
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

async function fuzzJson() {
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
async function fuzzHandshake() {
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

// ------------------------------------------------------------------------------------------------------
// Group: limits (run against a server started with a small max_message_bytes)
// ------------------------------------------------------------------------------------------------------
async function limitCases() {
  const M = MAX_MESSAGE;
  const padded = (id, size) => {
    const base = rpc(id, "ping", { pad: "" });
    return base.replace('"pad":""', `"pad":"${"p".repeat(size - base.length)}"`);
  };
  await runCase(`message of exactly max_message_bytes (${M}) → answered`, async () => {
    const ws = await openWs();
    const text = padded("max", M);
    expect(Buffer.byteLength(text) === M, "test bug: wrong size");
    expectResult(await ws.exchange(text));
    await ws.close();
  });
  await runCase(`message of max_message_bytes + 1 → 1009`, async () => {
    const ws = await openWs();
    ws.send(padded("over", M + 1));
    await ws.expectClose(1009);
  });
  await runCase("declared length over the limit, payload never sent → 1009 at once", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, "", { length: M + 1, payloadOmitted: true }));
    await ws.expectClose(1009);
  });
  await runCase("fragments adding up to over the limit → 1009", async () => {
    const ws = await openWs();
    const half = Math.ceil((M + 2) / 2);
    ws.raw.write(Buffer.concat([frame(OP.text, "x".repeat(half), { fin: false }), frame(OP.cont, "x".repeat(half))]));
    await ws.expectClose(1009);
  });
  await runCase("2^40-byte declared length → 1009, nothing allocated", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, "", { length: 2n ** 40n, lengthForm: 64, payloadOmitted: true }));
    await ws.expectClose(1009);
  });
  await runCase("control frames do not count toward the message limit", async () => {
    const ws = await openWs();
    const text = Buffer.from(padded("ctl", M));
    const frames = [frame(OP.text, text.subarray(0, 100), { fin: false })];
    for (let k = 0; k < 50; k++) frames.push(frame(OP.ping, Buffer.alloc(125, 0x70)));
    frames.push(frame(OP.cont, text.subarray(100)));
    ws.raw.write(Buffer.concat(frames));
    const reply = await ws.reply();
    expect(reply.json.id === "ctl" && ws.pongs.length === 50, `reply ${show(reply.text)}, ${ws.pongs.length} pongs`);
    await ws.close();
  });
}

// ------------------------------------------------------------------------------------------------------
// Main
// ------------------------------------------------------------------------------------------------------
const GROUPS = {
  handshake: handshakeCases,
  frames: frameCases,
  jsonrpc: jsonrpcCases,
  mcp: mcpCases,
  tools: toolCases,
  "fuzz-frames": fuzzFrames,
  "fuzz-json": fuzzJson,
  "fuzz-handshake": fuzzHandshake,
  limits: limitCases,
};

async function main() {
  const t0 = Date.now();
  GROUP = ARGS.group;
  const run = GROUPS[GROUP];
  if (!run || !PORT) {
    process.stderr.write(`usage: wire.mjs --port P --token T --group ${Object.keys(GROUPS).join("|")}\n`);
    process.exit(2);
  }
  try {
    await run();
  } catch (e) {
    results.cases++;
    results.failed++;
    emit({ case: `${GROUP}: (program)`, ok: false, detail: `wire.mjs crashed: ${e && e.stack}` });
  }
  emit({ done: true, group: GROUP, cases: results.cases, failed: results.failed, ms: Date.now() - t0 });
  process.exit(0);
}

main();
