#include "gen/wgsl/constructor_forms.h"

namespace plumb::gen::wgsl::overload {

const char* formName(int form) {
  switch (form) {
    case Identity:
      return "identity";
    case Splat:
      return "splat";
    case Components:
      return "components";
    case Conversion:
      return "conversion";
    case Zero:
      return "zero value";
    default:
      return "?";
  }
}

std::vector<int> conversionSources(int to) {
  switch (to) {
    case Bool:
      return {U32, I32, F32, F16};  // "coercion to boolean from ..."
    case I32:
      return {Bool, U32, F32, F16};  // bool, reinterpretation, value conversions
    case U32:
      return {Bool, AbstractInt, I32, F32, F16};
    case F32:
      return {Bool, I32, U32, F16};
    case F16:
      return {Bool, I32, U32, F32};
    default:
      return {};
  }
}

namespace {

/// Components candidates of a vector or matrix with component type `t`: each operand is a
/// `t` or a vector of `t` of its own width; vectors need the widths to add up to `n`.
void components(std::vector<Candidate>& out, const std::vector<Ty>& operands, int t, Ty result,
                int total) {
  Candidate c;
  c.result = result;
  c.group = Components;
  int sum = 0;
  for (const Ty& o : operands) {
    if (o.shape == Matrix) return;
    c.params.push_back(o.shape == Vector ? vec(o.n, t) : scalar(t));
    sum += o.shape == Vector ? o.n : 1;
  }
  if (sum == total) out.push_back(std::move(c));
}

}  // namespace

std::vector<Candidate> constructorCandidates(const ConstructorTarget& target,
                                             const std::vector<Ty>& operands) {
  std::vector<Candidate> out;
  const size_t k = operands.size();
  auto add = [&](std::vector<Ty> params, Ty result, int form) {
    out.push_back(Candidate{std::move(params), result, form});
  };
  const Ty& t = target.type;
  switch (target.what) {
    case ConstructorTarget::ScalarType:
      if (k == 0) add({}, t, Zero);
      if (k == 1) {
        add({t}, t, Identity);  // "Scalar constructor type rules": bool(e), i32(e), ...
        for (int s : conversionSources(t.kind)) add({scalar(s)}, t, Conversion);
      }
      break;
    case ConstructorTarget::InferredVector:
    case ConstructorTarget::TypedVector: {
      bool typed = target.what == ConstructorTarget::TypedVector;
      // The inferred forms `vecN(...)` range over every component type, abstract ones
      // included (#vector-types: vectors of scalars or abstract numeric types).
      std::vector<int> kinds;
      if (typed)
        kinds = {t.kind};
      else
        for (int x = 0; x < kKinds; ++x) kinds.push_back(x);
      for (int x : kinds) {
        Ty result = vec(t.n, x);
        if (k == 0) {
          if (typed) add({}, result, Zero);  // "Vector zero type rules": vecN<T>() only
        } else if (k == 1) {
          add({scalar(x)}, result, Splat);
          add({result}, result, Identity);
          if (typed)  // "Vector conversion type rules", component-wise
            for (int s : conversionSources(x)) add({vec(t.n, s)}, result, Conversion);
        } else {
          components(out, operands, x, result, t.n);
        }
      }
      break;
    }
    case ConstructorTarget::InferredMatrix:
    case ConstructorTarget::TypedMatrix: {
      bool typed = target.what == ConstructorTarget::TypedMatrix;
      std::vector<int> kinds =
          typed ? std::vector<int>{t.kind} : std::vector<int>{AbstractFloat, F32, F16};
      for (int x : kinds) {
        Ty result = mat(t.n, t.r, x);
        if (k == 0) {
          if (typed) add({}, result, Zero);  // "Matrix zero type rules"
          continue;
        }
        if (k == 1) {
          add({result}, result, Identity);
          // "Matrix conversion type rules": f16 <-> f32 only.
          if (typed && x == F32) add({mat(t.n, t.r, F16)}, result, Conversion);
          if (typed && x == F16) add({mat(t.n, t.r, F32)}, result, Conversion);
        }
        if (k == static_cast<size_t>(t.n))  // column by column
          add(std::vector<Ty>(k, vec(t.r, x)), result, Components);
        if (k == static_cast<size_t>(t.n * t.r))  // column-major by elements
          add(std::vector<Ty>(k, scalar(x)), result, Components);
      }
      break;
    }
    case ConstructorTarget::Array:
      // "array value construction" and "array zero value": N elements, or none.
      if (k == 0) add({}, t, Zero);
      if (k == target.elements.size()) add(target.elements, t, Components);
      break;
    case ConstructorTarget::Struct:
      if (k == 0) add({}, t, Zero);
      if (k == target.elements.size()) add(target.elements, t, Components);
      break;
  }
  return out;
}

}  // namespace plumb::gen::wgsl::overload
