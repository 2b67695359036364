// MCP cases: lifecycle, tools/list, tools/call argument checks for every listed tool, and tool handlers
// given hostile but schema-valid arguments.
import { expectError, expectResult, openWs, rpc } from "../lib/client.mjs";
import { info, runCase } from "../lib/runner.mjs";
import { ARGS, expect, show } from "../lib/util.mjs";

// ------------------------------------------------------------------------------------------------------
// Group: MCP (lifecycle, tools/list, tools/call against every listed tool)
// ------------------------------------------------------------------------------------------------------
export const MCP_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];
const LATEST = MCP_VERSIONS[0];

export function initParams(version) {
  return { protocolVersion: version, capabilities: { roots: { listChanged: true } }, clientInfo: { name: "conformance", version: "1.0" } };
}

export async function mcpCases() {
  let ws;
  const conn = async () => {
    if (!ws || ws.raw.ended) ws = await openWs();
    return ws;
  };
  const c = (name, fn) => runCase(name, async () => fn(await conn()));

  for (const v of MCP_VERSIONS) {
    await c(`initialize ${v} → same version echoed`, async (w) => {
      const r = expectResult(await w.exchange(rpc(1, "initialize", initParams(v))));
      checkInitializeResult(r, v);
    });
  }
  await c(`initialize with an unknown version → ${LATEST}`, async (w) => checkInitializeResult(expectResult(await w.exchange(rpc(1, "initialize", initParams("1999-01-01")))), LATEST));
  await c(`initialize without protocolVersion → ${LATEST} (or -32602)`, async (w) => {
    const replies = await w.exchange(rpc(1, "initialize", { capabilities: {}, clientInfo: { name: "x", version: "1" } }));
    if (replies[0]?.json.error) expectError(replies, -32602);
    else checkInitializeResult(expectResult(replies), LATEST);
  });
  await c("initialize with params an array of values → -32602", async (w) => void expectError(await w.exchange(rpc(1, "initialize", [1, 2])), -32602, "1"));
  await c("full handshake: initialize, notifications/initialized, ide_connected", async (w) => {
    checkInitializeResult(expectResult(await w.exchange(rpc(0, "initialize", initParams(LATEST)))), LATEST);
    expect((await w.exchange('{"jsonrpc":"2.0","method":"notifications/initialized"}')).length === 0, "notification answered");
    // A client that offers roots (initParams) is asked for them once it announced itself; the answer gets none.
    // (Messages with a method, the server's requests included, are kept apart in w.notifications.)
    const before = w.notifications.length;
    expect((await w.exchange(`{"jsonrpc":"2.0","method":"ide_connected","params":{"pid":${process.pid}}}`)).length === 0, "notification answered");
    const asked = w.notifications.slice(before).filter((m) => m.json.method === "roots/list");
    expect(asked.length === 1 && typeof asked[0].json.id === "string", `expected one roots/list request: ${show(asked.map((r) => r.text))}`);
    expect((await w.exchange(JSON.stringify({ jsonrpc: "2.0", id: asked[0].json.id, result: { roots: [] } }))).length === 0, "the roots answer was answered");
  });
  await c("ping → result {} (an object, not [])", async (w) => {
    const r = expectResult(await w.exchange(rpc("p", "ping")));
    expect(r.raw.result === "{}", `result ${r.raw.result}`);
  });

  let tools = [];
  let listText;
  await c("tools/list: every tool has a name, a description and an object inputSchema", async (w) => {
    const r = expectResult(await w.exchange(rpc(2, "tools/list")));
    listText = r.raw.result;
    tools = r.json.result.tools;
    expect(Array.isArray(tools) && tools.length > 0, `tools: ${show(r.raw.result)}`);
    const names = new Set();
    for (const t of tools) {
      expect(typeof t.name === "string" && /^[A-Za-z0-9_.-]{1,128}$/.test(t.name), `bad tool name ${show(t.name)}`);
      expect(!names.has(t.name), `tool ${t.name} listed twice`);
      names.add(t.name);
      expect(typeof t.description === "string" && t.description.length > 0, `${t.name}: no description`);
      const s = t.inputSchema;
      expect(s && typeof s === "object" && !Array.isArray(s) && s.type === "object", `${t.name}: inputSchema ${show(s)}`);
      if (s.properties !== undefined) expect(typeof s.properties === "object" && !Array.isArray(s.properties), `${t.name}: properties is not an object: ${show(s.properties)}`);
      for (const req of s.required ?? []) expect(s.properties && req in s.properties, `${t.name}: required "${req}" is not a property`);
      for (const [p, sub] of Object.entries(s.properties ?? {})) expect(sub && typeof sub === "object" && !Array.isArray(sub), `${t.name}.${p}: schema ${show(sub)}`);
    }
    return `${tools.length} tools: ${tools.map((t) => t.name).join(", ")}`;
  });
  await c("tools/list is stable across calls and connections", async (w) => {
    for (let i = 0; i < 3; i++) expect(expectResult(await w.exchange(rpc(3 + i, "tools/list"))).raw.result === listText, `call ${i + 2} differs`);
    const other = await openWs();
    const r = expectResult(await other.exchange(rpc(1, "tools/list")));
    await other.close();
    expect(r.raw.result === listText, "another connection gets another list");
  });
  await c("tools/list with a cursor/_meta param → same list", async (w) => {
    const r = expectResult(await w.exchange(rpc(4, "tools/list", { _meta: { progressToken: 1 } })));
    expect(r.raw.result === listText, "list differs");
  });

  const callErr = (name, params, mustMention) =>
    c(name, async (w) => {
      const r = expectError(await w.exchange(rpc("tc", "tools/call", params)), -32602, '"tc"');
      if (mustMention) expect(r.json.error.message.includes(mustMention), `message does not name ${mustMention}: ${show(r.json.error.message)}`);
    });
  await callErr("tools/call unknown tool → -32602 naming it", { name: "noSuchTool_42", arguments: {} }, "noSuchTool_42");
  await callErr("tools/call without name → -32602 naming name", { arguments: {} }, "name");
  await callErr("tools/call name 5 → -32602", { name: 5, arguments: {} }, "name");
  await callErr("tools/call without params → -32602", undefined);
  for (const a of ['"x"', "5", "true", "[1]"]) {
    await c(`tools/call arguments ${a} → -32602 naming arguments`, async (w) => {
      const r = expectError(await w.exchange(`{"jsonrpc":"2.0","id":"tc","method":"tools/call","params":{"name":"getDiagnostics","arguments":${a}}}`), -32602, '"tc"');
      expect(/argument/i.test(r.json.error.message), `message: ${r.json.error.message}`);
    });
  }
  await c("tools/call with _meta (progressToken) in params and in arguments → result", async (w) => {
    checkToolResult(expectResult(await w.exchange(rpc("m", "tools/call", { name: "getDiagnostics", arguments: { _meta: { x: 1 } }, _meta: { progressToken: 7 } }))));
  });
  await c("tools/call arguments null → treated as {} (or -32602)", async (w) => {
    const replies = await w.exchange('{"jsonrpc":"2.0","id":"n","method":"tools/call","params":{"name":"getDiagnostics","arguments":null}}');
    if (replies[0]?.json.error) expectError(replies, -32602);
    else checkToolResult(expectResult(replies));
  });
  await c("close_tab (not listed) without tab_name → -32602 naming it", async (w) => {
    const r = expectError(await w.exchange(rpc("ct", "tools/call", { name: "close_tab", arguments: {} })), -32602);
    expect(r.json.error.message.includes("tab_name"), `message: ${r.json.error.message}`);
  });
  await c("close_tab of an unknown tab → TAB_CLOSED", async (w) => {
    const r = checkToolResult(expectResult(await w.exchange(rpc("ct", "tools/call", { name: "close_tab", arguments: { tab_name: "✻ [Claude Code] none (000000) ⧉" } }))));
    expect(r.json.result.content[0].text === "TAB_CLOSED", `got ${show(r.text)}`);
  });

  for (const tool of tools) {
    const schema = tool.inputSchema;
    const required = schema.required ?? [];
    await c(`${tool.name} {} → ${required.length ? "-32602 naming a required argument" : "a result"}`, async (w) => {
      const replies = await w.exchange(rpc("t", "tools/call", { name: tool.name, arguments: {} }));
      if (required.length) {
        const r = expectError(replies, -32602, '"t"');
        expect(required.some((n) => r.json.error.message.includes(n)), `message does not name ${required.join("/")}: ${r.json.error.message}`);
      } else {
        checkToolResult(expectResult(replies));
      }
    });
    for (const [prop, sub] of Object.entries(schema.properties ?? {})) {
      for (const wrong of wrongValues(sub)) {
        const args = Object.fromEntries(required.map((n) => [n, validValue(schema.properties[n])]));
        args[prop] = wrong;
        await c(`${tool.name} ${prop}=${JSON.stringify(wrong)} → -32602 naming ${prop}`, async (w) => {
          const r = expectError(await w.exchange(rpc("t", "tools/call", { name: tool.name, arguments: args })), -32602, '"t"');
          expect(r.json.error.message.includes(prop), `message does not name ${prop}: ${r.json.error.message}`);
        });
      }
    }
  }
  if (ws && !ws.raw.ended) await ws.close();
}

