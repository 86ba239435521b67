// Errors that current WGSL decides from some const operands of a call or operator whose other
// operands are not const (revision 2026; delta 3.2, 3.4, 3.5): "It is a shader-creation error
// if e2 is a const-expression" holds whatever e1 is. When every operand is const the
// evaluators (evaluate.cpp, evaluate_*_builtins.cpp) report the same errors; the seed has none
// of these rules (Revision::constIntegerErrors, Revision::constArgumentErrors).
#include <algorithm>
#include <optional>
#include <string_view>

#include "checker/wgsl/checker_impl.h"

namespace plumb {

namespace {

// The scalar components of a value (the value itself for a scalar).
std::vector<const Value*> componentsOf(const Value& v) {
  std::vector<const Value*> out;
  if (!v.isComposite()) return {&v};
  for (const Value& x : v.elements()) out.push_back(&x);
  return out;
}

// Whether `pred` holds for some pair of components (a scalar is paired with every component).
template <class Pred>
bool anyPair(const Value& a, const Value& b, Pred pred) {
  std::vector<const Value*> xs = componentsOf(a), ys = componentsOf(b);
  size_t n = std::max(xs.size(), ys.size());
  for (size_t i = 0; i < n; ++i)
    if (pred(*xs[xs.size() == 1 ? 0 : i], *ys[ys.size() == 1 ? 0 : i])) return true;
  return false;
}

// The position of the parameter `name` in a row's signature "(a: T, b: vec2<C>) -> R".
std::optional<size_t> parameterIndex(std::string_view signature, std::string_view name) {
  size_t index = 0, depth = 0, start = 1;
  for (size_t i = 1; i < signature.size() && signature[i] != ')'; ++i) {
    char c = signature[i];
    if (c == '<') ++depth;
    if (c == '>') --depth;
    if (c == ',' && depth == 0) {
      ++index;
      start = i + 1;
    }
    if (c == ':' && depth == 0) {
      std::string_view p = signature.substr(start, i - start);
      while (!p.empty() && p.front() == ' ') p.remove_prefix(1);
      while (!p.empty() && p.back() == ' ') p.remove_suffix(1);
      if (p == name) return index;
    }
  }
  return std::nullopt;
}

bool isFloat(TypeKind k) {
  return k == TypeKind::F32 || k == TypeKind::F16 || k == TypeKind::AbstractFloat;
}

}  // namespace

bool Checker::checkConstOperands(const Selection& s, const std::vector<std::optional<Value>>& known,
                                 Span span, bool atPipeline) {
  const OverloadRow& row = *s.overload->row;
  const Revision& revision = m_.revision();
  auto fail = [&](const std::string& why, const char* rule) {
    error(span,
          std::string(atPipeline ? "override-expression" : "creation-time") + " evaluation: " + why,
          rule);
    return false;
  };
  // How the message names a known operand: a const-expression's, or at pipeline creation
  // (new#override-expr) an override-expression's value.
  const std::string c = atPipeline ? "known" : "const";
  auto has = [&](size_t i) { return i < known.size() && known[i].has_value(); };
  // When every operand is const the evaluators report the errors that need only values.
  bool allKnown = true;
  for (size_t i = 0; i < known.size(); ++i) allKnown = allKnown && has(i);
  auto scalarKind = [&](size_t i) {
    Type t = s.parameterTypes[i];
    return types_.kind(types_.kind(t) == TypeKind::Vector ? types_[t].element : t);
  };
  auto number = [](const Value& v) {
    return std::holds_alternative<double>(v.data) ? v.floatValue()
                                                  : static_cast<double>(v.intValue());
  };

  if (row.kind == OverloadKind::BinaryOperator && revision.constIntegerErrors && has(1) &&
      !allKnown) {
    TypeKind k = scalarKind(0);
    bool concreteInteger = k == TypeKind::I32 || k == TypeKind::U32;
    if (concreteInteger && (row.name == "/" || row.name == "%")) {
      // new#arithmetic-expr: "If e2 is zero: It is a shader-creation error if e2 is a
      // const-expression".
      for (const Value* y : componentsOf(*known[1]))
        if (y->intValue() == 0)
          return fail(
              std::string(row.name == "/" ? "division" : "remainder") + " by a " + c + " zero",
              "arithmetic-expr");
    }
    if (concreteInteger && (row.name == "<<" || row.name == ">>")) {
      // new#bit-expr: "If e2 is greater than or equal to the bit width of e1 ... a
      // shader-creation error if e2 is a const-expression".
      for (const Value* y : componentsOf(*known[1]))
        if (y->intValue() >= 32)
          return fail("shift by a " + c + " " + std::to_string(y->intValue()) +
                          ", not less than the bit width 32",
                      "bit-expr");
    }
    return true;
  }
  if (row.kind != OverloadKind::Builtin) return true;
  // In both revisions (docs/ambiguities.md S21): old#texturesample, new#texturesample and the
  // other sampling functions: "The offset expression must be a creation-time expression ...
  // Each offset component must be at least -8 and at most 7"; #texturegather: "component ...
  // must be a creation-time expression ... in the range [0, 3]".
  std::optional<size_t> offset;
  if (row.name.starts_with("texture")) offset = parameterIndex(row.signature, "offset");
  if (std::optional<size_t> i = offset) {
    if (!has(*i))
      return fail(std::string(row.name) + ": the offset must be a const-expression",
                  "texturesample");
    for (const Value* x : componentsOf(*known[*i]))
      if (x->intValue() < -8 || x->intValue() > 7)
        return fail(std::string(row.name) + ": offset component " + std::to_string(x->intValue()) +
                        " is outside [-8, 7]",
                    "texturesample");
  }
  if (row.name == "textureGather") {
    if (std::optional<size_t> i = parameterIndex(row.signature, "component")) {
      if (!has(*i))
        return fail("textureGather: the component must be a const-expression", "texturegather");
      int64_t v = known[*i]->intValue();
      if (v < 0 || v > 3)
        return fail("textureGather: component " + std::to_string(v) + " is outside [0, 3]",
                    "texturegather");
    }
  }
  if (row.name == "textureSampleBias" && revision.creationTimeSampleBiasRange) {
    // old#texturesamplebias: "bias must be between -16.0 and 15.99" (a shader-creation error,
    // decidable for a creation-time bias only; the f32 15.99, the parameter being f32). 2026
    // clamps instead (new#texturesamplebias; docs/ambiguities.md T13).
    if (std::optional<size_t> i = parameterIndex(row.signature, "bias"); i && has(*i)) {
      double bias = number(*known[*i]);
      if (!(bias >= -16.0 && bias <= static_cast<double>(15.99f)))
        return fail("textureSampleBias: bias " + formatValue(types_, *known[*i]) +
                        " is outside [-16.0, 15.99]",
                    "texturesamplebias");
    }
  }
  if (!revision.constArgumentErrors) return true;

  if (row.name == "subgroupBroadcast" || row.name == "quadBroadcast") {
    // new#subgroupbroadcast-builtin, new#quadbroadcast-builtin: "id must be a const-expression
    // in the range [0, 128)" ([0, 4) for quads).
    int64_t limit = row.name == "quadBroadcast" ? 4 : 128;
    if (!has(1))
      return fail(std::string(row.name) + ": id must be a const-expression", row.anchor.data());
    int64_t id = known[1]->intValue();
    if (id < 0 || id >= limit)
      return fail(std::string(row.name) + ": id " + std::to_string(id) + " is outside [0, " +
                      std::to_string(limit) + ")",
                  row.anchor.data());
  }
  if ((row.name == "subgroupShuffle" || row.name == "subgroupShuffleDown" ||
       row.name == "subgroupShuffleUp" || row.name == "subgroupShuffleXor") &&
      has(1)) {
    // new#subgroupshuffle-builtin ("If id is outside the range [0, 128) ... a shader-creation
    // error if id is a const-expression"), and the same for delta and mask (> 127).
    int64_t v = known[1]->intValue();
    if (v < 0 || v >= 128)
      return fail(
          std::string(row.name) + ": a " + c + " " + std::to_string(v) + " outside [0, 128)",
          row.anchor.data());
  }

  if (row.name == "clamp" && has(1) && has(2) && !allKnown) {
    // new#clamp: "If low is greater than high ... a shader-creation error if low and high are
    // const-expressions".
    if (anyPair(*known[1], *known[2],
                [&](const Value& low, const Value& high) { return number(low) > number(high); }))
      return fail("clamp with a " + c + " low greater than its " + c + " high", "clamp");
  }
  if (row.name == "smoothstep" && has(0) && has(1) && !allKnown && isFloat(scalarKind(0))) {
    // new#smoothstep-builtin: "If edge0 = edge1 ... a shader-creation error if edge0 and edge1
    // are const-expressions".
    if (anyPair(*known[0], *known[1], [](const Value& low, const Value& high) {
          return low.floatValue() == high.floatValue();
        }))
      return fail("smoothstep with equal " + c + " edges (division by zero)", "smoothstep-builtin");
  }
  if (row.name == "ldexp" && has(1) && !allKnown) {
    // new#ldexp-builtin: "If e2 > bias + 1 ... a shader-creation error if e2 is a
    // const-expression".
    TypeKind k = scalarKind(0);
    int64_t bias = k == TypeKind::F16 ? 15 : k == TypeKind::F32 ? 127 : 1023;
    for (const Value* e2 : componentsOf(*known[1]))
      if (e2->intValue() > bias + 1)
        return fail("ldexp with a " + c + " e2 of " + std::to_string(e2->intValue()) +
                        ", greater than the exponent bias plus one (" + std::to_string(bias + 1) +
                        ")",
                    "ldexp-builtin");
  }
  if (row.name == "extractBits" || row.name == "insertBits") {
    // new#extractBits-signed-builtin, new#insertBits-builtin: "If count + offset is greater
    // than w ... a shader-creation error if count and offset are const-expressions".
    size_t offset = row.name == "extractBits" ? 1 : 2;
    if (has(offset) && has(offset + 1) &&
        known[offset]->intValue() + known[offset + 1]->intValue() > 32)
      return fail(std::string(row.name) + " with " + c + " offset + count greater than 32",
                  row.name == "extractBits" ? "extractBits-signed-builtin" : "insertBits-builtin");
  }
  return true;
}

}  // namespace plumb
