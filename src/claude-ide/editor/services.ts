// Builds the long-lived editor state of one running server. Each feature owns one field (see tools/types.ts
// `Services`); construct it here and dispose of it in `disposeServices`.
import type { Config } from "../config";
import type { DiffService, Hub, Services } from "../tools/types";
import { SelectionTracker } from "./selection";

/** Until the diff review exists: nothing is ever open, and the tools say so honestly. */
const noDiffs: DiffService = {
  closeAll: () => 0,
  closeTab: () => false,
  dispose: () => {},
};

export function createServices(config: Config, hub: Hub): Services {
  return {
    diff: noDiffs,
    selection: new SelectionTracker(config, hub),
  };
}

/** Ends every feature's work (pending reviews answered, autocmds removed). Called on server stop. */
export function disposeServices(services: Services): void {
  services.diff.dispose();
  services.selection.dispose();
}
