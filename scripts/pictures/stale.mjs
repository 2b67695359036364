// Whether a picture in doc/pictures still shows the screen its scenario reaches now: the text of each row of the
// screen (`tmux capture-pane -p`, on stdin) against the text of that row in the SVG render-svg.mjs wrote. Used by
// scripts/pictures/run.sh --smoke (pictures_spec in `make test`), so a change of what a view says (a winbar's
// words, a title) fails until `make pictures` draws the README's pictures again.
// What a run or a machine may change is left out of the comparison: spaces (columns shift when a figure grows a
// digit), every run of digits (ports, pids, timings; read as one "#"), absolute paths (where this machine has
// node: read as one "/…"; the pictures' own paths are under ~), and the characters render-svg.mjs draws as shapes
// (box drawing and block elements: they are no text in the SVG).
//
//   tmux capture-pane -p ... | node stale.mjs <picture.svg>
// Exit status 0: the same text; 1: it differs, and the first rows that differ are printed; 2: no such picture.
import { readFileSync, existsSync } from "node:fs";
import { BASELINE, CELL_H, CELL_W, PAD } from "./grid.mjs";

const normal = (s) =>
  s
    .replace(/(^|\s)\/\S+/g, "$1/…")
    .replace(/[\s\u2500-\u259f]/gu, "")
    .replace(/\d+/g, "#");
// What render-svg.mjs's esc() wrote, read back.
const unescape = (s) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

const path = process.argv[2];
if (!path || !existsSync(path)) {
  process.stdout.write(`no picture at ${path}\n`);
  process.exit(2);
}
// Each <text>: its row (its baseline is at PAD + row * CELL_H + BASELINE), its cells' x, its characters.
const rows = [];
for (const m of readFileSync(path, "utf8").matchAll(/<text x="([\d. ]+)" y="([\d.]+)"[^>]*>([^<]*)<\/text>/g)) {
  const row = Math.round((Number(m[2]) - PAD - BASELINE) / CELL_H);
  const xs = m[1].split(" ").map(Number);
  (rows[row] ??= []).push({ x: xs[0], end: xs[xs.length - 1] + CELL_W, text: unescape(m[3]) });
}
// A row's texts in order, a space where cells lie between two (a space, or a shape), so that words stay words.
const picture = [];
for (let r = 0; r < rows.length; r++) {
  let line = "";
  let end = -1;
  for (const t of (rows[r] ?? []).sort((a, b) => a.x - b.x)) {
    line += (end >= 0 && t.x > end + 0.1 ? " " : "") + t.text;
    end = t.end;
  }
  picture.push(normal(line));
}
const screen = readFileSync(0, "utf8").replace(/\n$/, "").split("\n").map(normal);

const differ = [];
for (let r = 0; r < Math.max(screen.length, picture.length); r++) {
  const [now, drawn] = [screen[r] ?? "", picture[r] ?? ""];
  if (now !== drawn) differ.push(`  row ${r + 1}: the screen  ${now}\n  row ${r + 1}: the picture ${drawn}`);
}
if (differ.length > 0) {
  process.stdout.write(
    `${differ.slice(0, 4).join("\n")}\n${differ.length > 4 ? `  (${differ.length} rows differ)\n` : ""}`,
  );
  process.exit(1);
}
