#!/usr/bin/env bash
# Times every case of the hostile corpus (testdata/hostile) as a user meets
# it: `runforge validate` and `runforge build` of the built binary, each
# under 1 s of wall time and 150 MB of peak memory (GNU time). The Go test
# TestHostileCorpus checks what the answers say; this checks what they cost.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

TIME=/usr/bin/time
if ! "$TIME" -f '%e %M' -o /dev/null true 2>/dev/null; then
	echo "hostile: needs GNU time at $TIME (Debian: apt-get install time)" >&2
	exit 2
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/runforge-hostile.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/runforge" ./cmd/runforge
# The Go test writes every case, generated files included.
go test ./cmd/runforge -run '^TestHostileCorpus$' -count 1 -hostile-out "$tmp/cases" >/dev/null

max_s=1.0 max_mb=150 status=0 n=0
corpus=$PWD/testdata/hostile
cd "$tmp/cases"
for c in */; do
	c=${c%/}
	[ -d "$corpus/$c" ] || continue # a sibling a case needs, not a case
	for cmd in validate build; do
		args=("$cmd" "$c")
		[ "$cmd" = build ] && args+=(-o "$tmp/kit" --no-previews)
		# shellcheck disable=SC2207
		[ -f "$corpus/$c/args" ] && args+=($(cat "$corpus/$c/args"))
		code=0
		"$TIME" -f '%e %M' -o "$tmp/time.txt" "$tmp/runforge" "${args[@]}" >/dev/null 2>&1 || code=$?
		# GNU time puts "Command exited with non-zero status N" first.
		read -r s kb < <(tail -n 1 "$tmp/time.txt")
		mb=$((kb / 1024))
		n=$((n + 1))
		if [ "$code" != 1 ] || awk -v s="$s" -v m="$max_s" 'BEGIN { exit !(s > m) }' || [ "$mb" -gt "$max_mb" ]; then
			printf 'FAIL %-32s %-8s exit %s, %ss, %s MB\n' "$c" "$cmd" "$code" "$s" "$mb"
			status=1
		fi
		if [ -e "$tmp/kit" ]; then
			printf 'FAIL %-32s %-8s wrote %s\n' "$c" "$cmd" "$tmp/kit"
			rm -rf "$tmp/kit"
			status=1
		fi
	done
done
echo "hostile: $n runs, each must exit 1 within ${max_s}s and ${max_mb} MB: $([ $status = 0 ] && echo all passed || echo some failed)"
exit $status
