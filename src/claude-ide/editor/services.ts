// Builds the long-lived editor state of one running server. Each feature owns one field (see tools/types.ts
// `Services`); construct it here and dispose of it in `disposeServices`.
import type { Config } from "../config";
import type { Hub, Services } from "../contracts";
import { AgentState } from "../agent/agent_state";
import { DiffManager } from "./diff";
import { SelectionTracker } from "./selection";

export function createServices(config: Config, hub: Hub): Services {
  return {
    diff: new DiffManager(config),
    selection: new SelectionTracker(config, hub),
    agent: new AgentState(),
  };
}

/** Ends every feature's work (pending reviews answered, autocmds removed). Called on server stop. */
export function disposeServices(services: Services): void {
  services.diff.dispose();
  services.selection.dispose();
  services.agent.dispose();
}