function checkInitializeResult(r, version) {
  const res = r.json.result;
  expect(res.protocolVersion === version, `protocolVersion ${show(res.protocolVersion)}, expected ${version}`);
  expect(res.capabilities && typeof res.capabilities === "object" && !Array.isArray(res.capabilities), `capabilities ${show(res.capabilities)}`);
  expect(res.capabilities.tools && typeof res.capabilities.tools === "object" && !Array.isArray(res.capabilities.tools), `capabilities.tools ${show(res.capabilities.tools)}`);
  expect(res.serverInfo && typeof res.serverInfo.name === "string" && typeof res.serverInfo.version === "string", `serverInfo ${show(res.serverInfo)}`);
}

function checkToolResult(r) {
  const res = r.json.result;
  expect(Array.isArray(res.content), `content is not an array: ${show(r.text)}`);
  for (const item of res.content) expect(item.type === "text" && typeof item.text === "string", `content item ${show(item)}`);
  expect(res.isError === undefined || typeof res.isError === "boolean", `isError ${show(res.isError)}`);
  return r;
}

/** Values of the wrong JSON type for `schema`. */
function wrongValues(schema) {
  switch (schema.type) {
    case "string":
      return [12345, { s: 1 }];
    case "integer":
      return ["7", 1.5];
    case "number":
      return ["7"];
    case "boolean":
      return ["yes", 1];
    case "array":
      return ["x", { a: 1 }];
    case "object":
      return ["x", [1, 2]];
    default:
      return [];
  }
}

