#!/usr/bin/env bash
# Installs what the oracle runners need (issue 7, docs/oracle.md); does nothing when present.
#   Debian: chromium (ships SwiftShader: /usr/lib/chromium/libvk_swiftshader.so),
#           mesa-vulkan-drivers (lavapipe), libvulkan1 (the Vulkan loader), nodejs/npm if absent.
#   npm:    `npm ci` in oracle/node (webgpu = Dawn/Tint, deno = wgpu/naga, puppeteer-core),
#           exact versions from oracle/node/package-lock.json. No browser is downloaded:
#           puppeteer-core drives /usr/bin/chromium.
# Usage: scripts/oracle_setup.sh [--check]   (--check: exit 1 if something is missing, install nothing)
# The core build and its tests never need any of this.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
node_dir="$root/oracle/node"
check_only=0
[[ "${1:-}" == "--check" ]] && check_only=1

packages=(chromium mesa-vulkan-drivers libvulkan1)
command -v node >/dev/null 2>&1 || packages+=(nodejs)
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# The lock file is the stamp: node_modules is current when npm ci ran for this lock file.
stamp="$node_dir/node_modules/.plumb-lock.sha256"
lock_sum="$(sha256sum "$node_dir/package-lock.json" | cut -d' ' -f1)"
npm_needed=1
if [[ -f "$stamp" && "$(cat "$stamp")" == "$lock_sum" ]]; then
  npm_needed=0
fi

if [[ ${#missing[@]} -eq 0 && $npm_needed -eq 0 ]]; then
  exit 0
fi
if [[ $check_only -eq 1 ]]; then
  [[ ${#missing[@]} -gt 0 ]] && echo "plumb oracle: missing Debian packages: ${missing[*]}" >&2
  [[ $npm_needed -eq 1 ]] && echo "plumb oracle: oracle/node/node_modules is not installed (npm ci)" >&2
  exit 1
fi

if [[ ${#missing[@]} -gt 0 ]]; then
  echo "plumb oracle: installing Debian packages: ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 $sudo apt-get update -qq
  timeout 1200 $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [[ $npm_needed -eq 1 ]]; then
  echo "plumb oracle: npm ci in oracle/node (webgpu, deno, puppeteer-core; about 260 MB)" >&2
  # --ignore-scripts: on Linux the packages' install scripts only relink binaries that the
  # runners call by path; no script may download a browser.
  # npm ci refuses a lock file that lacks the other platforms' optional packages (deno's
  # @deno/darwin-arm64, ...), which this machine's registry does not serve, so the lock cannot
  # list them; then `npm install --no-save` installs the same locked versions and leaves the
  # lock file as it is.
  (cd "$node_dir" && export PUPPETEER_SKIP_DOWNLOAD=1 &&
    { timeout 900 npm ci --ignore-scripts --no-audit --no-fund --loglevel=silent ||
      timeout 900 npm install --no-save --ignore-scripts --no-audit --no-fund --loglevel=error; })
  [[ -x "$node_dir/node_modules/@deno/linux-x64-glibc/deno" && -f "$node_dir/node_modules/webgpu/dist/linux-x64/dawn.node" ]] || {
    echo "plumb oracle: npm install did not provide deno and dawn.node for linux-x64" >&2; exit 1; }
  echo "$lock_sum" > "$stamp"
fi
