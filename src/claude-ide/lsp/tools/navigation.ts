// The reading LSP tools: hover, definition / type definition / implementations / declaration, references,
// call hierarchy, document and workspace symbols. Answers are compact text (see lsp/format.ts).
import { failWith, textResult } from "../../protocol/result";
import { bool, enumOf, optional, reading, str } from "../../protocol/schema";
import type { ToolDescriptor } from "../../protocol/tool";
import { FEATURES, failureOf, type Feature, indexingNote, requestAll, runningFor, clientsFor } from "../clients";
import { openDoc, settleIndexing } from "../document";
import {
  countPhrase,
  groupedLines,
  hoverText,
  kindName,
  type LspRange,
  type Place,
  placeOf,
  placesOf,
  Texts,
  uniquePlaces,
} from "../format";
import { clientNameInput, positionInput } from "../position";
import { displayPath } from "../../editor/state";
import { answered, askAt, defineLspTool, paged } from "./request";
import { targetInput } from "../../editor/target";

export const lspHover = defineLspTool({
  name: "lsp_hover",
  title: "LSP hover (type and docs)",
  description:
    "The language server's hover at a position: the type or signature and the documentation, as markdown. Position: " +
    "`line` plus `column` (1-based characters) or `symbol` (the name as written on that line). Uses the user's running " +
    "servers on the unsaved text.",
  input: positionInput,
  closed: true,
  annotations: reading("LSP hover"),
  handler: (args, ctx) => {
    const asked = askAt(ctx, args, FEATURES.hover);
    const texts: string[] = [];
    for (const a of answered(asked)) {
      const text = vim.trim(hoverText((a.result as { contents?: unknown } | undefined)?.contents));
      if (text !== "" && !texts.includes(text)) texts.push(text);
    }
    if (texts.length === 0) return textResult(`no hover information for ${asked.where}${noteOf(asked)}`);
    return paged(
      `hover for ${asked.where}:`,
      vim.split(texts.join("\n\n"), "\n", { plain: true }),
      asked.answers.map((a) => a.client),
      "ask for a narrower symbol",
    );
  },
});

function noteOf(asked: { answers: { client: vim.lsp.Client }[] }): string {
  const note = indexingNote(asked.answers.map((a) => a.client));
  return note !== undefined ? `\n${note}` : "";
}

/** One of the go-to tools: every location the servers answer, grouped by file. */
function locationTool(name: string, title: string, noun: string, feature: Feature, what: string): ToolDescriptor {
  return defineLspTool({
    name,
    title,
    description:
      `${what} Answers \`path\` lines followed by \`  line:col  <that line's text>\` (1-based). Position: \`line\` plus ` +
      "`column` (1-based characters) or `symbol` (the name as written on that line).",
    input: positionInput,
    closed: true,
    annotations: reading(title),
    handler: (args, ctx) => {
      const asked = askAt(ctx, args, feature);
      const texts = new Texts(ctx);
      const places = uniquePlaces(answered(asked).flatMap((a) => placesOf(texts, a.result, a.client.offset_encoding)));
      if (places.length === 0) return textResult(`no ${noun} found for ${asked.where}${noteOf(asked)}`);
      return paged(
        `${noun} of ${asked.where}: ${countPhrase(places, "location")}`,
        groupedLines(texts, places),
        asked.answers.map((a) => a.client),
        "use client_name or a more specific symbol",
      );
    },
  });
}

export const lspDefinition = locationTool(
  "lsp_definition",
  "LSP go to definition",
  "definition",
  FEATURES.definition,
  "Where the symbol at a position is defined (across files), from the user's language servers.",
);
export const lspTypeDefinition = locationTool(
  "lsp_type_definition",
  "LSP go to type definition",
  "type definition",
  FEATURES.typeDefinition,
  "Where the TYPE of the symbol at a position is defined (e.g. the interface of a variable).",
);
export const lspImplementations = locationTool(
  "lsp_implementations",
  "LSP implementations",
  "implementations",
  FEATURES.implementation,
  "Every implementation of the interface, abstract member or method at a position.",
);
export const lspDeclaration = locationTool(
  "lsp_declaration",
  "LSP go to declaration",
  "declaration",
  FEATURES.declaration,
  "Where the symbol at a position is declared (servers without declarations: use lsp_definition).",
);