/** A value of the right type that the handler never gets to see (the wrong one is rejected first). */
function validValue(schema) {
  if (schema.enum) return schema.enum[0];
  return { string: "/nonexistent/claude-ide-conformance.txt", integer: 1, number: 1, boolean: true, array: [], object: {} }[schema.type] ?? "x";
}

/**
 * Strings a client may legally send where a path, URI or text is expected. The scratch directory (created by
 * the spec, removed afterwards) holds `a.txt` (UTF-8 text), `raw.txt` (its buffer holds a byte that is not
 * UTF-8) and `empty.txt`; nothing else is ever opened.
 */
function hostileStrings(scratch) {
  return [
    "",
    " ",
    "\n",
    ".",
    "..",
    "/",
    "~",
    "~nosuchuser/x",
    "$HOME",
    "%",
    "#",
    "<cfile>",
    "*",
    "[abc]",
    "\\",
    "`ls`",
    "😀",
    "\ud83d\ude00/é",
    "x".repeat(5000),
    "/nonexistent/" + "d/".repeat(3000),
    "file://",
    "file:///",
    "file://%ZZ",
    "file://host/share/x",
    "http://example.com/x",
    "relative/nope.txt",
    `${scratch}/a.txt`,
    `file://${scratch}/a.txt`,
    `file://${scratch.replaceAll("/", "%2F")}%2Fa.txt`,
    `${scratch}/empty.txt`,
    `${scratch}/missing.txt`,
    `${scratch}`,
  ];
}

/** Paths with a NUL byte, raw or percent-encoded: no file has such a name. */
function nulStrings(scratch) {
  return ["\u0000", `${scratch}/a.txt\u0000.lua`, "file:///%00", `file://${scratch}/a.txt%00.lua`];
}

/** Tools whose handler waits for the user (a test cannot answer them here). */
const BLOCKING_TOOLS = new Set(["openDiff"]);

