-- Generated from src/claude-ide/services.ts by TypeScriptToLua (make build): do not edit.
local ____lualib = require("claude-ide.lualib_bundle")
local __TS__Class = ____lualib.__TS__Class
local __TS__New = ____lualib.__TS__New
local __TS__ArraySome = ____lualib.__TS__ArraySome
local __TS__SetDescriptor = ____lualib.__TS__SetDescriptor
local __TS__InstanceOf = ____lualib.__TS__InstanceOf
local ____exports = {}
local ____modules = require("claude-ide.util.modules")
local lazy = ____modules.lazy
local ____selection = require("claude-ide.editor.selection")
local SelectionTracker = ____selection.SelectionTracker
local diffModule = lazy("claude-ide.editor.review.diff")
local policyModule = lazy("claude-ide.policy.policy")
local agentStateModule = lazy("claude-ide.agent.agent_state")
local notesModule = lazy("claude-ide.hooks.notes")
local terminalBuffers = lazy("claude-ide.editor.terminal_buffers")
local noteBookModule = lazy("claude-ide.editor.notes.notes")
local noteStoreModule = lazy("claude-ide.editor.notes.store")
local EditorServices = __TS__Class()
EditorServices.name = "EditorServices"
function EditorServices.prototype.____constructor(self, config, hub, seams)
    self.config = config
    self.hub = hub
    self.selection = __TS__New(
        SelectionTracker,
        config,
        hub,
        function() return self.policy end,
        seams.clock
    )
    self.termClose = vim.api.nvim_create_autocmd(
        "TermClose",
        {
            desc = "claude-ide: remember the exit status of terminal jobs (editor_state)",
            callback = function(ev)
                terminalBuffers().recordExit(ev.buf)
            end
        }
    )
    self.notesWaking = vim.api.nvim_create_autocmd(
        "BufReadPost",
        {
            desc = "claude-ide: show the notes kept for this folder once a file is read (the module loads then)",
            callback = function() return self:wakeNotesIfKept() end
        }
    )
    local function named(buf)
        return vim.api.nvim_buf_is_loaded(buf) and vim.api.nvim_buf_get_name(buf) ~= ""
    end
    if __TS__ArraySome(
        vim.api.nvim_list_bufs(),
        function(____, buf) return named(buf) end
    ) then
        vim.schedule(function() return self:wakeNotesIfKept() end)
    end
end
function EditorServices.prototype.wakeNotesIfKept(self)
    if self.notesWaking == nil then
        return
    end
    local store = noteStoreModule()
    if (vim.uv.fs_stat(store.storeFile(vim.fn.getcwd()))) ~= nil then
        local ____ = self.lineNotes
    end
end
function EditorServices.prototype.stopWaking(self)
    if self.notesWaking ~= nil then
        pcall(vim.api.nvim_del_autocmd, self.notesWaking)
    end
    self.notesWaking = nil
end
function EditorServices.prototype.dispose(self)
    local ____opt_0 = self.diffService
    if ____opt_0 ~= nil then
        ____opt_0.dispose()
    end
    self.selection:dispose()
    local ____opt_2 = self.agentState
    if ____opt_2 ~= nil then
        ____opt_2:dispose()
    end
    local ____opt_4 = self.noteBook
    if ____opt_4 ~= nil then
        ____opt_4:dispose()
    end
    self:stopWaking()
    pcall(vim.api.nvim_del_autocmd, self.termClose)
end
__TS__SetDescriptor(
    EditorServices.prototype,
    "diff",
    {
        get = function(self)
            if self.diffService == nil then
                self.diffService = __TS__New(
                    diffModule().DiffManager,
                    self.config,
                    function(id) return self.hub.terminalOf(id) end
                )
            end
            return self.diffService
        end,
        set = function(self, service)
            self.diffService = service
        end
    },
    true
)
__TS__SetDescriptor(
    EditorServices.prototype,
    "agent",
    {
        get = function(self)
            if self.agentState == nil then
                self.agentState = __TS__New(agentStateModule().AgentState)
            end
            return self.agentState
        end,
        set = function(self, state)
            self.agentState = state
        end
    },
    true
)
__TS__SetDescriptor(
    EditorServices.prototype,
    "policy",
    {
        get = function(self)
            if self.policyState == nil then
                self.policyState = __TS__New(
                    policyModule().Policy,
                    self.config
                )
            end
            return self.policyState
        end,
        set = function(self, policy)
            self.policyState = policy
        end
    },
    true
)
__TS__SetDescriptor(
    EditorServices.prototype,
    "notes",
    {
        get = function(self)
            if self.notesQueue == nil then
                self.notesQueue = __TS__New(notesModule().Notes)
            end
            return self.notesQueue
        end,
        set = function(self, queue)
            self.notesQueue = queue
        end
    },
    true
)
__TS__SetDescriptor(
    EditorServices.prototype,
    "lineNotes",
    {
        get = function(self)
            if self.noteBook == nil then
                self:stopWaking()
                self.noteBook = noteBookModule().createNoteBook()
            end
            return self.noteBook
        end,
        set = function(self, book)
            self:stopWaking()
            self.noteBook = book
        end
    },
    true
)
function ____exports.createServices(config, hub, seams)
    if seams == nil then
        seams = {}
    end
    return __TS__New(EditorServices, config, hub, seams)
end
--- Ends every feature's work (pending reviews answered, autocmds removed). Called on server stop.
function ____exports.disposeServices(services)
    if __TS__InstanceOf(services, EditorServices) then
        services:dispose()
        return
    end
    services.diff.dispose()
    services.selection:dispose()
    services.agent:dispose()
end
return ____exports
