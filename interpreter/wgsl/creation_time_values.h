// The values of creation-time expressions (#creation-time-expr) and resolved override
// expressions (#override-decls) as the machine uses them: for f32 and f16, every value
// #floating-point-accuracy allows (docs/ambiguities.md R17).
//
// The checker computes one value per expression — the exact result rounded once, to nearest —
// which its static rules use (array sizes, `@workgroup_size`, errors). The accuracy table
// applies to creation-time evaluation as to any other (#floating-point-evaluation: "The accuracy
// of operations is given in #floating-point-accuracy"), so an implementation may round each
// operation of an "inherited from" formula either way: `cross` may cancel differently, `dot`,
// `length`, `cosh` may differ by an ulp or more. Here each f32/f16 creation-time expression is
// evaluated again, bottom-up, with the run-time operations over sets (runtime_operations.h,
// float_accuracy.h): the one implementation of the accuracy table serves both. AbstractInt,
// AbstractFloat, integer and boolean values stay the checker's exact ones.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "checker/wgsl/checker.h"
#include "interpreter/wgsl/runtime_value.h"

namespace plumb::interp {

class CreationTimeValues {
 public:
  CreationTimeValues(const ast::Module& m, CheckedModule& c);

  /// The value of expression `e` after the feasible automatic conversion its use applies
  /// (CheckedModule::convertedValues): a converted AbstractFloat or AbstractInt value that is
  /// not a value of f32/f16 is either neighbour (#floating-point-conversion). Nothing if `e`
  /// has no creation-time value.
  std::optional<RValue> valueOf(ast::ExpressionId e);

 private:
  /// The value of `e` before its conversion (its own type).
  std::optional<RValue> ownValueOf(uint32_t e);
  RValue compute(uint32_t e, const RValue& exact);
  /// The initializer whose value a `const` (or an override without a pipeline value) has.
  ast::ExpressionId initializerOf(uint32_t identifier) const;

  const ast::Module& module_;
  CheckedModule& checked_;
  TypeTable& types_;
  std::vector<std::optional<RValue>> own_;
  std::vector<uint8_t> state_;  // 0 not computed, 1 in progress, 2 done
};

/// True if a value of type `t` holds an f32 or f16 scalar.
bool holdsConcreteFloat(const TypeTable& types, Type t);

}  // namespace plumb::interp
