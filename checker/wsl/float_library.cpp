// The standard library's float functions (seed "Floating point arithmetic": the unary, binary
// and ternary functions on floats, `isfinite`, `isinf`, `isnan`; "Bit manipulation": `all`,
// `any`; "Vector and matrix operations: Todo ... determinant"). The seed gives them on float;
// Plumb takes the reference implementation's overloads (gpuweb/WSL 943222d, StandardLibrary.mjs;
// docs/ambiguities.md, WSL W46): each on float and half, on their vectors and, where the RI
// declares them, their matrices; the geometric functions and `mul` in every shape the RI
// declares; `modf` and `sincos` with their out parameters in the thread, device and threadgroup
// spaces. Made on first use of a name, never over a user function with the same parameters.
// Their meaning is interpreter/wsl/float_library.cpp ("float:<name>", "float-reduce:<name>",
// "reduce:all|any") and standard_library.cpp ("vector:<native>" per element).
#include <set>

#include "checker/wsl/checker_state.h"

namespace plumb::wsl {
namespace {

// Applied to each element of a float or half scalar, vector or matrix (the RI's counts: 26
// overloads each, 2 x (1 + 3 + 9)).
// log10, degrees, radians (seed "Floating point arithmetic"), rcp (the RI's) and the derivatives
// (seed: "Todo: ddx, ddy, ddx_fine, ddx_coarse, ddy_fine, ddy_coarse, fwidth"; the RI's
// declarations, their meaning a typed stop outside a fragment quad: W51).
const std::set<std::string> kUnary = {
    "sin",  "cos",        "tan",      "asin",       "acos",     "atan",  "sinh",
    "cosh", "tanh",       "sqrt",     "rsqrt",      "exp",      "exp2",  "log",
    "log2", "floor",      "ceil",     "round",      "trunc",    "frac",  "saturate",
    "sign", "abs",        "log10",    "degrees",    "radians",  "rcp",   "ddx",
    "ddy",  "ddx_coarse", "ddx_fine", "ddy_coarse", "ddy_fine", "fwidth"};
const std::set<std::string> kBinary = {"atan2", "pow", "step", "ldexp", "fmod", "min", "max"};
const std::set<std::string> kTernary = {"clamp", "lerp", "smoothstep", "mad", "fma"};
// Scalars and vectors only, with a bool result (the RI's 8 overloads each); isnormal,
// isordered, isunordered are the RI's (W50).
const std::set<std::string> kTests = {"isnan", "isinf", "isfinite", "isnormal"};
const std::set<std::string> kBinaryTests = {"isordered", "isunordered"};
// Bit casts (seed "Cast operators": "Also include the as function"; the RI's overloads) and the
// RI's half conversions, on float, int, uint and their vectors (asfloat also on float matrices).
const std::set<std::string> kConversions = {"asint", "asuint", "asfloat", "f16tof32", "f32tof16"};
const std::set<std::string> kOther = {"dot",     "length",    "distance",    "normalize", "cross",
                                      "reflect", "refract",   "faceforward", "all",       "any",
                                      "mul",     "transpose", "determinant", "modf",      "sincos",
                                      "frexp",   "dst",       "lit"};

const char* const kSpaces[] = {"thread", "device", "threadgroup"};

}  // namespace

void Checker::ensureFloatFunctions(const std::string& name) {
  if (!kUnary.count(name) && !kBinary.count(name) && !kTernary.count(name) && !kTests.count(name) &&
      !kOther.count(name) && !kBinaryTests.count(name) && !kConversions.count(name))
    return;
  if (!generatedArrays_.insert("float-library " + name).second) return;
  auto add = [&](const std::vector<TypeP>& params, const TypeP& result, const std::string& native) {
    if (!hasSignature(name, params)) addNative(name, params, result, native);
  };
  if (kConversions.count(name)) {
    // Each element reinterpreted (as*) or converted (f16tof32, f32tof16): interpreter/wsl/
    // standard_library.cpp "bitcast", float_library.cpp "float:f32tof16" and "f16tof32".
    const bool half = name == "f16tof32" || name == "f32tof16";
    const std::string native = half ? "float:" + name : "bitcast";
    const TypeP to = name == "asint"                          ? intType()
                     : name == "asuint" || name == "f32tof16" ? uintType()
                                                              : floatType();
    std::vector<TypeP> from = {intType(), uintType(), floatType()};
    if (name == "f16tof32") from = {uintType()};
    if (name == "f32tof16") from = {floatType()};
    for (const TypeP& t : from) {
      add({t}, to, native);
      for (uint32_t n = 2; n <= 4; ++n) add({vectorOf(t, n)}, vectorOf(to, n), "vector:" + native);
    }
    if (name == "asfloat")
      for (uint32_t r = 2; r <= 4; ++r)
        for (uint32_t c = 2; c <= 4; ++c)
          add({matrixOf(floatType(), r, c)}, matrixOf(floatType(), r, c), "identity");
    return;
  }
  for (const TypeP& e : {floatType(), halfType()}) {
    std::vector<TypeP> vectors, matrices, squares;
    for (uint32_t n = 2; n <= 4; ++n) vectors.push_back(vectorOf(e, n));
    for (uint32_t r = 2; r <= 4; ++r)
      for (uint32_t c = 2; c <= 4; ++c) {
        matrices.push_back(matrixOf(e, r, c));
        if (r == c) squares.push_back(matrixOf(e, r, c));
      }
    std::vector<TypeP> shapes = {e};
    shapes.insert(shapes.end(), vectors.begin(), vectors.end());
    shapes.insert(shapes.end(), matrices.begin(), matrices.end());
    auto perElement = [&](const TypeP& t) {
      return std::string(t == e ? "" : "vector:") + "float:" + name;
    };
    if (kUnary.count(name))
      for (const TypeP& t : shapes) add({t}, t, perElement(t));
    if (kBinary.count(name))
      for (const TypeP& t : shapes) add({t, t}, t, perElement(t));
    if (kTernary.count(name))
      for (const TypeP& t : shapes) add({t, t, t}, t, perElement(t));
    if (kTests.count(name)) {
      add({e}, boolType(), "float:" + name);
      for (const TypeP& v : vectors)
        add({v}, vectorOf(boolType(), v->size), "vector:float:" + name);
    }
    if (kBinaryTests.count(name)) {
      add({e, e}, boolType(), "float:" + name);
      for (const TypeP& v : vectors)
        add({v, v}, vectorOf(boolType(), v->size), "vector:float:" + name);
    }
    std::vector<TypeP> scalarAndVectors = {e};
    scalarAndVectors.insert(scalarAndVectors.end(), vectors.begin(), vectors.end());
    const std::string reduce = "float-reduce:" + name;
    if (name == "dot")
      for (const TypeP& t : scalarAndVectors) add({t, t}, e, reduce);
    if (name == "length")
      for (const TypeP& t : scalarAndVectors) add({t}, e, reduce);
    if (name == "distance")
      for (const TypeP& t : scalarAndVectors) add({t, t}, e, reduce);
    if (name == "normalize")
      for (const TypeP& t : scalarAndVectors) add({t}, t, reduce);
    if (name == "reflect")
      for (const TypeP& t : scalarAndVectors) add({t, t}, t, reduce);
    if (name == "refract")
      for (const TypeP& t : scalarAndVectors) add({t, t, e}, t, reduce);
    if (name == "faceforward")
      for (const TypeP& t : scalarAndVectors) add({t, t, t}, t, reduce);
    if (name == "cross") add({vectors[1], vectors[1]}, vectors[1], reduce);
    if (name == "transpose") {
      add({e}, e, reduce);
      for (const TypeP& m : matrices) add({m}, matrixOf(e, m->element->size, m->size), reduce);
    }
    if (name == "determinant") {
      add({e}, e, reduce);
      for (const TypeP& m : squares) add({m}, e, reduce);
    }
    if (name == "mul") {
      // The RI's shapes: scalars, vector . vector, scalar times vector or matrix (either side),
      // matrix times column vector, row vector times matrix, matrix times matrix.
      add({e, e}, e, reduce);
      for (const TypeP& v : vectors) {
        add({v, v}, e, reduce);
        add({e, v}, v, reduce);
        add({v, e}, v, reduce);
      }
      for (const TypeP& m : matrices) {
        const uint32_t rows = m->size, columns = m->element->size;
        add({e, m}, m, reduce);
        add({m, e}, m, reduce);
        add({m, vectorOf(e, columns)}, vectorOf(e, rows), reduce);
        add({vectorOf(e, rows), m}, vectorOf(e, columns), reduce);
        for (uint32_t k = 2; k <= 4; ++k)
          add({m, matrixOf(e, columns, k)}, matrixOf(e, rows, k), reduce);
      }
    }
    if (name == "frexp") {
      // Not in the RI's library; HLSL's `frexp(x, out exp)` (the seed follows HLSL's names):
      // returns the mantissa and stores the exponent through the pointer, each element a float
      // of x's type (interpreter/wsl/machine.cpp, "float-out:frexp"; W46).
      for (const TypeP& t : shapes)
        for (AddressSpace space :
             {AddressSpace::Thread, AddressSpace::Threadgroup, AddressSpace::Device})
          add({t, pointerTo(t, space)}, t, "float-out:frexp");
    }
    if (name == "all" || name == "any") {
      // Every scalar type and its vectors (seed: "all and any are defined as unary functions on
      // booleans and integers"; the RI adds the others), and the float and half matrices.
      for (const TypeP& m : matrices) add({m}, boolType(), "reduce:" + name);
      if (e == floatType())
        for (const TypeP& s : {boolType(), intType(), uintType(), floatType(), halfType(),
                               charType(), shortType(), ucharType(), ushortType()}) {
          add({s}, boolType(), "reduce:" + name);
          for (uint32_t n = 2; n <= 4; ++n) add({vectorOf(s, n)}, boolType(), "reduce:" + name);
        }
    }
  }
  // modf and sincos write through their pointers: written in WSL, over trunc, sin and cos, as the
  // RI writes them (without its `!= null` tests: Plumb has no null, W18). modf(x, ip) is HLSL's:
  // it returns the fractional part and stores the integer part, each with the sign of x (the RI
  // swaps them and truncates through uint, W46).
  if (name == "modf" || name == "sincos") {
    std::string text;
    for (const char* e : {"float", "half"}) {
      std::vector<std::string> types = {e};
      for (int n = 2; n <= 4; ++n) types.push_back(e + std::to_string(n));
      for (int r = 2; r <= 4; ++r)
        for (int c = 2; c <= 4; ++c)
          types.push_back(e + std::to_string(r) + "x" + std::to_string(c));
      for (const std::string& t : types)
        for (const char* s1 : kSpaces) {
          if (name == "modf") {
            text += t + " modf(" + t + " x, " + s1 + " " + t + "* ip) { " +
                    "*ip = trunc(x); return x - trunc(x); }\n";
            continue;
          }
          for (const char* s2 : kSpaces)
            text += "void sincos(" + t + " x, " + s1 + " " + t + "* s, " + s2 + " " + t +
                    "* c) { *s = sin(x); *c = cos(x); }\n";
        }
    }
    addGeneratedSource(text);
  }
  // dst and lit: the RI's definitions (HLSL's), written in WSL as the RI writes them.
  if (name == "dst") {
    std::string text;
    for (const char* e : {"uchar", "ushort", "uint", "char", "short", "int", "half", "float"}) {
      const std::string t = std::string(e) + "4";
      text += t + " dst(" + t + " src0, " + t + " src1) { " + t +
              " result; result.x = 1; result.y = src0.y * src1.y; result.z = src0.z; "
              "result.w = src1.w; return result; }\n";
    }
    addGeneratedSource(text);
  }
  if (name == "lit") {
    std::string text;
    for (const std::string e : {"half", "float"})
      text += e + "4 lit(" + e + " n_dot_l, " + e + " n_dot_h, " + e + " m) { " + e +
              " ambient = 1; " + e + " diffuse = max(0, n_dot_l); " + e +
              " specular = n_dot_l < 0 || n_dot_h < 0 ? 0 : n_dot_h * m; " + e +
              "4 result; result.x = ambient; result.y = diffuse; result.z = specular; "
              "result.w = 1; return result; }\n";
    addGeneratedSource(text);
  }
}

}  // namespace plumb::wsl
