-- busted output handler: busted's terminal output, followed at the end of the suite by one line, alone on
-- its line, that CI reads:
--
--   12 passed, 0 failed, 0 skipped
--
-- "failed" counts failures and errors (an error in a describe/before_each or a spec file that does not load
-- counts too); "skipped" counts pending tests.
--
-- The wrapped handler is utfTerminal on a terminal and plainTerminal when stdout is not a TTY or CI is set
-- (ASCII progress marks read better in a log). Choose explicitly with `-Xoutput utfTerminal` (or any
-- busted handler name).
--
-- Use: busted -o spec/output/summary.lua (spec/runner.lua does this by default).

return function(options)
  local busted = require('busted')

  local inner_name = options.arguments and options.arguments[1]
  if not inner_name or inner_name == '' then
    local isatty = io.type(io.stdout) == 'file' and require('term').isatty(io.stdout)
    local ci = os.getenv('CI')
    inner_name = (isatty and not (ci and ci ~= '' and ci ~= 'false')) and 'utfTerminal' or 'plainTerminal'
  end
  -- Constructing the inner handler subscribes its own listeners; ours below are added after them, so the
  -- closing line is written after the inner handler's summary and failure details.
  local handler = require('busted.outputHandlers.' .. inner_name)(options)

  -- Totals over every run (--repeat publishes one suite start/end per run and resets the counters between).
  local totals = { passed = 0, failed = 0, skipped = 0 }

  busted.subscribe({ 'suite', 'end' }, function(_, count, total)
    totals.passed = totals.passed + handler.successesCount
    totals.failed = totals.failed + handler.failuresCount + handler.errorsCount
    totals.skipped = totals.skipped + handler.pendingsCount
    if count == nil or total == nil or count >= total then
      io.write(('\n%d passed, %d failed, %d skipped\n'):format(totals.passed, totals.failed, totals.skipped))
      io.flush()
    end
    return nil, true
  end)

  return handler
end
