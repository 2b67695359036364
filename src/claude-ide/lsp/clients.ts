// The user's language server clients as the LSP tools use them: which are attached to a buffer and support a
// method, their state (starting / indexing / ready), and asynchronous requests that park the tool's coroutine
// until every answer is in or the per-request timeout passes (never buf_request_sync: the editor stays live).
// Client methods are called the way each Neovim wants: 0.10 `client.request(...)`, 0.11+ `client:request(...)`.
import type { ToolContext } from "../protocol/tool";
import { failWith } from "../protocol/result";
import { displayPath } from "../editor/state";

const METHOD_CALLS = vim.fn.has("nvim-0.11") === 1;

type Client = vim.lsp.Client;
type Fn = (this: void, ...args: unknown[]) => LuaMultiReturn<[unknown, unknown?]>;

/** Calls `client.<name>(...)` (0.10) or `client:<name>(...)` (0.11+). */
function call(
  client: Client,
  name: "request" | "cancel_request" | "supports_method" | "is_stopped",
  ...args: unknown[]
): LuaMultiReturn<[unknown, unknown?]> {
  const fn = (client as unknown as { [k: string]: Fn })[name];
  return METHOD_CALLS ? fn(client, ...args) : fn(...args);
}

/** What each LSP feature asks of a server: the request method and the server capability that offers it. */
export const FEATURES = {
  hover: { method: "textDocument/hover", capability: "hoverProvider", tool: "lsp_hover" },
  definition: { method: "textDocument/definition", capability: "definitionProvider", tool: "lsp_definition" },
  typeDefinition: {
    method: "textDocument/typeDefinition",
    capability: "typeDefinitionProvider",
    tool: "lsp_type_definition",
  },
  implementation: {
    method: "textDocument/implementation",
    capability: "implementationProvider",
    tool: "lsp_implementations",
  },
  declaration: { method: "textDocument/declaration", capability: "declarationProvider", tool: "lsp_declaration" },
  references: { method: "textDocument/references", capability: "referencesProvider", tool: "lsp_references" },
  callHierarchy: {
    method: "textDocument/prepareCallHierarchy",
    capability: "callHierarchyProvider",
    tool: "lsp_call_hierarchy",
  },
  documentSymbol: {
    method: "textDocument/documentSymbol",
    capability: "documentSymbolProvider",
    tool: "lsp_document_symbols",
  },
  workspaceSymbol: { method: "workspace/symbol", capability: "workspaceSymbolProvider", tool: "lsp_workspace_symbols" },
  codeAction: { method: "textDocument/codeAction", capability: "codeActionProvider", tool: "lsp_code_actions" },
  rename: { method: "textDocument/rename", capability: "renameProvider", tool: "lsp_rename" },
  formatting: { method: "textDocument/formatting", capability: "documentFormattingProvider", tool: "lsp_formatting" },
  rangeFormatting: {
    method: "textDocument/rangeFormatting",
    capability: "documentRangeFormattingProvider",
    tool: "lsp_formatting",
  },
} as const;

export interface Feature {
  readonly method: string;
  readonly capability: string;
  readonly tool: string;
}

export function isStopped(client: Client): boolean {
  const [stopped] = call(client, "is_stopped");
  return stopped === true;
}

/** The server offers this feature (static capability, or a dynamic registration Neovim knows of). */
export function supports(client: Client, feature: Feature): boolean {
  const caps = client.server_capabilities;
  const v = caps?.[feature.capability];
  if (v !== undefined && v !== null && v !== false && v !== vim.NIL) return true;
  const [ok, yes] = pcall(() => call(client, "supports_method", feature.method)[0]);
  return ok && yes === true && caps !== undefined && caps !== null && caps[feature.capability] !== false;
}

/** Titles of the `$/progress` work the client reports as running (empty: not busy). */
export function progressTitles(client: Client): string[] {
  const titles: string[] = [];
  const pending = client.progress?.pending;
  if (pending === undefined) return titles;
  for (const [, title] of pairs(pending)) titles.push(tostring(title));
  return titles;
}

/** starting / indexing (titles) / ready, as lsp_clients and the errors say it. */
export function stateOf(client: Client): string {
  if (isStopped(client)) return "stopped";
  if (client.initialized !== true) return "starting";
  const titles = progressTitles(client);
  return titles.length > 0 ? `indexing (${titles.join("; ")})` : "ready";
}

function filetypes(client: Client): string[] {
  const fts = (client.config as { filetypes?: string[] }).filetypes;
  return type(fts) === "table" ? (fts as string[]) : [];
}

/** Every running client, one phrase each: `ts_ls (typescript, javascript)`. */
export function runningClients(): string {
  const all = vim.lsp.get_clients().filter((c) => !isStopped(c));
  if (all.length === 0) return "no language server is running in this Neovim";
  return (
    "running: " +
    all
      .map((c) => {
        const fts = filetypes(c);
        return fts.length > 0 ? `${c.name} (${fts.join(", ")})` : c.name;
      })
      .join(", ")
  );
}

/** The clients attached to `buf` (by name when given). Fails saying what to do when there is none. */
export function attachedClients(buf: Buf, display: string, clientName?: string): Client[] {
  const attached = vim.lsp.get_clients({ bufnr: buf }).filter((c) => !isStopped(c));
  if (attached.length === 0) {
    const ft = vim.api.nvim_get_option_value("filetype", { buf }) as string;
    failWith(
      `no language server is attached to ${display} (filetype "${ft === "" ? "none" : ft}"; ${runningClients()}). Configure a server for this filetype in Neovim, or call wait_for_lsp_ready if one is still starting`,
    );
  }
  if (clientName === undefined) return attached;
  const named = attached.filter((c) => c.name === clientName);
  if (named.length === 0)
    failWith(
      `no client named "${clientName}" is attached to ${display}; attached: ${attached.map((c) => c.name).join(", ")}`,
    );
  return named;
}

