// The lookups of the rule table (rules.h).
#include "interpreter/rules.h"

namespace plumb::interp {

std::optional<RuleId> functionBuiltinRule(std::string_view anchor) {
  // The sections of semantics/builtin_function_table.cpp whose built-ins are functions of their
  // arguments (runtime_operations.h callBuiltin): each one rule, named as its section.
  for (RuleId id : {RuleId::LogicalBuiltinFunctions, RuleId::FloatBuiltinFunctions,
                    RuleId::IntegerBuiltinFunctions, RuleId::MatrixBuiltinFunctions,
                    RuleId::VectorBuiltinFunctions, RuleId::PackBuiltinFunctions,
                    RuleId::UnpackBuiltinFunctions})
    if (rule(id).anchor == anchor) return id;
  return std::nullopt;
}

std::optional<RuleId> ruleByName(std::string_view name) {
  for (const Rule& r : kRules)
    if (r.name == name) return r.id;
  return std::nullopt;
}

}  // namespace plumb::interp
