// A one-service inetd for e2e/far/far.sh: listens on 127.0.0.1 (port 0 = a free one, chosen by the kernel, so
// no race with other runs), writes the port into PORT_FILE once listening, and for every connection starts
// COMMAND with the connection on its stdin/stdout (sshd -i, entered into the far side's namespaces). The
// command's stderr goes to this process's stderr (far.sh sends it to a log file).
//
//   node inetd.mjs PORT PORT_FILE -- COMMAND [ARGS...]
//
// SIGTERM/SIGINT: stops listening, kills the running commands, exits.
import { spawn } from "node:child_process";
import { writeFileSync, renameSync } from "node:fs";
import net from "node:net";

const [port, portFile, sep, ...command] = process.argv.slice(2);
if (!portFile || sep !== "--" || command.length === 0) {
  process.stderr.write("usage: node inetd.mjs PORT PORT_FILE -- COMMAND [ARGS...]\n");
  process.exit(2);
}

const children = new Set();
const server = net.createServer((socket) => {
  const child = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
  children.add(child);
  const log = (what) => process.stderr.write(`inetd: connection ${socket.remotePort}: ${what}\n`);
  log(`started pid ${child.pid}`);
  socket.pipe(child.stdin);
  child.stdout.pipe(socket);
  // A peer that goes away mid-write is normal here (ssh killed, sshd exiting first): no crash on EPIPE/ECONNRESET.
  socket.on("error", (err) => log(`socket ${err.code}`));
  child.stdin.on("error", () => {});
  child.stdout.on("error", () => {});
  child.on("error", (err) => {
    log(`spawn failed: ${err.message}`);
    socket.destroy();
  });
  child.on("exit", (code, signal) => {
    children.delete(child);
    log(`exited ${signal ?? code}`);
  });
  // When the client closes its side, sshd sees EOF on stdin (socket.pipe ends it) and exits by itself.
  socket.on("close", () => {
    if (child.exitCode === null && child.signalCode === null) setTimeout(() => child.kill("SIGTERM"), 2000).unref();
  });
});

server.on("error", (err) => {
  process.stderr.write(`inetd: ${err.message}\n`);
  process.exit(1);
});

server.listen({ host: "127.0.0.1", port: Number(port) }, () => {
  const tmp = `${portFile}.tmp`;
  writeFileSync(tmp, `${server.address().port}\n`);
  renameSync(tmp, portFile);
  process.stderr.write(`inetd: listening on 127.0.0.1:${server.address().port}\n`);
});

const stop = () => {
  server.close();
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(0), 200).unref();
  if (children.size === 0) process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("SIGHUP", () => {});
