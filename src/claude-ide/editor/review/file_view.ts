// One file's review on screen, whatever its layout (diff.layout): what the review (diff.ts) and the multi-file
// review (multi_review.ts) ask of a view, and the one place that picks the view for a layout. A new layout is a
// class with these methods, picked here.
import type { DiffLayout } from "../../config";
import { DiffView } from "./diff_view";
import { UnifiedView } from "./unified_view";
import type { ReviewOrigin, ViewEvents, ViewSpec } from "./view_parts";

export interface FileView {
  /** Where the user was before the review: the next view of the same review takes it over (ViewSpec.origin). */
  readonly origin: ReviewOrigin;
  /** The proposal as a file: what `:w` would write (lines, 'fileformat', 'eol' / 'fixeol'). */
  proposalText(): string;
  /** The review is decided: the view stops reporting; its windows may still be on screen. Idempotent. */
  settle(): void;
  /** Removes everything the view made; back where the user was unless `goBack` is false. Idempotent. */
  close(goBack?: boolean): void;
  /** Brings the user to the view (:ClaudeCodeFocus); false when its windows are gone. */
  focus(): boolean;
  /** Opened behind the user and not visited yet. */
  isWaiting(): boolean;
  /** The current window is one of the view's. */
  hasFocus(): boolean;
  /** The line of the proposal the cursor is on (where a review opened from an overview left). */
  cursorLine(): number;
}

/** diff.layout "auto" is side by side from this many columns on (each side then has about 100). */
export const AUTO_SIDE_BY_SIDE_COLUMNS = 200;

/** The layout a review opened now takes: diff.layout, with "auto" decided by the screen's width. */
export function layoutNow(layout: DiffLayout): Exclude<DiffLayout, "auto"> {
  if (layout !== "auto") return layout;
  return vim.o.columns >= AUTO_SIDE_BY_SIDE_COLUMNS ? "vertical" : "unified";
}

/** Opens the view of `spec.config.layout`. Throws (leaving nothing behind) when Neovim refuses. */
export function openFileView(spec: ViewSpec, events: ViewEvents): FileView {
  if (layoutNow(spec.config.layout) === "unified") return new UnifiedView(spec, events);
  return new DiffView(spec, events);
}
