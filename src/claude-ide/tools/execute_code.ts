// executeCode (opt-in: config.execute_code): the user confirms in Neovim, the code runs with the configured
// interpreter in a visible terminal, with a timeout; stdout+stderr and the exit code are returned, and every
// request (run, refused, cancelled) is appended to the log file.
import { appendLog, CodeRun, type RunResult } from "../editor/execute";
import { defineTool, str } from "../protocol/schema";
import { text, toolError } from "../protocol/tool";

function describe(result: RunResult, timeoutMs: number): string {
  if (result.timedOut) return `timed out after ${timeoutMs} ms (stopped)`;
  return `exit code ${result.exitCode} (${result.durationMs} ms)`;
}

export const executeCode = defineTool({
  name: "executeCode",
  description:
    "Run code in Neovim with the configured interpreter (python3 unless configured otherwise), after the user confirms. Returns the output (stdout and stderr together) and the exit code.",
  enabled: (config) => config.execute_code,
  input: { code: str("The code to run (passed to the interpreter as a file)", { text: true }) },
  handler: (args, ctx) => {
    const code = args.code;
    const config = ctx.config;
    const run = new CodeRun(config, code);
    const confirmed = ctx.park<boolean>(
      (resume) => run.ask(resume),
      () => {
        run.close();
        appendLog(config, code, "cancelled before the user answered");
      },
    );
    if (!confirmed) {
      appendLog(config, code, "refused by the user");
      return toolError("The user declined to run this code.");
    }
    const result = ctx.park<RunResult>(
      (resume) => run.start(resume),
      () => {
        run.stop();
        appendLog(config, code, "cancelled while running");
      },
    );
    const outcome = describe(result, config.execute_code_opts.timeout_ms);
    appendLog(config, code, outcome, result.output);
    const body = `${result.output}${result.output === "" || result.output.endsWith("\n") ? "" : "\n"}[${outcome}]`;
    return result.timedOut ? toolError(body) : text(body);
  },
});
