// Hostile local clients against a listener behind the connection guard (transport/guard), over real loopback
// sockets, the same for every kind of listener:
//   node hostile.mjs SCENARIO KIND PORT TOKEN [COUNT]
//   node hostile.mjs serve       the same, many times: one line {"id":N,"argv":[SCENARIO, KIND, PORT, TOKEN, COUNT]}
//                                on stdin each, its answer a line {"id":N,"result":{...}} (or "error")
// KIND: "websocket" (the IDE server: the token in x-claude-code-ide-authorization), "http" (the companion:
// POST /mcp with Authorization: Bearer) or "gateway" (a far session's door: the WebSocket listener's HTTP side,
// POST /mcp with the token in x-claude-code-ide-authorization). The listener under test echoes what an
// authenticated client sends.
// Scenarios (each prints one JSON line, then exits 0):
//   flood        COUNT sockets that connect and never finish a request (even ones send nothing, odd ones the
//                start of a head and then one byte a second); halfway through, an authenticated client connects
//                and gets its echo. Ends when every idle socket was closed by the server, or after LIMIT_MS.
//                {count, connected, closedByServer, slowestMs (the longest one stayed open), authOk, authMs, echoed, ms}
//   slow-header  one socket trickles a head one byte a second: {closedByServer, ms, received}
//   big-header   a head of 9,000 bytes (past the 8 KiB limit), all at once: {closedByServer, status}
//   big-body     an authenticated client sends 100,000 bytes (past the listener's 65,536): {status | closeCode}
//   slow-body    (http) an authenticated head whose body trickles one byte a second: {closedByServer, ms, status}
//   idle         (http) an authenticated request answered, then nothing: {closedByServer, ms}
//   raw          sends the JSON string given in place of COUNT at once: {closedByServer, status, received}
//   hangup       the same, then closes its socket 300 ms later, answered or not: {closedByServer, received}
import net from "node:net";
import readline from "node:readline";
import http from "node:http";
import WebSocket from "ws";

const LIMIT_MS = 15000;

