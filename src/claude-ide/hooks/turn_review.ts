// A turn shown for review (hooks/turn): its files (turn_files) in ONE multi-file review through the DiffService
// (editor/review/multi_review), where each hunk is kept (gh) or reverted (gH), or a whole file reverted (gR);
// applying it writes the reverts (turn_revert). Or, per `review.turn` and what changed, only a message.
import { type MultiKey, type ReviewFile, WHOLE_FILE_KEY } from "../contracts";
import { say } from "../log";
import { linesOf, originOf, type TurnFile, turnFiles } from "./turn_files";
import { fileNames, keptMessage, reviewTitle, summaryOf, userNote } from "./turn_messages";
import { applyReverts } from "./turn_revert";
import { answeredNotes, queueLineNotes } from "./notes";
import { CHECKPOINT, type SessionState, type Turn, type TurnDeps } from "./turn_state";

/**
 * Shows what turn `t` changed (up to the manifest `to`): "auto" opens the review, "manual" only says so;
 * a turn that changed nothing says nothing, one whose every change was reviewed already says that.
 */
export function presentTurn(
  deps: TurnDeps,
  s: SessionState,
  t: Turn,
  to: string,
  mode: "auto" | "manual" | "command",
): void {
  const files = turnFiles(t, to, deps.base);
  if (files.length === 0) {
    if (mode === "command") say(`turn ${t.n} of ${s.title} changed no file (or they are back as they were)`);
    return;
  }
  const title = reviewTitle(s, t, files);
  // Asked for by name (:ClaudeCodeReview), the changes reviewed already are shown too.
  const open = files.filter((i) => (mode === "command" || !i.reviewed) && !i.binary);
  const binary = files.filter((i) => i.binary).map((i) => i.label);
  const binaryNote = binary.length > 0 ? ` (not shown, binary: ${binary.join(", ")})` : "";
  if (open.length === 0) {
    say(`${title}: every change was reviewed already${binaryNote}`);
    return;
  }
  if (mode === "manual") {
    say(`${title} (${fileNames(open.map((i) => i.label))})${binaryNote}: :ClaudeCodeReview to review them`);
    return;
  }
  // Asked for by name, the reviewed hunks show as differences too (the left side is the text before the turn).
  if (mode === "command") for (const i of open) i.decided = undefined;
  openReview(deps, s, t, open, title, binaryNote);
}

function openReview(
  deps: TurnDeps,
  s: SessionState,
  t: Turn,
  items: TurnFile[],
  title: string,
  binaryNote: string,
): void {
  const files: ReviewFile[] = items.map((i) => ({
    path: i.abs,
    label: i.label,
    current: i.decided ?? (i.before !== undefined ? linesOf(i.before) : undefined),
    proposal: linesOf(i.after),
    summary: summaryOf(i),
    dirty: false,
    renamedFrom: i.change.from,
    baseLabel: `Before turn ${t.n}`,
    origin: originOf(i),
    kind: i.change.kind,
  }));
  // The notes sent with this turn's prompt that its hunks answer: shown beside them.
  const answered = answeredNotes(
    deps.services,
    items.map((i) => ({ path: i.abs, before: linesOf(i.before), after: linesOf(i.after) })),
  );
  files.forEach((f, k) => {
    if (answered[k].length > 0) f.answered = answered[k];
  });
  const whole = new LuaSet<number>();
  const keys: MultiKey[] = [
    {
      lhs: WHOLE_FILE_KEY,
      desc: "revert this whole file (created: delete it again; deleted: restore it; renamed: move it back)",
      fn: (index, setProposal) => {
        const i = items[index];
        if (i.yours !== undefined) {
          say(`${i.label} is yours (${i.yours}): not reverted`, "warn");
          return;
        }
        whole.add(index);
        say(`${i.label}: the whole file is to revert, once you apply (:w)`);
        setProposal(linesOf(i.before));
      },
    },
  ];
  // Q: a note for the model with the next prompt; a checkpoint has no CLI whose prompt would carry it.
  const note = s.key === CHECKPOINT ? false : (text: string) => noteFor(deps, s, t, text);
  const opened = deps.services.diff.openMulti({
    title,
    files,
    clientId: s.owner,
    client: s.title,
    keys,
    note,
    turn: true,
    inline: deps.config.review.inline,
  });
  if (!opened.ok) {
    say(
      `the review of turn ${t.n} cannot open (${opened.error}); it changed ${fileNames(items.map((i) => i.label))}: :ClaudeCodeReview ${t.n} reviews them`,
      "error",
    );
    return;
  }
  if (binaryNote !== "") say(`${title}${binaryNote}`);
  opened.review.onDecision((outcome) => {
    if (!outcome.accepted) {
      // Refused with a reason (:ClaudeCodeDiffDeny <reason>): everything is kept, the reason is the note.
      if (outcome.reason !== undefined && note !== false) note(outcome.reason);
      say(keptMessage(t));
      return;
    }
    queueLineNotes(deps.services, { session: s.key, clientId: s.owner });
    applyReverts(deps, s, t, items, outcome.files, whole);
  });
}

/** Q in turn `t`'s review: `text` goes to the model with the session's next prompt (hooks/index drains it). */
function noteFor(deps: TurnDeps, s: SessionState, t: Turn, text: string): void {
  deps.services.notes.add(userNote(t, text), { session: s.key, clientId: s.owner });
  say(`turn ${t.n}: your note goes to ${s.title} with your next prompt`);
}
