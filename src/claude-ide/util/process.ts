// Processes of this machine, as Neovim sees them (nvim_get_proc): who started whom.

/** The parent of process `pid`, or undefined when it is gone or unknown. */
export function parentPid(pid: number): number | undefined {
  const [ok, info] = pcall(vim.api.nvim_get_proc, pid);
  if (!ok || info === undefined || info === vim.NIL) return undefined;
  const ppid = (info as { ppid?: number }).ppid;
  return typeof ppid === "number" && ppid > 0 ? ppid : undefined;
}

/** The ancestors of process `pid`, its parent first, at most `max` of them (pid 1 included). */
export function ancestors(pid: number, max: number): number[] {
  const out: number[] = [];
  let p = parentPid(pid);
  while (p !== undefined && out.length < max) {
    out.push(p);
    if (p === 1) break;
    p = parentPid(p);
  }
  return out;
}
