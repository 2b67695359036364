/** @noSelfInFile */
// Narrow, hand-written typings for the subset of the Neovim (>= 0.10) Lua API this plugin uses.
// Functions here are called with a dot (no `self`). luv handles live in uv.d.ts (method calls with `:`).
// Add what you need in a file of your own area (`types/vim.<area>.d.ts`): `declare namespace vim` merges.

type Buf = number;
type Win = number;
type Tab = number;

/** A Lua table used as a JSON object / dictionary. */
type Dict<T = unknown> = { [key: string]: T };

declare namespace vim {
  // --- core -------------------------------------------------------------------------------------------
  const NIL: unknown;
  const env: { [name: string]: string | undefined };
  const v: {
    dying: number;
    exiting: number | null;
    progpath: string;
    vim_did_enter: number;
    [key: string]: unknown;
  };
  /** Marks a Lua table so that `vim.json.encode` writes `{}` instead of `[]`. */
  function empty_dict(): Dict<never>;
  function schedule(fn: () => void): void;
  function schedule_wrap<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void;
  function defer_fn(fn: () => void, ms: number): uv.Timer;
  function notify(msg: string, level?: number, opts?: Dict): void;
  function notify_once(msg: string, level?: number, opts?: Dict): boolean;
  function inspect(value: unknown, opts?: Dict): string;
  function deepcopy<T>(value: T): T;
  function tbl_deep_extend(behavior: "error" | "keep" | "force", ...tables: object[]): any;
  function tbl_extend(behavior: "error" | "keep" | "force", ...tables: object[]): any;
  function tbl_keys<T extends object>(t: T): string[];
  function tbl_contains(t: unknown[], value: unknown): boolean;
  function list_contains(t: unknown[], value: unknown): boolean;
  /** A shallow copy of the list (or of its items start..finish, 1-based). */
  function list_slice<T>(list: T[], start?: number, finish?: number): T[];
  function tbl_isempty(t: object): boolean;
  function tbl_count(t: object): number;
  function islist(t: unknown): boolean;
  function is_callable(f: unknown): boolean;
  interface Regex {
    /** Byte offsets (0-based start, end exclusive) of the first match in `s`, or nothing. */
    match_str(this: Regex, s: string): LuaMultiReturn<[number | undefined, number | undefined]>;
  }
  /** Compiles a Vim regex; raises on a bad pattern. */
  function regex(re: string): Regex;
  function split(s: string, sep: string, opts?: { plain?: boolean; trimempty?: boolean }): string[];
  function startswith(s: string, prefix: string): boolean;
  function endswith(s: string, suffix: string): boolean;
  function trim(s: string): string;
  function pesc(s: string): string;
  function gsplit(s: string, sep: string, opts?: { plain?: boolean; trimempty?: boolean }): LuaIterable<string>;
  function cmd(command: string | Dict): void;
  function wait(timeout: number, condition?: () => boolean, interval?: number, fast_only?: boolean): LuaMultiReturn<[boolean, number?]>;
  function in_fast_event(): boolean;
  /** xdiff of two texts; with result_type "indices": hunks { start_a, count_a, start_b, count_b }. */
  function diff(a: string, b: string, opts: { result_type: "indices"; algorithm?: string; linematch?: boolean | number }): [number, number, number, number][];
  function print(...args: unknown[]): void;
  function deprecate(...args: unknown[]): void;
  function validate(spec: Dict): void;
  function on_key(fn: ((key: string, typed: string) => void) | undefined, ns?: number): number;

  /** UTF-16 / UTF-32 index of byte index `index` in `s` (0.10 signature: str_utfindex(s, index) -> utf32, utf16). */
  function str_utfindex(s: string, index?: number): LuaMultiReturn<[number, number]>;
  function str_utfindex(s: string, encoding: "utf-8" | "utf-16" | "utf-32", index?: number, strict_indexing?: boolean): number;
  /** Byte index of UTF-32 (or UTF-16 when use_utf16) index. 0.10: str_byteindex(s, index, use_utf16). */
  function str_byteindex(s: string, index: number, use_utf16?: boolean): number;
  function str_byteindex(s: string, encoding: "utf-8" | "utf-16" | "utf-32", index: number, strict_indexing?: boolean): number;
  function str_utf_pos(s: string): number[];
  function uri_from_fname(path: string): string;
  function uri_to_fname(uri: string): string;
  function uri_from_bufnr(buf: Buf): string;
  function uri_to_bufnr(uri: string): Buf;
  function has(feature: string): boolean;

  namespace log {
    const levels: { TRACE: number; DEBUG: number; INFO: number; WARN: number; ERROR: number; OFF: number };
  }

