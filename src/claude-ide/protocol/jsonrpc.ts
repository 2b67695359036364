// JSON-RPC 2.0 for one text message: decode and classify an incoming message, encode responses and
// notifications. Knows nothing of MCP methods, tools or sockets.
import { decode as decodeJson, encode as encodeJson } from "../util/json";

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

/**
 * An integer id too large for a double to hold exactly, kept as the digits that arrived (Neovim 0.12's
 * vim.json.decode also clamps integers to int64): echoed back unchanged.
 */
export class BigId {
  constructor(public readonly text: string) {}
}

/** A request id as it arrived: a JSON string or number (echoed back unchanged). */
export type Id = string | number | BigId;

/** Structured params: a JSON object or array (decoded Lua table), or undefined when absent. */
export type Params = { [key: string]: unknown } | unknown[] | undefined;

export type Message =
  | { kind: "request"; id: Id; method: string; params: Params }
  | { kind: "notification"; method: string; params: Params }
  /** A response from the peer to a request we sent (the server's roots/list; the bridge relays its client's). */
  | { kind: "response"; id: unknown; result?: unknown; error?: unknown }
  /** Not a valid message: `reply` is the encoded error response to send, or undefined when none is due. */
  | { kind: "invalid"; reply: string | undefined; reason: string };

function isValidId(id: unknown): id is Id {
  if (typeof id === "string" || id instanceof BigId) return true;
  // Infinity/NaN (e.g. 1e400) cannot be echoed as JSON.
  return typeof id === "number" && id === id && id !== math.huge && id !== -math.huge;
}

/**
 * A JSON number text that decodes to exactly `n`. vim.json.encode keeps only 14 significant digits, which
 * would change large or precise ids; use the shortest "%.Ng" that reads back as the same double.
 */
function numberText(n: number): string {
  for (const digits of [14, 15, 16]) {
    const s = string.format(`%.${digits}g`, n);
    if (tonumber(s) === n) return s;
  }
  return string.format("%.17g", n);
}

/** The JSON text of an id, exactly as it arrived (undefined: null). */
export function idText(id: Id | undefined): string {
  if (id === undefined) return "null";
  if (id instanceof BigId) return id.text;
  return typeof id === "number" ? numberText(id) : encodeJson(id);
}

/** Doubles are exact for integers up to 2^53; beyond, the digits must come from the text itself. */
const EXACT_LIMIT = 2 ** 53;

/** Skips a JSON string starting at the quote at byte `i` (1-based); returns the byte after its closing quote. */
function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const [stop] = string.find(text, '["\\\\]', j);
    if (stop === undefined) return text.length + 1;
    if (string.sub(text, stop, stop) === '"') return stop + 1;
    j = stop + 2; // a backslash escapes the next byte
  }
}

/**
 * The raw text of the number value of top-level key `"id"` in an object message, by a linear scan that skips
 * strings and nested values. Undefined when not found (e.g. the key was written with escapes).
 */
function rawTopLevelId(text: string): string | undefined {
  let depth = 0;
  let i = 1;
  while (i <= text.length) {
    const [at, , ch] = string.find(text, '([%[%]{}"])', i);
    if (at === undefined) return undefined;
    if (ch === '"') {
      const next = skipString(text, at);
      if (depth === 1 && string.sub(text, at, next - 1) === '"id"') {
        // Only a plain integer token: 1e300 or 1.0 are exact as decoded already.
        const [, , digits] = string.find(text, "^%s*:%s*(%-?%d+)[%s,}]", next);
        if (digits !== undefined) return digits as string;
      }
      i = next;
    } else {
      depth += ch === "{" || ch === "[" ? 1 : -1;
      i = at + 1;
    }
  }
  return undefined;
}

/** `{"jsonrpc":"2.0","id":<id>,"result":<result>}` with the id written exactly. */
export function resultResponse(id: Id, result: unknown): string {
  return `{"jsonrpc":"2.0","id":${idText(id)},"result":${encodeJson(result)}}`;
}

/**
 * A tools/call response whose result is one text item (nearly every answer): written out around the encoded
 * text, so the encoder walks no tables. Undefined when `content` is anything else (use resultResponse).
 */
export function textResultResponse(id: Id, content: unknown[], isError: boolean): string | undefined {
  if (content.length !== 1) return undefined;
  const item = content[0] as { [key: string]: unknown };
  if (type(item) !== "table" || item.type !== "text" || typeof item.text !== "string") return undefined;
  for (const [key] of pairs(item)) if (key !== "type" && key !== "text") return undefined;
  // One string.format: a template literal compiles to nested concatenations, each a string of its own.
  return string.format(
    '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":%s}]%s}}',
    idText(id),
    encodeJson(item.text),
    isError ? ',"isError":true' : "",
  );
}

