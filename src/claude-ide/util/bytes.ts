// Byte-level helpers for the WebSocket layer: XOR masking (LuaJIT FFI, with a pure-Lua fallback) and strict
// UTF-8 validation. Both are linear and never build strings by repeated concatenation.
type FFI = typeof import("ffi");
type CData = ReturnType<FFI["new"]>;

// LuaJIT's limits on multiple returns/arguments: string.byte(s, i, j) and string.char(unpack(t)) fail around
// 8,000 values, so the pure-Lua paths work in slices of this many bytes.
const SLICE = 4096;

// Neovim is normally built with LuaJIT; a build on PUC Lua 5.1 has no ffi, hence the protected require
// (written as _G.require because a plain ES import cannot be made optional).
const [hasFfi, ffiModule] = pcall(_G.require, "ffi");
const ffi: FFI | undefined = hasFfi ? (ffiModule as FFI) : undefined;

/** Whether masking uses the FFI path (false on a Lua without LuaJIT's ffi). */
export function ffiAvailable(): boolean {
  return ffi !== undefined;
}

/**
 * XORs `total` bytes, given as consecutive `pieces`, with the 4-byte `key` repeated (RFC 6455 §5.3), and
 * returns the result as one string. Taking pieces lets a large payload go from the read chunks into one
 * buffer without joining them first. Masking and unmasking are the same operation.
 */
export function xorMask(pieces: string[], total: number, key: string): string {
  return ffi !== undefined ? xorMaskFfi(ffi, pieces, total, key) : xorMaskLua(pieces, key);
}

/**
 * Payloads up to this size are masked in one buffer kept between calls (nearly every message): allocating and
 * zeroing a new one per message cost more than the XOR itself. A cache, not state: nothing is kept in it
 * between two calls that the second relies on (xorMaskFfi never yields).
 */
const SCRATCH_MAX = 64 * 1024;
const scratch: { buf?: CData; size: number } = { size: 0 };

/** The 4-byte mask key as the int32 it is in memory (so it lines up with the payload read as int32 words). */
function keyWord(ffiLib: FFI, key: string): number {
  const [b1, b2, b3, b4] = string.byte(key, 1, 4);
  return ffiLib.abi("le") ? b1 | (b2 << 8) | (b3 << 16) | (b4 << 24) : (b1 << 24) | (b2 << 16) | (b3 << 8) | b4;
}

/** FFI path: copy into one C buffer, XOR it as 32-bit words, then the trailing bytes. */
export function xorMaskFfi(ffiLib: FFI, pieces: string[], total: number, key: string): string {
  if (total === 0) return "";
  let buf: CData;
  if (total > SCRATCH_MAX) buf = ffiLib.new("uint8_t[?]", total);
  else {
    if (scratch.buf === undefined || scratch.size < total) {
      scratch.size = math.max(4096, math.min(SCRATCH_MAX, 2 ** math.ceil(math.log(total) / math.log(2))));
      scratch.buf = ffiLib.new("uint8_t[?]", scratch.size);
    }
    buf = scratch.buf;
  }
  let offset = 0;
  for (const piece of pieces) {
    ffiLib.copy(pointerAt(ffiLib.cast("uint8_t*", buf), offset), piece, piece.length);
    offset += piece.length;
  }
  // bit.bxor returns a signed 32-bit number, which is exactly what an int32_t element stores.
  const k = keyWord(ffiLib, key);
  const words = ffiLib.cast("int32_t*", buf);
  const wordCount = math.floor(total / 4);
  for (let i = 0; i < wordCount; i++) words[i] = words[i] ^ k;
  for (let i = wordCount * 4; i < total; i++) buf[i] = buf[i] ^ string.byte(key, (i % 4) + 1);
  return ffiLib.string(buf, total);
}

/** `ptr + offset` (LuaJIT pointer arithmetic; TypeScript has no operator for it, so it goes through `any`). */
function pointerAt(ptr: CData, offset: number): CData {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- cdata pointer + number has no TypeScript type
  return ((ptr as any) + offset) as CData;
}

/** Pure-Lua path: slices of at most SLICE bytes, joined once at the end. */
export function xorMaskLua(pieces: string[], key: string): string {
  const k = [...string.byte(key, 1, 4)];
  const out: string[] = [];
  let position = 0; // bytes processed so far: selects the key byte across piece boundaries
  for (const piece of pieces) {
    for (let start = 1; start <= piece.length; start += SLICE) {
      const bytes = [...string.byte(piece, start, math.min(start + SLICE - 1, piece.length))];
      for (let i = 0; i < bytes.length; i++) bytes[i] = bytes[i] ^ k[(position + i) % 4];
      position += bytes.length;
      out.push(string.char(...bytes));
    }
  }
  return out.join("");
}