  namespace json {
    function encode(value: unknown, opts?: { escape_slash?: boolean }): string;
    function decode(s: string, opts?: { luanil?: { object?: boolean; array?: boolean } }): any;
  }

  namespace base64 {
    function encode(s: string): string;
    function decode(s: string): string;
  }

  namespace version {
    function cmp(a: unknown, b: unknown): number;
  }
  /** `vim.version()` is callable; declared as a function too. */
  function version(): { major: number; minor: number; patch: number; prerelease?: string | boolean };

  // --- options ---------------------------------------------------------------------------------------
  const o: { [name: string]: any };
  const go: { [name: string]: any };
  const bo: { [buf: number]: { [name: string]: any } } & { [name: string]: any };
  const wo: { [win: number]: { [name: string]: any } } & { [name: string]: any };
  const opt: { [name: string]: any };

  // --- keymaps ---------------------------------------------------------------------------------------
  namespace keymap {
    function set(
      mode: string | string[],
      lhs: string,
      rhs: string | (() => void),
      opts?: { buffer?: Buf | boolean; desc?: string; nowait?: boolean; silent?: boolean; expr?: boolean; noremap?: boolean; remap?: boolean },
    ): void;
    function del(mode: string | string[], lhs: string, opts?: { buffer?: Buf | boolean }): void;
  }

  // --- filesystem ------------------------------------------------------------------------------------
  namespace fs {
    function normalize(path: string, opts?: { expand_env?: boolean }): string;
    function joinpath(...parts: string[]): string;
    function dirname(path: string): string;
    function basename(path: string): string;
    function abspath(path: string): string;
    function root(source: Buf | string, marker: string | string[]): string | undefined;
    function find(names: string | string[] | ((name: string, path: string) => boolean), opts?: Dict): string[];
    function dir(path: string, opts?: Dict): LuaIterable<LuaMultiReturn<[string, string]>>;
  }

  // --- diagnostics -----------------------------------------------------------------------------------
  namespace diagnostic {
    const severity: { ERROR: 1; WARN: 2; INFO: 3; HINT: 4; [name: string]: number };
    interface Diagnostic {
      bufnr?: Buf;
      lnum: number;
      end_lnum?: number;
      col: number;
      end_col?: number;
      severity?: number;
      message: string;
      source?: string;
      code?: string | number;
      namespace?: number;
      user_data?: unknown;
    }
    function get(bufnr?: Buf, opts?: { namespace?: number | number[]; lnum?: number; severity?: unknown }): Diagnostic[];
    function set(namespace: number, bufnr: Buf, diagnostics: Diagnostic[], opts?: Dict): void;
    /** Diagnostics by severity (keys: the severities present), without copying them. */
    function count(bufnr?: Buf, opts?: { namespace?: number | number[] }): { [severity: number]: number };
    function reset(namespace?: number, bufnr?: Buf): void;
  }

  // --- LSP -------------------------------------------------------------------------------------------
  namespace lsp {
    interface Client {
      id: number;
      name: string;
      workspace_folders?: { uri: string; name: string }[] | null;
      root_dir?: string | null;
      offset_encoding: string;
      config: Dict;
      server_capabilities?: Dict | null;
    }
    function get_clients(filter?: { id?: number; bufnr?: Buf; name?: string; method?: string }): Client[];
    function buf_request_sync(bufnr: Buf, method: string, params: unknown, timeout_ms?: number): Dict | undefined;
    namespace util {
      function make_position_params(win?: Win, encoding?: string): Dict;
    }
  }

  // --- health ----------------------------------------------------------------------------------------
  namespace health {
    function start(name: string): void;
    function ok(msg: string): void;
    function info(msg: string): void;
    function warn(msg: string, advice?: string | string[]): void;
    function error(msg: string, advice?: string | string[]): void;
  }

  // --- processes -------------------------------------------------------------------------------------
  interface SystemCompleted {
    code: number;
    signal: number;
    stdout?: string;
    stderr?: string;
  }
  interface SystemObj {
    pid: number;
    wait(this: SystemObj, timeout?: number): SystemCompleted;
    kill(this: SystemObj, signal: number | string): void;
    write(this: SystemObj, data?: string | string[]): void;
    is_closing(this: SystemObj): boolean;
  }
  function system(
    cmd: string[],
    opts?: { cwd?: string; env?: Dict<string>; clear_env?: boolean; stdin?: string | boolean; text?: boolean; timeout?: number; detach?: boolean; stdout?: boolean | ((err: string | undefined, data: string | undefined) => void); stderr?: boolean | ((err: string | undefined, data: string | undefined) => void) },
    on_exit?: (result: SystemCompleted) => void,
  ): SystemObj;

