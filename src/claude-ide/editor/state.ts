// The editor's state in one compact text for the model (editor_state, vim://state): a `state:` token, then
// one section per aspect (mode, cwd, cursor, selection, tabs, buffers, lsp, reviews), YAML-like, with inline
// markers ([cur], [mod]) instead of JSON keys. Given the token of an earlier answer, sections that did not
// change since are one line `<section>: unchanged`, so a model polling the editor pays only for what moved.
// Lines are 1-based and columns are characters, as the editor shows them.
import type { Hub, SnapshotStore } from "../contracts";
import { bufOption, bufferPath, isAgentFile, isDirty, isFileBuffer, isListed, isSidebarFiletype } from "./buffers";
import { REVIEW_VAR, type ReviewVar } from "./review_marks";
import { byteToCharColumn, charLength } from "./positions";
import { mainEditorWindow } from "./windows";
import { isClaudeTerminal, terminalLabel, terminalLines } from "./terminal_buffers";
import { loadedModule } from "../util/modules";
import { normalize } from "../util/fs";
import type { Policy } from "../policy/policy";
import { withheldMessage } from "../policy/rules";

/** Who asks for the state: the connected Claude sessions (hub), and the session the asking bridge belongs to. */
export interface StateContext {
  hub: Hub;
  /** The Claude CLI connection the caller belongs to (Hub.ownerOf), marked [yours]. */
  own?: number;
}

/** Text of the live Visual selection kept in the state (the rest: read_buffer with the range). */
const SELECTION_BUDGET = 2000;
/** Buffers listed before the list is cut (vim://buffers has them all). */
const MAX_BUFFERS = 300;

const SECTIONS = ["mode", "cwd", "cursor", "selection", "tabs", "buffers", "lsp", "reviews", "sessions"] as const;
type Section = (typeof SECTIONS)[number];
export type Sections = { [S in Section]: string };

const CTRL_V = string.char(0x16);

/** A path as the model should read it: relative to the cwd when inside it, else absolute. */
export function displayPath(path: string, cwd = normalize(vim.fn.getcwd())): string {
  if (path === "") return "[No Name]";
  if (string.sub(path, 1, cwd.length + 1) === `${cwd}/`) return string.sub(path, cwd.length + 2);
  return path;
}

/**
 * The file path of a buffer named `name`. Neovim keeps buffer names absolute and clean, so only a name that
 * may not be (relative, `//`, `/.`, `~`, `$`, a trailing `/`) is normalized: editor_state lists every buffer,
 * and normalizing each one was most of its cost with a few hundred buffers.
 */
function filePath(buf: Buf, name: string): string {
  if (name === "") return "";
  const clean =
    string.sub(name, 1, 1) === "/" &&
    string.sub(name, -1) !== "/" &&
    string.find(name, "//", 1, true)[0] === undefined &&
    string.find(name, "/.", 1, true)[0] === undefined &&
    string.find(name, "[~$]")[0] === undefined;
  return clean ? name : bufferPath(buf);
}

/** How a CLI's external-editor file (its prompt, a plan, being written: editor/external_editor) is named. */
const AGENT_FILE_LABEL = "[prompt] being written for a CLI";

function labelOf(buf: Buf, cwd: string, bt: string, name: string): string {
  if (bt === "terminal") return `[terminal] ${terminalLabel(buf)}`;
  if (bt !== "") return `[${bt}] ${name !== "" ? vim.fn.fnamemodify(name, ":t") : "-"}`;
  // Never named by its path: it is no file of the project, and no CLI is told it was opened.
  if (isAgentFile(buf)) return AGENT_FILE_LABEL;
  return displayPath(filePath(buf, name), cwd);
}

/** What a buffer shows, for the model: its file (relative), or `[terminal]`, `[help] name`, ... */
export function bufferLabel(buf: Buf, cwd: string): string {
  return labelOf(buf, cwd, bufOption(buf, "buftype") as string, vim.api.nvim_buf_get_name(buf));
}

const SEVERITY_LETTERS = ["E", "W", "I", "H"];

