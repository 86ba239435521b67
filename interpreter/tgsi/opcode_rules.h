// One rule per evaluated opcode of the seed (semantics/tgsi/opcode_table.h), each the seed's
// formula for its section, written once over the arithmetic of interpreter/tgsi/arithmetic.h.
#pragma once

#include <array>
#include <span>
#include <string_view>

#include "interpreter/tgsi/arithmetic.h"
#include "interpreter/tgsi/word.h"

namespace plumb::tgsi {

template <class A>
using Vec = std::array<typename A::V, 4>;

template <class A>
struct FloatArgs {
  std::array<Vec<A>, 3> src;  // after swizzle, absolute value and negation
  Chooser& chooser;
  bool discard = false;  // set by KIL and KILP
  /// The instruction's evaluation of its sums of products in the binary32 modes (TGSI-19):
  /// chosen once, where the evaluations first give different results, and kept for every
  /// component (an implementation evaluates the components of one instruction alike).
  int evaluation = -1;
};

template <class A>
using FloatRule = Vec<A> (*)(FloatArgs<A>&);
using IntegerRule = Register (*)(const std::array<Register, 3>&, Chooser&);

struct OpcodeRule {
  std::string_view name;      // the opcode, as in the seed's heading
  std::string_view function;  // the C++ function, for docs/tgsi.md's table
  FloatRule<Exact> exact = nullptr;
  FloatRule<Ieee32> ieee32 = nullptr;
  FloatRule<Ieee32Ftz> ieee32ftz = nullptr;
  IntegerRule integer = nullptr;  // GL_NV_gpu_program4's integer opcodes
};

std::span<const OpcodeRule> opcodeRules();
const OpcodeRule* findRule(std::string_view name);

}  // namespace plumb::tgsi
