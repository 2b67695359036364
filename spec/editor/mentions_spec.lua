-- at_mentioned: sent at once to connected clients, queued in order while none is, dropped after the TTL.
local h = require('tools.helpers')
local MentionQueue = require('claude-ide.editor.mentions')

describe('editor.mentions', function()
  local ctx, messages, notify

  before_each(function()
    messages = {}
    notify = vim.notify
    vim.notify = function(msg, level)
      table.insert(messages, { msg = msg, level = level })
    end
  end)

  after_each(function()
    vim.notify = notify
    if ctx then
      ctx.dispose()
      ctx = nil
    end
  end)

  local function mentions()
    return ctx.hub.of('at_mentioned')
  end

  it('sends at once while a client is connected', function()
    ctx = h.context()
    ctx.hub.set_sessions(1)
    assert.are.equal('sent', ctx.services.mentions:add({ filePath = '/a.lua', lineStart = 2, lineEnd = 4 }))
    assert.are.same({ { method = 'at_mentioned', params = { filePath = '/a.lua', lineStart = 2, lineEnd = 4 } } }, mentions())
  end)

  it('queues while no client is connected and sends in order when one connects', function()
    ctx = h.context()
    assert.are.equal('queued', ctx.services.mentions:add({ filePath = '/one.lua' }))
    assert.are.equal('queued', ctx.services.mentions:add({ filePath = '/two.lua', lineStart = 0, lineEnd = 0 }))
    assert.are.equal(0, #mentions())
    assert.are.equal(2, #ctx.services.mentions:pending())
    ctx.hub.set_sessions(1)
    assert.are.same({ '/one.lua', '/two.lua' }, vim.tbl_map(function(m)
      return m.params.filePath
    end, mentions()))
    assert.are.equal(0, #ctx.services.mentions:pending())
    -- Later mentions go straight out.
    assert.are.equal('sent', ctx.services.mentions:add({ filePath = '/three.lua' }))
    assert.are.equal(3, #mentions())
  end)

  it('drops queued mentions after mentions.queue_ttl_ms, with a message naming them', function()
    ctx = h.context({ mentions = { queue_ttl_ms = 30 } })
    ctx.services.mentions:add({ filePath = vim.fn.getcwd() .. '/old.lua', lineStart = 9, lineEnd = 11 })
    assert(vim.wait(1000, function()
      return #ctx.services.mentions:pending() == 0
    end, 5))
    assert.are.equal(1, #messages)
    assert.matches('old.lua:10%-12', messages[1].msg)
    assert.are.equal(vim.log.levels.WARN, messages[1].level)
    ctx.hub.set_sessions(1)
    assert.are.equal(0, #mentions())
  end)

  it('reports queued mentions dropped when the server stops', function()
    ctx = h.context()
    ctx.services.mentions:add({ filePath = '/x.lua' })
    ctx.dispose()
    ctx = nil
    assert.matches('1 queued mention', messages[1].msg)
  end)

  it('describes mentions the way the user counts lines (1-based)', function()
    local describe_mention = MentionQueue.describeMention
    assert.are.equal('/abs/f.lua', describe_mention({ filePath = '/abs/f.lua' }))
    assert.are.equal('/abs/f.lua:1', describe_mention({ filePath = '/abs/f.lua', lineStart = 0, lineEnd = 0 }))
    assert.are.equal('/abs/f.lua:3-5', describe_mention({ filePath = '/abs/f.lua', lineStart = 2, lineEnd = 4 }))
  end)
end)
