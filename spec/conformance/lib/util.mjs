// Shared by every part of the conformance program: arguments, output, assertions, a seeded PRNG and
// UTF-8 checks.

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i += 2) out[argv[i].replace(/^--/, "")] = argv[i + 1];
  return out;
}
export const ARGS = parseArgs(process.argv.slice(2));
export const PORT = Number(ARGS.port);
export const TOKEN = String(ARGS.token);
export const MAX_MESSAGE = Number(ARGS["max-message-bytes"] ?? 64 * 1024 * 1024);
export const HANDSHAKE_TIMEOUT = Number(ARGS["handshake-timeout-ms"] ?? 5000);

export const emit = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const tick = () => new Promise((r) => setImmediate(r));

export class Fail extends Error {}
export function expect(cond, msg) {
  if (!cond) throw new Fail(msg);
}
export const show = (v) => {
  const s = typeof v === "string" ? JSON.stringify(v) : Buffer.isBuffer(v) ? `<${v.length} bytes ${v.subarray(0, 40).toString("hex")}>` : JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 300 ? s.slice(0, 300) + "…" : s;
};

/** mulberry32: a small seeded PRNG, so that a fuzz run is reproducible from its printed seed. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    bytes: (n) => Buffer.from(Array.from({ length: n }, () => int(0, 255))),
  };
}

const utf8Decoder = new TextDecoder("utf-8", { fatal: true });
export function isUtf8(buf) {
  try {
    utf8Decoder.decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `buf` can still become valid UTF-8 by appending bytes: only an incomplete sequence at the very end
 * is allowed (what a fail-fast endpoint checks after each fragment).
 */
export function isUtf8Prefix(buf) {
  for (let cut = 0; cut <= 3 && cut <= buf.length; cut++) {
    const head = buf.subarray(0, buf.length - cut);
    if (!isUtf8(head)) continue;
    if (cut === 0) return true;
    const tail = buf.subarray(buf.length - cut);
    if (tailCanComplete(tail)) return true;
  }
  return false;
}

/** An incomplete but so-far valid UTF-8 sequence (Unicode table 3-7). */
function tailCanComplete(t) {
  const b0 = t[0];
  const need = b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
  if (need === 0 || t.length >= need) return false;
  for (let i = 1; i < t.length; i++) {
    let lo = 0x80;
    let hi = 0xbf;
    if (i === 1) {
      if (b0 === 0xe0) lo = 0xa0;
      if (b0 === 0xed) hi = 0x9f;
      if (b0 === 0xf0) lo = 0x90;
      if (b0 === 0xf4) hi = 0x8f;
    }
    if (t[i] < lo || t[i] > hi) return false;
  }
  return true;
}

/** The fuzz seed: --seed, else a fresh one (printed by the fuzz groups, so a run can be repeated). */
export const SEED = ARGS.seed !== undefined ? Number(ARGS.seed) >>> 0 : (Date.now() ^ (process.pid << 10)) >>> 0;
