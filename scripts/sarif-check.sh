#!/usr/bin/env bash
# sarif-check: the SARIF that `runforge validate --format sarif` writes must
# pass Microsoft's SARIF Multitool `validate` (npm @microsoft/sarif-multitool)
# with no error and no warning: for a bundled pack and for a broken pack
# (findings with hints and related locations), each named by a relative and
# by an absolute path. The GitHub code-scanning rules (rule kind Gh) are
# checked too.
#
# The Multitool is installed into $SARIF_TOOL_DIR (default /tmp/sarif-tool)
# when it is not there. Exit status 0 when every log is clean, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

tool_dir=${SARIF_TOOL_DIR:-/tmp/sarif-tool}
tool_version=5.7.0

multitool_path() {
  [ -d "$tool_dir" ] && (cd "$tool_dir" && node -p "require('@microsoft/sarif-multitool')" 2>/dev/null)
}

if ! bin=$(multitool_path) || [ ! -f "$bin" ]; then
  echo "== installing @microsoft/sarif-multitool@$tool_version into $tool_dir"
  mkdir -p "$tool_dir"
  npm install --silent --no-audit --no-fund --prefix "$tool_dir" "@microsoft/sarif-multitool@$tool_version" >/dev/null
  bin=$(multitool_path)
fi
# npm may skip the package's postinstall (chmod u+x), so do it here.
chmod u+x "$bin"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rf="$work/runforge"
go build -o "$rf" ./cmd/runforge

# A broken pack, copied from the binary's bundled pack, in a folder whose
# name needs percent-encoding in a URI.
broken="$work/packs/broken pack"
"$rf" init "$broken" --from run-for-your-life --id broken --schemas "$work/packs/schemas" >/dev/null
edit() { # file, sed expression: the expression must change the file
  local f="$broken/$1"
  cp "$f" "$work/before"
  sed -i "$2" "$f"
  if cmp -s "$f" "$work/before"; then echo "sarif-check: '$2' changed nothing in $1"; exit 1; fi
}
edit determination.yaml '0,/value: 5$/s//value: 11/'                                   # hint: range
edit events.yaml '0,/id: ev-shoulder-to-shoulder$/s//id: ev-lone-shambler/'           # related: first use
edit events.yaml '0,/count: 3$/s//count: 2/'                                           # related: copies counted
edit events.yaml '0,/icons: \[zombies\]$/s//icons: [zombie]/'                          # hint: did you mean
edit game.yaml '$a rules:\n  deck/countt: off'                                         # warning with a hint

status=0
check() { # label, expected exit code, folder to run in, pack path
  local label=$1 want=$2 dir=$3 pack=$4 log="$work/$1.sarif" out="$work/$1.txt"
  local code=0
  (cd "$dir" && "$rf" validate --format sarif "$pack") >"$log" || code=$?
  if [ "$code" != "$want" ]; then
    echo "FAIL $label: runforge validate exited $code, want $want"; status=1; return
  fi
  # The log must hold what the case is about (so a clean pass means something).
  if ! node - "$log" "$label" <<'EOF'
const [log, label] = process.argv.slice(2);
const run = JSON.parse(require('fs').readFileSync(log, 'utf8')).runs[0];
const locs = run.results.flatMap(r => [...(r.locations || []), ...(r.relatedLocations || [])]);
const abs = label.includes('absolute');
const bad = locs.filter(l => {
  const a = l.physicalLocation.artifactLocation;
  return abs ? !a.uri.startsWith('file:///') : (a.uriBaseId !== '%SRCROOT%' || a.uri.startsWith('/'));
});
const problems = [];
if (bad.length) problems.push(`${bad.length} locations with the wrong kind of URI`);
if (label.startsWith('broken')) {
  if (run.results.length < 5) problems.push(`${run.results.length} results, want 5 or more`);
  if (!run.results.some(r => (r.relatedLocations || []).length)) problems.push('no related location');
  if (!run.results.some(r => r.message.text.includes('Hint: '))) problems.push('no hint');
  if (!run.results.some(r => r.level === 'warning')) problems.push('no warning');
}
if (problems.length) { console.log(`FAIL ${label}: ${problems.join('; ')}`); process.exit(1); }
EOF
  then status=1; return; fi
  # The Multitool exits 0 even when it reports errors: read its report, one
  # "file(line,col): error|warning RULE: message" line per finding. Run its
  # default rules, then those plus GitHub's (the list must hold a ";").
  local kinds
  for kinds in default "Sarif;Gh"; do
    local args=()
    [ "$kinds" = default ] || args=(--rule-kind "$kinds")
    "$bin" validate "${args[@]}" "$log" >"$out" 2>&1 || true
    if ! grep -q "Analysis completed successfully" "$out" || grep -Eq ": (error|warning) [A-Za-z]+[0-9]+" "$out"; then
      echo "FAIL $label (rules: $kinds): sarif-multitool validate reports:"
      grep -E "error|warning|ERROR" "$out" | head -20
      status=1; return
    fi
  done
  echo "ok $label: $(node -p "JSON.parse(require('fs').readFileSync('$log','utf8')).runs[0].results.length") results, no Multitool error or warning"
}

check bundled-relative 0 "$repo" data/run-for-your-life
check bundled-absolute 0 "$work" "$repo/data/run-for-your-life"
check broken-relative 1 "$work/packs" "broken pack"
check broken-absolute 1 "$repo" "$broken"
exit $status
