// The inputs the Mesa oracle runs a TGSI program on (docs/tgsi.md, "The Mesa oracle"): binary32
// edge values (±0, ±inf, NaN, subnormals, the largest and smallest normals, 2^±64) and the
// domain edges of the seed's formulas (LIT's clamp at ±128, FLR/FRAC near integers and 2^23,
// EX2's overflow and underflow, LG2 at 1, SIN/COS at multiples of pi), combined so that every
// pair of edge values meets in each component of the first two source registers, plus
// deterministic random combinations.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/tgsi/machine.h"
#include "semantics/tgsi/program.h"

namespace plumb::tgsi {

/// The edge values, as binary32 bits, in a fixed order.
const std::vector<uint32_t>& edgeValues();

/// Inputs for every declared IN and CONST register of `program`: the pairwise grid over
/// edgeValues() for the first two registers (the others follow a third index), then `random`
/// cases drawn from the edge values with `seed`. Same arguments, same list.
std::vector<RegisterValues> edgeInputs(const Program& program, size_t random, uint64_t seed);

}  // namespace plumb::tgsi
