// The LSP tools that change files: code actions (listed, then applied by id), rename, formatting, organize
// imports. Every edit, including the ones a server sends through workspace/applyEdit while a command runs,
// goes through one review across all the files it touches (lsp/workspace_edit.ts).
import { failWith, textResult } from "../../protocol/result";
import { charColumnToByte, charCount } from "../../editor/positions";
import { int, optional, reading, str, writing } from "../../protocol/schema";
import type { ToolContext, ToolResult } from "../../protocol/tool";
import { attachedClients, type Feature, FEATURES, failureOf, requestAll } from "../clients";
import { type Doc, docLines, openDoc, settleIndexing } from "../document";
import { toCharacter } from "../encoding";
import { clientNameInput, positionInput, resolvePoint } from "../position";
import { EditPlan, reviewAndApply, type TextEdit, type WorkspaceEdit } from "../workspace_edit";
import { askAt, defineLspTool } from "./request";
import { pacing, targetInput } from "../../editor/target";

interface Command {
  title?: string;
  command: string;
  arguments?: unknown[];
}

interface CodeAction {
  title: string;
  kind?: string;
  edit?: WorkspaceEdit;
  command?: Command | string;
  arguments?: unknown[];
  data?: unknown;
  disabled?: { reason: string };
  isPreferred?: boolean;
  diagnostics?: unknown[];
}

/** What lsp_apply_code_action needs of the last list (kept in the agent's memory). */
interface Offered {
  buf: Buf;
  display: string;
  tick: number;
  items: { clientId: number; action: CodeAction }[];
}

const MEMORY_KEY = "lsp.code_actions";

function uriOf(doc: Doc): string {
  return vim.uri_from_bufnr(doc.buf);
}

/**
 * Runs `workspace/executeCommand` on `client`, collecting the edits the server sends back through
 * workspace/applyEdit meanwhile (answered "applied": the review decides later) into `plan`.
 */
function executeCapturing(
  ctx: ToolContext,
  client: vim.lsp.Client,
  command: Command,
  buf: Buf,
  plan: EditPlan,
): string | undefined {
  const handlers = client.handlers;
  const previous = handlers["workspace/applyEdit"];
  let captureError: string | undefined;
  const restore = () => {
    handlers["workspace/applyEdit"] = previous;
  };
  handlers["workspace/applyEdit"] = (_err: unknown, params: { edit: WorkspaceEdit }) => {
    const [ok, err] = pcall(() => plan.addWorkspaceEdit(params.edit, client.offset_encoding));
    if (!ok) {
      captureError = (err as { message?: string }).message ?? tostring(err);
      return { applied: false, failureReason: captureError };
    }
    return { applied: true };
  };
  plan.commandStarted = os.time();
  const answers = requestAll(
    ctx,
    [
      {
        client,
        method: "workspace/executeCommand",
        params: { command: command.command, arguments: command.arguments },
      },
    ],
    buf,
    ctx.config.agent.lsp_timeout_ms,
    restore,
  );
  restore();
  if (captureError !== undefined) return captureError;
  return failureOf(answers, `the command ${command.command}`);
}

/**
 * An option of a server capability that is either `true` or an options object (renameProvider,
 * codeActionProvider): undefined for `true` (indexing a boolean would fail in Lua).
 */
function capabilityOption(client: vim.lsp.Client, capability: string, option: string): unknown {
  const value = (client.server_capabilities as { [k: string]: unknown } | undefined)?.[capability];
  return typeof value === "object" && value !== vim.NIL ? (value as { [k: string]: unknown })[option] : undefined;
}

