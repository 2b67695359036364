// The raw client: node:net sockets, an RFC 6455 frame encoder that can also write broken frames, the
// HTTP upgrade, and JSON-RPC helpers over an open connection. Written from the RFCs, sharing nothing
// with the plugin or any WebSocket library.
import { createHash, randomBytes } from "node:crypto";
import net from "node:net";
import { Fail, PORT, TOKEN, expect, isUtf8, show, tick } from "./util.mjs";

const GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
export const WAIT_MS = 3000;

// ------------------------------------------------------------------------------------------------------
// Raw socket client
// ------------------------------------------------------------------------------------------------------
export class Raw {
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
export const OP = { cont: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa };

/**
 * A client frame. opts: fin (default true), rsv (bits 0x70), mask (default: a random key; false: unmasked;
 * a 4-byte Buffer), length (declared payload length, default the real one), lengthForm (7/16/64: force an
 * encoding), payloadOmitted (write only the header).
 */
export function frame(opcode, payload = Buffer.alloc(0), opts = {}) {
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

export function xor(payload, key) {
  const out = Buffer.allocUnsafe(payload.length);
  for (let i = 0; i < payload.length; i++) out[i] = payload[i] ^ key[i & 3];
  return out;
}

export const closeBody = (code, reason = Buffer.alloc(0)) => {
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
export function closeCodeOf(f) {
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
export function upgradeRequest({ headers = [], extra = [], requestLine = "GET / HTTP/1.1", key } = {}) {
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
export function check101(res, request) {
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
export async function sendRequest(request) {
  const raw = await Raw.connect();
  raw.write(Buffer.isBuffer(request) ? request : Buffer.from(request, "utf8"));
  return [raw, await raw.readHttp()];
}

/** A refusal: `statuses` (one or a list), then the server closes the connection. */
export async function expectRefusal(request, statuses, check) {
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
export async function openWs(opts = {}) {
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
export class Ws {
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
export function parseReply(payload) {
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
    // The one request the server sends: roots/list to a client that offers roots (string ids, never ours).
    const rootsRequest = json.method === "roots/list" && typeof json.id === "string";
    expect(typeof json.method === "string" && (!("id" in json) || rootsRequest), `server request or malformed notification: ${show(text)}`);
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
export function expectError(replies, codes, ids, what = "") {
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

export function expectResult(replies, what = "") {
  expect(replies.length === 1, `${what}expected exactly one reply, got ${replies.length}: ${show(replies.map((r) => r.text))}`);
  expect(replies[0].json.result !== undefined, `${what}expected a result, got ${show(replies[0].text)}`);
  return replies[0];
}

export const rpc = (id, method, params) => JSON.stringify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });

