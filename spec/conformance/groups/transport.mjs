// RFC 6455 cases: the upgrade handshake, framing and close codes, and the message size limit.
import { randomBytes } from "node:crypto";
import { OP, Raw, Ws, check101, closeBody, closeCodeOf, expectError, expectRefusal, expectResult, frame, openWs, rpc, sendRequest, upgradeRequest } from "../lib/client.mjs";
import { runCase } from "../lib/runner.mjs";
import { HANDSHAKE_TIMEOUT, MAX_MESSAGE, PORT, TOKEN, expect, show, sleep } from "../lib/util.mjs";

// ------------------------------------------------------------------------------------------------------
// Group: handshake (RFC 6455 §4.2, plus the IDE's token and Origin rules)
// ------------------------------------------------------------------------------------------------------
export async function handshakeCases() {
  const accepted = (name, opts) =>
    runCase(name, async () => {
      const ws = await openWs(opts);
      const reply = await ws.request("ping");
      expect(reply.raw.result === "{}", `ping answered ${show(reply.text)}`);
      await ws.close();
    });
  const refused = (name, request, statuses, check) => runCase(name, () => expectRefusal(request, statuses, check));

  await accepted("valid upgrade: 101, exact Sec-WebSocket-Accept, mcp selected, deflate declined", {});
  await accepted("no subprotocol offered: none selected", { headers: [["Sec-WebSocket-Protocol", null]] });
  await accepted("subprotocol list 'foo, mcp' selects mcp", { headers: [["Sec-WebSocket-Protocol", "foo, mcp"]] });
  await accepted("Connection: keep-alive, Upgrade", { headers: [["Connection", "keep-alive, Upgrade"]] });
  await accepted("header names lower-case, values upper-case", {
    headers: [
      ["host", `127.0.0.1:${PORT}`],
      ["upgrade", "WEBSOCKET"],
      ["connection", "UPGRADE"],
      ["sec-websocket-version", "13"],
      ["x-claude-code-ide-authorization", TOKEN],
    ],
  });
  await accepted("header names upper-case", {
    headers: [
      ["UPGRADE", "websocket"],
      ["CONNECTION", "Upgrade"],
      ["SEC-WEBSOCKET-VERSION", "13"],
      ["X-CLAUDE-CODE-IDE-AUTHORIZATION", TOKEN],
    ],
  });
  await accepted("duplicate Connection headers (keep-alive, then Upgrade)", { headers: [["Connection", "keep-alive"]], extra: [["Connection", "Upgrade"]] });
  await runCase("no space after the colon, trailing spaces, an empty header value", async () => {
    const request = upgradeRequest({ extra: [["X-Empty", ""]] }).replace("\r\nUpgrade: websocket", "\r\nUpgrade:websocket \t ");
    const [raw, res] = await sendRequest(request);
    try {
      check101(res, request);
      await new Ws(raw).close();
    } finally {
      raw.destroy();
    }
  });

  await runCase("request and first frame in one TCP write", async () => {
    const request = upgradeRequest();
    const raw = await Raw.connect();
    raw.write(Buffer.concat([Buffer.from(request, "latin1"), frame(OP.text, rpc(7, "ping"))]));
    check101(await raw.readHttp(), request);
    const ws = new Ws(raw);
    const reply = await ws.reply();
    expect(reply.raw.id === "7" && reply.raw.result === "{}", `got ${show(reply.text)}`);
    await ws.close();
  });

  await runCase("request written one byte at a time", async () => {
    const request = upgradeRequest();
    const raw = await Raw.connect();
    await raw.writeChunked(Buffer.from(request, "latin1"), Array(request.length).fill(1));
    check101(await raw.readHttp(), request);
    await new Ws(raw).close();
  });

  await refused("missing Sec-WebSocket-Key → 400", upgradeRequest({ headers: [["Sec-WebSocket-Key", null]] }), 400);
  await refused("key of 15 bytes → 400", upgradeRequest({ key: randomBytes(15).toString("base64") }), 400);
  await refused("key of 17 bytes → 400", upgradeRequest({ key: randomBytes(17).toString("base64") }), 400);
  await refused("key of 24 characters that is not base64 → 400", upgradeRequest({ key: "!!!!!!!!!!!!!!!!!!!!!!!!" }), 400);
  await refused("duplicate Sec-WebSocket-Key → 400", upgradeRequest({ extra: [["Sec-WebSocket-Key", randomBytes(16).toString("base64")]] }), 400);
  await refused("Sec-WebSocket-Version: 8 → 426 with Sec-WebSocket-Version: 13", upgradeRequest({ headers: [["Sec-WebSocket-Version", "8"]] }), 426, (res) =>
    expect(res.headers["sec-websocket-version"]?.join(",").split(/\s*,\s*/).includes("13"), `426 without Sec-WebSocket-Version: 13: ${show(res.headers)}`),
  );
  await refused("missing Sec-WebSocket-Version → 400/426", upgradeRequest({ headers: [["Sec-WebSocket-Version", null]] }), [400, 426]);
  await refused("duplicate Sec-WebSocket-Version → 400/426", upgradeRequest({ extra: [["Sec-WebSocket-Version", "13"]] }), [400, 426]);
  await refused("missing Upgrade header → 400/426", upgradeRequest({ headers: [["Upgrade", null]] }), [400, 426]);
  await refused("Upgrade: h2c → 400/426", upgradeRequest({ headers: [["Upgrade", "h2c"]] }), [400, 426]);
  await refused("missing Connection header → 400", upgradeRequest({ headers: [["Connection", null]] }), 400);
  await refused("Connection: keep-alive only → 400", upgradeRequest({ headers: [["Connection", "keep-alive"]] }), 400);
  await refused("missing Host header → 400 (RFC 6455 §4.2.1 item 2)", upgradeRequest({ headers: [["Host", null]] }), 400);
  await refused("POST → 405", upgradeRequest({ requestLine: "POST / HTTP/1.1" }), 405);
  await refused("lower-case method 'get' → 400/405", upgradeRequest({ requestLine: "get / HTTP/1.1" }), [400, 405]);
  await refused("HTTP/1.0 → 400/505", upgradeRequest({ requestLine: "GET / HTTP/1.0" }), [400, 505]);
  await refused("absurd request line (3 words, bad version) → 400", upgradeRequest({ requestLine: "GET / FTP/9" }), [400, 505]);
  await refused("request line with an extra word → 400", upgradeRequest({ requestLine: "GET / HTTP/1.1 please" }), 400);
  await refused("request line with two spaces → 400", upgradeRequest({ requestLine: "GET  / HTTP/1.1" }), 400);
  await refused("request line of binary junk → 400", Buffer.concat([Buffer.from([0, 0xff, 0x80, 0x7f, 0x20, 0x0d]), Buffer.from("\r\nHost: x\r\n\r\n")]), 400);
  await refused("empty request (just CRLF CRLF) → 400", "\r\n\r\n", 400);
  await refused("header line without a colon → 400", upgradeRequest().replace(/\r\n\r\n$/, "\r\nBroken header line\r\n\r\n"), 400);
  await refused("space between header name and colon → 400 (RFC 9112 §5.1)", upgradeRequest().replace("\r\nUpgrade: websocket", "\r\nUpgrade : websocket"), 400);
  await refused("NUL in a header value → 400", upgradeRequest({ extra: [["X-Nul", "a\u0000b"]] }), 400);
  await runCase("obs-fold continuation line → 400, or folded into the value (RFC 9112 §5.2)", async () => {
    const request = upgradeRequest({ extra: [["X-Folded", "first"]] }).replace(/\r\n\r\n$/, "\r\n  second\r\n\r\n");
    const [raw, res] = await sendRequest(request);
    try {
      if (res.status === 101) check101(res, request);
      else expect(res.status === 400, `expected 400 or 101, got ${res.statusLine}`);
    } finally {
      raw.destroy();
    }
  });
  await accepted("UTF-8 (obs-text) in a header value", { headers: [["User-Agent", "clïent/1.0 ☃"]] });
  await refused("9000-byte header in one write → 431", upgradeRequest({ extra: [["X-Big", "a".repeat(9000)]] }), 431);
  await runCase("9000 bytes of headers trickled without an end → 431", async () => {
    const raw = await Raw.connect();
    try {
      raw.write(Buffer.from(upgradeRequest().replace(/\r\n\r\n$/, "\r\n"), "latin1"));
      for (let i = 0; i < 9; i++) {
        raw.write(Buffer.from(`X-Pad-${i}: ${"b".repeat(1000)}\r\n`));
        await sleep(5);
      }
      const res = await raw.readHttp();
      expect(res.status === 431, `expected 431, got ${res.statusLine}`);
      await raw.waitEof();
    } finally {
      raw.destroy();
    }
  });

  await refused("no token → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", null]] }), 401);
  await refused("wrong token of the same length → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", flipLast(TOKEN)]] }), 401);
  await refused("token prefix → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", TOKEN.slice(0, -1)]] }), 401);
  await refused("token plus one character → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", TOKEN + "0"]] }), 401);
  await refused("empty token → 401", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", ""]] }), 401);
  if (TOKEN.toUpperCase() !== TOKEN) {
    await refused("token in upper case → 401 (tokens are case-sensitive)", upgradeRequest({ headers: [["X-Claude-Code-Ide-Authorization", TOKEN.toUpperCase()]] }), 401);
  }
  await refused("token twice → 400/401", upgradeRequest({ extra: [["X-Claude-Code-Ide-Authorization", TOKEN]] }), [400, 401]);
  await refused("Origin: http://evil.example → 403", upgradeRequest({ headers: [["Origin", "http://evil.example"]] }), 403);
  await refused("Origin: null → 403", upgradeRequest({ headers: [["Origin", "null"]] }), 403);
  await refused("Origin and no token → 401/403", upgradeRequest({ headers: [["Origin", "http://127.0.0.1"], ["X-Claude-Code-Ide-Authorization", null]] }), [401, 403]);

  await runCase("100 concurrent handshakes all succeed", async () => {
    const conns = await Promise.all(Array.from({ length: 100 }, () => openWs()));
    const replies = await Promise.all(conns.map((ws) => ws.request("ping")));
    expect(replies.every((r) => r.raw.result === "{}"), "a ping went unanswered");
    await Promise.all(conns.map((ws) => ws.close()));
  });
  // The cases below wait for handshake_timeout_ms: run them side by side.
  const waiting = [];
  waiting.push(runCase("200 idle sockets do not keep a valid client out; all are closed at the timeout", async () => {
    const idle = await Promise.all(Array.from({ length: 200 }, () => Raw.connect()));
    idle.forEach((raw, k) => k % 2 && raw.write("GET / HTTP/1.1\r\n"));
    try {
      const ws = await openWs();
      expectResult(await ws.exchange(rpc(1, "ping")));
      await ws.close();
      await Promise.all(idle.map((raw) => raw.waitEof(HANDSHAKE_TIMEOUT + 3000, "an idle socket to be closed at the handshake timeout")));
    } finally {
      idle.forEach((raw) => raw.destroy());
    }
  }));
  waiting.push(runCase(`silent client is closed after handshake_timeout_ms (${HANDSHAKE_TIMEOUT} ms)`, () => expectHandshakeTimeout(async () => {})));
  waiting.push(runCase("slowloris: request trickled beyond handshake_timeout_ms → closed", () =>
    expectHandshakeTimeout(async (raw) => {
      const bytes = Buffer.from(upgradeRequest(), "latin1");
      const step = Math.max(50, Math.floor(HANDSHAKE_TIMEOUT / 10));
      for (let i = 0; i < bytes.length - 4 && !raw.ended; i++) {
        raw.write(bytes.subarray(i, i + 1));
        await sleep(step);
      }
    }),
  ));
  waiting.push(runCase("LF-only line endings → refused or closed at the timeout", async () => {
    const raw = await Raw.connect();
    try {
      raw.write(Buffer.from(upgradeRequest().replaceAll("\r\n", "\n"), "latin1"));
      await raw.until(() => (raw.ended || raw.buf.length > 0 ? true : undefined), HANDSHAKE_TIMEOUT + 2500, "a refusal or the close");
      if (raw.buf.length > 0) {
        const res = await raw.readHttp();
        expect(res.status === 400, `expected 400, got ${res.statusLine}`);
      }
      await raw.waitEof(HANDSHAKE_TIMEOUT + 2500);
    } finally {
      raw.destroy();
    }
  }));
  await Promise.all(waiting);
}

function flipLast(s) {
  const last = s[s.length - 1];
  return s.slice(0, -1) + (last === "0" ? "1" : "0");
}

/** `drive(raw)` misbehaves; the server must close within handshake_timeout_ms (+ slack), never answer 101. */
async function expectHandshakeTimeout(drive) {
  const raw = await Raw.connect();
  const t0 = Date.now();
  try {
    const driving = drive(raw);
    await raw.waitEof(HANDSHAKE_TIMEOUT + 2500, `the close at handshake_timeout_ms (${HANDSHAKE_TIMEOUT} ms)`);
    const took = Date.now() - t0;
    await driving;
    expect(!raw.buf.toString("latin1").startsWith("HTTP/1.1 101"), "the server switched protocols for an unfinished request");
    expect(took >= HANDSHAKE_TIMEOUT * 0.8, `closed after ${took} ms, before handshake_timeout_ms`);
    return `closed after ${took} ms`;
  } finally {
    raw.destroy();
  }
}

// ------------------------------------------------------------------------------------------------------
// Group: frames (RFC 6455 §5, §7)
// ------------------------------------------------------------------------------------------------------
export async function frameCases() {
  const closes = (name, bytes, codes) =>
    runCase(name, async () => {
      const ws = await openWs();
      ws.raw.write(typeof bytes === "function" ? bytes() : bytes);
      await ws.expectClose(codes);
    });
  const pingText = (id) => Buffer.from(rpc(id, "ping"));

  await closes("unmasked client frame → 1002", frame(OP.text, pingText(1), { mask: false }), 1002);
  await closes("RSV1 → 1002", frame(OP.text, pingText(1), { rsv: 0x40 }), 1002);
  await closes("RSV2 → 1002", frame(OP.text, pingText(1), { rsv: 0x20 }), 1002);
  await closes("RSV3 → 1002", frame(OP.text, pingText(1), { rsv: 0x10 }), 1002);
  await closes("RSV1 on a ping → 1002", frame(OP.ping, "x", { rsv: 0x40 }), 1002);
  for (const op of [3, 4, 5, 6, 7, 0xb, 0xc, 0xd, 0xe, 0xf]) {
    await closes(`reserved opcode 0x${op.toString(16)} → 1002`, frame(op, "x"), 1002);
  }
  await closes("ping with a 126-byte payload → 1002", frame(OP.ping, Buffer.alloc(126, 0x61)), 1002);
  await closes("close with a 126-byte payload → 1002", frame(OP.close, closeBody(1000, "r".repeat(124))), 1002);
  await closes("fragmented ping → 1002", frame(OP.ping, "ab", { fin: false }), 1002);
  await closes("fragmented close → 1002", frame(OP.close, closeBody(1000), { fin: false }), 1002);
  await closes("continuation without a message to continue → 1002", frame(OP.cont, "x"), 1002);
  await closes("final continuation without a start → 1002", frame(OP.cont, pingText(1)), 1002);
  await closes(
    "new text frame inside a fragmented message → 1002",
    Buffer.concat([frame(OP.text, '{"jsonrpc":', { fin: false }), frame(OP.text, pingText(1))]),
    1002,
  );
  await closes(
    "binary frame inside a fragmented text message → 1002",
    Buffer.concat([frame(OP.text, '{"jsonrpc":', { fin: false }), frame(OP.binary, "x")]),
    1002,
  );
  await closes("64-bit length with the high bit set → 1002", frame(OP.text, "", { length: 2n ** 63n + 5n, lengthForm: 64, payloadOmitted: true }), 1002);
  await closes("64-bit length of 2^62 (over max_message_bytes) → 1009, nothing allocated", frame(OP.text, "", { length: 2n ** 62n, lengthForm: 64, payloadOmitted: true }), 1009);
  await closes("binary message → 1003", frame(OP.binary, Buffer.from([1, 2, 3])), 1003);

  const badUtf8 = {
    "overlong C0 80": Buffer.from([0x22, 0xc0, 0x80, 0x22]),
    "overlong E0 80 80": Buffer.from([0x22, 0xe0, 0x80, 0x80, 0x22]),
    "surrogate ED A0 80": Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]),
    "F5 80 80 80 (beyond U+10FFFF)": Buffer.from([0x22, 0xf5, 0x80, 0x80, 0x80, 0x22]),
    "F4 90 80 80 (U+110000)": Buffer.from([0x22, 0xf4, 0x90, 0x80, 0x80, 0x22]),
    "lone continuation 80": Buffer.from([0x22, 0x80, 0x22]),
    "FF": Buffer.from([0xff]),
    "truncated at message end (E2 82)": Buffer.from([0x22, 0x61, 0xe2, 0x82]),
  };
  for (const [name, bytes] of Object.entries(badUtf8)) {
    await closes(`text with invalid UTF-8: ${name} → 1007`, frame(OP.text, bytes), 1007);
  }
  await closes(
    "invalid UTF-8 in the first fragment → 1007",
    Buffer.concat([frame(OP.text, Buffer.from([0x22, 0xc0, 0x80]), { fin: false }), frame(OP.cont, '"')]),
    1007,
  );
  await closes(
    "fragments each valid, joined truncated (F0 9F | 98) → 1007",
    Buffer.concat([frame(OP.text, Buffer.from([0x22, 0xf0, 0x9f]), { fin: false }), frame(OP.cont, Buffer.from([0x98]))]),
    1007,
  );

  await runCase("UTF-8 split inside characters across fragments → accepted", async () => {
    const ws = await openWs();
    const text = Buffer.from(rpc("€😀", "ping"));
    const euro = text.indexOf(Buffer.from("€")) + 1;
    const emoji = text.indexOf(Buffer.from("😀")) + 2;
    ws.raw.write(Buffer.concat([frame(OP.text, text.subarray(0, euro), { fin: false }), frame(OP.cont, text.subarray(euro, emoji), { fin: false }), frame(OP.cont, text.subarray(emoji))]));
    const reply = await ws.reply();
    expect(reply.json.id === "€😀" && reply.raw.result === "{}", `got ${show(reply.text)}`);
    await ws.close();
  });

  await closes("close with a 1-byte payload → 1002", frame(OP.close, Buffer.from([0x03])), 1002);
  for (const code of [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535]) {
    await closes(`close code ${code} → 1002`, frame(OP.close, closeBody(code)), 1002);
  }
  await closes("close reason with invalid UTF-8 → 1007", frame(OP.close, closeBody(1000, Buffer.from([0x61, 0xc0, 0x80]))), 1007);
  for (const code of [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999]) {
    await runCase(`close code ${code} → echoed, then TCP closed`, async () => {
      const ws = await openWs();
      ws.raw.write(frame(OP.close, closeBody(code, "reason ü")));
      await ws.expectClose(code);
    });
  }
  await runCase("close without payload → answered with an empty close (or 1000), never 1005", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.close));
    const f = await ws.raw.frame();
    const code = closeCodeOf(f);
    expect(code === undefined || code === 1000, `answered with ${code}`);
    await ws.raw.waitEof();
    ws.raw.destroy();
  });
  await runCase("close reason of 123 bytes → echoed", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.close, closeBody(4321, "é".repeat(61) + "x")));
    await ws.expectClose(4321);
  });
  await runCase("frames after the close frame are ignored", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat([frame(OP.close, closeBody(1000)), frame(OP.text, pingText(1)), frame(0x5, "junk")]));
    await ws.expectClose(1000);
  });

  await runCase("ping with payload → pong with the same payload", async () => {
    const ws = await openWs();
    const payload = Buffer.from(Array.from({ length: 125 }, (_, i) => (i * 37) & 0xff));
    ws.raw.write(frame(OP.ping, payload));
    const f = await ws.raw.frame();
    expect(f.opcode === OP.pong && f.payload.equals(payload), `got opcode ${f.opcode} ${show(f.payload)}`);
    await ws.close();
  });
  await runCase("empty ping → empty pong", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.ping));
    const f = await ws.raw.frame();
    expect(f.opcode === OP.pong && f.payload.length === 0, `got opcode ${f.opcode} ${show(f.payload)}`);
    await ws.close();
  });
  await runCase("unsolicited pong is ignored", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.pong, "unsolicited"));
    expectResult(await ws.exchange(rpc(1, "ping")));
    await ws.close();
  });
  await runCase("0-length text message → -32700 (not JSON), connection stays", async () => {
    const ws = await openWs();
    expectError(await ws.exchange(""), -32700, "null");
    await ws.close();
  });
  await runCase("0-length text in three empty fragments → -32700", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat([frame(OP.text, "", { fin: false }), frame(OP.cont, "", { fin: false }), frame(OP.cont, "")]));
    const reply = await ws.reply();
    expect(reply.json.error?.code === -32700 && reply.raw.id === "null", `got ${show(reply.text)}`);
    await ws.close();
  });
  await runCase("message with an empty final continuation", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat([frame(OP.text, pingText("e"), { fin: false }), frame(OP.cont, "")]));
    const reply = await ws.reply();
    expect(reply.json.id === "e", `got ${show(reply.text)}`);
    await ws.close();
  });
  await runCase("all-zero masking key", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, pingText("z"), { mask: Buffer.alloc(4) }));
    expect((await ws.reply()).json.id === "z", "no reply");
    await ws.close();
  });
  await runCase("16-bit length (300-byte message)", async () => {
    const ws = await openWs();
    const text = rpc("m16", "ping", { pad: "p".repeat(250) });
    ws.raw.write(frame(OP.text, text));
    expect((await ws.reply()).json.id === "m16", "no reply");
    await ws.close();
  });
  await runCase("64-bit length (70,000-byte message)", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, rpc("m64", "ping", { pad: "p".repeat(70000) })));
    expect((await ws.reply()).json.id === "m64", "no reply");
    await ws.close();
  });
  await runCase("a message written in 1-byte TCP writes", async () => {
    const ws = await openWs();
    const bytes = frame(OP.text, rpc("bytewise", "ping", { pad: "x".repeat(130) }));
    await ws.raw.writeChunked(bytes, Array(bytes.length).fill(1));
    expect((await ws.reply()).json.id === "bytewise", "no reply");
    await ws.close();
  });
  await runCase("50 frames in one TCP write → 50 replies in order", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat(Array.from({ length: 50 }, (_, i) => frame(OP.text, rpc(i, "ping")))));
    for (let i = 0; i < 50; i++) {
      const reply = await ws.reply();
      expect(reply.raw.id === String(i), `reply ${i}: got ${show(reply.text)}`);
    }
    await ws.close();
  });
  await runCase("ping interleaved in a fragmented message → pong, then the reply", async () => {
    const ws = await openWs();
    const text = Buffer.from(rpc("frag", "ping"));
    ws.raw.write(
      Buffer.concat([
        frame(OP.text, text.subarray(0, 10), { fin: false }),
        frame(OP.ping, "mid"),
        frame(OP.cont, text.subarray(10, 20), { fin: false }),
        frame(OP.pong, "unsolicited"),
        frame(OP.cont, text.subarray(20)),
      ]),
    );
    const reply = await ws.reply();
    expect(ws.pongs.length === 1 && ws.pongs[0].toString() === "mid", `pongs: ${show(ws.pongs.map(String))}`);
    expect(reply.json.id === "frag", `got ${show(reply.text)}`);
    await ws.close();
  });
  await runCase("1000 pings in one TCP write → 1000 pongs in order", async () => {
    const ws = await openWs();
    ws.raw.write(Buffer.concat(Array.from({ length: 1000 }, (_, k) => frame(OP.ping, String(k)))));
    for (let k = 0; k < 1000; k++) {
      const f = await ws.raw.frame();
      expect(f.opcode === OP.pong && f.payload.toString() === String(k), `pong ${k}: opcode ${f.opcode} ${show(f.payload.toString())}`);
    }
    await ws.close();
  });
  await runCase("a message in 10,000 one-byte fragments", async () => {
    const ws = await openWs();
    const text = Buffer.from(rpc("tiny", "ping", { pad: "f".repeat(10000 - rpc("tiny", "ping", { pad: "" }).length) }));
    const frames = [];
    for (let k = 0; k < text.length; k++) frames.push(frame(k === 0 ? OP.text : OP.cont, text.subarray(k, k + 1), { fin: k === text.length - 1 }));
    ws.raw.write(Buffer.concat(frames));
    expect((await ws.reply(10000)).json.id === "tiny", "no reply");
    await ws.close();
  });
  await runCase("TCP dropped without a close frame: server forgets the connection", async () => {
    const ws = await openWs();
    expectResult(await ws.exchange(rpc(1, "ping")));
    ws.raw.destroy();
  });
  await runCase("TCP half-closed (FIN) mid-frame", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, pingText(1)).subarray(0, 5));
    ws.raw.sock.end();
    await ws.raw.waitEof();
    ws.raw.destroy();
  });
}

