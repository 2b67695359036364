// Counted words as the answers and messages write them.

/** `1 file`, `3 files`; `many` for a plural that is not the word plus "s" (`2 matches`). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
