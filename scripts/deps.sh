#!/usr/bin/env bash
# Installs the Debian 12 packages Plumb's build needs; does nothing when they are all present.
# Usage: scripts/deps.sh [--clang] [--pictures]
#   --clang     adds clang and its runtimes (sanitizers, libFuzzer): the asan and fuzz presets
#               compile with clang (--fuzz is the same)
#   --pictures  adds Graphviz, so that `plumb check --uniformity-graph g.svg` and the witnesses
#               of `plumb litmus --dot` / `plumb explore --dot` are drawn as SVG pictures
set -euo pipefail

packages=(
  cmake ninja-build g++ make
  libboost-dev libmpfr-dev libgmp-dev
  libcli11-dev libgtest-dev libgmock-dev libbenchmark-dev
  libz3-dev nlohmann-json3-dev zlib1g-dev
)
for option in "$@"; do
  case "$option" in
    --clang | --fuzz) packages+=(clang libclang-rt-14-dev) ;;
    --pictures) packages+=(graphviz) ;;
    *) echo "usage: scripts/deps.sh [--clang] [--pictures]" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

echo "plumb: installing missing packages: ${missing[*]}" >&2
sudo=""
if [[ $(id -u) -ne 0 ]]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
