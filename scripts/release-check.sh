#!/usr/bin/env bash
# release-check: a snapshot release (scripts/release.sh) yields six
# archives and their SHA256SUMS; each archive holds its target's binary
# (`file` names the OS and architecture), the README and the licence
# notices; the Linux amd64 binary's --version names the version and commit.
# Usage: release-check.sh DIST  (the release is made into DIST).
set -euo pipefail
cd "$(dirname "$0")/.."
dist=$1
version=v0.0.0-ci
commit=$(git rev-parse HEAD)
DIST="$dist" VERSION=$version COMMIT="$commit" bash scripts/release.sh >/dev/null
dist=$(cd "$dist" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || { echo "FAIL SHA256SUMS does not match the archives"; status=1; }
declare -A want=(
  [linux_amd64]="ELF 64-bit LSB executable, x86-64"
  [linux_arm64]="ELF 64-bit LSB executable, ARM aarch64"
  [darwin_amd64]="Mach-O 64-bit x86_64 executable"
  [darwin_arm64]="Mach-O 64-bit arm64 executable"
  [windows_amd64]="PE32+ executable (console) x86-64"
  [windows_arm64]="PE32+ executable (console) Aarch64"
)
for target in "${!want[@]}"; do
  name="runforge_${version}_${target}"
  exe=runforge
  if [[ $target == windows_* ]]; then
    archive="$dist/$name.zip"; exe=runforge.exe
    [ -f "$archive" ] && unzip -q "$archive" -d "$work"
  else
    archive="$dist/$name.tar.gz"
    [ -f "$archive" ] && tar -xzf "$archive" -C "$work"
  fi
  if [ ! -f "$archive" ]; then echo "FAIL $target: no $archive"; status=1; continue; fi
  grep -q " ${archive##*/}\$" "$dist/SHA256SUMS" || { echo "FAIL $target: not in SHA256SUMS"; status=1; }
  dir="$work/$name"
  desc=$(file -b "$dir/$exe" 2>/dev/null || echo "no $exe")
  if [[ $desc != *"${want[$target]}"* ]]; then echo "FAIL $target: file says \"$desc\", want \"${want[$target]}\""; status=1; continue; fi
  for f in README.md NOTICE.txt licenses/go.LICENSE licenses/golang.org_x_image.LICENSE licenses/golang.org_x_image.gofont-README licenses/codeberg.org_go-pdf_fpdf.LICENSE; do
    [ -s "$dir/$f" ] || { echo "FAIL $target: the archive has no $f"; status=1; }
  done
  echo "ok $target: ${want[$target]}, $(ls "$dir/licenses" | wc -l) licence files"
done
got=$("$work/runforge_${version}_linux_amd64/runforge" --version)
if [ "$got" = "runforge version $version (${commit:0:7})" ]; then echo "ok linux_amd64 --version: $got"; else echo "FAIL --version: \"$got\", want version $version (${commit:0:7})"; status=1; fi
n=$(ls "$dist" | grep -cE '\.(tar\.gz|zip)$')
[ "$n" = 6 ] || { echo "FAIL $n archives in $dist, want 6"; status=1; }
exit $status
