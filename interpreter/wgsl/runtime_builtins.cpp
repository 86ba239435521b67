// Built-in functions at run time (runtime_operations.h callBuiltin): #logical-builtin-functions,
// #float-builtin-functions, #integer-builtin-functions, #matrix-builtin-functions,
// #vector-builtin-functions, #pack-builtin-functions, #unpack-builtin-functions.
//
// Where the arguments are exact and the function's result is exact too (every integer and
// logical function; the floating-point functions whose accuracy is "correctly rounded" and
// whose exact result is a value of the type: abs, ceil, floor, round, trunc, sign, step, min,
// max, clamp, frexp, modf, ldexp without underflow), the creation-time evaluator
// (checker/wgsl/builtin_evaluators.h) computes it: one evaluator, never two answers
// (#creation-time-expr). Otherwise the floating-point functions are the acceptance sets of
// runtime_float_builtins.cpp, and an integer function of an indeterminate argument is
// indeterminate.
#include <algorithm>
#include <cmath>
#include <set>

#include "checker/wgsl/builtin_evaluators.h"
#include "checker/float_rounding.h"
#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/runtime_float_builtins.h"
#include "interpreter/wgsl/runtime_operations.h"

namespace plumb::interp {

namespace {

bool isFloatComponent(TypeKind k) {
  return k == TypeKind::F32 || k == TypeKind::F16;
}

/// Every floating-point scalar of `v` with `f` applied.
void forEachFloat(RValue& v, const std::function<void(RValue&)>& f) {
  if (v.isComposite()) {
    for (RValue& c : v.components()) forEachFloat(c, f);
  } else if (std::holds_alternative<FloatSet>(v.data)) {
    f(v);
  }
}

bool hasSubnormal(const TypeTable& types, const RValue& v) {
  bool found = false;
  RValue copy = v;
  forEachFloat(copy, [&](RValue& s) {
    const fp::Format& f = fp::formatOf(types.kind(s.type));
    found = found || (!s.floatSet().any &&
                      (fp::isSubnormal(f, s.floatSet().lo) || fp::isSubnormal(f, s.floatSet().hi)));
  });
  return found;
}

/// The creation-time evaluator's value for exact arguments, if it has one (no error).
std::optional<Value> creationTimeValue(TypeTable& types, const Overload& overload, Type result,
                                       std::span<const RValue> args) {
  std::vector<Value> values;
  std::vector<Type> parameterTypes;
  for (const RValue& a : args) {
    std::optional<Value> v = toValue(a);
    if (!v) return std::nullopt;
    parameterTypes.push_back(a.type);
    values.push_back(std::move(*v));
  }
  BuiltinCall call{overload, result, parameterTypes, values, Span{}};
  ErrorSink ignore = [](Span, const std::string&, const char*) {};
  std::optional<Value> out;
  if (evaluateBuiltin(types, call, ignore, out) != EvaluationOutcome::Value) return std::nullopt;
  return out;
}

/// The floating-point functions whose exact result for exact arguments is a value of the
/// type, correctly rounded meaning that value itself.
bool exactWhenExact(std::string_view name) {
  static const std::set<std::string_view> names{"abs",   "ceil", "floor", "round",   "trunc",
                                                "sign",  "step", "min",   "max",     "clamp",
                                                "frexp", "modf", "ldexp", "saturate"};
  return names.count(name) > 0;
}

/// select(f, t, cond) (#logical-builtin-functions): t where cond, component-wise for a
/// vector condition; an indeterminate condition chooses either.
OperationResult select(TypeTable& types, Type result, std::span<const RValue> args) {
  const RValue &f = args[0], &t = args[1], &cond = args[2];
  auto pick = [](const RValue& c, const RValue& whenFalse, const RValue& whenTrue) -> Alternatives {
    if (c.isAny()) {
      if (whenFalse == whenTrue) return {whenTrue};
      return {whenTrue, whenFalse};
    }
    return {c.boolValue() ? whenTrue : whenFalse};
  };
  if (!cond.isComposite()) return ok(pick(cond, f, t));
  std::vector<Alternatives> parts;
  for (size_t i = 0; i < cond.components().size(); ++i) {
    if (!f.isComposite() || !t.isComposite() || i >= f.components().size() ||
        i >= t.components().size())
      return malformed("malformed select arguments");
    parts.push_back(pick(cond.components()[i], f.components()[i], t.components()[i]));
  }
  (void)types;
  return ok(product(result, parts));
}

/// all(e), any(e): exact; an indeterminate component that could decide gives an
/// indeterminate result.
OperationResult allAny(TypeTable& types, bool all, std::span<const RValue> args) {
  const RValue& e = args[0];
  std::vector<RValue> one{e};
  const std::vector<RValue>& parts = e.isComposite() ? e.components() : one;
  bool sawAny = false;
  for (const RValue& c : parts) {
    if (c.isAny()) {
      sawAny = true;
    } else if (c.boolValue() != all) {
      return ok({scalar(types.boolType(), !all)});  // decided by this component
    }
  }
  if (sawAny) return ok({anyScalar(types.boolType())});
  return ok({scalar(types.boolType(), all)});
}

/// transpose(e) (#matrix-builtin-functions): the components rearranged, exactly.
OperationResult transpose(TypeTable& types, Type result, const RValue& m) {
  const TypeNode& rt = types[result];
  Type column = types.vector(rt.rows, rt.element);
  Components columns;
  for (size_t c = 0; c < rt.size; ++c) {
    Components parts;
    for (size_t r = 0; r < rt.rows; ++r) {
      if (!m.isComposite() || r >= m.components().size() || !m.components()[r].isComposite() ||
          c >= m.components()[r].components().size())
        return malformed("malformed matrix");
      parts.push_back(m.components()[r].components()[c]);
    }
    columns.push_back(RValue{column, std::move(parts)});
  }
  return ok({RValue{result, std::move(columns)}});
}

// ---------------------------------------------------------------- packing

/// pack4x8snorm, pack4x8unorm, pack2x16snorm, pack2x16unorm of sets (#pack-builtin-functions):
/// component e[i] becomes floor(0.5 + scale * min(1, max(lower, e[i]))), monotone in e[i], so a
/// set gives a range of fields; one alternative per combination, up to kMaxAlternatives.
OperationResult packNormalized(TypeTable& types, std::string_view name, Type result,
                               const RValue& e) {
  bool isSigned = name.find("snorm") != std::string_view::npos;
  int bits = name.find("4x8") != std::string_view::npos ? 8 : 16;
  double scale = bits == 8 ? (isSigned ? 127 : 255) : (isSigned ? 32767 : 65535);
  std::vector<std::vector<uint32_t>> fields;
  for (const RValue& c : e.components()) {
    FloatSet s = std::holds_alternative<FloatSet>(c.data) ? c.floatSet() : FloatSet::anyValue();
    if (s.any) return ok({anyScalar(result)});
    // ⌊0.5 + scale × min(1, max(lo, e))⌋ with the multiplication and the addition as f32
    // operations, each correctly rounded (either neighbour, #floating-point-accuracy; the
    // 2026 draft says "correctly rounded intermediate result value"): 0.9f × 255 =
    // 229.49999… may round to 229.5, so pack4x8unorm(0.9) is 229 or 230 (devices give 230).
    // The clamp is exact.
    const fp::Format& f32 = fp::formatOf(TypeKind::F32);
    auto clamp = [&](double x) { return std::fmin(1.0, std::fmax(isSigned ? -1.0 : 0.0, x)); };
    FloatSet y = fp::add(f32, FloatSet::exact(0.5),
                         fp::multiply(f32, FloatSet::exact(scale), FloatSet::range(clamp(s.lo), clamp(s.hi))));
    if (y.any) return ok({anyScalar(result)});
    std::vector<uint32_t> options;
    for (int64_t v = static_cast<int64_t>(std::floor(y.lo)); v <= static_cast<int64_t>(std::floor(y.hi)); ++v) {
      if (options.size() == kMaxAlternatives) return ok({anyScalar(result)});
      options.push_back(static_cast<uint32_t>(v) & ((1u << bits) - 1));
    }
    fields.push_back(std::move(options));
  }
  std::vector<uint32_t> words{0};
  for (size_t i = 0; i < fields.size(); ++i) {
    std::vector<uint32_t> next;
    for (uint32_t w : words)
      for (uint32_t f : fields[i]) next.push_back(w | (f << (bits * i)));
    if (next.size() > kMaxAlternatives) return ok({anyScalar(result)});
    words = std::move(next);
  }
  Alternatives out;
  for (uint32_t w : words) out.push_back(scalarInt(result, w));
  return ok(std::move(out));
}

/// pack2x16float: each component converted to binary16 (#floating-point-conversion: either
/// neighbour; beyond the finite range an infinity, whose bits are then any value,
/// #floating-point-evaluation); a zero has two encodings (the sign of zero is not tracked).
OperationResult pack2x16float(TypeTable& types, Type result, const RValue& e) {
  const fp::Format& half = fp::formatOf(TypeKind::F16);
  std::vector<std::vector<uint32_t>> fields;
  for (const RValue& c : e.components()) {
    FloatSet s = std::holds_alternative<FloatSet>(c.data) ? c.floatSet() : FloatSet::anyValue();
    if (!s.any) s = fp::convertCorrectlyRounded(half, s.lo, s.hi);
    if (s.any) return ok({anyScalar(result)});
    std::vector<uint32_t> options;
    for (double x = s.lo; x <= s.hi; x = fp::nextUp(half, x)) {
      if (options.size() + 2 > kMaxAlternatives) return ok({anyScalar(result)});
      // A zero is both encodings (R10), whichever sign the enumeration reached it with: the
      // successor of the negative subnormal -2^-24 is -0, whose f16Bits is 0x8000 too.
      if (x == 0) {
        options.push_back(0x0000);
        options.push_back(0x8000);
      } else {
        options.push_back(f16Bits(x));
      }
    }
    // A subnormal binary16 intermediate may be flushed to zero (docs/ambiguities.md R16).
    if (fp::flush(half, s) != s && std::find(options.begin(), options.end(), 0u) == options.end()) {
      options.push_back(0x0000);
      options.push_back(0x8000);
      if (options.size() > kMaxAlternatives) return ok({anyScalar(result)});
    }
    fields.push_back(std::move(options));
  }
  std::vector<uint32_t> words{0};
  for (size_t i = 0; i < fields.size(); ++i) {
    std::vector<uint32_t> next;
    for (uint32_t w : words)
      for (uint32_t f : fields[i]) next.push_back(w | (f << (16 * i)));
    if (next.size() > kMaxAlternatives) return ok({anyScalar(result)});
    words = std::move(next);
  }
  Alternatives out;
  for (uint32_t w : words) out.push_back(scalarInt(result, w));
  (void)types;
  return ok(std::move(out));
}

/// unpack4x8snorm, unpack4x8unorm, unpack2x16snorm, unpack2x16unorm, unpack2x16float
/// (#unpack-builtin-functions). Not in the seed's accuracy table: each component is the
/// formula's exact value (v / scale; snorm: max(v / scale, -1)) converted to f32, either
/// neighbour (#floating-point-conversion; docs/ambiguities.md R6); binary16 halves are exact in
/// f32, and an infinity or NaN half is any value.
OperationResult unpack(TypeTable& types, std::string_view name, Type result, const RValue& e,
                       const Revision& revision) {
  if (e.isAny()) return ok({anyValueOf(types, result)});
  uint32_t word = static_cast<uint32_t>(e.intValue());
  Type f32 = types[result].element;
  Components parts;
  if (name == "unpack2x16float") {
    // A subnormal binary16 half may be flushed to zero (docs/ambiguities.md R16): the set
    // from zero to its value.
    const fp::Format& half = fp::formatOf(TypeKind::F16);
    for (int i = 0; i < 2; ++i)
      parts.push_back(scalarFloat(
          f32, fp::flush(half, FloatSet::exact(f16FromBits(uint16_t(word >> (16 * i)))))));
    return ok({RValue{result, std::move(parts)}});
  }
  bool isSigned = name.find("snorm") != std::string_view::npos;
  int bits = name.find("4x8") != std::string_view::npos ? 8 : 16;
  long scale = bits == 8 ? (isSigned ? 127 : 255) : (isSigned ? 32767 : 65535);
  const fp::Format& single = fp::formatOf(TypeKind::F32);
  for (int i = 0; i < 32 / bits; ++i) {
    uint32_t field = (word >> (bits * i)) & ((1u << bits) - 1);
    int64_t v = field;
    if (isSigned && (field >> (bits - 1))) v -= int64_t{1} << bits;
    // v ÷ scale as the f32 division of the formula (2.5 ULP, #floating-point-accuracy; the
    // 2026 draft gives 3 ULP), then max(·, -1), exact.
    FloatSet q = fp::divide(single, FloatSet::exact(static_cast<double>(v)),
                            FloatSet::exact(static_cast<double>(scale)));
    if (!q.any) q = FloatSet::range(std::max(q.lo, -1.0), std::max(q.hi, -1.0));
    if (revision.unpackNormalizedWithinThreeUlp) {
      // new#concrete-float-accuracy (2026, delta 7.1): "3 ULP" of the exact result
      // max(v / scale, -1), which lies between the binary64 neighbours of its rounding.
      double exact = static_cast<double>(v) / static_cast<double>(scale);
      double lo = std::max(std::nextafter(exact, -2.0), -1.0);
      double hi = std::max(std::nextafter(exact, 2.0), -1.0);
      if (v == 0 || v == scale || v <= -scale) lo = hi = std::max(exact, -1.0);  // exact
      q = fp::withinUlps(single, lo, hi, 3);
    }
    parts.push_back(scalarFloat(f32, q));
  }
  return ok({RValue{result, std::move(parts)}});
}

bool anyIndeterminate(const RValue& v) {
  if (v.isAny()) return true;
  if (v.isComposite())
    for (const RValue& c : v.components())
      if (anyIndeterminate(c)) return true;
  return false;
}

}  // namespace

OperationResult callBuiltin(TypeTable& types, const Overload& overload, Type result,
                            std::span<const RValue> args, const Revision& revision) {
  if (!overload.row) return malformed("no overload");
  std::string_view name = overload.row->name, anchor = overload.row->anchor;
  if (anchor == "texture-builtin-functions" || anchor == "atomic-builtin-functions" ||
      anchor == "sync-builtin-functions" || anchor == "array-builtin-functions" ||
      anchor == "derivative-builtin-functions" || name.substr(0, 7) == "texture" ||
      name.substr(0, 6) == "atomic")
    return malformed(std::string(name) +
                     " needs memory, resources or other invocations: the machine evaluates it");
  if (args.size() != overload.parameters.size()) return malformed("wrong number of arguments");
  // An abstract argument at run time (concretizeAbstract) passed to a parameter of a concrete
  // type takes that type, as a creation-time argument would (the checker's converted value).
  for (size_t i = 0; i < args.size(); ++i) {
    TypeKind k = types.kind(componentType(types, args[i].type));
    if (k != TypeKind::AbstractInt && k != TypeKind::AbstractFloat) continue;
    if (!overload.parameters[i].concrete()) continue;
    Type component = componentType(types, overload.parameters[i].type);
    TypeKind pk = types.kind(component);
    if (pk == TypeKind::AbstractInt || pk == TypeKind::AbstractFloat) continue;
    std::vector<RValue> converted(args.begin(), args.end());
    for (size_t j = i; j < converted.size(); ++j) {
      TypeKind kj = types.kind(componentType(types, converted[j].type));
      if ((kj != TypeKind::AbstractInt && kj != TypeKind::AbstractFloat) || !overload.parameters[j].concrete())
        continue;
      Type cj = componentType(types, overload.parameters[j].type);
      TypeKind pj = types.kind(cj);
      if (pj == TypeKind::AbstractInt || pj == TypeKind::AbstractFloat) continue;
      OperationResult r = concretizeAbstract(types, converted[j], cj);
      if (!r.ok()) return r;
      if (r.alternatives.size() != 1) return unsupported("an abstract argument with several values");
      converted[j] = std::move(r.alternatives[0]);
    }
    return callBuiltin(types, overload, result, converted, revision);
  }

  // #logical-builtin-functions.
  if (name == "select" && args.size() == 3) return select(types, result, args);
  if ((name == "all" || name == "any") && args.size() == 1)
    return allAny(types, name == "all", args);
  if (name == "transpose" && args.size() == 1) return transpose(types, result, args[0]);

  TypeKind component = types.kind(componentType(types, args.empty() ? result : args[0].type));
  if (anchor == "pack-builtin-functions" && args.size() == 1 && args[0].isComposite()) {
    if (name == "pack2x16float") return pack2x16float(types, result, args[0]);
    // Not the creation-time evaluator's one value (the exact formula): the set of the formula
    // evaluated in f32, which holds it (docs/ambiguities.md R6).
    return packNormalized(types, name, result, args[0]);
  }
  if (anchor == "unpack-builtin-functions" && args.size() == 1)
    return unpack(types, name, result, args[0], revision);

  bool floating = isFloatComponent(component);
  if (!floating) {
    // Integer functions, and dot of integer vectors: exact, by the creation-time evaluator;
    // indeterminate if an argument is.
    for (const RValue& a : args)
      if (anyIndeterminate(a)) return ok({anyValueOf(types, result)});
    if (std::optional<Value> v = creationTimeValue(types, overload, result, args))
      return ok({fromValue(*v)});
    return unsupported(std::string(name) + " has no evaluator for " + types.name(result));
  }

  if (exactWhenExact(name)) {
    bool subnormalInput = false;
    for (const RValue& a : args) subnormalInput = subnormalInput || hasSubnormal(types, a);
    if (!subnormalInput) {
      if (std::optional<Value> v = creationTimeValue(types, overload, result, args)) {
        RValue r = fromValue(*v);
        // ldexp: exact unless the product underflows (rounded): then the set path.
        bool exact = true;
        if (name == "ldexp") {
          double x = std::holds_alternative<double>(v->data) ? v->floatValue() : 0;
          const fp::Format& f = fp::formatOf(component);
          exact = v->isComposite() ? false : !(fp::isSubnormal(f, x) || x == 0);
          if (!exact && toValue(args[0]) && toValue(args[0])->isScalar() &&
              toValue(args[0])->floatValue() == 0)
            exact = true;
        }
        if (exact) {
          // Outputs may be flushed (#floating-point-evaluation).
          forEachFloat(r, [&](RValue& s) {
            s.data = fp::flush(fp::formatOf(types.kind(s.type)), s.floatSet());
          });
          return ok({r});
        }
      }
    }
  }
  return floatBuiltin(types, name, result, args, revision);
}

}  // namespace plumb::interp
