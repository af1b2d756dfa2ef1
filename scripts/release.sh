#!/usr/bin/env bash
# release: build runforge for Linux, macOS and Windows on amd64 and arm64
# and pack each binary with the README and the licence notices of all it
# embeds into dist/: runforge_<version>_<os>_<arch>.tar.gz (.zip for
# Windows), and SHA256SUMS over the archives.
#
#   VERSION  the version --version prints (default: git describe, or
#            v0.0.0-snapshot when the commit has no tag)
#   COMMIT   the commit it names (default: git rev-parse HEAD)
#   DIST     the output folder (default: dist)
#   TARGETS  the os/arch pairs (default: all six)
#
# Every binary is built with -trimpath and CGO_ENABLED=0, stamped through
# -ldflags -X main.version and main.commit. The archives hold no time or
# owner of this machine: their dates are the commit's (SOURCE_DATE_EPOCH).
set -euo pipefail
cd "$(dirname "$0")/.."

COMMIT=${COMMIT:-$(git rev-parse HEAD)}
VERSION=${VERSION:-$(git describe --tags --exact-match 2>/dev/null || echo "v0.0.0-snapshot")}
DIST=${DIST:-dist}
TARGETS=${TARGETS:-"linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64"}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct "$COMMIT" 2>/dev/null || date +%s)}
GO=${GO:-go}

case "$VERSION" in *[!A-Za-z0-9._+-]*) echo "release: VERSION $VERSION has characters a file name should not"; exit 2 ;; esac

rm -rf "$DIST"
mkdir -p "$DIST"
DIST=$(cd "$DIST" && pwd)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
touch_all() { find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +; }

# notices DIR GOOS GOARCH: the licence of every module the binary of that
# target links (the Go fonts' README too: it says the fonts' licence and
# their makers), and Go's own, under DIR/licenses/.
notices() {
  local dir=$1/licenses os=$2 arch=$3
  mkdir -p "$dir"
  cp "$($GO env GOROOT)/LICENSE" "$dir/go.LICENSE"
  GOOS=$os GOARCH=$arch CGO_ENABLED=0 $GO list -deps -f '{{with .Module}}{{if not .Main}}{{.Path}}	{{.Dir}}{{end}}{{end}}' ./cmd/runforge |
    sort -u | while IFS=$'\t' read -r mod moddir; do
      local name=${mod//\//_} found=0
      for f in "$moddir"/LICENSE* "$moddir"/LICENCE* "$moddir"/COPYING* "$moddir"/NOTICE*; do
        [ -f "$f" ] || continue
        cp "$f" "$dir/$name.$(basename "$f")"; found=1
      done
      if [ $found = 0 ]; then echo "release: $mod ($moddir) has no licence file"; exit 1; fi
      if [ "$mod" = golang.org/x/image ]; then cp "$moddir/font/gofont/ttfs/README" "$dir/$name.gofont-README"; fi
    done
  chmod -R u+w,go-w "$dir"
  cat >"$1/NOTICE.txt" <<TXT
runforge $VERSION ($COMMIT)

This binary embeds:
- the Go fonts (Go Regular, Bold, Italic, Bold Italic and Mono), made by
  Bigelow & Holmes for the Go project, under the licence in
  licenses/golang.org_x_image.LICENSE (see licenses/golang.org_x_image.gofont-README);
- the fpdf PDF library (patched, with its core font metrics), under
  licenses/codeberg.org_go-pdf_fpdf.LICENSE;
- the Go standard library (licenses/go.LICENSE) and the Go modules whose
  licences are in licenses/, one file each, named after the module.
TXT
}

for t in $TARGETS; do
  os=${t%/*} arch=${t#*/}
  name="runforge_${VERSION}_${os}_${arch}"
  dir="$stage/$name"
  mkdir -p "$dir"
  exe=runforge; [ "$os" = windows ] && exe=runforge.exe
  echo "== $name"
  GOOS=$os GOARCH=$arch CGO_ENABLED=0 $GO build -trimpath -buildvcs=false \
    -ldflags "-s -w -X main.version=$VERSION -X main.commit=$COMMIT" -o "$dir/$exe" ./cmd/runforge
  cp README.md "$dir/"
  notices "$dir" "$os" "$arch"
  touch_all "$dir"
  if [ "$os" = windows ]; then
    (cd "$stage" && find "$name" | LC_ALL=C sort | zip -q -X -@ "$DIST/$name.zip")
  else
    tar -C "$stage" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -cf - "$name" | gzip -n -9 >"$DIST/$name.tar.gz"
  fi
done
(cd "$DIST" && shopt -s nullglob && archives=(*.tar.gz *.zip) && sha256sum -- "${archives[@]}" >SHA256SUMS)
echo "== $DIST/SHA256SUMS"
cat "$DIST/SHA256SUMS"
