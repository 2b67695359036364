// The file or folder under the cursor in a file explorer (neo-tree, nvim-tree, oil, mini.files), through
// each plugin's public Lua API, guarded: an explorer that changed its API is skipped, never an error.
import { isFileBuffer } from "./buffers";
import { optionalModule } from "./plugins";
import { normalizePath } from "./positions";

interface NeoTreeNode {
  path?: string;
}
interface NeoTreeTree {
  get_node(this: NeoTreeTree): NeoTreeNode | undefined;
}
interface NeoTreeManager {
  get_state_for_window?(this: void, win?: Win): { tree?: NeoTreeTree } | undefined;
  get_state(this: void, source: string): { tree?: NeoTreeTree } | undefined;
}
interface NvimTreeApi {
  tree: { get_node_under_cursor(this: void): { absolute_path?: string } | undefined };
}
interface Oil {
  get_cursor_entry(this: void): { name: string } | undefined;
  get_current_dir(this: void, buf?: Buf): string | undefined;
}
interface MiniFiles {
  get_fs_entry(this: void): { path?: string } | undefined;
}

function neoTree(): string | undefined {
  const manager = optionalModule<NeoTreeManager>("neo-tree.sources.manager");
  if (manager === undefined) return undefined;
  const source = (vim.b.neo_tree_source as string | undefined) ?? "filesystem";
  const state = manager.get_state_for_window !== undefined ? manager.get_state_for_window() : manager.get_state(source);
  return state?.tree?.get_node()?.path;
}

function nvimTree(): string | undefined {
  return optionalModule<NvimTreeApi>("nvim-tree.api")?.tree.get_node_under_cursor()?.absolute_path;
}

function oil(): string | undefined {
  const mod = optionalModule<Oil>("oil");
  const entry = mod?.get_cursor_entry();
  const dir = mod?.get_current_dir();
  if (entry === undefined || dir === undefined) return undefined;
  return vim.fs.joinpath(dir, entry.name);
}

function miniFiles(): string | undefined {
  return optionalModule<MiniFiles>("mini.files")?.get_fs_entry()?.path;
}

const BY_FILETYPE: { [ft: string]: (this: void) => string | undefined } = {
  "neo-tree": neoTree,
  NvimTree: nvimTree,
  oil,
  minifiles: miniFiles,
};

export type UnderCursor = { ok: true; path: string; explorer: boolean } | { ok: false; reason: string };

/**
 * The path to mention for the current window: the explorer entry under the cursor in neo-tree, nvim-tree,
 * oil or mini.files; otherwise the current buffer's file.
 */
export function pathUnderCursor(): UnderCursor {
  const ft = vim.bo.filetype as string;
  const explorer = BY_FILETYPE[ft];
  if (explorer !== undefined) {
    const [ok, path] = pcall(explorer);
    if (ok && typeof path === "string" && path !== "") return { ok: true, path: normalizePath(path), explorer: true };
    return {
      ok: false,
      reason: ok
        ? `no file or folder under the cursor in ${ft}`
        : `${ft} did not say what is under the cursor: ${tostring(path)}`,
    };
  }
  const buf = vim.api.nvim_get_current_buf();
  if (!isFileBuffer(buf)) return { ok: false, reason: "the current buffer is not a file" };
  return { ok: true, path: normalizePath(vim.api.nvim_buf_get_name(buf)), explorer: false };
}
