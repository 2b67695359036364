// executeCode, the editor side: show Claude's code and ask the user (a float with y/n keys: nothing blocks
// the event loop while they decide), run it with the configured interpreter in a visible terminal buffer
// with a timeout, capture stdout+stderr and the exit code, and append every run to the log file.
import type { Config } from "../config";
import { ptyStarted, whenSafeToHangUp } from "./pty";

/** Output kept for the answer (the terminal buffer shows everything). */
const MAX_OUTPUT_BYTES = 100 * 1024;
const JOBSTART_TERM = vim.fn.has("nvim-0.11") === 1;
const ESC = string.char(27);

export interface RunResult {
  /** Exit code, or undefined when the run was stopped (timeout). */
  exitCode?: number;
  timedOut: boolean;
  output: string;
  durationMs: number;
}

/** The log file: execute_code_opts.log_file, else stdpath("log")/claude-ide-execute.log. */
export function logPath(config: Config): string {
  return config.execute_code_opts.log_file ?? vim.fs.joinpath(vim.fn.stdpath("log"), "claude-ide-execute.log");
}

/** Appends one record to the log (created 0600: it holds code and output). Never throws. */
export function appendLog(config: Config, code: string, outcome: string, output?: string): void {
  const path = logPath(config);
  const parts = [
    `=== ${os.date("%Y-%m-%d %H:%M:%S")} ${config.execute_code_opts.interpreter.join(" ")}: ${outcome}`,
    "--- code",
    code,
  ];
  if (output !== undefined) parts.push("--- output", output);
  const record = `${parts.join("\n")}\n\n`;
  pcall(() => {
    vim.fn.mkdir(vim.fs.dirname(path), "p");
    const [fd] = vim.uv.fs_open(path, "a", 0o600);
    if (fd === undefined) return;
    vim.uv.fs_write(fd, record);
    vim.uv.fs_close(fd);
  });
}

/** Terminal output as plain text: CR LF → LF, ANSI escape sequences (CSI) removed. */
function plain(raw: string): string {
  const [noCsi] = string.gsub(raw, `${ESC}%[[0-9;?]*[ -/]*[@-~]`, "");
  const [noCr] = string.gsub(noCsi, "\r", "");
  return noCr;
}

function centeredFloat(buf: Buf, title: string, height: number): Win {
  const width = math.max(20, math.floor(vim.o.columns * 0.8));
  const h = math.max(3, math.min(height, math.floor(vim.o.lines * 0.6)));
  return vim.api.nvim_open_win(buf, true, {
    relative: "editor",
    width,
    height: h,
    row: math.floor((vim.o.lines - h) / 2) - 1,
    col: math.floor((vim.o.columns - width) / 2),
    border: "rounded",
    title: ` ${title} `,
    zindex: 60,
  });
}

/** One executeCode call: ask, then run. Owns its float and its job; `close` ends both. */
export class CodeRun {
  private win?: Win;
  private job?: number;
  private timer?: vim.uv.Timer;
  private previousWin: Win;
  private decided = false;

  constructor(
    private readonly config: Config,
    private readonly code: string,
  ) {
    this.previousWin = vim.api.nvim_get_current_win();
  }

