// #derivative-builtin-functions over a quad (quad.h).
#include "interpreter/wgsl/quad.h"

#include <algorithm>
#include <cmath>

#include "interpreter/wgsl/runtime_alternatives.h"

namespace plumb::interp {

namespace {

/// `a - b` as one value: the alternatives of the subtraction joined by their hull.
OperationResult difference(TypeTable& types, Type t, const RValue& a, const RValue& b) {
  RValue operands[] = {a, b};
  operands[0].type = t;
  operands[1].type = t;
  OperationResult r = applyOperator(types, "-", t, operands);
  if (!r.ok()) return r;
  RValue joined = merge(r.alternatives);
  joined.type = t;
  return ok(Alternatives{std::move(joined)});
}

/// |x| of a float set, component by component: the interval of the absolute values.
FloatSet absoluteSet(const FloatSet& s) {
  if (s.any) return s;
  if (s.lo >= 0) return s;
  if (s.hi <= 0) return FloatSet::range(-s.hi, -s.lo);
  return FloatSet::range(0, std::max(-s.lo, s.hi));
}

RValue absolute(const RValue& v) {
  if (v.isComposite()) {
    RValue out = v;
    for (RValue& c : out.components()) c = absolute(c);
    return out;
  }
  return RValue{v.type, absoluteSet(floatOf(v))};
}

}  // namespace

OperationResult quadDerivative(TypeTable& types, Type t, const std::array<RValue, 4>& values,
                               uint32_t id, DerivativeAxis axis, DerivativeVariant variant) {
  // The pairs (minuend, subtrahend) by quad invocation ID: along x the right minus the left
  // invocation of a row (rows {0,1}, {2,3}); along y the lower minus the upper of a column.
  using Pair = std::pair<uint32_t, uint32_t>;
  Pair own =
      axis == DerivativeAxis::X ? Pair{(id & 2u) + 1, id & 2u} : Pair{2 + (id & 1u), id & 1u};
  std::vector<Pair> pairs;
  if (variant == DerivativeVariant::Fine)
    pairs = {own};
  else if (axis == DerivativeAxis::X)
    pairs = {{1, 0}, {3, 2}};
  else
    pairs = {{2, 0}, {3, 1}};
  Alternatives all;
  for (const auto& [m, s] : pairs) {
    OperationResult r = difference(types, t, values[m], values[s]);
    if (!r.ok()) return r;
    all.push_back(std::move(r.alternatives[0]));
  }
  RValue joined = merge(all);
  joined.type = t;
  return ok(Alternatives{std::move(joined)});
}

QuadResults derivativeBuiltin(TypeTable& types, std::string_view name, Type t,
                              const std::array<RValue, 4>& values) {
  QuadResults out;
  DerivativeVariant variant = DerivativeVariant::Either;
  out.rule = RuleId::Derivative;
  if (name.ends_with("Fine")) {
    variant = DerivativeVariant::Fine;
    out.rule = RuleId::DerivativeFine;
  } else if (name.ends_with("Coarse")) {
    variant = DerivativeVariant::Coarse;
    out.rule = RuleId::DerivativeCoarse;
  }
  bool fwidth = name.starts_with("fwidth");
  if (!fwidth && !name.starts_with("dpdx") && !name.starts_with("dpdy")) {
    out.error = std::string(name) + " is not a derivative built-in";
    return out;
  }
  for (uint32_t id = 0; id < 4; ++id) {
    auto along = [&](DerivativeAxis axis) -> std::optional<RValue> {
      OperationResult r = quadDerivative(types, t, values, id, axis, variant);
      if (!r.ok()) {
        out.error =
            r.unsupported.empty() ? std::string(name) + ": a malformed operand" : r.unsupported;
        return std::nullopt;
      }
      return std::move(r.alternatives[0]);
    };
    if (!fwidth) {
      auto d = along(name.starts_with("dpdx") ? DerivativeAxis::X : DerivativeAxis::Y);
      if (!d) return out;
      out.results[id] = std::move(*d);
      continue;
    }
    // #derivative-builtin-functions fwidth: "abs(dpdx(e)) + abs(dpdy(e))" (the variant's).
    auto dx = along(DerivativeAxis::X);
    auto dy = along(DerivativeAxis::Y);
    if (!dx || !dy) return out;
    RValue operands[] = {absolute(*dx), absolute(*dy)};
    OperationResult sum = applyOperator(types, "+", t, operands);
    if (!sum.ok()) {
      out.error =
          sum.unsupported.empty() ? std::string(name) + ": a malformed operand" : sum.unsupported;
      return out;
    }
    out.results[id] = merge(sum.alternatives);
    out.results[id].type = t;
  }
  return out;
}

}  // namespace plumb::interp
