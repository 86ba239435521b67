#!/usr/bin/env bash
# Installs what the build needs (if missing), builds, and runs every test.
# Usage: scripts/test.sh [release|debug|asan] [-DVAR=VALUE...]   (default: release; the cache
#        settings go to the configure step, e.g. CI's -DPLUMB_SHARED_CLI_TESTS=... for asan)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
shift || true
deps=()
case "$preset" in asan | fuzz) deps+=(--clang) ;; esac
bash scripts/deps.sh "${deps[@]}"
cmake --preset "$preset" "$@" >/dev/null
cmake --build --preset "$preset"
# CI installs the oracle runners while the build compiles and waits for them here (.ci/run).
if [[ -n "${PLUMB_BEFORE_TESTS:-}" ]]; then
  bash -c "$PLUMB_BEFORE_TESTS"
fi
ctest --preset "$preset"
