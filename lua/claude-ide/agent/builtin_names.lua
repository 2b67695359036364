-- Generated from src/claude-ide/agent/builtin_names.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__ArrayMap = ____lualib.__TS__ArrayMap
local ____exports = {}
local ____declarations = require("claude-ide.agent.declarations")
local RESOURCES = ____declarations.RESOURCES
____exports.BUILTIN_TOOL_NAMES = {
    "list_instances",
    "select_instance",
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
--- URIs of the built-in resources (as resources/list declares them), and the prefix of the buffer template.
____exports.BUILTIN_RESOURCE_URIS = __TS__ArrayMap(
    RESOURCES,
    function(____, r) return r.uri end
)
____exports.BUILTIN_RESOURCE_PREFIX = "vim://buffer/"
return ____exports
