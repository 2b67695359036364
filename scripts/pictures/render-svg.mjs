// Renders a terminal screen captured by `tmux capture-pane -p -e -N` (text with SGR escapes) to an SVG image that
// looks like the terminal: one cell per character on a fixed grid (every glyph placed at its cell, so a font with
// other widths cannot shift the columns), wide characters on two cells, box drawing and block elements drawn as
// shapes (they join like a terminal's), bold/italic/underline/undercurl/strikethrough/reverse/dim, and the
// terminal's default colours for SGR 39/49. Used by scripts/pictures/run.sh (`make pictures`).
//
//   node render-svg.mjs --cols N --rows N [--cursor X,Y] [--fg #rrggbb] [--bg #rrggbb] < capture > out.svg
//
// A line whose cells do not add up to --cols (a width this file and tmux disagree on) is reported on stderr and
// makes the exit status 3: the picture would be misaligned.
import { readFileSync } from "node:fs";
import { BASELINE, CELL_H, CELL_W, FONT_SIZE, PAD } from "./grid.mjs";

// --- arguments
const opts = { cols: 0, rows: 0, fg: "#e0e2ea", bg: "#14161b", cursor: undefined };
for (let i = 2; i < process.argv.length; i += 2) {
  const [k, v] = [process.argv[i].replace(/^--/, ""), process.argv[i + 1]];
  if (k === "cols" || k === "rows") opts[k] = Number(v);
  else if (k === "cursor") opts.cursor = v.split(",").map(Number);
  else opts[k] = v;
}
if (!(opts.cols > 0 && opts.rows > 0)) {
  process.stderr.write("usage: render-svg.mjs --cols N --rows N [--cursor X,Y] [--fg C] [--bg C] < capture\n");
  process.exit(2);
}

// --- colours: the xterm 256-colour palette (0-15 as xterm's defaults)
const BASE16 = [
  "#000000",
  "#cd0000",
  "#00cd00",
  "#cdcd00",
  "#0000ee",
  "#cd00cd",
  "#00cdcd",
  "#e5e5e5",
  "#7f7f7f",
  "#ff0000",
  "#00ff00",
  "#ffff00",
  "#5c5cff",
  "#ff00ff",
  "#00ffff",
  "#ffffff",
];
const hex = (r, g, b) =>
  "#" + [r, g, b].map((n) => Math.max(0, Math.min(255, n)).toString(16).padStart(2, "0")).join("");
function palette(n) {
  if (n < 16) return BASE16[n];
  if (n < 232) {
    const level = (c) => (c === 0 ? 0 : 55 + c * 40);
    const m = n - 16;
    return hex(level(Math.floor(m / 36)), level(Math.floor(m / 6) % 6), level(m % 6));
  }
  const g = 8 + (n - 232) * 10;
  return hex(g, g, g);
}
function mix(a, b, t) {
  const p = (c, i) => parseInt(c.slice(1 + 2 * i, 3 + 2 * i), 16);
  return hex(...[0, 1, 2].map((i) => Math.round(p(a, i) * (1 - t) + p(b, i) * t)));
}

