// A parked call over the wire (openDiff waits for the user): other requests keep being answered, and every
// way it can end — close_tab, closeAllDiffTabs, a replacing review, notifications/cancelled, a vanished
// client — gives exactly the answer doc/protocol.md §5-6 and MCP's cancellation rules ask for, once.
import { openWs, rpc } from "../lib/client.mjs";
import { runCase } from "../lib/runner.mjs";
import { ARGS, expect, show, sleep } from "../lib/util.mjs";

const tabName = (tag) => `✻ [Claude Code] a.txt (${tag}) ⧉`;

function openDiffArgs(scratch, tag, file = "a.txt") {
  const path = `${scratch}/${file}`;
  return { old_file_path: path, new_file_path: path, new_file_contents: `proposed ${tag}\n`, tab_name: tabName(tag) };
}

/** Replies to `text` and anything else that arrived before its sentinel, by id (raw JSON text). */
async function exchangeById(ws, text) {
  const byId = {};
  for (const r of await ws.exchange(text)) {
    expect(!(r.raw.id in byId), `two replies with id ${r.raw.id}`);
    byId[r.raw.id] = r;
  }
  return byId;
}

function expectRejected(reply, tag) {
  expect(reply, `openDiff (${tag}) was not answered`);
  const content = reply.json.result?.content;
  expect(content?.[0]?.text === "DIFF_REJECTED" && content?.[1]?.text === tabName(tag), `openDiff (${tag}) answered ${show(reply.text)}`);
}

/** closeAllDiffTabs; returns [n closed, other replies by id]. */
async function closeAll(ws) {
  const byId = await exchangeById(ws, rpc("close-all", "tools/call", { name: "closeAllDiffTabs", arguments: {} }));
  const r = byId['"close-all"'];
  delete byId['"close-all"'];
  const m = /^CLOSED_(\d+)_DIFF_TABS$/.exec(r?.json.result?.content?.[0]?.text ?? "");
  expect(m, `closeAllDiffTabs answered ${show(r?.text)}`);
  return [Number(m[1]), byId];
}

