// Contracts between layers that both sides import, kept in a module that imports nothing from editor/ or
// tools/ (so that no two layers import each other: tools/import-graph.mjs fails the build on a circle).
// Today: the selection feature as the tools and the server see it. Hub, DiffService and the other contracts
// still in tools/types.ts belong here as well.

/** A position in a document: 0-based line, `character` in UTF-16 code units (the MCP/LSP convention). */
export interface Position {
  line: number;
  character: number;
}

/** The `selection_changed` params, also the body of getCurrentSelection/getLatestSelection. */
export interface SelectionInfo {
  text: string;
  filePath: string;
  fileUrl: string;
  selection: { start: Position; end: Position; isEmpty: boolean };
}

/** Selection tracking (Services.selection), implemented by editor/selection's SelectionTracker. */
export interface SelectionService {
  /** The live selection of the active editor window (cursor only when nothing is selected). */
  current(): SelectionInfo | undefined;
  /** The last selection seen in a file buffer (also while the user is in the terminal), else current(). */
  latest(): SelectionInfo | undefined;
  /** Removes every autocmd and timer (server stop). */
  dispose(): void;
}
