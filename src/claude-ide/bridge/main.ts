// The `nvim -l` process of the agent bridge: newline-delimited JSON-RPC on stdin/stdout (nothing else is
// ever written to stdout), logs on stderr, exit when stdin closes or on SIGINT/SIGTERM (Claude Code sends
// SIGINT when it exits). Usage: nvim -l <plugin>/lua/claude-ide/bridge.lua [--instance ID]
import { Bridge } from "./bridge";

const USAGE = "usage: nvim -l .../lua/claude-ide/bridge.lua [--instance ID]";

function parseArgs(argv: string[]): { instance?: string } | string {
  const out: { instance?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--instance" && i + 1 < argv.length) out.instance = argv[++i];
    else if (vim.startswith(a, "--instance=")) out.instance = string.sub(a, 12);
    else if (a === "--help" || a === "-h") return USAGE;
    else return `unknown argument "${a}"\n${USAGE}`;
  }
  return out;
}

function log(msg: string): void {
  io.stderr.write(`[claude-ide bridge] ${msg}\n`);
}

/** Reads stdin line by line through libuv (a pipe, a tty or a file), calling `onLine` and then `onEnd`. */
function readLines(onLine: (this: void, line: string) => void, onEnd: (this: void) => void): vim.uv.Handle | undefined {
  const kind = vim.uv.guess_handle(0);
  let pending = "";
  const feed = (data: string) => {
    pending += data;
    for (;;) {
      const [at] = string.find(pending, "\n", 1, true);
      if (at === undefined) break;
      const line = string.sub(pending, 1, at - 1);
      pending = string.sub(pending, at + 1);
      onLine(vim.endswith(line, "\r") ? string.sub(line, 1, -2) : line);
    }
  };
  const finish = () => {
    if (pending !== "") onLine(pending);
    pending = "";
    onEnd();
  };
  if (kind === "file") {
    // A regular file (stdin redirected): libuv cannot stream it; read it whole.
    const data = io.read("*a");
    if (typeof data === "string") feed(data);
    vim.schedule(finish);
    return undefined;
  }
  const stream: vim.uv.Stream | undefined =
    kind === "tty"
      ? vim.uv.new_tty(0, true)
      : (() => {
          const pipe = vim.uv.new_pipe(false);
          pipe.open(0);
          return pipe;
        })();
  if (stream === undefined) {
    finish();
    return undefined;
  }
  // libuv calls back in a fast event (no Vimscript functions there): handle the bytes on the main loop,
  // in arrival order (vim.schedule is FIFO).
  stream.read_start((err, data) => {
    if (err !== undefined || data === undefined) {
      stream.read_stop();
      vim.schedule(finish);
      return;
    }
    vim.schedule(() => feed(data));
  });
  return stream;
}

/**
 * Ends the process with `status` at once (libc _exit: stdout is flushed first; there is nothing else to save
 * in the bridge). Without LuaJIT's ffi it returns, and the caller's loop ends the normal way.
 */
function exitNow(status: number): void {
  io.stdout.flush();
  const [hasFfi, ffiModule] = pcall(_G.require, "ffi");
  if (!hasFfi) return;
  const ffi = ffiModule as typeof import("ffi");
  pcall(ffi.cdef, "void _exit(int status);"); // fails harmlessly when another module declared it already
  (ffi.C as { _exit: (this: void, code: number) => void })._exit(status);
}

export function main(this: void, argv: string[]): number {
  const args = parseArgs(argv);
  if (typeof args === "string") {
    log(args);
    return 2;
  }
  let done = false;
  const bridge = new Bridge({
    write: (line) => {
      io.stdout.write(line, "\n");
      io.stdout.flush();
    },
    log,
    instance: args.instance ?? (vim.env.CLAUDE_IDE_INSTANCE !== "" ? vim.env.CLAUDE_IDE_INSTANCE : undefined),
    env: { NVIM: vim.env.NVIM, CLAUDE_CODE_SSE_PORT: vim.env.CLAUDE_CODE_SSE_PORT },
    cwd: vim.uv.cwd(),
  });
  const stdin = readLines(
    (line) => bridge.receive(line),
    () => {
      done = true;
    },
  );
  const signals: vim.uv.Signal[] = [];
  for (const name of ["sigint", "sigterm", "sighup"]) {
    const signal = vim.uv.new_signal();
    signal.start(name, () => {
      done = true;
      // Neovim's own handler of a deadly signal (SIGTERM, SIGHUP, and since 0.12 SIGINT) runs next on the
      // main loop: it prints "Caught deadly signal" and exits 1 before this loop could end. So the bridge
      // ends here: the close frame goes out (the editor cancels this bridge's reviews), then a plain exit 0.
      bridge.shutdown();
      exitNow(0);
    });
    signals.push(signal);
  }
  while (!done) vim.wait(60000, () => done, 50);
  const closed = bridge.shutdown();
  // Let the close frame to the editor go out (bounded: the exit must not hang on a stuck editor).
  vim.wait(500, closed, 5);
  for (const s of signals) s.close();
  if (stdin !== undefined && !stdin.is_closing()) stdin.close();
  return 0;
}
