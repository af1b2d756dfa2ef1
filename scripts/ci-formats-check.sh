#!/usr/bin/env bash
# ci-formats-check: the CI report formats of `runforge validate` pass their
# consumers' checks, for a clean bundled pack and for a broken pack:
#   junit   xmllint --schema testdata/junit/junit.xsd (the JUnit XML that
#           Jenkins, GitLab and CircleCI read), failures counted;
#   gitlab  the fields GitLab's Code Quality report requires (description,
#           check_name, fingerprint, severity, location.path and
#           location.lines.begin), fingerprints unique, and the same on a
#           second run and after lines are inserted above the findings;
#   tap     Perl's TAP::Parser (the parser of prove): no parse error, the
#           plan run, and as many failing tests as junit has failures.
# Usage: ci-formats-check.sh [RUNFORGE]  (default: built from this tree).
# Needs xmllint (libxml2-utils), python3 and perl. Exit 0 when all pass.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rf=${1:-}
if [ -z "$rf" ]; then rf="$work/runforge"; go build -o "$rf" ./cmd/runforge; fi

cd "$work"
"$rf" init broken --from run-for-your-life --id broken >/dev/null
sed -i '0,/value: 5$/s//value: 11/' broken/determination.yaml
sed -i '0,/count: 3$/s//count: 2/' broken/events.yaml
sed -i '0,/icons: \[zombies\]$/s//icons: [zombie]/' broken/events.yaml
printf 'rules:\n  deck/countt: off\n' >>broken/game.yaml

status=0
fail() { echo "FAIL $*"; status=1; }

report() { # format, pack, expected exit code
  local code=0
  "$rf" validate --format "$1" "$2" >"$work/$2.$1" || code=$?
  [ "$code" = "$3" ] || fail "$1 $2: runforge validate exited $code, want $3"
}

for pack in run-promo broken; do
  want=0; [ $pack = broken ] && want=1
  for f in junit gitlab tap; do report $f $pack $want; done

  # junit
  if xmllint --noout --schema "$repo/testdata/junit/junit.xsd" "$work/$pack.junit" 2>"$work/xmllint.txt"; then
    failures=$(xmllint --xpath 'count(//testcase[failure])' "$work/$pack.junit")
    tests=$(xmllint --xpath 'count(//testcase)' "$work/$pack.junit")
    if [ $pack = broken ] && [ "$failures" -lt 2 ]; then fail "junit $pack: $failures failing cases, want 2 or more"; fi
    if [ $pack = run-promo ] && [ "$failures" != 0 ]; then fail "junit $pack: $failures failing cases, want none"; fi
    echo "ok junit $pack: valid against testdata/junit/junit.xsd ($tests cases, $failures failing)"
  else
    fail "junit $pack: xmllint --schema:"; cat "$work/xmllint.txt"
  fi

  # gitlab
  python3 - "$work/$pack.gitlab" "$pack" <<'PY' || status=1
import json, sys
path, pack = sys.argv[1:]
issues = json.load(open(path))
problems = []
if not isinstance(issues, list):
    problems.append("not a JSON array")
    issues = []
for i, it in enumerate(issues):
    for k in ("description", "check_name", "fingerprint", "severity"):
        if not isinstance(it.get(k), str) or not it[k]:
            problems.append(f"issue {i}: no {k}")
    if it.get("severity") not in ("info", "minor", "major", "critical", "blocker"):
        problems.append(f"issue {i}: severity {it.get('severity')!r}")
    loc = it.get("location") or {}
    if not isinstance(loc.get("path"), str) or not loc["path"] or loc["path"].startswith("/") or "\\" in loc["path"]:
        problems.append(f"issue {i}: location.path {loc.get('path')!r} is not a relative path")
    begin = (loc.get("lines") or {}).get("begin")
    if not isinstance(begin, int) or begin < 1:
        problems.append(f"issue {i}: location.lines.begin {begin!r}")
fps = [it.get("fingerprint") for it in issues]
if len(set(fps)) != len(fps):
    problems.append("fingerprints repeat")
if pack == "broken" and len(issues) < 3:
    problems.append(f"{len(issues)} issues, want 3 or more")
if problems:
    print(f"FAIL gitlab {pack}: " + "; ".join(problems))
    sys.exit(1)
print(f"ok gitlab {pack}: {len(issues)} issues with every required field, fingerprints unique")
PY

  # tap
  perl -MTAP::Parser -e '
    my ($file, $pack, $junitFailures) = @ARGV;
    open my $fh, "<", $file or die "$file: $!";
    my $tap = do { local $/; <$fh> };
    my $p = TAP::Parser->new({ tap => $tap });
    while (defined(my $r = $p->next)) {}
    my @errors = $p->parse_errors;
    my $failed = scalar($p->failed);
    if (@errors || $p->version != 13 || !$p->is_good_plan || $failed != $junitFailures) {
      print "FAIL tap $pack: ", join("; ", @errors), " version ", $p->version, ", plan ", ($p->is_good_plan ? "good" : "bad"), ", $failed failed, junit has $junitFailures\n";
      exit 1;
    }
    printf "ok tap %s: TAP::Parser reads %d tests, %d failed, no parse error\n", $pack, $p->tests_run, $failed;
  ' "$work/$pack.tap" "$pack" "${failures:-0}" || status=1
done

# Fingerprints: the same on a second run, and after lines are inserted
# above every finding.
"$rf" validate --format gitlab broken >"$work/again.gitlab" || true
for f in broken/*.yaml; do sed -i '1i # a comment line\n# and another' "$f"; done
"$rf" validate --format gitlab broken >"$work/shifted.gitlab" || true
python3 - "$work/broken.gitlab" "$work/again.gitlab" "$work/shifted.gitlab" <<'PY' || status=1
import json, sys
a, b, c = (json.load(open(p)) for p in sys.argv[1:])
fp = lambda issues: sorted(i["fingerprint"] for i in issues)
lines = lambda issues: sorted(i["location"]["lines"]["begin"] for i in issues)
if fp(a) != fp(b) or fp(a) != fp(c) or lines(a) == lines(c):
    print("FAIL gitlab fingerprints: they change between runs or with the lines above a finding")
    sys.exit(1)
print(f"ok gitlab fingerprints: {len(a)} the same on a second run and with the findings 2 lines lower")
PY
exit $status
