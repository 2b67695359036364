/** @noSelfInFile */
// Typings used by the LSP tools (src/claude-ide/lsp/), merged into types/vim.d.ts. Client methods differ
// between versions (0.10: `client.request(...)`, 0.11+: `client:request(...)`): lsp/clients.ts calls them.

declare namespace vim.lsp {
  interface Client {
    initialized?: boolean;
    /** 0.10+: `$/progress` bookkeeping; `pending` maps running tokens to their titles. */
    progress: { pending: { [token: string]: string } };
    /** Handlers of this client (looked up before vim.lsp.handlers). */
    handlers: { [method: string]: unknown };
    attached_buffers: { [buf: number]: boolean };
    is_stopped?: unknown;
    request: unknown;
    cancel_request: unknown;
    supports_method?: unknown;
  }
  function get_client_by_id(id: number): Client | undefined;
  const handlers: { [method: string]: unknown };
}