  // --- ui --------------------------------------------------------------------------------------------
  namespace ui {
    function select<T>(items: T[], opts: { prompt?: string; format_item?: (this: void, item: T) => string; kind?: string }, on_choice: (this: void, item: T | undefined, idx: number | undefined) => void): void;
    function input(opts: { prompt?: string; default?: string }, on_confirm: (this: void, input: string | undefined) => void): void;
  }

  // --- vimscript functions (vim.fn) -------------------------------------------------------------------
  namespace fn {
    function getpid(): number;
    function has(feature: string): number;
    function expand(expr: string): string;
    function fnamemodify(fname: string, mods: string): string;
    function resolve(path: string): string;
    function getcwd(win?: number, tab?: number): string;
    /** 1 when the window (or with win -1 the tab page) has a local cwd (:lcd, :tcd). */
    function haslocaldir(win?: number, tab?: number): number;
    /** [tabnr, winnr] of a window id ([0, 0] when not found). */
    function win_id2tabwin(win: number): [number, number];
    function filereadable(path: string): number;
    function isdirectory(path: string): number;
    function mkdir(path: string, flags?: string, prot?: number): number;
    function mode(expr?: number): string;
    function getpos(expr: string): [number, number, number, number];
    function getcharpos(expr: string): [number, number, number, number];
    function getregion(pos1: unknown, pos2: unknown, opts?: Dict): string[];
    function getregionpos(pos1: unknown, pos2: unknown, opts?: Dict): unknown[];
    function line(expr: string, win?: Win): number;
    function col(expr: string | unknown[], win?: Win): number;
    function virtcol(expr: string | unknown[]): number;
    function visualmode(): string;
    function bufnr(expr?: string | number, create?: boolean | number): number;
    function bufadd(name: string): number;
    function bufload(buf: Buf): void;
    function buflisted(buf: Buf): number;
    function bufwinid(buf: Buf): number;
    function bufname(buf?: Buf): string;
    function win_findbuf(buf: Buf): Win[];
    function win_gotoid(win: Win): number;
    function win_getid(nr?: number, tab?: number): Win;
    function win_gettype(win?: Win): string;
    function winnr(arg?: string): number;
    function tabpagenr(arg?: string): number;
    function getbufinfo(buf?: Buf | Dict): Dict[];
    function getwininfo(win?: Win): Dict[];
    function getcmdwintype(): string;
    function getchar(expr?: number): number | string;
    function getcharstr(expr?: number): string;
    function keytrans(keys: string): string;
    function confirm(msg: string, choices?: string, def?: number, type?: string): number;
    function input(prompt: string | Dict, text?: string): string;
    function executable(name: string): number;
    function exepath(name: string): string;
    function stdpath(what: string): string;
    function tempname(): string;
    function termopen(cmd: string | string[], opts?: Dict): number;
    function jobstart(cmd: string | string[], opts?: Dict): number;
    function jobstop(id: number): number;
    function jobwait(ids: number[], timeout?: number): number[];
    function jobpid(id: number): number;
    function chansend(id: number, data: string | string[]): number;
    function strdisplaywidth(s: string): number;
    function strchars(s: string): number;
    function strcharpart(s: string, start: number, len?: number): string;
    function getcompletion(pat: string, type: string, filtered?: boolean): string[];
    function glob(expr: string, nosuf?: boolean, list?: boolean): any;
    function readfile(fname: string, type?: string, max?: number): string[];
    function writefile(lines: string[], fname: string, flags?: string): number;
    function getftype(fname: string): string;
    function getfperm(fname: string): string;
    function setfperm(fname: string, perm: string): number;
    function hlexists(name: string): number;
    function sha256(s: string): string;
    function localtime(): number;
    function strftime(fmt: string, time?: number): string;
    function reltime(): unknown;
    function shellescape(s: string): string;
    function fnameescape(s: string): string;
    /** The undo file name `:wundo` would use for `name` (with 'undodir'). */
    function undofile(name: string): string;
    function escape(s: string, chars: string): string;
    function matchfuzzy(list: string[], str: string): string[];
    /** `expr`: 1 for the expression register gives its last expression, not its value. */
    function getreg(name?: string, expr?: 0 | 1): string;
    function setreg(name: string, value: string | string[], opts?: string): number;
    function undotree(buf?: Buf): Dict;
    function changenr(): number;
    function diff_hlID(lnum: number, col: number): number;
    function timer_start(ms: number, fn: () => void, opts?: Dict): number;
    function filewritable(path: string): number;
    function getbufvar(buf: Buf, name: string, def?: unknown): any;
    function getwinvar(win: Win, name: string, def?: unknown): any;
    function setbufvar(buf: Buf, name: string, value: unknown): void;
    function exists(expr: string): number;
    function chdir(dir: string): string;
    function argv(): string[];
  }

