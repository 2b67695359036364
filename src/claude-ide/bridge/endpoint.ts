// The agent role of the in-editor server: what a bridge's connection (header x-claude-ide-role: agent) is
// offered. The agent tools and resources, bad arguments as `ERROR:` results the model can act on.
import type { Config } from "../config";
import { type Role, invalidRequestParams } from "../protocol/session";
import { Registry } from "../protocol/registry";
import type { Hub, Services } from "../contracts";
import { INSTRUCTIONS, RESOURCES, TEMPLATES } from "../agent/declarations";
import { readResource } from "../agent/resources";
import { ENDPOINT_TOOLS } from "./tools";

export function createAgentRole(config: Config, services: () => Services, hub?: Hub): Role {
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
        // An unknown resource throws its JSON-RPC error (protocol/result's rpcError); the session answers it.
        return readResource(uri, services(), hub);
      },
    },
  };
}
