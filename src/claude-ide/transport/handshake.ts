// The HTTP/1.1 upgrade (RFC 6455 §4.2), pure: collect the request head across reads, check it (method,
// headers, Origin, the auth token, WebSocket version and key) and build the exact response bytes. A refusal
// is an HTTP error with `Connection: close` after which the socket is closed.
import { sha1 } from "../util/sha1";

/** Largest request head (request line + headers + the blank line) accepted; more gets 431. */
export const MAX_HEAD_BYTES = 8192;

const WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
/** The header that carries a client's token (lower-cased, as parsed heads name it). */
export const AUTH_HEADER = "x-claude-code-ide-authorization";
const SUBPROTOCOL = "mcp";

const STATUS_TEXT: { [status: number]: string } = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  411: "Length Required",
  413: "Content Too Large",
  426: "Upgrade Required",
  431: "Request Header Fields Too Large",
};

export type HeadResult =
  | { state: "more" }
  | { state: "too-large" }
  /** `rest`: bytes after the head (the client's first frames, if it did not wait for the answer). */
  | { state: "done"; head: string; rest: string };

/**
 * Collects the request head from reads of any size (down to one byte). Linear: each read is searched only
 * together with the last 3 bytes before it, and the pieces are joined once, when the blank line shows up.
 */
export class HeadReader {
  private readonly parts: string[] = [];
  private size = 0;
  private tail = "";

  push(chunk: string): HeadResult {
    const window = this.tail + chunk;
    const [at] = string.find(window, "\r\n\r\n", 1, true);
    this.parts.push(chunk);
    if (at === undefined) {
      this.size += chunk.length;
      this.tail = string.sub(window, -3);
      return this.size > MAX_HEAD_BYTES ? { state: "too-large" } : { state: "more" };
    }
    const headLength = this.size - this.tail.length + at + 3;
    if (headLength > MAX_HEAD_BYTES) return { state: "too-large" };
    const all = this.parts.join("");
    return { state: "done", head: string.sub(all, 1, headLength), rest: string.sub(all, headLength + 1) };
  }
}

export interface Request {
  method: string;
  target: string;
  /** Lower-cased names; repeated headers joined with ", " (RFC 9110 §5.3). */
  headers: { [name: string]: string };
}

export type ParseResult = { ok: true; request: Request } | { ok: false; status: number; reason: string };

// Lua patterns: an HTTP token (RFC 9110 §5.6.2), and a control character other than HTAB (not allowed in
// a header value).
const TOKEN = "[!#$%%&'*+%-.^_`|~%w]+";
const CONTROL_CHAR = "[%z\x01-\x08\x0a-\x1f\x7f]";

/** Parses a complete head (ending in the blank line); another method than `methods` gets 405. */
export function parseRequest(head: string, methods: string[] = ["GET"]): ParseResult {
  const lines = string.sub(head, 1, -5).split("\r\n");
  const [method, target, version] = string.match(lines[0], `^(${TOKEN}) (%S+) HTTP/(%d%.%d)$`);
  if (method === undefined) return { ok: false, status: 400, reason: "malformed request line" };
  if (!methods.includes(method)) return { ok: false, status: 405, reason: `method ${method} not allowed` };
  if (version !== "1.1") return { ok: false, status: 400, reason: `HTTP/${version} not supported (HTTP/1.1 required)` };
  const headers: { [name: string]: string } = {};
  for (let i = 1; i < lines.length; i++) {
    const [name, value] = string.match(lines[i], `^(${TOKEN}):[ \t]*(.-)[ \t]*$`);
    if (name === undefined || string.find(value, CONTROL_CHAR)[0] !== undefined) {
      return { ok: false, status: 400, reason: "malformed header line" };
    }
    const key = name.toLowerCase();
    headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
  }
  return { ok: true, request: { method, target, headers } };
}

/** The comma-separated list `value`, items trimmed (empty items dropped). */
function listItems(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(",")
    .map((item) => vim.trim(item))
    .filter((item) => item !== "");
}

const hasToken = (value: string | undefined, token: string): boolean =>
  listItems(value).some((item) => item.toLowerCase() === token);

/**
 * Whether a complete head asks for a WebSocket upgrade (an Upgrade header naming websocket): a listener that also
 * serves plain HTTP hands any other head to its HTTP side, which checks everything (syntax first) itself.
 */
