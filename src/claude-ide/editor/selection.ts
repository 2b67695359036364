// What the user has selected, in protocol form (0-based lines, UTF-16 characters), and the tracker that
// pushes `selection_changed` to connected clients (doc/protocol.md §7).
//
// Rules the tracker implements:
// - Only file buffers count (never terminals, sidebars, prompts, scratch buffers or floats).
// - Cursor moves are debounced (selection.debounce_ms); leaving Visual mode flushes at once.
// - Leaving Visual mode (<Esc>, or jumping to the Claude terminal) keeps that selection as the context until
//   the cursor actually moves in a file buffer.
// - Nothing is sent twice in a row, and with no client connected no cursor autocmd exists at all.
import type { Config } from "../config";
import type { Hub, Position, SelectionInfo, SelectionService } from "../contracts";
import { Logger } from "../log";
import { type Clock, type ClockTimer, realClock } from "../util/clock";
import type { Policy } from "../policy/policy";
import type { Rules } from "../policy/rules";
import { lazy } from "../util/modules";
import type * as BuffersModule from "./buffers";
import type * as PositionsModule from "./positions";
import type * as WindowsModule from "./windows";

// Loaded by the first capture (a Visual selection, a client connecting), not by setup().
const buffers = lazy<typeof BuffersModule>("claude-ide.editor.buffers");
const positions = lazy<typeof PositionsModule>("claude-ide.editor.positions");
const windows = lazy<typeof WindowsModule>("claude-ide.editor.windows");

/** mode() for blockwise Visual (CTRL-V) and blockwise Select (CTRL-S). */
const CTRL_V = string.char(0x16);
const CTRL_S = string.char(0x13);
/** Vim's MAXCOL: 'curswant' after `$`, and the column of '> after linewise Visual. */
const MAXCOL = 2147483647;

/** The Visual mode behind mode() ("v", "V", CTRL-V; Select mode maps to its Visual twin), or undefined. */
function visualKind(mode: string): string | undefined {
  if (mode === "v" || mode === "s") return "v";
  if (mode === "V" || mode === "S") return "V";
  if (mode === CTRL_V || mode === CTRL_S) return CTRL_V;
  return undefined;
}

/** A window whose selection is tracked: a non-floating window showing a file buffer. */
export function isTrackedWindow(win: Win): boolean {
  return (
    vim.api.nvim_win_is_valid(win) &&
    // Not floating ("popup"); cheaper than nvim_win_get_config, which builds a whole dictionary.
    vim.fn.win_gettype(win) !== "popup" &&
    buffers().isFileBuffer(vim.api.nvim_win_get_buf(win))
  );
}

/**
 * The editor window a selection question is about: the current window when it shows a file, else the main
 * editor window (the user is in the Claude terminal or a sidebar). Undefined when no file is shown.
 */
export function activeEditorWindow(): Win | undefined {
  const current = vim.api.nvim_get_current_win();
  if (isTrackedWindow(current)) return current;
  const main = windows().mainEditorWindow();
  return main !== undefined && isTrackedWindow(main) ? main : undefined;
}

function info(buf: Buf, start: Position, end: Position, text: string): SelectionInfo {
  const filePath = buffers().bufferPath(buf);
  const isEmpty = start.line === end.line && start.character === end.character;
  return { text, filePath, fileUrl: positions().toUri(filePath), selection: { start, end, isEmpty } };
}

/** Cursor only: an empty selection at the cursor of `win`. */
export function cursorSelection(win: Win): SelectionInfo {
  const buf = vim.api.nvim_win_get_buf(win);
  const [row, col] = vim.api.nvim_win_get_cursor(win);
  const at = { line: row - 1, character: positions().byteToUtf16(buffers().getLine(buf, row - 1), col) };
  return info(buf, at, { line: at.line, character: at.character }, "");
}

/** Byte column where the character covering screen column `vcol` starts (line end when past it). */
function byteAtVcol(win: Win, lnum: number, line: string, vcol: number): number {
  if (line === "" || vcol > vim.fn.strdisplaywidth(line)) return line.length;
  return vim.fn.virtcol2col(win, lnum, vcol) - 1;
}

