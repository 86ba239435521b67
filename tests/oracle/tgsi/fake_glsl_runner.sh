#!/bin/sh
# A stand-in for oracle/tgsi/glsl_runner.c in the tests (no Mesa needed): speaks the runner's
# protocol and answers each pixel p of each case with the words 4p..4p+3 of the case's line,
# pixel p's IN[0] when the program has one IN register: what `MOV OUT[0], IN[0]` writes.
# Usage as the real runner's: OUTPUTS WORDS SHADER_FILE < INPUTS
echo "renderer fake"
awk 'NF > 0 { line = ""; for (p = 0; p < 4; ++p) { line = line (p ? " |" : ""); for (k = 1; k <= 4; ++k) line = line " " $(4 * p + k) } print line }'
