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

/** A request id as it arrived: a JSON string or number (echoed back unchanged). */
export type Id = string | number;

/** Structured params: a JSON object or array (decoded Lua table), or undefined when absent. */
export type Params = { [key: string]: unknown } | unknown[] | undefined;

export type Message =
  | { kind: "request"; id: Id; method: string; params: Params }
  | { kind: "notification"; method: string; params: Params }
  /** A response from the peer (we send no requests, so the owner ignores it). */
  | { kind: "response"; id: unknown }
  /** Not a valid message: `reply` is the encoded error response to send, or undefined when none is due. */
  | { kind: "invalid"; reply: string | undefined; reason: string };

function isValidId(id: unknown): id is Id {
  if (typeof id === "string") return true;
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

function idText(id: Id | undefined): string {
  if (id === undefined) return "null";
  return typeof id === "number" ? numberText(id) : encodeJson(id);
}

/** `{"jsonrpc":"2.0","id":<id>,"result":<result>}` with the id written exactly. */
export function resultResponse(id: Id, result: unknown): string {
  return `{"jsonrpc":"2.0","id":${idText(id)},"result":${encodeJson(result)}}`;
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
  if (vim.tbl_isempty(value as object)) return getmetatable(value) !== undefined;
  return !vim.islist(value);
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
  if (type(msg) === "table" && !vim.tbl_isempty(msg as object) && vim.islist(msg)) {
    return invalid(undefined, ErrorCode.InvalidRequest, "Invalid Request: batches are not supported");
  }
  if (!isJsonObject(msg)) return invalid(undefined, ErrorCode.InvalidRequest, "Invalid Request: not a JSON object");

  const rawId = msg.id;
  // A notification has a method and no id. Without either it is simply an invalid request (answered).
  const isNotification = rawId === undefined && msg.method !== undefined;
  const id = isValidId(rawId) ? rawId : undefined;
  // Answer only requests; for a malformed notification there is nobody to answer.
  const reject = (reason: string): Message =>
    isNotification ? { kind: "invalid", reply: undefined, reason } : invalid(id, ErrorCode.InvalidRequest, `Invalid Request: ${reason}`);

  if (msg.jsonrpc !== "2.0") return reject('"jsonrpc" must be "2.0"');
  if (!isNotification && id === undefined) return reject('"id" must be a string or a number');
  if (msg.method === undefined && !isNotification && (msg.result !== undefined || msg.error !== undefined)) {
    return { kind: "response", id: rawId };
  }
  if (typeof msg.method !== "string") return reject('"method" must be a string');
  const params = msg.params;
  if (params !== undefined && type(params) !== "table") return reject('"params" must be an object or an array');
  const structured = params as Params;
  if (isNotification) return { kind: "notification", method: msg.method, params: structured };
  return { kind: "request", id: id as Id, method: msg.method, params: structured };
}