/** Byte column just after the character covering screen column `vcol` (line end when past it). */
function byteAfterVcol(win: Win, lnum: number, line: string, vcol: number): number {
  if (line === "" || vcol >= vim.fn.strdisplaywidth(line)) return line.length;
  const col = vim.fn.virtcol2col(win, lnum, vcol) - 1;
  return col + positions().charLength(line, col);
}

type Pos = [number, number]; // [1-based line, 0-based byte column]

function ordered(a: Pos, b: Pos): [Pos, Pos] {
  return a[0] < b[0] || (a[0] === b[0] && a[1] <= b[1]) ? [a, b] : [b, a];
}

/**
 * The selection between Visual corners `a` and `b` of window `win` in Visual mode `kind`. Characterwise
 * honours 'selection' (exclusive leaves the last character out); linewise spans whole lines; blockwise
 * takes the same screen columns on every line (to each line's end after `$`).
 */
function regionSelection(win: Win, kind: string, a: Pos, b: Pos, blockToEol: boolean): SelectionInfo {
  const buf = vim.api.nvim_win_get_buf(win);
  const [s, e] = ordered(a, b);
  const lines = vim.api.nvim_buf_get_lines(buf, s[0] - 1, e[0], false);
  if (lines.length === 0) return cursorSelection(win);
  const first = lines[0];
  const last = lines[lines.length - 1];
  const top = s[0] - 1;
  const bottom = e[0] - 1;

  if (kind === "V") {
    return info(
      buf,
      { line: top, character: 0 },
      { line: bottom, character: positions().utf16Length(last) },
      lines.join("\n"),
    );
  }

  if (kind === "v") {
    const startByte = math.min(s[1], first.length);
    const endCol = math.min(e[1], last.length);
    const endByte = vim.o.selection === "exclusive" ? endCol : endCol + positions().charLength(last, endCol);
    // Trim the first and last line in place (no spread: unpack() fails on very long selections).
    if (lines.length === 1) lines[0] = string.sub(first, startByte + 1, endByte);
    else {
      lines[0] = string.sub(first, startByte + 1);
      lines[lines.length - 1] = string.sub(last, 1, endByte);
    }
    const text = lines.join("\n");
    const start = { line: top, character: positions().byteToUtf16(first, startByte) };
    return info(buf, start, { line: bottom, character: positions().byteToUtf16(last, endByte) }, text);
  }

  // Blockwise: screen columns, so tabs and wide characters line up as the user sees them.
  const [aFirst, aLast] = vim.fn.virtcol([a[0], a[1] + 1], 1, win);
  const [bFirst, bLast] = vim.fn.virtcol([b[0], b[1] + 1], 1, win);
  const left = math.min(aFirst, bFirst);
  const right = math.max(aLast, bLast);
  const pieces: string[] = [];
  let startByte = 0;
  let endByte = 0;
  lines.forEach((line, i) => {
    const lnum = s[0] + i;
    const from = byteAtVcol(win, lnum, line, left);
    const to = blockToEol ? line.length : math.max(from, byteAfterVcol(win, lnum, line, right));
    pieces.push(string.sub(line, from + 1, to));
    if (i === 0) startByte = from;
    if (i === lines.length - 1) endByte = to;
  });
  const start = { line: top, character: positions().byteToUtf16(first, startByte) };
  return info(buf, start, { line: bottom, character: positions().byteToUtf16(last, endByte) }, pieces.join("\n"));
}

/** The live selection of the current window `win`: its Visual selection, or the cursor. */
export function liveSelection(win: Win): SelectionInfo {
  const kind = visualKind(vim.fn.mode());
  if (kind === undefined || win !== vim.api.nvim_get_current_win()) return cursorSelection(win);
  const v = vim.fn.getpos("v");
  const [row, col] = vim.api.nvim_win_get_cursor(win);
  const toEol = kind === CTRL_V && vim.fn.winsaveview().curswant === MAXCOL;
  return regionSelection(win, kind, [v[1], v[2] - 1], [row, col], toEol);
}

/** The last Visual selection of `win`'s buffer (marks '< and '>), or undefined when there was none. */
export function markedSelection(win: Win): SelectionInfo | undefined {
  const buf = vim.api.nvim_win_get_buf(win);
  const from = vim.api.nvim_buf_get_mark(buf, "<");
  const to = vim.api.nvim_buf_get_mark(buf, ">");
  if (from[0] === 0 || to[0] === 0) return undefined;
  const kind = visualKind(vim.api.nvim_buf_call(buf, () => vim.fn.visualmode())) ?? "v";
  return regionSelection(win, kind, [from[0], from[1]], [to[0], to[1]], false);
}

