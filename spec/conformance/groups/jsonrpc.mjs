// JSON-RPC 2.0 cases over one valid connection.
import { expectError, expectResult, openWs, rpc } from "../lib/client.mjs";
import { runCase } from "../lib/runner.mjs";
import { expect, show } from "../lib/util.mjs";

export async function jsonrpcCases() {
  let ws;
  const conn = async () => {
    if (!ws || ws.raw.ended) ws = await openWs();
    return ws;
  };
  const c = (name, fn) => runCase(name, async () => fn(await conn()));
  const errorCase = (name, text, codes, ids) => c(name, async (w) => void expectError(await w.exchange(text), codes, ids));
  const silent = (name, text) =>
    c(name, async (w) => {
      const replies = await w.exchange(text);
      expect(replies.length === 0, `a notification was answered: ${show(replies.map((r) => r.text))}`);
    });

  await errorCase("invalid JSON → -32700, id null", '{"jsonrpc":"2.0","id":1,"method":"ping"', -32700, "null");
  await errorCase("trailing garbage → -32700, id null", rpc(1, "ping") + "}", -32700, "null");
  await errorCase("[] → -32600, id null", "[]", -32600, "null");
  await errorCase("batch of two → one -32600, id null", `[${rpc(1, "ping")},${rpc(2, "ping")}]`, -32600, "null");
  await errorCase("[1,2,3] → one -32600, id null", "[1,2,3]", -32600, "null");
  for (const scalar of ['"x"', "1", "null", "true", "{}"]) await errorCase(`${scalar} → -32600, id null`, scalar, -32600, "null");
  await errorCase('missing "jsonrpc" → -32600', '{"id":1,"method":"ping"}', -32600, ["1", "null"]);
  await errorCase('"jsonrpc":"1.0" → -32600', '{"jsonrpc":"1.0","id":1,"method":"ping"}', -32600, ["1", "null"]);
  await errorCase('"jsonrpc":2.0 (a number) → -32600', '{"jsonrpc":2.0,"id":1,"method":"ping"}', -32600, ["1", "null"]);
  for (const m of ["1", "null", "{}", "[]", "true"]) await errorCase(`"method":${m} → -32600`, `{"jsonrpc":"2.0","id":1,"method":${m}}`, -32600, ["1", "null"]);
  await errorCase('no "method", no result/error → -32600', '{"jsonrpc":"2.0","id":1}', -32600, ["1", "null"]);
  // JSON-RPC 2.0 §4.2: "params MUST be a Structured value" — a request that breaks it is not a valid Request.
  for (const p of ['"x"', "1", "true", "null"]) await errorCase(`"params":${p} → -32600`, `{"jsonrpc":"2.0","id":1,"method":"ping","params":${p}}`, -32600, ["1", "null"]);
  await c('"params":[] and {} accepted by ping', async (w) => {
    expectResult(await w.exchange('{"jsonrpc":"2.0","id":1,"method":"ping","params":[]}'));
    expectResult(await w.exchange('{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}'));
  });
  await errorCase("unknown method → -32601, id echoed", rpc("u-1", "no/such/method"), -32601, '"u-1"');
  await errorCase("method with a NUL byte → -32601", rpc(5, "ping\u0000"), -32601, "5");

  const ids = ["0", "-1", "1.5", "9007199254740992", "-9007199254740992", "1e-7", '""', '"abc"', `"${"L".repeat(20000)}"`, "123456789", "0.1", "4294967296", "0.30000000000000004"];
  for (const id of ids) {
    await c(`id ${id.length > 30 ? id.slice(0, 12) + "…(" + id.length + " chars)" : id} echoed exactly`, async (w) => {
      const replies = await w.exchange(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
      expectResult(replies);
      const value = JSON.parse(id);
      // Raw text where the shortest form is unambiguous; numbers like 1e-7 may be written 1e-07.
      if (/^(-?\d+(\.\d+)?|"[^"\\]*")$/.test(id)) expect(replies[0].raw.id === id, `id ${id} echoed as ${replies[0].raw.id}`);
      else expect(JSON.parse(replies[0].raw.id) === value, `id ${id} echoed as ${replies[0].raw.id}`);
    });
  }
  for (const id of ['"a\\"b\\\\c\\u0001\\n"', '"\\u00e9\\u20ac\\ud83d\\ude00"', '"é€😀"', "1E2", "-0.0", "1.7976931348623157e308", "5e-324", "12345678901234567890"]) {
    await c(`id ${id} echoed as the same value`, async (w) => {
      const replies = await w.exchange(`{"jsonrpc":"2.0","id":${id},"method":"ping"}`);
      expectResult(replies);
      expect(Object.is(JSON.parse(replies[0].raw.id), JSON.parse(id)) || JSON.parse(replies[0].raw.id) === JSON.parse(id), `id ${id} echoed as ${replies[0].raw.id}`);
    });
  }
  for (const id of ["true", "{}", "[]", "[1]", '{"a":1}']) await errorCase(`id ${id} → -32600, id null`, `{"jsonrpc":"2.0","id":${id},"method":"ping"}`, -32600, "null");
  await errorCase("id 1e400 (not a finite number) → -32600, id null", '{"jsonrpc":"2.0","id":1e400,"method":"ping"}', -32600, "null");
  // JSON-RPC 2.0 allows a null id (discouraged); MCP forbids it. Either way one reply with id null.
  await c("id null → one reply with id null (result, or -32600 as MCP forbids null ids)", async (w) => {
    const replies = await w.exchange('{"jsonrpc":"2.0","id":null,"method":"ping"}');
    expect(replies.length === 1 && replies[0].raw.id === "null", `got ${show(replies.map((r) => r.text))}`);
    expect(replies[0].json.result !== undefined || replies[0].json.error.code === -32600, `got ${show(replies[0].text)}`);
    return `answered ${replies[0].json.error ? "error " + replies[0].json.error.code : "a result"}`;
  });

  await silent("notification of an unknown method: no reply", '{"jsonrpc":"2.0","method":"no/such/notification"}');
  await silent("notification with params a string: no reply", '{"jsonrpc":"2.0","method":"notifications/initialized","params":"x"}');
  await silent("notification with params an array: no reply", '{"jsonrpc":"2.0","method":"notifications/cancelled","params":[1,2]}');
  await silent("notifications/cancelled for an unknown request: no reply", '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{}}}');
  await silent("ping as a notification: no reply", '{"jsonrpc":"2.0","method":"ping"}');
  await silent("tools/call as a notification: no reply", '{"jsonrpc":"2.0","method":"tools/call","params":{"name":"nope"}}');
  await silent("log_event notification: no reply", '{"jsonrpc":"2.0","method":"log_event","params":{"eventName":"x","eventData":{}}}');
  await silent("a response (result) from the client: no reply", '{"jsonrpc":"2.0","id":5,"result":{}}');
  await silent("a response (error) from the client: no reply", '{"jsonrpc":"2.0","id":5,"error":{"code":1,"message":"x"}}');

  await c("10 MiB string param → answered", async (w) => {
    const big = "x".repeat(10 * 1024 * 1024);
    expectResult(await w.exchange(rpc("big", "ping", { pad: big }), 20000));
    expectError(await w.exchange(rpc("big2", "no/such", { pad: big }), 20000), -32601, '"big2"');
  });
  await c("10 MiB string of 3-byte characters → answered", async (w) => {
    expectResult(await w.exchange(rpc("big3", "ping", { pad: "€".repeat(3 * 1024 * 1024) }), 20000));
  });
  await c("10,000 nested [ → -32700/-32600, no crash", async (w) => void expectError(await w.exchange("[".repeat(10000)), [-32700, -32600], "null"));
  await c("10,000 nested [ ] (balanced) → -32700/-32600", async (w) => void expectError(await w.exchange("[".repeat(10000) + "]".repeat(10000)), [-32700, -32600], "null"));
  await c('10,000 nested {"a": inside params → -32700/-32600', async (w) => {
    const text = `{"jsonrpc":"2.0","id":1,"method":"ping","params":${'{"a":'.repeat(10000)}1${"}".repeat(10000)}}`;
    expectError(await w.exchange(text), [-32700, -32600], ["null", "1"]);
  });
  await c("500 nested arrays inside params → answered", async (w) => {
    expectResult(await w.exchange(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${"[".repeat(500)}${"]".repeat(500)}}}`));
  });
  await c("same id twice in a row → both answered", async (w) => {
    expectResult(await w.exchange(rpc(9, "ping")));
    expectResult(await w.exchange(rpc(9, "ping")));
  });
  if (ws && !ws.raw.ended) await ws.close();
}
