// The external editor's request on the hook channel (event "editor", sent by the command hooks/main.ts runs for
// a CLI's $VISUAL): opens the CLI's file in this Neovim (editor/external_editor) and parks until the user is
// done; answers `{ status }`, the exit status the command gives the CLI.
import type { Config } from "../config";
import { openExternalEditor } from "../editor/external_editor";
import { say } from "../log";
import { CLIENT_TITLES, type HookHandler } from "./router";

/** The event name of the editor command's request. */
export const EDITOR_EVENT = "editor";

export function editorHandler(config: () => Config): HookHandler {
  return (ev) => {
    const file = ev.input.file;
    if (typeof file !== "string" || file === "") return undefined;
    const layout = config().terminal.editor;
    if (layout === false) return undefined;
    const line = typeof ev.input.line === "number" ? ev.input.line : undefined;
    const opened = openExternalEditor(file, layout, ev.hookPid, line, CLIENT_TITLES[ev.client]);
    if (!opened.ok) {
      say(`cannot open the agent's file: ${opened.error}`, "error");
      return undefined;
    }
    const session = opened.session;
    const status = ev.park<number>(
      (resume) => session.onDone(resume),
      () => session.cancel(),
    );
    return { status };
  };
}
