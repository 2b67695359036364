-- Generated from src/claude-ide/agent/tool_names.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
--- The name of every built-in agent and LSP tool, enabled or not, in order.
____exports.ENDPOINT_TOOL_NAMES = {
    "editor_state",
    "read_buffer",
    "navigate",
    "search",
    "get_diagnostics",
    "quickfix",
    "edit",
    "execute",
    "lsp_clients",
    "wait_for_lsp_ready",
    "lsp_hover",
    "lsp_definition",
    "lsp_type_definition",
    "lsp_implementations",
    "lsp_declaration",
    "lsp_references",
    "lsp_call_hierarchy",
    "lsp_document_symbols",
    "lsp_workspace_symbols",
    "lsp_code_actions",
    "lsp_apply_code_action",
    "lsp_rename",
    "lsp_formatting",
    "lsp_organize_imports"
}
return ____exports
