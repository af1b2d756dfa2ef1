#!/usr/bin/env bash
# precommit-check: the hook of .pre-commit-hooks.yaml, run by pre-commit
# (Debian's package) from a local clone of this repository, in a content
# repository with two packs: a commit that breaks a pack is refused with
# the finding, one that fixes it goes through, and a change outside every
# pack checks nothing. pre-commit builds runforge with the system's Go
# (language: golang, version system); GOMODCACHE points it at the module
# cache here and GOFLAGS=-trimpath lets it reuse this tree's build cache,
# so it needs no network when the modules are cached.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PRE_COMMIT_HOME="$work/pre-commit-home" GOMODCACHE=${GOMODCACHE:-$(go env GOMODCACHE)} GOFLAGS=-trimpath
export GIT_CONFIG_GLOBAL="$work/gitconfig" GIT_CONFIG_NOSYSTEM=1
git config --global user.name ci && git config --global user.email ci@example.org
git config --global init.defaultBranch main

# The hook repository: a clone of this one at HEAD, with the working tree's
# hook and action files (so that a change to them is tried before it is
# committed).
git clone -q "$repo" "$work/hooks"
cp "$repo/.pre-commit-hooks.yaml" "$work/hooks/"
(cd "$work/hooks" && git add -A && git commit -q --allow-empty -m "hooks as in the working tree")
rev=$(git -C "$work/hooks" rev-parse HEAD)

rf="$work/runforge"
go build -o "$rf" ./cmd/runforge
mkdir "$work/content" && cd "$work/content"
git init -q
"$rf" init packs/mine >/dev/null
"$rf" init packs/house --from run-for-your-life --id house >/dev/null
cat >.pre-commit-config.yaml <<YAML
repos:
  - repo: $work/hooks
    rev: $rev
    hooks:
      - id: runforge-validate
YAML
echo "notes" >README.md
git add -A && git commit -q -m "packs"
pre-commit install >/dev/null

status=0
commit() { # label, want (ok|refused), message; the index holds the change
  local out="$work/$1.out"
  if git commit -q -m "$1" >"$out" 2>&1; then got=ok; else got=refused; fi
  if [ "$got" != "$2" ]; then echo "FAIL pre-commit $1: commit $got, want $2"; cat "$out"; status=1; return 1; fi
  echo "ok pre-commit $1: commit $got"
}

sed -i 's/^    count: 2$/    count: 3/' packs/mine/cards.yaml
git add packs/mine/cards.yaml
if commit "a broken pack" refused; then
  grep -q "packs/mine/game.yaml:.*deck/count" "$work/a broken pack.out" || { echo "FAIL pre-commit: the refusal names no deck/count finding"; cat "$work/a broken pack.out"; status=1; }
  grep -q "house" "$work/a broken pack.out" && { echo "FAIL pre-commit: the untouched pack house was validated"; status=1; }
fi
sed -i 's/^    expected: 3 /    expected: 4 /' packs/mine/game.yaml
git add packs/mine/game.yaml
commit "the pack fixed" ok || true
echo "more notes" >>README.md
sed -i '1i # a comment' packs/house/events.yaml
git add -A
commit "a comment in house" ok || true
pre-commit run --all-files >"$work/all.out" 2>&1 || { echo "FAIL pre-commit run --all-files:"; cat "$work/all.out"; status=1; }
exit $status
