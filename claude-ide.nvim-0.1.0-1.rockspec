-- SPDX-License-Identifier: MIT
-- Release 0.1.0 (tag v0.1.0), for rocks.nvim, luarocks and lazy.nvim's rockspec support.
-- Written by `make release` from claude-ide.nvim-scm-1.rockspec.
-- The Lua in lua/ is generated from src/ and committed, so nothing is compiled: the builtin build installs lua/'s
-- modules (found by its scan of lua/) and copies plugin/ and doc/ (the :help file and its tags) into the rock.
rockspec_format = '3.0'
package = 'claude-ide.nvim'
version = '0.1.0-1'
source = {
  -- <owner>: where the repository is published (as in the README's lazy.nvim spec)
  url = 'git+https://github.com/<owner>/claude-ide.nvim',
  tag = 'v0.1.0',
}
description = {
  summary = 'Claude Code, Gemini CLI, Qwen Code and Codex inside Neovim: the IDE protocol, reviews, agent tools',
  detailed = [[
The Claude Code IDE protocol server running inside Neovim: every edit a CLI proposes is a review you accept or
reject, whole or hunk by hunk; everything a turn changed opens in one overview to keep or revert; the model gets
the editor itself as tools (buffers, edits with review, LSP). Pure Lua at run time.]],
  homepage = 'https://github.com/<owner>/claude-ide.nvim',
  license = 'MIT',
  labels = { 'neovim', 'neovim-plugin', 'claude', 'mcp' },
}
dependencies = {
  'lua == 5.1',
}
build = {
  type = 'builtin',
  copy_directories = { 'doc', 'plugin' },
}