// --- SGR state
const plain = () => ({
  fg: null,
  bg: null,
  sp: null,
  bold: false,
  dim: false,
  italic: false,
  under: 0,
  strike: false,
  reverse: false,
  hidden: false,
});
/** A colour from SGR parameters starting at params[i] (38/48/58 forms, ";" or ":" separated); returns [colour, next index]. */
function extColour(params, i) {
  const p = params[i];
  if (p.includes(":")) {
    const sub = p.split(":").map((s) => (s === "" ? 0 : Number(s)));
    if (sub[1] === 5) return [palette(sub[2]), i + 1];
    // 38:2:<colourspace>:r:g:b or 38:2:r:g:b
    const rgb = sub.length >= 6 ? sub.slice(3, 6) : sub.slice(2, 5);
    return [hex(...rgb), i + 1];
  }
  const mode = Number(params[i + 1]);
  if (mode === 5) return [palette(Number(params[i + 2])), i + 3];
  if (mode === 2) return [hex(Number(params[i + 2]), Number(params[i + 3]), Number(params[i + 4])), i + 5];
  return [null, i + 1];
}
function applySgr(st, text) {
  const params = text === "" ? ["0"] : text.split(";");
  for (let i = 0; i < params.length;) {
    const p = params[i];
    const n = Number(p.split(":")[0]);
    if (n === 38 || n === 48 || n === 58) {
      const [c, next] = extColour(params, i);
      st[n === 38 ? "fg" : n === 48 ? "bg" : "sp"] = c;
      i = next;
      continue;
    }
    if (n === 0) Object.assign(st, plain());
    else if (n === 1) st.bold = true;
    else if (n === 2) st.dim = true;
    else if (n === 3) st.italic = true;
    else if (n === 4) st.under = p.includes(":") ? Number(p.split(":")[1]) : 1;
    else if (n === 7) st.reverse = true;
    else if (n === 8) st.hidden = true;
    else if (n === 9) st.strike = true;
    else if (n === 21) st.under = 2;
    else if (n === 22) st.bold = st.dim = false;
    else if (n === 23) st.italic = false;
    else if (n === 24) st.under = 0;
    else if (n === 27) st.reverse = false;
    else if (n === 28) st.hidden = false;
    else if (n === 29) st.strike = false;
    else if (n >= 30 && n <= 37) st.fg = palette(n - 30);
    else if (n === 39) st.fg = null;
    else if (n >= 40 && n <= 47) st.bg = palette(n - 40);
    else if (n === 49) st.bg = null;
    else if (n === 59) st.sp = null;
    else if (n >= 90 && n <= 97) st.fg = palette(n - 90 + 8);
    else if (n >= 100 && n <= 107) st.bg = palette(n - 100 + 8);
    i++;
  }
}

// --- character widths (as a terminal counts them)
const WIDE = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];
const ZERO = /^[\p{M}\u200b-\u200f\u2060\ufe00-\ufe0f]$/u;
const EMOJI = /^\p{Emoji_Presentation}$/u;
function width(ch) {
  if (ZERO.test(ch)) return 0;
  const cp = ch.codePointAt(0);
  if (cp < 0x1100) return 1;
  if (EMOJI.test(ch)) return 2;
  return WIDE.some(([a, b]) => cp >= a && cp <= b) ? 2 : 1;
}

