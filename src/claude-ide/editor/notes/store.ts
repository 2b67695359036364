// Where the notes on lines are kept between Neovims: one JSON file per working directory in the plugin's own state
// folder (stdpath("state")/claude-ide/notes/, 0700; the file 0600), written atomically. Only notes on files are
// kept (a review's proposal is gone with its review).
import { writeFileAtomic } from "../../util/fs";
import { isObject } from "../../util/json";

/** A note as the file keeps it. */
export interface StoredNote {
  /** Absolute path of the file. */
  path: string;
  first: number;
  last: number;
  /** Lines first..last when last seen. */
  lines: string[];
  text: string;
  sent: boolean;
  /** Its lines when it was sent (the text the next turn starts from). */
  sentFirst?: number;
  sentLast?: number;
  /** Sent, then: a hunk of the next turn changed its lines (true), or that turn left them (false). */
  answered?: boolean;
}

/** The store's folder (specs point XDG_STATE_HOME elsewhere). */
export function storeFolder(): string {
  return `${vim.fn.stdpath("state")}/claude-ide/notes`;
}

/** The file of the notes made in working directory `cwd`. */
export function storeFile(cwd: string): string {
  return `${storeFolder()}/${string.sub(vim.fn.sha256(cwd), 1, 16)}.json`;
}

function isNote(v: unknown): v is StoredNote {
  if (!isObject(v)) return false;
  return (
    typeof v.path === "string" &&
    typeof v.first === "number" &&
    typeof v.last === "number" &&
    v.first >= 1 &&
    v.last >= v.first &&
    typeof v.text === "string" &&
    type(v.lines) === "table"
  );
}

/** The notes kept in `file` ([] when there is none); a broken file is reported by `error`, never thrown. */
export function readStore(file: string): { notes: StoredNote[]; error?: string } {
  const [stat] = vim.uv.fs_stat(file);
  if (stat === undefined) return { notes: [] };
  const [fd] = vim.uv.fs_open(file, "r", 0o600);
  if (fd === undefined) return { notes: [], error: `cannot read ${file}` };
  const [data] = vim.uv.fs_read(fd, stat.size, 0);
  vim.uv.fs_close(fd);
  const [ok, value] = pcall(vim.json.decode, data ?? "", { luanil: { object: true, array: true } });
  if (!ok || !isObject(value) || type(value.notes) !== "table")
    return { notes: [], error: `${file} is not a notes file: left as it is` };
  const notes: StoredNote[] = [];
  for (const n of value.notes as unknown[]) {
    if (!isNote(n)) continue;
    const lines: string[] = [];
    for (const l of n.lines as unknown[]) if (typeof l === "string") lines.push(l);
    const num = (v: unknown) => (typeof v === "number" ? v : undefined);
    notes.push({
      path: n.path,
      first: n.first,
      last: n.last,
      lines,
      text: n.text,
      sent: n.sent === true,
      sentFirst: num(n.sentFirst),
      sentLast: num(n.sentLast),
      answered: typeof n.answered === "boolean" ? n.answered : undefined,
    });
  }
  return { notes };
}

/** Writes `notes` for working directory `cwd` (the file goes when none is left). */
export function writeStore(
  file: string,
  cwd: string,
  notes: StoredNote[],
): { ok: true } | { ok: false; error: string } {
  if (notes.length === 0) {
    vim.uv.fs_unlink(file);
    return { ok: true };
  }
  const folder = storeFolder();
  if (vim.fn.isdirectory(folder) !== 1) pcall(vim.fn.mkdir, folder, "p", 0o700);
  const body = vim.json.encode({ folder: cwd, notes });
  return writeFileAtomic(file, body, 0o600, { durable: false });
}
