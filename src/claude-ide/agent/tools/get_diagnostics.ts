// get_diagnostics: what the user's language servers and linters report, one line per diagnostic.
import { bufferPath } from "../../editor/buffers";
import { byteToCharColumn } from "../../editor/positions";
import { defineTool, enumOf, optional, reading } from "../../protocol/schema";
import { fitLines, guarded, textResult } from "../../protocol/result";
import { displayPath } from "../../editor/state";
import { resolveTarget, targetInput } from "../../editor/target";
import { loadedModule } from "../../util/modules";
import { normalize } from "../../util/fs";

const SEVERITIES = ["error", "warning", "info", "hint"] as const;

export const getDiagnostics = defineTool({
  name: "get_diagnostics",
  title: "Diagnostics",
  description:
    "Errors and warnings the user's language servers and linters report, as `path:line:col: severity [source]: message`, " +
    "for one file or (without path/buffer) every buffer. `severity` keeps that level and worse.",
  input: { ...targetInput, severity: optional(enumOf(SEVERITIES, "Lowest severity to include (default hint: all)")) },
  closed: true,
  annotations: reading("Diagnostics"),
  handler: (args, ctx) =>
    guarded(() => {
      const target = resolveTarget(ctx.services.policy, args, { required: false });
      const worst = SEVERITIES.indexOf(args.severity ?? "hint") + 1;
      if (target !== undefined && target.buf === undefined)
        return textResult(
          `${target.display}: not open in the editor, so no diagnostics (navigate to it, or use lsp tools)`,
        );
      const diagnostic = loadedModule<typeof vim.diagnostic>("vim.diagnostic");
      const all = diagnostic === undefined ? [] : diagnostic.get(target?.buf);
      const cwd = normalize(vim.fn.getcwd());
      const policy = ctx.services.policy;
      const rules = policy.rules();
      const hidden = new LuaMap<Buf, boolean>();
      // A message may quote the line ("unexpected 'sk-…'"): not for a file the policy withholds.
      const withheld = (buf: Buf) => {
        let h = hidden.get(buf);
        if (h === undefined) {
          h = policy.withheld(bufferPath(buf), rules) !== undefined;
          hidden.set(buf, h);
        }
        return h;
      };
      const rows = all
        .filter((d) => (d.severity ?? 1) <= worst && d.bufnr !== undefined && vim.api.nvim_buf_is_loaded(d.bufnr))
        .sort((a, b) =>
          a.bufnr !== b.bufnr
            ? (a.bufnr as number) - (b.bufnr as number)
            : a.lnum !== b.lnum
              ? a.lnum - b.lnum
              : a.col - b.col,
        )
        .map((d) => {
          const buf = d.bufnr as Buf;
          const line = vim.api.nvim_buf_get_lines(buf, d.lnum, d.lnum + 1, false)[0] ?? "";
          const source = d.source !== undefined ? ` [${d.source}]` : "";
          const message = withheld(buf) ? "(message withheld from the model)" : string.gsub(d.message, "\n", " ")[0];
          return `${displayPath(bufferPath(buf), cwd)}:${d.lnum + 1}:${byteToCharColumn(line, d.col)}: ${SEVERITIES[(d.severity ?? 1) - 1]}${source}: ${message}`;
        });
      const scope = target !== undefined ? target.display : "all buffers";
      if (rows.length === 0)
        return textResult(
          `no diagnostics in ${scope}${args.severity !== undefined ? ` at ${args.severity} or worse` : ""}`,
        );
      const page = fitLines(rows);
      const more =
        page.taken < rows.length
          ? `\n… ${rows.length - page.taken} more: ask for one file (path) or a higher severity`
          : "";
      return textResult(`${rows.length} diagnostic${rows.length === 1 ? "" : "s"} in ${scope}:\n${page.text}${more}`);
    }),
});