/** Applies one code action (resolved first when it needs it): its edit, then its command's edits, reviewed. */
function applyAction(ctx: ToolContext, client: vim.lsp.Client, action: CodeAction, buf: Buf): ToolResult {
  let act = action;
  const isCommand = typeof act.command === "string";
  if (
    !isCommand &&
    act.edit === undefined &&
    capabilityOption(client, "codeActionProvider", "resolveProvider") === true
  ) {
    const [answer] = requestAll(
      ctx,
      [{ client, method: "codeAction/resolve", params: act }],
      buf,
      ctx.config.agent.lsp_timeout_ms,
    );
    if (answer.error !== undefined)
      failWith(`${client.name} could not resolve the code action "${act.title}": ${answer.error}`);
    if (answer.result !== undefined) act = answer.result as CodeAction;
  }
  const what = `code action "${act.title}"`;
  const results: string[] = [];
  if (act.edit !== undefined && !isCommand) {
    const plan = new EditPlan(pacing(ctx));
    plan.addWorkspaceEdit(act.edit, client.offset_encoding);
    const result = reviewAndApply(ctx, plan, what);
    if (result.isError === true || vim.startswith(result.content[0].text, "REJECTED")) return result;
    results.push(result.content[0].text);
  }
  const command: Command | undefined = isCommand
    ? { title: act.title, command: act.command as string, arguments: act.arguments }
    : (act.command as Command | undefined);
  if (command !== undefined) {
    // Unpaced: the server's workspace/applyEdit requests fill this plan from the client's handler, outside the
    // call's coroutine (it cannot park there).
    const plan = new EditPlan();
    const err = executeCapturing(ctx, client, command, buf, plan);
    if (err !== undefined)
      failWith(`${what}: ${err}${results.length > 0 ? ` (its edit was applied before: ${results.join(" ")})` : ""}`);
    if (plan.changed().length > 0 || results.length === 0) {
      const result = reviewAndApply(ctx, plan, what);
      if (result.isError === true) return result;
      results.push(result.content[0].text);
    }
  }
  if (results.length === 0) return textResult(`OK: nothing to change: ${what} carries no edit and no command`);
  return textResult(results.join("\n"));
}

/** LSP diagnostics (as the servers sent them) of `buf` on lines first..last (0-based). */
function diagnosticsOn(buf: Buf, first: number, last: number): unknown[] {
  const out: unknown[] = [];
  for (const d of vim.diagnostic.get(buf)) {
    const lsp = (d.user_data as { lsp?: unknown } | undefined)?.lsp;
    if (lsp !== undefined && d.lnum <= last && (d.end_lnum ?? d.lnum) >= first) out.push(lsp);
  }
  return out;
}

