#!/usr/bin/env bash
# lua/ is TSTL output, committed. Rebuild it from an empty folder and compare:
#  - with the lua/ that was there before (a .ts changed without rebuilding, a hand edit, a stale file);
#  - in CI, with what git has committed (untracked or modified files under lua/ count).
set -euo pipefail
cd "$(dirname "$0")/.."

snapshot() { (cd lua 2>/dev/null && find . -type f -print0 | sort -z | xargs -0 -r sha256sum) || true; }

before=$(snapshot)
rm -rf lua
npx --no-install tstl -p tsconfig.json
after=$(snapshot)

if [ "$before" != "$after" ]; then
  echo "error: lua/ did not match its TypeScript sources. It has been rebuilt; these files changed:" >&2
  diff <(echo "$before") <(echo "$after") | grep '^[<>]' | awk '{print "  " $3}' | sort -u >&2 || true
  echo "Commit the rebuilt lua/ together with the src/ change (never edit lua/ by hand)." >&2
  exit 1
fi
if [ "${CI:-}" = "true" ] && [ -n "$(git status --porcelain -- lua)" ]; then
  echo "error: lua/ differs from what is committed (rebuild and commit it):" >&2
  git status --porcelain -- lua >&2
  exit 1
fi
echo "lua/ matches src/ ($(find lua -name '*.lua' | wc -l) files)"

# The help file's generated sections (defaults, tools) must match the code too.
node tools/gen-doc.mjs --check
