// The turn review's words (hooks/turn): the review's title, what happened to each file as its header says, and
// what the user and the model are told once the reverts are written.
import { plural } from "../util/words";
import { originOf, type TurnFile } from "./turn_files";
import type { SessionState, Turn } from "./turn_state";

/** The files named in a message about a turn's changes, at most. */
const NAMED_FILES = 6;

/** `a.lua, b.lua and 3 more`. */
export function fileNames(labels: string[]): string {
  if (labels.length <= NAMED_FILES) return labels.join(", ");
  return `${labels.slice(0, NAMED_FILES).join(", ")} and ${labels.length - NAMED_FILES} more`;
}

/** `✻ [Claude Code] turn 3: 4 files, 1 by shell commands` (the tab's name; the overview shows it without `✻`). */
export function reviewTitle(s: SessionState, t: Turn, files: TurnFile[]): string {
  const shell = files.filter((i) => originOf(i) === "shell").length;
  return `✻ [${s.title}] turn ${t.n}: ${plural(files.length, "file")}${shell > 0 ? `, ${shell} by shell commands` : ""}`;
}

/** What happened to a file and who did it, as its header in the review says. */
export function summaryOf(i: TurnFile): string {
  const origin = originOf(i);
  const how = origin === "edit tools" ? "by the agent's edits" : origin === "user" ? "by you" : "by a shell command";
  const what =
    i.change.kind === "created"
      ? `created ${how}`
      : i.change.kind === "deleted"
        ? `deleted ${how}`
        : i.change.kind === "renamed"
          ? `renamed from ${i.change.from} ${how}`
          : `changed ${how}`;
  if (i.yours !== undefined) return `${what}; yours: ${i.yours}, cannot be reverted`;
  if (i.reviewed) return `${what}, reviewed already`;
  // The reviewed hunks are taken on the left side already: only the others show as differences.
  if (i.reviewedHunks > 0 && i.decided !== undefined)
    return `${what}; ${i.reviewedHunks} of ${plural(i.hunks, "hunk")} reviewed already, only the other${i.hunks - i.reviewedHunks === 1 ? " is" : "s are"} asked`;
  return what;
}

/** The note the model gets with the next prompt: what the user reverted of turn `t`. */
export function revertNote(t: Turn, reverted: string[]): string {
  return `After your turn ${t.n} the user reverted some of your changes in their editor (the files on disk are as the user left them): ${reverted.join("; ")}.`;
}

/** What the user is told once turn `t`'s review is applied: what was reverted and what could not be. */
export function appliedMessage(t: Turn, reverted: string[], refused: string[]): string {
  const parts: string[] = [];
  if (reverted.length > 0) parts.push(`reverted ${reverted.join("; ")}`);
  if (refused.length > 0) parts.push(`not reverted: ${refused.join("; ")}`);
  return parts.length > 0 ? `turn ${t.n}: ${parts.join(". ")}` : keptMessage(t);
}

/** The note Q in turn `t`'s review sends to the model with the next prompt. */
export function userNote(t: Turn, text: string): string {
  return `About your turn ${t.n}, the user's note from their editor's review: ${text}`;
}

/** Turn `t` reviewed, nothing reverted. */
export function keptMessage(t: Turn): string {
  return `kept every change of turn ${t.n}`;
}

/**
 * A file partly or wholly reverted, as the messages name it: of its `total` changed hunks, `whole` reverted whole
 * and `part` in part (some of their lines: Visual gH in the review).
 */
export function revertedWhat(i: TurnFile, total: number, whole: number, part: number, wholeFile: boolean): string {
  if (wholeFile || (whole === total && part === 0)) return `${i.label} (every change reverted)`;
  const said: string[] = [];
  if (whole > 0) said.push(`${whole} of ${plural(total, "changed hunk")} reverted`);
  if (part > 0) said.push(`${part}${whole > 0 ? "" : ` of ${plural(total, "changed hunk")}`} reverted in part`);
  return `${i.label} (${said.join(", ")})`;
}