export async function blockingCases() {
  const scratch = ARGS.scratch;
  expect(scratch, "--scratch DIR is required");
  const c = (name, fn) =>
    runCase(name, async () => {
      const ws = await openWs();
      try {
        await fn(ws);
        // Nothing may be left pending or answered late.
        const [left, late] = await closeAll(ws);
        expect(left === 0 && Object.keys(late).length === 0, `afterwards: ${left} reviews open, late replies ${show(Object.keys(late))}`);
        await ws.close();
      } finally {
        ws.raw.destroy();
      }
    });

  await c("parked openDiff: ping and tools/list still answered; closeAllDiffTabs → DIFF_REJECTED", async (ws) => {
    const parked = await exchangeById(ws, rpc("d1", "tools/call", { name: "openDiff", arguments: openDiffArgs(scratch, "d1") }));
    expect(Object.keys(parked).length === 0, `openDiff answered before any decision: ${show(Object.values(parked).map((r) => r.text))}`);
    for (let k = 0; k < 3; k++) expect((await ws.request("ping")).raw.result === "{}", "ping not answered");
    expect(Array.isArray((await ws.request("tools/list")).json.result.tools), "tools/list not answered");
    const [n, others] = await closeAll(ws);
    expect(n === 1, `closeAllDiffTabs closed ${n}`);
    expectRejected(others['"d1"'], "d1");
  });

  await c("close_tab of a parked review → TAB_CLOSED (twice, as the CLI sends it) and openDiff → DIFF_REJECTED", async (ws) => {
    await exchangeById(ws, rpc("d2", "tools/call", { name: "openDiff", arguments: openDiffArgs(scratch, "d2") }));
    const first = await exchangeById(ws, rpc("t1", "tools/call", { name: "close_tab", arguments: { tab_name: tabName("d2") } }));
    expect(first['"t1"']?.json.result?.content?.[0]?.text === "TAB_CLOSED", `close_tab answered ${show(first['"t1"']?.text)}`);
    expectRejected(first['"d2"'], "d2");
    const second = await exchangeById(ws, rpc("t2", "tools/call", { name: "close_tab", arguments: { tab_name: tabName("d2") } }));
    expect(second['"t2"']?.json.result?.content?.[0]?.text === "TAB_CLOSED" && Object.keys(second).length === 1, `second close_tab: ${show(Object.keys(second))}`);
  });

  await c("a tools/call reusing the id of a parked call → an error for it alone; the parked call still answered once", async (ws) => {
    await exchangeById(ws, rpc("dup", "tools/call", { name: "openDiff", arguments: openDiffArgs(scratch, "dup") }));
    const again = await exchangeById(ws, rpc("dup", "tools/call", { name: "getDiagnostics", arguments: {} }));
    expect(again['"dup"']?.json.error !== undefined, `reused id answered ${show(again['"dup"']?.text)}`);
    const [n, others] = await closeAll(ws);
    expect(n === 1, `closeAllDiffTabs closed ${n}`);
    expectRejected(others['"dup"'], "dup");
  });

  await c("a second review with the same tab_name replaces the first: first → DIFF_REJECTED, second still parked", async (ws) => {
    await exchangeById(ws, rpc("r1", "tools/call", { name: "openDiff", arguments: openDiffArgs(scratch, "same") }));
    const replaced = await exchangeById(ws, rpc("r2", "tools/call", { name: "openDiff", arguments: openDiffArgs(scratch, "same") }));
    expectRejected(replaced['"r1"'], "same");
    expect(!('"r2"' in replaced), "the replacing review was answered at once");
    const [n, others] = await closeAll(ws);
    expect(n === 1, `closeAllDiffTabs closed ${n}`);
    expectRejected(others['"r2"'], "same");
  });

  await c("notifications/cancelled for a parked openDiff → never answered (MCP), its view closed", async (ws) => {
    await exchangeById(ws, rpc("cx", "tools/call", { name: "openDiff", arguments: openDiffArgs(scratch, "cx") }));
    const after = await exchangeById(ws, JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: "cx", reason: "user interrupted" } }));
    expect(Object.keys(after).length === 0, `a cancelled request was answered: ${show(Object.values(after).map((r) => r.text))}`);
  });

  await c("openDiff of a file that does not exist yet parks like any other", async (ws) => {
    const parked = await exchangeById(ws, rpc("new", "tools/call", { name: "openDiff", arguments: openDiffArgs(scratch, "new", "not-yet.txt") }));
    expect(Object.keys(parked).length === 0, `answered at once: ${show(Object.values(parked).map((r) => r.text))}`);
    const [n, others] = await closeAll(ws);
    expect(n === 1, `closeAllDiffTabs closed ${n}`);
    expectRejected(others['"new"'], "new");
  });

  await c("openDiff with a relative path → -32602 naming it, nothing opened", async (ws) => {
    const byId = await exchangeById(ws, rpc("rel", "tools/call", { name: "openDiff", arguments: { ...openDiffArgs(scratch, "rel"), old_file_path: "a.txt" } }));
    const r = byId['"rel"'];
    expect(r?.json.error?.code === -32602 && r.json.error.message.includes("old_file_path"), `got ${show(r?.text)}`);
  });

  await runCase("client gone while openDiff is parked → the review is cancelled (a new client finds none open)", async () => {
    const ws = await openWs();
    await exchangeById(ws, rpc("gone", "tools/call", { name: "openDiff", arguments: openDiffArgs(scratch, "gone") }));
    ws.raw.destroy();
    await ws.raw.waitEof();
    const next = await openWs();
    try {
      // The server learns of the disconnect asynchronously: give it a moment (closeAllDiffTabs itself
      // would close a review left open, so only its first answer tells).
      await sleep(300);
      const [left] = await closeAll(next);
      expect(left === 0, `${left} review(s) still open after the client left`);
      await next.close();
    } finally {
      next.raw.destroy();
    }
  });
}