function sameSelection(a: SelectionInfo, b: SelectionInfo): boolean {
  const [p, q] = [a.selection, b.selection];
  return (
    a.filePath === b.filePath &&
    p.start.line === q.start.line &&
    p.start.character === q.start.character &&
    p.end.line === q.end.line &&
    p.end.character === q.end.character &&
    a.text === b.text
  );
}

/** Where the cursor was when a Visual selection ended: the selection stays current until it moves. */
interface Kept {
  win: Win;
  row: number;
  col: number;
}

/** Selection state of one running server (Services.selection). */
export class SelectionTracker implements SelectionService {
  private latestSeen?: SelectionInfo;
  private lastSent?: SelectionInfo;
  private kept?: Kept;
  /** The window where the current Visual mode started (the user may leave Visual by switching windows). */
  private visualWin?: Win;
  private readonly group: number;
  /** Cursor autocmds: they exist only while a client is connected. */
  private cursorAutocmds: number[] = [];
  private timer?: ClockTimer;
  private sessions = 0;
  private readonly unsubscribe: (this: void) => void;
  private readonly log: Logger;
  private readonly flushSoon: (this: void) => void = () => {
    vim.schedule(() => this.guard(() => this.flush()));
  };

  /** The last file asked about the privacy policy, with the rule set it was asked under and the answer. */
  private verdict?: { path: string; rules: Rules; withheld: boolean };

  /** `clock`: what the debounce waits on (a test seam; Neovim's by default). */
  constructor(
    private readonly config: Config,
    private readonly hub: Hub,
    private readonly policy?: (this: void) => Policy,
    private readonly clock: Clock = realClock,
  ) {
    this.log = new Logger(config.log_level);
    this.group = vim.api.nvim_create_augroup("claude-ide.selection", { clear: true });
    if (config.selection.enabled) this.watchVisualMode();
    this.unsubscribe = hub.onSessionsChanged(() => this.onSessionsChanged());
    this.onSessionsChanged();
  }

  /** The live selection of the active editor window (cursor only when nothing is selected). */
  current(): SelectionInfo | undefined {
    const win = activeEditorWindow();
    return win === undefined ? undefined : this.redact(liveSelection(win));
  }

  /** The last selection seen in a file buffer (also while the user is in the terminal), else current(). */
  latest(): SelectionInfo | undefined {
    return this.latestSeen !== undefined ? this.redact(this.latestSeen) : this.current();
  }

  /**
   * A selection in a file the privacy policy withholds keeps its file and range but loses its text (the
   * `selection_changed` push and both selection answers go through here).
   */
  private redact(sel: SelectionInfo): SelectionInfo {
    if (this.policy === undefined || sel.text === "" || sel.filePath === "") return sel;
    const policy = this.policy();
    const rules = policy.rules();
    const v = this.verdict;
    let withheld: boolean;
    if (v !== undefined && v.path === sel.filePath && v.rules === rules) withheld = v.withheld;
    else {
      withheld = policy.withheld(sel.filePath, rules) !== undefined;
      this.verdict = { path: sel.filePath, rules, withheld };
    }
    return withheld ? { ...sel, text: "" } : sel;
  }

  /** Removes every autocmd and timer (server stop). */
  dispose(): void {
    this.unsubscribe();
    this.stopCursorTracking();
    vim.api.nvim_del_augroup_by_id(this.group);
  }

  private guard(fn: () => void): void {
    const [ok, err] = pcall(fn);
    if (!ok) this.log.warn(`selection tracking: ${tostring(err)}`);
  }

  /**
   * Visual mode start/end are watched even with no client (they are rare, unlike cursor moves), so that a
   * selection made just before Claude connects is still the context it gets.
   */
  private watchVisualMode(): void {
    const visual = `[vVsS${CTRL_V}${CTRL_S}]`;
    vim.api.nvim_create_autocmd("ModeChanged", {
      group: this.group,
      pattern: `*:${visual}*`,
      desc: "claude-ide: remember the window where Visual mode started",
      callback: () => {
        this.visualWin = vim.api.nvim_get_current_win();
        this.kept = undefined;
      },
    });
    vim.api.nvim_create_autocmd("ModeChanged", {
      group: this.group,
      pattern: `${visual}*:[^vVsS${CTRL_V}${CTRL_S}]*`,
      desc: "claude-ide: send the Visual selection at once when Visual mode ends, and keep it",
      callback: () => this.guard(() => this.onVisualLeft()),
    });
  }

