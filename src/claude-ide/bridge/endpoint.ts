// The agent role of the in-editor server: what a bridge's connection (header x-claude-ide-role: agent) is
// offered. The agent tools and resources, bad arguments as `ERROR:` results the model can act on.
import type { Config } from "../config";
import { type Role, invalidRequestParams } from "../protocol/session";
import { Registry } from "../protocol/registry";
import type { Hub, Services } from "../contracts";
import { INSTRUCTIONS, RESOURCES, TEMPLATES } from "../agent/declarations";
import { readResource } from "../agent/resources";
import { ENDPOINT_TOOLS } from "./tools";
import { userTools } from "../agent/user_tools";
import { ErrorCode } from "../protocol/jsonrpc";
import { rpcError } from "../protocol/result";

/**
 * `notify(method)` sends a notification to every agent session of the server that made this role, and says
 * whether that server still runs (a stopped one's role stops listening to the user tools).
 */
export function createAgentRole(
  config: Config,
  services: () => Services,
  hub?: Hub,
  notify?: (this: void, method: string) => boolean,
): Role {
  if (notify !== undefined)
    userTools.onChange((what) =>
      notify(what === "tools" ? "notifications/tools/list_changed" : "notifications/resources/list_changed"),
    );
  const registry = new Registry(ENDPOINT_TOOLS, config, () => userTools.descriptors());
  return {
    name: "agent",
    registry,
    capabilities: { tools: { listChanged: true }, resources: { listChanged: true } },
    instructions: INSTRUCTIONS,
    argumentErrorsAsResults: true,
    requests: {
      "resources/list": () => ({ resources: [...RESOURCES, ...userTools.listResources()] }),
      "resources/templates/list": () => ({ resourceTemplates: TEMPLATES }),
      // The user's tools and resources: the bridge lists the built-in ones itself, from their declarations,
      // keeping those named in `builtin` (the ones this Neovim's configuration enables).
      "claude-ide/extras": () => ({
        tools: Registry.entries(userTools.descriptors()),
        resources: userTools.listResources(),
        builtin: registry.names(),
      }),
      "resources/read": (params) => {
        const uri = params.uri;
        if (typeof uri !== "string") invalidRequestParams('resources/read: "uri" must be a string');
        const own = userTools.readResource(uri, config.log_level);
        if (own !== undefined) {
          if ("error" in own) rpcError(ErrorCode.InternalError, own.error);
          return own;
        }
        // An unknown resource throws its JSON-RPC error (protocol/result's rpcError); the session answers it.
        return readResource(uri, services(), hub);
      },
    },
  };
}
