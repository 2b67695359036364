-- make run (scripts/run.sh): the plugin set up as a user's config would. When no `claude` is on PATH, run.sh
-- names the CLI installed under .deps in CLAUDE_IDE_RUN_CLAUDE; it becomes terminal.command (quoted: a shell
-- command line) and is removed from the environment, so that nothing started from here inherits it.
local claude = vim.env.CLAUDE_IDE_RUN_CLAUDE
vim.env.CLAUDE_IDE_RUN_CLAUDE = nil
local opts = {}
if claude and claude ~= '' then
  opts.terminal = { command = vim.fn.shellescape(claude) }
end
require('claude-ide').setup(opts)
