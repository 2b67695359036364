// search: text or a regex (one dialect, agent/search/dialect.ts) in one buffer, every loaded buffer, or the
// project. Buffers are searched as they are in the editor, so an unsaved change is found and a stale disk copy
// is not. The project is searched by a child process (ripgrep, git grep or the walker: agent/search/project.ts)
// while the call is parked: the editor keeps answering the user meanwhile.
import { normalize } from "../../util/fs";
import { bufferPath, isFileBuffer, isListed } from "../../editor/buffers";
import { byteToCharColumn } from "../../editor/positions";
import { bool, defineTool, enumOf, int, optional, reading, str } from "../../protocol/schema";
import type { ToolContext } from "../../protocol/tool";
import { failWith, fitLines, guarded, textResult } from "../../protocol/result";
import { displayPath } from "../../editor/state";
import { resolveTarget, targetInput, targetLinesSliced } from "../../editor/target";
import { DIALECT_DOC, translate, type Translated } from "../search/dialect";
import { chooseEngine, start, walkerScript, type Engine, type Hit, type Summary } from "../search/project";
import type { Policy } from "../../policy/policy";
import type { Withheld } from "../../policy/rules";
import { plural } from "../../util/words";

/** Matched line text is cut to this many bytes. */
const MAX_TEXT = 200;

/** The regex in every engine's form, or the ERROR saying how to write it. */
function compiled(pattern: string): Translated {
  const t = translate(pattern);
  if (!t.ok) failWith(`the regex does not compile in the accepted dialect: ${t.error}. ${DIALECT_DOC}`);
  return t.pattern;
}

/**
 * The one place every match passes before it is shown, whatever found it (a buffer, ripgrep, git grep, the
 * walk): a filter on what the model may see belongs here. Returns the rendered row, or undefined to withhold it.
 */
function admit(hit: Hit, cwd: string): string | undefined {
  const line = hit.text;
  let text = line.length > MAX_TEXT ? string.sub(line, 1, MAX_TEXT) + "…" : line;
  text = vim.trim(text);
  const [okCol, col] = pcall(byteToCharColumn, line, hit.byteCol - 1);
  return `${displayPath(hit.path, cwd)}:${hit.line}:${okCol ? col : hit.byteCol}: ${text}`;
}

/** Buffers whose text the project search must take instead of the disk: unsaved changes, or never written. */
function overlayOf(root: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const buf of vim.api.nvim_list_bufs()) {
    if (!vim.api.nvim_buf_is_loaded(buf) || !isFileBuffer(buf)) continue;
    const path = bufferPath(buf);
    if (!vim.startswith(path, `${root}/`)) continue;
    const [stat] = vim.uv.fs_stat(path);
    if (!vim.bo[buf].modified && stat !== undefined) continue;
    out.push({ path, text: vim.api.nvim_buf_get_lines(buf, 0, -1, false).join("\n") + "\n" });
  }
  return out;
}

function megabytes(n: number): string {
  return n >= 1024 * 1024 ? `${math.floor((n / (1024 * 1024)) * 10) / 10} MiB` : `${n} bytes`;
}

/**
 * Runs the search in child processes (the project's engine, and the walker over `overlay`, the buffers' texts);
 * the call is parked meanwhile, and a cancel kills them. `engine` "buffers": only the overlay is searched.
 */
function searchInChildren(
  ctx: ToolContext,
  root: string,
  pattern: string,
  regex: Translated | undefined,
  max: number,
  engine: Engine,
  overlay: { path: string; text: string }[],
): Summary {
  const opts = ctx.config.agent.search;
  let running: { cancel: (this: void) => void } | undefined;
  return ctx.park<Summary>(
    (resume) => {
      running = start(
        {
          root,
          text: regex === undefined ? pattern : undefined,
          regex,
          max,
          limits: {
            timeoutMs: opts.timeout_ms,
            maxFileBytes: opts.max_file_bytes,
            maxFiles: opts.max_files,
            maxOutputBytes: opts.max_output_bytes,
          },
          overlay,
          engine,
          rg: opts.rg === false ? "rg" : opts.rg,
          walker: walkerScript(),
          nvim: vim.v.progpath,
        },
        resume,
      );
    },
    () => running?.cancel(),
  );
}

