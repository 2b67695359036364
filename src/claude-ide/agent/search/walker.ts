// The project search's own engine, for when neither ripgrep nor git grep can run, and the searcher of unsaved
// buffers' text: a script for a child `nvim --clean --headless -l walker.lua` (never loaded in the editor), so
// that a long walk or a regex that runs away on a long line costs the editor nothing and is stopped by killing
// the child. It writes what ripgrep writes (`path\0line:col:text`, `path: binary file matches`, `N files
// searched`), so one parser reads both.
//
//   nvim -l walker.lua <root> <plain|vim> <pattern> <max_file_bytes> <max_files> <walk|docs>
//
// walk: the files under <root> (relative paths); regular files only (no symlink is followed, no FIFO, socket or
// device is opened), .git and node_modules skipped. docs: stdin holds `path\0length\0text` records (absolute
// paths), the buffers to search instead of their files.
// Self-contained on purpose (plain Lua functions only): the child has none of the plugin's modules loaded.

declare const arg: string[];
export {};

const [root, kind, pattern, maxBytesText, maxFilesText, mode] = [arg[0], arg[1], arg[2], arg[3], arg[4], arg[5]];
const maxBytes = tonumber(maxBytesText) ?? 1048576;
const maxFiles = tonumber(maxFilesText) ?? 100000;
const out = io.stdout;

/** The 0-based byte column of the first match in `line`, or undefined. */
let firstMatch: (this: void, line: string) => number | undefined;
if (kind === "vim") {
  const re = vim.regex(pattern);
  firstMatch = (line) => {
    const [from] = re.match_str(line);
    return from ?? undefined;
  };
} else {
  firstMatch = (line) => {
    const [at] = string.find(line, pattern, 1, true);
    return at !== undefined ? at - 1 : undefined;
  };
}

let searched = 0;

/** Writes the matches of `data` under the name `name`. */
function searchText(name: string, data: string): void {
  searched++;
  if (kind !== "vim" && string.find(data, pattern, 1, true)[0] === undefined) return;
  const binary = string.find(data, "\0", 1, true)[0] !== undefined;
  let pos = 1;
  let lnum = 0;
  const size = data.length;
  while (pos <= size) {
    const [nl] = string.find(data, "\n", pos, true);
    const stop = nl ?? size + 1;
    const line = string.sub(data, pos, stop - 1);
    lnum++;
    const col = firstMatch(line);
    if (col !== undefined) {
      if (binary) {
        out.write(`${name}: binary file matches (found "\\0" byte)\n`);
        return;
      }
      out.write(name, "\0", tostring(lnum), ":", tostring(col + 1), ":", line, "\n");
    }
    pos = stop + 1;
  }
}

function readFile(path: string, size: number): string | undefined {
  const [fd] = vim.uv.fs_open(path, "r", 0);
  if (fd === undefined) return undefined;
  const [data] = vim.uv.fs_read(fd, size, 0);
  vim.uv.fs_close(fd);
  return data;
}

function walk(): void {
  const dirs: string[] = [""];
  let files = 0;
  while (dirs.length > 0) {
    const rel = dirs[dirs.length - 1];
    dirs[dirs.length - 1] = undefined as unknown as string;
    const [handle] = vim.uv.fs_scandir(rel === "" ? root : `${root}/${rel}`);
    if (handle === undefined) continue;
    for (;;) {
      const [name, type] = vim.uv.fs_scandir_next(handle);
      if (name === undefined) break;
      const path = rel === "" ? name : `${rel}/${name}`;
      if (type === "directory") {
        if (name !== ".git" && name !== "node_modules") dirs[dirs.length] = path;
      } else if (type === "file") {
        // lstat, not stat: a file swapped for a link or a FIFO since the listing is not opened.
        const [st] = vim.uv.fs_lstat(`${root}/${path}`);
        if (st !== undefined && st.type === "file") {
          if (st.size > maxBytes) {
            io.stderr.write(`ignoring ./${path}: ${st.size} bytes\n`);
          } else {
            files++;
            if (files > maxFiles) {
              out.write(`walker: stopped after ${maxFiles} files (max_files)\n`);
              return;
            }
            const data = readFile(`${root}/${path}`, st.size);
            if (data !== undefined) searchText(path, data);
          }
        }
      }
    }
  }
}

function docs(): void {
  const input = io.stdin.read("*a") ?? "";
  let pos = 1;
  while (pos <= input.length) {
    const [z1] = string.find(input, "\0", pos, true);
    if (z1 === undefined) break;
    const [z2] = string.find(input, "\0", z1 + 1, true);
    if (z2 === undefined) break;
    const name = string.sub(input, pos, z1 - 1);
    const len = tonumber(string.sub(input, z1 + 1, z2 - 1)) ?? 0;
    searchText(name, string.sub(input, z2 + 1, z2 + len));
    pos = z2 + len + 1;
  }
}

if (mode === "docs") docs();
else walk();
out.write(`\n${searched} files searched\n`);
out.flush();
