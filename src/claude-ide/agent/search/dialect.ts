// The one regex dialect the model writes (the search tool's `regex: true`), whichever engine runs it: parsed
// once here, checked, and written out for each engine (ripgrep's Rust regex, git grep's PCRE or POSIX ERE, and
// Vim's very magic regex for buffers and the walk). A pattern outside the dialect is refused with a message
// saying how to write it, so that no engine gets a pattern it reads differently from the others.
//
// Engines agree on which lines match and where the first match starts (the answer's column): greedy or lazy
// repetition changes where a match ends, never where the leftmost one starts, so lazy quantifiers are kept
// where the engine has them and dropped where it does not (POSIX ERE).

/** What the search tool's schema says `regex: true` accepts (the docs of the dialect). */
export const DIALECT_DOC =
  "regex=true takes this subset, the same on every engine: . * + ? {n} {n,} {n,m} (lazy *? +? ?? allowed), " +
  "[abc] [a-z] [^...] (\\d \\w \\s inside too), \\d \\w \\s \\D \\W \\S (ASCII: digits, [0-9A-Za-z_], space or tab), " +
  "\\b (word edge), ^ $ (line start/end), ( ) (?: ) groups, | alternation, \\t, and \\ before punctuation for " +
  "the character itself (\\. \\( \\[ \\{ \\\\ ...). Not accepted: backreferences, lookaround, (?flags), \\n.";

/** The pattern written for each engine. */
export interface Translated {
  /** ripgrep (Rust regex crate). */
  rust: string;
  /** git grep -P (PCRE2). */
  pcre: string;
  /** git grep -E (POSIX ERE, glibc). */
  ere: string;
  /** Vim, very magic (`\v`), case-sensitive (`\C`). */
  vim: string;
}

export type Translation = { ok: true; pattern: Translated } | { ok: false; error: string };

/** What refuse() throws (a signal inside translate, turned into its `{ ok: false }` answer; not an error type). */
interface Refusal {
  refused: string;
}

function refuse(message: string): never {
  const refusal: Refusal = { refused: message };
  throw refusal;
}

/** Characters with a meaning outside a class in Rust regex and PCRE: escaped when meant literally. */
const META = "\\.+*?()|[]{}^$";
/** Inside a class, for Rust regex / PCRE (Rust's classes nest, so [ is escaped too). */
const CLASS_META = "\\[]^-&~";

const DIGIT = "0-9";
const WORD = "0-9A-Za-z_";

type ClassItem =
  { kind: "char"; c: string } | { kind: "range"; from: string; to: string } | { kind: "set"; name: string };

type Token =
  | { kind: "char"; c: string }
  | { kind: "any" }
  | { kind: "set"; name: string; negated: boolean }
  | { kind: "class"; negated: boolean; items: ClassItem[] }
  | { kind: "edge" }
  | { kind: "bol" }
  | { kind: "eol" }
  | { kind: "open"; capture: boolean }
  | { kind: "close" }
  | { kind: "or" }
  | { kind: "repeat"; min: number; max: number | undefined; text: string; lazy: boolean };

/** The next whole character (a UTF-8 sequence counts as one) of `s` at byte `i`, and the index after it. */
function charAt(s: string, i: number): [string, number] {
  const b = string.byte(s, i);
  let len = 1;
  if (b >= 0xf0) len = 4;
  else if (b >= 0xe0) len = 3;
  else if (b >= 0xc0) len = 2;
  return [string.sub(s, i, i + len - 1), i + len];
}

function isPunct(c: string): boolean {
  return c.length === 1 && string.find(c, "^%p$")[0] !== undefined;
}

/** The escape `\x` at i (i points at the backslash) as a token, or a refusal. */
function escapeToken(s: string, i: number, inClass: boolean): [Token | ClassItem, number] {
  if (i >= s.length) refuse("the pattern ends with a lone \\: write \\\\ for a backslash");
  const [c, next] = charAt(s, i + 1);
  if (c === "d" || c === "w" || c === "s") return [{ kind: "set", name: c, negated: false }, next];
  if (c === "D" || c === "W" || c === "S") {
    if (inClass) refuse(`\\${c} inside [...] is not accepted: use [^...] with \\${string.lower(c)} outside the class`);
    return [{ kind: "set", name: string.lower(c), negated: true }, next];
  }
  if (c === "t") return [{ kind: "char", c: "\t" }, next];
  if (c === "b" && !inClass) return [{ kind: "edge" }, next];
  if (string.find(c, "^%d$")[0] !== undefined)
    refuse(`backreferences (\\${c}) are not accepted: search for the text itself, or for a shorter part of it`);
  if (c === "n" || c === "r")
    refuse(`\\${c} is not accepted: a search matches within one line (use $ for the end of a line)`);
  if (isPunct(c) || c === " ") return [{ kind: "char", c }, next];
  refuse(
    `\\${c} is not part of the accepted regex dialect: write the character itself, or \\ before punctuation only (\\d \\w \\s \\b \\t are the letter escapes)`,
  );
}

