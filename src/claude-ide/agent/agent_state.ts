// What the agent endpoint remembers between calls, for one running server (Services.agent): earlier
// editor_state answers (for `since`) and the last code actions offered by lsp_code_actions (for their ids).
import { Snapshots } from "./state";

export class AgentState {
  readonly snapshots = new Snapshots();
  /** Per-feature memory of the LSP tools (e.g. the last code action list), keyed by feature name. */
  readonly memory = new LuaMap<string, unknown>();
  private reviews = 0;

  /** A number for the next review's tab name (tab names must be unique). */
  nextReview(): number {
    return ++this.reviews;
  }
}