function diagnosticCounts(buf: Buf): string {
  const diagnostic = loadedModule<typeof vim.diagnostic>("vim.diagnostic");
  if (diagnostic === undefined) return "";
  // count(), not get(): get() deep-copies every diagnostic of the buffer only to have them counted here.
  const counts = diagnostic.count(buf);
  const parts: string[] = [];
  SEVERITY_LETTERS.forEach((letter, i) => {
    const n = counts[i + 1] ?? 0;
    if (n > 0) parts.push(`${letter}${n}`);
  });
  return parts.join(" ");
}

/** The live Visual selection of the current window: range and text (cut to a budget), or undefined. */
function visualSelection(cwd: string, policy: Policy): string | undefined {
  const mode = vim.api.nvim_get_mode().mode;
  const kind = string.sub(mode, 1, 1);
  if (kind !== "v" && kind !== "V" && kind !== CTRL_V) return undefined;
  const win = vim.api.nvim_get_current_win();
  const buf = vim.api.nvim_win_get_buf(win);
  // Text selected in a CLI's prompt is that CLI's own, not a selection to report.
  if (isAgentFile(buf)) return undefined;
  const v = vim.fn.getpos("v");
  const [row, col] = vim.api.nvim_win_get_cursor(win);
  let [l1, c1, l2, c2] = [v[1], v[2] - 1, row, col];
  if (l1 > l2 || (l1 === l2 && c1 > c2)) [l1, c1, l2, c2] = [l2, c2, l1, c1];
  const lines = vim.api.nvim_buf_get_lines(buf, l1 - 1, l2, false);
  let text: string;
  if (kind === "v") {
    const last = lines.length - 1;
    lines[last] = string.sub(lines[last] ?? "", 1, c2 + math.max(1, charLength(lines[last] ?? "", c2)));
    lines[0] = string.sub(lines[0] ?? "", c1 + 1);
    text = lines.join("\n");
  } else {
    text = lines.join("\n");
  }
  const first = vim.api.nvim_buf_get_lines(buf, l1 - 1, l1, false)[0] ?? "";
  const lastLine = vim.api.nvim_buf_get_lines(buf, l2 - 1, l2, false)[0] ?? "";
  const from = kind === "V" ? `${l1}` : `${l1}:${byteToCharColumn(first, c1)}`;
  const to = kind === "V" ? `${l2}` : `${l2}:${byteToCharColumn(lastLine, c2)}`;
  const what = kind === "V" ? "lines" : kind === "v" ? "chars" : "block";
  const head = `selection: ${displayPath(bufferPath(buf), cwd)} ${from}-${to} (${what}, ${l2 - l1 + 1} lines)`;
  const why = bufferPath(buf) !== "" ? policy.withheld(bufferPath(buf)) : undefined;
  if (why !== undefined)
    return `${head}\n  (text not shown: ${withheldMessage(displayPath(bufferPath(buf), cwd), why)})`;
  const cut = text.length > SELECTION_BUDGET;
  const shown = cut ? string.sub(text, 1, SELECTION_BUDGET) : text;
  const body = shown
    .split("\n")
    .map((l) => `  | ${l}`)
    .join("\n");
  const more = cut
    ? `\n  …cut at ${SELECTION_BUDGET} of ${text.length} bytes: read_buffer ${displayPath(bufferPath(buf), cwd)} lines ${l1}-${l2} for all`
    : "";
  return `${head}\n${body}${more}`;
}

function windowLine(win: Win, current: Win, cwd: string): string {
  const buf = vim.api.nvim_win_get_buf(win);
  const [row, col] = vim.api.nvim_win_get_cursor(win);
  const marks: string[] = [];
  if (win === current) marks.push("[cur]");
  if (vim.fn.getwinvar(win, "&diff") === 1) marks.push("[diff]");
  // win_gettype() says "popup" for a floating window without building nvim_win_get_config's whole dict.
  if (vim.fn.win_gettype(win) === "popup") marks.push("[float]");
  const line = vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[0] ?? "";
  const at = bufOption(buf, "buftype") === "" && !isAgentFile(buf) ? `:${row}:${byteToCharColumn(line, col)}` : "";
  return `w${win} b${buf} ${bufferLabel(buf, cwd)}${at}${marks.length > 0 ? ` ${marks.join(" ")}` : ""}`;
}