/** Parses [...] starting at i (the "["). */
function classToken(s: string, i: number): [Token, number] {
  let j = i + 1;
  let negated = false;
  if (string.sub(s, j, j) === "^") {
    negated = true;
    j++;
  }
  const items: ClassItem[] = [];
  let closed = false;
  while (j <= s.length) {
    const c = string.sub(s, j, j);
    if (c === "]") {
      if (items.length === 0) refuse("an empty class [] is not accepted: for a literal ] write \\] inside the class");
      closed = true;
      j++;
      break;
    }
    let item: ClassItem;
    if (c === "\\") {
      const [tok, next] = escapeToken(s, j, true);
      item = tok as ClassItem;
      j = next;
    } else if (c === "[") {
      if (string.sub(s, j + 1, j + 1) === ":")
        refuse("POSIX classes like [[:alpha:]] are not accepted: write the ranges, e.g. [A-Za-z]");
      refuse("a [ inside [...] is not accepted unescaped: write \\[");
    } else {
      const [ch, next] = charAt(s, j);
      item = { kind: "char", c: ch };
      j = next;
    }
    // A range a-z (a '-' first or last is the character itself).
    if (
      item.kind === "char" &&
      string.sub(s, j, j) === "-" &&
      string.sub(s, j + 1, j + 1) !== "]" &&
      j + 1 <= s.length
    ) {
      let to: string;
      if (string.sub(s, j + 1, j + 1) === "\\") {
        const [tok, next] = escapeToken(s, j + 1, true);
        if (tok.kind !== "char") refuse("a range must end with a character, not a class like \\d");
        to = tok.c;
        j = next;
      } else {
        const [ch, next] = charAt(s, j + 1);
        to = ch;
        j = next;
      }
      if (to < item.c) refuse(`the range ${item.c}-${to} is backwards: write the smaller character first`);
      items.push({ kind: "range", from: item.c, to });
      continue;
    }
    items.push(item);
  }
  if (!closed) refuse("a [ is not closed: end the class with ], or write \\[ for the character");
  return [{ kind: "class", negated, items }, j];
}

/** `{n}`, `{n,}`, `{n,m}` at i, or a refusal. */
function countToken(s: string, i: number): [Token, number] {
  const [whole, lo, comma, hi] = string.match(s, "^({(%d*)(,?)(%d*)})", i);
  if (whole === undefined || lo === undefined || comma === undefined || hi === undefined)
    refuse("a { must start a repetition {n}, {n,} or {n,m}: for the character itself write \\{");
  if (lo === "") refuse(`{${comma}${hi}} needs a lower bound: write {0${comma}${hi}}`);
  const min = tonumber(lo) as number;
  const max = comma === "" ? min : hi === "" ? undefined : (tonumber(hi) as number);
  if (max !== undefined && max < min)
    refuse(`the repetition {${lo},${hi}} has its bounds backwards: write {${hi},${lo}}`);
  if (min > 1000 || (max ?? 0) > 1000) refuse("repetition counts above 1000 are not accepted");
  return [{ kind: "repeat", min, max, text: whole, lazy: false }, i + whole.length];
}

