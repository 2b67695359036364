// search: text or a Vim regex in one buffer, every loaded buffer, or the project (the cwd's files, .gitignore
// honoured through git when the cwd is a repository). Buffers are searched as they are in the editor, so an
// unsaved change is found and a stale disk copy is not.
import { normalize, readSmallFile } from "../../util/fs";
import { bufferPath, isFileBuffer, isListed } from "../../editor/buffers";
import { byteToCharColumn } from "../../editor/positions";
import { bool, defineTool, enumOf, int, optional, reading, str } from "../../protocol/schema";
import { failWith, fitLines, guarded, textResult } from "../../protocol/result";
import { displayPath } from "../../editor/state";
import { resolveTarget, targetInput, targetLines } from "../../editor/target";
import type { Policy } from "../../policy/policy";
import type { Withheld } from "../../policy/rules";

/** Files larger than this are skipped in a project search (generated bundles, data). */
const MAX_FILE_BYTES = 1024 * 1024;
/** A project search reads at most this many files. */
const MAX_FILES = 20000;
/** Matched line text is cut to this many bytes. */
const MAX_TEXT = 200;

type Matcher = (this: void, line: string) => number | undefined;

/** A function giving the 0-based byte column of the first match in a line, or undefined. */
function matcher(pattern: string, regex: boolean): Matcher {
  if (!regex)
    return (line) => {
      const [at] = string.find(line, pattern, 1, true);
      return at !== undefined ? at - 1 : undefined;
    };
  const [okCompile, re] = pcall(vim.regex, `\\v${pattern}`);
  if (!okCompile)
    failWith(
      `the regex does not compile (${tostring(re)}). Patterns are Vim regexes in very magic mode (\\v): () groups, | alternation, + ? {n,m}, \\d \\w \\s, \\< \\> word edges; escape = @ % < > as \\= \\@ ...; or pass regex=false for plain text`,
    );
  return (line) => {
    const [from] = re.match_str(line);
    return from ?? undefined;
  };
}

/** Files of the project: git's list (tracked + untracked, ignored excluded) or a walk of the cwd. */
function projectFiles(cwd: string): { files: string[]; via: string } {
  const git =
    vim.fn.executable("git") === 1
      ? vim
          .system(["git", "-C", cwd, "ls-files", "-z", "--cached", "--others", "--exclude-standard"], { text: true })
          .wait()
      : undefined;
  if (git !== undefined && git.code === 0 && git.stdout !== undefined) {
    const files = git.stdout
      .split("\0")
      .filter((f) => f !== "")
      .map((f) => `${cwd}/${f}`);
    return { files, via: "git ls-files (.gitignore honoured)" };
  }
  const files: string[] = [];
  for (const [name, kind] of vim.fs.dir(cwd, {
    depth: 20,
    skip: (dir: string) => dir !== ".git" && dir !== "node_modules",
  })) {
    if (kind === "file") files.push(`${cwd}/${name}`);
    if (files.length >= MAX_FILES) break;
  }
  return { files, via: "a walk of the cwd (no git repository; .git and node_modules skipped)" };
}

function readIfText(path: string): string[] | undefined {
  const data = readSmallFile(path, MAX_FILE_BYTES);
  if (data === undefined || string.find(data, "\0", 1, true)[0] !== undefined) return undefined;
  return vim.split(data, "\n", { plain: true });
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
    "project (default without path/buffer: the cwd's files, .gitignore honoured, unsaved buffers taking precedence over " +
    "disk). Plain text by default; regex=true takes a Vim very-magic regex (like PCRE: () | + ? {n,m} \\d \\w \\s).",
  input: {
    pattern: str("Text to find (or a regex with regex=true)", { minLength: 1 }),
    regex: optional(bool("Treat pattern as a Vim regex in very magic mode (default false: plain text)")),
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
      const target = resolveTarget(ctx.services.policy, args, { required: false });
      const scope = args.scope ?? (target !== undefined ? "buffer" : "project");
      if (scope === "buffer" && target === undefined) failWith('scope "buffer" needs "path" or "buffer"');
      if (scope !== "buffer" && target !== undefined)
        failWith(`scope "${scope}" searches many files: leave out path/buffer, or use scope "buffer"`);
      const find = matcher(args.pattern, args.regex === true);
      const gate = searchGate(ctx.services.policy);
      const max = args.max_results ?? 100;
      const cwd = normalize(vim.fn.getcwd());
      const rows: string[] = [];
      let more = false;
      let searched = 0;
      const scan = (lines: string[], path: string) => {
        searched++;
        for (let i = 0; i < lines.length; i++) {
          const line = lines[i];
          const col = find(line);
          if (col === undefined) continue;
          if (rows.length >= max) {
            more = true;
            return;
          }
          const text = vim.trim(line.length > MAX_TEXT ? string.sub(line, 1, MAX_TEXT) + "…" : line);
          rows.push(`${displayPath(path, cwd)}:${i + 1}:${byteToCharColumn(line, col)}: ${text}`);
        }
      };
      let via = "";
      if (scope === "buffer" && target !== undefined) {
        scan(targetLines(target), target.path);
      } else {
        // Loaded file buffers first, as they are in the editor; a project search then reads the other files.
        const seen = new LuaSet<string>();
        for (const buf of vim.api.nvim_list_bufs()) {
          if (more || !vim.api.nvim_buf_is_loaded(buf) || !isFileBuffer(buf)) continue;
          const path = bufferPath(buf);
          if (scope === "project" && !vim.startswith(path, `${cwd}/`)) continue;
          seen.add(path);
          if (!gate.admitBuffer(buf, path)) continue;
          scan(vim.api.nvim_buf_get_lines(buf, 0, -1, false), path);
        }
        if (scope === "project" && !more) {
          gate.checkProjectRoot(cwd);
          const listed = projectFiles(cwd);
          via = `; files from ${listed.via}`;
          for (const file of listed.files) {
            if (more || searched >= MAX_FILES) break;
            const path = normalize(file);
            if (seen.has(path) || !gate.admitFile(path)) continue;
            const lines = readIfText(path);
            if (lines !== undefined) scan(lines, path);
          }
        }
      }
      const header = `${rows.length}${more ? "+" : ""} match${rows.length === 1 ? "" : "es"} for ${args.regex === true ? "regex" : "text"} ${vim.json.encode(args.pattern)} (scope ${scope}, ${searched} file${searched === 1 ? "" : "s"} searched${via})${gate.note()}`;
      if (rows.length === 0) return textResult(header);
      const page = fitLines(rows);
      const cut = page.taken < rows.length || more;
      const tail = cut
        ? `\n… more matches not shown: narrow the pattern or the scope${max < 1000 ? ", or raise max_results" : ""}`
        : "";
      return textResult(`${header}:\n${page.text}${tail}`);
    }),
});
