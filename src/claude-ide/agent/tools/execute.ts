// execute: an Ex command or a Lua chunk from the model, run in the user's Neovim. Off unless the user set
// agent.execute: "ask" confirms every run in Neovim (the call waits), "allow" runs without asking.
import { defineTool, optional, str, writing } from "../../protocol/schema";
import { Code, failWith, fitLines, guarded, textResult } from "../../protocol/result";

/** Asks the user in Neovim whether to run `what`; the call waits for the answer. */
function confirmed(
  what: string,
  park: <T>(this: void, start: (this: void, resume: (this: void, value: T) => void) => void) => T,
): boolean {
  const choices = ["Run it", "Refuse"];
  const answer = park<string | undefined>((resume) =>
    vim.schedule(() =>
      vim.ui.select(choices, { prompt: `Claude wants to run ${what}` }, (choice) => {
        resume(choice);
      }),
    ),
  );
  return answer === choices[0];
}

function run(args: { command?: string; lua?: string }): string {
  if (args.command !== undefined) {
    const [okRun, result] = pcall(vim.api.nvim_exec2, args.command, { output: true });
    if (!okRun) failWith(`the command failed: ${tostring(result)}`, Code.CommandFailed);
    const output = result.output ?? "";
    return output !== "" ? output : "(no output)";
  }
  const [chunk, compileError] = loadstring(args.lua as string, "=execute");
  if (chunk === undefined) failWith(`the Lua does not compile: ${compileError}`, Code.CommandFailed);
  const [okRun, ...values] = pcall(chunk);
  if (!okRun) failWith(`the Lua raised an error: ${tostring(values[0])}`, Code.CommandFailed);
  if (values.length === 0) return "(no return value)";
  return values.map((v) => (typeof v === "string" ? v : vim.inspect(v))).join("\n");
}

export const execute = defineTool({
  name: "execute",
  title: "Run a Neovim command or Lua",
  description:
    'Run an Ex command (`command`, e.g. "messages" or "set filetype?"; its output is answered) or a Lua chunk ' +
    '(`lua`, e.g. "return vim.bo.shiftwidth"; its return values are answered) in the user\'s Neovim. Only when the user ' +
    "allowed it (agent.execute): otherwise an error says so. Prefer the other tools: they are reviewed and safer.",
  input: {
    command: optional(str("An Ex command, without the leading colon", { minLength: 1 })),
    lua: optional(str("A Lua chunk; `return` the values you want to see", { minLength: 1 })),
  },
  closed: true,
  annotations: writing("Run a Neovim command or Lua", true),
  handler: (args, ctx) =>
    guarded(() => {
      if ((args.command === undefined) === (args.lua === undefined)) failWith('give exactly one of "command" or "lua"');
      const mode = ctx.config.agent.execute;
      if (mode === "off") {
        failWith(
          'execute is off in this Neovim: the user can allow it with setup({ agent = { execute = "ask" } }) (or "allow"). Use the other tools meanwhile',
          Code.CommandFailed,
        );
      }
      const what = args.command !== undefined ? `the command :${args.command}` : `this Lua: ${args.lua}`;
      if (mode === "ask" && !confirmed(string.sub(what, 1, 200), ctx.park)) {
        return textResult(
          "REJECTED: the user refused to run it in Neovim. Do not retry; ask the user or use another tool.",
        );
      }
      return textResult(fitLines(vim.split(run(args), "\n", { plain: true })).text);
    }),
});