  /** Shows the code and asks; `answer(true)` on y, `answer(false)` on n/q/<Esc> or closing the window. */
  ask(answer: (this: void, run: boolean) => void): void {
    const interpreter = this.config.execute_code_opts.interpreter.join(" ");
    const buf = vim.api.nvim_create_buf(false, true);
    const lines = vim.split(this.code, "\n", { plain: true });
    table.insert(lines, 1, "");
    table.insert(lines, 1, `Claude wants to run this code with ${interpreter}:`);
    lines.push("", "y: run it    n, q, <Esc>: refuse");
    vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines);
    vim.api.nvim_set_option_value("modifiable", false, { buf });
    vim.api.nvim_set_option_value("bufhidden", "wipe", { buf });
    this.win = centeredFloat(buf, "Claude: executeCode", lines.length);
    const decide = (run: boolean) => {
      if (this.decided) return;
      this.decided = true;
      answer(run);
    };
    vim.keymap.set("n", "y", () => decide(true), { buffer: buf, nowait: true, desc: "claude-ide: run Claude's code" });
    for (const lhs of ["n", "q", "<Esc>"]) {
      vim.keymap.set(
        "n",
        lhs,
        () => {
          decide(false);
          this.close();
        },
        { buffer: buf, nowait: true, desc: "claude-ide: refuse to run Claude's code" },
      );
    }
    vim.api.nvim_create_autocmd("BufWipeout", {
      buffer: buf,
      once: true,
      desc: "claude-ide: closing the executeCode window refuses the run",
      callback: () => decide(false),
    });
  }

  /** Runs the code in a terminal buffer in the same float; `done` gets the result. */
  start(done: (this: void, result: RunResult) => void): void {
    const opts = this.config.execute_code_opts;
    const file = vim.fn.tempname();
    vim.fn.writefile(vim.split(this.code, "\n", { plain: true }), file);
    const buf = vim.api.nvim_create_buf(false, true);
    if (this.win === undefined || !vim.api.nvim_win_is_valid(this.win))
      this.win = centeredFloat(buf, "Claude: executeCode", 20);
    else vim.api.nvim_win_set_buf(this.win, buf);
    vim.api.nvim_set_option_value("bufhidden", "wipe", { buf });
    vim.keymap.set("n", "q", () => this.close(), {
      buffer: buf,
      nowait: true,
      desc: "claude-ide: close the executeCode window",
    });

    const chunks: string[] = [];
    let size = 0;
    let timedOut = false;
    const started = vim.uv.now();
    const finish = (exitCode: number | undefined) => {
      this.stopTimer();
      this.job = undefined;
      vim.uv.fs_unlink(file);
      let output = plain(chunks.join(""));
      if (size > MAX_OUTPUT_BYTES)
        output = `${string.sub(output, 1, MAX_OUTPUT_BYTES)}\n[output truncated at ${MAX_OUTPUT_BYTES} bytes]`;
      this.setTitle(timedOut ? "timed out (q closes)" : `exit code ${exitCode} (q closes)`);
      done({ exitCode: timedOut ? undefined : exitCode, timedOut, output, durationMs: vim.uv.now() - started });
    };
    const jobOpts = {
      on_stdout: (_job: number, data: string[]) => {
        if (size > MAX_OUTPUT_BYTES) return;
        const text = data.join("\n");
        chunks.push(text);
        size += text.length;
      },
      on_exit: (_job: number, code: number) => finish(code),
    };
    const cmd = vim.deepcopy(opts.interpreter);
    cmd.push(file);
    const [ok, job] = pcall(() =>
      vim.api.nvim_win_call(this.win as Win, () =>
        JOBSTART_TERM ? vim.fn.jobstart(cmd, { ...jobOpts, term: true }) : vim.fn.termopen(cmd, jobOpts),
      ),
    );
    if (!ok || job <= 0) {
      vim.uv.fs_unlink(file);
      chunks.push(`could not start ${opts.interpreter[0]}: ${ok ? `job id ${job}` : tostring(job)}`);
      finish(-1);
      return;
    }
    this.job = job;
    ptyStarted(this.job);
    this.setTitle(`running ${opts.interpreter.join(" ")}`);
    this.timer = vim.uv.new_timer();
    this.timer.start(opts.timeout_ms, 0, () =>
      vim.schedule(() => {
        timedOut = true;
        this.stop();
      }),
    );
  }

  /** Stops a running job (a cancelled call); the window stays so the user sees what ran. */
  stop(): void {
    this.stopTimer();
    const job = this.job;
    // jobstop hangs up the pty: not before the child is safe from that (editor/pty).
    if (job !== undefined) whenSafeToHangUp(job, () => pcall(vim.fn.jobstop, job));
  }

  /** Closes the window (its buffer is wiped) and stops anything still running. */
  close(): void {
    this.stopTimer();
    const job = this.job;
    const win = this.win;
    this.win = undefined;
    // Wiping the terminal buffer hangs up its pty too (editor/pty).
    const closeWin = () => {
      if (job !== undefined) pcall(vim.fn.jobstop, job);
      if (win !== undefined && vim.api.nvim_win_is_valid(win)) pcall(vim.api.nvim_win_close, win, true);
    };
    if (job !== undefined) whenSafeToHangUp(job, closeWin);
    else closeWin();
    if (vim.api.nvim_win_is_valid(this.previousWin)) pcall(vim.api.nvim_set_current_win, this.previousWin);
  }

  private setTitle(status: string): void {
    if (this.win === undefined || !vim.api.nvim_win_is_valid(this.win)) return;
    pcall(vim.api.nvim_win_set_config, this.win, { title: ` Claude: executeCode — ${status} ` });
  }

  private stopTimer(): void {
    if (this.timer === undefined) return;
    this.timer.stop();
    this.timer.close();
    this.timer = undefined;
  }
}