export function asksUpgrade(head: string): boolean {
  for (const [name, value] of string.gmatch(head, "\r\n([^:\r\n]+):[ \t]*([^\r\n]*)"))
    if (name.toLowerCase() === "upgrade" && hasToken(value, "websocket")) return true;
  return false;
}

/**
 * Compares a secret in constant time: always one pass over `expected`, XOR-accumulating, whatever `given`
 * is, so the time taken says nothing about how much of the token was right.
 */
export function constantTimeEquals(given: string, expected: string): boolean {
  let diff = given.length === expected.length ? 0 : 1;
  for (let i = 1; i <= expected.length; i++) {
    diff = diff | (string.byte(expected, i) ^ (string.byte(given, i) ?? 0));
  }
  return diff === 0;
}

/** Sec-WebSocket-Accept for a Sec-WebSocket-Key. */
export function acceptKey(key: string): string {
  return vim.base64.encode(sha1(key + WEBSOCKET_GUID));
}

/** A complete HTTP error response (the caller closes the socket after writing it). */
export function httpError(status: number, message: string, extraHeaders: string[] = []): string {
  const body = `${message}\n`;
  return [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? "Error"}`,
    "Connection: close",
    "Content-Type: text/plain; charset=utf-8",
    `Content-Length: ${body.length}`,
    ...extraHeaders,
    "",
    body,
  ].join("\r\n");
}

export interface UpgradeOptions {
  token: string;
  allowedOrigins: string[];
}

export type UpgradeResult =
  /** `headers`: the request's, without the token header (so that logging them cannot leak it). */
  | { ok: true; response: string; headers: { [name: string]: string }; protocol?: string }
  | { ok: false; status: number; response: string; reason: string };

/**
 * Decides on a complete request head. Order: syntax and method, then Origin and the token (so that an
 * unauthenticated client learns nothing more), then the WebSocket headers.
 */
export function answerUpgrade(head: string, opts: UpgradeOptions): UpgradeResult {
  const parsed = parseRequest(head);
  if (!parsed.ok) return refuse(parsed.status, parsed.reason, parsed.status === 405 ? ["Allow: GET"] : []);
  const h = parsed.request.headers;
  // RFC 6455 §4.1: the opening handshake MUST carry Host (every WebSocket client sends it, the CLI too).
  if (h["host"] === undefined) return refuse(400, "missing Host header");

  const origin = h["origin"];
  if (origin !== undefined && !opts.allowedOrigins.includes(origin)) return refuse(403, `origin ${origin} not allowed`);
  const token = h[AUTH_HEADER];
  if (token === undefined) return refuse(401, `missing ${AUTH_HEADER} header`);
  if (!constantTimeEquals(token, opts.token)) return refuse(401, `wrong ${AUTH_HEADER} header`);
  delete h[AUTH_HEADER];

  if (!hasToken(h["upgrade"], "websocket")) return refuse(400, "not a WebSocket upgrade (Upgrade: websocket expected)");
  if (!hasToken(h["connection"], "upgrade"))
    return refuse(400, "not a WebSocket upgrade (Connection: upgrade expected)");
  if (h["sec-websocket-version"] !== "13")
    return refuse(426, "unsupported WebSocket version (13 expected)", ["Sec-WebSocket-Version: 13"]);
  const key = h["sec-websocket-key"];
  if (key === undefined || !isValidKey(key)) return refuse(400, "missing or invalid Sec-WebSocket-Key");

  // Extensions (the CLI offers permessage-deflate) are never accepted: not answering declines them.
  const protocol = listItems(h["sec-websocket-protocol"]).includes(SUBPROTOCOL) ? SUBPROTOCOL : undefined;
  const lines = [
    "HTTP/1.1 101 Switching Protocols",
    "Upgrade: websocket",
    "Connection: Upgrade",
    `Sec-WebSocket-Accept: ${acceptKey(key)}`,
  ];
  if (protocol !== undefined) lines.push(`Sec-WebSocket-Protocol: ${protocol}`);
  return { ok: true, response: lines.join("\r\n") + "\r\n\r\n", headers: h, protocol };
}

function refuse(status: number, reason: string, extraHeaders: string[] = []): UpgradeResult {
  return { ok: false, status, reason, response: httpError(status, reason, extraHeaders) };
}

/** A key is the base64 of exactly 16 bytes (24 characters). */
function isValidKey(key: string): boolean {
  if (key.length !== 24) return false;
  const [ok, decoded] = pcall(vim.base64.decode, key);
  return ok && decoded.length === 16;
}
