// quickfix: the quickfix list (or the current window's location list) that :make, :grep, :vimgrep and linters
// fill, as `path:line:col: type: text` lines under the list's title, paged.
import { defineTool, enumOf, int, optional, reading } from "../../protocol/schema";
import { header, listing } from "../quickfix";
import { failWith, fitLines, guarded, textResult } from "../../protocol/result";

export const quickfix = defineTool({
  name: "quickfix",
  title: "Quickfix list",
  description:
    "The user's quickfix list (what :make, :grep, :vimgrep, test runners and linters filled) or the current window's " +
    "location list: its title, then one `path:line:col: type: text` line per entry. Use it when the user speaks of " +
    "build errors, test failures or search results in Neovim. Long lists come in pages (start).",
  input: {
    list: optional(enumOf(["quickfix", "loclist"], 'Which list (default "quickfix")')),
    start: optional(int("First entry to show (1-based, default 1)", { minimum: 1 })),
  },
  closed: true,
  annotations: reading("Quickfix list"),
  handler: (args) =>
    guarded(() => {
      const l = listing(args.list ?? "quickfix");
      const total = l.lines.length;
      if (total === 0) return textResult(`${header(l)}: empty`);
      const first = args.start ?? 1;
      if (first > total) failWith(`start ${first} is past the end: the ${l.name} has ${total} entries`);
      const page = fitLines(l.lines.slice(first - 1));
      const last = first + page.taken - 1;
      const more =
        last < total ? `\n… entries ${last + 1}-${total} not shown: call quickfix again with start=${last + 1}` : "";
      return textResult(`${header(l)}:\n${page.text}${more}`);
    }),
});
