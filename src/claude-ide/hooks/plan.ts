// Plans reviewed in Neovim: the hook on a CLI's plan exit (Claude Code's PreToolUse `ExitPlanMode`, Gemini CLI's
// BeforeTool and Qwen Code's PreToolUse `exit_plan_mode`) opens the plan in an editable buffer
// (DiffService.openPlan, editor/review/plan_review) and waits, parked, for the user; the CLI waits for the hook.
//
//   approved   Claude Code: `allow` with `updatedInput` (no terminal dialog then). An edited plan is first
//              written to `planFilePath`: Claude Code 2.1.330 sends the model that FILE's text as the approved
//              plan, not updatedInput.plan (seen with the real CLI: e2e/sections/16-plan.sh checks that the
//              edited plan reaches the model). Gemini CLI / Qwen Code: their
//              hooks cannot approve: no answer, their own dialog asks (an edited plan file is written first).
//   refused    `deny` with the feedback as the reason (Gemini CLI: `decision: "deny"`): the model reads it and
//              stays in plan mode.
//   gone       (closeAllDiffTabs, the server stopping, Neovim quitting) and a hook that went away: no answer, the
//              CLI falls back to its own dialog.
import type { PathMap } from "../util/path_map";
import type { PlanOutcome, Services } from "../contracts";
import { applyText } from "../editor/write/apply";
import { readFile, textLines } from "../editor/review/diff_text";
import { say } from "../log";
import { isObject } from "../util/json";
import { CLIENT_TITLES, type HookClient, type HookEvent, type HookHandler, type HookOutput } from "./router";

/** What the model reads when the user refused without a word. */
const NO_FEEDBACK = "The user refused the plan in Neovim without feedback: ask them what to change.";

/** The plan's text and file, from a plan exit's tool_input (undefined: nothing to show). */
function planOf(
  client: HookClient,
  cwd: string,
  input: { [key: string]: unknown },
  far?: PathMap,
): { text: string; path?: string } | undefined {
  const tool = isObject(input.tool_input) ? input.tool_input : {};
  const given = typeof tool.plan === "string" ? tool.plan : undefined;
  let path: string | undefined;
  if (typeof tool.planFilePath === "string") path = tool.planFilePath;
  else if (client === "gemini" && typeof tool.plan_filename === "string") {
    // Relative to Gemini CLI's plans folder, which it does not tell: an absolute name, or one under the cwd.
    const name = tool.plan_filename;
    path = vim.startswith(name, "/") ? name : `${cwd}/${name}`;
  }
  // Only a markdown file at an absolute path is read or written; a far agent's, only when it maps to a file here
  // (its home's plans folder is over there: the same path here is another file).
  if (path !== undefined && (!vim.startswith(path, "/") || !vim.endswith(path, ".md"))) path = undefined;
  if (path !== undefined && far !== undefined && far.toFar(path) === undefined) path = undefined;
  let text = given;
  if ((text === undefined || text === "") && path !== undefined) {
    const disk = readFile(path);
    if (disk.ok && disk.text !== undefined) text = disk.text;
  }
  if (text === undefined || vim.trim(text) === "") return undefined;
  return { text, path };
}

/** Writes the user's version of the plan to its file (buffer-aware, like :w); false (and says why) if it fails. */
function writePlan(path: string, text: string): boolean {
  const disk = readFile(path);
  if (!disk.ok) {
    say(`the edited plan was not written to ${path}: ${disk.error}; answer in the CLI's own dialog`, "error");
    return false;
  }
  const applied = applyText(path, disk.text === undefined ? [] : textLines(disk.text), textLines(text));
  if (!applied.ok) {
    say(`the edited plan was not written to ${path}: ${applied.error}; answer in the CLI's own dialog`, "error");
    return false;
  }
  return true;
}

function preToolUse(decision: "allow" | "deny", reason: string, updatedInput?: object): HookOutput {
  const out: { [key: string]: unknown } = {
    hookEventName: "PreToolUse",
    permissionDecision: decision,
    permissionDecisionReason: reason,
  };
  if (updatedInput !== undefined) out.updatedInput = updatedInput;
  return { hookSpecificOutput: out };
}

/** The hook's answer to the user's decision. */
function answer(ev: HookEvent, plan: { text: string; path?: string }, outcome: PlanOutcome): HookOutput | undefined {
  if (outcome.kind === "gone") return undefined;
  if (outcome.kind === "refused") {
    const reason =
      outcome.feedback === undefined
        ? NO_FEEDBACK
        : `The user refused the plan in Neovim. Their feedback: ${outcome.feedback}`;
    if (ev.client === "gemini") return { decision: "deny", reason };
    return preToolUse("deny", reason);
  }
  if (outcome.edited && plan.path !== undefined && !writePlan(plan.path, outcome.text)) return undefined;
  // A far agent's plan file is over there: its edits reach the model as a refusal that asks for them (Claude Code
  // sends the model that file's text on approval, so an approval would lose them).
  if (outcome.edited && plan.path === undefined && ev.far !== undefined && ev.client === "claude")
    return preToolUse(
      "deny",
      `The user edited the plan in Neovim. Call ExitPlanMode again with exactly this plan:\n\n${outcome.text}`,
    );
  // Gemini CLI and Qwen Code: approval stays in their own dialog.
  if (ev.client !== "claude") return undefined;
  const tool = isObject(ev.input.tool_input) ? ev.input.tool_input : {};
  const updated: { [key: string]: unknown } = { ...tool, plan: outcome.text };
  if (plan.path !== undefined) updated.planFilePath = plan.path;
  return preToolUse(
    "allow",
    outcome.edited ? "The user edited and approved the plan in Neovim." : "The user approved the plan in Neovim.",
    updated,
  );
}

/** The plan-exit handler: shows the plan, waits for the user, answers the CLI. */
export function planHandler(services: () => Services): HookHandler {
  return (ev) => {
    const plan = planOf(ev.client, ev.cwd, ev.input, ev.far);
    if (plan === undefined) return undefined;
    const name = plan.path !== undefined ? vim.fs.basename(plan.path) : "plan";
    const opened = services().diff.openPlan({
      plan: plan.text,
      client: CLIENT_TITLES[ev.client],
      name,
      canApprove: ev.client === "claude",
      clientId: ev.owner(),
    });
    if (!opened.ok) {
      say(`cannot show the plan: ${opened.error}`, "error");
      return undefined;
    }
    const review = opened.review;
    const outcome = ev.park<PlanOutcome>(
      (resume) => review.onDecision(resume),
      () => review.cancel(),
    );
    return answer(ev, plan, outcome);
  };
}
