// Parked waits for the LSP tools: the tool's coroutine sleeps, the editor stays live, a timer checks.
import type { ToolContext } from "../protocol/tool";

/**
 * Parks until `ready()` is true (checked now, then every `interval` ms on the main loop) or `timeoutMs`
 * passed. Returns whether it became ready. A cancelled call stops the timer.
 */
export function waitUntil(ctx: ToolContext, ready: (this: void) => boolean, timeoutMs: number, interval = 50): boolean {
  if (ready()) return true;
  if (timeoutMs <= 0) return false;
  const timer = vim.uv.new_timer();
  const stop = () => {
    if (!timer.is_closing()) timer.close();
  };
  const started = vim.uv.now();
  return ctx.park<boolean>(
    (resume) => {
      timer.start(
        interval,
        interval,
        vim.schedule_wrap(() => {
          if (timer.is_closing()) return;
          vim.uv.update_time();
          const done = ready();
          if (done || vim.uv.now() - started >= timeoutMs) {
            stop();
            resume(done);
          }
        }),
      );
    },
    () => stop(),
  );
}
