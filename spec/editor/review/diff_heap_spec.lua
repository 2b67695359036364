-- A long day of reviews leaves nothing behind in the Lua heap: 300 reviews, accepted and rejected, half of
-- them openDiff calls of a real client over the WebSocket (Node `ws`), half agent edits, measured with
-- jit.off() (LuaJIT's trace cache grows while code gets compiled, bounded by its own limits: not ours) after a
-- full collection. The heap may not grow by 50 kB between the first hundred and the last.
local client = require('helpers.client')
local d = require('helpers.diff')
local h = require('helpers.tools')

local function heap()
  collectgarbage('collect')
  collectgarbage('collect')
  return collectgarbage('count')
end

describe('reviews and the Lua heap', function()
  it('300 reviews, accepted and rejected: under 50 kB of growth between the first and the last hundred', function()
    if vim.fn.exists(':ClaudeCodeDiffAccept') ~= 2 then
      vim.cmd.runtime('plugin/claude-ide.lua')
    end
    -- The agent edits run with the server's own services (one set of editor services, as in the editor).
    local ctx = h.context()
    ctx.dispose()
    local server = client.start_server()
    ctx.services = require('claude-ide').server().running.services
    local c = client.connect({ port = server.port, token = server.token })
    c:initialize()
    local edit
    for _, t in ipairs(require('claude-ide.agent.tools.index').AGENT_TOOLS) do
      if t.name == 'edit' then
        edit = t
      end
    end
    local path = h.file('reviewed.lua', { 'local a = 1', 'print(a)', 'return a' })
    h.edit(path) -- loaded and shown, as the user has it
    local outcomes = { accepted = 0, rejected = 0 }

    local function review(i)
      local finished
      if i % 2 == 1 then
        local id = c:request_async('tools/call', {
          name = 'openDiff',
          arguments = {
            old_file_path = path,
            new_file_path = path,
            new_file_contents = ('local a = 1\nprint(a)\nreturn a + %d\n'):format(i),
            tab_name = ('review %d'):format(i),
          },
        })
        finished = function()
          return c:wait_response(id)
        end
      else
        local done = false
        local co = coroutine.create(function()
          edit.handler(
            { path = path, edits = { { start_line = 3, end_line = 3, new_text = 'return a - ' .. i } } },
            ctx
          )
          done = true
        end)
        assert(coroutine.resume(co))
        finished = function()
          assert(vim.wait(5000, function()
            return done
          end, 1))
        end
      end
      d.wait_proposal(5000)
      local accept = i % 4 < 2
      vim.cmd(accept and 'ClaudeCodeDiffAccept' or 'ClaudeCodeDiffDeny')
      finished()
      outcomes[accept and 'accepted' or 'rejected'] = outcomes[accept and 'accepted' or 'rejected'] + 1
      -- The review's scheduled close has its tick.
      d.wait_closed()
    end

    jit.off()
    local ok, err = pcall(function()
      for i = 1, 100 do
        review(i)
      end
      local first = heap()
      for i = 101, 300 do
        review(i)
      end
      local last = heap()
      io.stderr:write(
        ('heap after 100 reviews %.1f kB, after 300 %.1f kB (%+.1f kB)\n'):format(first, last, last - first)
      )
      assert.is_true(last - first < 50, ('the heap grew by %.1f kB'):format(last - first))
    end)
    jit.on()
    c:close()
    client.stop_server()
    assert(ok, err)
    assert.are.same({ accepted = 150, rejected = 150 }, outcomes)
    assert.are.equal(0, #require('claude-ide.editor.state').pendingReviews())
  end)
end)
