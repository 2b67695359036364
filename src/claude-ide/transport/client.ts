// A small RFC 6455 client for the bridge: connects to a Neovim's in-editor server on 127.0.0.1, sends the
// upgrade with the lock file's token and the agent role header, checks Sec-WebSocket-Accept, then exchanges
// masked text frames. Framing is transport/frame.ts (the server's own encoder/decoder, in client mode).
import { acceptKey } from "./handshake";
import { Decoder, Opcode, closePayload, frameParts } from "./frame";

/** Header that makes the in-editor server offer the agent tool set on this connection. */
export const ROLE_HEADER = "X-Claude-Ide-Role";
/** Largest message accepted from the editor (a long tool result is far smaller). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
const MAX_HEAD_BYTES = 16 * 1024;
/** Connect + upgrade must be done by then. */
const CONNECT_TIMEOUT_MS = 10000;

/** @noSelf */
export interface ClientEvents {
  onMessage(text: string): void;
  /** The connection ended (once): close code and reason, or 1006 with the error. */
  onClose(code: number, reason: string): void;
}

export class WsClient {
  private decoder = new Decoder({ maxMessageBytes: MAX_MESSAGE_BYTES, expectMasked: false });
  private closed = false;

  private constructor(
    private readonly tcp: vim.uv.Tcp,
    private readonly events: ClientEvents,
  ) {}

  /**
   * Connects and upgrades. `done` gets the open client, or an error text (refused, 401, bad accept key...).
   * After `done(client)`, messages and the end arrive through `events`. `role`: sent in ROLE_HEADER (the bridge
   * says "agent"; none: the IDE role). Returns a function that gives up on a connection still being made.
   */
  static connect(
    port: number,
    token: string,
    events: ClientEvents,
    done: (this: void, client: WsClient | undefined, error?: string) => void,
    role?: string,
  ): (this: void) => void {
    const tcp = vim.uv.new_tcp();
    let settled = false;
    // An editor that accepts but never upgrades (stuck, or not ours) must not hold the calls forever.
    const timer = vim.uv.new_timer();
    const settle = () => {
      settled = true;
      timer.stop();
      if (!timer.is_closing()) timer.close();
    };
    const fail = (error: string) => {
      if (settled) return;
      settle();
      if (!tcp.is_closing()) tcp.close();
      done(undefined, error);
    };
    timer.start(CONNECT_TIMEOUT_MS, 0, () =>
      fail(`the editor on port ${port} did not complete the WebSocket upgrade within ${CONNECT_TIMEOUT_MS / 1000} s`),
    );
    tcp.connect("127.0.0.1", port, (err) => {
      if (err !== undefined) return fail(`cannot connect to 127.0.0.1:${port}: ${err}`);
      tcp.nodelay(true);
      const key = vim.base64.encode(vim.uv.random(16) as string);
      const head = [
        "GET / HTTP/1.1",
        `Host: 127.0.0.1:${port}`,
        "Upgrade: websocket",
        "Connection: Upgrade",
        `Sec-WebSocket-Key: ${key}`,
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Protocol: mcp",
        `X-Claude-Code-Ide-Authorization: ${token}`,
        ...(role !== undefined ? [`${ROLE_HEADER}: ${role}`] : []),
        "",
        "",
      ].join("\r\n");
      tcp.write(head);
      const parts: string[] = [];
      let client: WsClient | undefined;
      tcp.read_start((readErr, data) => {
        if (client !== undefined) {
          client.received(readErr, data);
          return;
        }
        if (readErr !== undefined || data === undefined)
          return fail(
            `connection to port ${port} closed during the upgrade${readErr !== undefined ? `: ${readErr}` : ""}`,
          );
        parts.push(data);
        const all = parts.join("");
        const [at] = string.find(all, "\r\n\r\n", 1, true);
        if (at === undefined) {
          if (all.length > MAX_HEAD_BYTES) fail("the upgrade response is too large");
          return;
        }
        const response = string.sub(all, 1, at - 1);
        const [status] = string.match(response, "^HTTP/1%.1 (%d+)");
        if (status !== "101") {
          const [line] = string.match(response, "^[^\r\n]*");
          return fail(`the upgrade was refused: ${line ?? "no status line"}`);
        }
        let got: string | undefined;
        for (const line of response.split("\r\n")) {
          const [name, value] = string.match(line, "^([^:]+):%s*(.-)%s*$");
          if (name !== undefined && name.toLowerCase() === "sec-websocket-accept") got = value;
        }
        if (got !== acceptKey(key)) return fail("the upgrade answer has a wrong Sec-WebSocket-Accept");
        settle();
        client = new WsClient(tcp, events);
        done(client);
        const rest = string.sub(all, at + 4);
        if (rest !== "") client.received(undefined, rest);
      });
    });
    return () => fail("given up");
  }

  isOpen(): boolean {
    return !this.closed;
  }

  /** The socket is closed and everything queued was written (or dropped with it). */
  isFinished(): boolean {
    return this.tcp.is_closing();
  }

  send(text: string): void {
    if (this.closed) return;
    this.tcp.write(frameParts(Opcode.Text, text, { mask: vim.uv.random(4) as string }));
  }

  /** Sends a close frame and ends the connection (onClose is called). */
  close(code = 1000, reason = ""): void {
    if (this.closed) return;
    this.tcp.write(frameParts(Opcode.Close, closePayload(code, reason), { mask: vim.uv.random(4) as string }));
    this.end(code, reason);
  }

  private received(err: string | undefined, data: string | undefined): void {
    if (this.closed) return;
    if (err !== undefined || data === undefined) {
      this.end(1006, err ?? "the editor closed the connection");
      return;
    }
    for (const event of this.decoder.push(data)) {
      if (event.kind === "text") this.events.onMessage(event.data);
      else if (event.kind === "ping")
        this.tcp.write(frameParts(Opcode.Pong, event.data, { mask: vim.uv.random(4) as string }));
      else if (event.kind === "close") {
        this.tcp.write(
          frameParts(Opcode.Close, closePayload(event.code === 1005 ? undefined : event.code, ""), {
            mask: vim.uv.random(4) as string,
          }),
        );
        this.end(event.code, event.reason);
        return;
      } else if (event.kind === "error") {
        this.close(event.code, event.reason);
        return;
      }
    }
  }

  private end(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.tcp.read_stop();
    // Let queued writes (the close frame) go out before the handle closes.
    this.tcp.shutdown(() => {
      if (!this.tcp.is_closing()) this.tcp.close();
    });
    this.events.onClose(code, reason);
  }
}