// --- the screen: rows of cells {ch, st, wide, cont}
const input = readFileSync(0, "utf8");
const st = plain();
const screen = [];
let misaligned = 0;
for (const [y, line] of input.split("\n").slice(0, opts.rows).entries()) {
  const row = [];
  const re = /\x1b\[([0-9;:]*)([A-Za-z])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.|([\s\S])/gu;
  for (const m of line.matchAll(re)) {
    if (m[2] === "m") applySgr(st, m[1]);
    if (m[3] === undefined) continue;
    const w = width(m[3]);
    if (w === 0 && row.length > 0) {
      let last = row.length - 1;
      while (last > 0 && row[last].cont) last--;
      row[last].ch += m[3];
      continue;
    }
    row.push({ ch: m[3], st: { ...st }, wide: w === 2 });
    if (w === 2) row.push({ ch: "", st: { ...st }, cont: true });
  }
  if (row.length !== opts.cols && line !== "") {
    process.stderr.write(
      `render-svg: row ${y} has ${row.length} cells, not ${opts.cols}: ${line.replace(/\x1b\[[0-9;:]*m/g, "")}\n`,
    );
    misaligned++;
  }
  screen.push(row);
}

// --- drawing
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const num = (n) => String(Math.round(n * 100) / 100);
function colours(s, x, y) {
  let fg = s.fg ?? opts.fg;
  let bg = s.bg ?? opts.bg;
  if (s.reverse) [fg, bg] = [bg, fg];
  if (opts.cursor && opts.cursor[0] === x && opts.cursor[1] === y) [fg, bg] = [bg, fg];
  if (s.dim) fg = mix(fg, bg, 0.5);
  if (s.hidden) fg = bg;
  return { fg, bg };
}

// Box drawing as strokes from the cell's centre: [up, right, down, left], 1 light, 2 heavy, 3 double; arcs apart.
const BOX = {
  "─": [0, 1, 0, 1],
  "━": [0, 2, 0, 2],
  "│": [1, 0, 1, 0],
  "┃": [2, 0, 2, 0],
  "┌": [0, 1, 1, 0],
  "┏": [0, 2, 2, 0],
  "┐": [0, 0, 1, 1],
  "┓": [0, 0, 2, 2],
  "└": [1, 1, 0, 0],
  "┗": [2, 2, 0, 0],
  "┘": [1, 0, 0, 1],
  "┛": [2, 0, 0, 2],
  "├": [1, 1, 1, 0],
  "┣": [2, 2, 2, 0],
  "┤": [1, 0, 1, 1],
  "┫": [2, 0, 2, 2],
  "┬": [0, 1, 1, 1],
  "┳": [0, 2, 2, 2],
  "┴": [1, 1, 0, 1],
  "┻": [2, 2, 0, 2],
  "┼": [1, 1, 1, 1],
  "╋": [2, 2, 2, 2],
  "╴": [0, 0, 0, 1],
  "╵": [1, 0, 0, 0],
  "╶": [0, 1, 0, 0],
  "╷": [0, 0, 1, 0],
  "═": [0, 3, 0, 3],
  "║": [3, 0, 3, 0],
  "╔": [0, 3, 3, 0],
  "╗": [0, 0, 3, 3],
  "╚": [3, 3, 0, 0],
  "╝": [3, 0, 0, 3],
};
const ARCS = { "╭": [1, 1], "╮": [-1, 1], "╯": [-1, -1], "╰": [1, -1] }; // direction of the two arms: x, y
// Block elements as rectangles in eighths of the cell: [x0, y0, x1, y1], or a shade's opacity.
const BLOCKS = {
  "█": [0, 0, 8, 8],
  "▀": [0, 0, 8, 4],
  "▄": [0, 4, 8, 8],
  "▌": [0, 0, 4, 8],
  "▐": [4, 0, 8, 8],
  "▁": [0, 7, 8, 8],
  "▂": [0, 6, 8, 8],
  "▃": [0, 5, 8, 8],
  "▅": [0, 3, 8, 8],
  "▆": [0, 2, 8, 8],
  "▇": [0, 1, 8, 8],
  "▔": [0, 0, 8, 1],
  "▕": [7, 0, 8, 8],
  "▏": [0, 0, 1, 8],
  "▎": [0, 0, 2, 8],
  "▍": [0, 0, 3, 8],
  "▋": [0, 0, 5, 8],
  "▊": [0, 0, 6, 8],
  "▉": [0, 0, 7, 8],
};
const SHADES = { "░": 0.25, "▒": 0.5, "▓": 0.75 };

function shape(ch, x0, y0, fg) {
  const cx = x0 + CELL_W / 2;
  const cy = y0 + CELL_H / 2;
  const box = BOX[ch];
  if (box) {
    const ends = [
      [cx, y0],
      [x0 + CELL_W, cy],
      [cx, y0 + CELL_H],
      [x0, cy],
    ];
    return box
      .map((w, i) => {
        if (!w) return "";
        const [ex, ey] = ends[i];
        const line = (dx, dy, sw) =>
          `<line x1="${num(cx + dx)}" y1="${num(cy + dy)}" x2="${num(ex + dx)}" y2="${num(ey + dy)}" stroke="${fg}" stroke-width="${sw}" stroke-linecap="square"/>`;
        if (w !== 3) return line(0, 0, w === 2 ? 2.4 : 1.2);
        const [dx, dy] = i % 2 === 0 ? [1.6, 0] : [0, 1.6];
        return line(-dx, -dy, 1) + line(dx, dy, 1);
      })
      .join("");
  }
  const arc = ARCS[ch];
  if (arc) {
    const [sx, sy] = arc; // arms go toward +x/-x and +y/-y from the centre
    const r = Math.min(CELL_W, CELL_H) / 2;
    const hx = sx > 0 ? x0 + CELL_W : x0;
    const vy = sy > 0 ? y0 + CELL_H : y0;
    return `<path d="M${num(hx)} ${num(cy)} H${num(cx + sx * r)} Q${num(cx)} ${num(cy)} ${num(cx)} ${num(cy + sy * r)} V${num(vy)}" fill="none" stroke="${fg}" stroke-width="1.2"/>`;
  }
  const b = BLOCKS[ch];
  if (b) {
    const [a, c, d, e] = b.map((v, i) => (i % 2 === 0 ? (v * CELL_W) / 8 : (v * CELL_H) / 8));
    return `<rect x="${num(x0 + a)}" y="${num(y0 + c)}" width="${num(d - a)}" height="${num(e - c)}" fill="${fg}"/>`;
  }
  if (SHADES[ch] !== undefined) {
    return `<rect x="${num(x0)}" y="${num(y0)}" width="${num(CELL_W)}" height="${CELL_H}" fill="${fg}" fill-opacity="${SHADES[ch]}"/>`;
  }
  return undefined;
}

const W = opts.cols * CELL_W + 2 * PAD;
const H = opts.rows * CELL_H + 2 * PAD;
const backs = [];
const texts = [];
const lines = [];
for (const [y, row] of screen.entries()) {
  const top = PAD + y * CELL_H;
  // Backgrounds: one rectangle per run of one colour (the default one is the canvas).
  for (let x = 0; x < row.length;) {
    const { bg } = colours(row[x].st, x, y);
    let end = x + 1;
    while (end < row.length && colours(row[end].st, end, y).bg === bg) end++;
    if (bg !== opts.bg) {
      backs.push(
        `<rect x="${num(PAD + x * CELL_W)}" y="${top}" width="${num((end - x) * CELL_W)}" height="${CELL_H}" fill="${bg}"/>`,
      );
    }
    x = end;
  }
  // Text: runs of one style, every character at its cell (x list); spaces only end a run.
  let run = null;
  const flush = () => {
    if (!run) return;
    const s = run.st;
    const attrs = [`x="${run.xs.map(num).join(" ")}"`, `y="${num(top + BASELINE)}"`, `fill="${run.fg}"`];
    if (s.bold) attrs.push(`font-weight="bold"`);
    if (s.italic) attrs.push(`font-style="italic"`);
    texts.push(`<text ${attrs.join(" ")}>${esc(run.text)}</text>`);
    run = null;
  };
  for (const [x, cell] of row.entries()) {
    if (cell.cont) continue;
    const { fg } = colours(cell.st, x, y);
    const x0 = PAD + x * CELL_W;
    const span = cell.wide ? 2 : 1;
    const s = cell.st;
    if (s.under || s.strike) {
      const colour = s.sp ?? fg;
      if (s.strike)
        lines.push(
          `<rect x="${num(x0)}" y="${num(top + CELL_H / 2)}" width="${num(span * CELL_W)}" height="1" fill="${fg}"/>`,
        );
      if (s.under === 3) {
        // undercurl: a wave under the cell
        const yb = top + CELL_H - 2.5;
        const q = (span * CELL_W) / 4;
        lines.push(
          `<path d="M${num(x0)} ${num(yb)} q${num(q)} -2 ${num(2 * q)} 0 t${num(2 * q)} 0" fill="none" stroke="${colour}" stroke-width="1"/>`,
        );
      } else if (s.under) {
        lines.push(
          `<rect x="${num(x0)}" y="${num(top + CELL_H - 3)}" width="${num(span * CELL_W)}" height="1" fill="${colour}"/>`,
        );
        if (s.under === 2)
          lines.push(
            `<rect x="${num(x0)}" y="${num(top + CELL_H - 1)}" width="${num(span * CELL_W)}" height="1" fill="${colour}"/>`,
          );
      }
    }
    const drawn = cell.ch === " " || cell.ch === "" || s.hidden ? "" : shape(cell.ch, x0, top, fg);
    if (drawn !== undefined) {
      flush();
      if (drawn) lines.push(drawn);
      continue;
    }
    // A character of several code points (an emoji sequence) gets a <text> of its own: an x list counts code points.
    const multi = [...cell.ch].length > 1;
    if (run && (multi || run.fg !== fg || run.st.bold !== s.bold || run.st.italic !== s.italic)) flush();
    if (!run) run = { st: s, fg, xs: [], text: "" };
    run.xs.push(x0);
    run.text += cell.ch;
    if (multi) flush();
  }
  flush();
}

const svg = [
  `<svg xmlns="http://www.w3.org/2000/svg" width="${num(W)}" height="${H}" viewBox="0 0 ${num(W)} ${H}" font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Liberation Mono', monospace" font-size="${FONT_SIZE}">`,
  `<rect width="100%" height="100%" rx="6" fill="${opts.bg}"/>`,
  ...backs,
  ...lines,
  ...texts,
  `</svg>`,
  "",
].join("\n");
process.stdout.write(svg);
process.exit(misaligned > 0 ? 3 : 0);