/** What the project search's header says after the scope: the engine, files, and what it skipped. */
function projectNotes(s: Summary, ctx: ToolContext): { header: string; tail: string[] } {
  const opts = ctx.config.agent.search;
  let header = `; ${s.how}`;
  if (s.engine === "walk") header += " (no rg, no git repository; .git and node_modules skipped)";
  if (s.filesSearched !== undefined) header += `, ${plural(s.filesSearched, "file")} searched`;
  const skipped: string[] = [];
  if (s.binary > 0) skipped.push(`${plural(s.binary, "binary file")} with a match`);
  if (s.oversize > 0)
    skipped.push(`${plural(s.oversize, "file")} over ${megabytes(opts.max_file_bytes)} (agent.search.max_file_bytes)`);
  if (skipped.length > 0) header += `; skipped: ${skipped.join(", ")}`;
  if (s.stoppedEarly) header += "; stopped at max_results";
  const tail: string[] = [];
  const narrow = "narrow it with path (a folder of the project) or a longer pattern";
  if (s.timedOut)
    tail.push(
      `… the search was stopped after ${opts.timeout_ms} ms (agent.search.timeout_ms): the matches are partial; ${narrow}`,
    );
  if (s.outputCut)
    tail.push(
      `… the search was stopped after ${megabytes(opts.max_output_bytes)} of output (agent.search.max_output_bytes): the matches are partial; ${narrow}`,
    );
  if (s.maxFilesHit)
    tail.push(
      `… the walk stopped after ${opts.max_files} files (agent.search.max_files): files were not searched; ${narrow}`,
    );
  if (s.errors.length > 0) tail.push(`note: ${s.how} reported: ${s.errors.join(" | ")}`);
  return { header, tail };
}

/**
 * The privacy policy on a search: files it withholds are not searched (counted, by rule, for the answer);
 * a project search does not run at / or the home folder, and a symbolic link out of the workspace is not
 * followed. Buffers the user has not listed are searched only inside the workspace.
 */
function searchGate(policy: Policy) {
  const rules = policy.rules();
  const roots = policy.roots();
  const withheld = new LuaMap<string, number>();
  let count = 0;
  const admitted = (why: Withheld | undefined): boolean => {
    if (why === undefined) return true;
    count++;
    withheld.set(why.rule, (withheld.get(why.rule) ?? 0) + 1);
    return false;
  };
  return {
    /** A loaded buffer's file: searched when inside the workspace or listed, and not withheld. */
    admitBuffer(this: void, buf: Buf, path: string): boolean {
      if (!isListed(buf) && !policy.inside(path, roots)) return false;
      return admitted(policy.withheld(path, rules));
    },
    /**
     * A file of the project listing (git's or a walk of the cwd, neither goes through a linked folder): only
     * a link itself needs its real path, which must stay in the workspace and must not be withheld either.
     */
    admitFile(this: void, path: string): boolean {
      const [l] = vim.uv.fs_lstat(path);
      if (l?.type === "link") return policy.inside(path, roots) && admitted(policy.withheld(path, rules));
      return admitted(rules.withheld(path));
    },
    checkProjectRoot(this: void, cwd: string): void {
      const home = normalize(vim.uv.os_homedir() ?? "/");
      if (cwd === "/" || cwd === home)
        failWith(
          `Neovim's cwd is ${cwd === "/" ? "/" : "the home folder"}: a project search would walk all of it; the user can :cd into the project, or search scope "buffers"`,
        );
    },
    note(this: void): string {
      if (count === 0) return "";
      const parts: string[] = [];
      for (const [rule, n] of withheld) parts.push(`${n} by ${rule}`);
      return `; ${count} file${count === 1 ? "" : "s"} withheld from the model (${parts.join(", ")}; the user decides, :help claude-ide-privacy)`;
    },
  };
}

