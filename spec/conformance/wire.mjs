// Wire-level conformance and fuzz program for the plugin's server (RFC 6455, JSON-RPC 2.0, MCP, IDE tools).
//
//   node spec/conformance/wire.mjs --port P --token T --group G [--seed S] [--max-message-bytes N]
//        [--handshake-timeout-ms N] [--scratch DIR] [--sequences N] [--messages N] [--requests N]
//
// Run by wire_spec.lua (which starts the server). Layout: lib/util.mjs (arguments, assertions, PRNG, UTF-8),
// lib/client.mjs (raw socket, frames, handshake, JSON-RPC helpers), lib/runner.mjs (cases and report),
// lib/models.mjs (reference frame decoder and JSON-RPC classifier), groups/*.mjs (the cases and fuzzers).
//
// Independent of the plugin AND of any WebSocket library: raw node:net sockets, a frame encoder that can
// write broken frames, and reference models (a frame decoder and a JSON-RPC classifier) written here from the
// RFCs, to predict what the server must answer.
//
// Output: one JSON object per line on stdout.
//   {"case":"<group>: <name>","ok":true|false,"detail":"...","ms":N}    one per case
//   {"info":"..."}                                                     figures (seed, counts)
//   {"done":true,"group":"...","cases":N,"failed":N,"ms":N}            last line
// After every case (and every fuzz batch) a fresh connection must still complete the handshake and answer
// the MCP `ping` request, otherwise the case fails.

import { blockingCases } from "./groups/blocking.mjs";
import { fuzzFrames, fuzzHandshake, fuzzJson } from "./groups/fuzz.mjs";
import { jsonrpcCases } from "./groups/jsonrpc.mjs";
import { mcpCases, toolCases } from "./groups/mcp.mjs";
import { frameCases, handshakeCases, limitCases } from "./groups/transport.mjs";
import { run } from "./lib/runner.mjs";
import { ARGS, PORT, emit } from "./lib/util.mjs";

const GROUPS = {
  handshake: handshakeCases,
  frames: frameCases,
  jsonrpc: jsonrpcCases,
  mcp: mcpCases,
  tools: toolCases,
  blocking: blockingCases,
  "fuzz-frames": fuzzFrames,
  "fuzz-json": fuzzJson,
  "fuzz-handshake": fuzzHandshake,
  limits: limitCases,
};

async function main() {
  const t0 = Date.now();
  run.group = ARGS.group;
  const body = GROUPS[run.group];
  if (!body || !PORT) {
    process.stderr.write(`usage: wire.mjs --port P --token T --group ${Object.keys(GROUPS).join("|")}\n`);
    process.exit(2);
  }
  try {
    await body();
  } catch (e) {
    run.cases++;
    run.failed++;
    emit({ case: `${run.group}: (program)`, ok: false, detail: `wire.mjs crashed: ${e && e.stack}` });
  }
  emit({ done: true, group: run.group, cases: run.cases, failed: run.failed, ms: Date.now() - t0 });
  process.exit(0);
}

main();