export const lspReferences = defineLspTool({
  name: "lsp_references",
  title: "LSP find references",
  description:
    "Every reference to the symbol at a position, across the project, from the user's language servers (exact, unlike " +
    "a text search). Answers a count, then `path` lines followed by `  line:col  <that line's text>`. Position: `line` " +
    "plus `column` or `symbol` (the name as written on that line).",
  input: { ...positionInput, include_declaration: optional(bool("Include the declaration itself (default true)")) },
  closed: true,
  annotations: reading("LSP find references"),
  handler: (args, ctx) => {
    const asked = askAt(ctx, args, FEATURES.references, () => ({
      context: { includeDeclaration: args.include_declaration !== false },
    }));
    const texts = new Texts(ctx);
    const places = uniquePlaces(answered(asked).flatMap((a) => placesOf(texts, a.result, a.client.offset_encoding)));
    if (places.length === 0) return textResult(`no references found for ${asked.where}${noteOf(asked)}`);
    return paged(
      `references to ${asked.where}: ${countPhrase(places, "reference")}`,
      groupedLines(texts, places),
      asked.answers.map((a) => a.client),
      "use client_name or a more specific symbol",
    );
  },
});

interface HierarchyItem {
  name: string;
  kind?: number;
  uri: string;
  range: LspRange;
  selectionRange: LspRange;
  detail?: string;
}

export const lspCallHierarchy = defineLspTool({
  name: "lsp_call_hierarchy",
  title: "LSP call hierarchy",
  description:
    "Who calls the function at a position (`incoming`) or what it calls (`outgoing`), one level, each with its call " +
    "sites as `line:col  <text>`. Position: `line` plus `column` or `symbol` (the name as written on that line).",
  input: {
    ...positionInput,
    direction: enumOf(["incoming", "outgoing"] as const, "incoming: the callers; outgoing: the callees"),
  },
  closed: true,
  annotations: reading("LSP call hierarchy"),
  handler: (args, ctx) => {
    const asked = askAt(ctx, args, FEATURES.callHierarchy);
    const method = args.direction === "incoming" ? "callHierarchy/incomingCalls" : "callHierarchy/outgoingCalls";
    const requests = answered(asked).flatMap((a) =>
      (vim.islist(a.result) ? (a.result as HierarchyItem[]) : []).map((item) => ({
        client: a.client,
        method,
        params: { item },
      })),
    );
    if (requests.length === 0)
      return textResult(`no function or method to build a call hierarchy from at ${asked.where}${noteOf(asked)}`);
    const answers = requestAll(ctx, requests, asked.doc.buf, ctx.config.agent.lsp_timeout_ms);
    const failure = failureOf(answers, method);
    if (failure !== undefined) failWith(failure);
    const texts = new Texts(ctx);
    const lines: string[] = [];
    let count = 0;
    answers.forEach((a, i) => {
      if (a.error !== undefined) return;
      const item = requests[i].params.item;
      const enc = a.client.offset_encoding;
      const at = (it: HierarchyItem) => {
        const p = placeOf(texts, it.uri, it.selectionRange.start, enc);
        return `${displayPath(p.path)}:${p.line}:${p.col}`;
      };
      lines.push(
        `${kindName(item.kind)} ${item.name}  ${at(item)}  ${args.direction === "incoming" ? "is called by:" : "calls:"}`,
      );
      const calls = (vim.islist(a.result) ? a.result : []) as {
        from?: HierarchyItem;
        to?: HierarchyItem;
        fromRanges: LspRange[];
      }[];
      if (calls.length === 0) lines.push("  (none)");
      for (const call of calls) {
        const other = (call.from ?? call.to) as HierarchyItem;
        count++;
        lines.push(
          `  ${args.direction === "incoming" ? "←" : "→"} ${kindName(other.kind)} ${other.name}  ${at(other)}`,
        );
        // Call sites are in the caller's file: `from` for incoming calls, the item itself for outgoing ones.
        const siteUri = call.from !== undefined ? call.from.uri : item.uri;
        for (const r of call.fromRanges ?? []) {
          const p = placeOf(texts, siteUri, r.start, enc);
          lines.push(`      ${p.line}:${p.col}  ${vim.trim(texts.quote(p.path, p.line - 1))}`);
        }
      }
    });
    return paged(
      `${args.direction} calls of ${asked.where}: ${count}`,
      lines,
      asked.answers.map((a) => a.client),
      "ask for one client_name",
    );
  },
});

interface DocumentSymbol {
  name: string;
  kind: number;
  detail?: string;
  range: LspRange;
  selectionRange?: LspRange;
  children?: DocumentSymbol[];
  location?: { uri: string; range: LspRange };
  containerName?: string;
}

function lineSpan(r: LspRange): string {
  const a = r.start.line + 1;
  let b = r.end.line + 1;
  if (r.end.character === 0 && b > a) b--;
  return a === b ? `${a}` : `${a}-${b}`;
}

