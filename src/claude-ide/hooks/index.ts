// The hook channel's composition: the Router of one running server with the handlers every feature registers
// (a feature adds its line in createChannel), and the `hook` Role the server gives a connection that says
// `x-claude-ide-role: hook` (the hook process, hooks/main.ts). Loaded by the first hook that connects.
import type { Config } from "../config";
import type { Hub, Services } from "../contracts";
import type { Logger } from "../log";
import { Registry } from "../protocol/registry";
import { type Role, invalidRequestParams } from "../protocol/session";
import { isObject } from "../util/json";
import { ancestors } from "../util/process";
import { Turns } from "./turn";
import { planHandler } from "./plan";
import { EDITOR_EVENT, editorHandler } from "./editor";
import { PLAN_TOOLS } from "./settings";
import { notesContext } from "./notes";
import {
  HOOK_CLIENTS,
  type HookClient,
  type HookEvent,
  type HookHandler,
  Router,
  contextOutput,
  phaseOf,
} from "./router";

export interface HookDeps {
  config: Config;
  services: Services;
  hub: Hub;
  log: Logger;
}

/** How far above a hook its CLI may be (cli → hook; cli → sh → hook; cli → sh → npx → hook). */
const MAX_HOOK_DEPTH = 8;

/** The method the hook process calls. */
export const HOOK_METHOD = "hooks/event";

/** The notes for the next prompt, drained at each turn start into additionalContext. */
function drainNotes(deps: HookDeps): HookHandler {
  return (ev) => {
    const notes = deps.services.notes.drain(ev.session, ev.owner(), ev.far);
    if (notes.length === 0) return undefined;
    return contextOutput(ev.event, notesContext(ev.client, notes));
  };
}

/** The hook channel of one running server: its router and the features that registered on it. */
export interface Channel {
  router: Router;
  turns: Turns;
  dispose(this: void): void;
}

/** A server's router, with every feature's handlers registered (a feature adds its line here). */
export function createChannel(deps: HookDeps): Channel {
  const router = new Router((msg) => deps.log.error(msg));
  // The snapshot first: the notes' answer must not wait for it to be registered later.
  const turns = new Turns(deps);
  turns.register(router);
  router.on({ name: "notes for the next prompt", events: ["turn-start"], handler: drainNotes(deps) });
  router.on({
    name: "plan review",
    clients: ["claude", "gemini", "qwen"],
    events: ["PreToolUse", "BeforeTool"],
    tools: [PLAN_TOOLS.claude!, PLAN_TOOLS.gemini!],
    handler: planHandler(() => deps.services),
  });
  router.on({ name: "external editor", events: [EDITOR_EVENT], handler: editorHandler(() => deps.config) });
  return { router, turns, dispose: () => turns.dispose() };
}

/**
 * The IDE connection of the CLI whose hook runs as `pid`: the nearest ancestor that announced its pid (Claude
 * Code), else the companion session one of them holds a connection of (Gemini CLI, Qwen Code).
 */
function ownerOf(hub: Hub, pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const byPid = new LuaMap<number, number>();
  for (const c of hub.clients()) if (c.pid !== undefined) byPid.set(c.pid, c.id);
  if (byPid.has(pid)) return byPid.get(pid);
  const chain = ancestors(pid, MAX_HOOK_DEPTH);
  for (const p of chain) {
    const id = byPid.get(p);
    if (id !== undefined) return id;
  }
  return hub.companionSessionOf?.(chain);
}

/** Checks a `hooks/event` request's params and makes the event the handlers see. */
export function eventOf(
  params: { [key: string]: unknown },
  connection: number,
  hub: Hub,
  park: HookEvent["park"],
): HookEvent {
  const client = params.client;
  if (typeof client !== "string" || !HOOK_CLIENTS.includes(client as HookClient))
    invalidRequestParams(`client must be one of ${HOOK_CLIENTS.join(", ")}`);
  const event = params.event;
  if (typeof event !== "string" || event === "") invalidRequestParams("event must be a non-empty string");
  const input = isObject(params.input) ? params.input : {};
  const pid = typeof params.pid === "number" && params.pid > 0 ? params.pid : undefined;
  const sessionId =
    typeof input.session_id === "string" && input.session_id !== ""
      ? input.session_id
      : typeof input["thread-id"] === "string"
        ? input["thread-id"]
        : `pid-${pid ?? connection}`;
  const cwd =
    typeof input.cwd === "string" && input.cwd !== ""
      ? input.cwd
      : typeof params.cwd === "string"
        ? params.cwd
        : vim.fn.getcwd();
  let owner: number | undefined;
  let looked = false;
  return {
    client: client as HookClient,
    event,
    phase: phaseOf(client as HookClient, event),
    input,
    session: `${client}:${sessionId}`,
    toolName: typeof input.tool_name === "string" ? input.tool_name : undefined,
    cwd,
    hookPid: pid,
    connection,
    park,
    owner: () => {
      if (!looked) {
        looked = true;
        owner = ownerOf(hub, pid);
      }
      return owner;
    },
  };
}

/** The role of a hook's connection: one parking request, `hooks/event`, answered `{ output = "<json>" }` or `{}`. */
export function hookRole(config: Config, router: Router, hub: Hub): Role {
  return {
    name: "hook",
    registry: new Registry([], config),
    capabilities: {},
    argumentErrorsAsResults: false,
    parkingRequests: {
      [HOOK_METHOD]: (params, ctx) => {
        const ev = eventOf(params, ctx.clientId, hub, ctx.park);
        const output = router.dispatch(ev);
        // Sent as JSON text: the hook prints it as it is (an empty table would turn into [] on the way).
        return output !== undefined ? { output: vim.json.encode(output) } : vim.empty_dict();
      },
    },
  };
}
