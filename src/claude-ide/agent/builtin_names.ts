// The names the built-in agent tools and resources take, without loading them: add_tool and add_resource
// refuse a clash at once (in the user's config, at startup) without paying for the ~20 tool modules. The tool
// names are generated from the tools themselves (agent/tool_names.ts, `make declarations`), the resources' URIs
// come from their declarations.
import { BRIDGE_TOOL_NAMES, RESOURCES } from "./declarations";
import { ENDPOINT_TOOL_NAMES } from "./tool_names";

/** Every built-in tool of the agent endpoint (enabled or not) and the bridge's own. */
export const BUILTIN_TOOL_NAMES: readonly string[] = [...BRIDGE_TOOL_NAMES, ...ENDPOINT_TOOL_NAMES];

/** URIs of the built-in resources (as resources/list declares them), and the prefix of the buffer template. */
export const BUILTIN_RESOURCE_URIS: readonly string[] = RESOURCES.map((r) => r.uri);
export const BUILTIN_RESOURCE_PREFIX = "vim://buffer/";
