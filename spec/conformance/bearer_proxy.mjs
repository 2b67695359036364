// A loopback proxy that adds `Authorization: Bearer <token>` to every request and passes everything else
// through unchanged, byte for byte and as it streams (request and response bodies, status, headers, the Origin
// the client sent): the official conformance suite's server mode takes only a URL, and the Gemini/Qwen companion
// answers 401 without its token. A Host naming this proxy (127.0.0.1 or localhost and its port) is rewritten to
// name the target the same way, as any reverse proxy does; any other Host (a DNS-rebinding probe's) is passed on
// as it came, so the companion's own Host check is what answers it.
//
//   node bearer_proxy.mjs <target-url> <token>      (the token may also come as $BEARER_TOKEN, with "-")
// Prints {"url":"http://127.0.0.1:<port><path of target>"} on stdout once listening; exits when stdin closes.
import http from "node:http";

const [targetArg, tokenArg] = process.argv.slice(2);
const token = tokenArg === "-" || tokenArg === undefined ? process.env.BEARER_TOKEN : tokenArg;
if (!targetArg || !token) {
  process.stderr.write("usage: node bearer_proxy.mjs <target-url> <token>\n");
  process.exit(2);
}
const target = new URL(targetArg);

const server = http.createServer((req, res) => {
  const headers = { ...req.headers, authorization: `Bearer ${token}` };
  const own = /^(127\.0\.0\.1|localhost):(\d+)$/.exec(req.headers.host ?? "");
  if (own !== null && Number(own[2]) === server.address().port) headers.host = `${own[1]}:${target.port}`;
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      answer.pipe(res);
    },
  );
  upstream.on("error", (err) => {
    if (!res.headersSent) res.writeHead(502, { "Content-Type": "text/plain" });
    res.end(`bearer_proxy: ${err.message}`);
  });
  // The client stopped reading (a stream it closed): the companion sees its connection close too.
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
});

process.stdin.on("end", () => {
  server.close();
  setTimeout(() => process.exit(0), 100).unref();
});
process.stdin.resume();

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${server.address().port}${target.pathname}` }) + "\n");
});
