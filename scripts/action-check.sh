#!/usr/bin/env bash
# action-check: run the steps of action.yml (the composite GitHub Action)
# as a script, as a Linux x64 runner would, with base-url pointing at a
# release made by scripts/release.sh: the install step must fetch, check
# and unpack the archive; the validate step must annotate a broken pack
# (--format github, exit 1), pass a clean one (exit 0) and write SARIF.
# Usage: action-check.sh DIST VERSION. Needs python3 with PyYAML and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
dist=$(cd "$1" && pwd) version=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# steps.py writes a bash script per step of action.yml: its env: block, with
# ${{ inputs.NAME }} replaced by the given input or the input's default, then
# its run: text. Any other ${{ }} expression is refused.
cat >"$work/steps.py" <<'PY'
import re, shlex, sys, yaml
action, out, *pairs = sys.argv[1:]
doc = yaml.safe_load(open(action))
assert doc["runs"]["using"] == "composite", "not a composite action"
given = dict(p.split("=", 1) for p in pairs)
inputs = {k: given.get(k, v.get("default", "")) for k, v in doc["inputs"].items()}
for k, v in doc["inputs"].items():
    if v.get("required") and not inputs[k]:
        sys.exit(f"input {k} is required")
def expand(s):
    def sub(m):
        expr = m.group(1).strip()
        if not expr.startswith("inputs."):
            sys.exit(f"expression ${{{{ {expr} }}}} is not an input")
        return inputs[expr[len("inputs."):]]
    return re.sub(r"\$\{\{(.*?)\}\}", sub, s)
for i, step in enumerate(doc["runs"]["steps"]):
    assert step.get("shell") == "bash", f"step {i} is not a bash step"
    with open(f"{out}/step{i}.sh", "w") as f:
        for k, v in (step.get("env") or {}).items():
            f.write(f"export {k}={shlex.quote(expand(str(v)))}\n")
        f.write(expand(step["run"]))
    print(f"step{i}.sh", step.get("name", ""))
PY

status=0
runaction() { # label, expected exit code, folder, inputs...
  local label=$1 want=$2 dir=$3; shift 3
  local steps="$work/$label" code=0
  mkdir -p "$steps" "$steps/tmp"
  python3 "$work/steps.py" "$repo/action.yml" "$steps" "version=$version" "base-url=file://$dist" "$@" >"$steps/list"
  : >"$steps/path"; : >"$steps/output"
  local PATHADD=""
  while read -r step name; do
    code=0
    (cd "$dir" && env RUNNER_OS=Linux RUNNER_ARCH=X64 RUNNER_TEMP="$steps/tmp" GITHUB_PATH="$steps/path" GITHUB_OUTPUT="$steps/output" \
      PATH="$PATHADD${PATHADD:+:}$PATH" bash --noprofile --norc -eo pipefail "$steps/$step") >"$steps/$step.out" 2>&1 || code=$?
    PATHADD=$(paste -sd: "$steps/path")
    if [ "$code" != 0 ]; then break; fi
  done <"$steps/list"
  if [ "$code" != "$want" ]; then
    echo "FAIL action $label: step $step ($name) exited $code, want $want"; cat "$steps/$step.out"; status=1; return
  fi
  echo "ok action $label: exit $code"
}

cp -r "$repo/data/run-promo" "$work/clean"
mkdir -p "$work/broken"
cp -r "$repo/data/run-promo" "$work/broken/promo"
sed -i 's/^stashes: \[C1, E2, A6, E5\]$/stashes: [C1, E2, A6, Z9]/' "$work/broken/promo/map-5b.yaml"

runaction clean 0 "$work" "paths=clean"
grep -q "^runforge version $version" "$work/clean/step1.sh.out" || { echo "FAIL action clean: --version of the installed binary:"; cat "$work/clean/step1.sh.out"; status=1; }
runaction broken 1 "$work/broken" "sarif=$work/broken.sarif" "args=--strict"
if ! grep -q "^::error file=promo/map-5b.yaml,line=" "$work/broken/step1.sh.out"; then
  echo "FAIL action broken: no annotation on promo/map-5b.yaml:"; cat "$work/broken/step1.sh.out"; status=1
elif ! python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"][0]["results"]; sys.exit(0 if r else 1)' "$work/broken.sarif"; then
  echo "FAIL action broken: the SARIF log holds no result"; status=1
elif ! grep -qx "sarif=$work/broken.sarif" "$work/broken/output"; then
  echo "FAIL action broken: output sarif not set"; status=1
else
  echo "ok action broken: annotations, and a SARIF log with results"
fi
exit $status
