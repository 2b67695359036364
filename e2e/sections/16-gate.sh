# 16. The turn's gate (issue 42): in a big folder the prompt goes to the model before the turn's start snapshot is
# taken, and the agent's first tool that changes files (here a shell command, at once) waits for it in the
# PreToolUse hook. A folder of 12,000 files outside git (no warm-up: every file is copied at its first snapshot,
# which takes a second or more): the model's request carrying the prompt comes before the start snapshot is
# written, and the file the first shell command makes is in the turn review (a snapshot that came after the
# command would have hidden it).
GATE_PROJECT="$WORK/gate-project"
mkdir -p "$GATE_PROJECT"
for d in $(seq -w 0 119); do
  mkdir -p "$GATE_PROJECT/d$d"
  for f in $(seq -w 0 99); do printf 'file %s of folder %s\n' "$f" "$d" > "$GATE_PROJECT/d$d/f$f.txt"; done
done
cat > "$WORK/gate-scenario.json" <<EOF2
[
  {"tool": "Bash", "input": {"command": "echo made by the first tool > gate.txt", "description": "Make gate.txt"}},
  {"text": "GATE-DONE"}
]
EOF2
start_ui_nvim gate "$GATE_PROJECT" -c "$WITH_CLAUDE"
nv_ex gate "ClaudeCode --permission-mode acceptEdits --allowedTools Bash"
wait_for 30 pane_has gate "? for shortcuts"
type_into gate "Write gate.txt at once"
gate_title() {
  nv gate 'luaeval("vim.inspect(vim.tbl_map(function(t) return vim.t[t].claude_ide_diff or false end, vim.api.nvim_list_tabpages()))")'
}
gate_lists_it() { [[ "$(gate_title)" == *"turn 1: 1 file, 1 by shell commands"* ]]; }
check "gate: the first shell command ran" wait_for 60 file_is "$GATE_PROJECT/gate.txt" 'made by the first tool'
check "gate: the turn review lists the file the first tool made" wait_for 60 gate_lists_it
# The start snapshot's manifest (written last) is younger than the model's request that carried the prompt.
# This folder's own store (other sections' stores are in the same state folder).
gate_store="$(nv gate 'luaeval("require(\"claude-ide.editor.snapshot.snapshot\").storeOf(vim.fn.getcwd())")')"
gate_manifest="$(find "$gate_store" -name 1.start 2>/dev/null | head -n 1)"
gate_prompt_first() {
  node -e '
    const fs = require("fs");
    const [log, manifest] = process.argv.slice(1);
    const asked = fs.readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l))
      .find((e) => e.all && e.all.includes("Write gate.txt at once"));
    const taken = fs.statSync(manifest).mtimeMs;
    console.log(`prompt at ${asked && asked.at}, start snapshot ${manifest} at ${Math.round(taken)}`);
    process.exit(asked && asked.at < taken ? 0 : 1);
  ' "$WORK/gate-api.jsonl" "$1"
}
check "gate: the prompt reached the model before the start snapshot was taken" gate_prompt_first "$gate_manifest"
end_ui_section gate
