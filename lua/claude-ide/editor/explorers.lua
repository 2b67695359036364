-- Generated from src/claude-ide/editor/explorers.ts by TypeScriptToLua (make build): do not edit.
local ____exports = {}
local ____buffers = require("claude-ide.editor.buffers")
local isFileBuffer = ____buffers.isFileBuffer
local ____plugins = require("claude-ide.editor.plugins")
local optionalModule = ____plugins.optionalModule
local ____positions = require("claude-ide.editor.positions")
local normalizePath = ____positions.normalizePath
local function neoTree()
    local manager = optionalModule("neo-tree.sources.manager")
    if manager == nil then
        return nil
    end
    local source = vim.b.neo_tree_source or "filesystem"
    local ____temp_0
    if manager.get_state_for_window ~= nil then
        ____temp_0 = manager.get_state_for_window()
    else
        ____temp_0 = manager.get_state(source)
    end
    local state = ____temp_0
    local ____opt_3 = state and state.tree
    local ____opt_1 = ____opt_3 and ____opt_3:get_node()
    return ____opt_1 and ____opt_1.path
end
local function nvimTree()
    local ____opt_9 = optionalModule("nvim-tree.api")
    local ____opt_7 = ____opt_9 and ____opt_9.tree.get_node_under_cursor()
    return ____opt_7 and ____opt_7.absolute_path
end
local function oil()
    local mod = optionalModule("oil")
    local entry = mod and mod.get_cursor_entry()
    local dir = mod and mod.get_current_dir()
    if entry == nil or dir == nil then
        return nil
    end
    return vim.fs.joinpath(dir, entry.name)
end
local function miniFiles()
    local ____opt_17 = optionalModule("mini.files")
    local ____opt_15 = ____opt_17 and ____opt_17.get_fs_entry()
    return ____opt_15 and ____opt_15.path
end
local BY_FILETYPE = {["neo-tree"] = neoTree, NvimTree = nvimTree, oil = oil, minifiles = miniFiles}
--- The path to mention for the current window: the explorer entry under the cursor in neo-tree, nvim-tree,
-- oil or mini.files; otherwise the current buffer's file.
function ____exports.pathUnderCursor()
    local ft = vim.bo.filetype
    local explorer = BY_FILETYPE[ft]
    if explorer ~= nil then
        local ok, path = pcall(explorer)
        if ok and type(path) == "string" and path ~= "" then
            return {
                ok = true,
                path = normalizePath(path),
                explorer = true
            }
        end
        return {
            ok = false,
            reason = ok and "no file or folder under the cursor in " .. ft or (ft .. " did not say what is under the cursor: ") .. tostring(path)
        }
    end
    local buf = vim.api.nvim_get_current_buf()
    if not isFileBuffer(buf) then
        return {ok = false, reason = "the current buffer is not a file"}
    end
    return {
        ok = true,
        path = normalizePath(vim.api.nvim_buf_get_name(buf)),
        explorer = false
    }
end
return ____exports
