// Builds the long-lived editor state of one running server. Each feature owns one field (see contracts.ts
// `Services`); construct it here and dispose of it in `disposeServices`.
// Only selection tracking starts with the server; the diff reviews and the agent's memory are made (and their
// modules loaded) on first use: setup() must stay cheap.
import type { Config } from "./config";
import type { DiffService, Hub, LineNotes, NotesQueue, Services } from "./contracts";
import type * as NotesModule from "./hooks/notes";
import type * as AgentStateModule from "./agent/agent_state";
import type { AgentState } from "./agent/agent_state";
import type { Clock } from "./util/clock";
import type * as PolicyModule from "./policy/policy";
import type { Policy } from "./policy/policy";
import { lazy } from "./util/modules";
import type * as DiffModule from "./editor/review/diff";
import type * as TerminalBuffersModule from "./editor/terminal_buffers";
import type * as NoteBookModule from "./editor/notes/notes";
import type * as NoteStoreModule from "./editor/notes/store";
import { SelectionTracker } from "./editor/selection";

const diffModule = lazy<typeof DiffModule>("claude-ide.editor.review.diff");
const policyModule = lazy<typeof PolicyModule>("claude-ide.policy.policy");
const agentStateModule = lazy<typeof AgentStateModule>("claude-ide.agent.agent_state");
const notesModule = lazy<typeof NotesModule>("claude-ide.hooks.notes");
const terminalBuffers = lazy<typeof TerminalBuffersModule>("claude-ide.editor.terminal_buffers");
const noteBookModule = lazy<typeof NoteBookModule>("claude-ide.editor.notes.notes");
const noteStoreModule = lazy<typeof NoteStoreModule>("claude-ide.editor.notes.store");

class EditorServices implements Services {
  readonly selection: SelectionTracker;
  private diffService?: DiffService;
  private agentState?: AgentState;
  private readonly termClose: number;
  private policyState?: Policy;
  private notesQueue?: NotesQueue;
  private noteBook?: LineNotes;
  /** Until the notes on lines are made: a file read looks for notes kept for this folder (shown when there are). */
  private notesWaking?: number;

  constructor(
    private readonly config: Config,
    private readonly hub: Hub,
    seams: ServiceSeams,
  ) {
    this.selection = new SelectionTracker(config, hub, () => this.policy, seams.clock);
    // How each terminal job ended, for the model's editor_state (`[exit 1]`): only TermClose knows it (Neovim
    // 0.11+ writes no "[Process exited N]" line). The module loads when a terminal closes, not at setup.
    this.termClose = vim.api.nvim_create_autocmd("TermClose", {
      desc: "claude-ide: remember the exit status of terminal jobs (editor_state)",
      callback: function (this: void, ev: vim.api.AutocmdArgs) {
        terminalBuffers().recordExit(ev.buf);
      },
    });
    this.notesWaking = vim.api.nvim_create_autocmd("BufReadPost", {
      desc: "claude-ide: show the notes kept for this folder once a file is read (the module loads then)",
      callback: () => this.wakeNotesIfKept(),
    });
    // Files read before the server started (the plugin loaded late): looked for once, after this turn.
    const named = (buf: Buf) => vim.api.nvim_buf_is_loaded(buf) && vim.api.nvim_buf_get_name(buf) !== "";
    if (vim.api.nvim_list_bufs().some((buf) => named(buf))) vim.schedule(() => this.wakeNotesIfKept());
  }

  /** Makes the notes on lines when notes are kept for this folder (they show in every loaded buffer). */
  private wakeNotesIfKept(): void {
    if (this.notesWaking === undefined) return;
    const store = noteStoreModule();
    if (vim.uv.fs_stat(store.storeFile(vim.fn.getcwd()))[0] !== undefined) void this.lineNotes;
  }

  get diff(): DiffService {
    this.diffService ??= new (diffModule().DiffManager)(this.config, (id) => this.hub.terminalOf(id));
    return this.diffService;
  }

  /** Replacing a service (specs put stand-ins in) works as with a plain field. */
  set diff(service: DiffService) {
    this.diffService = service;
  }

  get agent(): AgentState {
    this.agentState ??= new (agentStateModule().AgentState)();
    return this.agentState;
  }

  set agent(state: AgentState) {
    this.agentState = state;
  }

  get policy(): Policy {
    this.policyState ??= new (policyModule().Policy)(this.config);
    return this.policyState;
  }

  set policy(policy: Policy) {
    this.policyState = policy;
  }

  get notes(): NotesQueue {
    this.notesQueue ??= new (notesModule().Notes)();
    return this.notesQueue;
  }

  set notes(queue: NotesQueue) {
    this.notesQueue = queue;
  }

  get lineNotes(): LineNotes {
    if (this.noteBook === undefined) {
      this.stopWaking();
      this.noteBook = noteBookModule().createNoteBook();
    }
    return this.noteBook;
  }

  set lineNotes(book: LineNotes) {
    this.stopWaking();
    this.noteBook = book;
  }

  private stopWaking(): void {
    if (this.notesWaking !== undefined) pcall(vim.api.nvim_del_autocmd, this.notesWaking);
    this.notesWaking = undefined;
  }

  /** Disposes what was made (a feature never used is not made just to be disposed). */
  dispose(): void {
    this.diffService?.dispose();
    this.selection.dispose();
    this.agentState?.dispose();
    this.noteBook?.dispose();
    this.stopWaking();
    pcall(vim.api.nvim_del_autocmd, this.termClose);
  }
}

/** What specs may inject (STYLE.md rule 8): the clock the selection debounce waits on. */
export interface ServiceSeams {
  clock?: Clock;
}

export function createServices(config: Config, hub: Hub, seams: ServiceSeams = {}): Services {
  return new EditorServices(config, hub, seams);
}

/** Ends every feature's work (pending reviews answered, autocmds removed). Called on server stop. */
export function disposeServices(services: Services): void {
  if (services instanceof EditorServices) {
    services.dispose();
    return;
  }
  services.diff.dispose();
  services.selection.dispose();
  services.agent.dispose();
}
