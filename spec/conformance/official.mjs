// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, installed by
// scripts/conformance.sh) against one server URL, the whole suite in one process (its scenarios one after
// another: about a second), and reports one JSON line per scenario on stdout for official_spec.lua:
//   {"scenario":…, "applicable":false, "reason":…, "passes":bool}   not counted (applicability.mjs says why;
//                                                                    passes: it passed all the same)
//   {"scenario":…, "applicable":true, "ok":bool, "checks":N, "failed":[…], "exempt":[…]}
//   {"done":true, "applicable":N, "total":N, "ms":N}
// A check fails when its status is FAILURE or WARNING (SHOULDs count), unless applicability.mjs exempts it
// (named, with its reason, in "exempt"). A scenario whose run printed no checks fails.
//
//   node official.mjs --suite DIR --target bridge|companion --url URL [--spec-version V]
// DIR is one installed suite version (.deps/conformance/<version>). Run it with a Node >= 22 (the suite's own).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EXEMPT_CHECKS, NOT_APPLICABLE } from "./applicability.mjs";

const opts = {};
for (let i = 2; i < process.argv.length; i += 2) opts[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
if (!opts.suite || !opts.target || !opts.url || !NOT_APPLICABLE[opts.target]) {
  process.stderr.write("usage: node official.mjs --suite DIR --target bridge|companion --url URL [--spec-version V]\n");
  process.exit(2);
}
const cli = join(opts.suite, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const versionArgs = opts["spec-version"] ? ["--spec-version", opts["spec-version"]] : [];
const notApplicable = NOT_APPLICABLE[opts.target];
const exempt = EXEMPT_CHECKS[opts.target];
const out = (obj) => process.stdout.write(JSON.stringify(obj) + "\n");

function run(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The server scenarios this suite version lists (for the spec version, when given). */
async function scenarios() {
  const res = await run(["list", "--server", ...versionArgs]);
  const names = [];
  for (const line of res.stdout.split("\n")) {
    const m = /^\s+- (\S+)(?: \[([^\]]*)\])?/.exec(line);
    if (m) names.push({ name: m[1], tags: m[2] ?? "" });
  }
  if (names.length === 0) throw new Error(`the suite listed no server scenario:\n${res.stdout}${res.stderr}`);
  return names;
}

/** The checks of every scenario, from one run of the whole suite (scenarios run one after another). */
async function runAll(work) {
  const res = await run(["server", "--url", opts.url, "--suite", "all", ...versionArgs, "-o", work]);
  const checks = new Map();
  for (const entry of readdirSync(work)) {
    const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(entry);
    if (m === null) continue;
    try {
      checks.set(m[1], JSON.parse(readFileSync(join(work, entry, "checks.json"), "utf8")));
    } catch {
      // no checks.json: reported as a failure with the suite's output
    }
  }
  return { checks, output: (res.stdout + res.stderr).slice(-1500), code: res.code };
}

/** The verdict on one applicable scenario. */
function verdict(name, checks, output) {
  const failed = [];
  const exempted = [];
  for (const c of checks ?? []) {
    if (c.status !== "FAILURE" && c.status !== "WARNING") continue;
    const reason = exempt[name]?.[c.id];
    if (reason !== undefined) exempted.push(`${c.id} (${reason})`);
    else failed.push(`${c.id} [${c.status}]: ${c.errorMessage ?? ""}`.slice(0, 600));
  }
  if (!checks?.length) failed.push(`no checks were reported; the suite said: ${output}`);
  return { scenario: name, applicable: true, ok: failed.length === 0, checks: checks?.length ?? 0, failed, exempt: exempted };
}

/** Why a scenario does not apply (undefined: it does). Extensions (tasks, skills) belong to no revision. */
function notApplicableReason({ name, tags }) {
  return notApplicable[name] ?? (tags === "extension" ? "an MCP extension this server does not claim" : undefined);
}

const started = Date.now();
const work = mkdtempSync(join(tmpdir(), "mcp-conformance-"));
try {
  const all = await scenarios();
  const { checks, output } = await runAll(work);
  let applicable = 0;
  for (const s of all) {
    const reason = notApplicableReason(s);
    if (reason === undefined) {
      applicable++;
      out(verdict(s.name, checks.get(s.name), output));
      continue;
    }
    // The suite ran it too (it cannot run a chosen subset at once): said when it passes all the same, since the
    // scenario may then belong in the applicable set.
    const ran = checks.get(s.name) ?? [];
    const passes = ran.length > 0 && ran.every((c) => c.status !== "FAILURE" && c.status !== "WARNING");
    out({ scenario: s.name, applicable: false, reason, passes });
  }
  out({ done: true, applicable, total: all.length, ms: Date.now() - started });
} finally {
  rmSync(work, { recursive: true, force: true });
}
