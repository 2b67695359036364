// :checkhealth's part for agents that run somewhere else (remote.targets): each target's command, forward and
// folder map (local folders that exist, whether Neovim's folder is covered), and each far session now running: its
// door, whether its CLI came through (so the forward and the far lock file worked), and one request's round trip.
import { type Config, remoteTarget } from "../config";
import type { Server } from "../server";
import type { SessionInfo } from "../sessions";
import { shown } from "../util/fs";
import { farDrops, folderPairs } from "./session";
import { createPathMap } from "../util/path_map";

/** A ping through the forward normally takes milliseconds; a dead forward never answers. */
const ROUND_TRIP_TIMEOUT_MS = 2000;

/**
 * Where the user's agents run when none runs here: the target names (`@box`) when remote.target is set or every
 * session is at a target; undefined when a CLI may run beside this Neovim (the local CLI and trust checks apply).
 */
export function remoteOnly(config: Config, sessions: SessionInfo[]): string | undefined {
  if (config.remote.target !== false) return `@${config.remote.target} (remote.target)`;
  if (sessions.length === 0 || sessions.some((s) => s.target === undefined)) return undefined;
  const names: string[] = [];
  for (const s of sessions) if (!names.includes(`@${s.target!.name}`)) names.push(`@${s.target!.name}`);
  return `${names.join(", ")} (every session runs there)`;
}

export function checkRemote(config: Config, server: Server | undefined, sessions: SessionInfo[]): void {
  const names: string[] = [];
  for (const [name] of pairs(config.remote.targets)) names.push(name as string);
  names.sort();
  if (names.length === 0) {
    vim.health.info("no remote target (remote.targets): agents run beside this Neovim");
    return;
  }
  const cwd = vim.fn.getcwd();
  for (const name of names) {
    const t = remoteTarget(config, name);
    if (t === undefined) continue;
    const forward =
      t.forward === "ssh"
        ? "port forwarded with ssh -R"
        : t.forward === "none"
          ? `the far side reaches ${t.host} itself (forward "none": a shared network)`
          : `forwarded by ${table.concat(t.forward, " ")} for each session, reached at ${t.host}`;
    const chosen = config.remote.target === name ? " (remote.target: :ClaudeCode starts here)" : "";
    vim.health.ok(`target @${name}: ${table.concat(t.command, " ")}; ${forward}${chosen}`);
    const programs = [t.command[0], ...(typeof t.forward === "object" ? [t.forward[0]] : [])];
    for (const program of programs)
      if (vim.fn.executable(program) !== 1)
        vim.health.error(`  ${program} is not executable here: :ClaudeCode @${name} cannot start`, [
          `install it, or fix remote.targets.${name}`,
        ]);
    const pairs_ = folderPairs(t);
    for (const p of pairs_) {
      if (vim.fn.isdirectory(p.near) === 1) vim.health.ok(`  ${p.far} → ${shown(p.near)}`);
      else
        vim.health.error(`  ${p.far} → ${shown(p.near)}: the local folder does not exist`, [
          `fix remote.targets.${name}.folders`,
        ]);
    }
    const far = createPathMap(pairs_).toFar(cwd);
    if (far !== undefined) vim.health.ok(`  this folder (${shown(cwd)}) is ${far} over there`);
    else
      vim.health.warn(`  this folder (${shown(cwd)}) is outside the map: :ClaudeCodeNew @${name} will not start here`, [
        `:cd into ${pairs_.map((p) => shown(p.near)).join(" or ")}`,
      ]);
  }
  for (const d of farDrops())
    vim.health.warn(
      `session ${d.session} dropped at ${d.at}: ${d.why}. Its door closed (its token is refused); its reviews stayed open (:w writes here, the agent does not hear it); its lock file over there is removed by the far shell when it hangs up, else by the next start at @${d.target}`,
      [`:ClaudeCode @${d.target} starts a new session`],
    );
  for (const s of sessions) {
    if (s.target === undefined) continue;
    const at = `session ${s.name}: door 127.0.0.1:${s.target.port}, lock file ${s.target.port}.lock over there`;
    if (!s.connected) {
      vim.health.warn(`${at}: its CLI has not connected`, [
        "the terminal shows what the far side said (ssh, the CLI)",
        "ssh: is the port already taken over there (ExitOnForwardFailure)? is AllowTcpForwarding on in its sshd?",
        'a container: does it share this machine\'s network (forward = "none"), or reach it at remote.targets host?',
      ]);
      continue;
    }
    const trip = server?.doorRoundTrip(s.target.port, ROUND_TRIP_TIMEOUT_MS);
    if (trip?.ok === true)
      vim.health.ok(`${at}: connected, one request's round trip ${string.format("%.1f", trip.ms)} ms`);
    else
      vim.health.warn(
        `${at}: connected, but a ping found no answer: ${trip?.ok === false ? trip.error : "server stopped"}`,
      );
  }
}