/** The attached clients that support `feature` (fails naming the capability when none does). */
export function clientsFor(buf: Buf, display: string, feature: Feature, clientName?: string): Client[] {
  const attached = attachedClients(buf, display, clientName);
  const able = attached.filter((c) => supports(c, feature));
  if (able.length === 0) {
    failWith(
      `${attached.map((c) => c.name).join(", ")} ${attached.length === 1 ? "does" : "do"} not support ${feature.method} (server capability ${feature.capability}), so ${feature.tool} cannot answer for ${display}`,
    );
  }
  return able;
}

/** Every running client by name (for workspace-wide requests), optionally one name. */
export function runningFor(feature: Feature, clientName?: string): Client[] {
  const all = vim.lsp.get_clients().filter((c) => !isStopped(c) && (clientName === undefined || c.name === clientName));
  if (all.length === 0)
    failWith(
      clientName === undefined
        ? `${runningClients()}: open a file of the project first (wait_for_lsp_ready with its path starts its server)`
        : `no client named "${clientName}" is running (${runningClients()})`,
    );
  const able = all.filter((c) => supports(c, feature));
  if (able.length === 0)
    failWith(
      `no running client supports ${feature.method} (server capability ${feature.capability}); ${runningClients()}`,
    );
  return able;
}

export interface Request {
  client: Client;
  method: string;
  params: unknown;
}

export interface Answer {
  client: Client;
  result?: unknown;
  /** The server's error message, or why there is no answer (timeout, client stopped). */
  error?: string;
  timedOut?: boolean;
}

/**
 * Sends every request at once and parks until all are answered or `timeoutMs` passed (unanswered ones are
 * cancelled and come back with `timedOut`). A cancelled tool call cancels the requests.
 */
export function requestAll(
  ctx: ToolContext,
  requests: Request[],
  buf: Buf | undefined,
  timeoutMs: number,
  onCancel?: (this: void) => void,
): Answer[] {
  if (requests.length === 0) return [];
  const answers: (Answer | undefined)[] = requests.map(() => undefined);
  const ids: (number | undefined)[] = requests.map(() => undefined);
  let left = requests.length;
  let timer: vim.uv.Timer | undefined;
  const stopTimer = () => {
    if (timer !== undefined && !timer.is_closing()) timer.close();
    timer = undefined;
  };
  const cancelRest = () => {
    requests.forEach((r, i) => {
      if (answers[i] === undefined && ids[i] !== undefined) pcall(() => call(r.client, "cancel_request", ids[i]));
    });
  };
  return ctx.park<Answer[]>(
    (resume) => {
      const finish = () => {
        stopTimer();
        resume(
          requests.map(
            (r, i) => answers[i] ?? { client: r.client, timedOut: true, error: `no answer within ${timeoutMs} ms` },
          ),
        );
      };
      requests.forEach((r, i) => {
        const handler = (err: { message?: string; code?: number } | undefined, result: unknown) => {
          if (answers[i] !== undefined) return;
          answers[i] =
            err !== undefined && err !== null && (err as unknown) !== vim.NIL
              ? {
                  client: r.client,
                  error: `${err.message ?? vim.inspect(err)}${err.code !== undefined ? ` (code ${err.code})` : ""}`,
                }
              : { client: r.client, result: result === vim.NIL ? undefined : result };
          left--;
          if (left === 0) finish();
        };
        const [sent, id] = call(r.client, "request", r.method, r.params, handler, buf);
        if (sent === true) ids[i] = id as number;
        else if (answers[i] === undefined) {
          answers[i] = { client: r.client, error: `${r.client.name} is not running any more` };
          left--;
        }
      });
      if (left === 0) {
        vim.schedule(finish);
        return;
      }
      timer = vim.defer_fn(() => {
        timer = undefined;
        cancelRest();
        finish();
      }, timeoutMs);
    },
    () => {
      stopTimer();
      cancelRest();
      onCancel?.();
    },
  );
}

/**
 * The answers' failures as one sentence, or undefined when at least one client answered. A timeout says to
 * retry or raise lsp_timeout_ms; an indexing client says to call wait_for_lsp_ready.
 */
export function failureOf(answers: Answer[], what: string): string | undefined {
  if (answers.some((a) => a.error === undefined)) return undefined;
  return answers
    .map((a) => {
      const indexing =
        progressTitles(a.client).length > 0 ? `; it is still indexing: call wait_for_lsp_ready and retry` : "";
      if (a.timedOut === true)
        return `${a.client.name} did not answer ${what} within the timeout (agent.lsp_timeout_ms)${indexing === "" ? "; retry, or call wait_for_lsp_ready if the server is busy" : indexing}`;
      return `${a.client.name} failed ${what}: ${a.error}${indexing}`;
    })
    .join("; ");
}

/** A note for answers that came while a client was still indexing (they may be incomplete). */
export function indexingNote(clients: Client[]): string | undefined {
  const busy = clients.filter((c) => progressTitles(c).length > 0);
  if (busy.length === 0) return undefined;
  return `note: ${busy.map((c) => c.name).join(", ")} still indexing (${busy.flatMap((c) => progressTitles(c)).join("; ")}): the answer may be incomplete; call wait_for_lsp_ready and ask again`;
}

/** `path` as the model reads it. */
export function display(path: string): string {
  return displayPath(path);
}
