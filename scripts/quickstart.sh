#!/usr/bin/env bash
# Installs what the build needs (if missing), builds Plumb, and runs its main job on the
# bundled examples in corpus/examples.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target plumb
plumb=build/release/cli/plumb
echo
echo "== plumb parse corpus/examples/*.wgsl"
"$plumb" parse corpus/examples/*.wgsl
echo
echo "== plumb parse --print corpus/examples/histogram_atomics.wgsl (canonical WGSL)"
"$plumb" parse --print corpus/examples/histogram_atomics.wgsl
echo
echo "== a syntax error, as a diagnostic that names its rule"
printf 'fn f() {\n  let x = a < b < c;\n}\n' > build/release/quickstart-error.wgsl
"$plumb" parse build/release/quickstart-error.wgsl || true