export async function toolCases() {
  const scratch = ARGS.scratch;
  expect(scratch, "--scratch DIR is required");
  let ws = await openWs();
  const tools = (await ws.request("tools/list")).json.result.tools.filter((t) => !BLOCKING_TOOLS.has(t.name));
  info(`handlers called with hostile values: ${tools.map((t) => t.name).join(", ")} (not: ${[...BLOCKING_TOOLS].join(", ")})`);
  const strings = hostileStrings(scratch);
  let serial = 0;
  /** Calls a tool; returns the reply, or a problem (string) when it is not a result or -32602. */
  const call = async (name, args) => {
    if (ws.raw.ended) ws = await openWs();
    const replies = await ws.exchange(rpc(`h${++serial}`, "tools/call", { name, arguments: args }), 10000);
    if (replies.length !== 1) return `${show(args)}: ${replies.length} replies`;
    const r = replies[0];
    if (r.json.error && r.json.error.code !== -32602) return `${show(args)} → ${show(r.json.error)}`;
    if (!r.json.error) checkToolResult(r);
    return r;
  };
  /** Runs every call; the case fails listing each argument set that went wrong. */
  const all = async (name, argSets, check) => {
    const problems = [];
    for (const args of argSets) {
      const r = await call(name, args);
      if (typeof r === "string") problems.push(r);
      else if (check) {
        const p = check(r, args);
        if (p) problems.push(p);
      }
    }
    expect(problems.length === 0, `${problems.length} of ${argSets.length} calls: ${problems.join("; ")}`);
  };
  const baseArgs = (tool) => Object.fromEntries((tool.inputSchema.required ?? []).map((n) => [n, n === "filePath" ? `${scratch}/a.txt` : validValue(tool.inputSchema.properties[n])]));

  for (const tool of tools) {
    const props = Object.entries(tool.inputSchema.properties ?? {});
    for (const [prop] of props.filter(([, sub]) => sub.type === "string")) {
      await runCase(`${tool.name}: ${strings.length} hostile values of ${prop} → a result or -32602, never -32603`, () =>
        all(tool.name, strings.map((value) => ({ ...baseArgs(tool), [prop]: value }))),
      );
      await runCase(`${tool.name}: ${prop} with a NUL byte (raw or %00) → a result or -32602, never -32603`, () =>
        all(tool.name, nulStrings(scratch).map((value) => ({ ...baseArgs(tool), [prop]: value }))),
      );
    }
    for (const [prop, sub] of props.filter(([, sub]) => sub.type === "integer" || sub.type === "number")) {
      const values = [0, -1, 1, 2 ** 31, 2 ** 53, 1e300, -1e300].concat(sub.type === "number" ? [5e-324, 0.5] : []);
      await runCase(`${tool.name}: extreme numbers for ${prop} → a result or -32602`, () =>
        all(tool.name, values.map((value) => ({ ...baseArgs(tool), ...(prop === "endLine" ? { startLine: 0 } : {}), [prop]: value }))),
      );
    }
  }
  await runCase("close_tab: hostile tab names → TAB_CLOSED", () =>
    all("close_tab", strings.map((value) => ({ tab_name: value })), (r, args) =>
      r.json.result?.content?.[0]?.text === "TAB_CLOSED" ? undefined : `${show(args)} → ${show(r.text)}`,
    ),
  );
  await runCase("a buffer holding bytes that are not UTF-8: selection and editor replies are still valid UTF-8 JSON", async () => {
    // parseReply rejects a frame that is not UTF-8 or not strict JSON; the tools' JSON texts are parsed too.
    const path = `${scratch}/raw.txt`;
    const opened = await call("openFile", { filePath: path, startText: "caf", endText: "ok" });
    expect(typeof opened !== "string" && !opened.json.error, `openFile: ${show(opened)}`);
    for (const name of ["getCurrentSelection", "getLatestSelection", "getOpenEditors"]) {
      const r = await call(name, {});
      expect(typeof r !== "string" && !r.json.error, `${name}: ${show(r)}`);
      const inner = JSON.parse(r.json.result.content[0].text);
      // getLatestSelection follows the (debounced) selection tracker: only the current one must show it now.
      if (name === "getCurrentSelection") expect(inner.success === true && inner.text.startsWith("caf"), `${name}: ${show(inner)}`);
    }
  });
  if (!ws.raw.ended) await ws.close();
}