export const lspCodeActions = defineLspTool({
  name: "lsp_code_actions",
  title: "LSP code actions (list)",
  description:
    "The code actions (quick fixes, refactorings, source actions) the language servers offer at a position or range: a " +
    "numbered list `id  kind  title`. Apply one with lsp_apply_code_action {id}. Range: `line` (and `column` or `symbol`) to " +
    "`end_line` (and `end_column`); only `line`: the whole line. `kind` filters, e.g. quickfix, refactor, source.",
  input: {
    ...targetInput,
    line: int("First line, 1-based", { minimum: 1 }),
    column: optional(int("Column on line, 1-based characters (default: the line's start)", { minimum: 1 })),
    symbol: optional(
      str("Instead of column: the name as written on that line (the range is that name unless end_* are given)", {
        minLength: 1,
      }),
    ),
    end_line: optional(int("Last line of the range, 1-based (default: line)", { minimum: 1 })),
    end_column: optional(
      int(
        "Column on end_line, 1-based characters, exclusive (default: the line's end, or column when only a position is given)",
        { minimum: 1 },
      ),
    ),
    kind: optional(
      str("Only actions of this kind (prefix), e.g. quickfix, refactor.extract, source.organizeImports", {
        minLength: 1,
      }),
    ),
    ...clientNameInput,
  },
  closed: true,
  annotations: reading("LSP code actions"),
  handler: (args, ctx) => {
    const doc = openDoc(ctx, args);
    settleIndexing(ctx, doc, args.client_name);
    const lines = docLines(doc);
    const endLine = args.end_line ?? args.line;
    if (args.line > lines.length || endLine > lines.length)
      failWith(`line ${math.max(args.line, endLine)} is past the end: ${doc.display} has ${lines.length} lines`);
    if (endLine < args.line) failWith(`end_line ${endLine} is before line ${args.line}`);
    const first = lines[args.line - 1];
    const last = lines[endLine - 1];
    // `symbol` names the start as in every other position tool (resolvePoint says what is wrong with it).
    const named = args.symbol !== undefined ? resolvePoint(lines, doc.display, args) : undefined;
    const startByte = named !== undefined ? named.byte : charColumnToByte(first, args.column ?? 1);
    const wholeLine = args.column === undefined && named === undefined && args.end_column === undefined;
    const endByte =
      args.end_column !== undefined
        ? charColumnToByte(last, args.end_column)
        : wholeLine || args.end_line !== undefined
          ? last.length
          : named !== undefined
            ? startByte + (args.symbol as string).length
            : startByte;
    if (args.column !== undefined && args.column > charCount(first) + 1)
      failWith(`column ${args.column} is past the end of line ${args.line} (${charCount(first)} characters)`);
    const clients = attachedClients(doc.buf, doc.display, args.client_name).filter(
      (c) =>
        FEATURES.codeAction !== undefined &&
        (c.server_capabilities as { codeActionProvider?: unknown } | undefined)?.codeActionProvider !== undefined,
    );
    if (clients.length === 0)
      failWith(
        `no client attached to ${doc.display} supports textDocument/codeAction (server capability codeActionProvider)`,
      );
    const diagnostics = diagnosticsOn(doc.buf, args.line - 1, endLine - 1);
    const answers = requestAll(
      ctx,
      clients.map((client) => ({
        client,
        method: FEATURES.codeAction.method,
        params: {
          textDocument: { uri: uriOf(doc) },
          range: {
            start: { line: args.line - 1, character: toCharacter(first, startByte, client.offset_encoding) },
            end: { line: endLine - 1, character: toCharacter(last, endByte, client.offset_encoding) },
          },
          context: { diagnostics, only: args.kind !== undefined ? [args.kind] : undefined, triggerKind: 1 },
        },
      })),
      doc.buf,
      ctx.config.agent.lsp_timeout_ms,
    );
    const failure = failureOf(answers, `textDocument/codeAction for ${doc.display}:${args.line}`);
    if (failure !== undefined) failWith(failure);
    const items: Offered["items"] = [];
    const rows: string[] = [];
    const seen = new LuaSet<string>();
    for (const a of answers) {
      if (a.error !== undefined || !vim.islist(a.result)) continue;
      for (const action of a.result as CodeAction[]) {
        if (action.disabled !== undefined) continue;
        const key = `${action.kind ?? ""}\n${action.title}`;
        if (seen.has(key)) continue;
        seen.add(key);
        items.push({ clientId: a.client.id, action });
        const kind = typeof action.command === "string" ? "command" : (action.kind ?? "-");
        rows.push(
          `  ${items.length}  ${kind}  ${action.title}${action.isPreferred === true ? "  (preferred)" : ""}${clients.length > 1 ? `  [${a.client.name}]` : ""}`,
        );
      }
    }
    const range = `${doc.display}:${args.line}${endLine !== args.line ? `-${endLine}` : ""}`;
    if (items.length === 0)
      return textResult(
        `no code actions at ${range}${args.kind !== undefined ? ` of kind ${args.kind}` : ""} (${diagnostics.length} diagnostic${diagnostics.length === 1 ? "" : "s"} there)`,
      );
    const offered: Offered = {
      buf: doc.buf,
      display: doc.display,
      tick: vim.api.nvim_buf_get_changedtick(doc.buf),
      items,
    };
    ctx.services.agent.memory.set(MEMORY_KEY, offered);
    return textResult(
      `${items.length} code action${items.length === 1 ? "" : "s"} at ${range} (id  kind  title):\n${rows.join("\n")}\napply one with lsp_apply_code_action {"id": N}`,
    );
  },
});

export const lspApplyCodeAction = defineLspTool({
  name: "lsp_apply_code_action",
  title: "LSP apply code action (reviewed by the user)",
  description:
    "Applies one action of the last lsp_code_actions list by its id. Its edits, across any number of files, are shown " +
    "to the user in one diff review and the call waits for the answer: `OK: applied …` with the files, edit counts and " +
    "the diagnostics after, or `REJECTED: …`.",
  input: { id: int("The id from the last lsp_code_actions answer", { minimum: 1 }) },
  closed: true,
  annotations: writing("LSP apply code action (reviewed)", true),
  handler: (args, ctx) => {
    const offered = ctx.services.agent.memory.get(MEMORY_KEY) as Offered | undefined;
    if (offered === undefined) failWith("no code actions were listed yet: call lsp_code_actions first");
    const item = offered.items[args.id - 1];
    if (item === undefined)
      failWith(
        `there is no code action ${args.id}: the last lsp_code_actions list (for ${offered.display}) has ${offered.items.length}`,
      );
    if (!vim.api.nvim_buf_is_valid(offered.buf) || vim.api.nvim_buf_get_changedtick(offered.buf) !== offered.tick) {
      failWith(
        `code action ${args.id} is stale: ${offered.display} changed since lsp_code_actions listed it; call lsp_code_actions again`,
      );
    }
    const client = vim.lsp.get_client_by_id(item.clientId);
    if (client === undefined)
      failWith(`the server that offered code action ${args.id} is not running any more; call lsp_code_actions again`);
    ctx.services.agent.memory.delete(MEMORY_KEY);
    return applyAction(ctx, client, item.action, offered.buf);
  },
});

