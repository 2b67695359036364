// The grid a picture is drawn on (render-svg.mjs draws it, stale.mjs reads it back): one cell per character.
export const CELL_W = 8.4; // DejaVu Sans Mono's advance at 14px (0.602 em), the usual monospace proportion
export const CELL_H = 18;
export const FONT_SIZE = 14;
export const BASELINE = 13.5; // from the cell's top
export const PAD = 10;
