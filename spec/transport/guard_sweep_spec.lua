-- transport/guard's bookkeeping, with stand-in connections (no sockets): a connection whose close fails is
-- forgotten all the same, so it neither holds a place under the caps forever nor stops the sweep that closes
-- the others. (The hostile clients against real listeners are in guard_spec.lua.)
local guard = require('claude-ide.transport.guard')
local new = require('claude-ide.lualib_bundle').__TS__New

describe('the connection guard', function()
  local g

  after_each(function()
    if g then
      g:close()
    end
  end)

  local function limits(extra)
    return vim.tbl_extend('force', {
      headerTimeoutMs = 40,
      authTimeoutMs = 40,
      maxUnauthenticated = 2,
      maxConnections = 100,
      descriptorReserve = 0,
      descriptorLimit = math.huge,
    }, extra or {})
  end

  --- A stand-in connection: `expire` records the call (and fails when `fails`); `closes` forgets it as a
  --- listener's socket close would.
  local function conn(fails)
    local c = { expired = 0 }
    function c.expire()
      c.expired = c.expired + 1
      if fails then
        error('close failed')
      end
      g:forget(c)
    end
    return c
  end

  it('forgets a connection whose close fails at its deadline, and still closes the others', function()
    local logs = {}
    g = new(guard.ConnectionGuard, limits(), function(level, msg)
      logs[#logs + 1] = level .. ': ' .. msg
    end)
    local bad, good = conn(true), conn(false)
    g:track(bad)
    g:track(good)
    assert.are.same({ total = 2, unauthenticated = 2 }, g:counts())
    assert.is_true(
      vim.wait(5000, function()
        return g:counts().total == 0
      end, 5),
      vim.inspect({ counts = g:counts(), logs = logs })
    )
    assert.are.equal(1, bad.expired)
    assert.are.equal(1, good.expired)
    assert.matches('expire: .*close failed', table.concat(logs, '\n'))
  end)

  it('forgets a connection dropped for the soft cap whose close fails', function()
    g = new(guard.ConnectionGuard, limits({ headerTimeoutMs = 60000, authTimeoutMs = 60000 }), function() end)
    local first = conn(true)
    g:track(first)
    g:heard(first) -- sent a partial head: the first to go past the cap
    g:track(conn(false))
    g:track(conn(false))
    assert.are.equal(1, first.expired)
    assert.are.same({ total = 2, unauthenticated = 2 }, g:counts())
  end)
end)
