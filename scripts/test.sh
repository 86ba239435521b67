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
ctest --preset "$preset"
