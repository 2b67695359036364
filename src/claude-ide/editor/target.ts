// What an agent tool's `path` | `buffer` arguments name: a buffer (with its unsaved text) or a file on disk.
// `path` is absolute or relative to Neovim's cwd; `buffer` is a buffer number as editor_state lists them.
import { bufferPath, findBuffer } from "./buffers";
import { normalizePath } from "./positions";
import { failWith } from "../protocol/result";
import { int, optional, str } from "../protocol/schema";
import type { Policy } from "../policy/policy";
import { displayPath } from "./state";

/** `path` | `buffer`, as every tool that works on one file takes them (resolved by `resolveTarget`). */
export const targetInput = {
  path: optional(str("File path, absolute or relative to Neovim's cwd", { minLength: 1 })),
  buffer: optional(int("Buffer number (b<n> in editor_state)", { minimum: 1 })),
};

export interface Target {
  /** The buffer holding the text, when there is one (loaded or not). */
  buf?: Buf;
  /** Normalized absolute path ("" for an unnamed buffer). */
  path: string;
  /** The path as the model reads it (relative to the cwd when inside it). */
  display: string;
  /** The file exists on disk. */
  onDisk: boolean;
}

export interface TargetArgs {
  path?: string;
  buffer?: number;
}

function exists(path: string): boolean {
  const [stat] = vim.uv.fs_stat(path);
  return stat !== undefined && stat.type !== "directory";
}

/**
 * Resolves `path` | `buffer`. `missing`: what a path naming no buffer and no file means — "error" (the
 * default), or "allow" (edit may create a file). Throws a ToolFailure that says what to do: also when the
 * policy refuses the file (outside the workspace, or withheld from the model), so that every agent tool
 * (and the LSP tools, through lsp/document) is refused in the same words.
 */
export function resolveTarget(
  policy: Policy,
  args: TargetArgs,
  opts: { missing?: "error" | "allow"; required?: boolean } = {},
): Target | undefined {
  const target = resolveUnchecked(args, opts);
  if (target === undefined || target.path === "") return target;
  const refusal = policy.refusal(target.path, target.display);
  if (refusal !== undefined) failWith(refusal);
  return target;
}

function resolveUnchecked(
  args: TargetArgs,
  opts: { missing?: "error" | "allow"; required?: boolean } = {},
): Target | undefined {
  if (args.path !== undefined && args.buffer !== undefined) failWith('give either "path" or "buffer", not both');
  if (args.buffer !== undefined) {
    const buf = args.buffer;
    if (!vim.api.nvim_buf_is_valid(buf)) failWith(`there is no buffer ${buf}; editor_state lists the buffers (b<n>)`);
    const path = bufferPath(buf);
    return { buf, path, display: displayPath(path), onDisk: path !== "" && exists(path) };
  }
  if (args.path === undefined) {
    if (opts.required === false) return undefined;
    failWith('give "path" (absolute or relative to Neovim\'s cwd) or "buffer" (a number from editor_state)');
  }
  const raw = args.path;
  if (raw === "") failWith('"path" must not be empty');
  if (string.find(raw, "\0", 1, true)[0] !== undefined) failWith('"path" must not contain a NUL byte');
  const path = normalizePath(raw);
  const [stat] = vim.uv.fs_stat(path);
  if (stat?.type === "directory") failWith(`${displayPath(path)} is a directory, not a file`);
  const buf = findBuffer(path);
  const onDisk = stat !== undefined;
  if (buf === undefined && !onDisk && opts.missing !== "allow") {
    failWith(
      `no buffer and no file at ${path} (relative paths are taken from Neovim's cwd ${vim.fn.getcwd()}); check the path, or search with scope "project"`,
    );
  }
  return { buf, path, display: displayPath(path), onDisk };
}

/** The text lines of a target: the buffer's (unsaved) lines when loaded, else the file's. */
export function targetLines(t: Target): string[] {
  if (t.buf !== undefined && vim.api.nvim_buf_is_loaded(t.buf)) return vim.api.nvim_buf_get_lines(t.buf, 0, -1, false);
  if (!t.onDisk) return [];
  const [ok, lines] = pcall(vim.fn.readfile, t.path);
  if (!ok) failWith(`cannot read ${t.display}: ${tostring(lines)}`);
  return lines;
}
