// Paths across a far session (an agent in a container or on another machine, util/path_map): the session maps
// every message at its edge, so that tools, reviews, policy and the workspace boundary only ever see local paths.
// - In: a tool call's arguments, a hook's input: every string under a path key (below), at any depth, that is an
//   absolute path or a file:// URI, goes through PathMap.toLocal. A tool argument outside the map is refused with
//   an error naming the argument and the map; a hook's field outside it (the far transcript) is left as it is.
// - Out: results, notifications: strings under a path key go through PathMap.toFar; text content that is JSON is
//   walked the same way, other text has each local folder's prefix replaced where a path starts. An object whose
//   path means nothing over there (a file outside every folder) is left out of its list; a notification about
//   such a file is not sent.
import type { PathMap } from "../util/path_map";
import { isObject } from "../util/json";
import type { ToolResult } from "./result";

/** Keys whose string values are paths or file:// URIs, in every message of every role. */
const PATH_KEYS: { [key: string]: true } = {
  filePath: true,
  fileUrl: true,
  file_path: true,
  path: true,
  uri: true,
  rootPath: true,
  old_file_path: true,
  new_file_path: true,
  notebook_path: true,
  planFilePath: true,
  cwd: true,
};

const looksLikePath = (s: string): boolean => string.sub(s, 1, 1) === "/" || vim.startswith(s, "file://");

export type ArgsMapped = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * `value` with every path under a path key mapped to the local side. `strict`: a path outside the map fails
 * (tool arguments); otherwise it is kept (a hook's transcript_path).
 */
export function toLocal(value: unknown, paths: PathMap, strict: boolean, where = ""): ArgsMapped {
  if (type(value) !== "table") return { ok: true, value };
  const t = value as { [key: string]: unknown };
  if (vim.islist(t)) {
    const out: unknown[] = [];
    for (let i = 0; i < (t as unknown as unknown[]).length; i++) {
      const r = toLocal((t as unknown as unknown[])[i], paths, strict, `${where}[${i + 1}]`);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  const out: { [key: string]: unknown } = {};
  let any = false;
  for (const [k, v] of pairs(t)) {
    any = true;
    const key = k as string;
    const name = where === "" ? key : `${where}.${key}`;
    if (typeof v === "string" && PATH_KEYS[key] === true && looksLikePath(v)) {
      const mapped = paths.toLocal(v);
      if (mapped.ok) out[key] = mapped.path;
      else if (strict) return { ok: false, error: `"${name}": ${mapped.error}` };
      else out[key] = v;
    } else if (type(v) === "table") {
      const r = toLocal(v, paths, strict, name);
      if (!r.ok) return r;
      out[key] = r.value;
    } else out[key] = v;
  }
  // An empty object stays an object (JSON `{}`), not a list.
  return { ok: true, value: any ? out : value };
}

/** Sentinel: the value names a local file the far side cannot see. */
const UNSEEN = "\0unseen";

function walkOut(value: unknown, paths: PathMap): unknown {
  if (type(value) !== "table") return value;
  const t = value as { [key: string]: unknown };
  if (vim.islist(t)) {
    const list = t as unknown as unknown[];
    if (list.length === 0) return value;
    const out: unknown[] = [];
    for (const item of list) {
      const mapped = walkOut(item, paths);
      if (mapped !== UNSEEN) out.push(mapped);
    }
    return out;
  }
  const out: { [key: string]: unknown } = {};
  let any = false;
  for (const [k, v] of pairs(t)) {
    any = true;
    const key = k as string;
    if (typeof v === "string" && PATH_KEYS[key] === true && looksLikePath(v)) {
      const mapped = paths.toFar(v);
      if (mapped === undefined) return UNSEEN;
      out[key] = mapped;
    } else {
      const mapped = walkOut(v, paths);
      // A nested object about an unseen file takes its parent with it (a selection's file, say).
      if (mapped === UNSEEN) return UNSEEN;
      out[key] = mapped;
    }
  }
  return any ? out : value;
}

/** A notification's (or an answer's) params for a far client; undefined: about a file it cannot see. */
export function valueToFar(value: unknown, paths: PathMap): unknown {
  const mapped = walkOut(value, paths);
  return mapped === UNSEEN ? undefined : mapped;
}

/** Each local folder's prefix in plain text, where a path starts (line start, space, quote, "(" or ":"). */
export function textToFar(text: string, paths: PathMap): string {
  let out = text;
  for (const local of paths.localFolders()) {
    const far = paths.toFar(local);
    if (far === undefined || far === local) continue;
    const escaped = vim.pesc(local);
    // The folder itself or a path below it: never a longer name that starts like it (/proj in /project).
    const ends = "%f[^%w%-_.~+@]";
    // The map as an error names it ("/workspace → <local>") stays as it is.
    const keep = "\x01claude-ide-map\x01";
    const [kept] = string.gsub(out, `→ ${escaped}${ends}`, `→ ${keep}`);
    const [first] = string.gsub(kept, `^${escaped}${ends}`, () => far);
    const [rest] = string.gsub(first, `([%s"'(:=\n])${escaped}${ends}`, (lead: string) => lead + far);
    const [back] = string.gsub(rest, vim.pesc(keep), () => local);
    out = back;
  }
  return out;
}

/** A tool result for a far client: JSON text walked, plain text's folder prefixes replaced. */
export function resultToFar(result: ToolResult, paths: PathMap): ToolResult {
  if (!isObject(result) || type(result.content) !== "table") return result;
  const content = result.content.map((item) => {
    if (!isObject(item) || item.type !== "text" || typeof item.text !== "string") return item;
    const first = string.match(item.text, "^%s*(.)")[0];
    if (first === "{" || first === "[") {
      const [ok, decoded] = pcall(vim.json.decode, item.text, { luanil: { object: false, array: false } });
      if (ok && type(decoded) === "table") {
        const mapped = walkOut(decoded, paths);
        if (mapped !== UNSEEN) {
          const [encoded, text] = pcall(vim.json.encode, mapped);
          if (encoded) return { ...item, text };
        }
      }
    }
    return { ...item, text: textToFar(item.text, paths) };
  });
  return { ...result, content };
}
