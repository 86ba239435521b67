#!/usr/bin/env bash
# Installs what the build needs (if missing), builds, and runs every test.
# Usage: scripts/test.sh [release|debug|asan]   (default: release)
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
bash scripts/deps.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
ctest --preset "$preset"