function tokenize(s: string): Token[] {
  const tokens: Token[] = [];
  let i = 1;
  let depth = 0;
  while (i <= s.length) {
    const c = string.sub(s, i, i);
    const prev = tokens[tokens.length - 1] as Token | undefined;
    const atBranchStart = prev === undefined || prev.kind === "or" || prev.kind === "open";
    if (c === "\\") {
      const [tok, next] = escapeToken(s, i, false);
      tokens.push(tok as Token);
      i = next;
    } else if (c === "[") {
      const [tok, next] = classToken(s, i);
      tokens.push(tok);
      i = next;
    } else if (c === "(") {
      if (string.sub(s, i + 1, i + 1) === "?") {
        if (string.sub(s, i + 2, i + 2) !== ":")
          refuse(
            "(? is accepted only as (?: for a group that does not capture: lookaround and inline flags are not part of the dialect",
          );
        tokens.push({ kind: "open", capture: false });
        i += 3;
      } else {
        tokens.push({ kind: "open", capture: true });
        i++;
      }
      depth++;
    } else if (c === ")") {
      if (depth === 0) refuse("a ) closes no group: write \\) for the character");
      if (prev?.kind === "or") refuse("an empty alternative before ) would match everywhere: remove the |");
      depth--;
      tokens.push({ kind: "close" });
      i++;
    } else if (c === "|") {
      if (atBranchStart) refuse("an empty alternative would match everywhere: remove the extra |");
      tokens.push({ kind: "or" });
      i++;
    } else if (c === "*" || c === "+" || c === "?" || c === "{") {
      let tok: Token;
      if (c === "{") {
        const [t, next] = countToken(s, i);
        tok = t;
        i = next;
      } else {
        tok = { kind: "repeat", min: c === "+" ? 1 : 0, max: c === "?" ? 1 : undefined, text: c, lazy: false };
        i++;
      }
      if (atBranchStart || prev.kind === "repeat" || prev.kind === "bol" || prev.kind === "eol" || prev.kind === "edge")
        refuse(`${tok.kind === "repeat" ? tok.text : c} repeats nothing here: for the character itself write \\${c}`);
      if (string.sub(s, i, i) === "?" && tok.kind === "repeat") {
        tok.lazy = true;
        i++;
      }
      tokens.push(tok);
    } else if (c === "^") {
      if (!atBranchStart)
        refuse(
          "^ means the start of a line only at the start of the pattern or of an alternative: write \\^ for the character",
        );
      tokens.push({ kind: "bol" });
      i++;
    } else if (c === "$") {
      const after = string.sub(s, i + 1, i + 1);
      if (after !== "" && after !== "|" && after !== ")")
        refuse(
          "$ means the end of a line only at the end of the pattern or of an alternative: write \\$ for the character",
        );
      tokens.push({ kind: "eol" });
      i++;
    } else if (c === ".") {
      tokens.push({ kind: "any" });
      i++;
    } else if (c === "]" || c === "}") {
      refuse(`an unescaped ${c} is not accepted: write \\${c} for the character`);
    } else {
      const [ch, next] = charAt(s, i);
      tokens.push({ kind: "char", c: ch });
      i = next;
    }
  }
  if (depth > 0) refuse("a ( is not closed: add the ), or write \\( for the character");
  if (tokens[tokens.length - 1]?.kind === "or")
    refuse("an empty alternative would match everywhere: remove the last |");
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------
// writers

function setBody(name: string): string {
  return name === "d" ? DIGIT : name === "w" ? WORD : " \t";
}

/** A class for Rust regex / PCRE. */
function perlClass(negated: boolean, items: ClassItem[]): string {
  const parts: string[] = [];
  const lit = (c: string) => (c === "\t" ? "\\t" : string.find(CLASS_META, c, 1, true)[0] !== undefined ? `\\${c}` : c);
  for (const item of items) {
    if (item.kind === "char") parts.push(lit(item.c));
    else if (item.kind === "range") parts.push(`${lit(item.from)}-${lit(item.to)}`);
    else parts.push(item.name === "s" ? "\\t " : setBody(item.name));
  }
  return `[${negated ? "^" : ""}${parts.join("")}]`;
}

/** A POSIX bracket expression: no escapes inside, so ] goes first, - last and ^ anywhere but first. */
function ereClass(negated: boolean, items: ClassItem[]): string {
  let close = false;
  let dash = false;
  let caret = false;
  const parts: string[] = [];
  for (const item of items) {
    if (item.kind === "char") {
      if (item.c === "]") close = true;
      else if (item.c === "-") dash = true;
      else if (item.c === "^") caret = true;
      else parts.push(item.c);
    } else if (item.kind === "range") {
      parts.push(`${item.from}-${item.to}`);
    } else {
      parts.push(setBody(item.name));
    }
  }
  const body = `${close ? "]" : ""}${parts.join("")}${caret ? "^" : ""}${dash ? "-" : ""}`;
  // Only ^ (and -): a ^ first would negate.
  if (!negated && string.sub(body, 1, 1) === "^") return dash ? "[-^]" : "\\^";
  return `[${negated ? "^" : ""}${body}]`;
}

/** A Vim collection: \\ \] \^ \- are escapes inside; \t is a tab. */
function vimClass(negated: boolean, items: ClassItem[]): string {
  const lit = (c: string) => (c === "\t" ? "\\t" : c === "\\" || c === "]" || c === "^" || c === "-" ? `\\${c}` : c);
  const parts: string[] = [];
  for (const item of items) {
    if (item.kind === "char") parts.push(lit(item.c));
    else if (item.kind === "range") parts.push(`${lit(item.from)}-${lit(item.to)}`);
    else parts.push(item.name === "s" ? " \\t" : setBody(item.name));
  }
  return `[${negated ? "^" : ""}${parts.join("")}]`;
}

function perlChar(c: string): string {
  if (c === "\t") return "\\t";
  return string.find(META, c, 1, true)[0] !== undefined ? `\\${c}` : c;
}

function ereChar(c: string): string {
  return string.find("\\.+*?()|[{}^$", c, 1, true)[0] !== undefined ? `\\${c}` : c;
}

/** In very magic mode every ASCII punctuation character but _ may mean something: a backslash makes it literal. */
function vimChar(c: string): string {
  if (c === "\t") return "\\t";
  return c !== "_" && isPunct(c) ? `\\${c}` : c;
}

/** \b as Vim lookarounds on ASCII word characters (\< \> would follow the buffer's 'iskeyword'). */
const VIM_EDGE = `%(%([${WORD}])@<=%([^${WORD}]|$)@=|%([${WORD}])@<!%([${WORD}])@=)`;

function repeatText(t: { min: number; max: number | undefined; text: string }): string {
  return t.text;
}

function vimRepeat(t: { min: number; max: number | undefined; text: string; lazy: boolean }): string {
  if (!t.lazy) return t.text === "?" ? "=" : t.text;
  if (t.max === t.min) return `{${t.min}}`;
  return `{-${t.min}${t.max === undefined ? "," : `,${t.max}`}}`;
}

function write(tokens: Token[]): Translated {
  const rust: string[] = [];
  const pcre: string[] = [];
  const ere: string[] = [];
  const vim: string[] = ["\\v\\C"];
  for (const t of tokens) {
    switch (t.kind) {
      case "char":
        rust.push(perlChar(t.c));
        pcre.push(perlChar(t.c));
        ere.push(ereChar(t.c));
        vim.push(vimChar(t.c));
        break;
      case "any":
        rust.push(".");
        pcre.push(".");
        ere.push(".");
        vim.push(".");
        break;
      case "set": {
        const body = setBody(t.name);
        const perl = `[${t.negated ? "^" : ""}${t.name === "s" ? " \\t" : body}]`;
        rust.push(perl);
        pcre.push(perl);
        ere.push(`[${t.negated ? "^" : ""}${body}]`);
        vim.push(`[${t.negated ? "^" : ""}${t.name === "s" ? " \\t" : body}]`);
        break;
      }
      case "class":
        rust.push(perlClass(t.negated, t.items));
        pcre.push(perlClass(t.negated, t.items));
        ere.push(ereClass(t.negated, t.items));
        vim.push(vimClass(t.negated, t.items));
        break;
      case "edge":
        // ASCII word edges everywhere (Rust's \b is Unicode-aware unless told otherwise).
        rust.push("(?-u:\\b)");
        pcre.push("\\b");
        ere.push("\\b");
        vim.push(VIM_EDGE);
        break;
      case "bol":
        rust.push("^");
        pcre.push("^");
        ere.push("^");
        vim.push("^");
        break;
      case "eol":
        rust.push("$");
        pcre.push("$");
        ere.push("$");
        vim.push("$");
        break;
      case "open":
        rust.push(t.capture ? "(" : "(?:");
        pcre.push(t.capture ? "(" : "(?:");
        ere.push("(");
        vim.push(t.capture ? "(" : "%(");
        break;
      case "close":
        rust.push(")");
        pcre.push(")");
        ere.push(")");
        vim.push(")");
        break;
      case "or":
        rust.push("|");
        pcre.push("|");
        ere.push("|");
        vim.push("|");
        break;
      case "repeat":
        rust.push(repeatText(t) + (t.lazy ? "?" : ""));
        pcre.push(repeatText(t) + (t.lazy ? "?" : ""));
        ere.push(repeatText(t));
        vim.push(vimRepeat(t));
        break;
    }
  }
  return { rust: rust.join(""), pcre: pcre.join(""), ere: ere.join(""), vim: vim.join("") };
}

/** Translates the model's pattern for every engine, or says why it is not in the dialect and how to write it. */
export function translate(pattern: string): Translation {
  const [ok, result] = pcall(() => write(tokenize(pattern)));
  if (ok) return { ok: true, pattern: result };
  const err = result as unknown;
  if (type(err) === "table" && typeof (err as Refusal).refused === "string")
    return { ok: false, error: (err as Refusal).refused };
  error(err as string, 0);
}
