# claude-ide.nvim — every target installs what it needs first (npm packages, Neovim 0.10/0.12, busted).
#   make run     Neovim 0.10 (from .deps) with this checkout loaded and the server started
#   make test    lint (eslint, prettier, stylua, luacheck), rebuild lua/ from src/ and check it matches what is committed,
#                run all specs on 0.10 and 0.12, then the end-to-end run with the real Claude Code CLI
#   make bench   performance figures (prints numbers; never a pass/fail timing)
#   make pictures  the README's pictures (doc/pictures/*.svg), rendered from the real plugin in Neovim 0.12
#   make release VERSION=x.y.z   cut a release (CONTRIBUTING.md): checks, bumps, commits, prints the tag command
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help
NVIM ?= .deps/bin/nvim-0.10

.PHONY: help deps npm-deps nvim-deps build check-src lint format check-generated doc declarations test test-fast run bench e2e pictures release clean

help:
	@sed -n '2,7p' Makefile | sed 's/^# \{0,1\}//'

deps: npm-deps nvim-deps

# npm ci only when the packages installed are not the ones package-lock.json names: node_modules/.installed-packages
# holds tools/lock-hash.mjs's hash of the lock file without the project's own version (which `make release` bumps),
# written by package.json's postinstall (so a plain `npm ci` or `npm install` leaves the tree ready too). Compared by
# content, not by date: a fresh clone or a second worktree has new dates and the same packages, and must not
# reinstall (npm ci empties node_modules, even through a symbolic link to another's). An install stamped only the
# older way (node_modules/.installed: the whole lock file's sha256) for this very lock file gets the new stamp too.
npm-deps:
	@want="$$(node tools/lock-hash.mjs)"; \
	if [[ "$$(cat node_modules/.installed-packages 2>/dev/null || true)" != "$$want" ]]; then \
	  if [[ "$$(cat node_modules/.installed 2>/dev/null || true)" == "$$(sha256sum package-lock.json | cut -d' ' -f1)" ]]; then \
	    printf '%s' "$$want" > node_modules/.installed-packages; \
	  else \
	    npm ci --no-audit --no-fund --loglevel=error; \
	  fi; \
	fi

nvim-deps:
	@bash scripts/deps.sh

# What every build checks first (fast): JavaScript globals that compile to nil in Lua, import circles.
check-src: npm-deps
	@node tools/lint-globals.mjs
	@node tools/import-graph.mjs

# The hand-written Lua (lua/ is generated from src/): what stylua formats and luacheck (.luacheckrc) reads.
LUA_SOURCES := $(wildcard plugin spec bench scripts tools e2e)

# Every check, each run even when an earlier one fails: the above, eslint (type-aware, eslint.config.mjs),
# prettier (src/), and over the hand-written Lua stylua in check mode and luacheck (bookworm's, from
# scripts/deps.sh). `make format` applies the two formatters.
lint: check-src nvim-deps
	@status=0; \
	npx --no-install eslint src || status=1; \
	npx --no-install prettier --check --log-level warn "src/**/*.ts" || status=1; \
	node tools/stylua.mjs --check $(LUA_SOURCES) || status=1; \
	.deps/bin/luacheck --quiet --formatter plain $(LUA_SOURCES) || status=1; \
	exit $$status

format: npm-deps
	@npx --no-install prettier --write --log-level warn "src/**/*.ts"
	@node tools/stylua.mjs --write $(LUA_SOURCES)

# Compile src/ → lua/ (incremental; `make check-generated` rebuilds from nothing).
build: npm-deps check-src
	@npx --no-install tstl -p tsconfig.json
	@mkdir -p .deps && touch .deps/built

# What a build reads: lua/ is rebuilt for `make test-fast` only when one of these is newer than the last build
# (6 s saved when nothing changed; `make build` always compiles and stamps it, `make test` rebuilds from nothing).
BUILD_INPUTS := $(shell find src types -type f -name '*.ts' 2>/dev/null) $(wildcard tools/*.cjs tools/*.mjs) \
	tsconfig.json package-lock.json
.deps/built: $(BUILD_INPUTS)
	@$(MAKE) --no-print-directory build

# Rebuild lua/ from an empty folder and fail if the result differs from what was there (and, in CI,
# from what is committed): lua/ is generated, committed, and never edited by hand.
check-generated: npm-deps nvim-deps check-src
	@bash tools/check-generated.sh

# The generated sections of doc/claude-ide.txt (defaults, tool list) and doc/tags, from src/ (TypeScript API).
doc: npm-deps
	@node tools/gen-doc.mjs

# src/claude-ide/bridge/tool_list.ts, the agent tools' tools/list entries the bridge serves without loading
# them, and src/claude-ide/agent/tool_names.ts, every built-in tool's name (user tools may not take them), from
# the built tools (spec/bridge/tool_list_spec.lua fails when either is stale). Run after adding or changing an
# agent or LSP tool.
declarations: deps build
	@$(NVIM) -l tools/gen-declarations.lua
	@npx --no-install prettier --write --log-level warn src/claude-ide/bridge/tool_list.ts src/claude-ide/agent/tool_names.ts
	@npx --no-install tstl -p tsconfig.json

test: deps
	@t=$$(date +%s); $(MAKE) --no-print-directory lint check-generated; \
	echo "make test: lint and the generated files checked in $$(($$(date +%s) - t)) s"
	@bash scripts/test.sh $(SPEC)

# Specs only, on the current lua/ (no regeneration check), without those tagged #slow (real language servers,
# the conformance suites) and without the e2e run: for quick iterations. `make test` is the gate and runs all.
test-fast: deps .deps/built
	@FAST=1 bash scripts/test.sh $(SPEC)

# :ClaudeCode runs the `claude` on PATH, else the pinned CLI under .deps/claude-cli (installed on first use).
run: deps build
	@NVIM=$(NVIM) bash scripts/run.sh

bench: deps build
	@bash scripts/bench.sh

# The README's pictures: scripts/pictures/run.sh drives Neovim 0.12 with this plugin in tmux through each
# scenario of scripts/pictures/scenarios/ and renders the screens to doc/pictures/*.svg (commit them).
# spec/project/pictures_spec.lua runs the same scenarios without writing images.
pictures: deps build
	@bash scripts/pictures/run.sh

# A release: scripts/release.sh checks the tree is clean and green, bumps version.ts, package.json,
# package-lock.json and the rockspec, moves CHANGELOG.md's [Unreleased] into the new entry, commits, and prints
# the tag command (it tags nothing and pushes nothing).
release: deps
	@bash scripts/release.sh $(VERSION)

clean:
	rm -rf .deps node_modules

# Only the end-to-end run with the real Claude Code CLI (make test includes it): `make e2e V=0.10`.
e2e: deps build
	@bash e2e/run.sh $(or $(V),0.12)
