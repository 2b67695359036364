-- Generated from src/claude-ide/lsp/tools/index.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____edits = require("claude-ide.lsp.tools.edits")
local lspApplyCodeAction = ____edits.lspApplyCodeAction
local lspCodeActions = ____edits.lspCodeActions
local lspFormatting = ____edits.lspFormatting
local lspOrganizeImports = ____edits.lspOrganizeImports
local lspRename = ____edits.lspRename
local ____navigation = require("claude-ide.lsp.tools.navigation")
local lspCallHierarchy = ____navigation.lspCallHierarchy
local lspDeclaration = ____navigation.lspDeclaration
local lspDefinition = ____navigation.lspDefinition
local lspDocumentSymbols = ____navigation.lspDocumentSymbols
local lspHover = ____navigation.lspHover
local lspImplementations = ____navigation.lspImplementations
local lspReferences = ____navigation.lspReferences
local lspTypeDefinition = ____navigation.lspTypeDefinition
local lspWorkspaceSymbols = ____navigation.lspWorkspaceSymbols
local ____status = require("claude-ide.lsp.tools.status")
local lspClients = ____status.lspClients
local waitForLspReady = ____status.waitForLspReady
____exports.LSP_TOOLS = {
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
    lspOrganizeImports
}
return ____exports