export const lspDocumentSymbols = defineLspTool({
  name: "lsp_document_symbols",
  title: "LSP document symbols (outline)",
  description:
    "The outline of one file from its language servers: one line per symbol, `Kind name  lines` (1-based, start-end), " +
    "children indented under their parent. Cheaper than reading the file to find where things are.",
  input: { ...targetInput, ...clientNameInput },
  closed: true,
  annotations: reading("LSP document symbols"),
  handler: (args, ctx) => {
    const doc = openDoc(ctx, args);
    settleIndexing(ctx, doc, args.client_name);
    const clients = clientsFor(doc.buf, doc.display, FEATURES.documentSymbol, args.client_name);
    const uri = vim.uri_from_bufnr(doc.buf);
    const answers = requestAll(
      ctx,
      clients.map((client) => ({ client, method: FEATURES.documentSymbol.method, params: { textDocument: { uri } } })),
      doc.buf,
      ctx.config.agent.lsp_timeout_ms,
    );
    const failure = failureOf(answers, `${FEATURES.documentSymbol.method} for ${doc.display}`);
    if (failure !== undefined) failWith(failure);
    const lines: string[] = [];
    const seen = new LuaSet<string>();
    let count = 0;
    const walk = (symbols: DocumentSymbol[], depth: number) => {
      for (const s of symbols) {
        const range = s.location?.range ?? s.range;
        const key = `${depth}:${s.kind}:${s.name}:${range.start.line}`;
        if (seen.has(key)) continue;
        seen.add(key);
        count++;
        const container =
          s.containerName !== undefined && s.containerName !== "" && s.location !== undefined
            ? `  (in ${s.containerName})`
            : "";
        lines.push(`${string.rep("  ", depth)}${kindName(s.kind)} ${s.name}  ${lineSpan(range)}${container}`);
        if (s.children !== undefined && vim.islist(s.children)) walk(s.children, depth + 1);
      }
    };
    for (const a of answers) if (a.error === undefined && vim.islist(a.result)) walk(a.result as DocumentSymbol[], 0);
    if (count === 0) return textResult(`no symbols in ${doc.display}${noteOf({ answers })}`);
    return paged(
      `${doc.display}: ${count} symbol${count === 1 ? "" : "s"} (Kind name  lines)`,
      lines,
      clients,
      "read_buffer the part you need",
    );
  },
});

export const lspWorkspaceSymbols = defineLspTool({
  name: "lsp_workspace_symbols",
  title: "LSP workspace symbols",
  description:
    "Find symbols (classes, functions, types…) by name across the project, from the running language servers: " +
    "`path` lines followed by `  line:col  Kind name`. The query matches like the server's fuzzy symbol search.",
  input: { query: str("Name or part of a name to look for", { minLength: 1 }), ...clientNameInput },
  closed: true,
  annotations: reading("LSP workspace symbols"),
  handler: (args, ctx) => {
    const clients = runningFor(FEATURES.workspaceSymbol, args.client_name);
    const answers = requestAll(
      ctx,
      clients.map((client) => ({ client, method: FEATURES.workspaceSymbol.method, params: { query: args.query } })),
      undefined,
      ctx.config.agent.lsp_timeout_ms,
    );
    const failure = failureOf(answers, `${FEATURES.workspaceSymbol.method} for "${args.query}"`);
    if (failure !== undefined) failWith(failure);
    const texts = new Texts(ctx);
    const labels = new LuaMap<string, string>();
    const places: Place[] = [];
    for (const a of answers) {
      if (a.error !== undefined || !vim.islist(a.result)) continue;
      for (const s of a.result as DocumentSymbol[]) {
        if (s.location === undefined) continue;
        const start = s.location.range?.start ?? { line: 0, character: 0 };
        const p = placeOf(texts, s.location.uri, start, a.client.offset_encoding);
        places.push(p);
        const container = s.containerName !== undefined && s.containerName !== "" ? `  (in ${s.containerName})` : "";
        labels.set(`${p.path}:${p.line}:${p.col}`, `${kindName(s.kind)} ${s.name}${container}`);
      }
    }
    const unique = uniquePlaces(places);
    if (unique.length === 0) return textResult(`no symbols match "${args.query}"${noteOf({ answers })}`);
    const lines = groupedLines(texts, unique, (p) => labels.get(`${p.path}:${p.line}:${p.col}`) ?? "");
    return paged(
      `symbols matching "${args.query}": ${countPhrase(unique, "symbol")}`,
      lines,
      clients,
      "use a longer query",
    );
  },
});