// ------------------------------------------------------------------------------------------------------
// Group: limits (run against a server started with a small max_message_bytes)
// ------------------------------------------------------------------------------------------------------
export async function limitCases() {
  const M = MAX_MESSAGE;
  const padded = (id, size) => {
    const base = rpc(id, "ping", { pad: "" });
    return base.replace('"pad":""', `"pad":"${"p".repeat(size - base.length)}"`);
  };
  await runCase(`message of exactly max_message_bytes (${M}) → answered`, async () => {
    const ws = await openWs();
    const text = padded("max", M);
    expect(Buffer.byteLength(text) === M, "test bug: wrong size");
    expectResult(await ws.exchange(text));
    await ws.close();
  });
  await runCase(`message of max_message_bytes + 1 → 1009`, async () => {
    const ws = await openWs();
    ws.send(padded("over", M + 1));
    await ws.expectClose(1009);
  });
  await runCase("declared length over the limit, payload never sent → 1009 at once", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, "", { length: M + 1, payloadOmitted: true }));
    await ws.expectClose(1009);
  });
  await runCase("fragments adding up to over the limit → 1009", async () => {
    const ws = await openWs();
    const half = Math.ceil((M + 2) / 2);
    ws.raw.write(Buffer.concat([frame(OP.text, "x".repeat(half), { fin: false }), frame(OP.cont, "x".repeat(half))]));
    await ws.expectClose(1009);
  });
  await runCase("2^40-byte declared length → 1009, nothing allocated", async () => {
    const ws = await openWs();
    ws.raw.write(frame(OP.text, "", { length: 2n ** 40n, lengthForm: 64, payloadOmitted: true }));
    await ws.expectClose(1009);
  });
  await runCase("control frames do not count toward the message limit", async () => {
    const ws = await openWs();
    const text = Buffer.from(padded("ctl", M));
    const frames = [frame(OP.text, text.subarray(0, 100), { fin: false })];
    for (let k = 0; k < 50; k++) frames.push(frame(OP.ping, Buffer.alloc(125, 0x70)));
    frames.push(frame(OP.cont, text.subarray(100)));
    ws.raw.write(Buffer.concat(frames));
    const reply = await ws.reply();
    expect(reply.json.id === "ctl" && ws.pongs.length === 50, `reply ${show(reply.text)}, ${ws.pongs.length} pongs`);
    await ws.close();
  });
}
