// What the agent endpoint remembers between calls, for one running server (Services.agent): earlier
// editor_state answers (for `since`) and the last code actions offered by lsp_code_actions (for their ids).
import { Snapshots } from "../editor/state";

export class AgentState {
  readonly snapshots = new Snapshots();
  /** Per-feature memory of the LSP tools (e.g. the last code action list), keyed by feature name. */
  readonly memory = new LuaMap<string, unknown>();
  /**
   * Ids of the language server clients that have reported `$/progress` work (and so announce their indexing):
   * wait_for_lsp_ready trusts their silence sooner than that of a server never heard from.
   */
  readonly lspProgressSeen = new LuaSet<number>();
  private reviews = 0;
  private progressAutocmd?: number;

  constructor() {
    const seen = this.lspProgressSeen;
    this.progressAutocmd = vim.api.nvim_create_autocmd("LspProgress", {
      desc: "claude-ide: remember which language servers report their indexing (wait_for_lsp_ready)",
      // `this: void`: the autocmd typing would otherwise give the callback a self argument.
      callback: function (this: void, ev: vim.api.AutocmdArgs) {
        const id = (ev.data as { client_id?: number } | undefined)?.client_id;
        if (id !== undefined) seen.add(id);
      },
    });
  }

  dispose(): void {
    if (this.progressAutocmd !== undefined) pcall(vim.api.nvim_del_autocmd, this.progressAutocmd);
    this.progressAutocmd = undefined;
  }

  /** A number for the next review's tab name (tab names must be unique). */
  nextReview(): number {
    return ++this.reviews;
  }
}
