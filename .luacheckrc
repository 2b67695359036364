-- luacheck's settings for the hand-written Lua (plugin/, spec/, bench/, scripts/, tools/): `make lint` runs
-- .deps/bin/luacheck (bookworm's lua-check, installed by scripts/deps.sh) over them. lua/ is generated from src/
-- and never read here.
std = 'luajit'
globals = { 'vim' }
max_line_length = false -- stylua (.stylua.toml) owns the layout
codes = true

-- The specs run under busted inside `nvim -l` (spec/runner.lua).
files['spec/'] = { std = '+busted' }