/** The pending diff reviews (of every server of this Neovim): tab name and file. */
export function pendingReviews(): { tabName: string; buf: Buf; file: string }[] {
  const found: { tabName: string; buf: Buf; file: string }[] = [];
  for (const buf of vim.api.nvim_list_bufs()) {
    // A proposal is a scratch buffer shown in its review (wiped when hidden): always loaded. Of 1,000 buffers
    // of a big session most are not, and they are passed over without a question.
    if (!vim.api.nvim_buf_is_loaded(buf)) continue;
    // getbufvar(), not vim.b[buf]: that makes an accessor table per buffer.
    const v = vim.fn.getbufvar(buf, REVIEW_VAR) as ReviewVar | "";
    if (type(v) !== "table" || (v as ReviewVar).role !== "proposal") continue;
    const review = v as ReviewVar;
    found.push({ tabName: review.tab_name, buf, file: vim.api.nvim_buf_get_name(buf) });
  }
  return found;
}

/** The Claude sessions connected to this Neovim: name, pid and folders (roots/list: cwd, then --add-dir). */
function sessionsSection(context: StateContext | undefined): string {
  const hub = context?.hub;
  const clients = hub?.clients() ?? [];
  if (hub === undefined || clients.length === 0) return "sessions: none";
  const lines = clients.map((c) => {
    const name = hub.describe(c.id) ?? c.name ?? `client ${c.id}`;
    // A CLI without a terminal is named after its pid already.
    const pid = c.pid !== undefined && !name.includes(`pid ${c.pid}`) ? ` (pid ${c.pid})` : "";
    const dirs = c.roots !== undefined && c.roots.length > 0 ? c.roots.join(", ") : "folders not known";
    return `  ${name}${pid}: ${dirs}${c.id === context?.own ? " [yours]" : ""}`;
  });
  return `sessions (${clients.length}, Claude CLIs connected to this Neovim):\n${lines.join("\n")}`;
}

