# 14. A user tool (issue 19): the test config defines a read-only tool in Lua (setup({ agent = { tools } })); the
# claude that :ClaudeCode starts lists it among the mcp__nvim__ tools, calls it without a permission prompt (it
# is read_only, so :ClaudeCode allowed it), and its answer, made by the handler in this Neovim, reaches the
# model's API. The handler reads the editor: the answer carries the buffer's unsaved first line.
USERTOOLS_PROJECT="$WORK/usertools-project"
mkdir -p "$USERTOOLS_PROJECT"
printf 'first\nsecond\n' > "$USERTOOLS_PROJECT/main.txt"
cat > "$WORK/usertools-config.lua" <<EOF
require('claude-ide').setup({
  diff = { focus = 'always' },
  terminal = { command = '$CLAUDE --permission-mode default' },
  agent = { tools = { {
    name = 'project_motto',
    title = 'Project motto',
    description = 'The motto of this project, with the first line of the buffer the user edits.',
    read_only = true,
    input = { type = 'object', properties = { shout = { type = 'boolean' } } },
    handler = function(args, ctx)
      local line = vim.fn.getbufline(vim.fn.bufnr('main.txt'), 1)[1]
      local text = 'MOTTO-FROM-LUA: tools in Lua; first line: ' .. line
      return args.shout and text:upper() or text
    end,
  } } },
})
EOF
cat > "$WORK/usertools-scenario.json" <<EOF
[
  {"tool": "ToolSearch", "input": {"query": "select:mcp__nvim__project_motto", "max_results": 5}},
  {"tool": "mcp__nvim__project_motto", "input": {}},
  {"text": "Your motto is nice."}
]
EOF
usertools_no_prompt() { ! pane usertools | grep -qF "Do you want to proceed"; }
start_ui_nvim usertools "$USERTOOLS_PROJECT" -c "luafile $WORK/usertools-config.lua" main.txt
nv_ex usertools 'call setline(1, "first (unsaved)")'
nv_ex usertools ClaudeCode
wait_for 30 pane_has usertools "? for shortcuts"
type_into usertools "What is the motto of this project?"
check "usertools: the model is offered the user's tool" wait_for 30 api_log_has usertools "mcp__nvim__project_motto"
check "usertools: the tool's answer, made in Neovim, reaches the model" \
  wait_for 30 api_log_has usertools "MOTTO-FROM-LUA: tools in Lua; first line: first (unsaved)"
check "usertools: no permission prompt for the read-only tool" usertools_no_prompt
end_ui_section usertools
