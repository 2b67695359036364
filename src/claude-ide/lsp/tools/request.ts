// What the position tools share: open the file (loading it hidden when needed), let indexing servers
// finish, find the point, ask every attached client that can answer, fail with what to do when none did.
import { failWith, fitLines, guarded, textResult } from "../../protocol/result";
import { defineTool, type Props, type ToolSpec } from "../../protocol/schema";
import type { ToolContext, ToolDescriptor, ToolResult } from "../../protocol/tool";
import { type Answer, clientsFor, type Feature, failureOf, indexingNote, requestAll } from "../clients";
import { type Doc, docLines, openDoc, settleIndexing, waitReady } from "../document";
import { lspPosition, type Point, pointLabel, resolvePoint } from "../position";

export interface PositionArgs {
  path?: string;
  buffer?: number;
  line: number;
  column?: number;
  symbol?: string;
  client_name?: string;
}

export interface Asked {
  doc: Doc;
  point: Point;
  answers: Answer[];
  /** `name at path:line:col`, for headings and errors. */
  where: string;
}

/** The identifier at byte `byte` of `text` (or the character there). */
function wordAt(text: string, byte: number): string {
  let from = byte + 1;
  let to = byte;
  while (from > 1 && string.find(string.sub(text, from - 1, from - 1), "[%w_$]")[0] !== undefined) from--;
  while (to < text.length && string.find(string.sub(text, to + 1, to + 1), "[%w_$]")[0] !== undefined) to++;
  return to >= from ? string.sub(text, from, to) : string.sub(text, byte + 1, byte + 1);
}

/** Sends `feature`'s request at the position the arguments name to every client able to answer it. */
export function askAt(
  ctx: ToolContext,
  args: PositionArgs,
  feature: Feature,
  extra?: (this: void, client: vim.lsp.Client) => object,
): Asked {
  const doc = openDoc(ctx, args);
  settleIndexing(ctx, doc, args.client_name);
  const clients = clientsFor(doc.buf, doc.display, feature, args.client_name);
  const point = resolvePoint(docLines(doc), doc.display, args);
  const uri = vim.uri_from_bufnr(doc.buf);
  const ask = () =>
    requestAll(
      ctx,
      clients.map((client) => ({
        client,
        method: feature.method,
        params: {
          textDocument: { uri },
          position: lspPosition(point, client.offset_encoding),
          ...(extra !== undefined ? extra(client) : {}),
        },
      })),
      doc.buf,
      ctx.config.agent.lsp_timeout_ms,
    );
  let answers = ask();
  // A server that began indexing while it answered (a project load announces itself late) is asked again
  // once it is done: such answers come from syntax alone and look right while they are wrong.
  if (indexingNote(clients) !== undefined && waitReady(ctx, () => clients, ctx.config.agent.lsp_timeout_ms))
    answers = ask();
  const where = `"${args.symbol ?? wordAt(point.text, point.byte)}" at ${doc.display}:${pointLabel(point)}`;
  const failure = failureOf(answers, `${feature.method} for ${where}`);
  if (failure !== undefined) failWith(failure);
  return { doc, point, answers, where };
}

/** A paged answer: a heading, the lines that fit, a closing line when some did not, an indexing note. */
export function paged(heading: string, lines: string[], clients: vim.lsp.Client[], narrower: string): ToolResult {
  const page = fitLines(lines, 23000 - heading.length);
  const parts = [heading, page.text];
  if (page.taken < lines.length)
    parts.push(`… ${lines.length - page.taken} more lines not shown (result budget): ${narrower}`);
  const note = indexingNote(clients);
  if (note !== undefined) parts.push(note);
  return textResult(parts.filter((p) => p !== "").join("\n"));
}

/** The clients that answered without an error. */
export function answered(asked: { answers: Answer[] }): Answer[] {
  return asked.answers.filter((a) => a.error === undefined);
}

/** defineTool for the LSP tools: a ToolFailure thrown anywhere in the body becomes its `ERROR:` result. */
export function defineLspTool<P extends Props>(spec: ToolSpec<P>): ToolDescriptor {
  const body = spec.handler;
  return defineTool({ ...spec, handler: (args, ctx) => guarded(() => body(args, ctx)) });
}
