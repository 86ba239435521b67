#!/bin/sh
# The TGSI oracle's runners read their cases with one reader (oracle/tgsi/runner_io.c): a line
# must hold exactly the declared number of words; a line with fewer or more is refused with
# exit status 1 before any GL call, and a well-formed input is accepted. Skips (77) when
# scripts/tgsi_oracle_setup.sh has not built the runners.
# Usage: runner_input_test.sh ARB_RUNNER GLSL_RUNNER
arb="$1"
glsl="$2"
if [ ! -x "$arb" ] || [ ! -x "$glsl" ]; then
  echo "runner_input: the runners are not installed (scripts/tgsi_oracle_setup.sh): skipped"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '!!ARBfp1.0\nOPTION ARB_draw_buffers;\nMOV result.color[0], program.local[0];\nMOV result.color[1], 1;\nEND\n' \
  > "$dir/p.arb"
printf '#version 450 compatibility\nuniform uvec4 u_[1];\nlayout(location = 0) out uvec4 o_0;\nlayout(location = 1) out uvec4 o_1;\nvoid main() { o_0 = u_[0]; o_1 = uvec4(1u); }\n' \
  > "$dir/s.frag"
failed=0
# expect STATUS MESSAGE INPUT COMMAND...: the exit status, and a message on standard error.
expect() {
  status="$1"; message="$2"; input="$3"; shift 3
  printf "$input" | "$@" > "$dir/out" 2> "$dir/err"
  got=$?
  if [ "$got" -ne "$status" ] || ! grep -q "$message" "$dir/err" "$dir/out"; then
    echo "FAIL: $* < '$input': status $got (expected $status), wanted '$message'"
    cat "$dir/err"
    failed=1
  fi
}
for runner in arb glsl; do
  if [ $runner = arb ]; then set -- "$arb" fragment 1 1 0 "$dir/p.arb"; else set -- "$glsl" 1 4 "$dir/s.frag"; fi
  expect 0 "renderer" '3f800000 40000000 7f800000 ffc00000 \n\n00000001 2 3 4\n' "$@"
  expect 1 "error: an input line has too few words" '3f800000 40000000 7f800000\n' "$@"
  expect 1 "error: an input line has too many words" '1 2 3 4 5\n' "$@"
done
exit $failed
