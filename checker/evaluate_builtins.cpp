// Evaluators of @const built-in functions (#creation-time-funcs). Each works component-wise
// where the function is component-wise; floating-point results are correctly rounded to the
// type (to nearest), and a result that is not finite is a creation-time error.
#include <cmath>
#include <map>

#include "checker/builtin_evaluators.h"
#include "checker/float_rounding.h"

namespace plumb {

namespace {

using Evaluator = std::function<EvaluationOutcome(TypeTable&, const BuiltinCall&, const ErrorSink&,
                                                  std::optional<Value>&)>;

double roundToKind(TypeKind k, double x) {
  if (k == TypeKind::F32) return roundToF32(x);
  if (k == TypeKind::F16) return roundToF16(x);
  return x;
}

// Applies a scalar function to the components of vector arguments (component-wise).
EvaluationOutcome componentWise(
    TypeTable& types, const BuiltinCall& call, const ErrorSink& error, std::optional<Value>& out,
    const std::function<std::optional<Value>(const std::vector<Value>&, Type)>& f) {
  bool vector = types.kind(call.result) == TypeKind::Vector;
  if (!vector) {
    std::optional<Value> v = f(call.args, call.result);
    if (!v) return EvaluationOutcome::Error;
    out = std::move(v);
    return EvaluationOutcome::Value;
  }
  size_t n = types[call.result].size;
  Type component = types[call.result].element;
  Value result{call.result, std::vector<Value>{}};
  for (size_t i = 0; i < n; ++i) {
    std::vector<Value> parts;
    for (const Value& a : call.args)
      parts.push_back(std::holds_alternative<std::vector<Value>>(a.data) ? a.elements()[i] : a);
    std::optional<Value> v = f(parts, component);
    if (!v) return EvaluationOutcome::Error;
    std::get<std::vector<Value>>(result.data).push_back(std::move(*v));
  }
  out = std::move(result);
  return EvaluationOutcome::Value;
}

const std::map<std::string_view, Evaluator>& evaluators() {
  static const std::map<std::string_view, Evaluator> table = {
      // #logical-builtin-functions
      {"all",
       [](TypeTable& types, const BuiltinCall& c, const ErrorSink&, std::optional<Value>& out) {
         const Value& e = c.args[0];
         bool r = true;
         if (std::holds_alternative<std::vector<Value>>(e.data))
           for (const Value& x : e.elements()) r = r && x.boolValue();
         else
           r = e.boolValue();
         out = Value{types.boolType(), r};
         return EvaluationOutcome::Value;
       }},
      {"any",
       [](TypeTable& types, const BuiltinCall& c, const ErrorSink&, std::optional<Value>& out) {
         const Value& e = c.args[0];
         bool r = false;
         if (std::holds_alternative<std::vector<Value>>(e.data))
           for (const Value& x : e.elements()) r = r || x.boolValue();
         else
           r = e.boolValue();
         out = Value{types.boolType(), r};
         return EvaluationOutcome::Value;
       }},
      {"select",
       [](TypeTable& types, const BuiltinCall& c, const ErrorSink&, std::optional<Value>& out) {
         // select(f, t, cond): t when cond, component-wise for a vector condition.
         const Value& cond = c.args[2];
         if (!std::holds_alternative<std::vector<Value>>(cond.data)) {
           out = cond.boolValue() ? c.args[1] : c.args[0];
           return EvaluationOutcome::Value;
         }
         Value r{c.result, std::vector<Value>{}};
         for (size_t i = 0; i < cond.elements().size(); ++i)
           std::get<std::vector<Value>>(r.data).push_back(cond.elements()[i].boolValue()
                                                              ? c.args[1].elements()[i]
                                                              : c.args[0].elements()[i]);
         out = std::move(r);
         (void)types;
         return EvaluationOutcome::Value;
       }},
  };
  return table;
}

}  // namespace

EvaluationOutcome evaluateBuiltin(TypeTable& types, const BuiltinCall& call, const ErrorSink& error,
                                  std::optional<Value>& out) {
  const auto& table = evaluators();
  auto it = table.find(call.overload.row->name);
  if (it == table.end()) return EvaluationOutcome::Unsupported;
  return it->second(types, call, error, out);
}

std::vector<std::string_view> evaluatedBuiltins() {
  std::vector<std::string_view> names;
  for (const auto& [name, f] : evaluators()) names.push_back(name);
  return names;
}

}  // namespace plumb
