#!/usr/bin/env bash
# Cuts a release: `make release VERSION=x.y.z` (CONTRIBUTING.md, "Releasing").
#   1. checks: VERSION is x.y.z and above the last release in CHANGELOG.md; the tree is clean (nothing to commit,
#      nothing untracked); CHANGELOG.md's "Unreleased" section says something; the tree is green (`make lint`,
#      `make check-generated` and `make test-fast`, or the whole `make test` with RELEASE_GATE=test);
#   2. bumps src/claude-ide/version.ts (and lua/ rebuilt from it), package.json, package-lock.json and the
#      rockspec: claude-ide.nvim-x.y.z-1.rockspec is written from the scm one (the previous release's is removed:
#      its tag keeps it), and moves "Unreleased" into a new "## [x.y.z] - date" entry under an empty one;
#   3. commits that as "Release x.y.z" and prints the tag command (it creates no tag and pushes nothing).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
version="${1:-${VERSION:-}}"
die() {
  echo "release: $*" >&2
  exit 1
}

[[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]] ||
  die "VERSION must be x.y.z (semver, no prefix): make release VERSION=1.2.3"
last="$(sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' CHANGELOG.md | head -n 1)"
if [[ -n "$last" ]]; then
  [[ "$(printf '%s\n%s\n' "$last" "$version" | sort -V | tail -n 1)" == "$version" && "$version" != "$last" ]] ||
    die "$version is not above the last release, $last"
fi
[[ -z "$(git status --porcelain)" ]] || die "the tree is not clean: commit or stash first"$'\n'"$(git status --short | head)"
unreleased="$(awk '/^## \[Unreleased\]/ { on = 1; next } /^## \[/ { on = 0 } on' CHANGELOG.md | grep -v '^[[:space:]]*$' || true)"
[[ -n "$unreleased" ]] || die "CHANGELOG.md's [Unreleased] section is empty: say what this release changes"

if [[ "${RELEASE_GATE:-fast}" == "test" ]]; then
  make test
else
  make lint check-generated test-fast
fi
[[ -z "$(git status --porcelain)" ]] || die "the checks changed the tree:"$'\n'"$(git status --short | head)"

# The bumps.
sed -i "s/^export const VERSION = \"[^\"]*\";/export const VERSION = \"$version\";/" src/claude-ide/version.ts
grep -q "^export const VERSION = \"$version\";" src/claude-ide/version.ts || die "could not bump src/claude-ide/version.ts"
node -e '
  const fs = require("node:fs");
  const v = process.argv[1];
  for (const file of ["package.json", "package-lock.json"]) {
    const json = JSON.parse(fs.readFileSync(file, "utf8"));
    json.version = v;
    if (json.packages && json.packages[""]) json.packages[""].version = v;
    fs.writeFileSync(file, JSON.stringify(json, null, 2) + "\n");
  }
' "$version"
for old in claude-ide.nvim-[0-9]*.rockspec; do
  if [[ -e "$old" ]]; then git rm -q "$old"; fi
done
rockspec="claude-ide.nvim-$version-1.rockspec"
sed -e "s/^version = 'scm-1'$/version = '$version-1'/" \
  -e "s|^  url = '\\(git+[^']*\\)',$|  url = '\\1',\\n  tag = 'v$version',|" \
  -e "s|^-- The development version (the main branch).*|-- Release $version (tag v$version), for rocks.nvim, luarocks and lazy.nvim's rockspec support.|" \
  -e "s|^-- \`make release\` writes each release's rockspec from this one.*|-- Written by \`make release\` from claude-ide.nvim-scm-1.rockspec.|" \
  claude-ide.nvim-scm-1.rockspec > "$rockspec"
grep -q "^version = '$version-1'$" "$rockspec" && grep -q "tag = 'v$version'" "$rockspec" ||
  die "could not write $rockspec from claude-ide.nvim-scm-1.rockspec"
today="$(date -u +%Y-%m-%d)"
awk -v entry="## [$version] - $today" '
  { print }
  /^## \[Unreleased\]/ && !done { print ""; print entry; done = 1 }
' CHANGELOG.md > CHANGELOG.md.tmp
mv CHANGELOG.md.tmp CHANGELOG.md
make build > /dev/null

# The bumped tree agrees with itself (and the new rockspec installs) before it is committed.
V=0.12 bash scripts/test.sh spec/project/version_spec.lua spec/project/rockspec_spec.lua

git add -A src/claude-ide/version.ts lua/claude-ide/version.lua package.json package-lock.json CHANGELOG.md "$rockspec"
git commit -q -m "Release $version"
echo
echo "release: committed $(git log --oneline -1)"
echo "release: once this commit is on main, tag it:"
echo "  git tag -a v$version -m \"claude-ide.nvim $version\" $(git rev-parse HEAD)"
