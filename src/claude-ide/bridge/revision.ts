// MCP revisions on the bridge's stdio: the legacy ones (an `initialize` handshake, then plain requests) and the
// stateless 2026-07-28 one (no handshake; every request names its revision and the client's capabilities in
// `_meta`, every result carries `resultType`, the cacheable ones `ttlMs` and `cacheScope`, notifications come
// only on the subscriptions/listen streams that ask for them). Which one a request speaks is read from the
// request itself, so one bridge serves either kind of client, and a legacy client sees exactly what it saw
// before. The official conformance suite checks both (spec/conformance/official_spec.lua).
// On the wire, Claude Code 2.1.330 speaks this revision to the bridge: server/discover, then resources/list and
// tools/list with the version, capabilities and client info in `_meta`, and no initialize.
import { ErrorCode, errorResponse, type Id, idText } from "../protocol/jsonrpc";
import { PROTOCOL_VERSIONS } from "../protocol/initialize";
import { encode as encodeJson, isObject } from "../util/json";

/** The stateless revision the bridge implements. */
export const MODERN_VERSION = "2026-07-28";

/** Every revision the bridge speaks, newest first (server/discover's supportedVersions). */
export const SUPPORTED_VERSIONS = [MODERN_VERSION, ...PROTOCOL_VERSIONS];

export const META_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";
/** On a notification sent on a subscriptions/listen stream: the id of that listen request. */
export const META_SUBSCRIPTION = "io.modelcontextprotocol/subscriptionId";

/** 2026-07-28's error codes. */
export const RevisionError = {
  /** The `_meta` protocol version is not one this server speaks (data: supported, requested). */
  UnsupportedProtocolVersion: -32022,
} as const;

/** Legacy methods that 2026-07-28 removed: a request of that revision calling one is not found. */
const REMOVED = new LuaSet<string>();
for (const m of ["initialize", "ping", "logging/setLevel"]) REMOVED.add(m);

/** Methods that exist only in 2026-07-28: without `_meta`'s protocol version their params are invalid. */
const MODERN_ONLY = new LuaSet<string>();
for (const m of ["server/discover", "subscriptions/listen"]) MODERN_ONLY.add(m);

/**
 * Results 2026-07-28 lets a client cache (CacheableResult): they carry `ttlMs` and `cacheScope`. Every one of
 * them may change at any moment (the user adds a tool, edits a buffer) and tells about the user's editor: 0 ms
 * (re-fetch when needed) and private (never shared across authorization contexts).
 */
const CACHEABLE = new LuaSet<string>();
for (const m of ["server/discover", "tools/list", "resources/list", "resources/templates/list", "resources/read"])
  CACHEABLE.add(m);
export const CACHE_HINTS = { ttlMs: 0, cacheScope: "private" } as const;

/** The fields a 2026-07-28 result of `method` carries besides its own: resultType, and the cache hints. */
export function modernFields(method: string): { resultType: "complete"; ttlMs?: number; cacheScope?: string } {
  return CACHEABLE.has(method) ? { resultType: "complete", ...CACHE_HINTS } : { resultType: "complete" };
}

/** The JSON text of modernFields(method) without its braces (to open a result object written by hand). */
export function modernFieldsJson(method: string): string {
  return CACHEABLE.has(method)
    ? `"resultType":"complete","ttlMs":${CACHE_HINTS.ttlMs},"cacheScope":"${CACHE_HINTS.cacheScope}"`
    : '"resultType":"complete"';
}

/** Who the client says it is (clientInfo of initialize, or of a request's _meta). */
export interface ClientInfo {
  name: string;
  title?: string;
  version?: string;
}

export function clientInfoOf(value: unknown): ClientInfo | undefined {
  if (!isObject(value) || typeof value.name !== "string" || value.name === "") return undefined;
  return {
    name: value.name,
    title: typeof value.title === "string" && value.title !== "" ? value.title : undefined,
    version: typeof value.version === "string" ? value.version : undefined,
  };
}

/**
 * What one request speaks: `legacy` (no protocol version in `_meta`), `modern` (2026-07-28, with the client
 * info it carried, if any), or `reject` with the encoded error response to send instead of handling it.
 */
export type Revision = { kind: "legacy" } | { kind: "modern"; client?: ClientInfo } | { kind: "reject"; reply: string };

export function revisionOf(id: Id, method: string, params: { [key: string]: unknown }): Revision {
  const meta = params._meta;
  const version = isObject(meta) ? meta[META_VERSION] : undefined;
  if (version === undefined || !isObject(meta)) {
    if (!MODERN_ONLY.has(method)) return { kind: "legacy" };
    return {
      kind: "reject",
      reply: errorResponse(
        id,
        ErrorCode.InvalidParams,
        `${method}: _meta["${META_VERSION}"] is required (${method} exists only in protocol version ${MODERN_VERSION})`,
      ),
    };
  }
  if (version !== MODERN_VERSION) {
    const requested = typeof version === "string" ? version : vim.json.encode(version);
    return {
      kind: "reject",
      reply: `{"jsonrpc":"2.0","id":${idText(id)},"error":${encodeJson({
        code: RevisionError.UnsupportedProtocolVersion,
        message: `Unsupported protocol version: ${requested} (supported: ${SUPPORTED_VERSIONS.join(", ")})`,
        data: { supported: SUPPORTED_VERSIONS, requested: version },
      })}}`,
    };
  }
  if (!isObject(meta[META_CAPABILITIES]))
    return {
      kind: "reject",
      reply: errorResponse(
        id,
        ErrorCode.InvalidParams,
        `${method}: _meta["${META_CAPABILITIES}"] (an object) is required with protocol version ${MODERN_VERSION}`,
      ),
    };
  if (REMOVED.has(method))
    return {
      kind: "reject",
      reply: errorResponse(id, ErrorCode.MethodNotFound, `Method not found: ${method} (not in ${MODERN_VERSION})`),
    };
  return { kind: "modern", client: clientInfoOf(meta[META_CLIENT_INFO]) };
}
