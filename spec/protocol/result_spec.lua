-- Agent answers are bounded and clean, through the bridge (the SDK's stdio client): a 10 MB line is cut
-- with how much was left out, every answer has a total cap, and a Vim error while loading a file (a modeline
-- Neovim refuses, another plugin's autocmd) is one `ERROR:` line with no buffer left behind.
local bridge = require('helpers.bridge')
local result = require('claude-ide.protocol.result')

local HUGE = 10 * 1024 * 1024

describe('bounded agent answers', function()
  local project, nvim, c

  setup(function()
    local dir = bridge.config_dir()
    project = bridge.project({
      ['main.lua'] = 'return 1\n',
      ['bad.c'] = 'int x;\n/* vim: set foldexpr=SomeFunc(): */\n',
      ['x.boom'] = 'boom\n',
    })
    bridge.write(project .. '/huge.min.js', 'var a=1;' .. ('x'):rep(HUGE - 8) .. '\nlast\n')
    nvim = bridge.editor({ config_dir = dir, cwd = project, args = { 'main.lua' } })
    nvim:lua([[
      vim.o.modeline = true
      vim.api.nvim_create_autocmd('BufReadPost', { pattern = '*.boom', callback = function()
        error('another plugin failed')
      end })
    ]])
    c = bridge.start({ config_dir = dir, cwd = project })
  end)
  teardown(bridge.cleanup)

  local function call(name, args)
    local res = c:call(name, args)
    return bridge.text(res), res.isError
  end

  it('navigate to a 10 MB line answers the line cut, saying how much more there is', function()
    local text, is_error = call('navigate', { path = 'huge.min.js', line = 1 })
    assert.is_nil(is_error, text)
    assert.is_true(#text < result.MAX_LINE_CHARS + 200, 'answer of ' .. #text .. ' bytes')
    assert.matches(
      '^OK: huge%.min%.js:1:1 var a=1;x+ … %(' .. (HUGE - result.MAX_LINE_CHARS) .. ' more characters%)$',
      text
    )
  end)

  it('read_buffer cuts the line the same way', function()
    local text = call('read_buffer', { path = 'huge.min.js' })
    assert.is_true(#text < result.MAX_LINE_CHARS + 300, 'answer of ' .. #text .. ' bytes')
    assert.matches('x … %(' .. (HUGE - result.MAX_LINE_CHARS) .. ' more characters%)\n%s+2\tlast', text)
  end)

  it('a modeline Neovim refuses (E992) is a one-line ERROR, with no buffer left', function()
    local text, is_error = call('navigate', { path = 'bad.c', line = 1 })
    assert.is_true(is_error)
    assert.matches("^ERROR: cannot open bad%.c: E992: Not allowed in a modeline when 'modelineexpr' is off", text)
    assert.is_nil(text:find('\n'), text)
    assert.is_nil(text:find('traceback'), text)
    assert.are.equal(0, nvim:lua('return vim.fn.bufexists(...)', project .. '/bad.c'))
  end)

  it("another plugin's failing autocmd while loading is a one-line ERROR, with no buffer left", function()
    local text, is_error = call('navigate', { path = 'x.boom' })
    assert.is_true(is_error)
    assert.matches('^ERROR: cannot open x%.boom: .*another plugin failed', text)
    assert.is_nil(text:find('\n'), text)
    assert.are.equal(0, nvim:lua('return vim.fn.bufexists(...)', project .. '/x.boom'))
    -- The editor is fine: the next call works.
    assert.matches('^OK: main%.lua:1:1', (call('navigate', { path = 'main.lua' })))
  end)

  it('every answer has a total cap that says what was cut', function()
    local long = ('0123456789\n'):rep(5000) -- 55,000 characters in short lines
    local capped = result.capText(long)
    assert.are.equal(
      long:sub(1, result.MAX_ANSWER_CHARS),
      capped:sub(1, result.MAX_ANSWER_CHARS),
      'the kept part is the start'
    )
    assert.matches(
      '\n… %('
        .. (#long - result.MAX_ANSWER_CHARS)
        .. ' more characters not shown: an answer holds at most 30000 characters%)$',
      capped
    )
    -- A long line in any answer is cut too (beyond room for what a tool puts before a file's line).
    assert.matches('^y+ … %(%d+ more characters%)$', result.capText(('y'):rep(50000)))
    -- Characters, not bytes: a multibyte line is cut on a character boundary.
    local wide = ('é'):rep(result.MAX_LINE_CHARS + 5)
    assert.are.equal(('é'):rep(result.MAX_LINE_CHARS) .. ' … (5 more characters)', result.cutLine(wide))
    assert.are.equal('short', result.capText('short'))
  end)
end)
