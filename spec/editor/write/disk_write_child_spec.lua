-- A big unloaded file written by a child Neovim (editor/write/disk_write_child): the editor's loop runs while the
-- child works (the call is parked), a child that fails, crashes or hangs gives a clear error and leaves the file
-- as it was, the job folder is private and goes away, and a change of the file meanwhile is refused.
local disk_write = require('claude-ide.editor.write.disk_write')
local child = require('claude-ide.editor.write.disk_write_child')

local bridge = require('helpers.bridge')
local paced_run = require('helpers.pacing')
local write = bridge.write

--- `fn(pacing)` paced (helpers.pacing, slices of 4 ms): its result, and how many times the loop ran a timer of
--- ours while the call was parked in wait.
local function paced_call(fn)
  local result, stats = paced_run.run(fn, { slice_ms = 4 })
  return result, stats.ticks
end

--- writeFileAsVim(path, lines, expect), paced (paced_call).
local function paced(path, lines, expect)
  return paced_call(function(pacing)
    return disk_write.writeFileAsVim(path, lines, expect, pacing)
  end)
end

--- A worker script (run by the child instead of the real one) with `body` as its Lua code.
local function fake_worker(dir, body)
  local path = dir .. '/worker.lua'
  write(path, body)
  return path
end

describe('a big unloaded file written by a child Neovim', function()
  local dir, path, lines, after, jobs

  before_each(function()
    dir = vim.fn.tempname()
    path = dir .. '/big.txt'
    lines = {}
    for i = 1, 30000 do
      lines[i] = ('line %05d of a big file'):format(i)
    end
    write(path, table.concat(lines, '\n') .. '\n')
    after = vim.list_slice(lines)
    after[15000] = 'changed'
    child.childWrite.minBytes = 0
    jobs = vim.fn.stdpath('state') .. '/claude-ide/writes'
  end)

  after_each(function()
    child.childWrite.minBytes = 512 * 1024
    child.childWrite.timeoutMs = 60000
    child.childWrite.worker = nil
    vim.fn.delete(dir, 'rf')
  end)

  --- The job folders left in the store.
  local function left()
    return vim.fn.glob(jobs .. '/*', true, true)
  end

  it("writes the change while the editor's loop keeps running, and leaves no job folder", function()
    local started = child.childWrite.started
    local res, ticks = paced(path, after, lines)
    assert.are.same({ ok = true }, res)
    assert.are.equal(started + 1, child.childWrite.started)
    assert.are.same(after, vim.fn.readfile(path))
    assert.are.equal(0, vim.fn.bufexists(path), 'no buffer for the file in the editor')
    assert.is_true(ticks > 0, 'the loop ran while the child worked')
    assert.are.same({}, left())
  end)

  it('the job folder is private (0700) and in the plugin state folder', function()
    child.childWrite.worker = fake_worker(
      dir,
      [[local st = vim.uv.fs_stat(arg[1])
        io.stdout:write(('error folder %s mode %o\n'):format(arg[1], st.mode % 4096))]]
    )
    local res = paced(path, after, lines)
    assert.is_false(res.ok)
    local folder, mode = res.error:match('^folder (%S+) mode (%d+): nothing was written$')
    assert.are.equal('700', mode, res.error)
    assert.are.equal(jobs, vim.fs.dirname(folder))
    assert.are.equal(0, vim.fn.isdirectory(folder), 'the job folder is removed')
    assert.are.same(lines, vim.fn.readfile(path))
  end)

  it('the child runs at a lower CPU priority than the editor (niceness 10)', function()
    -- The editor lowers it right after starting it: the worker waits to see that, then tells.
    child.childWrite.worker = fake_worker(
      dir,
      [[local p
        for _ = 1, 300 do
          p = vim.uv.os_getpriority(vim.uv.os_getpid())
          if p >= 10 then break end
          vim.uv.sleep(10)
        end
        io.stdout:write(('error niceness %d\n'):format(p))]]
    )
    local res = paced(path, after, lines)
    local own = vim.uv.os_getpriority(vim.uv.os_getpid())
    assert.are.equal(('niceness %d: nothing was written'):format(math.min(19, math.max(own, 10))), res.error)
  end)

  it('a child that crashes: a clear error, the file as it was', function()
    child.childWrite.worker = fake_worker(dir, [[io.stderr:write('boom\n') os.exit(3)]])
    local res = paced(path, after, lines)
    assert.is_false(res.ok)
    assert.matches('failed %(exit 3%): boom: nothing was written', res.error)
    assert.are.same(lines, vim.fn.readfile(path))
    assert.are.same({}, left())
  end)

  it('a child that hangs is stopped: a clear error, the file as it was', function()
    child.childWrite.worker = fake_worker(dir, [[vim.uv.sleep(30000)]])
    child.childWrite.timeoutMs = 500
    local res = paced(path, after, lines)
    assert.is_false(res.ok)
    assert.matches('did not answer in 0.5 s and was stopped', res.error)
    assert.are.same(lines, vim.fn.readfile(path))
    assert.are.same({}, left())
  end)

  it('a child given too little time writes nothing', function()
    -- The real worker: stopped, or it finds half its time up before the write (it starts none then).
    child.childWrite.timeoutMs = 1
    local res = paced(path, after, lines)
    assert.is_false(res.ok)
    assert.matches('nothing was written', res.error)
    assert.are.same(lines, vim.fn.readfile(path))
  end)

  it('a file that no longer holds the planned-on text is not written', function()
    local other = vim.list_slice(lines)
    other[2] = 'someone else'
    write(path, table.concat(other, '\n') .. '\n')
    -- Stamped now: only the child's comparison of the text can tell.
    local res = paced(path, after, lines)
    assert.is_false(res.ok)
    assert.matches('changed on disk', res.error)
    assert.are.same(other, vim.fn.readfile(path))
  end)

  it('a file loaded in a buffer is not written by a child: that buffer is named', function()
    vim.cmd.edit(vim.fn.fnameescape(path))
    local buf = vim.api.nvim_get_current_buf()
    local started = child.childWrite.started
    local res = paced(path, after, lines)
    assert.are.equal(buf, res.loaded)
    assert.are.equal(started, child.childWrite.started)
    vim.cmd('bwipe!')
  end)

  it('a file the user opens while the child writes it is reloaded in that buffer (:checktime)', function()
    local buf
    local res = paced_call(function(pacing)
      local wait = pacing.wait
      pacing.wait = function(start)
        -- The child runs now: the user opens the file.
        vim.cmd.edit(vim.fn.fnameescape(path))
        buf = vim.api.nvim_get_current_buf()
        return wait(start)
      end
      return disk_write.writeFileAsVim(path, after, lines, pacing)
    end)
    assert.are.same({ ok = true }, res)
    assert.are.same(after, vim.fn.readfile(path))
    assert.are.same(after, vim.api.nvim_buf_get_lines(buf, 0, -1, false))
    vim.cmd('bwipe!')
  end)

  it('a file loaded through a symbolic link is not written by a child either: that buffer is named', function()
    local link = dir .. '/link.txt'
    assert(vim.uv.fs_symlink(path, link))
    vim.cmd.edit(vim.fn.fnameescape(link))
    local buf = vim.api.nvim_get_current_buf()
    local started = child.childWrite.started
    local res = paced(path, after, lines)
    assert.are.equal(buf, res.loaded)
    assert.are.equal(started, child.childWrite.started)
    assert.are.same(lines, vim.fn.readfile(path))
    vim.cmd('bwipe!')
  end)

  it('a job folder left by a killed editor more than an hour ago is swept', function()
    vim.fn.mkdir(jobs .. '/99999-1', 'p')
    write(jobs .. '/99999-1/expect.lines', 'x\n')
    local old = os.time() - 7200
    assert(vim.uv.fs_utime(jobs .. '/99999-1', old, old))
    vim.fn.mkdir(jobs .. '/99999-2', 'p')
    local res = paced(path, after, lines)
    assert.are.same({ ok = true }, res)
    assert.are.equal(0, vim.fn.isdirectory(jobs .. '/99999-1'))
    assert.are.equal(1, vim.fn.isdirectory(jobs .. '/99999-2'), 'a recent one may be a running child')
    vim.fn.delete(jobs .. '/99999-2', 'rf')
  end)

  describe('edits planned by the child (no review: editInChild)', function()
    local apply = require('claude-ide.editor.write.apply')

    local function edit_in_child(edits)
      return paced_call(function(pacing)
        return disk_write.editInChild(path, edits, 'big.txt', pacing) or false
      end)
    end

    it('writes what the editor would plan, in a child, with the editor loop running', function()
      local edits = {
        { old_text = 'line 15000 of a big file\nline 15001', new_text = 'joined' },
        { start_line = 3, end_line = 4, new_text = 'three\nfour\nand more' },
      }
      local started = child.childWrite.started
      local res, ticks = edit_in_child(edits)
      assert.are.same({ kind = 'written' }, res)
      assert.are.equal(started + 1, child.childWrite.started)
      assert.are.same(apply.planEdits(lines, edits, 'big.txt'), vim.fn.readfile(path))
      assert.is_true(ticks > 0, 'the loop ran while the child worked')
      assert.are.equal(0, vim.fn.bufexists(path), 'no buffer for the file in the editor')
      assert.are.same({}, left())
    end)

    it('edits that do not fit: the words the editor would say, the file as it was', function()
      for _, edits in ipairs({
        { { old_text = 'no such text', new_text = 'x' } },
        { { old_text = 'of a big file', new_text = 'x' } },
        { { start_line = 40000, end_line = 40000, new_text = 'x' } },
      }) do
        local ok, err = pcall(apply.planEdits, lines, edits, 'big.txt')
        assert.is_false(ok)
        local res = edit_in_child(edits)
        assert.are.same({ kind = 'refused', error = err.message }, res)
      end
      assert.are.same(lines, vim.fn.readfile(path))
      assert.are.same({}, left())
    end)

    it('edits that change nothing: unchanged, the file not rewritten', function()
      local before = vim.uv.fs_stat(path)
      local res = edit_in_child({ { old_text = 'line 00007 of a big file', new_text = 'line 00007 of a big file' } })
      assert.are.same({ kind = 'unchanged' }, res)
      assert.are.equal(before.mtime.nsec, vim.uv.fs_stat(path).mtime.nsec)
    end)

    it('not for a file loaded in a buffer, nor a small one: the caller edits it', function()
      local started = child.childWrite.started
      vim.cmd.edit(vim.fn.fnameescape(path))
      assert.is_false(edit_in_child({ { old_text = 'line 00007', new_text = 'x' } }))
      vim.cmd('bwipe!')
      child.childWrite.minBytes = 2 ^ 40
      assert.is_false(edit_in_child({ { old_text = 'line 00007', new_text = 'x' } }))
      assert.are.equal(started, child.childWrite.started)
    end)

    it('a child that crashes: a clear error, the file as it was', function()
      child.childWrite.worker = fake_worker(dir, [[io.stderr:write('boom\n') os.exit(3)]])
      local res = edit_in_child({ { old_text = 'line 00007', new_text = 'x' } })
      assert.are.equal('failed', res.kind)
      assert.matches('failed %(exit 3%): boom: nothing was written', res.error)
      assert.are.same(lines, vim.fn.readfile(path))
    end)
  end)
end)
