-- at_mentioned: sent at once to connected clients, queued in order while none is, dropped after the TTL.
local h = require('helpers.tools')
local mentions_mod = require('claude-ide.editor.mentions')
local new = require('claude-ide.lualib_bundle').__TS__New

--- A real MentionQueue with a recording hub, as init.ts builds one next to the server.
--- Its time is a manual clock (ctx.clock): settle and expiry come when the spec advances it, not after waiting.
local function queue(opts)
  local ctx = h.context(opts)
  ctx.clock = require('claude-ide.util.clock').manualClock(1000)
  ctx.queue = new(mentions_mod.MentionQueue, ctx.config, ctx.hub, ctx.clock)
  local dispose = ctx.dispose
  ctx.dispose = function()
    ctx.queue:dispose()
    dispose()
  end
  return ctx
end

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
    ctx = queue({ mentions = { settle_ms = 0 } })
    ctx.hub.set_sessions(1)
    assert.are.equal('sent', ctx.queue:add({ filePath = '/a.lua', lineStart = 2, lineEnd = 4 }))
    assert.are.same(
      { { method = 'at_mentioned', params = { filePath = '/a.lua', lineStart = 2, lineEnd = 4 } } },
      mentions()
    )
  end)

  it('queues while no client is connected and sends in order when one connects', function()
    ctx = queue({ mentions = { settle_ms = 0 } })
    assert.are.equal('queued', ctx.queue:add({ filePath = '/one.lua' }))
    assert.are.equal('queued', ctx.queue:add({ filePath = '/two.lua', lineStart = 0, lineEnd = 0 }))
    assert.are.equal(0, #mentions())
    assert.are.equal(2, #ctx.queue:pending())
    ctx.hub.set_sessions(1)
    assert.are.same(
      { '/one.lua', '/two.lua' },
      vim.tbl_map(function(m)
        return m.params.filePath
      end, mentions())
    )
    assert.are.equal(0, #ctx.queue:pending())
    -- Later mentions go straight out.
    assert.are.equal('sent', ctx.queue:add({ filePath = '/three.lua' }))
    assert.are.equal(3, #mentions())
  end)

  it('waits mentions.settle_ms after a client connects (before, its prompt drops them), in order, once', function()
    ctx = queue({ mentions = { settle_ms = 150 } })
    ctx.queue:add({ filePath = '/one.lua' })
    ctx.queue:add({ filePath = '/two.lua' })
    ctx.hub.set_sessions(1)
    assert.are.equal(0, #mentions())
    -- made while the client settles: behind the others
    assert.are.equal('queued', ctx.queue:add({ filePath = '/three.lua' }))
    -- The queue's timer flushes through vim.schedule: let the loop turn after each step of the clock.
    ctx.clock.advance(149)
    vim.wait(20, function()
      return #mentions() > 0
    end, 1)
    assert.are.equal(0, #mentions(), 'sent before settle_ms')
    ctx.clock.advance(2)
    assert(vim.wait(1000, function()
      return #mentions() == 3
    end, 1))
    assert.are.same(
      { '/one.lua', '/two.lua', '/three.lua' },
      vim.tbl_map(function(m)
        return m.params.filePath
      end, mentions())
    )
    ctx.clock.advance(1000)
    vim.wait(20, function()
      return #mentions() > 3
    end, 1)
    assert.are.equal(3, #mentions(), 'sent twice')
    assert.are.equal(0, #ctx.queue:pending())
    -- settled now: straight out
    assert.are.equal('sent', ctx.queue:add({ filePath = '/four.lua' }))
  end)

  it('sends at once to a client connected before the first mention (long settled)', function()
    local h_ctx = h.context({ mentions = { settle_ms = 60000 } })
    h_ctx.hub.set_sessions(1)
    local q = new(mentions_mod.MentionQueue, h_ctx.config, h_ctx.hub)
    assert.are.equal('sent', q:add({ filePath = '/now.lua' }))
    q:dispose()
    h_ctx.dispose()
  end)

  it('drops queued mentions after mentions.queue_ttl_ms, with a message naming them', function()
    ctx = queue({ mentions = { queue_ttl_ms = 30000 } })
    ctx.queue:add({ filePath = vim.fn.getcwd() .. '/old.lua', lineStart = 9, lineEnd = 11 })
    ctx.clock.advance(29999)
    vim.wait(20, function()
      return #ctx.queue:pending() == 0
    end, 1)
    assert.are.equal(1, #ctx.queue:pending(), 'dropped before queue_ttl_ms')
    ctx.clock.advance(1)
    assert(vim.wait(1000, function()
      return #ctx.queue:pending() == 0
    end, 1))
    assert.are.equal(1, #messages)
    assert.matches('old.lua:10%-12', messages[1].msg)
    assert.are.equal(vim.log.levels.WARN, messages[1].level)
    ctx.hub.set_sessions(1)
    assert.are.equal(0, #mentions())
  end)

  it('reports queued mentions dropped when the server stops', function()
    ctx = queue()
    ctx.queue:add({ filePath = '/x.lua' })
    ctx.dispose()
    ctx = nil
    assert.matches('1 queued mention', messages[1].msg)
  end)

  it('builds mentions from 1-based lines as the user types them, for existing files only', function()
    local path = h.file('dir with space/é.lua', { 'a', 'b', 'c' })
    assert.are.same({ ok = true, mention = { filePath = path } }, mentions_mod.makeMention(path))
    assert.are.same(
      { ok = true, mention = { filePath = path, lineStart = 1, lineEnd = 2 } },
      mentions_mod.makeMention(path, 2, 3)
    )
    assert.are.same(
      { ok = true, mention = { filePath = path, lineStart = 0, lineEnd = 0 } },
      mentions_mod.makeMention(path, 1)
    )
    local dir = vim.fs.dirname(path)
    assert.are.same({ ok = true, mention = { filePath = dir } }, mentions_mod.makeMention(dir .. '/'))
    assert.matches('no such file', mentions_mod.makeMention('/no/such/file').error)
    assert.matches('start line', mentions_mod.makeMention(path, 0).error)
    assert.matches('end line', mentions_mod.makeMention(path, 3, 2).error)
    assert.matches('needs a start line', mentions_mod.makeMention(path, nil, 2).error)
  end)

  it('describes mentions the way the user counts lines (1-based)', function()
    local describe_mention = mentions_mod.describeMention
    assert.are.equal('/abs/f.lua', describe_mention({ filePath = '/abs/f.lua' }))
    assert.are.equal('/abs/f.lua:1', describe_mention({ filePath = '/abs/f.lua', lineStart = 0, lineEnd = 0 }))
    assert.are.equal('/abs/f.lua:3-5', describe_mention({ filePath = '/abs/f.lua', lineStart = 2, lineEnd = 4 }))
  end)
end)
