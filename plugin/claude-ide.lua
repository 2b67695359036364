-- claude-ide.nvim: hand-written loader. Everything else is generated from src/ (see README).
-- Defines the commands only; their bodies load the plugin on first use, so startup costs nothing.
if vim.g.loaded_claude_ide then
  return
end
vim.g.loaded_claude_ide = true

if vim.fn.has('nvim-0.10') ~= 1 then
  local v = vim.version()
  vim.notify(
    string.format('claude-ide.nvim requires Neovim >= 0.10 (this is %d.%d.%d)', v.major, v.minor, v.patch),
    vim.log.levels.ERROR
  )
  return
end

-- name, nargs, range, description, completion ("file"; "args": claude's options; "turns": the turns kept; "notes":
-- which notes :ClaudeCodeNotes lists), bang
local commands = {
  { 'ClaudeCode', '*', false, 'Toggle the Claude Code terminal (extra arguments go to claude)', 'args' },
  { 'ClaudeCodeFocus', 0, false, 'Jump to a review waiting behind you, else focus the agent terminal (opening it)' },
  {
    'ClaudeCodeNew',
    '*',
    false,
    'Start another Claude Code session in a terminal of its own (arguments go to claude)',
    'args',
  },
  { 'ClaudeCodeSessions', 0, false, 'List the Claude Code sessions and switch to one' },
  { 'ClaudeCodeStart', 0, false, 'Start the Claude Code IDE server' },
  { 'ClaudeCodeStop', 0, false, 'Stop the Claude Code IDE server' },
  { 'ClaudeCodeStatus', 0, false, 'Show the Claude Code IDE server status' },
  { 'ClaudeCodeSend', 0, true, 'Send the current line or the selected range to Claude as an @-mention' },
  { 'ClaudeCodeAdd', '+', false, "Add a file (and optional line range) to Claude's context", 'file' },
  { 'ClaudeCodeDiffAccept', 0, false, 'Accept the pending diff review' },
  {
    'ClaudeCodeDiffDeny',
    '*',
    false,
    'Reject the pending diff review (or plan); any words after it are the reason, sent to the model',
  },
  {
    'ClaudeCodeRequestChanges',
    0,
    false,
    'Reject the pending diff review with every note on it as the reason (the model revises it)',
  },
  {
    'ClaudeCodeNote',
    '*',
    true,
    'Write a note for the agent on the current line or range (edits the note there; ! removes it)',
    nil,
    true,
  },
  {
    'ClaudeCodeNotes',
    '?',
    false,
    'List the notes for the agent in the quickfix list (all, pending, sent; ! removes those sent)',
    'notes',
    true,
  },
  { 'ClaudeCodeNotesSend', 0, false, 'Send the notes not sent yet to the current session, typed into its prompt' },
  { 'ClaudeCodeReview', '?', false, "Review the last agent turn's changes again (or those since turn N)", 'turns' },
  { 'ClaudeCodeCheckpoint', 0, false, 'Snapshot the files now (:ClaudeCodeReview then shows what changed since)' },
  {
    'ClaudeCodeHooks',
    '?',
    false,
    'Show the hook settings to merge for a CLI started outside Neovim (or one CLI: claude, gemini, qwen)',
    'clients',
  },
}

local function complete_args(lead, line, pos)
  return require('claude-ide.commands').complete_args(lead, line, pos)
end

local function complete_turns(lead)
  return require('claude-ide.commands').complete_turns(lead)
end

local function complete_notes(lead)
  return require('claude-ide.commands').complete_notes(lead)
end

local function complete_clients(lead)
  return require('claude-ide.commands').complete_clients(lead)
end

for _, c in ipairs(commands) do
  local name = c[1]
  local complete = c[5] == 'args' and complete_args
    or c[5] == 'turns' and complete_turns
    or c[5] == 'clients' and complete_clients
    or c[5] == 'notes' and complete_notes
    or c[5]
  vim.api.nvim_create_user_command(name, function(args)
    require('claude-ide.commands').run(name, args)
  end, { nargs = c[2], range = c[3] or nil, desc = c[4], complete = complete, bang = c[6] or nil })
end
