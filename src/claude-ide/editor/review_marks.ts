// What marks a review's buffers, for whoever reads them from outside the review: the editor state the model
// reads (editor/state), statuslines, :ClaudeCodeDiffAccept/Deny. The review (editor/review) sets and clears it.

/** Buffer variable on both buffers of a review (for :ClaudeCodeDiffAccept/Deny, statuslines and hooks). */
export const REVIEW_VAR = "claude_ide_diff";
/** What `b:claude_ide_diff` holds. */
export interface ReviewVar {
  tab_name: string;
  /** "proposal" (Claude's text, editable) or "current" (the file as it is). */
  role: "proposal" | "current";
  /** The proposal buffer of this review. */
  proposal: Buf;
  /** Its session is gone (a far session's dropped connection): why; the review answers no one, :w writes here. */
  gone?: string;
  /** Opened behind the user (diff.focus) and not visited yet: :ClaudeCodeFocus jumps to it. */
  waiting?: boolean;
  /** The file under review, as shown (relative to the cwd when inside it); a plan's name. */
  file?: string;
  /** A turn's review: the proposal is the file as the turn left it (a note there is on the file's lines). */
  turn?: boolean;
  /** A plan's review (`file` is the plan's name). */
  plan?: boolean;
  /** An overview: the paths of its files. */
  files?: string[];
  /** A file's review opened from an overview: the overview's buffer. */
  overview?: Buf;
}
