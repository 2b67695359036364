-- A file no buffer holds, written as `:w` would, in steps with the editor's loop running between them
-- (editor/write/disk_write with a Pacing): here every step pauses (sliceMs 0), and each pause resumes on a later turn
-- of the loop, as a parked tool call does. The bytes, links and mode are still exactly what a real :w of a copy
-- writes; the user's 'eventignore' is in place during every pause; a user who opens the file meanwhile gets the
-- change in their buffer; a file changed on disk meanwhile is not overwritten. Every property holds both when the
-- editor writes the file itself and when a child Neovim does (a big file: editor/write/disk_write_child, here forced
-- for every size).
local disk_write = require('claude-ide.editor.write.disk_write')
local apply = require('claude-ide.editor.write.apply')
local child = require('claude-ide.editor.write.disk_write_child')

local BOM = '\239\187\191'

local bridge = require('helpers.bridge')
local write, read = bridge.write, bridge.read

local function shape(path)
  local st = assert(vim.uv.fs_lstat(path))
  return { type = st.type, nlink = st.nlink, mode = st.mode % 4096 }
end

--- `fn(pacing)` with a pause at every check, each resumed on a later turn of the loop after `on_pause(n)`
--- (helpers.pacing); returns fn's result and how many pauses there were.
local function paced(fn, on_pause)
  local result, stats = require('helpers.pacing').run(fn, { on_pause = on_pause })
  return result, stats.pauses
end

