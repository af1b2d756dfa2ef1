#!/usr/bin/env bash
# schema-check: the JSON Schemas that `runforge schema -o DIR` writes resolve
# offline from DIR alone and are clean under ajv's strict mode. ajv-cli
# (draft 2020-12, --strict=true) compiles each file by itself, and ajv and
# python's jsonschema (when python3 has it) accept every file of the
# bundled pack against the schema of its kind and reject a broken one.
#
# ajv-cli, ajv-formats and yaml (to read the YAML) are installed into
# $AJV_TOOL_DIR (default /tmp/ajv-tool) when they are not there. Exit status
# 0 when every check passes, 1 otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

tool_dir=${AJV_TOOL_DIR:-/tmp/ajv-tool}
if [ ! -x "$tool_dir/node_modules/.bin/ajv" ] || [ ! -d "$tool_dir/node_modules/yaml" ] || [ ! -d "$tool_dir/node_modules/ajv-formats" ]; then
  echo "== installing ajv-cli, ajv-formats and yaml into $tool_dir"
  mkdir -p "$tool_dir"
  npm install --silent --no-audit --no-fund --prefix "$tool_dir" ajv-cli@5 ajv-formats@3 yaml@2 >/dev/null
fi
ajv() { "$tool_dir/node_modules/.bin/ajv" "$@" --spec=draft2020 --strict=true -c "$tool_dir/node_modules/ajv-formats"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/runforge" ./cmd/runforge
"$work/runforge" schema -o "$work/schemas" >/dev/null

# The bundled pack's files as JSON, named KIND--FILE.json, and a broken deck.
mkdir "$work/json"
NODE_PATH="$tool_dir/node_modules" node - "$repo/data/run-for-your-life" "$work/json" <<'EOF'
const fs = require('fs'), path = require('path'), YAML = require('yaml');
const [src, dst] = process.argv.slice(2);
for (const f of fs.readdirSync(src).filter(f => f.endsWith('.yaml'))) {
  const doc = YAML.parse(fs.readFileSync(path.join(src, f), 'utf8'));
  const out = `${doc.kind.toLowerCase()}--${f.replace(/\.yaml$/, '')}.json`;
  fs.writeFileSync(path.join(dst, out), JSON.stringify(doc));
  if (f === 'determination.yaml') {
    doc.cards[0].value = 'five';
    fs.writeFileSync(path.join(dst, '..', 'broken-deck.json'), JSON.stringify(doc));
  }
}
EOF

status=0
cd "$work/schemas"   # everything below sees this folder and nothing else
for s in *.schema.json; do
  if out=$(ajv compile -s "$s" 2>&1); then echo "ok ajv --strict compiles $s alone"; else echo "FAIL ajv compile $s:"; echo "$out"; status=1; fi
done
for j in "$work"/json/*.json; do
  kind=$(basename "$j"); kind=${kind%%--*}
  if out=$(ajv validate -s "$kind.schema.json" -d "$j" 2>&1); then echo "ok ajv: $(basename "$j") against $kind.schema.json"; else echo "FAIL ajv validate $(basename "$j"):"; echo "$out"; status=1; fi
done
if ajv validate -s deck.schema.json -d "$work/broken-deck.json" >/dev/null 2>&1; then
  echo "FAIL ajv accepts a determination card with value: five"; status=1
else
  echo "ok ajv rejects a broken deck"
fi

if python3 -c 'import jsonschema' 2>/dev/null; then
  if python3 - "$work/json" "$work/broken-deck.json" <<'EOF'
import json, os, sys, warnings
import jsonschema
warnings.simplefilter("error")  # a reference fetched from anywhere fails
folder, broken = sys.argv[1], sys.argv[2]

def validator(kind):
    with open(kind + ".schema.json") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)

ok = True
for name in sorted(os.listdir(folder)):
    with open(os.path.join(folder, name)) as f:
        doc = json.load(f)
    errors = [e.message for e in validator(name.split("--")[0]).iter_errors(doc)]
    print(("ok python jsonschema: " if not errors else "FAIL python jsonschema: ") + name, *errors[:3])
    ok = ok and not errors
with open(broken) as f:
    if not list(validator("deck").iter_errors(json.load(f))):
        print("FAIL python jsonschema accepts a determination card with value: five")
        ok = False
    else:
        print("ok python jsonschema rejects a broken deck")
sys.exit(0 if ok else 1)
EOF
  then :; else status=1; fi
else
  echo "skip python jsonschema: python3 has no jsonschema module (pip install jsonschema)"
fi
exit $status