/**
 * Strict UTF-8 check (Unicode table 3-7): rejects overlong forms, surrogates (U+D800..DFFF), code points
 * above U+10FFFF and truncated sequences. Runs of ASCII are skipped fast (a 10 MiB JSON text costs ~1 ms
 * with the FFI, ~40 ms without).
 */
export function isValidUtf8(s: string): boolean {
  return ffi !== undefined ? isValidUtf8Ffi(ffi, s) : isValidUtf8Lua(s);
}

/** FFI path: read the string in place, skipping ASCII four bytes at a time. */
export function isValidUtf8Ffi(ffiLib: FFI, s: string): boolean {
  const n = s.length;
  const p = ffiLib.cast("const uint8_t*", s);
  const words = ffiLib.cast("const int32_t*", s);
  const wordCount = math.floor(n / 4);
  const at = (i: number): number | undefined => (i < n ? p[i] : undefined);
  let i = 0;
  while (i < n) {
    if (i % 4 === 0) {
      let w = i / 4;
      while (w < wordCount && (words[w] & 0x80808080) === 0) w++;
      i = w * 4;
      if (i >= n) return true;
    }
    if (p[i] < 0x80) {
      i++;
    } else {
      const length = sequenceLength(p[i], at(i + 1), at(i + 2), at(i + 3));
      if (length === 0) return false;
      i += length;
    }
  }
  return true;
}

// An anchored, greedy run of ASCII bytes (%z is NUL in Lua 5.1 patterns). Anchored and greedy, string.find
// expands it in one C loop instead of trying a match at every position.
const ASCII_RUN = "^[%z" + string.char(1) + "-" + string.char(0x7f) + "]*";

/** Pure-Lua path: skip ASCII runs with string.find, check each multi-byte sequence. */
export function isValidUtf8Lua(s: string): boolean {
  let i = 1;
  for (;;) {
    const [, runEnd] = string.find(s, ASCII_RUN, i);
    i = runEnd + 1;
    if (i > s.length) return true;
    const [b0, b1, b2, b3] = string.byte(s, i, i + 3);
    const length = sequenceLength(b0, b1, b2, b3);
    if (length === 0) return false;
    i += length;
  }
}

const inRange = (b: number | undefined, lo: number, hi: number): boolean => b !== undefined && b >= lo && b <= hi;
const isCont = (b: number | undefined): boolean => inRange(b, 0x80, 0xbf);

/** Length of the valid sequence whose lead byte b0 is >= 0x80 (b1..b3 undefined past the end), or 0. */
function sequenceLength(b0: number, b1: number | undefined, b2: number | undefined, b3: number | undefined): number {
  if (b0 < 0xc2) return 0; // continuation byte without a lead, or overlong 2-byte form (C0, C1)
  if (b0 < 0xe0) return isCont(b1) ? 2 : 0;
  if (b0 < 0xf0) {
    // E0: A0..BF (no overlongs); ED: 80..9F (no surrogates)
    const second = b0 === 0xe0 ? inRange(b1, 0xa0, 0xbf) : b0 === 0xed ? inRange(b1, 0x80, 0x9f) : isCont(b1);
    return second && isCont(b2) ? 3 : 0;
  }
  if (b0 > 0xf4) return 0; // beyond U+10FFFF
  // F0: 90..BF (no overlongs); F4: 80..8F (up to U+10FFFF)
  const second = b0 === 0xf0 ? inRange(b1, 0x90, 0xbf) : b0 === 0xf4 ? inRange(b1, 0x80, 0x8f) : isCont(b1);
  return second && isCont(b2) && isCont(b3) ? 4 : 0;
}

/**
 * `s` with every byte that does not start a valid sequence replaced by U+FFFD (one per byte, as the WHATWG
 * decoder does for most cases). Only for text that failed isValidUtf8: it walks the string in Lua.
 */
export function toValidUtf8(s: string): string {
  const out: string[] = [];
  let i = 1;
  for (;;) {
    const [, runEnd] = string.find(s, ASCII_RUN, i);
    if (runEnd >= i) out.push(string.sub(s, i, runEnd));
    i = runEnd + 1;
    if (i > s.length) return out.join("");
    const [b0, b1, b2, b3] = string.byte(s, i, i + 3);
    const length = sequenceLength(b0, b1, b2, b3);
    if (length === 0) {
      out.push("\uFFFD");
      i += 1;
    } else {
      out.push(string.sub(s, i, i + length - 1));
      i += length;
    }
  }
}