  private onSessionsChanged(): void {
    if (vim.in_fast_event()) {
      vim.schedule(() => this.onSessionsChanged());
      return;
    }
    const count = this.hub.sessionCount();
    const joined = count > this.sessions;
    this.sessions = count;
    if (count === 0 || !this.config.selection.enabled) {
      this.stopCursorTracking();
      return;
    }
    this.startCursorTracking();
    if (joined) this.guard(() => this.announce());
  }

  /** A client joined: tell it the current context (re-sent even if an earlier client already had it). */
  private announce(): void {
    const current = vim.api.nvim_get_current_win();
    let sel: SelectionInfo | undefined;
    if (this.kept !== undefined && this.keptStillValid()) sel = this.latestSeen;
    else if (isTrackedWindow(current)) sel = liveSelection(current);
    else sel = this.latestSeen ?? this.current();
    if (sel === undefined) return;
    this.lastSent = undefined;
    this.publish(sel);
  }

  private startCursorTracking(): void {
    if (this.timer !== undefined) return;
    this.timer = this.clock.newTimer();
    const group = this.group;
    this.cursorAutocmds = [
      vim.api.nvim_create_autocmd(["CursorMoved", "CursorMovedI", "BufEnter"], {
        group,
        desc: "claude-ide: send selection_changed (debounced) when the cursor or selection moves",
        callback: () => this.onMove(),
      }),
      vim.api.nvim_create_autocmd("WinLeave", {
        group,
        desc: "claude-ide: flush a pending selection_changed before leaving the window",
        callback: () => {
          if (this.timer !== undefined && this.timer.isActive()) this.guard(() => this.flush());
        },
      }),
    ];
  }

  private stopCursorTracking(): void {
    for (const id of this.cursorAutocmds) pcall(vim.api.nvim_del_autocmd, id);
    this.cursorAutocmds = [];
    if (this.timer !== undefined) {
      this.timer.stop();
      this.timer.close();
      this.timer = undefined;
    }
  }

  /** CursorMoved: the hot path. Only (re)arms the debounce timer; the work happens when it fires. */
  private onMove(): void {
    const timer = this.timer;
    if (timer === undefined) return;
    const delay = this.config.selection.debounce_ms;
    if (delay === 0) this.guard(() => this.flush());
    else timer.start(delay, 0, this.flushSoon);
  }

  private keptStillValid(): boolean {
    const kept = this.kept as Kept;
    if (!vim.api.nvim_win_is_valid(kept.win)) return false;
    const [row, col] = vim.api.nvim_win_get_cursor(kept.win);
    return row === kept.row && col === kept.col;
  }

  private flush(): void {
    this.timer?.stop();
    const win = vim.api.nvim_get_current_win();
    // Outside file buffers (the terminal, a sidebar) the last file selection stays the context.
    if (!isTrackedWindow(win)) return;
    const inVisual = visualKind(vim.fn.mode()) !== undefined;
    if (this.kept !== undefined) {
      if (!inVisual && this.kept.win === win && this.keptStillValid()) return;
      this.kept = undefined;
    }
    this.publish(liveSelection(win));
  }

  private onVisualLeft(): void {
    this.timer?.stop();
    const win = this.visualWin ?? vim.api.nvim_get_current_win();
    this.visualWin = undefined;
    if (!isTrackedWindow(win)) return;
    const sel = markedSelection(win);
    if (sel === undefined) return;
    const [row, col] = vim.api.nvim_win_get_cursor(win);
    this.kept = { win, row, col };
    this.publish(sel);
  }

  private publish(raw: SelectionInfo): void {
    const sel = this.redact(raw);
    this.latestSeen = sel;
    if (this.sessions === 0 || (this.lastSent !== undefined && sameSelection(this.lastSent, sel))) return;
    this.lastSent = sel;
    this.hub.broadcast("selection_changed", sel);
  }
}
