#!/usr/bin/env bash
# Installs the TGSI seed's Mesa oracle runner (issue 18 item 6, docs/tgsi.md "The Mesa oracle"):
#   Debian: libegl-dev, libgl-dev (headers and the GLVND loaders), libegl-mesa0 and
#           libgl1-mesa-dri (Mesa's EGL and its llvmpipe driver), gcc if absent;
#   then compiles oracle/tgsi/arb_runner.c to oracle/tgsi/bin/tgsi_arb_runner and
#   oracle/tgsi/glsl_runner.c (the GLSL oracle: integer opcodes, DDX, DDY) to
#   oracle/tgsi/bin/tgsi_glsl_runner, each with oracle/tgsi/runner_io.c (their shared input
#   reading and errors).
# Does nothing when the runner is newer than its source. About 10 s when the packages are
# present (they are on a machine with scripts/oracle_setup.sh's mesa-vulkan-drivers' siblings),
# under a minute otherwise.
# Usage: scripts/tgsi_oracle_setup.sh [--check]   (--check: exit 1 if missing, install nothing)
# The core build and its tests never need any of this: the tgsi_oracle test skips without it.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source="$root/oracle/tgsi/arb_runner.c"
runner="$root/oracle/tgsi/bin/tgsi_arb_runner"
glsl_source="$root/oracle/tgsi/glsl_runner.c"
glsl_runner="$root/oracle/tgsi/bin/tgsi_glsl_runner"
check_only=0
[[ "${1:-}" == "--check" ]] && check_only=1

packages=(libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri)
command -v cc >/dev/null 2>&1 || packages+=(gcc)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

io_source="$root/oracle/tgsi/runner_io.c"
shared=("$root/oracle/tgsi/egl_context.h" "$io_source" "$root/oracle/tgsi/runner_io.h")
# True when the runner $1 exists and is newer than its source $2 and the shared files.
fresh() {
  [[ -x "$1" && "$1" -nt "$2" ]] || return 1
  for f in "${shared[@]}"; do [[ "$1" -nt "$f" ]] || return 1; done
}
if [[ ${#missing[@]} -eq 0 ]] && fresh "$runner" "$source" && fresh "$glsl_runner" "$glsl_source"; then
  exit 0
fi
if [[ $check_only -eq 1 ]]; then
  [[ ${#missing[@]} -gt 0 ]] && echo "plumb tgsi oracle: missing Debian packages: ${missing[*]}" >&2
  [[ -x "$runner" ]] || echo "plumb tgsi oracle: $runner is not built" >&2
  [[ -x "$glsl_runner" ]] || echo "plumb tgsi oracle: $glsl_runner is not built" >&2
  exit 1
fi

if [[ ${#missing[@]} -gt 0 ]]; then
  echo "plumb tgsi oracle: installing Debian packages: ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 $sudo apt-get update -qq
  timeout 900 $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$(dirname "$runner")"
# Written to a temporary name and renamed, so that an interrupted build leaves no runner.
# Each includes egl_context.h and is linked with runner_io.c.
cc -std=c99 -O1 -Wall -Wextra -o "$runner.tmp" "$source" "$io_source" -lEGL -lGL
mv "$runner.tmp" "$runner"
cc -std=c99 -O1 -Wall -Wextra -o "$glsl_runner.tmp" "$glsl_source" "$io_source" -lEGL -lGL
mv "$glsl_runner.tmp" "$glsl_runner"
# A smoke run: the runner must reach llvmpipe (no display is needed: EGL's surfaceless platform).
printf '!!ARBfp1.0\nOPTION ARB_draw_buffers;\nMOV result.color[0], program.local[0];\nMOV result.color[1], 1;\nEND\n' \
  > "$runner.smoke.arb"
if ! out="$(echo "3f800000 40000000 7f800000 ffc00000" | "$runner" fragment 1 1 0 "$runner.smoke.arb")"; then
  rm -f "$runner" "$runner.smoke.arb"
  echo "plumb tgsi oracle: the runner was built but cannot run Mesa" >&2
  exit 1
fi
rm -f "$runner.smoke.arb"
# The GLSL runner's smoke run: a shader that writes its input back, on one quad.
printf '#version 450 compatibility\nuniform uvec4 u_[4];\nlayout(location = 0) out uvec4 o_0;\nlayout(location = 1) out uvec4 o_1;\nvoid main() { o_0 = u_[0]; o_1 = uvec4(1u); }\n' \
  > "$glsl_runner.smoke.frag"
if ! echo "1 2 3 4 0 0 0 0 0 0 0 0 0 0 0 0" | "$glsl_runner" 1 16 "$glsl_runner.smoke.frag" >/dev/null; then
  rm -f "$glsl_runner" "$glsl_runner.smoke.frag"
  echo "plumb tgsi oracle: the GLSL runner was built but cannot run Mesa" >&2
  exit 1
fi
rm -f "$glsl_runner.smoke.frag"
echo "plumb tgsi oracle: runner ready ($(head -1 <<<"$out"))" >&2
