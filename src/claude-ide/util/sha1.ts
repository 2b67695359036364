// SHA-1 (FIPS 180-4), needed only for the WebSocket handshake's Sec-WebSocket-Accept: Neovim ships sha256
// but no SHA-1. Not for anything security-related. Words are LuaJIT `bit` values (signed 32-bit); TS bit
// operators compile to `bit.*`, and `| 0` after an addition wraps it modulo 2^32.

/** Message padding: 0x80, zeros up to 56 mod 64, then the length in bits as a 64-bit big-endian number. */
function pad(msg: string): string {
  const zeros = (55 - (msg.length % 64) + 64) % 64;
  const bits = msg.length * 8;
  return (
    msg +
    string.char(0x80) +
    string.rep(string.char(0), zeros) +
    be32(math.floor(bits / 2 ** 32)) +
    be32(bits % 2 ** 32)
  );
}

function be32(n: number): string {
  return string.char((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
}

function rol(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

/** The raw 20-byte SHA-1 digest of `msg` (any bytes). */
export function sha1(msg: string): string {
  const data = pad(msg);
  let h0 = 0x67452301 | 0;
  let h1 = 0xefcdab89 | 0;
  let h2 = 0x98badcfe | 0;
  let h3 = 0x10325476 | 0;
  let h4 = 0xc3d2e1f0 | 0;
  const w: number[] = [];
  for (let block = 0; block < data.length; block += 64) {
    // 64 values per string.byte call: far below LuaJIT's limit on multiple returns.
    const b = [...string.byte(data, block + 1, block + 64)];
    for (let t = 0; t < 16; t++) {
      w[t] = (b[4 * t] << 24) | (b[4 * t + 1] << 16) | (b[4 * t + 2] << 8) | b[4 * t + 3];
    }
    for (let t = 16; t < 80; t++) w[t] = rol(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);

    let a = h0;
    let bb = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    for (let t = 0; t < 80; t++) {
      let f: number;
      let k: number;
      if (t < 20) {
        f = (bb & c) | (~bb & d);
        k = 0x5a827999;
      } else if (t < 40) {
        f = bb ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (t < 60) {
        f = (bb & c) | (bb & d) | (c & d);
        k = 0x8f1bbcdc | 0;
      } else {
        f = bb ^ c ^ d;
        k = 0xca62c1d6 | 0;
      }
      const temp = (rol(a, 5) + f + e + k + w[t]) | 0;
      e = d;
      d = c;
      c = rol(bb, 30);
      bb = a;
      a = temp;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + bb) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
  }
  return be32(h0) + be32(h1) + be32(h2) + be32(h3) + be32(h4);
}

/** The SHA-1 digest of `msg` as 40 lowercase hex digits. */
export function sha1Hex(msg: string): string {
  const digest = sha1(msg);
  const hex: string[] = [];
  for (let i = 1; i <= digest.length; i++) hex.push(string.format("%02x", string.byte(digest, i)));
  return hex.join("");
}