/** Every section of the state, now. */
export function collect(policy: Policy, context?: StateContext): Sections {
  const cwd = normalize(vim.fn.getcwd());
  const mode = vim.api.nvim_get_mode();
  const current = vim.api.nvim_get_current_win();
  const curBuf = vim.api.nvim_get_current_buf();

  const [row, col] = vim.api.nvim_win_get_cursor(current);
  const curLine = vim.api.nvim_buf_get_lines(curBuf, row - 1, row, false)[0] ?? "";
  let cursor = isAgentFile(curBuf)
    ? `cursor: ${AGENT_FILE_LABEL}`
    : `cursor: ${bufferLabel(curBuf, cwd)}:${row}:${byteToCharColumn(curLine, col)}`;
  if (!isFileBuffer(curBuf)) {
    // The user is in the Claude terminal, a sidebar or a CLI's prompt: the file they edit is in the main editor
    // window.
    const main = mainEditorWindow();
    if (main !== undefined) {
      const buf = vim.api.nvim_win_get_buf(main);
      const [r, c] = vim.api.nvim_win_get_cursor(main);
      const text = vim.api.nvim_buf_get_lines(buf, r - 1, r, false)[0] ?? "";
      cursor += `\nediting: ${bufferLabel(buf, cwd)}:${r}:${byteToCharColumn(text, c)} (w${main}, the window the user edits in)`;
    }
  }

  const tabLines: string[] = [];
  const curTab = vim.api.nvim_get_current_tabpage();
  for (const tab of vim.api.nvim_list_tabpages()) {
    const nr = vim.api.nvim_tabpage_get_number(tab);
    tabLines.push(`  tab ${nr}${tab === curTab ? " [cur]" : ""}:`);
    for (const win of vim.api.nvim_tabpage_list_wins(tab)) tabLines.push(`    ${windowLine(win, current, cwd)}`);
  }

  const bufLines: string[] = [];
  let listed = 0;
  for (const buf of vim.api.nvim_list_bufs()) {
    if (!isListed(buf)) continue;
    listed++;
    if (listed > MAX_BUFFERS) continue;
    const loaded = vim.api.nvim_buf_is_loaded(buf);
    const bt = bufOption(buf, "buftype") as string;
    // The Claude terminals are the conversation itself: left out (read_buffer still reads one by number).
    if (bt === "terminal" && isClaudeTerminal(buf)) {
      listed--;
      continue;
    }
    const name = vim.api.nvim_buf_get_name(buf);
    const parts = [`  b${buf} ${labelOf(buf, cwd, bt, name)}`];
    const count = bt === "terminal" ? terminalLines(buf).length : vim.api.nvim_buf_line_count(buf);
    parts.push(loaded ? `${count}L` : "(not loaded)");
    if (loaded && isDirty(buf)) parts.push("[mod]");
    if (buf === curBuf) parts.push("[cur]");
    const ft = bufOption(buf, "filetype") as string;
    if (ft !== "") parts.push(ft);
    // A file buffer (editor/buffers isFileBuffer, from the options read above).
    if (loaded && bt === "" && name !== "" && !isSidebarFiletype(ft) && !isAgentFile(buf)) {
      const counts = diagnosticCounts(buf);
      if (counts !== "") parts.push(counts);
    }
    bufLines.push(parts.join(" "));
  }
  if (listed > MAX_BUFFERS) bufLines.push(`  …${listed - MAX_BUFFERS} more: resources/read vim://buffers lists all`);

  const lspLines: string[] = [];
  const lsp = loadedModule<typeof vim.lsp>("vim.lsp");
  if (lsp !== undefined) {
    for (const client of lsp.get_clients()) {
      const attached: string[] = [];
      for (const [buf] of pairs(
        (client as unknown as { attached_buffers: { [buf: number]: boolean } }).attached_buffers ?? {},
      ))
        attached.push(`b${buf}`);
      lspLines.push(`  ${client.name} (id ${client.id}): ${attached.length > 0 ? attached.join(" ") : "no buffers"}`);
    }
  }

  const reviews = pendingReviews().map((r) => `  ${displayPath(r.file, cwd)}  "${r.tabName}"`);

  return {
    mode: `mode: ${mode.mode}${mode.blocking ? " (blocked: waiting for input)" : ""}`,
    cwd: `cwd: ${cwd}`,
    cursor,
    selection: visualSelection(cwd, policy) ?? "selection: none",
    tabs: `tabs:\n${tabLines.join("\n")}`,
    buffers: `buffers (${listed}):${bufLines.length > 0 ? `\n${bufLines.join("\n")}` : " none"}`,
    lsp: lspLines.length > 0 ? `lsp:\n${lspLines.join("\n")}` : "lsp: none",
    reviews:
      reviews.length > 0
        ? `reviews (${reviews.length}, waiting for the user):\n${reviews.join("\n")}`
        : "reviews: none",
    sessions: sessionsSection(context),
  };
}

/** Earlier answers by token, so that `since` can name one (a few are kept; older tokens get the full state). */
export class Snapshots implements SnapshotStore<Sections> {
  private readonly kept = new LuaMap<string, Sections>();
  private readonly order: string[] = [];
  private serial = 0;

  constructor(private readonly capacity = 16) {}

  remember(sections: Sections): string {
    this.serial++;
    const token = `s${this.serial}`;
    this.kept.set(token, sections);
    this.order.push(token);
    while (this.order.length > this.capacity) this.kept.delete(this.order.shift() as string);
    return token;
  }

  get(token: string): Sections | undefined {
    return this.kept.get(token);
  }
}

/**
 * The state text. With `since` (a token this store gave out), sections equal to that answer's are one line
 * `<section>: unchanged`; an unknown token gets the full state and a line saying so.
 */
export function render(store: SnapshotStore, policy: Policy, since?: string, context?: StateContext): string {
  const now = collect(policy, context);
  const before = since !== undefined ? (store.get(since) as Sections | undefined) : undefined;
  const token = store.remember(now);
  const lines = [`state: ${token}${before !== undefined ? ` (changes since ${since})` : ""}`];
  if (since !== undefined && before === undefined)
    lines.push(`note: unknown or expired token "${since}": full state follows`);
  for (const section of SECTIONS)
    lines.push(before !== undefined && before[section] === now[section] ? `${section}: unchanged` : now[section]);
  return lines.join("\n");
}
