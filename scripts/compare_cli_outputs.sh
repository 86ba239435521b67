#!/usr/bin/env bash
# Two plumb executables, one list of command lines: exit status, standard output and standard
# error of each, and the files `plumb gen` writes, compared byte for byte (the executable's own
# path in the usage lines and gen's timings masked). For changes that must not change any output
# (the speed rounds; branch speedF: the CLI's registration, the executables, the heap).
#
# usage: scripts/compare_cli_outputs.sh BEFORE/plumb AFTER/plumb [WORKDIR]
# Exit status 0 when every output is identical; the differing command lines are listed.
# Needs ../shared/bench/gen_workloads.py beside the repository (the shared workloads W2, W3).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
before=$(realpath "$1")
after=$(realpath "$2")
work=${3:-$(mktemp -d -t plumb-compare-XXXXXX)}
mkdir -p "$work/in"
python3 "$root/../shared/bench/gen_workloads.py" --outdir "$work/in" --w1-funcs 1 --w2-n 100000 >/dev/null
in=$work/in ex=$root/corpus/examples
printf '@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n@compute @workgroup_size(1)\nfn main() { out[0] = 1u; }\n' >"$in/trivial.wgsl"
bindings() { printf '{"format": "plumb-bindings", "version": 1, "bindings": [{"group": 0, "binding": 0, "size": %d}]}\n' "$2" >"$in/$1"; }
bindings trivial.json 4
bindings w2.json 8
bindings w3.json 16384

lines=()
add() { lines+=("$*"); }
w3="$in/w3_dispatch.wgsl --bindings $in/w3.json --dispatch 64,1,1"
add run $w3 --max-steps 4611686018427387904 --format json
add run $w3 --format json
add run $w3 --max-steps 1000
add run $w3 --max-steps 5000 --hex
add run $w3 --max-steps 5000 --revision 2026
add run "$in/w2_loop_N100000.wgsl" --bindings "$in/w2.json" --max-steps 4611686018427387904 --format json
add run "$in/trivial.wgsl" --bindings "$in/trivial.json" --format json
add run "$in/trivial.wgsl" --bindings "$in/trivial.json" --trace
for rev in 2022-06 2026; do
  for f in "$ex"/*.wgsl; do
    b=$(basename "$f" .wgsl)
    bd=""
    [[ -f $ex/bindings/$b.json ]] && bd="--bindings $ex/bindings/$b.json"
    add check "$f" --revision $rev
    add run "$f" $bd --revision $rev
    add run "$f" $bd --revision $rev --format json
    add run "$f" $bd --revision $rev --max-steps 50
  done
  for fmt in text json markdown; do add builtins --revision $rev --format $fmt; done
done
# The top level, mistakes and help: where registering one subcommand could differ from all.
add --version
add --color always --version
add --help
add ""
add genn
add rnu x.wgsl
add --bogus run x.wgsl
add --color never run
add --color=never run nothere.wgsl
add run nothere.wgsl --format json
add run "$in/trivial.wgsl" --bogus
add run "$in/trivial.wgsl" check
add run "$in/trivial.wgsl" --max-executions -1
add run --help
add --help run
for c in parse check eval layout builtins run litmus explore oracle gen corpus reduce tgsi wsl cg; do
  add $c --help
  add $c
done
add cg run --help
add cg oracle --help
add tgsi oracle --help
add tgsi run --help
add wsl run --help
add gen numerics --count 1 --seed 3 --out
add gen nosuch --out "$work/nosuch"
add corpus verify /nonexistent
for fam in numerics overloads behavior uniformity runtime litmus cg; do
  add gen $fam --count 3 --seed 7 --quiet --out OUT/gen_$fam
done
add gen runtime --count 3 --seed 7 --quiet --revision 2026 --out OUT/gen_runtime26
add corpus verify OUT/gen_numerics

for side in before after; do
  plumb=${!side}
  out=$work/$side
  rm -rf "$out"
  mkdir -p "$out"
  n=0
  for line in "${lines[@]}"; do
    n=$((n + 1))
    f=$out/$(printf %03d $n)
    # shellcheck disable=SC2086
    (cd "$in" && "$plumb" ${line//OUT/$out} >"$f.out" 2>"$f.err"; echo $? >"$f.rc") || true
    sed -i -E "s#$plumb#PLUMB#g; s#$out#OUT#g; s#[0-9.]+ s, [0-9]+ cases/min#TIME#g" "$f.out" "$f.err"
  done
done
status=0
n=0
for line in "${lines[@]}"; do
  n=$((n + 1))
  f=$(printf %03d $n)
  for k in out err rc; do
    if ! cmp -s "$work/before/$f.$k" "$work/after/$f.$k"; then
      echo "differs ($k): plumb $line"
      status=1
    fi
  done
done
if ! diff -r "$work/before" "$work/after" -x '*.out' -x '*.err' -x '*.rc' >/dev/null; then
  echo "differs: the files plumb gen wrote (diff -r $work/before $work/after)"
  status=1
fi
echo "${#lines[@]} command lines compared in $work: $([[ $status == 0 ]] && echo identical || echo DIFFERENT)"
exit $status
