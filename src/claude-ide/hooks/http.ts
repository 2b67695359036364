// The hook channel over HTTP, for a CLI that runs somewhere else (a far session's door, server.ts openGateway):
// Claude Code's HTTP hooks POST the hook's input to `/hooks/<client>/<event>` and read the JSON answer. The same
// router as the `nvim -l hook.lua` process's `hooks/event` request, with what a far CLI changes: the input's paths
// are mapped to local ones (protocol/far_paths, a field outside the map kept as it is: the far transcript), the
// output's mapped back, and the event's owner is the IDE session that came through the same door (no process
// ancestry across machines). A handler that parks (the plan review) runs in protocol/blocking like hookRole's,
// and is cancelled when the connection goes away (the CLI gave up: its timeout, or it quit).
import type { Hub } from "../contracts";
import type { Blocking } from "../protocol/blocking";
import { toLocal, valueToFar } from "../protocol/far_paths";
import type { HttpRequest, Responder } from "../transport/http";
import { isObject } from "../util/json";
import type { PathMap } from "../util/path_map";
import { eventOf } from "./index";
import { HOOK_CLIENTS, type HookClient, type Router } from "./router";
import { HOOK_ENTRIES } from "./settings";

/** The path prefix of hook requests: `/hooks/<client>/<event>`. */
export const HOOKS_PREFIX = "/hooks/";

export interface HookRouteDeps {
  router: Router;
  hub: Hub;
  blocking: Blocking;
  /** The door's path map. */
  paths: PathMap;
  /** The IDE connection of the far CLI (the ready IDE session of the same door), when there is one. */
  owner: (this: void) => number | undefined;
  /** A fresh id for the call (the hook's "connection": parked calls are owned by it). */
  nextId: (this: void) => number;
  log: (this: void, msg: string) => void;
}

const JSON_TYPE = ["Content-Type: application/json"];

/** The events `client`'s hooks are given for (hooks/settings HOOK_ENTRIES): the ones this route serves. */
function knownEvent(client: HookClient, event: string): boolean {
  for (const e of HOOK_ENTRIES) if (e.client === client && e.event === event) return true;
  return false;
}

function fail(res: Responder, status: number, message: string): void {
  res.respond(status, vim.json.encode({ error: message }), JSON_TYPE);
}

/** One request under HOOKS_PREFIX (the token, Host, Origin and size checked by the transport). */
export function hookRequest(deps: HookRouteDeps, req: HttpRequest, res: Responder): void {
  const [path] = string.match(req.target, "^([^?#]*)");
  const [client, event] = string.match(path ?? "", "^/hooks/([^/]+)/([^/]+)$");
  if (client === undefined || event === undefined)
    return fail(res, 404, `no such path ${path ?? req.target}: hooks are POST /hooks/<client>/<event>`);
  if (!HOOK_CLIENTS.includes(client as HookClient))
    return fail(res, 404, `unknown hook client ${client} (one of ${HOOK_CLIENTS.join(", ")})`);
  if (!knownEvent(client as HookClient, event)) return fail(res, 404, `no ${client} hook for the event ${event}`);
  if (req.method !== "POST") return fail(res, 405, `hooks take POST, not ${req.method}`);
  let input: unknown = {};
  if (string.find(req.body, "%S")[0] !== undefined) {
    const [ok, value] = pcall(vim.json.decode, req.body, { luanil: { object: true, array: true } });
    if (!ok || !isObject(value)) return fail(res, 400, "the body must be the hook's input: one JSON object");
    input = value;
  }
  const mapped = toLocal(input, deps.paths, false);
  const local = (mapped.ok ? mapped.value : input) as { [key: string]: unknown };
  const id = deps.nextId();
  const params = { client, event, input: local, cwd: deps.paths.localFolders()[0] };
  const handle = deps.blocking.run(
    id,
    (park) => {
      const ev = eventOf(params, id, deps.hub, park);
      ev.owner = deps.owner;
      ev.far = deps.paths;
      return deps.router.dispatch(ev);
    },
    (outcome) => {
      if (!outcome.ok) {
        deps.log(`hook ${client} ${event} failed: ${outcome.message}`);
        return fail(res, 500, outcome.message);
      }
      const output = outcome.value;
      if (output === undefined) return res.respond(200, "{}", JSON_TYPE);
      // A path the far side cannot see leaves the output as it is rather than dropping a decision with it.
      const far = valueToFar(output, deps.paths) ?? output;
      res.respond(200, vim.json.encode(far), JSON_TYPE);
    },
    `hook ${client} ${event}`,
  );
  res.onGone(() => handle.cancel("the hook's connection closed"));
}
