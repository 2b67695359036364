/** @noSelfInFile */
// vim.uv (libuv via luv). Module functions are called with a dot; handle methods take an explicit `this`
// so that TSTL emits a colon call (`tcp:bind(...)`).

declare namespace vim.uv {
  type Err = string | undefined;

  interface Handle {
    close(this: this, cb?: () => void): void;
    is_closing(this: this): boolean;
    is_active(this: this): boolean;
    ref(this: this): void;
    unref(this: this): void;
    /** The handle's file descriptor (a socket's), or undefined and the error. */
    fileno(this: this): LuaMultiReturn<[number | undefined, string?]>;
  }

  interface Stream extends Handle {
    read_start(this: this, cb: (err: Err, data: string | undefined) => void): number | undefined;
    read_stop(this: this): void;
    /** Queues a write; `data` may be a string or a list of strings (written in order, no concatenation). */
    write(this: this, data: string | string[], cb?: (err: Err) => void): unknown;
    /** Writes what the kernel takes now, without queueing: the byte count, or undefined and the error (EAGAIN). */
    try_write(this: this, data: string | string[]): LuaMultiReturn<[number | undefined, string?, string?]>;
    shutdown(this: this, cb?: (err: Err) => void): void;
    listen(this: this, backlog: number, cb: (err: Err) => void): LuaMultiReturn<[number | undefined, string?]>;
    accept(this: this, client: Stream): LuaMultiReturn<[number | undefined, string?]>;
    get_write_queue_size(this: this): number;
  }

  interface Tcp extends Stream {
    bind(this: Tcp, host: string, port: number, flags?: { ipv6only?: boolean }): LuaMultiReturn<[number | undefined, string?, string?]>;
    getsockname(this: Tcp): { ip: string; port: number; family: string } | undefined;
    getpeername(this: Tcp): { ip: string; port: number; family: string } | undefined;
    nodelay(this: Tcp, enable: boolean): void;
    keepalive(this: Tcp, enable: boolean, delay?: number): void;
    connect(this: Tcp, host: string, port: number, cb: (err: Err) => void): unknown;
  }

  interface Timer extends Handle {
    start(this: Timer, timeout: number, repeat: number, cb: () => void): number | undefined;
    stop(this: Timer): void;
    again(this: Timer): void;
    set_repeat(this: Timer, repeat: number): void;
    get_due_in(this: Timer): number;
  }

  interface Pipe extends Stream {
    open(this: Pipe, fd: number): void;
  }

  interface Stat {
    type: "file" | "directory" | "link" | "fifo" | "socket" | "char" | "block" | "unknown";
    size: number;
    mode: number;
    mtime: { sec: number; nsec: number };
    ino: number;
    dev: number;
    uid: number;
    gid: number;
    nlink: number;
  }

  function new_tcp(family?: string): Tcp;
  function new_timer(): Timer;
  function new_pipe(ipc?: boolean): Pipe;
  function now(): number;
  function update_time(): void;
  function hrtime(): number;
  /** Wall clock: seconds and microseconds since the epoch. */
  function gettimeofday(): LuaMultiReturn<[number, number]>;
  function os_getpid(): number;
  function os_getpriority(pid: number): LuaMultiReturn<[number | undefined, string?]>;
  function os_setpriority(pid: number, priority: number): LuaMultiReturn<[boolean | undefined, string?]>;
  function os_homedir(): string;
  function getuid(): number;
  function os_uname(): { sysname: string; release: string; machine: string };
  function cwd(): string;
  function random(len: number, flags?: unknown, cb?: unknown): string | undefined;
  function kill(pid: number, signum: number | string): LuaMultiReturn<[number | undefined, string?, string?]>;
  function sleep(ms: number): void;
  function run(mode?: "default" | "once" | "nowait"): boolean;
  function getrusage(): { maxrss: number } | undefined;
  function resident_set_memory(): number;

  // filesystem (synchronous forms: no callback)
  function fs_stat(path: string): LuaMultiReturn<[Stat | undefined, string?, string?]>;
  function fs_lstat(path: string): LuaMultiReturn<[Stat | undefined, string?, string?]>;
  function fs_fstat(fd: number): LuaMultiReturn<[Stat | undefined, string?, string?]>;
  function fs_open(path: string, flags: string | number, mode: number): LuaMultiReturn<[number | undefined, string?, string?]>;
  function fs_read(fd: number, size: number, offset?: number): LuaMultiReturn<[string | undefined, string?, string?]>;
  function fs_write(fd: number, data: string | string[], offset?: number): LuaMultiReturn<[number | undefined, string?, string?]>;
  function fs_fsync(fd: number): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_close(fd: number): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_rename(from: string, to: string): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_unlink(path: string): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_copyfile(from: string, to: string, flags?: object): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_utime(path: string, atime: number, mtime: number): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_mkdir(path: string, mode: number): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_rmdir(path: string): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_chmod(path: string, mode: number): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_realpath(path: string): LuaMultiReturn<[string | undefined, string?, string?]>;
  function fs_readlink(path: string): LuaMultiReturn<[string | undefined, string?, string?]>;
  function fs_access(path: string, mode: string | number): LuaMultiReturn<[boolean | undefined, string?, string?]>;
  function fs_scandir(path: string): LuaMultiReturn<[unknown | undefined, string?, string?]>;
  function fs_scandir_next(handle: unknown): LuaMultiReturn<[string | undefined, string?]>;
  function fs_mkdtemp(template: string): LuaMultiReturn<[string | undefined, string?, string?]>;
}

declare namespace vim {
  /** Alias of vim.uv kept by Neovim 0.10+. Prefer vim.uv. */
  const loop: typeof vim.uv;
}

declare namespace vim.uv {
  interface Signal extends Handle {
    start(this: Signal, signum: string | number, cb: (signame: string) => void): number | undefined;
    stop(this: Signal): void;
  }
  interface Tty extends Stream {}
  function new_signal(): Signal;
  function new_tty(fd: number, readable: boolean): Tty | undefined;
  /** "pipe", "tty", "file", "tcp", "udp", "unknown". */
  function guess_handle(fd: number): string;
}