/** Runs one scenario (argv: SCENARIO KIND PORT TOKEN [COUNT]); resolves its JSON answer. */
async function run(argv) {
  const [scenario, kind, port, token, countArg] = [
    argv[0],
    argv[1],
    Number(argv[2]),
    argv[3],
    argv[0] === "raw" || argv[0] === "hangup" ? JSON.parse(argv[4]) : Number(argv[4] ?? 0),
  ];
  /** The header line that carries the token of an HTTP request, per kind. */
  const AUTH_LINE = kind === "gateway" ? `X-Claude-Code-IDE-Authorization: ${token}` : `Authorization: Bearer ${token}`;
  const started = Date.now();

  /** An authenticated exchange: resolves {ok, ms, echoed, status?, closeCode?, error?}. */
  function authenticated(payload) {
    const t0 = Date.now();
    return new Promise((resolve) => {
      if (kind === "websocket") {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/`, ["mcp"], {
          headers: { "x-claude-code-ide-authorization": token },
        });
        const res = { ok: false };
        ws.on("open", () => {
          res.ok = true;
          res.ms = Date.now() - t0;
          ws.send(payload);
        });
        ws.on("message", (data) => {
          res.echoed = String(data) === payload;
          ws.close(1000);
        });
        ws.on("close", (code) => {
          res.closeCode = code;
          resolve(res);
        });
        ws.on("error", (e) => (res.error = String(e.message ?? e)));
      } else {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/mcp",
            method: "POST",
            agent: false,
            headers: {
              ...(kind === "gateway" ? { "x-claude-code-ide-authorization": token } : { authorization: `Bearer ${token}` }),
              "content-type": "text/plain", "content-length": Buffer.byteLength(payload) },
          },
          (res) => {
            let body = "";
            res.on("data", (c) => (body += c));
            res.on("end", () => resolve({ ok: res.statusCode === 200, ms: Date.now() - t0, status: res.statusCode, echoed: body === payload }));
          },
        );
        req.on("error", (e) => resolve({ ok: false, error: String(e.message ?? e) }));
        req.end(payload);
      }
    });
  }

  /** A raw socket: resolves {closedByServer, ms, received} when the server closes it, or at LIMIT_MS. */
  function raw(onConnect) {
    return new Promise((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      let received = "";
      let timer;
      s.on("connect", () => onConnect(s));
      s.on("data", (d) => (received += d));
      s.on("error", () => {});
      s.on("close", () => {
        clearInterval(timer);
        resolve({ closedByServer: !s.byUs, ms: Date.now() - started, received });
      });
      timer = setInterval(() => {
        if (Date.now() - started > LIMIT_MS) {
          s.byUs = true;
          s.destroy();
        }
      }, 100);
    });
  }

  const HEAD = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";

  const scenarios = {
    async flood() {
      const out = { count: countArg, connected: 0, closedByServer: 0, slowestMs: 0, authOk: false, authMs: null, echoed: false };
      const sockets = [];
      const trickle = setInterval(() => {
        for (const s of sockets) if (s.trickles && !s.destroyed && s.writable) s.write("X");
      }, 1000);
      let auth;
      for (let i = 0; i < countArg; i++) {
        const s = net.connect(port, "127.0.0.1");
        s.trickles = i % 2 === 1;
        s.on("connect", () => {
          out.connected++;
          s.connectedAt = Date.now();
          if (s.trickles) s.write(HEAD);
        });
        s.on("error", () => {});
        s.on("close", () => {
          if (s.byUs) return;
          out.closedByServer++;
          // The longest a socket stayed open, from its connect (or from its start when it never connected).
          out.slowestMs = Math.max(out.slowestMs, Date.now() - (s.connectedAt ?? s.startedAt));
        });
        s.startedAt = Date.now();
        sockets.push(s);
        if (i === Math.floor(countArg / 2)) auth = authenticated("hello through the flood");
      }
      const a = await auth;
      out.authOk = a.ok;
      out.authMs = a.ms ?? null;
      out.echoed = a.echoed === true;
      if (a.error) out.authError = a.error;
      await new Promise((resolve) => {
        const check = setInterval(() => {
          if (out.closedByServer >= countArg || Date.now() - started > LIMIT_MS) {
            clearInterval(check);
            resolve();
          }
        }, 50);
      });
      clearInterval(trickle);
      out.ms = Date.now() - started;
      for (const s of sockets) {
        if (!s.destroyed) s.byUs = true;
        s.destroy();
      }
      return out;
    },
    async "slow-header"() {
      let timer;
      const r = await raw((s) => {
        s.write(HEAD);
        timer = setInterval(() => s.writable && s.write("X"), 1000);
      });
      clearInterval(timer);
      return r;
    },
    async "big-header"() {
      const r = await raw((s) => s.write(HEAD + "a".repeat(9000) + "\r\n\r\n"));
      return { ...r, status: Number((r.received.match(/^HTTP\/1\.1 (\d+)/) ?? [])[1] ?? 0), received: undefined };
    },
    async "big-body"() {
      const r = await authenticated("x".repeat(100000));
      return { status: r.status, closeCode: r.closeCode, echoed: r.echoed };
    },
    async "slow-body"() {
      let timer;
      const r = await raw((s) => {
        s.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${AUTH_LINE}\r\nContent-Length: 100\r\n\r\nX`);
        timer = setInterval(() => s.writable && s.write("X"), 1000);
      });
      clearInterval(timer);
      return { ...r, status: Number((r.received.match(/^HTTP\/1\.1 (\d+)/) ?? [])[1] ?? 0), received: undefined };
    },
    async raw() {
      // An answered request leaves the connection open (keep-alive): it is closed here soon after the answer.
      const r = await raw((s) => {
        s.once("data", () => setTimeout(() => {
          if (!s.destroyed) s.byUs = true;
          s.destroy();
        }, 300));
        s.write(countArg.replaceAll("PORT", String(port)));
      });
      return { ...r, status: Number((r.received.match(/^HTTP\/1\.1 (\d+)/) ?? [])[1] ?? 0) };
    },
    async hangup() {
      return await raw((s) => {
        s.write(countArg.replaceAll("PORT", String(port)));
        setTimeout(() => {
          if (!s.destroyed) s.byUs = true;
          s.destroy();
        }, 300);
      });
    },
    async idle() {
      const r = await raw((s) => s.write(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${AUTH_LINE}\r\nContent-Length: 2\r\n\r\nhi`));
      return { ...r, status: Number((r.received.match(/^HTTP\/1\.1 (\d+)/) ?? [])[1] ?? 0), received: undefined };
    },
  };

  return await scenarios[scenario]();
}

if (process.argv[2] === "serve") {
  // Many scenarios, one after another or at once, from one process: a line {"id":N,"argv":[...]} on stdin each;
  // the answer a line {"id":N,"result":{...}}. Node's start and loading ws (about 0.1 s of CPU) are paid once.
  const input = readline.createInterface({ input: process.stdin });
  input.on("line", (line) => {
    if (line.trim() === "") return;
    const cmd = JSON.parse(line);
    run(cmd.argv).then(
      (result) => process.stdout.write(JSON.stringify({ id: cmd.id, result }) + "\n"),
      (err) => process.stdout.write(JSON.stringify({ id: cmd.id, error: String(err && err.stack ? err.stack : err) }) + "\n"),
    );
  });
  input.on("close", () => process.exit(0));
} else {
  process.stdout.write(JSON.stringify(await run(process.argv.slice(2))) + "\n");
  process.exit(0);
}
