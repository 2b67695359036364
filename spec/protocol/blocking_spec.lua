-- protocol/blocking: tool handlers in coroutines that park until a later event resumes or cancels them.
local new = require('claude-ide.lualib_bundle').__TS__New
local Blocking = require('claude-ide.protocol.blocking').Blocking
local result = require('claude-ide.protocol.result')
local ToolError = result.ToolError
local invalidParams = result.invalidParams

describe('Blocking', function()
  local reports, details, blocking

  before_each(function()
    reports, details = {}, {}
    blocking = new(Blocking, function(msg, detail)
      table.insert(reports, msg)
      table.insert(details, detail or '')
    end)
  end)

  -- Starts a call; returns a record that collects its outcomes.
  local function start(owner, body)
    local rec = { outcomes = {} }
    rec.handle = blocking:run(owner, body, function(outcome)
      table.insert(rec.outcomes, outcome)
    end)
    return rec
  end

  it('delivers the result of a handler that does not park at once', function()
    local rec = start(1, function()
      return 'done'
    end)
    assert.are.same({ { ok = true, value = 'done' } }, rec.outcomes)
    assert.are.equal(0, blocking:pending())
  end)

  it('runs later calls in the coroutine of a finished one, never in one still parked or cancelled', function()
    local first, second, parked, after_cancel
    start(1, function()
      first = coroutine.running()
    end)
    start(1, function()
      error('boom')
    end)
    start(1, function()
      second = coroutine.running()
    end)
    assert.are.equal(first, second) -- reused, also after a call that raised
    local rec = start(1, function(park)
      parked = coroutine.running()
      return park(function() end)
    end)
    local other
    start(2, function()
      other = coroutine.running()
    end)
    assert.are_not.equal(parked, other) -- a parked call keeps its coroutine
    rec.handle.cancel('gone')
    for _ = 1, 10 do
      start(3, function()
        after_cancel = coroutine.running()
      end)
      assert.are_not.equal(parked, after_cancel) -- a cancelled call's coroutine is dropped, not reused
    end
    assert.are.equal(0, blocking:pending())
    assert.are.equal(1, #reports) -- the 'boom'
    assert.truthy(reports[1]:find('boom', 1, true))
    -- The user's line holds no traceback; the detail (shown at log_level "trace") does.
    assert.is_nil(reports[1]:find('traceback', 1, true))
    assert.truthy(details[1]:find('traceback', 1, true))
  end)

  it('parks until resume(value), then returns that value to the handler', function()
    local resume
    local rec = start(1, function(park)
      local v = park(function(r)
        resume = r
      end)
      return 'got ' .. v
    end)
    assert.are.same({}, rec.outcomes)
    assert.are.equal(1, blocking:pending())
    assert.are.equal(1, blocking:pending(1))
    assert.are.equal(0, blocking:pending(2))
    resume('yes')
    assert.are.same({ { ok = true, value = 'got yes' } }, rec.outcomes)
    assert.are.equal(0, blocking:pending())
  end)

  it('ignores a second resume', function()
    local resume
    local runs = 0
    local rec = start(1, function(park)
      runs = runs + 1
      local v = park(function(r)
        resume = r
      end)
      return v
    end)
    resume('first')
    resume('second')
    assert.are.same({ { ok = true, value = 'first' } }, rec.outcomes)
    assert.are.equal(1, runs)
  end)

  it('returns at once when start resumes synchronously', function()
    local rec = start(1, function(park)
      local a = park(function(r)
        r(1)
      end)
      local b = park(function(r)
        r(2)
      end)
      return a + b
    end)
    assert.are.same({ { ok = true, value = 3 } }, rec.outcomes)
  end)

  it('can park several times in one call', function()
    local resumes = {}
    local rec = start(1, function(park)
      local a = park(function(r)
        resumes[1] = r
      end)
      local b = park(function(r)
        resumes[2] = r
      end)
      return a .. b
    end)
    resumes[1]('x')
    assert.are.same({}, rec.outcomes)
    resumes[2]('y')
    assert.are.same({ { ok = true, value = 'xy' } }, rec.outcomes)
  end)

  it('cancel runs onCancel with the reason, and a later resume is a no-op', function()
    local resume, cancelled_with
    local after_park = false
    local rec = start(1, function(park)
      park(function(r)
        resume = r
      end, function(reason)
        cancelled_with = reason
      end)
      after_park = true
      return 'never'
    end)
    rec.handle.cancel('client disconnected')
    assert.are.equal('client disconnected', cancelled_with)
    assert.are.equal(0, blocking:pending())
    resume('late')
    -- A resume that is not run at once goes through vim.schedule: once a callback queued after it has run,
    -- that resume has had its turn.
    local flushed = false
    vim.schedule(function()
      flushed = true
    end)
    assert.is_true(
      vim.wait(1000, function()
        return flushed
      end, 1),
      'the main loop did not run'
    )
    assert.is_false(after_park)
    assert.are.same({}, rec.outcomes)
    rec.handle.cancel('again') -- idempotent
    assert.are.equal('client disconnected', cancelled_with)
  end)

  it('cancel after completion is a no-op', function()
    local rec = start(1, function()
      return 1
    end)
    rec.handle.cancel('late')
    assert.are.same({ { ok = true, value = 1 } }, rec.outcomes)
  end)

  it('keeps many calls parked at once and resumes each independently', function()
    local resumes, recs = {}, {}
    for i = 1, 200 do
      recs[i] = start(i % 5, function(park)
        return park(function(r)
          resumes[i] = r
        end) * 2
      end)
    end
    assert.are.equal(200, blocking:pending())
    for i = 200, 1, -1 do
      resumes[i](i)
    end
    for i = 1, 200 do
      assert.are.same({ { ok = true, value = i * 2 } }, recs[i].outcomes)
    end
    assert.are.equal(0, blocking:pending())
  end)

  it('cancels by owner and all at once', function()
    local cancelled = {}
    local function parked(owner, name)
      return start(owner, function(park)
        park(function() end, function(reason)
          cancelled[name] = reason
        end)
      end)
    end
    parked(1, 'a')
    parked(1, 'b')
    parked(2, 'c')
    parked(3, 'd')
    assert.are.equal(2, blocking:cancelOwner(1, 'gone'))
    assert.are.same({ a = 'gone', b = 'gone' }, cancelled)
    assert.are.equal(2, blocking:pending())
    assert.are.equal(2, blocking:cancelAll('stopped'))
    assert.are.same({ a = 'gone', b = 'gone', c = 'stopped', d = 'stopped' }, cancelled)
    assert.are.equal(0, blocking:pending())
  end)

  it('resumes through vim.schedule when resume is called from a fast event', function()
    local resume
    local rec = start(1, function(park)
      return park(function(r)
        resume = r
      end)
    end)
    local timer = vim.uv.new_timer()
    timer:start(1, 0, function()
      -- A libuv callback: a fast context where most of the API is off limits.
      resume(vim.in_fast_event())
      timer:close()
    end)
    assert.is_true(vim.wait(1000, function()
      return #rec.outcomes == 1
    end, 5))
    assert.are.same({ ok = true, value = true }, rec.outcomes[1])
  end)

  it('turns a handler error into -32603 with the message, and reports it', function()
    local rec = start(1, function()
      error('boom')
    end)
    assert.are.equal(1, #rec.outcomes)
    assert.is_false(rec.outcomes[1].ok)
    assert.are.equal(-32603, rec.outcomes[1].code)
    assert.matches('boom', rec.outcomes[1].message)
    assert.are.equal(1, #reports)
  end)

  it('reports an unexpected error as ONE line naming the call; the traceback goes to the detail only', function()
    local rec = { outcomes = {} }
    blocking:run(1, function()
      error('first line\nsecond line\n\tthird')
    end, function(outcome)
      table.insert(rec.outcomes, outcome)
    end, 'tool search')
    blocking:run(1, function()
      -- A NUL byte makes a Blob, which a Vim function taking a String refuses (E976), as a bad path once did.
      vim.fn.fnamemodify('a\0b', ':p')
    end, function(outcome)
      table.insert(rec.outcomes, outcome)
    end, 'tool read_buffer')
    assert.are.equal(2, #reports)
    assert.matches('^tool search failed: .*first line second line third$', reports[1])
    assert.matches('^tool read_buffer failed: Vim:E976: ', reports[2])
    for i, line in ipairs(reports) do
      assert.is_nil(line:find('\n', 1, true), line)
      assert.matches('stack traceback', details[i])
    end
    assert.are.same({ -32603, -32603 }, { rec.outcomes[1].code, rec.outcomes[2].code })
    assert.is_nil(rec.outcomes[1].message:find('\n', 1, true), rec.outcomes[1].message)
  end)

  it('turns an error after parking into -32603 too', function()
    local resume
    local rec = start(1, function(park)
      park(function(r)
        resume = r
      end)
      error({ 'not a string' })
    end)
    resume(true)
    assert.are.equal(-32603, rec.outcomes[1].code)
  end)

  it('turns invalidParams() into -32602 with its message', function()
    local rec = start(1, function()
      invalidParams('"filePath" must be absolute')
    end)
    assert.are.same({ { ok = false, code = -32602, message = '"filePath" must be absolute' } }, rec.outcomes)
    assert.are.equal(0, #reports)
    local rec2 = start(1, function()
      error(new(ToolError, 'x', nil, -32602))
    end)
    assert.are.equal(-32602, rec2.outcomes[1].code)
  end)

  it(
    'settles a failWith() anywhere in the handler as its ERROR: result, and rpcError() as that JSON-RPC error',
    function()
      local rec = start(1, function()
        result.failWith('no buffer 7', 1002, 'Call editor_state.')
      end)
      assert.are.same({
        {
          ok = true,
          value = {
            content = { { type = 'text', text = 'ERROR 1002: no buffer 7 Call editor_state.' } },
            isError = true,
          },
        },
      }, rec.outcomes)
      local rec2 = start(1, function()
        result.rpcError(-32002, 'Resource not found: vim://nope')
      end)
      assert.are.same({ { ok = false, code = -32002, message = 'Resource not found: vim://nope' } }, rec2.outcomes)
      assert.are.equal(0, #reports)
    end
  )

  it('reports a handler that yields without park() as -32603', function()
    local rec = start(1, function()
      coroutine.yield()
    end)
    assert.are.equal(-32603, rec.outcomes[1].code)
    assert.matches('park', rec.outcomes[1].message)
  end)

  it('refuses park() outside the call it belongs to', function()
    local leaked
    start(1, function(park)
      leaked = park
    end)
    assert.has_error(function()
      leaked(function() end)
    end)
  end)

  it('survives an onDone or onCancel that throws', function()
    blocking:run(1, function()
      return 1
    end, function()
      error('onDone bug')
    end)
    local rec = start(1, function(park)
      park(function() end, function()
        error('onCancel bug')
      end)
    end)
    rec.handle.cancel('x')
    assert.are.equal(2, #reports)
    assert.are.equal(0, blocking:pending())
  end)
end)
