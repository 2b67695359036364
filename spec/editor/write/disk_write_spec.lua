-- An agent edit of a file that no buffer has loaded writes exactly what `:w` in Neovim writes for the same
-- change: each case is compared byte for byte (and link, link count and mode) with a real :w of a copy made
-- the same way, in the same Neovim with the same options. Every case runs twice: written by the editor itself
-- (a small file), and by a child Neovim (a big file: editor/write/disk_write_child, here forced for every size).
local bridge = require('helpers.bridge')

local BOM = '\239\187\191'

--- {kind, nlink, mode} of a path (lstat: a symbolic link is itself).
local function shape(path)
  local st = assert(vim.uv.fs_lstat(path))
  return { type = st.type, nlink = st.nlink, mode = st.mode % 4096 }
end

for _, path_kind in ipairs({ 'in the editor', 'in a child Neovim' }) do
  -- the child Neovim's variant (a disk-write child per case) is #slow: make test runs it, make test-fast the editor's
  describe(
    'agent edit of an unloaded file is a :w, written '
      .. path_kind
      .. (path_kind == 'in a child Neovim' and ' #slow' or ''),
    function()
      local project, ref, nvim, c

      -- One editor and bridge for the cases: each case has files of its own (made fresh, in both folders) that no
      -- buffer holds before or after (checked), and sets back what it changes ('fixendofline', the child count).
      lazy_setup(function()
        local dir = bridge.config_dir()
        local root = bridge.tempdir()
        project = bridge.project({ ['main.lua'] = 'return 1\n' }, root, 'project')
        ref = bridge.project({}, root, 'ref')
        nvim = bridge.editor({
          config_dir = dir,
          cwd = project,
          args = { 'main.lua' },
          setup = { agent = { review = false } },
        })
        c = bridge.start({ config_dir = dir, cwd = project })
        -- Every existing file goes to the child, or none does.
        nvim:lua(
          "require('claude-ide.editor.write.disk_write_child').childWrite.minBytes = ...",
          path_kind == 'in the editor' and 2 ^ 50 or 0
        )
      end)
      lazy_teardown(bridge.cleanup)
      before_each(function()
        nvim:lua([[
          vim.o.fixendofline = true
          require('claude-ide.editor.write.disk_write_child').childWrite.started = 0
        ]])
      end)

      --- Makes the file `rel` in both folders with `make(folder)`, edits project's through the bridge (old → new)
      --- and ref's with :w in the editor (its lines set to `lines_after`), and compares the results.
      local function same_as_w(rel, make, old, new, opts)
        opts = opts or {}
        make(project)
        make(ref)
        if opts.fixeol ~= nil then
          nvim:lua('vim.o.fixendofline = ...', opts.fixeol)
        end
        assert.are.equal(0, nvim:lua('return vim.fn.bufexists(...)', project .. '/' .. rel))
        local res = c:call('edit', { path = rel, edits = { { old_text = old, new_text = new } } })
        assert.is_nil(res.isError, bridge.text(res))
        assert.matches('written to disk', bridge.text(res))
        assert.are.equal(
          path_kind == 'in the editor' and 0 or 1,
          nvim:lua("return require('claude-ide.editor.write.disk_write_child').childWrite.started")
        )
        -- No buffer stays behind for the file.
        assert.are.equal(0, nvim:lua('return vim.fn.bufexists(...)', project .. '/' .. rel))
        nvim:lua(
          [[
      local path, old, new = ...
      vim.cmd.edit(vim.fn.fnameescape(path))
      local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
      local text = table.concat(lines, '\n'):gsub(vim.pesc(old), (new:gsub('%%', '%%%%')), 1)
      vim.api.nvim_buf_set_lines(0, 0, -1, false, vim.split(text, '\n', { plain = true }))
      vim.cmd.write()
      vim.cmd('bwipe')
    ]],
          ref .. '/' .. rel,
          old,
          new
        )
        return project .. '/' .. rel, ref .. '/' .. rel
      end

      it('through a symbolic link: the target changes, the link stays', function()
        local mine, theirs = same_as_w('link.txt', function(d)
          vim.fn.mkdir(d .. '/real', 'p')
          bridge.write(d .. '/real/target.txt', 'alpha\nbeta\n')
          assert(vim.uv.fs_symlink('real/target.txt', d .. '/link.txt'))
        end, 'beta', 'BETA')
        assert.are.equal('link', shape(mine).type)
        assert.are.equal('real/target.txt', vim.uv.fs_readlink(mine))
        assert.are.equal('alpha\nBETA\n', bridge.read(project .. '/real/target.txt'))
        assert.are.equal(bridge.read(ref .. '/real/target.txt'), bridge.read(project .. '/real/target.txt'))
        assert.are.same(shape(theirs), shape(mine))
      end)

      it('a hard-linked file: link count still 2, both names show the change', function()
        local mine = same_as_w('h1.txt', function(d)
          bridge.write(d .. '/h1.txt', 'one\ntwo\n')
          assert(vim.uv.fs_link(d .. '/h1.txt', d .. '/h2.txt'))
        end, 'two', 'TWO')
        assert.are.equal(2, shape(mine).nlink)
        assert.are.equal('one\nTWO\n', bridge.read(mine))
        assert.are.equal('one\nTWO\n', bridge.read(project .. '/h2.txt'))
        assert.are.equal(bridge.read(ref .. '/h1.txt'), bridge.read(mine))
        assert.are.same(shape(ref .. '/h1.txt'), shape(mine))
      end)

      it('a CRLF file stays CRLF', function()
        local mine, theirs = same_as_w('dos.txt', function(d)
          bridge.write(d .. '/dos.txt', 'one\r\ntwo\r\nthree\r\n')
        end, 'two', 'TWO')
        assert.are.equal('one\r\nTWO\r\nthree\r\n', bridge.read(mine))
        assert.are.equal(bridge.read(theirs), bridge.read(mine))
      end)

      it("a file without a final newline, with 'fixendofline' on: the newline is added, as :w does", function()
        local mine, theirs = same_as_w('noeol.txt', function(d)
          bridge.write(d .. '/noeol.txt', 'x\ny')
        end, 'y', 'Y', { fixeol = true })
        assert.are.equal('x\nY\n', bridge.read(mine))
        assert.are.equal(bridge.read(theirs), bridge.read(mine))
      end)

      it("a file without a final newline, with 'fixendofline' off: still none", function()
        local mine, theirs = same_as_w('noeol.txt', function(d)
          bridge.write(d .. '/noeol.txt', 'x\ny')
        end, 'y', 'Y', { fixeol = false })
        assert.are.equal('x\nY', bridge.read(mine))
        assert.are.equal(bridge.read(theirs), bridge.read(mine))
      end)

      it('a 0755 script keeps its mode', function()
        local mine, theirs = same_as_w('run.sh', function(d)
          bridge.write(d .. '/run.sh', '#!/bin/sh\necho hi\n')
          assert(vim.uv.fs_chmod(d .. '/run.sh', tonumber('755', 8)))
        end, 'echo hi', 'echo bye')
        assert.are.equal(tonumber('755', 8), shape(mine).mode)
        assert.are.equal('#!/bin/sh\necho bye\n', bridge.read(mine))
        assert.are.equal(bridge.read(theirs), bridge.read(mine))
        assert.are.same(shape(theirs), shape(mine))
      end)

      it('a UTF-8 file with a BOM keeps its BOM', function()
        local mine, theirs = same_as_w('bom.txt', function(d)
          bridge.write(d .. '/bom.txt', BOM .. 'héllo\nworld\n')
        end, 'world', 'wörld')
        assert.are.equal(BOM .. 'héllo\nwörld\n', bridge.read(mine))
        assert.are.equal(bridge.read(theirs), bridge.read(mine))
      end)

      it('a latin1 file stays latin1', function()
        local mine, theirs = same_as_w('latin.txt', function(d)
          bridge.write(d .. '/latin.txt', 'caf\233\nold\n')
        end, 'old', 'new')
        assert.are.equal('caf\233\nnew\n', bridge.read(mine))
        assert.are.equal(bridge.read(theirs), bridge.read(mine))
      end)

      it('a line holding a NUL byte keeps it', function()
        local mine, theirs = same_as_w('nul.txt', function(d)
          bridge.write(d .. '/nul.txt', 'a\0b\nold\n')
        end, 'old', 'new')
        assert.are.equal('a\0b\nnew\n', bridge.read(mine))
        assert.are.equal(bridge.read(theirs), bridge.read(mine))
      end)

      it('a new file (in a new folder) is created, and no buffer stays behind', function()
        local res =
          c:call('edit', { path = 'sub/new.txt', edits = { { start_line = 1, end_line = 0, new_text = 'hi' } } })
        assert.is_nil(res.isError, bridge.text(res))
        assert.are.equal('hi\n', bridge.read(project .. '/sub/new.txt'))
        assert.are.equal(0, nvim:lua('return vim.fn.bufexists(...)', project .. '/sub/new.txt'))
      end)
    end
  )
end
