// The agent role of the in-editor server: what a bridge's connection (header x-claude-ide-role: agent) is
// offered. The agent tools and resources, bad arguments as `ERROR:` results the model can act on.
import type { Config } from "../config";
import { type Role, invalidRequestParams, rpcError } from "../protocol/session";
import { Registry } from "../protocol/registry";
import type { Services } from "../contracts";
import { readResource, ResourceError, RESOURCES, TEMPLATES } from "../agent/resources";
import { ENDPOINT_TOOLS } from "./tools";

/** Server guidance shown to the model (initialize `instructions`), kept short: the tool descriptions say the rest. */
export const INSTRUCTIONS =
  "These tools work inside the user's running Neovim. Start with editor_state to see open buffers, the cursor and " +
  "the selection. read_buffer returns unsaved text (prefer it over reading files from disk for open buffers). " +
  "Every edit is shown to the user as a diff review and waits for their decision. Lines and columns are 1-based; " +
  "columns count characters.";

export function createAgentRole(config: Config, services: () => Services): Role {
  return {
    name: "agent",
    registry: new Registry(ENDPOINT_TOOLS, config),
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    instructions: INSTRUCTIONS,
    argumentErrorsAsResults: true,
    requests: {
      "resources/list": () => ({ resources: RESOURCES }),
      "resources/templates/list": () => ({ resourceTemplates: TEMPLATES }),
      "resources/read": (params) => {
        const uri = params.uri;
        if (typeof uri !== "string") invalidRequestParams('resources/read: "uri" must be a string');
        const [ok, result] = pcall(readResource, uri, services());
        if (ok) return result;
        const err = result as unknown;
        if (err instanceof ResourceError) rpcError(err.code, err.message);
        error(err as string, 0);
      },
    },
  };
}