export const lspRename = defineLspTool({
  name: "lsp_rename",
  title: "LSP rename symbol (reviewed by the user)",
  description:
    "Renames the symbol at a position everywhere it is used, across files, through the language server (exact, unlike " +
    "search and replace). The user reviews every changed file in one diff review; the call waits: `OK: applied …` with " +
    "files, edit counts and the diagnostics after, or `REJECTED: …`. Position: `line` plus `column` or `symbol`.",
  input: { ...positionInput, new_name: str("The new name", { minLength: 1 }) },
  closed: true,
  annotations: writing("LSP rename (reviewed)", true),
  handler: (args, ctx) => {
    // prepareRename first where the server has it: a position that cannot be renamed fails before any edit.
    const preparable = (c: vim.lsp.Client) => capabilityOption(c, "renameProvider", "prepareProvider") === true;
    const doc = openDoc(ctx, args);
    settleIndexing(ctx, doc, args.client_name);
    const prepared = attachedClients(doc.buf, doc.display, args.client_name).filter((c) => preparable(c));
    if (prepared.length > 0) {
      const prep = askAt(
        ctx,
        { ...args, client_name: prepared[0].name },
        { method: "textDocument/prepareRename", capability: "renameProvider", tool: "lsp_rename" },
      );
      const answer = prep.answers[0];
      if (answer.result === undefined)
        failWith(`${answer.client.name} cannot rename ${prep.where}: not a renamable symbol (check the position)`);
    }
    const asked = askAt(ctx, args, FEATURES.rename, () => ({ newName: args.new_name }));
    const answer = asked.answers.find((a) => a.error === undefined && a.result !== undefined);
    if (answer === undefined) failWith(`no server produced a rename for ${asked.where}`);
    const plan = new EditPlan(pacing(ctx));
    plan.addWorkspaceEdit(answer.result as WorkspaceEdit, answer.client.offset_encoding);
    return reviewAndApply(ctx, plan, `rename of ${asked.where} to "${args.new_name}"`);
  },
});

export const lspFormatting = defineLspTool({
  name: "lsp_formatting",
  title: "LSP format file (reviewed by the user)",
  description:
    "Formats a file (or the lines start_line..end_line) with its language server, on the unsaved text, using the " +
    "buffer's indentation settings. The user reviews the change; the call waits: `OK: applied …` or `REJECTED: …`.",
  input: {
    ...targetInput,
    start_line: optional(int("First line to format, 1-based (range formatting)", { minimum: 1 })),
    end_line: optional(int("Last line to format, 1-based (default: start_line)", { minimum: 1 })),
    ...clientNameInput,
  },
  closed: true,
  annotations: writing("LSP format (reviewed)", false, true),
  handler: (args, ctx) => {
    const doc = openDoc(ctx, args);
    settleIndexing(ctx, doc, args.client_name);
    const ranged = args.start_line !== undefined || args.end_line !== undefined;
    const feature = ranged ? FEATURES.rangeFormatting : FEATURES.formatting;
    const lines = docLines(doc);
    const from = args.start_line ?? 1;
    const to = args.end_line ?? args.start_line ?? lines.length;
    if (ranged && (from > lines.length || to > lines.length))
      failWith(`line ${math.max(from, to)} is past the end: ${doc.display} has ${lines.length} lines`);
    if (to < from) failWith(`end_line ${to} is before start_line ${from}`);
    const sw = vim.api.nvim_get_option_value("shiftwidth", { buf: doc.buf }) as number;
    const options = {
      tabSize: sw > 0 ? sw : (vim.api.nvim_get_option_value("tabstop", { buf: doc.buf }) as number),
      insertSpaces: vim.api.nvim_get_option_value("expandtab", { buf: doc.buf }) === true,
    };
    const { answers } = askAtFile(ctx, doc, feature, args.client_name, (client) => ({
      options,
      range: ranged
        ? {
            start: { line: from - 1, character: 0 },
            end: { line: to - 1, character: toCharacter(lines[to - 1], lines[to - 1].length, client.offset_encoding) },
          }
        : undefined,
    }));
    const answer = answers.find(
      (a) => a.error === undefined && vim.islist(a.result) && (a.result as unknown[]).length > 0,
    );
    const what = `formatting of ${doc.display}${ranged ? ` lines ${from}-${to}` : ""}`;
    if (answer === undefined) return textResult(`OK: nothing to change: ${what} leaves the file as it is`);
    const plan = new EditPlan(pacing(ctx));
    plan.addTextEdits(doc.path, answer.result as TextEdit[], answer.client.offset_encoding);
    return reviewAndApply(ctx, plan, what);
  },
});

