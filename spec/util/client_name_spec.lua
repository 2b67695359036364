-- Which CLI a terminal runs (its session's name, its buffer's scheme, the name messages use), and the name a
-- user reads for a connected MCP client.
local names = require('claude-ide.util.client_name')

describe('client names', function()
  it('tells Claude Code, Gemini CLI and Qwen Code apart by the program run', function()
    assert.are.same({ id = 'claude', label = 'Claude Code', companion = false }, names.commandClient('claude'))
    assert.are.same(
      { id = 'gemini', label = 'Gemini CLI', companion = true },
      names.commandClient('  /opt/bin/gemini --yolo')
    )
    assert.are.same({ id = 'qwen', label = 'Qwen Code', companion = true }, names.commandClient('qwen -m x'))
    -- any other program runs as Claude Code (until it connects and says what it is)
    assert.are.same(
      { id = 'claude', label = 'Claude Code', companion = false },
      names.commandClient('~/bin/my-cli --x')
    )
    assert.are.same({ id = 'claude', label = 'Claude Code', companion = false }, names.commandClient(''))
  end)

  it('names connected clients by their product name', function()
    assert.are.equal('Claude Code', names.clientLabel('claude-code'))
    assert.are.equal('Gemini CLI', names.clientLabel('gemini-cli-mcp-client'))
    assert.are.equal('My Title', names.clientLabel('x', 'My Title'))
    assert.is_nil(names.clientLabel(nil))
  end)
end)
