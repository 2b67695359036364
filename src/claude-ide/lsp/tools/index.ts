// The LSP tools of the agent endpoint, in the order tools/list shows them (bridge/tools.ts adds them after the agent family's).
import type { ToolDescriptor } from "../../protocol/tool";
import { lspApplyCodeAction, lspCodeActions, lspFormatting, lspOrganizeImports, lspRename } from "./edits";
import {
  lspCallHierarchy,
  lspDeclaration,
  lspDefinition,
  lspDocumentSymbols,
  lspHover,
  lspImplementations,
  lspReferences,
  lspTypeDefinition,
  lspWorkspaceSymbols,
} from "./navigation";
import { lspClients, waitForLspReady } from "./status";

export const LSP_TOOLS: ToolDescriptor[] = [
  lspClients,
  waitForLspReady,
  lspHover,
  lspDefinition,
  lspTypeDefinition,
  lspImplementations,
  lspDeclaration,
  lspReferences,
  lspCallHierarchy,
  lspDocumentSymbols,
  lspWorkspaceSymbols,
  lspCodeActions,
  lspApplyCodeAction,
  lspRename,
  lspFormatting,
  lspOrganizeImports,
];