  // --- API (vim.api) ----------------------------------------------------------------------------------
  namespace api {
    // buffers
    function nvim_create_buf(listed: boolean, scratch: boolean): Buf;
    function nvim_buf_is_valid(buf: Buf): boolean;
    function nvim_buf_is_loaded(buf: Buf): boolean;
    function nvim_buf_get_name(buf: Buf): string;
    function nvim_buf_set_name(buf: Buf, name: string): void;
    function nvim_buf_get_lines(buf: Buf, start: number, end: number, strict: boolean): string[];
    function nvim_buf_set_lines(buf: Buf, start: number, end: number, strict: boolean, lines: string[]): void;
    function nvim_buf_get_text(buf: Buf, sr: number, sc: number, er: number, ec: number, opts: Dict): string[];
    function nvim_buf_set_text(buf: Buf, sr: number, sc: number, er: number, ec: number, lines: string[]): void;
    function nvim_buf_line_count(buf: Buf): number;
    function nvim_buf_delete(buf: Buf, opts: { force?: boolean; unload?: boolean }): void;
    function nvim_buf_get_var(buf: Buf, name: string): any;
    function nvim_buf_set_var(buf: Buf, name: string, value: unknown): void;
    function nvim_buf_del_var(buf: Buf, name: string): void;
    function nvim_buf_get_changedtick(buf: Buf): number;
    function nvim_buf_call<T>(buf: Buf, fn: () => T): T;
    function nvim_buf_attach(buf: Buf, send_buffer: boolean, opts: Dict): boolean;
    function nvim_buf_get_offset(buf: Buf, index: number): number;
    function nvim_buf_set_extmark(buf: Buf, ns: number, line: number, col: number, opts: Dict): number;
    function nvim_buf_clear_namespace(buf: Buf, ns: number, start: number, end: number): void;
    function nvim_buf_get_mark(buf: Buf, name: string): [number, number];
    function nvim_buf_set_keymap(buf: Buf, mode: string, lhs: string, rhs: string, opts: Dict): void;
    function nvim_buf_get_keymap(buf: Buf, mode: string): Dict[];
    function nvim_get_keymap(mode: string): Dict[];
    function nvim_buf_del_keymap(buf: Buf, mode: string, lhs: string): void;
    function nvim_list_bufs(): Buf[];
    function nvim_get_current_buf(): Buf;
    function nvim_set_current_buf(buf: Buf): void;

    // windows
    function nvim_open_win(buf: Buf, enter: boolean, config: Dict): Win;
    function nvim_win_is_valid(win: Win): boolean;
    function nvim_win_get_buf(win: Win): Buf;
    function nvim_win_set_buf(win: Win, buf: Buf): void;
    function nvim_win_get_cursor(win: Win): [number, number];
    function nvim_win_set_cursor(win: Win, pos: [number, number]): void;
    function nvim_win_get_config(win: Win): Dict;
    function nvim_win_set_config(win: Win, config: Dict): void;
    function nvim_win_close(win: Win, force: boolean): void;
    function nvim_win_get_tabpage(win: Win): Tab;
    function nvim_win_get_width(win: Win): number;
    function nvim_eval_statusline(
      str: string,
      opts: { winid?: Win; maxwidth?: number; use_winbar?: boolean },
    ): { str: string; width: number };
    function nvim_win_set_width(win: Win, width: number): void;
    function nvim_win_get_height(win: Win): number;
    function nvim_win_set_height(win: Win, height: number): void;
    function nvim_win_call<T>(win: Win, fn: () => T): T;
    function nvim_win_get_var(win: Win, name: string): any;
    function nvim_win_set_var(win: Win, name: string, value: unknown): void;
    function nvim_win_get_number(win: Win): number;
    function nvim_list_wins(): Win[];
    function nvim_get_current_win(): Win;
    function nvim_set_current_win(win: Win): void;

    // tabs
    function nvim_list_tabpages(): Tab[];
    function nvim_get_current_tabpage(): Tab;
    function nvim_set_current_tabpage(tab: Tab): void;
    function nvim_tabpage_is_valid(tab: Tab): boolean;
    function nvim_tabpage_list_wins(tab: Tab): Win[];
    function nvim_tabpage_get_win(tab: Tab): Win;
    function nvim_tabpage_get_number(tab: Tab): number;
    function nvim_tabpage_set_var(tab: Tab, name: string, value: unknown): void;
    function nvim_tabpage_get_var(tab: Tab, name: string): any;

