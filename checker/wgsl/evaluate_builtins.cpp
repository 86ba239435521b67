// Evaluators of @const built-in functions (#creation-time-funcs): the registry, the
// component-wise helper, and #logical-builtin-functions. The other sections are in
// evaluate_float_builtins.cpp, evaluate_integer_builtins.cpp,
// evaluate_vector_matrix_builtins.cpp and evaluate_packing_builtins.cpp. Each works
// component-wise where the function is component-wise; floating-point results are the exact
// result correctly rounded to the type (to nearest), and a result that is not finite is a
// creation-time error.
#include <set>

#include "checker/wgsl/builtin_evaluation.h"

namespace plumb {

namespace builtins {

std::string Context::callText(const std::vector<Value>& args) const {
  std::string out(name());
  out += "(";
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) out += ", ";
    out += formatValue(types, args[i]);
  }
  return out + ")";
}

std::optional<Value> componentWise(const Context& c, const ScalarFunction& f) {
  Type result = c.call.result;
  if (c.types.kind(result) != TypeKind::Vector) return f(c, c.call.args, result);
  size_t n = c.types[result].size;
  Type component = c.types[result].element;
  std::vector<Value> components;
  for (size_t i = 0; i < n; ++i) {
    std::vector<Value> parts;
    for (const Value& a : c.call.args) parts.push_back(a.isComposite() ? a.elements()[i] : a);
    std::optional<Value> v = f(c, parts, component);
    if (!v) return std::nullopt;
    components.push_back(std::move(*v));
  }
  return vectorValue(result, std::move(components));
}

// #logical-builtin-functions
void addLogicalEvaluators(EvaluatorTable& table) {
  const std::string_view section = "logical-builtin-functions";
  // all(e): true if every component is true; any(e): if some component is.
  auto reduce = [](bool all) {
    return [all](const Context& c) -> std::optional<Value> {
      const Value& e = c.call.args[0];
      std::vector<Value> one{e};
      const std::vector<Value>& components = e.isComposite() ? e.elements() : one;
      bool r = all;
      for (const Value& x : components) r = all ? r && x.boolValue() : r || x.boolValue();
      return Value{c.types.boolType(), r};
    };
  };
  table[{"all", section}] = reduce(true);
  table[{"any", section}] = reduce(false);
  // select(f, t, cond): t when cond, component-wise for a vector condition.
  table[{"select", section}] = [](const Context& c) -> std::optional<Value> {
    const Value& cond = c.call.args[2];
    if (!cond.isComposite()) return cond.boolValue() ? c.call.args[1] : c.call.args[0];
    std::vector<Value> components;
    for (size_t i = 0; i < cond.elements().size(); ++i)
      components.push_back(cond.elements()[i].boolValue() ? c.call.args[1].elements()[i]
                                                          : c.call.args[0].elements()[i]);
    return vectorValue(c.call.result, std::move(components));
  };
}

namespace {

const EvaluatorTable& evaluators() {
  static const EvaluatorTable table = [] {
    EvaluatorTable t;
    addLogicalEvaluators(t);
    addFloatEvaluators(t);
    addIntegerEvaluators(t);
    addVectorMatrixEvaluators(t);
    addPackingEvaluators(t);
    return t;
  }();
  return table;
}

}  // namespace

}  // namespace builtins

EvaluationOutcome evaluateBuiltin(TypeTable& types, const BuiltinCall& call, const ErrorSink& error,
                                  std::optional<Value>& out) {
  const auto& table = builtins::evaluators();
  auto it = table.find({call.overload.row->name, call.overload.row->anchor});
  if (it == table.end()) return EvaluationOutcome::Unsupported;
  builtins::Context context{types, call, error};
  std::optional<Value> v = it->second(context);
  if (!v) return EvaluationOutcome::Error;
  out = std::move(v);
  return EvaluationOutcome::Value;
}

std::vector<std::string_view> evaluatedBuiltins() {
  std::set<std::string_view> names;
  for (const auto& [key, f] : builtins::evaluators()) names.insert(key.first);
  return {names.begin(), names.end()};
}

}  // namespace plumb