/** A request about a whole file (no position) to every attached client with the feature. */
function askAtFile(
  ctx: ToolContext,
  doc: Doc,
  feature: Feature,
  clientName: string | undefined,
  extra: (this: void, c: vim.lsp.Client) => object,
) {
  const clients = attachedClients(doc.buf, doc.display, clientName).filter((c) => {
    const caps = c.server_capabilities as { [k: string]: unknown } | undefined;
    const v = caps?.[feature.capability];
    return v !== undefined && v !== false && v !== vim.NIL;
  });
  if (clients.length === 0)
    failWith(
      `no client attached to ${doc.display} supports ${feature.method} (server capability ${feature.capability})`,
    );
  const answers = requestAll(
    ctx,
    clients.map((client) => ({
      client,
      method: feature.method,
      params: { textDocument: { uri: uriOf(doc) }, ...extra(client) },
    })),
    doc.buf,
    ctx.config.agent.lsp_timeout_ms,
  );
  const failure = failureOf(answers, `${feature.method} for ${doc.display}`);
  if (failure !== undefined) failWith(failure);
  return { answers, clients };
}

/** typescript-language-server's full organize (sorts AND removes unused imports; its code action only sorts). */
const TS_ORGANIZE = "_typescript.organizeImports";

export const lspOrganizeImports = defineLspTool({
  name: "lsp_organize_imports",
  title: "LSP organize imports (reviewed by the user)",
  description:
    "Sorts the file's imports and removes the unused ones through its language server. The user reviews the change; " +
    "the call waits: `OK: applied …` or `REJECTED: …`.",
  input: { ...targetInput, ...clientNameInput },
  closed: true,
  annotations: writing("LSP organize imports (reviewed)", false, true),
  handler: (args, ctx) => {
    const doc = openDoc(ctx, args);
    settleIndexing(ctx, doc, args.client_name);
    const what = `organize imports of ${doc.display}`;
    const attached = attachedClients(doc.buf, doc.display, args.client_name);
    const ts = attached.find((c) =>
      (
        (c.server_capabilities as { executeCommandProvider?: { commands?: string[] } } | undefined)
          ?.executeCommandProvider?.commands ?? []
      ).includes(TS_ORGANIZE),
    );
    if (ts !== undefined) {
      const plan = new EditPlan(pacing(ctx));
      const err = executeCapturing(ctx, ts, { command: TS_ORGANIZE, arguments: [doc.path] }, doc.buf, plan);
      if (err !== undefined) failWith(`${what}: ${err}`);
      return reviewAndApply(ctx, plan, what);
    }
    const lines = docLines(doc);
    const { answers } = askAtFile(ctx, doc, FEATURES.codeAction, args.client_name, () => ({
      range: { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } },
      context: { diagnostics: [], only: ["source.organizeImports"], triggerKind: 1 },
    }));
    for (const a of answers) {
      if (a.error !== undefined || !vim.islist(a.result)) continue;
      const action = (a.result as CodeAction[]).find((x) => x.disabled === undefined);
      if (action !== undefined) return applyAction(ctx, a.client, action, doc.buf);
    }
    return textResult(
      `OK: nothing to change: no server offers source.organizeImports for ${doc.display} (the imports may be organized already)`,
    );
  },
});
