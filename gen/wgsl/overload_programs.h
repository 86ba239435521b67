// Writing the overloads family's programs: arguments of a given type as WGSL text (literals
// with suffixes, splatted vectors, matrices of splatted columns, or named values declared
// before the call), the call itself, and the typed declarations that pin the call's result
// type so that a different choice of overload is visible as an error.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gen/rng.h"
#include "gen/wgsl/overload_model.h"

namespace plumb::gen::wgsl::overload {

/// A literal of `kind` whose value is the small integer `value` (the digits stay the same when
/// a twin changes only the suffix): `2`, `2i`, `2u`, `2.0`, `2.0f`, `2.0h`; bools `true`/`false`.
std::string literal(int kind, int value);
/// A creation-time expression of type `t`: a literal, `vecN(literal)`, or
/// `matCxR(vecR(literal), ...)`.
std::string inlineValue(const Ty& t, int value);
/// The WGSL spelling of a concrete type ("vec3<f32>"); abstract types have none.
std::string wgslType(const Ty& t);

/// How each argument is written; the same plan writes both twins.
struct ArgumentPlan {
  enum Mode { Inline, Named, Variable };
  Mode mode = Inline;
  std::string name, twinName;  // Named/Variable: the declared value; the twin's alternative
  int value = 1;
  const char* keyword = "let";  // Named: let or const
};

/// A program: lines of text, with the lines the family's derivation points at.
struct ProgramLines {
  std::vector<std::string> module;  // after `enable f16;`, before the entry point
  std::vector<std::string> body;    // inside `fn main()`
  bool f16 = false;
  /// The whole text and the 1-based line numbers of the body lines.
  std::string text(std::vector<uint32_t>* bodyLines = nullptr) const;
};

/// Names drawn from the slot's stream: identifiers that are not keywords or built-ins.
std::string pickName(Rng& rng, const char* const* names, size_t count, int index);

}  // namespace plumb::gen::wgsl::overload
