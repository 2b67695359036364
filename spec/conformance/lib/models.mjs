// Reference models the fuzzers check the server against, written from RFC 6455 and JSON-RPC 2.0 / MCP.
import { OP, xor } from "./client.mjs";
import { expect, isUtf8, isUtf8Prefix, show } from "./util.mjs";

/**
 * What a conforming server does with the client bytes `buf` (RFC 6455 §5-7), computed independently.
 * Returns {pongs, messages, end} where end is null (still open at a frame boundary), {incomplete: true},
 * {codes: [...]} (closes with one of these) or {echo: code|undefined}. `failFast`: check UTF-8 after each
 * fragment and refuse binary at its first frame (RFC 6455 §8.1 allows failing early), else at completion.
 * `open`: the fragmented message left unfinished by the connection's previous bytes ({opcode, parts, size});
 * the result's `open` is the one left by `buf`.
 */
export function referenceDecode(buf, { max, failFast, open = null }) {
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
export function predictReply(text, toolNames) {
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
export function checkPrediction(pred, replies, text) {
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
