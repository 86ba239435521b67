// The rule table of the `runtime` family (runtime.cpp): each row is one run-time operation of
// the seed at one numeric boundary, described as data the family's engine turns into cases:
//
// - the operation as WGSL text over operands read from a storage buffer (`$0`, `$1`, ...);
// - `boundary`: the Z3 constraint that puts one instance of the operation on side A of the
//   boundary and its twin instance (the same operation, other input words) on side B;
// - `outcome`: what the seed allows for the result, as Z3 terms (the candidates, one per
//   rounding direction and flushing choice, or "any value").
//
// A case holds several instances (one output word each); the two cases of a slot run the same
// program on inputs from side A and side B.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gen/family.h"
#include "gen/rng.h"
#include "gen/wgsl/runtime_formulas.h"

namespace plumb::gen::wgsl::rt {

/// How an operand word is read in WGSL.
enum class Ty { I32, U32, F32 };

/// What the seed allows for one output word: for each bit field of it (one for a scalar
/// result; two or four for packed results) the candidate values, each one of them allowed, the
/// word being any combination; or, when `anyIf` holds, any 32 bits.
struct Outcome {
  enum class Kind { Integer, F32, F16 };  // floats: a zero stands for both zeros (R10)
  struct Field {
    unsigned shift = 0, width = 32;
    Kind kind = Kind::Integer;
    std::vector<z3::expr> candidates;  // bit vectors of `width` bits
  };
  std::vector<Field> fields;
  std::optional<z3::expr> anyIf;
  /// The candidates are every value the seed allows (so Plumb's set must be exactly theirs
  /// when it is a contiguous set); false where the seed allows more than the generator lists
  /// (an accuracy in ULP: the candidates are only the correctly rounded neighbours).
  bool complete = true;
};

using Operands = std::vector<z3::expr>;  // 32-bit vectors: the operands' bits

/// What a row's functions get: the formulas, the slot's random stream, which shape of the
/// row the slot uses, and soft constraints (variety) that a second solve drops when the
/// first finds no model with them.
struct Builder {
  Formulas& f;
  Rng& rng;
  size_t shape = 0;
  std::vector<z3::expr> soft;
  /// The bits of the current instance's operands that the boundary determines (or fixes to
  /// a value from the random stream): they get no variety constraint of their own.
  std::vector<uint32_t> pinned;
  void prefer(const z3::expr& e) { soft.push_back(e); }
  void pin(size_t operand, uint32_t bits = 0xffffffffu) {
    if (operand < pinned.size()) pinned[operand] |= bits;
  }
  /// Operand `j` of side A is `bits` (a value drawn from the slot's stream).
  z3::expr fix(const Operands& a, size_t j, uint32_t bits) {
    pin(j);
    return a[j] == f.word(bits);
  }
};

/// One spelling of a row's operation (a row may have several: i32 and u32, a component index).
struct Shape {
  std::string op;  // WGSL over $0, $1, ...
  std::vector<Ty> operands;
  Ty result;
};

struct Row {
  RuleRow rule;
  std::vector<Shape> shapes;
  std::string sideA, sideB;  // the cases' name suffixes
  std::string meaningA, meaningB;
  std::string constraint;  // the boundary, for people (the case's derivation)
  unsigned instances = 4;
  bool mustMix = false;  // side A's operands are fixed values: each is read as w1 ^ w2
  std::function<z3::expr(Builder&, const Operands& a, const Operands& b)> boundary;
  std::function<Outcome(Builder&, const Operands& v)> outcome;
  /// The boundary (in IEEE terms, or as exact products), evaluated on the model rather than
  /// solved: where solving it takes the solver seconds, the search goes through `boundary`'s
  /// bit-vector statement of it. A model it rejects gives no case.
  std::function<z3::expr(Builder&, const Operands& a, const Operands& b)> check;
};

std::vector<Row> integerRows();  // runtime_integer_rows.cpp
std::vector<Row> floatRows();    // runtime_float_rows.cpp

// Helpers shared by the row tables.
Outcome exactInteger(const z3::expr& value);
/// An operation of #floating-point-accuracy on f32 operands: either neighbour of the exact
/// result of `op` for each rounding direction, with each subnormal input and output also
/// flushed to zero (#floating-point-evaluation); any value when one of them is infinite or NaN.
Outcome accuracyTableBinary(
    Formulas& f, const z3::expr& x, const z3::expr& y,
    const std::function<z3::expr(const z3::expr& rm, const z3::expr& a, const z3::expr& b)>& op);
/// The bits of a random f32 whose exponent field is in [expLo, expHi] (0: a subnormal, never
/// zero), with a random sign, or the sign given (0 positive, 1 negative).
uint32_t randomF32(Rng& rng, int expLo, int expHi, int sign = -1);
/// A random mask of `bits` set bits within `within`.
uint32_t randomMask(Rng& rng, uint32_t within, unsigned bits);
/// The exponent field of an f32 word.
z3::expr exponentField(const z3::expr& word);

}  // namespace plumb::gen::wgsl::rt
