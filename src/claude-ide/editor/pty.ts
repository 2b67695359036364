// Hanging up a pty job safely. Neovim (0.10 and 0.12 alike) starts a pty job with forkpty(): the child
// becomes the session leader of the new pty in login_tty() and only then resets the signal handlers it
// inherited from Neovim. A SIGHUP that reaches the child in between — the kernel sends one to the session
// leader when the pty's master is closed, i.e. by jobstop() or by wiping the terminal buffer — runs libuv's
// handler copied from Neovim, which writes the signal into Neovim's own signal pipe (the child shares it):
// Neovim then believes it was hung up and exits ("Caught deadly signal 'SIGHUP'"). Closing a pty in the
// first moments of its job is therefore deferred until the child has reset its handlers or exec'd.

/** How often the child is checked, and how long at most a hangup waits for it (ms). */
const POLL_MS = 2;
const MAX_WAIT_MS = 1000;
/** Without /proc (not Linux), a hangup simply waits this long after the job's start. */
const FALLBACK_AGE_MS = 100;

const started = new LuaMap<number, number>();

/** Records when pty job `job` started (call right after jobstart/termopen). */
export function ptyStarted(job: number): void {
  started.set(job, vim.uv.now());
}

let selfExe: string | undefined;

/** True when SIGHUP (signal 1) is in the "caught" mask of /proc/<pid>/status; undefined if unreadable. */
function catchesHangup(pid: number): boolean | undefined {
  const [fd] = vim.uv.fs_open(`/proc/${pid}/status`, "r", 0);
  if (fd === undefined) return undefined;
  const [status] = vim.uv.fs_read(fd, 4096, 0);
  vim.uv.fs_close(fd);
  const [mask] = string.match(status ?? "", "SigCgt:%s*(%x+)");
  if (mask === undefined) return undefined;
  return (tonumber(string.sub(mask, -1), 16) as number) % 2 === 1;
}

/**
 * True when hanging up the pty of `job` cannot be mistaken by Neovim for its own SIGHUP: the job is gone,
 * or its process runs another program than Neovim, or no longer catches SIGHUP with Neovim's handler.
 */
export function ptySafeToHangUp(job: number): boolean {
  const [ok, pid] = pcall(vim.fn.jobpid, job);
  if (!ok || typeof pid !== "number" || pid <= 0) return true;
  if (vim.fn.isdirectory("/proc/self") !== 1) {
    const t = started.get(job);
    return t === undefined || vim.uv.now() - t >= FALLBACK_AGE_MS;
  }
  const [exe] = vim.uv.fs_readlink(`/proc/${pid}/exe`);
  if (exe === undefined) return true; // exited (a zombie has no exe)
  selfExe ??= vim.uv.fs_readlink("/proc/self/exe")[0];
  if (exe !== selfExe) return true;
  return catchesHangup(pid) === false;
}

/**
 * Runs `hangUp` (which closes the pty of `job`: jobstop, wiping its buffer) at once when that is safe, else
 * as soon as it is (checked every few ms, at most about a second: then it runs anyway).
 */
export function whenSafeToHangUp(job: number, hangUp: (this: void) => void): void {
  if (ptySafeToHangUp(job)) {
    started.delete(job);
    hangUp();
    return;
  }
  const deadline = vim.uv.now() + MAX_WAIT_MS;
  const poll = () => {
    if (!ptySafeToHangUp(job) && vim.uv.now() < deadline) {
      vim.defer_fn(poll, POLL_MS);
      return;
    }
    started.delete(job);
    hangUp();
  };
  vim.defer_fn(poll, POLL_MS);
}
