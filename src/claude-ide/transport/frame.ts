// RFC 6455 framing, pure (no I/O): encode frames, and a streaming Decoder that turns bytes into whole
// messages, control frames and protocol errors (with the close code to answer them). Incoming bytes are kept
// as a list of chunks and each payload is joined (or unmasked) once, so decoding is linear in the input.
import { isValidUtf8, xorMask } from "../util/bytes";

export const Opcode = {
  Continuation: 0x0,
  Text: 0x1,
  Binary: 0x2,
  Close: 0x8,
  Ping: 0x9,
  Pong: 0xa,
} as const;

/** Largest payload of a control frame (close, ping, pong). */
export const MAX_CONTROL_PAYLOAD = 125;

export interface FrameOptions {
  /** Final fragment of a message (default true). */
  fin?: boolean;
  /** 4-byte masking key: clients mask every frame, servers never do. */
  mask?: string;
  /** RSV1..3 bits as they sit in the first byte (0x40, 0x20, 0x10); only specs set them. */
  rsv?: number;
}

/** One frame as [header, payload]: luv writes a list of strings in order, so the payload is never copied. */
export function frameParts(opcode: number, payload: string, opts: FrameOptions = {}): string[] {
  const first = (opts.fin === false ? 0 : 0x80) | (opts.rsv ?? 0) | opcode;
  const maskBit = opts.mask !== undefined ? 0x80 : 0;
  const n = payload.length;
  let header: string;
  if (n < 126) header = string.char(first, maskBit | n);
  else if (n <= 0xffff) header = string.char(first, maskBit | 126) + bigEndian(n, 2);
  else header = string.char(first, maskBit | 127) + bigEndian(n, 8);
  if (opts.mask === undefined) return [header, payload];
  return [header + opts.mask, xorMask([payload], n, opts.mask)];
}

/** One frame as a single string. */
export function encodeFrame(opcode: number, payload: string, opts?: FrameOptions): string {
  return frameParts(opcode, payload, opts).join("");
}

/** `n` as `width` big-endian bytes (arithmetic, not bit ops: lengths may exceed 32 bits). */
function bigEndian(n: number, width: number): string {
  const bytes: number[] = [];
  for (let i = width - 1; i >= 0; i--) bytes.push(math.floor(n / 256 ** i) % 256);
  return string.char(...bytes);
}

/**
 * Close codes a peer may send (RFC 6455 §7.4 and the IANA registry): 1000-1003, 1007-1014, 3000-4999.
 * 1004 is reserved, 1005/1006/1015 must never be on the wire, the rest of 1000-2999 is unassigned.
 */
export function isValidCloseCode(code: number): boolean {
  return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
}

/** Payload of a close frame: code and reason, the reason cut to fit 125 bytes on a UTF-8 boundary. */
export function closePayload(code?: number, reason = ""): string {
  if (code === undefined) return "";
  let cut = math.min(reason.length, MAX_CONTROL_PAYLOAD - 2);
  // Never cut inside a multi-byte character: the first dropped byte must not be a continuation byte.
  while (cut > 0 && cut < reason.length && isContinuation(string.byte(reason, cut + 1))) cut--;
  return bigEndian(code, 2) + string.sub(reason, 1, cut);
}

const isContinuation = (b: number): boolean => b >= 0x80 && b <= 0xbf;

/** What the decoder produced. `error` means: send a close frame with `code` and stop reading. */
export type FrameEvent =
  | { kind: "text"; data: string }
  | { kind: "binary"; data: string }
  | { kind: "ping"; data: string }
  | { kind: "pong"; data: string }
  /** code 1005 (no status) when the close frame had no payload. */
  | { kind: "close"; code: number; reason: string }
  | { kind: "error"; code: number; reason: string };

export interface DecoderOptions {
  /** Largest message (sum of its fragments), checked on each frame's declared length before buffering it. */
  maxMessageBytes: number;
  /** true for a server (clients must mask), false for a client (servers must not). */
  expectMasked: boolean;
}