    // options
    function nvim_get_option_value(name: string, opts: { buf?: Buf; win?: Win; scope?: "local" | "global"; filetype?: string }): any;
    /** Every option: its name, scope ("global" | "win" | "buf") and more. */
    function nvim_get_all_options_info(): LuaTable<string, { name: string; scope: "global" | "win" | "buf" }>;
    function nvim_set_option_value(name: string, value: unknown, opts: { buf?: Buf; win?: Win; scope?: "local" | "global" }): void;

    // autocmds
    interface AutocmdArgs {
      id: number;
      event: string;
      group?: number;
      match: string;
      buf: Buf;
      file: string;
      data?: any;
    }
    function nvim_create_augroup(name: string, opts: { clear?: boolean }): number;
    function nvim_del_augroup_by_id(id: number): void;
    function nvim_del_augroup_by_name(name: string): void;
    function nvim_create_autocmd(
      event: string | string[],
      opts: { group?: number | string; pattern?: string | string[]; buffer?: Buf; desc?: string; callback?: (args: AutocmdArgs) => boolean | void; command?: string; once?: boolean; nested?: boolean },
    ): number;
    function nvim_del_autocmd(id: number): void;
    function nvim_get_autocmds(opts: { group?: number | string; event?: string | string[]; pattern?: string | string[]; buffer?: Buf | Buf[] }): Dict[];
    function nvim_exec_autocmds(event: string | string[], opts: { group?: number | string; pattern?: string | string[]; buffer?: Buf; modeline?: boolean; data?: unknown }): void;

    // commands
    interface UserCommandArgs {
      name: string;
      args: string;
      fargs: string[];
      bang: boolean;
      line1: number;
      line2: number;
      range: number;
      count: number;
      reg: string;
      mods: string;
      smods: Dict;
    }
    function nvim_create_user_command(
      name: string,
      command: string | ((args: UserCommandArgs) => void),
      opts: { nargs?: number | string; range?: boolean | string | number; bang?: boolean; desc?: string; complete?: string | ((arglead: string, cmdline: string, pos: number) => string[]); force?: boolean; bar?: boolean },
    ): void;
    function nvim_del_user_command(name: string): void;
    function nvim_buf_create_user_command(buf: Buf, name: string, command: string | ((args: UserCommandArgs) => void), opts: Dict): void;
    function nvim_buf_del_user_command(buf: Buf, name: string): void;
    function nvim_get_commands(opts: Dict): Dict;
    function nvim_command(cmd: string): void;
    function nvim_exec2(src: string, opts: { output?: boolean }): { output?: string };
    function nvim_cmd(cmd: Dict, opts: { output?: boolean }): string;
    function nvim_parse_cmd(cmd: string, opts: Dict): Dict;

    // misc
    function nvim_feedkeys(keys: string, mode: string, escape_ks: boolean): void;
    function nvim_input(keys: string): number;
    function nvim_replace_termcodes(s: string, from_part: boolean, do_lt: boolean, special: boolean): string;
    function nvim_get_mode(): { mode: string; blocking: boolean };
    function nvim_create_namespace(name: string): number;
    /** opts: on_start, on_buf, on_win, on_line, on_end (callbacks called while the screen is drawn). */
    function nvim_set_decoration_provider(ns: number, opts: Dict): void;
    function nvim_set_hl(ns: number, name: string, val: Dict): void;
    function nvim_get_hl(ns: number, opts: Dict): Dict;
    function nvim_echo(chunks: [string, string?][], history: boolean, opts: Dict): void;
    function nvim_err_writeln(msg: string): void;
    /** { name, pid, ppid } of a process (raises or returns nil when there is none). */
    function nvim_get_proc(pid: number): { name?: string; pid?: number; ppid?: number } | undefined;
    function nvim_get_var(name: string): any;
    function nvim_set_var(name: string, value: unknown): void;
    function nvim_get_vvar(name: string): any;
    function nvim_list_uis(): Dict[];
    function nvim_get_api_info(): unknown[];
    function nvim_call_function(fn: string, args: unknown[]): any;
    function nvim_eval(expr: string): any;
    function nvim_exec_lua(code: string, args: unknown[]): any;
    function nvim_strwidth(s: string): number;
    function nvim_chan_send(chan: number, data: string): void;
    function nvim_open_term(buf: Buf, opts: Dict): number;
  }
}
