// The lookups of the rule table (rules.h).
#include "interpreter/wgsl/rules.h"

#include <utility>

namespace plumb::interp {

std::optional<RuleId> functionBuiltinRule(std::string_view anchor) {
  // The sections of semantics/wgsl/builtin_function_table.cpp whose built-ins are functions of their
  // arguments (runtime_operations.h callBuiltin): each one rule, named as its section.
  for (RuleId id : {RuleId::LogicalBuiltinFunctions, RuleId::FloatBuiltinFunctions,
                    RuleId::IntegerBuiltinFunctions, RuleId::MatrixBuiltinFunctions,
                    RuleId::VectorBuiltinFunctions, RuleId::PackBuiltinFunctions,
                    RuleId::UnpackBuiltinFunctions})
    if (rule(id).anchor == anchor) return id;
  // The rows current WGSL adds (semantics/wgsl/builtin_function_table_2026.cpp) name their own
  // definitions; each is a function of its arguments in the seed's section of the same kind
  // (new#numeric-builtin-functions merges the seed's float and integer sections).
  static constexpr std::pair<std::string_view, RuleId> kCurrent[] = {
      {"saturate-float-builtin", RuleId::FloatBuiltinFunctions},
      {"sign-builtin", RuleId::IntegerBuiltinFunctions},
      {"dot4U8Packed-builtin", RuleId::IntegerBuiltinFunctions},
      {"dot4I8Packed-builtin", RuleId::IntegerBuiltinFunctions},
      {"pack4xI8-builtin", RuleId::PackBuiltinFunctions},
      {"pack4xU8-builtin", RuleId::PackBuiltinFunctions},
      {"pack4xI8Clamp-builtin", RuleId::PackBuiltinFunctions},
      {"pack4xU8Clamp-builtin", RuleId::PackBuiltinFunctions},
      {"unpack4xI8-builtin", RuleId::UnpackBuiltinFunctions},
      {"unpack4xU8-builtin", RuleId::UnpackBuiltinFunctions},
  };
  for (const auto& [a, id] : kCurrent)
    if (a == anchor) return id;
  return std::nullopt;
}

std::optional<RuleId> ruleByName(std::string_view name) {
  for (const Rule& r : kRules)
    if (r.name == name) return r.id;
  return std::nullopt;
}

}  // namespace plumb::interp
