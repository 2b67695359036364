// The path map of an agent that runs somewhere else (a container, another machine): which far folder is which
// local one. Every path that crosses between the far CLI and this Neovim passes it, both ways. Pure: far paths are
// resolved lexically ("." and ".." segments, repeated slashes; never "~", which means another home over there),
// local ones also by their real path, so that a folder reached through a symbolic link maps like its target.
// A path outside every folder is refused with an error that names the map: it is never guessed.

/** One far folder and the local (near) folder holding the same files. */
export interface FolderPair {
  far: string;
  near: string;
}

export type Mapped = { ok: true; path: string } | { ok: false; error: string };

interface Pair {
  far: string;
  near: string;
  /** The local folder's real path, when it differs (a link on the way). */
  real?: string;
}

/**
 * An absolute path with "." and ".." resolved and no repeated or trailing slash; undefined for a relative one. A
 * ".." above the root stays at the root, as the kernel resolves it.
 */
export function lexical(path: string): string | undefined {
  if (string.sub(path, 1, 1) !== "/") return undefined;
  const out: string[] = [];
  for (const [segment] of string.gmatch(path, "[^/]+")) {
    if (segment === ".") continue;
    if (segment === "..") {
      if (out.length > 0) out.pop();
    } else out.push(segment);
  }
  return "/" + out.join("/");
}

/** `path` is `folder` or below it (both lexical). */
function under(path: string, folder: string): boolean {
  if (folder === "/") return true;
  return path === folder || vim.startswith(path, folder + "/");
}

function rebase(path: string, from: string, to: string): string {
  if (path === from) return to;
  const rest = from === "/" ? string.sub(path, 2) : string.sub(path, from.length + 2);
  return to === "/" ? "/" + rest : `${to}/${rest}`;
}

function realpath(path: string): string | undefined {
  const [real] = vim.uv.fs_realpath(path);
  return real ?? undefined;
}

/** The real path of `path`, through its longest existing ancestor when it does not exist (a file to create). */
function realpathOfAncestor(path: string): string | undefined {
  let head = path;
  let rest = "";
  while (head !== "/" && head !== "") {
    const real = realpath(head);
    if (real !== undefined) return rest === "" ? real : `${real === "/" ? "" : real}/${rest}`;
    const [parent, name] = string.match(head, "^(.*)/([^/]+)$");
    if (parent === undefined) return undefined;
    rest = rest === "" ? name : `${name}/${rest}`;
    head = parent === "" ? "/" : parent;
  }
  return undefined;
}

const FILE_SCHEME = "file://";

export class PathMap {
  private readonly pairs: Pair[];

  /** `pairs`: absolute folders on both sides (checked by config.ts); the longest far folder wins. */
  constructor(pairs: FolderPair[]) {
    this.pairs = [];
    for (const p of pairs) {
      const far = lexical(p.far);
      const near = lexical(p.near);
      if (far === undefined || near === undefined) continue;
      const real = realpath(near);
      this.pairs.push({ far, near, real: real !== undefined && real !== near ? real : undefined });
    }
    this.pairs.sort((a, b) => b.far.length - a.far.length);
  }

  /** "far → local" for each folder, for messages and :checkhealth. */
  describe(): string {
    return this.pairs.map((p) => `${p.far} → ${p.near}`).join(", ");
  }

  /** The far folders, longest first (the far lock file's workspaceFolders). */
  farFolders(): string[] {
    return this.pairs.map((p) => p.far);
  }

  /** The local folders (the folders a far session may reach). */
  localFolders(): string[] {
    return this.pairs.map((p) => p.near);
  }

  /**
   * The local path of a far one: an absolute path or a file:// URI (the answer is then a URI too). A relative
   * path names the same file on both sides (relative to the workspace) and is returned as it is.
   */
  toLocal(value: string): Mapped {
    if (vim.startswith(value, FILE_SCHEME)) {
      const [ok, decoded] = pcall(vim.uri_to_fname, value);
      if (!ok) return { ok: false, error: `${value} is not a file URI this editor can read` };
      const mapped = this.toLocal(decoded);
      if (mapped.ok) return { ok: true, path: vim.uri_from_fname(mapped.path) };
      return { ok: false, error: `${value} is outside the folders this agent's path map covers (${this.describe()})` };
    }
    if (string.sub(value, 1, 1) !== "/") return { ok: true, path: value };
    const path = lexical(value) as string;
    for (const p of this.pairs) if (under(path, p.far)) return { ok: true, path: rebase(path, p.far, p.near) };
    return { ok: false, error: `${value} is outside the folders this agent's path map covers (${this.describe()})` };
  }

  /**
   * The far path of a local one (a path or a file:// URI), or undefined when no folder holds it: such a path
   * means nothing over there and is not sent.
   */
  toFar(value: string): string | undefined {
    if (vim.startswith(value, FILE_SCHEME)) {
      const [ok, decoded] = pcall(vim.uri_to_fname, value);
      if (!ok) return undefined;
      const mapped = this.toFar(decoded);
      return mapped !== undefined ? vim.uri_from_fname(mapped) : undefined;
    }
    if (string.sub(value, 1, 1) !== "/") return value;
    const path = lexical(value) as string;
    const byLongestLocal = [...this.pairs].sort((a, b) => b.near.length - a.near.length);
    for (const p of byLongestLocal) if (under(path, p.near)) return rebase(path, p.near, p.far);
    for (const p of byLongestLocal) if (p.real !== undefined && under(path, p.real)) return rebase(path, p.real, p.far);
    // The path itself may reach a folder through a link.
    const real = realpathOfAncestor(path);
    if (real !== undefined && real !== path) {
      for (const p of byLongestLocal) {
        if (under(real, p.near)) return rebase(real, p.near, p.far);
        if (p.real !== undefined && under(real, p.real)) return rebase(real, p.real, p.far);
      }
    }
    return undefined;
  }
}

/** A new PathMap (for callers that load without TypeScript's class library). */
export function createPathMap(pairs: FolderPair[]): PathMap {
  return new PathMap(pairs);
}
