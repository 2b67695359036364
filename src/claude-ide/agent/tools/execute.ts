// execute: an Ex command or a Lua chunk from the model, run in the user's Neovim. Off unless the user set
// agent.execute: "ask" shows the whole code in Neovim and asks before every run (the call waits), "allow" runs
// without asking.
import { defineTool, optional, str, writing } from "../../protocol/schema";
import { Code, failWith, fitLines, guarded, textResult } from "../../protocol/result";
import { askAboutCode } from "../../editor/confirm_code";
import type { ToolContext } from "../../protocol/tool";

/** Shows the whole code in Neovim and asks the user whether to run it; the call waits for the answer. */
function confirmed(args: { command?: string; lua?: string }, ctx: ToolContext): boolean {
  const isLua = args.lua !== undefined;
  const question = {
    who: ctx.client ?? ctx.hub.describe(ctx.clientId) ?? ctx.clientName ?? "a client",
    kind: isLua ? "Lua" : "Ex command",
    code: isLua ? (args.lua as string) : `:${args.command}`,
    filetype: isLua ? "lua" : "vim",
  };
  let close: ((this: void) => void) | undefined;
  return ctx.park<boolean>(
    (resume) =>
      vim.schedule(() => {
        close = askAboutCode(question, resume);
      }),
    () => close?.(),
  );
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
    command: optional(str("An Ex command, without the leading colon", { minLength: 1, text: true })),
    lua: optional(str("A Lua chunk; `return` the values you want to see", { minLength: 1, text: true })),
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
      if (mode === "ask" && !confirmed(args, ctx)) {
        return textResult(
          "REJECTED: the user refused to run it in Neovim. Do not retry; ask the user or use another tool.",
        );
      }
      return textResult(fitLines(vim.split(run(args), "\n", { plain: true })).text);
    }),
});
