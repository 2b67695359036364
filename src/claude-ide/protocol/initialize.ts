// The MCP lifecycle as both of our servers speak it (the in-editor session and the agent bridge) and as our
// one client asks it (the bridge connecting to an editor): the protocol versions, the initialize result and
// the initialize request, built in one place.
import { dict } from "../util/json";
import { VERSION } from "../version";

/** The MCP revisions spoken, newest first (the first is offered when the client asks for another). */
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/** initialize `_meta` key under which the agent bridge tells its own pid. */
export const PID_META = "claude-ide.nvim/pid";

/** What a server says about itself besides the version. */
export interface ServerIdentity {
  capabilities: object;
  instructions?: string;
  /** serverInfo.title (the bridge has one; the in-editor server none). */
  title?: string;
}

/** The revision to answer with: the one asked for when spoken, else the newest. */
export function negotiate(asked: unknown): string {
  return typeof asked === "string" && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0];
}

/** serverInfo. */
export function serverInfo(title?: string): object {
  return { name: "claude-ide.nvim", title, version: VERSION };
}

/** The initialize result. */
export function initializeResult(asked: unknown, server: ServerIdentity): object {
  return {
    protocolVersion: negotiate(asked),
    capabilities: server.capabilities,
    serverInfo: serverInfo(server.title),
    instructions: server.instructions,
  };
}

/** The params of the initialize request our client sends (`_meta`: e.g. the bridge's pid under PID_META). */
export function initializeParams(clientName: string, meta?: { [key: string]: unknown }): object {
  return {
    protocolVersion: PROTOCOL_VERSIONS[0],
    capabilities: dict(),
    clientInfo: { name: clientName, version: VERSION },
    _meta: meta,
  };
}