interface FrameHeader {
  fin: boolean;
  opcode: number;
  length: number;
  mask?: string;
}

/** Streaming decoder. Feed bytes with push(); it returns the events they complete, in order. */
export class Decoder {
  private readonly queue = new ByteQueue();
  /** Header of the frame whose payload is awaited. */
  private frame?: FrameHeader;
  /** The open fragmented message: its opcode, payload pieces and size so far. */
  private fragments?: { opcode: number; parts: string[]; size: number };
  /** After a close frame or an error nothing more is decoded. */
  private finished = false;

  constructor(private readonly opts: DecoderOptions) {}

  push(chunk: string): FrameEvent[] {
    const events: FrameEvent[] = [];
    if (this.finished) return events;
    this.queue.push(chunk);
    for (;;) {
      // Either the frame whose payload is awaited, or the next header (parsed once, then kept).
      const frame = this.frame ?? this.readHeader();
      if (frame === undefined) break;
      if ("kind" in frame) {
        this.finished = true;
        events.push(frame);
        break;
      }
      this.frame = frame;
      if (this.queue.size < frame.length) break;
      this.frame = undefined;
      const event = this.completeFrame(frame);
      if (event !== undefined) {
        events.push(event);
        if (event.kind === "close" || event.kind === "error") {
          this.finished = true;
          break;
        }
      }
    }
    return events;
  }

  /** Parses and checks the next frame header; undefined while incomplete. */
  private readHeader(): FrameHeader | (FrameEvent & { kind: "error" }) | undefined {
    if (this.queue.size < 2) return undefined;
    const [b0, b1] = string.byte(this.queue.peek(2), 1, 2);
    const masked = (b1 & 0x80) !== 0;
    const length7 = b1 & 0x7f;
    const extended = length7 === 126 ? 2 : length7 === 127 ? 8 : 0;
    const headerSize = 2 + extended + (masked ? 4 : 0);
    if (this.queue.size < headerSize) return undefined;
    const head = this.queue.take(headerSize).join("");

    const fin = (b0 & 0x80) !== 0;
    const opcode = b0 & 0x0f;
    if ((b0 & 0x70) !== 0) return protocolError("reserved bits set without a negotiated extension");
    if (masked !== this.opts.expectMasked)
      return protocolError(masked ? "server frames must not be masked" : "client frames must be masked");
    let length = length7;
    if (extended > 0) {
      const bytes = [...string.byte(head, 3, 2 + extended)];
      if (extended === 8 && bytes[0] >= 0x80) return protocolError("64-bit payload length with the high bit set");
      length = 0;
      for (const b of bytes) length = length * 256 + b;
    }
    const mask = masked ? string.sub(head, headerSize - 3, headerSize) : undefined;

    if (opcode >= 0x8) {
      if (opcode > Opcode.Pong) return protocolError(`unknown opcode ${opcode}`);
      if (!fin) return protocolError("fragmented control frame");
      if (length > MAX_CONTROL_PAYLOAD) return protocolError("control frame payload over 125 bytes");
    } else {
      if (opcode > Opcode.Binary) return protocolError(`unknown opcode ${opcode}`);
      if (opcode === Opcode.Continuation && this.fragments === undefined)
        return protocolError("continuation frame without a message to continue");
      if (opcode !== Opcode.Continuation && this.fragments !== undefined)
        return protocolError("new message while a fragmented message is unfinished");
      const sofar = this.fragments?.size ?? 0;
      if (sofar + length > this.opts.maxMessageBytes) {
        return { kind: "error", code: 1009, reason: `message over ${this.opts.maxMessageBytes} bytes` };
      }
    }
    return { fin, opcode, length, mask };
  }