export const search = defineTool({
  name: "search",
  title: "Search",
  description:
    "Find text in the editor's buffers as they are now (unsaved changes included) or in the whole project. Answers " +
    "`path:line:col: text` lines. scope: buffer (the one named by path/buffer), buffers (every loaded file buffer), " +
    "project (default without path/buffer: the cwd's files, or a folder given as path; .gitignore honoured, unsaved " +
    "buffers taking precedence over disk; run by ripgrep, git grep or a walk in a child process, whose name the answer " +
    "gives with what was skipped). Plain text by default; regex=true takes one regex dialect, the same on every engine " +
    "(see the regex argument): . * + ? {n,m} [...] \\d \\w \\s \\b ^ $ ( ) (?: ) |.",
  input: {
    pattern: str("Text to find (or a regex with regex=true)", { minLength: 1, text: true }),
    regex: optional(bool(`Treat pattern as a regex (default false: plain text). ${DIALECT_DOC}`)),
    ...targetInput,
    scope: optional(
      enumOf(
        ["buffer", "buffers", "project"],
        "Where to search (default: buffer when path/buffer is given, else project)",
      ),
    ),
    max_results: optional(int("Most matches to return (default 100, at most 1000)", { minimum: 1, maximum: 1000 })),
  },
  closed: true,
  annotations: reading("Search"),
  handler: (args, ctx) =>
    guarded(() => {
      const cwd = normalize(vim.fn.getcwd());
      // A folder as path: a project search of that folder.
      let root = cwd;
      let folder = false;
      if (args.path !== undefined && args.buffer === undefined && args.scope !== "buffer") {
        const dir = normalize(string.sub(args.path, 1, 1) === "/" ? args.path : `${cwd}/${args.path}`);
        if (vim.fn.isdirectory(dir) === 1) {
          const refusal = ctx.services.policy.refusal(dir, displayPath(dir, cwd));
          if (refusal !== undefined) failWith(refusal);
          root = dir;
          folder = true;
        }
      }
      const target = folder ? undefined : resolveTarget(ctx.services.policy, args, { required: false });
      const gate = searchGate(ctx.services.policy);
      const scope = args.scope ?? (target !== undefined ? "buffer" : "project");
      if (scope === "buffer" && target === undefined) failWith('scope "buffer" needs "path" or "buffer"');
      if (scope !== "buffer" && target !== undefined)
        failWith(`scope "${scope}" searches many files: leave out path/buffer, or use scope "buffer"`);
      if (folder && scope !== "project")
        failWith(`${displayPath(root, cwd)} is a folder: search it with scope "project"`);
      const regex = args.regex === true ? compiled(args.pattern) : undefined;
      const max = args.max_results ?? 100;
      const hits: Hit[] = [];
      let notes: { header: string; tail: string[] } = { header: "", tail: [] };
      // Every scope is searched by child processes: a regex that runs away on a long line costs the editor
      // nothing and is stopped by the timeout.
      let summary: Summary;
      if (scope === "project") {
        gate.checkProjectRoot(root);
        const engine = chooseEngine(root, ctx.config.agent.search.rg);
        summary = searchInChildren(ctx, root, args.pattern, regex, max, engine, overlayOf(root));
      } else {
        const docs: { path: string; text: string }[] = [];
        const add = (path: string, lines: string[]) =>
          docs.push({ path, text: lines.length > 0 ? lines.join("\n") + "\n" : "" });
        if (scope === "buffer" && target !== undefined) {
          add(target.path, targetLinesSliced(ctx, target));
        } else {
          for (const buf of vim.api.nvim_list_bufs()) {
            if (!vim.api.nvim_buf_is_loaded(buf) || !isFileBuffer(buf)) continue;
            const path = bufferPath(buf);
            if (gate.admitBuffer(buf, path)) add(path, vim.api.nvim_buf_get_lines(buf, 0, -1, false));
          }
        }
        summary = searchInChildren(ctx, cwd, args.pattern, regex, max, "buffers", docs);
        notes.header = `, ${plural(docs.length, "file")} searched`;
      }
      if (summary.patternError !== undefined)
        failWith(`${summary.how} refused the pattern: ${summary.patternError}. ${DIALECT_DOC}`);
      for (const hit of summary.hits) hits.push(hit);
      const more = summary.more;
      if (scope === "project") notes = projectNotes(summary, ctx);
      else if (summary.timedOut) notes.tail = projectNotes(summary, ctx).tail;
      // Engines answer in the order their threads finish: sorted, the answer is the same from one call to the next.
      table.sort(hits, (a, b) => (a.path === b.path ? a.line < b.line : a.path < b.path));
      const rows: string[] = [];
      // What the policy withholds is dropped here, once per file (the engines searched the files; only the
      // matches of admitted ones leave).
      const verdicts = new LuaMap<string, boolean>();
      for (const hit of hits) {
        let allowed = verdicts.get(hit.path);
        if (allowed === undefined) {
          allowed = scope !== "project" || gate.admitFile(hit.path);
          verdicts.set(hit.path, allowed);
        }
        if (!allowed) continue;
        const row = admit(hit, cwd);
        if (row !== undefined) rows.push(row);
      }
      const where = folder ? `scope project in ${displayPath(root, cwd)}` : `scope ${scope}`;
      const header = `${rows.length}${more ? "+" : ""} match${rows.length === 1 ? "" : "es"} for ${args.regex === true ? "regex" : "text"} ${vim.json.encode(args.pattern)} (${where}${notes.header})${gate.note()}`;
      const tail = notes.tail.length > 0 ? `\n${notes.tail.join("\n")}` : "";
      if (rows.length === 0) return textResult(header + tail);
      const page = fitLines(rows);
      const cut = page.taken < rows.length || more;
      const cutNote = cut
        ? `\n… more matches not shown: narrow the pattern or the scope${max < 1000 ? ", or raise max_results" : ""}`
        : "";
      return textResult(`${header}:\n${page.text}${cutNote}${tail}`);
    }),
});
