// The file an LSP tool works on: its buffer (a file not loaded is loaded as a hidden, unlisted buffer so that
// the user's language servers attach; no window, jump or cursor of the user is touched), the clients attached
// to it once they are, and its current (unsaved) lines.
import { loadBuffer } from "../editor/buffers";
import { failWith } from "../protocol/result";
import { resolveTarget, type TargetArgs } from "../editor/target";
import type { ToolContext } from "../protocol/tool";
import { progressTitles } from "./clients";
import { waitUntil } from "./wait";

export interface Doc {
  buf: Buf;
  path: string;
  display: string;
  /** This call loaded the file or waited for its first client: its servers may not have begun indexing. */
  fresh: boolean;
}

/** How long a file just loaded may take to get its clients attached (servers start on FileType). */
const ATTACH_WAIT_MS = 3000;

function hasClient(buf: Buf, clientName?: string): boolean {
  return vim.lsp.get_clients({ bufnr: buf }).some((c) => clientName === undefined || c.name === clientName);
}

/**
 * The buffer of `path` | `buffer`, loaded (hidden and unlisted when it was not) and, when it was just loaded
 * or has no client yet, given up to a few seconds for a client to attach. Throws a ToolError (failWith).
 */
export function openDoc(ctx: ToolContext, args: TargetArgs & { client_name?: string }): Doc {
  const target = resolveTarget(ctx.services.policy, args);
  if (target === undefined) return failWith("no target");
  let buf = target.buf;
  if (buf === undefined || !vim.api.nvim_buf_is_loaded(buf)) {
    if (!target.onDisk) failWith(`${target.display} is neither loaded nor on disk`);
    const [ok, loaded] = pcall(loadBuffer, target.path, { listed: false });
    if (!ok) failWith(`cannot load ${target.display}: ${tostring(loaded)}`);
    buf = loaded;
  }
  const b = buf;
  const fresh = buf !== target.buf;
  if (fresh || !hasClient(b))
    waitUntil(ctx, () => hasClient(b, args.client_name), math.min(ATTACH_WAIT_MS, ctx.config.agent.lsp_timeout_ms));
  return { buf: b, path: target.path, display: target.display, fresh };
}

/** Quiet time (no `$/progress` running) after which a server known to report its indexing counts as ready. */
const QUIET_KNOWN_MS = 300;
/** The same for a server never heard reporting progress: its first project load may not have begun yet. */
const QUIET_UNKNOWN_MS = 2500;

/**
 * Parks until every client `clients()` returns is initialized and has had no `$/progress` work running for a
 * quiet time (short for servers known to report progress, longer for the others, whose indexing may not have
 * announced itself yet), or `timeoutMs` passed. No client: not ready. Returns whether they are ready.
 */
export function waitReady(ctx: ToolContext, clients: (this: void) => vim.lsp.Client[], timeoutMs: number): boolean {
  const seen = ctx.services.agent.lspProgressSeen;
  let quietSince: number | undefined;
  return waitUntil(
    ctx,
    () => {
      const cs = clients();
      vim.uv.update_time();
      const now = vim.uv.now();
      if (cs.length === 0 || cs.some((c) => c.initialized !== true || progressTitles(c).length > 0)) {
        quietSince = undefined;
        return false;
      }
      quietSince ??= now;
      const quiet = cs.every((c) => seen.has(c.id)) ? QUIET_KNOWN_MS : QUIET_UNKNOWN_MS;
      return now - quietSince >= quiet;
    },
    timeoutMs,
  );
}

/** The doc's clients (by name when given). */
export function docClients(doc: Doc, clientName?: string): vim.lsp.Client[] {
  return vim.lsp.get_clients({ bufnr: doc.buf }).filter((c) => clientName === undefined || c.name === clientName);
}

/**
 * Before a question: clients still starting or indexing, or just attached to a file this call loaded, get up
 * to lsp_timeout_ms to be ready: answers given while a server loads its project look right and are wrong.
 */
export function settleIndexing(ctx: ToolContext, doc: Doc, clientName?: string): void {
  const clients = docClients(doc, clientName);
  if (clients.length === 0) return;
  const busy = clients.some((c) => c.initialized !== true || progressTitles(c).length > 0);
  if (busy || doc.fresh) waitReady(ctx, () => docClients(doc, clientName), ctx.config.agent.lsp_timeout_ms);
}

/** The doc's lines as they are now (unsaved changes included). */
export function docLines(doc: Doc): string[] {
  return vim.api.nvim_buf_get_lines(doc.buf, 0, -1, false);
}
