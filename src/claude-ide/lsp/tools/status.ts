// lsp_clients and wait_for_lsp_ready: which language servers run, on what, in which state, and a wait until
// one is attached to a file and done indexing (answers before that look right and are wrong).
import { failWith, fitLines, textResult } from "../../protocol/result";
import { displayPath } from "../../editor/state";
import { bufferPath } from "../../editor/buffers";
import { int, optional, reading } from "../../protocol/schema";
import { FEATURES, isStopped, runningClients, stateOf, supports } from "../clients";
import { openDoc, waitReady } from "../document";
import { clientNameInput } from "../position";
import { defineLspTool } from "./request";
import { targetInput } from "../../editor/target";

/** The lsp_* tools a client can serve (the ones every server can: lsp_clients, wait_for_lsp_ready, apply). */
function toolsOf(client: vim.lsp.Client): string[] {
  const tools: string[] = [];
  for (const [, feature] of pairs(FEATURES))
    if (supports(client, feature) && !tools.includes(feature.tool)) tools.push(feature.tool);
  const commands =
    (client.server_capabilities as { executeCommandProvider?: { commands?: string[] } } | undefined)
      ?.executeCommandProvider?.commands ?? [];
  if (supports(client, FEATURES.codeAction) || commands.includes("_typescript.organizeImports"))
    tools.push("lsp_organize_imports");
  return tools.sort();
}

export const lspClients = defineLspTool({
  name: "lsp_clients",
  title: "LSP clients",
  description:
    "The language servers running in the user's Neovim: name, id, root, filetypes, attached buffers, state (starting / " +
    "indexing with the progress title / ready) and which lsp_* tools each supports.",
  input: {},
  closed: true,
  annotations: reading("LSP clients"),
  handler: () => {
    const clients = vim.lsp.get_clients().filter((c) => !isStopped(c));
    if (clients.length === 0)
      return textResult(
        "no language server is running in this Neovim (they start when a file of their filetype is opened: wait_for_lsp_ready with a path does that)",
      );
    const lines: string[] = [];
    for (const c of clients) {
      const fts = (c.config as { filetypes?: string[] }).filetypes;
      const bufs: string[] = [];
      for (const [buf] of pairs(c.attached_buffers ?? {})) {
        const b = buf;
        if (vim.api.nvim_buf_is_valid(b)) bufs.push(`b${b} ${displayPath(bufferPath(b))}`);
      }
      lines.push(`${c.name} (id ${c.id}): ${stateOf(c)}`);
      lines.push(`  root: ${c.root_dir ?? "none"}`);
      if (fts !== undefined && type(fts) === "table" && fts.length > 0) lines.push(`  filetypes: ${fts.join(", ")}`);
      lines.push(`  buffers: ${bufs.length > 0 ? bufs.sort().join(", ") : "none"}`);
      lines.push(`  tools: ${toolsOf(c).join(", ")}`);
    }
    return textResult(fitLines(lines).text);
  },
});

export const waitForLspReady = defineLspTool({
  name: "wait_for_lsp_ready",
  title: "Wait for the language server",
  description:
    "Waits until a language server is attached to the file (opening it hidden if needed, which starts its servers) and " +
    "has no indexing work ($/progress) running. Call it before the first lsp_* question after a server starts, or when a " +
    "tool says the server is still indexing. Without path/buffer: every running server.",
  input: {
    ...targetInput,
    ...clientNameInput,
    timeout_ms: optional(int("How long to wait at most (default 5000)", { minimum: 0, maximum: 120000 })),
  },
  closed: true,
  annotations: reading("Wait for the language server"),
  handler: (args, ctx) => {
    const timeout = args.timeout_ms ?? 5000;
    const started = vim.uv.now();
    const doc = args.path !== undefined || args.buffer !== undefined ? openDoc(ctx, args) : undefined;
    const clients = () =>
      vim.lsp
        .get_clients(doc !== undefined ? { bufnr: doc.buf } : undefined)
        .filter((c) => !isStopped(c) && (args.client_name === undefined || c.name === args.client_name));
    // Without a file nothing can start a server: none running is an answer now, not after the timeout.
    const ok =
      doc === undefined && clients().length === 0
        ? false
        : waitReady(ctx, clients, math.max(0, timeout - (vim.uv.now() - started)));
    const scope = doc !== undefined ? doc.display : "this Neovim";
    const cs = clients();
    if (cs.length === 0 && doc === undefined) {
      failWith(
        `no language server${args.client_name !== undefined ? ` named "${args.client_name}"` : ""} is running (${runningClients()}): give the path of a file of the project, loading it starts its servers`,
      );
    }
    if (cs.length === 0) {
      const target =
        doc !== undefined
          ? `attached to ${doc.display} (filetype "${vim.api.nvim_get_option_value("filetype", { buf: doc.buf })}")`
          : "running";
      failWith(
        `no language server${args.client_name !== undefined ? ` named "${args.client_name}"` : ""} ${target} after ${timeout} ms (${runningClients()}); configure one for this filetype in Neovim`,
      );
    }
    const states = cs.map((c) => `${c.name}: ${stateOf(c)}`).join(", ");
    const waited = vim.uv.now() - started;
    if (!ok)
      failWith(
        `not ready after ${timeout} ms in ${scope}: ${states}; call wait_for_lsp_ready again with a longer timeout_ms`,
      );
    return textResult(`OK: ready for ${scope} after ${waited} ms: ${states}`);
  },
});
