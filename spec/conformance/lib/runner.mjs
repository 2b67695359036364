// Runs cases and reports them, one JSON line each; after every case the server must still answer ping
// on a fresh connection.
import { openWs } from "./client.mjs";
import { Fail, emit, expect, show } from "./util.mjs";

/** The group being run and its tallies. */
export const run = { group: "", cases: 0, failed: 0 };

/** The server still completes a handshake and answers `ping` on a fresh connection. */
async function alive() {
  const ws = await openWs();
  try {
    const reply = await ws.request("ping");
    expect(reply.raw.result === "{}", `ping answered ${show(reply.text)}`);
    await ws.close(1000);
  } finally {
    ws.raw.destroy();
  }
}

export async function runCase(name, fn, { timeoutMs = 20000 } = {}) {
  const t0 = Date.now();
  let ok = true;
  let detail = "";
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Fail(`case timed out after ${timeoutMs} ms`)), timeoutMs).unref());
  try {
    const r = await Promise.race([fn(), timeout]);
    if (typeof r === "string") detail = r;
  } catch (e) {
    ok = false;
    detail = e instanceof Fail ? e.message : `${e && e.stack}`;
  }
  try {
    await Promise.race([alive(), timeout]);
  } catch (e) {
    ok = false;
    detail += ` | afterwards the server did not answer ping on a new connection: ${e.message}`;
  }
  run.cases++;
  if (!ok) run.failed++;
  emit({ case: `${run.group}: ${name}`, ok, detail, ms: Date.now() - t0 });
}

export const info = (msg) => emit({ info: `${run.group}: ${msg}` });
