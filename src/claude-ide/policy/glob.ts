// gitignore-style patterns (as Claude Code's `Read(...)` permission rules use them), matched against absolute
// paths. Pure: no file system, no editor. A pattern is compiled once against its base folder:
// - a pattern with a `/` at its start or middle is anchored to the base (`config/prod.yaml`, `/src/**`);
// - one without (`.env`, `*.pem`) matches a file or folder of that name at any depth under the base;
// - a trailing `/` matches folders only; a folder that matches withholds everything inside it;
// - `*` and `?` stay inside one path segment, `**` spans segments, `[abc]` / `[!abc]` are character classes.

export interface Glob {
  /** The pattern as written. */
  readonly source: string;
  /** True when `path` (absolute, normalized) or a folder above it matches. */
  matches(this: void, path: string): boolean;
}

/** One segment of a pattern as a Lua pattern anchored at both ends, or "**". */
function segmentPattern(segment: string): string {
  if (segment === "**") return "**";
  const out: string[] = ["^"];
  let i = 1;
  const n = segment.length;
  while (i <= n) {
    const c = string.sub(segment, i, i);
    if (c === "*") out.push(".*");
    else if (c === "?") out.push(".");
    else if (c === "\\" && i < n) {
      i++;
      out.push(`%${string.sub(segment, i, i)}`);
    } else if (c === "[") {
      const [close] = string.find(segment, "]", i + 2, true);
      if (close === undefined) out.push("%[");
      else {
        let body = string.sub(segment, i + 1, close - 1);
        const negate = string.sub(body, 1, 1) === "!" || string.sub(body, 1, 1) === "^";
        if (negate) body = string.sub(body, 2);
        // Escape Lua's magic characters inside the class, keep `-` ranges.
        [body] = string.gsub(body, "([%%%]%^])", "%%%1");
        out.push(`[${negate ? "^" : ""}${body}]`);
        i = close;
      }
    } else if (string.find(c, "[%^%$%(%)%%%.%[%]%*%+%-%?]")[0] !== undefined) out.push(`%${c}`);
    else out.push(c);
    i++;
  }
  out.push("$");
  return out.join("");
}

function split(path: string): string[] {
  const parts: string[] = [];
  for (const [part] of string.gmatch(path, "[^/]+")) parts.push(part);
  return parts;
}

/** Does `pats[pi..]` match `segs[si..]` exactly (every remaining segment consumed)? */
function matchFrom(pats: string[], pi: number, segs: string[], si: number): boolean {
  if (pi === pats.length) return si === segs.length;
  const p = pats[pi];
  if (p === "**") {
    for (let k = si; k <= segs.length; k++) if (matchFrom(pats, pi + 1, segs, k)) return true;
    return false;
  }
  if (si === segs.length) return false;
  if (string.find(segs[si], p)[0] === undefined) return false;
  return matchFrom(pats, pi + 1, segs, si + 1);
}

/**
 * The longest run of plain characters of a pattern (none of `*?[]\\/`, nothing inside a character class):
 * every path a pattern matches holds each such run as it is, so a path without it is told apart by one plain
 * find instead of a segment-by-segment match (a search or an LSP answer asks about hundreds of paths).
 */
function longestLiteral(body: string): string {
  let best = "";
  let run = "";
  let i = 1;
  const n = body.length;
  while (i <= n) {
    const c = string.sub(body, i, i);
    if (c === "[") {
      const [close] = string.find(body, "]", i + 2, true);
      if (close !== undefined) i = close;
      run = "";
    } else if (string.find(c, "[%*%?%]\\/]")[0] !== undefined) run = "";
    else {
      run += c;
      if (run.length > best.length) best = run;
    }
    i++;
  }
  return best;
}

/**
 * Compiles `pattern` relative to `base` (an absolute, normalized folder; "/" for a pattern that applies
 * anywhere). Returns undefined for an empty pattern.
 */
export function compileGlob(pattern: string, base: string): Glob | undefined {
  let body = pattern;
  const dirOnly = string.sub(body, -1) === "/";
  if (dirOnly) body = string.sub(body, 1, -2);
  if (vim.startswith(body, "./")) body = string.sub(body, 3);
  const leadingSlash = string.sub(body, 1, 1) === "/";
  if (leadingSlash) body = string.sub(body, 2);
  const pats = split(body).map((s) => segmentPattern(s));
  if (pats.length === 0) return undefined;
  const anchored = leadingSlash || pats.length > 1;
  const prefix = base === "/" ? "/" : `${base}/`;
  const source = pattern;
  const needle = longestLiteral(body);
  return {
    source,
    matches: (path) => {
      if (string.sub(path, 1, prefix.length) !== prefix) return false;
      if (needle !== "" && string.find(path, needle, prefix.length + 1, true)[0] === undefined) return false;
      const segs = split(string.sub(path, prefix.length + 1));
      // The path itself or one of the folders above it (a folder matched withholds its contents); a
      // folder-only pattern never matches the last segment, which is the file.
      const last = dirOnly ? segs.length - 1 : segs.length;
      if (anchored) {
        for (let n = 1; n <= last; n++) if (matchFrom(pats, 0, segs.slice(0, n), 0)) return true;
        return false;
      }
      for (let i = 0; i < last; i++) if (string.find(segs[i], pats[0])[0] !== undefined) return true;
      return false;
    },
  };
}
