// The Cg standard library's rows and evaluators (standard_library.h). Each evaluator is the
// reference implementation the Cg Reference Manual prints for the function, component by
// component, over the sets of numeric_model.h.
#include "interpreter/cg/standard_library.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>

#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/runtime_float_builtins.h"
#include "semantics/wgsl/revision.h"

namespace plumb::cg {

namespace {

// The element types and sizes of the manual's synopses (float1 .. float4 included). An int
// argument (a cint) is evaluated by the same formula in int arithmetic, a Plumb extension.
constexpr std::string_view kFloating = "T: float | half | fixed; n: 1 | 2 | 3 | 4";

// clang-format off
constexpr LibraryRow kRows[] = {
    {"abs", "T abs(T a); Tn abs(Tn a)", kFloating, "abs", "max(-a, a)"},
    {"ceil", "T ceil(T a); Tn ceil(Tn a)", kFloating, "ceil", "-floor(-a)"},
    {"clamp", "T clamp(T x, T a, T b); Tn clamp(Tn x, Tn a, Tn b); Tn clamp(Tn x, T a, T b)", kFloating, "clamp", "max(a, min(b, x))"},
    {"cos", "T cos(T a); Tn cos(Tn a)", kFloating, "cos", "WGSL cos accuracy (CG-E5)"},
    {"cross", "T3 cross(T3 a, T3 b)", "T: float | half | fixed", "cross", "a.yzx * b.zxy - a.zxy * b.yzx"},
    {"distance", "T distance(Tn a, Tn b)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "distance", "length(a - b)"},
    {"dot", "T dot(Tn a, Tn b)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "dot", "sum of a[i] * b[i], in any order (CG-E5)"},
    {"exp", "T exp(T a); Tn exp(Tn a)", kFloating, "exp", "WGSL exp accuracy (CG-E5)"},
    {"exp2", "T exp2(T a); Tn exp2(Tn a)", kFloating, "exp2", "WGSL exp2 accuracy (CG-E5)"},
    {"floor", "T floor(T a); Tn floor(Tn a)", kFloating, "floor", "exact"},
    {"frac", "T frac(T a); Tn frac(Tn a)", kFloating, "frac", "a - floor(a)"},
    {"length", "T length(Tn v)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "length", "sqrt(dot(v, v))"},
    {"lerp", "T lerp(T a, T b, T w); Tn lerp(Tn a, Tn b, Tn w); Tn lerp(Tn a, Tn b, T w)", kFloating, "lerp", "a + w * (b - a)"},
    {"log", "T log(T a); Tn log(Tn a)", kFloating, "log", "WGSL log accuracy (CG-E5)"},
    {"log2", "T log2(T a); Tn log2(Tn a)", kFloating, "log2", "WGSL log2 accuracy (CG-E5)"},
    {"max", "T max(T a, T b); Tn max(Tn a, Tn b)", kFloating, "max", "a > b ? a : b"},
    {"min", "T min(T a, T b); Tn min(Tn a, Tn b)", kFloating, "min", "a < b ? a : b"},
    {"mul", "Tn mul(Tnxm M, Tm v); Tm mul(Tn v, Tnxm M); Tnxp mul(Tnxm A, Tmxp B)", "T: float | half | fixed; n, m, p: 1 | 2 | 3 | 4", "mul", "each result element a dot product of a row and a column"},
    {"normalize", "Tn normalize(Tn v)", "T: float | half | fixed; n: 1 | 2 | 3 | 4", "normalize", "rsqrt(dot(v, v)) * v"},
    {"pow", "T pow(T x, T y); Tn pow(Tn x, Tn y)", kFloating, "pow", "WGSL pow: exp2(y * log2(x)) (CG-E5)"},
    {"rsqrt", "T rsqrt(T a); Tn rsqrt(Tn a)", kFloating, "rsqrt", "WGSL inverseSqrt accuracy (CG-E5)"},
    {"saturate", "T saturate(T x); Tn saturate(Tn x)", kFloating, "saturate", "max(0, min(1, x))"},
    {"sin", "T sin(T a); Tn sin(Tn a)", kFloating, "sin", "WGSL sin accuracy (CG-E5)"},
    {"sincos", "void sincos(T a, out T s, out T c); void sincos(Tn a, out Tn s, out Tn c)", kFloating, "sincos", "s = sin(a); c = cos(a) (WGSL accuracy, CG-E5)"},
    {"modf", "T modf(T x, out T ip); Tn modf(Tn x, out Tn ip)", kFloating, "modf", "ip = trunc(x); return x - ip"},
    {"trunc", "T trunc(T a); Tn trunc(Tn a)", kFloating, "trunc", "a < 0 ? -floor(-a) : floor(a)"},
    {"smoothstep", "T smoothstep(T a, T b, T x); Tn smoothstep(Tn a, Tn b, Tn x)", kFloating, "smoothstep", "t = saturate((x - a) / (b - a)); t * t * (3 - 2 * t)"},
    {"sqrt", "T sqrt(T a); Tn sqrt(Tn a)", kFloating, "sqrt", "WGSL sqrt accuracy (CG-E5)"},
    {"step", "T step(T a, T x); Tn step(Tn a, Tn x)", kFloating, "step", "x >= a ? 1 : 0"},
    // cgc's dialect, extension glsl-functions (docs/ambiguities.md CGD-2): GLSL's names, with
    // the formulas cgc 3.1's hlslf output gives them.
    {"fract", "T fract(T a); Tn fract(Tn a)", kFloating, "frac", "frac (cgc dialect)"},
    {"inversesqrt", "T inversesqrt(T a); Tn inversesqrt(Tn a)", kFloating, "rsqrt", "rsqrt (cgc dialect)"},
    {"mix", "T mix(T a, T b, T w); Tn mix(Tn a, Tn b, Tn w); Tn mix(Tn a, Tn b, T w)", kFloating, "lerp", "lerp (cgc dialect)"},
    {"mod", "T mod(T x, T y); Tn mod(Tn x, Tn y)", kFloating, "mod", "x - y * floor(x / y) (cgc dialect)"},
};
// clang-format on

constexpr double kInfinity = std::numeric_limits<double>::infinity();

NumberSet hull(const NumberSet& a, const NumberSet& b) {
  if (a.undefined || b.undefined) return NumberSet::any();
  NumberSet out;
  out.nan = a.nan || b.nan;
  out.values = a.values || b.values;
  if (a.values && b.values)
    out.lo = std::min(a.lo, b.lo), out.hi = std::max(a.hi, b.hi);
  else if (a.values)
    out.lo = a.lo, out.hi = a.hi;
  else
    out.lo = b.lo, out.hi = b.hi;
  return out;
}

struct Context {
  bool strict;
  NumericModel of(const Component& c) const { return NumericModel(c.model, strict); }
};

Component number(const Component& like, NumberSet v) {
  return Component::ofNumber(like.model, v);
}
Component constant(const Context& k, const Component& like, double v) {
  return number(like, k.of(like).fromReal(v));
}

// "a < b ? a : b" (and its mirror for max): the set of the selected operand. An ordered
// comparison with a NaN is false, which selects b.
NumberSet selectSmaller(const NumberSet& a, const NumberSet& b, bool smaller) {
  if (a.undefined || b.undefined) return NumberSet::any();
  NumberSet out;
  out.values = a.values && b.values;
  if (out.values) {
    out.lo = smaller ? std::min(a.lo, b.lo) : std::max(a.lo, b.lo);
    out.hi = smaller ? std::min(a.hi, b.hi) : std::max(a.hi, b.hi);
  }
  out.nan = b.nan;
  if (a.nan) out = hull(out, b);
  if (!out.values && !out.nan) return b;
  return out;
}

Component minMax(const Component& a, const Component& b, bool smaller, std::string& ub) {
  (void)ub;
  if (a.kind == ComponentKind::Int) {
    if (a.integer.undefined || b.integer.undefined) return Component::ofInt(IntSet::any());
    return Component::ofInt(IntSet::of(smaller ? std::min(a.integer.value, b.integer.value)
                                               : std::max(a.integer.value, b.integer.value)));
  }
  return number(a, selectSmaller(a.number, b.number, smaller));
}

NumberSet floorSet(const NumberSet& x) {
  if (x.undefined || !x.values) return x;
  NumberSet out = x;
  out.lo = std::floor(x.lo), out.hi = std::floor(x.hi);
  return out;
}

// Rounding toward zero: monotonic, so the set's ends map to the result's ends. Exact in every
// model (an integer of the model's range is one of its values).
NumberSet truncSet(const NumberSet& x) {
  if (x.undefined || !x.values) return x;
  NumberSet out = x;
  out.lo = std::trunc(x.lo), out.hi = std::trunc(x.hi);
  return out;
}

// --------------------------------------------------------------- the WGSL accuracy rows

// A transcendental row of Plumb's WGSL accuracy table (#floating-point-accuracy) over one
// component: fp32 as f32, fp16 as f16, fixed computed as f32 then converted to fixed (both
// neighbours). IEEE 754's special values first (CG-E5): NaN in, NaN out; the domain errors and
// poles where the point is known; an infinity or a NaN anywhere else in the sets: any value.
NumberSet accuracyRow(const Context& k, std::string_view wgslName, const Component& like,
                      const std::vector<NumberSet>& xs) {
  for (const NumberSet& x : xs) {
    if (x.undefined) return NumberSet::any();
    if (!x.values) return NumberSet::nanOnly();
  }
  const NumberSet& x = xs[0];
  bool logarithm = wgslName == "log2" || wgslName == "log";
  bool root = wgslName == "sqrt" || wgslName == "inverseSqrt";
  if (wgslName == "inverseSqrt" && x.values && x.lo < 0) {
    // The manual: "The square root of negative values ideally returns NaN", but "In certain
    // profiles such as vp20, rsqrt computes the absolute value of a": both (CG-E5).
    NumberSet magnitude = x;
    magnitude.lo = x.hi < 0 ? -x.hi : 0, magnitude.hi = std::max(-x.lo, x.hi);
    NumberSet out = accuracyRow(k, wgslName, like, {magnitude});
    out.nan = true;
    return out;
  }
  if ((logarithm || root) && x.hi < 0) return NumberSet::nanOnly();
  if (x.isPoint() && x.lo == 0 && xs.size() == 1) {
    if (wgslName == "sqrt") return NumberSet::point(0);
    if (wgslName == "inverseSqrt") return k.of(like).fromReal(kInfinity);
    if (logarithm) return k.of(like).fromReal(-kInfinity);
  }
  for (const NumberSet& v : xs)
    if (v.nan || std::isinf(v.lo) || std::isinf(v.hi)) return NumberSet::any();

  static TypeTable types;
  Model m = like.model == Model::Fp16 ? Model::Fp16 : Model::Fp32;
  plumb::Type t = m == Model::Fp16 ? types.f16() : types.f32();
  std::vector<interp::RValue> args;
  for (const NumberSet& v : xs)
    args.push_back(interp::scalarFloat(t, interp::FloatSet::range(v.lo, v.hi)));
  interp::OperationResult r =
      interp::floatBuiltin(types, wgslName, t, args, Revision::wgsl2022_06());
  if (!r.ok()) return NumberSet::any();
  NumberSet out;
  out.values = false;
  for (const interp::RValue& a : r.alternatives) {
    interp::FloatSet s = interp::floatOf(a);
    NumberSet n = s.any ? NumberSet::any() : NumberSet::range(s.lo, s.hi);
    out = out.values || out.nan ? hull(out, n) : n;
  }
  if (out.undefined) {
    // The WGSL row's "any value" (a possible infinity or NaN): every number of the model, an
    // infinity or NaN; a superset of what IEEE 754 hardware gives.
    return NumberSet::any();
  }
  if (like.model == Model::Fixed) return NumericModel(Model::Fixed).convert(out);
  return out;
}

// ------------------------------------------------------------------ component-wise evaluation

using ComponentFn =
    std::function<Component(const Context&, const std::vector<Component>&, std::string& ub)>;

int width(const EvalValue& v) {
  return static_cast<int>(v.components.size());
}

LibraryResult componentWise(const Context& k, const std::vector<EvalValue>& args,
                            const ComponentFn& fn) {
  LibraryResult out;
  const EvalValue* shape = nullptr;
  for (const EvalValue& a : args) {
    if (!a.isNumeric()) {
      out.error = "a standard-library argument is not a scalar, vector or matrix";
      return out;
    }
    if (!shape || width(a) > width(*shape)) shape = &a;
  }
  out.value = *shape;
  for (int i = 0; i < width(*shape); ++i) {
    std::vector<Component> cs;
    for (const EvalValue& a : args) {
      if (width(a) != 1 && width(a) != width(*shape)) {
        out.error = "standard-library arguments of different sizes";
        return out;
      }
      cs.push_back(a.components[width(a) == 1 ? 0 : i]);  // a scalar smears
    }
    out.value.components[i] = fn(k, cs, out.undefinedBehaviour);
  }
  return out;
}

Component absComponent(const Context& k, const Component& a, std::string& ub) {
  if (a.kind == ComponentKind::Int) {
    if (a.integer.undefined) return a;
    if (a.integer.value >= 0) return a;
    IntResult r = intUnary("-", a.integer);
    if (!r.undefinedBehaviour.empty()) ub = r.undefinedBehaviour;
    return Component::ofInt(r.value);
  }
  // max(-a, a)
  std::string unused;
  return minMax(number(a, k.of(a).negate(a.number)), a, false, unused);
}

Component saturateComponent(const Context& k, const Component& x) {
  std::string unused;
  // max(0, min(1, x))
  return minMax(constant(k, x, 0), minMax(constant(k, x, 1), x, true, unused), false, unused);
}

NumberSet dotSet(const Context& k, const Component& like, const std::vector<Component>& a,
                 const std::vector<Component>& b) {
  // "sum of a[i] * b[i]": the products rounded in the model, then summed in every order the
  // hardware's dot-product instruction may use (CG-E5): the hull of the left-to-right sums of
  // every permutation and, for four terms, of the pairwise sum (a0 + a1) + (a2 + a3).
  NumericModel nm = k.of(like);
  std::vector<NumberSet> products;
  for (size_t i = 0; i < a.size(); ++i) products.push_back(nm.multiply(a[i].number, b[i].number));
  if (products.empty()) return NumberSet::point(0);
  std::vector<size_t> order(products.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::optional<NumberSet> out;
  do {
    NumberSet s = products[order[0]];
    for (size_t i = 1; i < order.size(); ++i) s = nm.add(s, products[order[i]]);
    out = out ? hull(*out, s) : s;
    if (order.size() == 4)
      out = hull(*out, nm.add(nm.add(products[order[0]], products[order[1]]),
                              nm.add(products[order[2]], products[order[3]])));
  } while (std::next_permutation(order.begin(), order.end()));
  return *out;
}

LibraryResult dot(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out;
  if (args.size() != 2 || width(args[0]) != width(args[1]) || args[0].components.empty()) {
    out.error = "dot: two vectors of one size";
    return out;
  }
  const Component& like = args[0].components[0];
  out.value =
      EvalValue::scalar(number(like, dotSet(k, like, args[0].components, args[1].components)), "");
  return out;
}

Component sqrtOf(const Context& k, const Component& like, const NumberSet& x) {
  return number(like, accuracyRow(k, "sqrt", like, {x}));
}

LibraryResult length(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out = dot(k, {args[0], args[0]});
  if (!out.error.empty()) return out;
  const Component& like = args[0].components[0];
  out.value.components[0] = sqrtOf(k, like, out.value.components[0].number);
  return out;
}

LibraryResult mul(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out;
  if (args.size() != 2) {
    out.error = "mul: two arguments";
    return out;
  }
  const EvalValue &a = args[0], &b = args[1];
  // A vector is a row (on the left) or a column (on the right) of the product.
  int aRows = a.shape == EvalValue::Shape::Matrix ? a.rows : 1;
  int aCols = a.shape == EvalValue::Shape::Matrix ? a.columns : width(a);
  int bRows = b.shape == EvalValue::Shape::Matrix ? b.rows : width(b);
  int bCols = b.shape == EvalValue::Shape::Matrix ? b.columns : 1;
  if (aCols != bRows || a.components.empty()) {
    out.error = "mul: the inner sizes differ";
    return out;
  }
  const Component& like = a.components[0];
  out.value = a.shape == EvalValue::Shape::Matrix && b.shape == EvalValue::Shape::Matrix ? a : b;
  out.value.rows = aRows;
  out.value.columns = bCols;
  out.value.shape = EvalValue::Shape::Matrix;
  if (a.shape != EvalValue::Shape::Matrix || b.shape != EvalValue::Shape::Matrix) {
    out.value.shape = EvalValue::Shape::Vector;
    out.value.rows = 1;
    out.value.columns = a.shape == EvalValue::Shape::Matrix ? aRows : bCols;
  }
  out.value.components.clear();
  for (int i = 0; i < aRows; ++i)
    for (int j = 0; j < bCols; ++j) {
      std::vector<Component> row, column;
      for (int x = 0; x < aCols; ++x) {
        row.push_back(a.components[i * aCols + x]);
        column.push_back(b.components[x * bCols + j]);
      }
      out.value.components.push_back(number(like, dotSet(k, like, row, column)));
    }
  return out;
}

LibraryResult cross(const Context& k, const std::vector<EvalValue>& args) {
  LibraryResult out;
  if (args.size() != 2 || width(args[0]) != 3 || width(args[1]) != 3) {
    out.error = "cross: two 3-component vectors";
    return out;
  }
  const auto &a = args[0].components, &b = args[1].components;
  NumericModel nm = k.of(a[0]);
  out.value = args[0];
  for (int i = 0; i < 3; ++i) {
    int j = (i + 1) % 3, l = (i + 2) % 3;
    out.value.components[i] = number(a[0], nm.subtract(nm.multiply(a[j].number, b[l].number),
                                                       nm.multiply(a[l].number, b[j].number)));
  }
  return out;
}

}  // namespace

int outParameterCount(const LibraryRow& row) {
  if (row.evaluator == "sincos") return 2;
  if (row.evaluator == "modf") return 1;
  return 0;
}

std::span<const LibraryRow> libraryRows() {
  return kRows;
}

const LibraryRow* findLibraryRow(std::string_view name) {
  for (const LibraryRow& r : kRows)
    if (r.name == name) return &r;
  return nullptr;
}

int overloadCount(const LibraryRow& row) {
  // Each signature expands over the element types and, for each size variable it uses, its
  // alternatives.
  int types = static_cast<int>(
                  std::count(row.parameterization.begin(),
                             row.parameterization.begin() +
                                 row.parameterization.find(';') % (row.parameterization.size() + 1),
                             '|')) +
              1;
  int total = 0;
  size_t start = 0;
  std::string_view sig = row.signature;
  while (start < sig.size()) {
    size_t end = sig.find(';', start);
    std::string_view one =
        sig.substr(start, end == std::string_view::npos ? sig.size() - start : end - start);
    int n = types;
    bool hasN = one.find("Tn") != std::string_view::npos;
    bool hasM =
        one.find("xm") != std::string_view::npos || one.find("Tm") != std::string_view::npos;
    bool hasP = one.find("xp") != std::string_view::npos;
    int sizes = row.parameterization.find("1 | 2") != std::string_view::npos ? 4 : 3;
    if (hasN) n *= sizes;
    if (hasM) n *= 4;
    if (hasP) n *= 4;
    total += n;
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return total;
}

LibraryResult callLibrary(const LibraryRow& row, const std::vector<EvalValue>& args,
                          bool strictIeee) {
  Context k{strictIeee};
  std::string_view e = row.evaluator;
  LibraryResult bad;
  bad.error = std::string(row.name) + ": no arguments";
  if (args.empty()) return bad;
  if (e == "dot") return dot(k, args);
  if (e == "length") return length(k, args);
  if (e == "mul") return mul(k, args);
  if (e == "cross") return cross(k, args);
  if (e == "sincos" || e == "modf") {
    if (args.size() != 1) {
      bad.error = std::string(row.name) + ": one in argument expected";
      return bad;
    }
    auto each = [&](auto fn) {
      return componentWise(k, args,
                           [&](const Context& c, const std::vector<Component>& x, std::string&) {
                             return fn(c, x[0]);
                           });
    };
    LibraryResult out;
    if (e == "sincos") {
      // The manual's sincos: "s = sin(x); c = cos(x)" (each within sin's and cos's accuracy).
      LibraryResult s = each([](const Context& c, const Component& x) {
        return number(x, accuracyRow(c, "sin", x, {x.number}));
      });
      LibraryResult co = each([](const Context& c, const Component& x) {
        return number(x, accuracyRow(c, "cos", x, {x.number}));
      });
      if (!s.error.empty()) return s;
      out.outs = {s.value, co.value};
      out.value.shape = EvalValue::Shape::Void;
      out.value.typeName = "void";
      return out;
    }
    // modf: "ip = trunc(x); return x - ip" (the manual's reference implementation); an
    // infinite x gives ip = x and a NaN (x - x) or, as IEEE 754's modf, 0: both.
    LibraryResult ip =
        each([](const Context&, const Component& x) { return number(x, truncSet(x.number)); });
    if (!ip.error.empty()) return ip;
    out = componentWise(
        k, {args[0], ip.value},
        [](const Context& c, const std::vector<Component>& x, std::string&) {
          NumberSet f = c.of(x[0]).subtract(x[0].number, x[1].number);
          if (!x[0].number.undefined && (std::isinf(x[0].number.lo) || std::isinf(x[0].number.hi)))
            f = hull(f, NumberSet::point(0));
          return number(x[0], f);
        });
    out.outs = {ip.value};
    return out;
  }
  if (e == "distance") {
    if (args.size() != 2) return bad;
    LibraryResult d =
        componentWise(k, args, [](const Context& c, const std::vector<Component>& x, std::string&) {
          return number(x[0], c.of(x[0]).subtract(x[0].number, x[1].number));
        });
    if (!d.error.empty()) return d;
    return length(k, {d.value});
  }
  if (e == "normalize") {
    LibraryResult d = dot(k, {args[0], args[0]});
    if (!d.error.empty()) return d;
    const Component& like = args[0].components[0];
    NumberSet scale = accuracyRow(k, "inverseSqrt", like, {d.value.components[0].number});
    return componentWise(k, {args[0]},
                         [&](const Context& c, const std::vector<Component>& x, std::string&) {
                           return number(x[0], c.of(x[0]).multiply(scale, x[0].number));
                         });
  }
  ComponentFn fn;
  size_t arity = 1;
  if (e == "abs")
    fn = [](const Context& c, const std::vector<Component>& x, std::string& ub) {
      return absComponent(c, x[0], ub);
    };
  else if (e == "floor")
    fn = [](const Context&, const std::vector<Component>& x, std::string&) {
      return number(x[0], floorSet(x[0].number));
    };
  else if (e == "trunc")
    fn = [](const Context&, const std::vector<Component>& x, std::string&) {
      return number(x[0], truncSet(x[0].number));
    };
  else if (e == "ceil")
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      NumericModel nm = c.of(x[0]);
      return number(x[0], nm.negate(floorSet(nm.negate(x[0].number))));
    };
  else if (e == "frac")
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      return number(x[0], c.of(x[0]).subtract(x[0].number, floorSet(x[0].number)));
    };
  else if (e == "saturate")
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      return saturateComponent(c, x[0]);
    };
  else if (e == "min" || e == "max") {
    arity = 2;
    bool smaller = e == "min";
    fn = [smaller](const Context&, const std::vector<Component>& x, std::string& ub) {
      return minMax(x[0], x[1], smaller, ub);
    };
  } else if (e == "clamp") {
    arity = 3;
    // max(a, min(b, x))
    fn = [](const Context&, const std::vector<Component>& x, std::string& ub) {
      return minMax(x[1], minMax(x[2], x[0], true, ub), false, ub);
    };
  } else if (e == "lerp") {
    arity = 3;
    // a + w * (b - a)
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      NumericModel nm = c.of(x[0]);
      return number(x[0], nm.add(x[0].number,
                                 nm.multiply(x[2].number, nm.subtract(x[1].number, x[0].number))));
    };
  } else if (e == "mod") {
    arity = 2;
    // x - y * floor(x / y): GLSL's mod as cgc 3.1 compiles it (CGD-2), not fmod's truncation.
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      NumericModel nm = c.of(x[0]);
      NumberSet q = floorSet(nm.divide(x[0].number, x[1].number));
      return number(x[0], nm.subtract(x[0].number, nm.multiply(x[1].number, q)));
    };
  } else if (e == "step") {
    arity = 2;
    // x >= a ? 1 : 0; a comparison that may go either way gives [0, 1], a superset of {0, 1}.
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      Truth t = c.of(x[0]).compare(">=", x[1].number, x[0].number);
      double lo = t == Truth::True ? 1 : 0, hi = t == Truth::False ? 0 : 1;
      return number(x[0], NumberSet::range(lo, hi));
    };
  } else if (e == "smoothstep") {
    arity = 3;
    // t = saturate((x - a) / (b - a)); t * t * (3 - 2 * t)
    fn = [](const Context& c, const std::vector<Component>& x, std::string&) {
      NumericModel nm = c.of(x[0]);
      Component t =
          saturateComponent(c, number(x[0], nm.divide(nm.subtract(x[2].number, x[0].number),
                                                      nm.subtract(x[1].number, x[0].number))));
      NumberSet three = nm.fromReal(3), two = nm.fromReal(2);
      return number(x[0], nm.multiply(nm.multiply(t.number, t.number),
                                      nm.subtract(three, nm.multiply(two, t.number))));
    };
  } else {
    // The accuracy rows, by their WGSL names.
    static const std::map<std::string_view, std::string_view> kWgsl = {
        {"cos", "cos"},           {"sin", "sin"},   {"exp", "exp"},
        {"exp2", "exp2"},         {"log", "log"},   {"log2", "log2"},
        {"rsqrt", "inverseSqrt"}, {"sqrt", "sqrt"}, {"pow", "pow"}};
    auto it = kWgsl.find(e);
    if (it == kWgsl.end()) {
      bad.error = std::string(row.name) + ": no evaluator";
      return bad;
    }
    arity = e == "pow" ? 2 : 1;
    std::string_view name = it->second;
    fn = [name](const Context& c, const std::vector<Component>& x, std::string&) {
      std::vector<NumberSet> xs;
      for (const Component& a : x) xs.push_back(a.number);
      return number(x[0], accuracyRow(c, name, x[0], xs));
    };
  }
  if (args.size() != arity) {
    bad.error = std::string(row.name) + ": " + std::to_string(arity) + " arguments expected";
    return bad;
  }
  return componentWise(k, args, fn);
}

}  // namespace plumb::cg
