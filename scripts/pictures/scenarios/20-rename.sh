# rename: the multi-file review of an LSP rename across files. A language server (the stand-in of the specs,
# spec/fixtures/lsp/edit_server.lua) answers the rename with edits in three files; the stand-in CLI's agent
# connection calls lsp_rename as the model would; the review opens on its overview: every file of the edit, its
# hunks under a header, one answer for all.
P="$HOME/project"
mkdir -p "$P/lua"
printf '%s\n' 'local M = {}' '' '--- Twice x.' 'function M.double(x)' '  return 2 * x' 'end' '' 'return M' > "$P/lua/shape.lua"
printf '%s\n' 'local shape = require("shape")' '' '--- Half of the doubled rectangle.' 'local function area(w, h)' \
  '  return shape.double(w * h) / 2' 'end' '' 'return area' > "$P/lua/area.lua"
printf '%s\n' 'local shape = require("shape")' 'local area = require("area")' '' 'print(shape.double(21), area(3, 4))' > "$P/lua/main.lua"
edit() { # edit <file> <line> <column>: the TextEdit of "double" there (0-based)
  printf '"file://%s": [{"range": {"start": {"line": %d, "character": %d}, "end": {"line": %d, "character": %d}}, "newText": "times2"}]' \
    "$P/lua/$1" "$2" "$3" "$2" $(($3 + 6))
}
printf '{"changes": {%s, %s, %s}}\n' "$(edit shape.lua 3 11)" "$(edit area.lua 4 15)" "$(edit main.lua 3 12)" > "$WORK/rename.json"
INIT="vim.api.nvim_create_autocmd('FileType', { pattern = 'lua', callback = function(ev)
  vim.lsp.start({ name = 'stand-in-ls', cmd = { vim.v.progpath, '-l', '$ROOT/spec/fixtures/lsp/edit_server.lua', '$WORK/rename.json' },
    root_dir = '$P' }, { bufnr = ev.buf })
end })"
plan plan.json "{\"banner\": [\"stand-in CLI: renames double to times2 through the language server\"], \"calls\": [
  {\"role\": \"agent\", \"tool\": \"lsp_rename\", \"arguments\": {\"path\": \"lua/shape.lua\", \"line\": 4, \"symbol\": \"double\", \"new_name\": \"times2\"}}]}"
ROWS=32
start_nvim "$P" lua/shape.lua
ex ClaudeCode
wait_for 20 has_review
shoot rename "rename of \"double\" at lua/shape.lua:4:12 to \"times2\"" "lua/main.lua (1 edit)" \
  "+print(shape.times2(21), area(3, 4))"
