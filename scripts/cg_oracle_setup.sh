#!/usr/bin/env bash
# Installs NVIDIA's Cg compiler, the oracle of the Cg seed (issue 21 item 4, docs/cg.md "Oracle"):
#   Debian bookworm non-free: nvidia-cg-toolkit (cgc 3.1.0013, /usr/bin/cgc) and nvidia-cg-doc
#   (NVIDIA's examples, /usr/share/doc/nvidia-cg-doc/examples), and the non-free packages
#   the toolkit depends on (libcg, libcggl, nvidia-cg-dev: the same source package).
# The non-free component is enabled for these packages only: an apt source for bookworm non-free
# (/etc/apt/sources.list.d/plumb-cg-nonfree.sources) and an apt preferences file
# (/etc/apt/preferences.d/plumb-cg-nonfree) that pins every other package of that component at
# priority -1 (never installed) and these five at 500. Their dependencies from main
# (libglut3.12, libGL) come from the machine's ordinary sources.
# Nothing is committed or copied into the tree: cgc is found on PATH, the examples are read where
# Debian puts them.
# Does nothing when cgc and the examples are present (idempotent).
# Usage: scripts/cg_oracle_setup.sh [--check]   (--check: exit 1 if missing, install nothing)
# The core build and its tests never need any of this: the cg-oracle tests skip without cgc.
set -euo pipefail

check_only=0
[[ "${1:-}" == "--check" ]] && check_only=1

packages=(nvidia-cg-toolkit nvidia-cg-doc)
pinned=(nvidia-cg-toolkit nvidia-cg-doc libcg libcggl nvidia-cg-dev)
examples=/usr/share/doc/nvidia-cg-doc/examples
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [[ ${#missing[@]} -eq 0 ]] && command -v cgc >/dev/null 2>&1 && [[ -d "$examples" ]]; then
  exit 0
fi
if [[ $check_only -eq 1 ]]; then
  [[ ${#missing[@]} -gt 0 ]] && echo "plumb cg oracle: missing Debian packages: ${missing[*]}" >&2
  command -v cgc >/dev/null 2>&1 || echo "plumb cg oracle: cgc is not on PATH" >&2
  exit 1
fi

sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
source_file=/etc/apt/sources.list.d/plumb-cg-nonfree.sources
pin_file=/etc/apt/preferences.d/plumb-cg-nonfree
# Both files are rewritten whole (the same bytes each time), so running the script again changes
# nothing.
$sudo tee "$source_file" >/dev/null <<'SOURCES'
# Written by Plumb's scripts/cg_oracle_setup.sh: bookworm's non-free component, for NVIDIA's Cg
# toolkit only (see plumb-cg-nonfree in /etc/apt/preferences.d).
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: non-free
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
{
  echo "# Written by Plumb's scripts/cg_oracle_setup.sh: of bookworm's non-free component only"
  echo "# NVIDIA's Cg toolkit may be installed; everything else there is pinned out."
  echo "Package: ${pinned[*]}"
  echo "Pin: release n=bookworm, c=non-free"
  echo "Pin-Priority: 500"
  echo
  echo "Package: *"
  echo "Pin: release n=bookworm, c=non-free"
  echo "Pin-Priority: -1"
} | $sudo tee "$pin_file" >/dev/null

echo "plumb cg oracle: installing Debian non-free packages: ${packages[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
timeout 600 $sudo apt-get update -qq
timeout 900 $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null

# A smoke run: cgc must compile a fragment program for a profile that needs no GPU.
smoke="$(mktemp --suffix=.cg)"
trap 'rm -f "$smoke"' EXIT
printf 'float4 main() : COLOR { return float4(1, 2, 3, 4); }\n' >"$smoke"
if ! cgc -quiet -profile arbfp1 -entry main "$smoke" >/dev/null; then
  echo "plumb cg oracle: cgc was installed but does not compile" >&2
  exit 1
fi
echo "plumb cg oracle: $(cgc -v 2>&1 | head -1)" >&2