/** A response whose result is already JSON text (e.g. a list kept encoded). */
export function rawResultResponse(id: Id, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${idText(id)},"result":${resultJson}}`;
}

/** A response relayed under another id: the peer's result, or its error object as it sent it. */
export function relayedResponse(id: Id, response: { result?: unknown; error?: unknown }): string {
  if (response.error !== undefined) return `{"jsonrpc":"2.0","id":${idText(id)},"error":${encodeJson(response.error)}}`;
  return resultResponse(id, response.result);
}

/** A request: our client's (the bridge to an editor), or a server's to its peer (roots/list, with string ids
 * that never collide with the numbers a client uses). */
export function request(id: Id, method: string, params: unknown): string {
  return `{"jsonrpc":"2.0","id":${idText(id)},"method":${encodeJson(method)},"params":${encodeJson(params)}}`;
}

/** An error response; `id` undefined writes `"id":null` (the id could not be determined). */
export function errorResponse(id: Id | undefined, code: number, message: string): string {
  return `{"jsonrpc":"2.0","id":${idText(id)},"error":${encodeJson({ code, message })}}`;
}

export function notification(method: string, params: unknown): string {
  return `{"jsonrpc":"2.0","method":${encodeJson(method)},"params":${encodeJson(params)}}`;
}

function invalid(id: Id | undefined, code: number, reason: string): Message {
  return { kind: "invalid", reply: errorResponse(id, code, reason), reason };
}

/** A JSON object (not an array, not a scalar). Non-empty lists are arrays; `{}` decodes with a dict metatable. */
function isJsonObject(value: unknown): value is { [key: string]: unknown } {
  if (type(value) !== "table") return false;
  // next() rather than vim.tbl_isempty (which validates its argument): this runs for every message.
  if (next(value as object)[0] === undefined) return getmetatable(value) !== undefined;
  return !vim.islist(value);
}

/** An invalid message: answered when it is a request; for a malformed notification there is nobody to answer. */
function rejected(isNotification: boolean, id: Id | undefined, reason: string): Message {
  return isNotification
    ? { kind: "invalid", reply: undefined, reason }
    : invalid(id, ErrorCode.InvalidRequest, `Invalid Request: ${reason}`);
}

/**
 * Decodes and classifies one text message. Never throws. Per JSON-RPC 2.0: unparsable text → -32700 with id
 * null; a batch (array), a non-object, a wrong `jsonrpc`, a non-string `method` or non-structured `params`
 * → -32600 (id echoed when valid). A message with a `method` and no `id` is a notification and is never
 * answered, even when malformed.
 */
export function decodeMessage(text: string): Message {
  const decoded = decodeJson(text);
  if (!decoded.ok) return invalid(undefined, ErrorCode.ParseError, `Parse error: ${decoded.error}`);
  const msg = decoded.value;
  if (type(msg) === "table" && next(msg as object)[0] !== undefined && vim.islist(msg)) {
    return invalid(undefined, ErrorCode.InvalidRequest, "Invalid Request: batches are not supported");
  }
  if (!isJsonObject(msg)) return invalid(undefined, ErrorCode.InvalidRequest, "Invalid Request: not a JSON object");

  let rawId = msg.id;
  if (typeof rawId === "number" && math.abs(rawId) >= EXACT_LIMIT && math.floor(rawId) === rawId) {
    const digits = rawTopLevelId(text);
    if (digits !== undefined) rawId = new BigId(digits);
  }
  // A notification has a method and no id. Without either it is simply an invalid request (answered).
  const isNotification = rawId === undefined && msg.method !== undefined;
  const id = isValidId(rawId) ? rawId : undefined;

  if (msg.jsonrpc !== "2.0") return rejected(isNotification, id, '"jsonrpc" must be "2.0"');
  if (!isNotification && id === undefined) return rejected(isNotification, id, '"id" must be a string or a number');
  if (msg.method === undefined && !isNotification && (msg.result !== undefined || msg.error !== undefined)) {
    return { kind: "response", id: rawId, result: msg.result, error: msg.error };
  }
  if (typeof msg.method !== "string") return rejected(isNotification, id, '"method" must be a string');
  const params = msg.params;
  if (params !== undefined && type(params) !== "table")
    return rejected(isNotification, id, '"params" must be an object or an array');
  const structured = params as Params;
  if (isNotification) return { kind: "notification", method: msg.method, params: structured };
  return { kind: "request", id: id as Id, method: msg.method, params: structured };
}
