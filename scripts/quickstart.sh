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
echo "== plumb check corpus/examples/*.wgsl (types, declarations, creation-time values, layout, attributes,"
echo "   behaviors, entry points and the shader interface, aliasing, uniformity)"
"$plumb" check corpus/examples/*.wgsl
echo
echo "== plumb parse --print corpus/examples/histogram_atomics.wgsl (canonical WGSL)"
"$plumb" parse --print corpus/examples/histogram_atomics.wgsl
echo
echo "== a type error, as a diagnostic that names its rule"
printf 'fn f() {\n  let x: u32 = 1.5;\n}\n' > build/release/quickstart-error.wgsl
"$plumb" check build/release/quickstart-error.wgsl || true
echo
echo "== a uniformity violation, with its chain of implications (#uniformity)"
printf '@compute @workgroup_size(64)\nfn main(@builtin(local_invocation_id) lid: vec3<u32>) {\n  let x = lid.x;\n  if x > 3u {\n    workgroupBarrier();\n  }\n}\n' > build/release/quickstart-uniformity.wgsl
"$plumb" check build/release/quickstart-uniformity.wgsl --uniformity-graph build/release/quickstart-uniformity.dot || true
echo "(its graph, violating path in red: build/release/quickstart-uniformity.dot)"
echo
echo "== plumb check --annotate-uniformity corpus/examples/prefix_sum_workgroup.wgsl"
"$plumb" check --annotate-uniformity corpus/examples/prefix_sum_workgroup.wgsl
echo
echo "== plumb eval: creation-time expressions, exactly"
"$plumb" eval '0x1p-1074'
"$plumb" eval 'i32(-2147483648)'
"$plumb" eval '1 / 0' || true
echo
echo "== plumb layout corpus/examples/triangle_shading.wgsl (memory layout of every structure)"
"$plumb" layout corpus/examples/triangle_shading.wgsl
echo
echo "== plumb run: every result the spec allows (f32 words as intervals of the accuracy table)"
"$plumb" run corpus/examples/matrix_multiply.wgsl --bindings corpus/examples/bindings/matrix_multiply.json
echo
echo "== plumb run: an out-of-bounds store may go to any element of the buffer, or nowhere"
"$plumb" run corpus/examples/out_of_bounds.wgsl --bindings corpus/examples/bindings/out_of_bounds.json
echo
echo "== plumb run --all-schedules: every order of the atomic increments gives the same histogram"
"$plumb" run corpus/examples/histogram_atomics.wgsl --bindings corpus/examples/bindings/histogram_atomics.json \
  --all-schedules > build/release/quickstart-histogram.txt
head -n 8 build/release/quickstart-histogram.txt
echo "(the whole report: build/release/quickstart-histogram.txt)"
echo
echo "== plumb litmus: the Vulkan memory model's Alloy litmus tests, PASS/FAIL per line, with witnesses"
"$plumb" litmus corpus/litmus/alloy/khronos/mp.test > build/release/quickstart-litmus.txt
head -n 12 build/release/quickstart-litmus.txt
echo
echo "== plumb explore: every final state the memory model allows for a WGSL program (message passing)"
"$plumb" explore corpus/litmus/wgsl/mp.wgsl --dispatch 1,1,1 > build/release/quickstart-explore.txt
grep -E '^(state|data races|explored)' build/release/quickstart-explore.txt
echo "(witnesses of each state: build/release/quickstart-explore.txt)"
echo
echo "== plumb gen: programs on both sides of the rules, each with its expected result (Z3 + Plumb)"
rm -rf build/release/quickstart-corpus
"$plumb" gen all --count 60 --seed 1 --quiet --out build/release/quickstart-corpus
"$plumb" corpus verify build/release/quickstart-corpus --quiet
"$plumb" corpus coverage build/release/quickstart-corpus > build/release/quickstart-coverage.txt || true
tail -n 1 build/release/quickstart-coverage.txt
echo "(per rule row: build/release/quickstart-coverage.txt; a case: $(ls build/release/quickstart-corpus/numerics | head -n 1))"
echo
echo "== plumb reduce: the smallest program that still has the uniformity violation"
"$plumb" reduce build/release/quickstart-uniformity.wgsl --keep plumb-rejects --quiet
echo
echo "== plumb check --revision 2026: today's WGSL (vec3f, alias, const_assert) as the second revision"
printf 'alias V = vec3f;\nconst_assert 2 > 1;\nfn f(v: V) -> f32 { return v.x; }\n' > build/release/quickstart-2026.wgsl
"$plumb" check --revision 2026 build/release/quickstart-2026.wgsl
"$plumb" check build/release/quickstart-2026.wgsl || echo "(the seed's revision 2022-06 does not know these words)"
echo
echo "== plumb run of a fragment shader: 2x2 quads, derivatives as sets, and a quad that diverges at dpdx"
"$plumb" run corpus/examples/fragment_divergent_derivative.wgsl \
  --bindings corpus/examples/bindings/fragment_divergent_derivative.json > build/release/quickstart-fragment.txt
head -n 5 build/release/quickstart-fragment.txt
"$plumb" run corpus/examples/fragment_derivatives.wgsl --bindings corpus/examples/bindings/fragment_derivatives.json \
  --picture build/release/quickstart-fragment > /dev/null
echo "(lower and upper bounds of every pixel, and the mask of pixels that are sets: build/release/quickstart-fragment-{lower,upper,mask}.png)"
echo
echo "== plumb wsl run: a WSL function (another seed) by WSL.ott's rules; a clamped index is a choice"
"$plumb" wsl run corpus/wsl/example.wsl --entry pick --args 7
echo
echo "== plumb tgsi run: a TGSI program (Gallium's IR, another seed) evaluated from the seed's formulas"
"$plumb" tgsi run corpus/tgsi/example.tgsi --inputs corpus/tgsi/example.inputs.json
echo
echo "== plumb cg run: a Cg 2.0 fragment program (another seed) under the seed's fixed-point model"
"$plumb" cg run corpus/cg/run/precision.cg --entry main --args 0.5,0.1,300,1 --precision fixed
