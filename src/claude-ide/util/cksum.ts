// POSIX `cksum`'s CRC (the algorithm of IEEE Std 1003.1: CRC-32, polynomial 0x04C11DB7, most significant bit
// first, the data's length appended, the result complemented): the same number `cksum < file` prints anywhere,
// so a far shell can tell whether its file is the one here without sending it (far/launch).

const POLY = 0x04c11db7;
let table: number[] | undefined;

function crcTable(): number[] {
  if (table !== undefined) return table;
  const t: number[] = [];
  for (let i = 0; i < 256; i++) {
    let c = i << 24;
    for (let k = 0; k < 8; k++) c = (c & 0x80000000) !== 0 ? (c << 1) ^ POLY : c << 1;
    t[i] = c;
  }
  table = t;
  return t;
}

function step(crc: number, byte: number, t: number[]): number {
  return (crc << 8) ^ t[((crc >>> 24) ^ byte) & 0xff];
}

/** `cksum`'s first number for `data` (an unsigned 32-bit integer). */
export function cksum(data: string): number {
  const t = crcTable();
  let crc = 0;
  for (let i = 1; i <= data.length; i++) crc = step(crc, string.byte(data, i), t);
  let n = data.length;
  while (n > 0) {
    crc = step(crc, n % 256, t);
    n = math.floor(n / 256);
  }
  const out = ~crc;
  return out < 0 ? out + 4294967296 : out;
}
