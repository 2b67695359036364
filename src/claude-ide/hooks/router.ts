// The hook channel inside Neovim: a CLI's hook (hooks/main.ts, started by the CLI) sends one `hooks/event`
// request over the server's authenticated WebSocket (role header `x-claude-ide-role: hook`); the Router hands it
// to the handlers features registered for that (client, event, tool) and answers with their merged output.
// Features register in hooks/index.ts (the turn review, the plan review); a handler may park (a review that
// waits for the user) and returns the hook's output object, or nothing.
import type { PathMap } from "../util/path_map";
import type { Park } from "../protocol/blocking";

/** The CLIs whose hooks the plugin knows (the hook command's first argument). */
export type HookClient = "claude" | "gemini" | "qwen" | "codex";
export const HOOK_CLIENTS: HookClient[] = ["claude", "gemini", "qwen", "codex"];

/** Names as the user reads them (review titles). */
export const CLIENT_TITLES: { [client in HookClient]: string } = {
  claude: "Claude Code",
  gemini: "Gemini CLI",
  qwen: "Qwen Code",
  codex: "Codex",
};

/** What an event means, whatever the CLI calls it: a turn starts (the user sent a prompt), a turn ends. */
export type Phase = "turn-start" | "turn-end";

const PHASES: { [client in HookClient]: { [event: string]: Phase } } = {
  // StopFailure: a turn that ends on an API error (Claude Code fires no Stop then).
  claude: { UserPromptSubmit: "turn-start", Stop: "turn-end", StopFailure: "turn-end" },
  gemini: { BeforeAgent: "turn-start", AfterAgent: "turn-end" },
  qwen: { UserPromptSubmit: "turn-start", Stop: "turn-end" },
  codex: { UserPromptSubmit: "turn-start", Stop: "turn-end", "agent-turn-complete": "turn-end" },
};

export function phaseOf(client: HookClient, event: string): Phase | undefined {
  return PHASES[client][event];
}

/** The events of `phase` for `client` (the settings name them). */
export function eventsOf(client: HookClient, phase: Phase): string[] {
  const out: string[] = [];
  for (const [event, p] of pairs(PHASES[client])) if (p === phase) out.push(event as string);
  return out;
}

/** One hook call, as handlers see it. */
export interface HookEvent {
  client: HookClient;
  /** The event as the CLI names it (UserPromptSubmit, BeforeAgent, PreToolUse, ...). */
  event: string;
  phase?: Phase;
  /** The hook's input (the CLI's JSON on the hook's stdin). */
  input: { [key: string]: unknown };
  /** The CLI session: `<client>:<session_id>` (one CLI process may run several in a row). */
  session: string;
  /** tool_name of a tool event. */
  toolName?: string;
  /** The folder the CLI works in (input.cwd, else the hook's own cwd). */
  cwd: string;
  /** The hook process's pid (its CLI is an ancestor). */
  hookPid?: number;
  /** The connection id of the hook itself. */
  connection: number;
  /** Parks the handler until `resume` (a review waiting for the user); cancelled when the hook goes away. */
  park: Park;
  /** The IDE connection of the CLI that ran this hook (by process ancestry), when it has one. */
  owner(this: void): number | undefined;
  /**
   * The path map of a CLI that runs somewhere else (its hook came through a far session's door): a path in the
   * input that it does not map (the far home's plan file) is over there, and is never read or written here.
   */
  far?: PathMap;
}

/** A hook's output: the one JSON object the CLI reads on the hook's stdout. */
export type HookOutput = { [key: string]: unknown };
export type HookHandler = (this: void, event: HookEvent) => HookOutput | undefined;

export interface Route {
  /** For logs. */
  name: string;
  /** Only these CLIs (all when absent). */
  clients?: HookClient[];
  /** Event names as the CLIs spell them, or phases ("turn-start", "turn-end"). */
  events: string[];
  /** Only tool events of these tools (tool_name), e.g. { "ExitPlanMode" }. */
  tools?: string[];
  handler: HookHandler;
}

function matches(route: Route, ev: HookEvent): boolean {
  if (route.clients !== undefined && !route.clients.includes(ev.client)) return false;
  if (!route.events.includes(ev.event) && (ev.phase === undefined || !route.events.includes(ev.phase))) return false;
  if (route.tools !== undefined && (ev.toolName === undefined || !route.tools.includes(ev.toolName))) return false;
  return true;
}

/**
 * Merges two outputs: `hookSpecificOutput` key by key, `additionalContext` texts joined by a blank line, any
 * other key: the first handler's value wins (a decision once made is not overridden by a later handler).
 */
export function mergeOutputs(a: HookOutput | undefined, b: HookOutput | undefined): HookOutput | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const out: HookOutput = { ...a };
  for (const [k, v] of pairs(b)) {
    const key = k as string;
    if (key === "hookSpecificOutput" && type(out[key]) === "table" && type(v) === "table") {
      const merged = { ...(out[key] as HookOutput) };
      for (const [ik, iv] of pairs(v)) {
        const inner = ik as string;
        const before = merged[inner];
        if (inner === "additionalContext" && typeof before === "string" && typeof iv === "string")
          merged[inner] = `${before}\n\n${iv}`;
        else if (before === undefined) merged[inner] = iv;
      }
      out[key] = merged;
    } else if (out[key] === undefined) out[key] = v;
  }
  return out;
}

/** `{hookSpecificOutput = {hookEventName, additionalContext}}`: context the CLI adds to the model's next request. */
export function contextOutput(event: string, text: string): HookOutput {
  return { hookSpecificOutput: { hookEventName: event, additionalContext: text } };
}

export class Router {
  private readonly routes: Route[] = [];

  constructor(private readonly report: (this: void, msg: string) => void) {}

  /** Adds a route; returns its removal. Routes run in the order they were added. */
  on(route: Route): (this: void) => void {
    this.routes.push(route);
    return () => {
      const at = this.routes.indexOf(route);
      if (at >= 0) this.routes.splice(at, 1);
    };
  }

  /**
   * Runs every matching handler (a failing one is reported and skipped: a hook must never break the CLI's
   * turn) and returns their merged output.
   */
  dispatch(ev: HookEvent): HookOutput | undefined {
    let out: HookOutput | undefined;
    for (const route of [...this.routes]) {
      if (!matches(route, ev)) continue;
      const [ok, result] = pcall(route.handler, ev);
      if (!ok) {
        this.report(`hook handler ${route.name} (${ev.client} ${ev.event}) failed: ${tostring(result)}`);
        continue;
      }
      if (type(result) === "table") out = mergeOutputs(out, result);
    }
    return out;
  }
}
