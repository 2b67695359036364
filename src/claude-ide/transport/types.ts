// The seam between transport (bytes, WebSocket) and protocol (JSON-RPC): a Connection carries whole text
// messages. The protocol layer never sees frames; the transport never parses JSON.
import type { Clock } from "../util/clock";
import type { GuardLimits } from "./guard";
import type { HttpRequest, Responder } from "./http";

/** RFC 6455 close codes used by this plugin. */
export const CloseCode = {
  Normal: 1000,
  GoingAway: 1001,
  ProtocolError: 1002,
  UnsupportedData: 1003,
  InvalidPayload: 1007,
  PolicyViolation: 1008,
  MessageTooBig: 1009,
  InternalError: 1011,
  /** Tells the Claude CLI not to reconnect ("Another Claude Code session connected to this IDE"). */
  Replaced: 4001,
} as const;

/** Callbacks a Connection's owner sets. They run on the main loop (never inside a fast libuv callback). */
/** @noSelf */
export interface ConnectionHandlers {
  /** A complete text message (valid UTF-8). */
  onMessage(text: string): void;
  /** The connection is gone (close handshake done, peer vanished, or closed locally). Called once. */
  onClose(code: number, reason: string): void;
}

/** One accepted, authenticated WebSocket client. */
export interface Connection {
  /** Unique per server, increasing from 1. */
  readonly id: number;
  /** Request headers of the upgrade, lower-cased names (e.g. "user-agent"). */
  readonly headers: { [name: string]: string };
  /** Sends one text message. Writes are queued in order; a no-op once closing. */
  send(this: Connection, text: string): void;
  /** Starts the close handshake (the peer's close ends it, or a short timeout). Idempotent. */
  close(this: Connection, code?: number, reason?: string): void;
  isOpen(this: Connection): boolean;
  /** Set by the owner right after accept. */
  handlers: ConnectionHandlers;
}

/** A listening WebSocket server. */
export interface Listener {
  readonly port: number;
  /** Current open connections. */
  connections(this: Listener): Connection[];
  /** Closes every connection with `code` and stops listening. */
  close(this: Listener, code?: number, reason?: string): void;
  /**
   * Runs the event loop until every connection has finished closing (close frames written and answered), at
   * most `timeoutMs`. For VimLeavePre: once Neovim exits, queued writes are lost and the peer sees 1006.
   */
  drain(this: Listener, timeoutMs: number): void;
}

export interface ListenOptions {
  /** Preferred port (restart on the same port); 0 or undefined: use range / random. */
  port?: number;
  /** Inclusive range to try in order when `port` is not free; undefined: OS-chosen random port. */
  portRange?: [number, number];
  /** Value the x-claude-code-ide-authorization header must equal (constant-time compare). */
  token: string;
  /** Origins allowed to connect; a handshake with any other Origin header gets 403. */
  allowedOrigins: string[];
  maxMessageBytes: number;
  handshakeTimeoutMs: number;
  keepalive: { intervalMs: number; timeoutMs: number };
  /** A new authenticated connection; set `conn.handlers` here. */
  onConnection: (this: void, conn: Connection) => void;
  /** Diagnostics for the log (handshake refusals, protocol errors). */
  onLog?: (this: void, level: "debug" | "info" | "warn", msg: string) => void;
  /** Test seam: the clock (milliseconds) keepalive deadlines are measured with. Default: `clock`'s. */
  now?: (this: void) => number;
  /** Test seam: limits of the connection guard other than the defaults (transport/guard). */
  limits?: Partial<GuardLimits>;
  /** Test seam: the clock the keepalive ticks on (util/clock manualClock in specs). Default: Neovim's. */
  clock?: Clock;
  /** The first connection's id (default 1): listeners whose connections share one table number them apart. */
  firstId?: number;
  /** Plain HTTP requests beside the upgrades (a far session's door): none unless given. */
  http?: HttpRoutes;
}

/**
 * What a WebSocket listener serves over plain HTTP (transport/http's Conn): a request whose head asks for no
 * upgrade goes there, through the same guard, token (the x-claude-code-ide-authorization header, whole), Origin
 * rule, head size and deadlines, plus a body cap and timeout and an idle timeout on kept-alive connections.
 */
export interface HttpRoutes {
  /** Methods served; another gets 405. */
  methods: string[];
  /** Exact paths served; another gets 404 (after the token). */
  paths: string[];
  /** Path prefixes served besides (e.g. "/hooks/"). */
  prefixes?: string[];
  maxBodyBytes: number;
  /** Runs on the main loop; answers through `res`, once (now or later). */
  onRequest: (this: void, req: HttpRequest, res: Responder) => void;
}