  /** Takes the payload of `frame` (fully buffered) and turns it into an event, if it completes one. */
  private completeFrame(frame: FrameHeader): FrameEvent | undefined {
    const pieces = this.queue.take(frame.length);
    const payload = frame.mask !== undefined ? xorMask(pieces, frame.length, frame.mask) : pieces.join("");
    switch (frame.opcode) {
      case Opcode.Ping:
        return { kind: "ping", data: payload };
      case Opcode.Pong:
        return { kind: "pong", data: payload };
      case Opcode.Close:
        return parseClose(payload);
      case Opcode.Continuation: {
        const open = this.fragments as { opcode: number; parts: string[]; size: number };
        open.parts.push(payload);
        open.size += payload.length;
        if (!frame.fin) return undefined;
        this.fragments = undefined;
        return message(open.opcode, open.parts.join(""));
      }
      default:
        if (frame.fin) return message(frame.opcode, payload);
        this.fragments = { opcode: frame.opcode, parts: [payload], size: payload.length };
        return undefined;
    }
  }
}

function protocolError(reason: string): FrameEvent & { kind: "error" } {
  return { kind: "error", code: 1002, reason };
}

function message(opcode: number, data: string): FrameEvent {
  if (opcode === Opcode.Binary) return { kind: "binary", data };
  if (!isValidUtf8(data)) return { kind: "error", code: 1007, reason: "text message is not valid UTF-8" };
  return { kind: "text", data };
}

function parseClose(payload: string): FrameEvent {
  if (payload.length === 0) return { kind: "close", code: 1005, reason: "" };
  if (payload.length === 1) return protocolError("close frame with a 1-byte payload");
  const [hi, lo] = string.byte(payload, 1, 2);
  const code = hi * 256 + lo;
  if (!isValidCloseCode(code)) return protocolError(`invalid close code ${code}`);
  const reason = string.sub(payload, 3);
  if (!isValidUtf8(reason)) return { kind: "error", code: 1007, reason: "close reason is not valid UTF-8" };
  return { kind: "close", code, reason };
}

/**
 * FIFO of byte chunks. take(n) removes the first n bytes as a list of pieces (sub-strings only at the two
 * ends), so a large payload is copied once by whoever joins or unmasks it.
 */
class ByteQueue {
  private chunks: string[] = [];
  /** Index in `chunks` of the first chunk still (partly) unread. */
  private first = 0;
  /** Bytes of chunks[first] already consumed. */
  private offset = 0;
  size = 0;

  push(chunk: string): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  /** The first min(n, size) bytes, without consuming them (for a frame header: n is small). */
  peek(n: number): string {
    const parts: string[] = [];
    let need = n;
    let offset = this.offset;
    for (let i = this.first; i < this.chunks.length && need > 0; i++) {
      const part = string.sub(this.chunks[i], offset + 1, offset + need);
      parts.push(part);
      need -= part.length;
      offset = 0;
    }
    return parts.join("");
  }

  /** Removes the first n bytes (n <= size) and returns them as pieces. */
  take(n: number): string[] {
    const pieces: string[] = [];
    let need = n;
    while (need > 0) {
      const chunk = this.chunks[this.first];
      const available = chunk.length - this.offset;
      if (available <= need) {
        pieces.push(this.offset === 0 ? chunk : string.sub(chunk, this.offset + 1));
        need -= available;
        this.first++;
        this.offset = 0;
      } else {
        pieces.push(string.sub(chunk, this.offset + 1, this.offset + need));
        this.offset += need;
        need = 0;
      }
    }
    this.size -= n;
    this.compact();
    return pieces;
  }

  /** Drops consumed chunks from the list once they pile up (amortised O(1) per chunk). */
  private compact(): void {
    if (this.first === this.chunks.length) {
      this.chunks = [];
      this.first = 0;
    } else if (this.first > 64 && this.first * 2 > this.chunks.length) {
      this.chunks = this.chunks.slice(this.first);
      this.first = 0;
    }
  }
}
