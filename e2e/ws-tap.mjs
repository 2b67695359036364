// A transparent TCP relay between the real Claude Code CLI and Neovim that records the WebSocket close frames
// going each way, for the e2e's "clean goodbye" check. Why a relay: the CLI keeps the close code to itself (its
// ws-ide transport reads it only to recognise 4001, and its debug log says "WebSocket transport closed/
// disconnected" alike for a close frame 1001 and for a connection lost without one, 1006), so the code is read
// on the wire of the CLI's own connection instead.
// Every byte is forwarded unchanged, in order, both ways; a FIN is passed on as a FIN (half-close) and a reset
// as a reset, so the CLI sees what it would see connected to Neovim directly. Only the port differs.
// Log lines (JSON, appended to <log.jsonl>), `conn` counting connections from 1:
//   {"conn":1,"event":"open"}                                the CLI connected (relayed to Neovim)
//   {"conn":1,"from":"ide","close":1001,"reason":"..."}      a close frame Neovim sent to the CLI
//   {"conn":1,"from":"cli","close":1001,"reason":"..."}      a close frame the CLI sent to Neovim (its answer)
//   {"conn":1,"from":"ide","event":"end"}                    Neovim's side of the TCP connection ended (FIN)
//   {"conn":1,"from":"ide","event":"reset"}                  ... or was reset / failed
// (and the same "end"/"reset" with "from":"cli"). A close frame without a code logs "close": null.
// Usage: node e2e/ws-tap.mjs <listen port> <Neovim's port> <log.jsonl>
import { createServer, connect } from "node:net";
import { appendFileSync } from "node:fs";

const [listenPort, targetPort, logPath] = process.argv.slice(2);
let conns = 0;
const log = (entry) => appendFileSync(logPath, JSON.stringify(entry) + "\n");

/**
 * Follows one direction of a WebSocket connection: skips the HTTP upgrade head, then walks the frames,
 * keeping only control frames (at most 125 bytes of payload) and skipping data payloads without buffering
 * them. Calls onClose(code, reason) for every close frame (opcode 8), unmasking the CLI's frames.
 */
function frameWatcher(onClose) {
  let head = true;
  let buf = Buffer.alloc(0);
  let skip = 0; // payload bytes of a data frame still to come
  return (chunk) => {
    if (skip > 0) {
      const n = Math.min(skip, chunk.length);
      skip -= n;
      chunk = chunk.subarray(n);
    }
    buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
    if (head) {
      const end = buf.indexOf("\r\n\r\n");
      if (end < 0) return;
      buf = buf.subarray(end + 4);
      head = false;
    }
    for (;;) {
      if (buf.length < 2) break;
      const opcode = buf[0] & 0x0f;
      const masked = (buf[1] & 0x80) !== 0;
      let len = buf[1] & 0x7f;
      let off = 2;
      if (len === 126) {
        if (buf.length < 4) break;
        len = buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (buf.length < 10) break;
        len = Number(buf.readBigUInt64BE(2));
        off = 10;
      }
      if (masked) off += 4;
      if (buf.length < off) break;
      if (opcode < 8) {
        const have = buf.length - off;
        if (have < len) {
          skip = len - have;
          buf = Buffer.alloc(0);
          break;
        }
        buf = buf.subarray(off + len);
        continue;
      }
      if (buf.length < off + len) break;
      const payload = Buffer.from(buf.subarray(off, off + len));
      if (masked) for (let i = 0; i < payload.length; i++) payload[i] ^= buf[off - 4 + (i % 4)];
      if (opcode === 8)
        onClose(payload.length >= 2 ? payload.readUInt16BE(0) : null, payload.subarray(2).toString("utf8"));
      buf = buf.subarray(off + len);
    }
    if (buf.length > 0) buf = Buffer.from(buf); // do not pin the last chunk
  };
}

/** Forwards `from` to `to` unchanged; `name` is who is sending on `from`. */
function relay(conn, name, from, to) {
  const watch = frameWatcher((code, reason) => log({ conn, from: name, close: code, reason }));
  from.on("data", (chunk) => {
    watch(chunk);
    if (!to.destroyed) to.write(chunk);
  });
  from.on("end", () => {
    log({ conn, from: name, event: "end" });
    if (!to.destroyed) to.end();
  });
  from.on("error", () => {
    log({ conn, from: name, event: "reset" });
    if (!to.destroyed) to.resetAndDestroy();
  });
}

createServer({ allowHalfOpen: true }, (cli) => {
  const conn = ++conns;
  const ide = connect({ host: "127.0.0.1", port: Number(targetPort), allowHalfOpen: true });
  log({ conn, event: "open" });
  relay(conn, "cli", cli, ide);
  relay(conn, "ide", ide, cli);
}).listen(Number(listenPort), "127.0.0.1", () => process.stdout.write(`ws-tap listening on ${listenPort}\n`));