for _, path_kind in ipairs({ 'in the editor', 'in a child Neovim' }) do
  describe('an unloaded file written in paced steps, ' .. path_kind, function()
    local dir, started

    before_each(function()
      child.childWrite.minBytes = path_kind == 'in the editor' and math.huge or 0
      started = child.childWrite.started
      dir = vim.fn.tempname()
      vim.fn.mkdir(dir .. '/mine', 'p')
      vim.fn.mkdir(dir .. '/ref', 'p')
    end)

    after_each(function()
      child.childWrite.minBytes = 512 * 1024
      vim.o.eventignore = ''
      vim.o.fixendofline = true
      vim.cmd('silent! %bwipe!')
      vim.fn.delete(dir, 'rf')
    end)

    --- Makes `rel` in both folders, replaces line `n` (1-based) by `new` in mine with paced steps and in ref with
    --- a real :w; returns both paths and the number of pauses.
    local function same_as_w(rel, make, n, new)
      make(dir .. '/mine')
      make(dir .. '/ref')
      local mine, ref = dir .. '/mine/' .. rel, dir .. '/ref/' .. rel
      local before = vim.fn.readfile(mine)
      local after = vim.list_slice(before)
      after[n] = new
      local res, pauses = paced(function(pacing)
        return disk_write.writeFileAsVim(mine, after, before, pacing)
      end)
      assert.are.same({ ok = true }, res)
      assert.are.equal(0, vim.fn.bufexists(mine), 'a buffer stayed behind')
      assert.are.equal(path_kind == 'in the editor' and started or started + 1, child.childWrite.started)
      started = child.childWrite.started
      vim.cmd.edit(vim.fn.fnameescape(ref))
      vim.api.nvim_buf_set_lines(0, n - 1, n, false, { new })
      vim.cmd('silent write')
      vim.cmd('bwipe')
      return mine, ref, pauses
    end

    it('keeps every :w property: CRLF with a BOM, no final newline, latin1, a link, a hard link, the mode', function()
      local mine, ref, pauses = same_as_w('dos.txt', function(d)
        write(d .. '/dos.txt', BOM .. 'one\r\ntwo\r\nthree\r\n')
      end, 2, 'TWO')
      assert.is_true(pauses >= 2, 'pauses: ' .. pauses)
      assert.are.equal(BOM .. 'one\r\nTWO\r\nthree\r\n', read(mine))
      assert.are.equal(read(ref), read(mine))

      vim.o.fixendofline = false
      mine, ref = same_as_w('noeol.txt', function(d)
        write(d .. '/noeol.txt', 'x\ny')
      end, 2, 'Y')
      assert.are.equal('x\nY', read(mine))
      assert.are.equal(read(ref), read(mine))
      vim.o.fixendofline = true

      mine, ref = same_as_w('latin.txt', function(d)
        write(d .. '/latin.txt', 'caf\233\nold\n')
      end, 2, 'new')
      assert.are.equal('caf\233\nnew\n', read(mine))
      assert.are.equal(read(ref), read(mine))

      mine, ref = same_as_w('link.sh', function(d)
        write(d .. '/real/run.sh', '#!/bin/sh\necho hi\n')
        assert(vim.uv.fs_chmod(d .. '/real/run.sh', tonumber('755', 8)))
        assert(vim.uv.fs_symlink('real/run.sh', d .. '/link.sh'))
        assert(vim.uv.fs_link(d .. '/real/run.sh', d .. '/hard.sh'))
      end, 2, 'echo bye')
      assert.are.equal('real/run.sh', vim.uv.fs_readlink(mine))
      assert.are.equal('#!/bin/sh\necho bye\n', read(dir .. '/mine/real/run.sh'))
      assert.are.equal('#!/bin/sh\necho bye\n', read(dir .. '/mine/hard.sh'))
      assert.are.same(shape(dir .. '/ref/real/run.sh'), shape(dir .. '/mine/real/run.sh'))
      assert.are.same({ type = 'file', nlink = 2, mode = tonumber('755', 8) }, shape(dir .. '/mine/real/run.sh'))
      assert.are.equal(read(ref), read(mine))
    end)

    it('compares a big file in slices, pausing between them, and writes only the change', function()
      local lines = {}
      for i = 1, 20000 do
        lines[i] = ('line %05d'):format(i)
      end
      local mine, ref, pauses = same_as_w('big.txt', function(d)
        write(d .. '/big.txt', table.concat(lines, '\n') .. '\n')
      end, 12345, 'changed')
      -- Read, 5 slices of 4,000 lines (a pause between each), the write.
      assert.is_true(pauses >= 6, 'pauses: ' .. pauses)
      assert.are.equal(read(ref), read(mine))
    end)

    it("has the user's 'eventignore' in every pause, and no autocmd sees the hidden buffer", function()
      vim.o.eventignore = 'FocusGained'
      local seen, during = {}, {}
      local group = vim.api.nvim_create_augroup('disk_write_pacing_spec', { clear = true })
      vim.api.nvim_create_autocmd(
        { 'BufAdd', 'BufReadPre', 'BufReadPost', 'BufWritePre', 'BufWritePost', 'BufUnload', 'BufWipeout' },
        {
          group = group,
          callback = function(ev)
            table.insert(seen, ev.event)
          end,
        }
      )
      local path = dir .. '/mine/a.txt'
      write(path, 'a\nb\n')
      local res, pauses = paced(function(pacing)
        return disk_write.writeFileAsVim(path, { 'a', 'B' }, { 'a', 'b' }, pacing)
      end, function()
        table.insert(during, vim.o.eventignore)
      end)
      vim.api.nvim_del_augroup_by_id(group)
      assert.are.same({ ok = true }, res)
      assert.are.equal('a\nB\n', read(path))
      assert.is_true(pauses >= 2)
      assert.are.equal(pauses, #during)
      for _, ei in ipairs(during) do
        assert.are.equal('FocusGained', ei)
      end
      assert.are.equal('FocusGained', vim.o.eventignore)
      assert.are.same({}, seen)
    end)

    it('a user who opens the file during a pause gets the change in their buffer (saved, not lost)', function()
      local path = dir .. '/mine/open.txt'
      write(path, 'one\ntwo\n')
      local res = paced(function(pacing)
        return apply.applyText(path, { 'one', 'two' }, { 'one', 'TWO' }, pacing)
      end, function(n)
        if n == 1 then
          vim.cmd.edit(vim.fn.fnameescape(path))
        end
      end)
      assert.is_true(res.ok, vim.inspect(res))
      assert.are.equal('and saved', res.where)
      local buf = vim.fn.bufnr(path)
      assert.are.equal(buf, vim.api.nvim_get_current_buf())
      assert.are.same({ 'one', 'TWO' }, vim.api.nvim_buf_get_lines(buf, 0, -1, false))
      assert.is_false(vim.bo[buf].modified)
      assert.are.equal('one\nTWO\n', read(path))
      -- The buffer is the user's: the options the hidden write had turned off are theirs again.
      assert.are.equal(vim.go.modeline, vim.bo[buf].modeline)
      assert.are.equal(vim.go.swapfile, vim.bo[buf].swapfile)
      assert.are_not.equal(-1, vim.api.nvim_get_option_value('undolevels', { buf = buf }))
    end)

    -- The editor's own read of a big file (its pacing cannot wait: no child).
    it('a big file: the first pause comes before it is read, and a user who opens it then gets the change', function()
      -- Reading a big file into the hidden buffer is one call into Neovim that cannot be cut: it starts a stretch
      -- of its own (a slice that never runs out still pauses there).
      local lines = {}
      for i = 1, 30000 do
        lines[i] = ('line %05d of a big file'):format(i)
      end
      local path = dir .. '/mine/big_open.txt'
      write(path, table.concat(lines, '\n') .. '\n')
      local after = vim.list_slice(lines)
      after[3] = 'changed'
      local result, pauses, co = nil, 0, nil
      local pacing = {
        sliceMs = 1e9,
        pause = function()
          pauses = pauses + 1
          vim.schedule(function()
            if pauses == 1 then
              vim.cmd.edit(vim.fn.fnameescape(path))
            end
            assert(coroutine.resume(co))
          end)
          coroutine.yield()
        end,
      }
      co = coroutine.create(function()
        result = apply.applyText(path, lines, after, pacing)
      end)
      assert(coroutine.resume(co))
      assert(vim.wait(20000, function()
        return result ~= nil
      end, 5))
      assert.are.equal(1, pauses)
      assert.is_true(result.ok, vim.inspect(result))
      assert.are.equal('and saved', result.where)
      local buf = vim.fn.bufnr(path)
      assert.are.same(after, vim.api.nvim_buf_get_lines(buf, 0, -1, false))
      assert.are.same(after, vim.fn.readfile(path))
      assert.are.equal(started, child.childWrite.started)
    end)

    it('a file changed on disk during a pause is not overwritten', function()
      local path = dir .. '/mine/race.txt'
      write(path, 'one\ntwo\n')
      local res = paced(function(pacing)
        return disk_write.writeFileAsVim(path, { 'one', 'TWO' }, { 'one', 'two' }, pacing)
      end, function(n)
        if n == 1 then
          write(path, 'someone else wrote this\n')
        end
      end)
      assert.is_false(res.ok)
      assert.matches('changed on disk', res.error)
      assert.are.equal('someone else wrote this\n', read(path))
      assert.are.equal(0, vim.fn.bufexists(path))
    end)
  end)
end
