// Alternatives of composite results (runtime_alternatives.h).
#include "interpreter/wgsl/runtime_alternatives.h"

namespace plumb::interp {

RValue merge(const Alternatives& alternatives) {
  RValue first = alternatives.front();
  for (size_t i = 1; i < alternatives.size(); ++i) {
    const RValue& other = alternatives[i];
    if (first == other) continue;
    if (first.isComposite() && other.isComposite() &&
        first.components().size() == other.components().size()) {
      for (size_t c = 0; c < first.components().size(); ++c)
        first.components()[c] = merge({first.components()[c], other.components()[c]});
      continue;
    }
    if (std::holds_alternative<FloatSet>(first.data) &&
        std::holds_alternative<FloatSet>(other.data)) {
      first.data = fp::hull(first.floatSet(), other.floatSet());
      continue;
    }
    first.data = AnyScalar{};
  }
  return first;
}

Alternatives product(Type t, const std::vector<Alternatives>& parts) {
  size_t count = 1;
  for (const Alternatives& p : parts) {
    count *= p.size();
    if (count > kMaxAlternatives) break;
  }
  if (count > kMaxAlternatives) {
    Components merged;
    for (const Alternatives& p : parts) merged.push_back(merge(p));
    return {RValue{t, std::move(merged)}};
  }
  Alternatives out{RValue{t, Components{}}};
  for (const Alternatives& p : parts) {
    Alternatives next;
    for (const RValue& prefix : out)
      for (const RValue& choice : p) {
        RValue v = prefix;
        v.components().push_back(choice);
        next.push_back(std::move(v));
      }
    out = std::move(next);
  }
  return out;
}

Alternatives truthAlternatives(Type boolType, fp::Truth t) {
  switch (t) {
    case fp::Truth::True:
      return {scalar(boolType, true)};
    case fp::Truth::False:
      return {scalar(boolType, false)};
    case fp::Truth::Either:
      break;
  }
  return {scalar(boolType, true), scalar(boolType, false)};
}

}  // namespace plumb::interp
