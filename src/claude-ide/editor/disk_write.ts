// The one way a change reaches a file that no buffer has loaded: Neovim's own `:write`, from a hidden
// buffer that lives only for it. So the bytes are exactly what `:w` writes for the same change: the file's
// 'fileformat' (CRLF kept), 'fileencoding' and 'bomb' as Neovim detects them on reading, a missing final
// newline as the user's 'fixendofline' says, and symbolic links, hard links and the mode kept ('backupcopy').
// The hidden buffer is read and written with every autocmd ignored (no filetype, no plugin, no language
// server sees it), without a swap file or an undo file, and wiped afterwards.
import { vimErrorLine } from "./buffers";
import { normalizePath } from "./positions";

export type DiskWrite = { ok: true } | { ok: false; error: string } | { ok: false; loaded: Buf; error: string };

interface Saved {
  swapfile: boolean;
  undofile: boolean;
  undolevels: number;
  modeline: boolean;
}

function get<T>(buf: Buf, name: string): T {
  return vim.api.nvim_get_option_value(name, { buf }) as T;
}

function set(buf: Buf, name: string, value: unknown): void {
  vim.api.nvim_set_option_value(name, value, { buf });
}

/**
 * Writes `lines` to the file at `path` as `:w` of that file would, when no buffer has it loaded. `expect`:
 * the lines the change was planned on (as readfile() gave them); when the file exists and holds something
 * else now, nothing is written. A missing file is created (its folder must exist). When the file turns out
 * to be loaded after all (another name of it, a symbolic link), `loaded` names that buffer and nothing is
 * written: the caller changes the buffer instead.
 */
export function writeFileAsVim(path: string, lines: string[], expect?: string[]): DiskWrite {
  const file = normalizePath(path);
  const [stat] = vim.uv.fs_stat(file);
  if (stat !== undefined && stat.type !== "file") return { ok: false, error: `${file} is not a regular file` };
  const existed = vim.fn.bufexists(file) === 1;
  const eventignore = vim.o.eventignore as string;
  vim.o.eventignore = "all";
  let buf: Buf | undefined;
  let saved: Saved | undefined;
  const [ok, result] = pcall((): DiskWrite => {
    buf = vim.fn.bufadd(file);
    if (vim.api.nvim_buf_is_loaded(buf)) {
      const loaded = buf;
      buf = undefined; // not ours to unload
      return { ok: false, loaded, error: `the file is loaded in buffer b${loaded}` };
    }
    saved = {
      swapfile: get(buf, "swapfile"),
      undofile: get(buf, "undofile"),
      undolevels: get(buf, "undolevels"),
      modeline: get(buf, "modeline"),
    };
    set(buf, "swapfile", false);
    set(buf, "undofile", false);
    set(buf, "undolevels", -1);
    // Modelines are not run: a file's text does not set options or run anything when the agent writes it.
    set(buf, "modeline", false);
    vim.fn.bufload(buf);
    let content = lines;
    if (stat !== undefined && expect !== undefined) {
      const now = stat.size === 0 ? [] : vim.api.nvim_buf_get_lines(buf, 0, -1, false);
      if (!vim.deep_equal(now, expect)) {
        const conv = convertedAsRead(file, expect, buf, lines);
        if (conv === undefined)
          return {
            ok: false,
            error:
              "the file changed on disk while the review was open: nothing was written; read it again and redo the edit",
          };
        content = conv;
      }
    }
    const target = buf;
    vim.api.nvim_buf_set_lines(target, 0, -1, false, content);
    vim.api.nvim_buf_call(target, () => vim.cmd("silent keepalt keepjumps write"));
    return { ok: true };
  });
  if (buf !== undefined && vim.api.nvim_buf_is_valid(buf)) {
    const target = buf;
    if (!existed) pcall(vim.api.nvim_buf_delete, target, { force: true });
    else {
      pcall(vim.api.nvim_buf_delete, target, { force: true, unload: true });
      if (saved !== undefined) {
        const before = saved;
        pcall(set, target, "swapfile", before.swapfile);
        pcall(set, target, "undofile", before.undofile);
        pcall(set, target, "undolevels", before.undolevels);
        pcall(set, target, "modeline", before.modeline);
      }
    }
  }
  vim.o.eventignore = eventignore;
  if (!ok) return { ok: false, error: vimErrorLine(result) };
  return result;
}

/**
 * A file Neovim converts on reading (latin1, UTF-16, ...): `expect` holds its raw lines (readfile() does not
 * convert), the buffer the converted ones. When the raw lines match, `lines` (raw too) are converted the same
 * way for the buffer, so that the write converts them back to the file's encoding. Undefined otherwise.
 */
function convertedAsRead(file: string, expect: string[], buf: Buf, lines: string[]): string[] | undefined {
  const fenc = get<string>(buf, "fileencoding");
  if (fenc === "" || fenc === "utf-8") return undefined;
  const [ok, raw] = pcall(vim.fn.readfile, file);
  if (!ok || !vim.deep_equal(raw, expect)) return undefined;
  return lines.map((line) => {
    const out = vim.fn.iconv(line, fenc, "utf-8");
    return out !== "" || line === "" ? out : line;
  });
}
