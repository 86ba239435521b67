// The Cg evaluator (evaluator.h): a big-step interpreter over the syntax tree, run once per path
// of choices. Each evaluation step names its rule (evaluationRules()), which --trace prints.
// Types: the evaluator keeps the type of every value (semantics/cg/type.h) and applies the
// seed's conversions itself ("Type Conversions", "Type-Promotion Rules", "Smearing"), so that
// it gives the same result whether or not the checker annotated the tree.
#include "interpreter/cg/evaluator.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <mpfr.h>

#include "checker/cg/conversion.h"
#include "checker/cg/profile.h"
#include "checker/exact_arithmetic.h"
#include "interpreter/cg/standard_library.h"
#include "interpreter/cg/texture.h"

namespace plumb::cg {

namespace {

// ------------------------------------------------------------------------------ --args

std::string trimmed(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

/// Whether `s` is `( ... )` with the first parenthesis closed by the last.
bool wrappedInParentheses(const std::string& s) {
  if (s.size() < 2 || s.front() != '(' || s.back() != ')') return false;
  int depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
    if (depth == 0 && i + 1 < s.size()) return false;
  }
  return true;
}

/// The components of one `--args` value (docs/cg.md "Running"): `1.5`, `1,2,3`,
/// `float3(1,2,3)`, each component possibly in parentheses, `(-1)` (CLI11 takes `-1` for an
/// option). Only a constructor's own parentheses around the whole text are removed, and commas
/// split at depth 0 only: `1,(-1)` is two components, not the `-1` inside the parentheses.
bool argumentComponents(const std::string& text, std::vector<std::string>& parts,
                        std::string& error) {
  std::string s = trimmed(text);
  size_t name = 0;
  while (name < s.size() && (std::isalnum(static_cast<unsigned char>(s[name])) || s[name] == '_'))
    ++name;
  if (name > 0 && !std::isdigit(static_cast<unsigned char>(s[0])) &&
      wrappedInParentheses(trimmed(s.substr(name)))) {
    std::string inner = trimmed(s.substr(name));  // `float3(1,2,3)`: the constructor's list
    s = inner.substr(1, inner.size() - 2);
  }
  int depth = 0;
  std::string part;
  auto finish = [&]() {
    std::string p = trimmed(part);
    while (wrappedInParentheses(p)) p = trimmed(p.substr(1, p.size() - 2));
    parts.push_back(p);
    part.clear();
  };
  for (char c : s) {
    if (c == '(') ++depth;
    if (c == ')' && --depth < 0) break;
    if (c == ',' && depth == 0) {
      finish();
      continue;
    }
    part += c;
  }
  if (depth != 0) {
    error = "`" + text + "`: unbalanced parentheses";
    return false;
  }
  finish();
  return true;
}

// ------------------------------------------------------------------------------ rules

// clang-format off
const std::vector<EvaluationRule> kRules = {
    {"literal", "Constants"},
    {"variable-read", "Declarations and declaration specifiers"},
    {"uninitialized-read", "Use of Uninitialized Variables"},
    {"usual-arithmetic-conversion", "Type-Promotion Rules"},
    {"smear-scalar", "\"Smearing\" of Scalars to Vectors"},
    {"truncate-larger-vector", "cgc dialect, mismatched-vector-sizes (CGD-5)"},
    {"componentwise-operator", "Operator Enhancements"},
    {"contract-multiply-add", "Arithmetic Precision and Range: a * b + c fused or not (CG-E18)"},
    {"comparison", "Operators (Comparisons)"},
    {"boolean-both-sides", "Operators (Boolean): no short-circuiting"},
    {"conditional-both-arms", "Conditional Operator"},
    {"conditional-select", "Conditional Operator"},
    {"integer-undefined-behaviour", "Operators (Arithmetic): C rules for integer / and %"},
    {"assign", "Assignment"},
    {"compound-assign", "Assignment"},
    {"increment", "Operators (Arithmetic)"},
    {"swizzle", "Operator Precedence (swizzle and write-mask operators)"},
    {"write-mask", "Operator Precedence (swizzle and write-mask operators)"},
    {"member", "Struct and Interface types"},
    {"subscript", "Arrays and Subscripting"},
    {"construct", "Type Conversions"},
    {"cast", "Type Conversions"},
    {"implicit-conversion", "Type Conversions"},
    {"comma", "Miscellaneous Operators"},
    {"call-order", "Function Calls: the order of calls is undefined"},
    {"call-copy-in", "Declarations and declaration specifiers (in, inout)"},
    {"call-copy-out", "Declarations and declaration specifiers (out, inout)"},
    {"call-return", "Function Calls"},
    {"member-function-call", "Struct and Interface types"},
    {"interface-implementation", "Struct and Interface types: the implementing structure"},
    {"standard-library-call", "Cg Standard Library Functions"},
    {"texture-lookup", "Cg Standard Library Functions: texture map functions (CG-E12)"},
    {"derivative", "Cg Standard Library Functions: ddx, ddy, fwidth (CG-E14)"},
    {"declaration", "Declarations and declaration specifiers"},
    {"if", "Statements and Expressions"},
    {"loop", "Statements and Expressions"},
    {"switch", "Statements and Expressions"},
    {"break", "Statements and Expressions"},
    {"continue", "Statements and Expressions"},
    {"return", "Statements and Expressions"},
    {"discard", "Statements and Expressions"},
    {"output-semantic", "Binding semantics for outputs"},
    {"output-aliasing", "Aliasing of Semantics"},
};
// clang-format on

// ------------------------------------------------------------------------------ choices

// Depth-first enumeration of the paths of choices: an execution asks choose(n) at each choice
// point; next() moves to the following unexplored path.
class Chooser {
 public:
  int choose(int n) {
    if (depth_ < path_.size()) return path_[depth_++];
    path_.push_back(0);
    arity_.push_back(n);
    ++depth_;
    return 0;
  }
  bool next() {
    path_.resize(depth_), arity_.resize(depth_);
    while (!path_.empty()) {
      if (path_.back() + 1 < arity_.back()) {
        ++path_.back();
        depth_ = 0;
        return true;
      }
      path_.pop_back(), arity_.pop_back();
    }
    return false;
  }
  void restart() { depth_ = 0; }

 private:
  std::vector<int> path_, arity_;
  size_t depth_ = 0;
};

struct Stop {
  Outcome::Status status;
  std::string reason;
};

enum class Flow { Normal, Break, Continue, Return, Discard };

// A place in memory: a variable's slot and a path into it (array elements, struct members,
// then components, a swizzle or write mask).
struct Place {
  int slot = -1;
  std::vector<int> elements;    // element or member indices, outermost first
  std::vector<int> components;  // empty: the whole value
  bool operator==(const Place&) const = default;
};

// "The usual arithmetic conversions for binary operators" (#Type-Promotion Rules), rules 1-6.
Scalar usualArithmetic(Scalar a, Scalar b) {
  // A bool operand is an int beside a bool or an integer, else takes the other operand's type
  // (docs/ambiguities.md C26: cgc's typing; bool beside cfloat the checker rejects).
  if (a == Scalar::Bool && b == Scalar::Bool) return Scalar::Int;
  if (a == b) return a;
  if (a == Scalar::Bool) return b == Scalar::CInt ? Scalar::Int : b;  // bool as an integer
  if (b == Scalar::Bool) return a == Scalar::CInt ? Scalar::Int : a;
  return usualArithmeticConversion(a, b).result;  // the checker's rules 1-6 (checker/cg)
}

// A call of a library function that writes nothing and cannot discard (not sincos, modf,
// frexp or clip), when no function of the program has the name (C32: a user function hides the
// library's): its order among the operands changes no outcome, so it is not ordered (CG-E7).
bool isPureLibraryCall(const Expr& e, const Program& p) {
  if (e.kind != ExprKind::Call || e.name == "sincos" || e.name == "modf" || e.name == "frexp" ||
      e.name == "clip")
    return false;
  for (const FunctionDecl& d : p.functions)
    if (d.name == e.name) return false;
  return findLibraryRow(e.name) || isTextureLookup(e.name) || e.name == "ddx" || e.name == "ddy" ||
         e.name == "fwidth";
}

// An operand that writes (an assignment, an increment, a call of a function that may write or
// discard) or, with `program` null, any call at all: the operands ordered among themselves.
bool hasSideEffects(const Expr& e, const Program* program = nullptr) {
  if ((e.kind == ExprKind::Call && !(program && isPureLibraryCall(e, *program))) ||
      e.kind == ExprKind::MethodCall || e.kind == ExprKind::Assign ||
      e.kind == ExprKind::PreIncrement || e.kind == ExprKind::PostIncrement)
    return true;
  for (const ExprP& o : e.operands)
    if (o && hasSideEffects(*o, program)) return true;
  return false;
}

// ------------------------------------------------------------------------------ the quad

// The argument of one derivative call (ddx, ddy, fwidth) of an execution, converted to the
// call's type; `call` identifies the call in the source.
struct DerivativeArgument {
  const Expr* call = nullptr;
  EvalValue argument;
};

// A neighbouring fragment of the quad (docs/cg.md "Derivatives"): for each derivative call, in
// order, the hull of its argument over every execution of that fragment, or nothing where the
// executions do not all reach the same call there (their paths differ).
struct QuadNeighbour {
  std::vector<std::optional<DerivativeArgument>> calls;
};

// The hull of two number sets (both sets and everything between): the quad's differences, the
// neighbours' executions, a fused and an unfused multiply-add joined.
NumberSet quadHull(const NumberSet& a, const NumberSet& b) {
  if (a.undefined || b.undefined) return NumberSet::any();
  NumberSet h;
  h.nan = a.nan || b.nan;
  h.values = a.values || b.values;
  h.lo = !a.values ? b.lo : !b.values ? a.lo : std::min(a.lo, b.lo);
  h.hi = !a.values ? b.hi : !b.values ? a.hi : std::max(a.hi, b.hi);
  return h;
}

// |x| of a number set: the interval of the absolute values.
NumberSet magnitudeOf(const NumberSet& x) {
  if (x.undefined || !x.values) return x;
  NumberSet m = x;
  if (x.hi <= 0) m.lo = -x.hi, m.hi = -x.lo;
  if (x.lo < 0 && x.hi > 0) m.lo = 0, m.hi = std::max(-x.lo, x.hi);
  return m;
}

// Joins the derivative arguments of one more execution of a neighbouring fragment into `n`.
void joinDerivativeArguments(QuadNeighbour& n, const std::vector<DerivativeArgument>& args,
                             bool first) {
  if (first) {
    for (const DerivativeArgument& a : args) n.calls.emplace_back(a);
    return;
  }
  if (args.size() < n.calls.size()) n.calls.resize(args.size());
  for (size_t i = 0; i < n.calls.size(); ++i) {
    std::optional<DerivativeArgument>& have = n.calls[i];
    if (!have) continue;
    const DerivativeArgument& more = args[i];
    if (have->call != more.call ||
        have->argument.components.size() != more.argument.components.size()) {
      have.reset();
      continue;
    }
    for (size_t c = 0; c < more.argument.components.size(); ++c) {
      Component& h = have->argument.components[c];
      const Component& m = more.argument.components[c];
      if (h.kind == ComponentKind::Number && m.kind == ComponentKind::Number && h.model == m.model)
        h.number = quadHull(h.number, m.number);
      else if (!(h == m))
        h = h.undefinedLike();
    }
  }
}

// ------------------------------------------------------------------------------ execution

class Execution {
 public:
  Execution(const Program& p, const RunOptions& o, Chooser& chooser, std::set<std::string>& rules,
            size_t path)
      : p_(p), o_(o), chooser_(chooser), rules_(rules), path_(path) {
    const Profile* profile = findProfile(o.profile);
    intMayBeFloat_ = profile && !profile->integerOperations;
  }

  std::optional<Stop> stop;
  std::vector<std::string> choices;
  uint64_t steps = 0;
  // CG-E25: the profile may hold int in float registers; whether this execution does (unset
  // until the first operation whose readings differ).
  bool intMayBeFloat_ = false;
  std::optional<bool> intAsFloat_;

  std::vector<Output> run(int function, std::string& error);

  // ---------------------------------------------------------------- types and values

  Model modelFor(Scalar s) const {
    switch (o_.precision) {
      case Precision::Fp32:
        return Model::Fp32;
      case Precision::Fp16:
        return Model::Fp16;
      case Precision::Fixed:
        return Model::Fixed;
      case Precision::Types:
        break;
    }
    if (s == Scalar::Half) return Model::Fp16;
    if (s == Scalar::Fixed) return Model::Fixed;
    return Model::Fp32;
  }
  NumericModel numeric(Model m) const { return NumericModel(m, o_.strictIeee); }

  // The width of an integer type (numeric_model.h): the seed's precision list for char, short
  // and long, Cg 3.1's 32-bit ordinal for unsigned int; int, cint and bool are int's.
  static IntegerWidth integerWidth(Scalar s) {
    switch (s) {
      case Scalar::Char:
        return {8, true};
      case Scalar::Short:
        return {16, true};
      case Scalar::Long:
        return {64, true};
      case Scalar::UInt:
        return {32, false};
      case Scalar::UChar:
        return {8, false};
      case Scalar::UShort:
        return {16, false};
      case Scalar::ULong:
        return {64, false};
      default:
        return {32, true};
    }
  }

  // An integer converted to, or computed in, the integer type `to` (docs/ambiguities.md
  // CG-E17). The seed's widths are those constant folding may use "if constant folding cannot
  // be performed at run-time precision", so a value outside the type's range has two readings
  // where they differ, a choice: char and short wrap at 8 and 16 bits as two's complement (the
  // seed's width; cgc 3.1 folds `(char)300` to 44) or keep the profile's 32-bit register (cgc's
  // gp4/gp5 code moves them as 32-bit ints, the older profiles' as floats); long is 64-bit (the
  // seed's; gp5's S64 instructions) or wraps at 32 bits (gp4's register), except in the gp5
  // profiles; unsigned int is modulo 2^32 (C's conversion to an unsigned type); int wraps a
  // value outside its range (an unsigned or long one) as two's complement.
  //
  // unsigned char, unsigned short and unsigned long (CGD-11) likewise, modulo 2^8, 2^16 and
  // 2^64 or in an unsigned 32-bit register (cgc's gp5 code converts `(unsigned char)-1` with
  // MOV.S and reads it with I2F.U: 4294967295). An unsigned long of 2^63 or more is not held
  // by the evaluator's 64-bit signed integers: any value of the type (a wider set).
  IntSet narrowInteger(IntSet v, Scalar to) {
    if (v.undefined) return v;
    const IntegerWidth w = integerWidth(to), register32{32, w.isSigned};
    if (intMayBeFloat_ && to != Scalar::CInt) {
      // A float register neither wraps nor narrows: the value rounded to binary32 (CG-E25).
      IntSet f = asFloatRegister(v);
      bool fits = fitsWidth(v.value, w.bits == 64 ? register32 : w);
      if (intAsFloat_ == true || ((!fits || !(f == v)) && intEvaluatedAsFloat(to))) return f;
    }
    bool wide = w.bits == 64;
    if (fitsWidth(v.value, wide ? register32 : w)) return v;
    // The seed's width: a 64-bit value as it is (an unsigned long of a negative value is
    // 2^64 + v, beyond int64_t), a narrower one wrapped.
    IntSet seed = !wide                          ? IntSet::of(wrapToWidth(v.value, w))
                  : (w.isSigned || v.value >= 0) ? v
                                                 : IntSet::any();
    if (wide && o_.profile.rfind("gp5", 0) == 0) return seed;
    if (w.bits == 32) return seed;  // int, unsigned int
    int64_t profile = wrapToWidth(v.value, register32);
    if (seed == IntSet::of(profile)) return seed;
    std::string name = scalarName(to);
    std::string seedText = seed.undefined ? "2^64 + " + std::to_string(v.value) + ", not held"
                                          : std::to_string(seed.value);
    int k = choose(2, "width of " + name + " for " + std::to_string(v.value),
                   {"the seed's " + std::to_string(w.bits) + " bits (" + seedText + ")",
                    "a 32-bit register (" + std::to_string(profile) + ")"});
    return k == 0 ? seed : IntSet::of(profile);
  }

  // ---- int evaluated as float (docs/ambiguities.md CG-E25)
  //
  // "Profiles may optionally treat int as float" (Cg 3.1's language text): the profiles
  // without integer instructions (arbvp1, arbfp1, vp40, fp40, the Direct3D 9 ones; CG-P12) hold
  // an int in a binary32 register, where cgc's code computes + - * in float, / as a reciprocal
  // and a multiply truncated, and converts without wrapping. Both readings are in the set: the
  // first integer operation whose two results differ is a choice (one per execution: the
  // profile computes every int the same way), after which each int value is either exact or
  // as float. cgc folds constants as integers in every profile (16777217 + 2 is 16777219).

  // v in a binary32 register: rounded to nearest even (a value beyond int64_t: any value).
  static IntSet asFloatRegister(IntSet v) {
    if (v.undefined) return v;
    double f = static_cast<double>(static_cast<float>(v.value));
    if (std::fabs(f) >= 0x1p63) return IntSet::any();
    return IntSet::of(static_cast<int64_t>(f));
  }
  static IntSet floatToIntSet(long double x) {
    float f = static_cast<float>(x);
    if (!std::isfinite(f) || std::fabs(f) >= 0x1p63f) return IntSet::any();
    return IntSet::of(static_cast<int64_t>(f));
  }

  // Whether this execution evaluates int as float: decided at the first difference, then kept.
  bool intEvaluatedAsFloat(Scalar type) {
    if (!intMayBeFloat_) return false;
    if (!intAsFloat_)
      intAsFloat_ =
          choose(2,
                 "int evaluated as float in " + o_.profile + " (first at " + scalarName(type) + ")",
                 {"integers (the seed's int)",
                  "as float (\"Profiles may optionally treat int as float\")"}) == 1;
    return *intAsFloat_;
  }

  // The float reading of an integer operator on two int values (each in a binary32
  // register): + - * rounded once; / and % through the reciprocal (RCP's relative error is
  // taken as 2^-22, ARB_fragment_program's "approximately"), the quotient truncated toward
  // zero, either neighbour where the error reaches an integer; the bitwise operators (only
  // folded in these profiles, CG-P12) as integers, then rounded. Empty: no float reading
  // (an undefined operand).
  std::vector<IntSet> intOperatorAsFloat(const std::string& op, IntSet a, IntSet b) {
    if (a.undefined || b.undefined) return {};
    IntSet fa = asFloatRegister(a), fb = asFloatRegister(b);
    if (fa.undefined || fb.undefined) return {IntSet::any()};
    long double x = static_cast<long double>(fa.value), y = static_cast<long double>(fb.value);
    if (op == "+") return {floatToIntSet(x + y)};
    if (op == "-") return {floatToIntSet(x - y)};
    if (op == "*") return {floatToIntSet(x * y)};
    if (op == "/" || op == "%") {
      if (y == 0) return {IntSet::any()};
      long double q = static_cast<long double>(static_cast<float>(x / y));
      // A power of two's reciprocal is exact (a binary32 value; RCP's error is below an ulp).
      int exponent = 0;
      const double mantissa = std::frexp(static_cast<double>(y), &exponent);
      const bool exactReciprocal = mantissa == 0.5 || mantissa == -0.5;
      std::vector<IntSet> out;
      for (long double e : {-0x1p-22L, 0.0L, 0x1p-22L}) {
        if (exactReciprocal && e != 0) continue;
        long double t = std::trunc(q * (1 + e));
        IntSet v = op == "/" ? floatToIntSet(t) : floatToIntSet(x - y * t);
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
      }
      return out;
    }
    IntResult r = intBinary(op, fa, fb);
    if (!r.undefinedBehaviour.empty()) return {IntSet::any()};
    return {asFloatRegister(r.value)};
  }

  // ---- compile-time constants in a float-reading execution (CG-E25, the mixed executions)
  //
  // The seed: "If constant folding cannot be performed at run-time precision, it may
  // optionally be performed using the precision indicated below" (int: 32-bit two's
  // complement). An int computed from literals only carries a mark and its folded value; where
  // an execution reads int as float, each operation on two constants whose folded and float
  // results differ is a choice (a compiler may fold any subset of them; cgc folds as integers).
  // A value not known to be constant is run-time: that only removes a choice.

  static void markConstant(Component& c) {
    if (c.kind == ComponentKind::Int && !c.integer.undefined)
      c = Component::ofConstantInt(c.integer, c.integer.value);
  }
  static void forgetConstants(EvalValue& v) {
    for (Component& c : v.components) c.constant = false;
    for (EvalValue& e : v.elements) forgetConstants(e);
  }
  // An int constant converted to another integer type keeps its mark when its folded value
  // converts exactly, or wraps at 32 bits (C's conversion to unsigned int; the seed's
  // two's complement for int); otherwise it is taken as run-time.
  static Component constantConverted(const Component& c, Scalar to, IntSet value) {
    if (!c.constant) return Component::ofInt(value);
    IntegerWidth w = integerWidth(to);
    if (fitsWidth(c.folded, w)) return Component::ofConstantInt(value, c.folded);
    if (w.bits == 32) return Component::ofConstantInt(value, wrapToWidth(c.folded, w));
    return Component::ofInt(value);
  }
  // `x op y` on two constants in a float-reading execution: folded as integers (the result
  // then held as float where a run-time operation reads it) or, as empty, computed as float.
  // No choice where a float result is the folded one; none where folding breaks C's rules (the
  // integer execution has that outcome).
  std::optional<Component> foldedAsIntegers(const std::string& op, const Component& x,
                                            const Component& y, Scalar rs,
                                            const std::vector<IntSet>& asFloat, Span span) {
    IntegerWidth w = integerWidth(rs);
    IntResult r = intBinaryAt(op, IntSet::of(x.folded), IntSet::of(y.folded), w);
    if (!r.undefinedBehaviour.empty() || r.value.undefined) return std::nullopt;
    int64_t exact = r.value.value;
    if (!fitsWidth(exact, w)) {
      if (w.bits != 32) return std::nullopt;
      exact = wrapToWidth(exact, w);
    }
    // A float result equal to the folded one gives the same state: no choice of its own.
    if (std::find(asFloat.begin(), asFloat.end(), IntSet::of(exact)) != asFloat.end())
      return std::nullopt;
    if (choose(2, "constant folding of " + textOf(span),
               {"folded as integers (" + std::to_string(exact) + ")", "computed as float"}) == 1)
      return std::nullopt;
    return Component::ofConstantInt(asFloatRegister(IntSet::of(exact)), exact);
  }

  Component zeroComponent(Scalar s) const {
    if (s == Scalar::Bool) return Component::boolean(false);
    if (isIntegral(s)) return Component::ofInt(IntSet::of(0));
    return Component::ofNumber(modelFor(s), NumberSet::point(0));
  }

  TypeP resolveType(const TypeSyntax& t, const std::vector<ExprP>& dims) {
    TypeP base;
    if (t.inlineStruct >= 0 && t.inlineStruct < static_cast<int>(p_.structs.size()))
      base = structType(t.inlineStruct, p_.structs[t.inlineStruct].name);
    if (!base) base = predefinedType(t.name);
    if (!base)
      for (size_t i = 0; i < p_.structs.size(); ++i)
        if (p_.structs[i].name == t.name && p_.structs[i].isDefinition) {
          base = structType(static_cast<int>(i), t.name, p_.structs[i].isInterface);
          break;
        }
    if (!base)
      for (const TypedefDecl& d : p_.typedefs)
        if (d.declarator.name == t.name) {
          base = resolveType(d.type, d.declarator.arraySizes);
          break;
        }
    if (!base) return nullptr;
    for (size_t i = dims.size(); i-- > 0;) {
      int size = -1;
      if (dims[i]) {
        EvalValue n = eval(*dims[i]);
        if (!n.components.empty() && n.components[0].kind == ComponentKind::Int &&
            !n.components[0].integer.undefined)
          size = static_cast<int>(n.components[0].integer.value);
      }
      base = arrayType(base, size);
    }
    return base;
  }

  // A value of type `t` whose every component is `fill` of the component's type (zero, or
  // undefined).
  EvalValue makeValue(const TypeP& t, bool undefined) {
    EvalValue v;
    v.type = t;
    v.typeName = typeName(t);
    if (!t) return v;
    switch (t->kind) {
      case TypeKind::Scalar:
      case TypeKind::Vector:
      case TypeKind::Matrix: {
        v.shape = t->kind == TypeKind::Scalar   ? EvalValue::Shape::Scalar
                  : t->kind == TypeKind::Vector ? EvalValue::Shape::Vector
                                                : EvalValue::Shape::Matrix;
        v.rows = t->kind == TypeKind::Matrix ? t->rows : 1;
        v.columns = t->columns;
        Component c = zeroComponent(t->scalar);
        if (undefined) c = c.undefinedLike();
        v.components.assign(componentCount(*t), c);
        return v;
      }
      case TypeKind::Array:
        v.shape = EvalValue::Shape::Array;
        for (int i = 0; i < std::max(t->arraySize, 0); ++i)
          v.elements.push_back(makeValue(t->element, undefined));
        return v;
      case TypeKind::Struct: {
        v.shape = EvalValue::Shape::Struct;
        if (t->structIndex < 0 || t->structIndex >= static_cast<int>(p_.structs.size())) return v;
        for (const StructMember& m : p_.structs[t->structIndex].members) {
          if (m.function >= 0) continue;
          for (const Declarator& d : m.field.declarators) {
            v.memberNames.push_back(d.name);
            v.elements.push_back(makeValue(resolveType(m.field.type, d.arraySizes), undefined));
          }
        }
        return v;
      }
      default:
        v.shape = EvalValue::Shape::Void;
        return v;
    }
  }

  Component convertComponent(const Component& c, Scalar to) {
    if (to == Scalar::Bool) {
      switch (c.kind) {
        case ComponentKind::Bool:
          return c;
        case ComponentKind::Int:
          return c.integer.undefined ? Component::anyBool()
                                     : Component::boolean(c.integer.value != 0);
        case ComponentKind::Number: {
          Truth t = numeric(c.model).compare("!=", c.number, NumberSet::point(0));
          return t == Truth::Either ? Component::anyBool() : Component::boolean(t == Truth::True);
        }
      }
    }
    if (isIntegral(to)) {
      switch (c.kind) {
        case ComponentKind::Bool:
          return c.canFalse && c.canTrue ? Component::ofInt(IntSet::any())
                                         : Component::ofInt(IntSet::of(c.canTrue ? 1 : 0));
        case ComponentKind::Int:
          return constantConverted(c, to, narrowInteger(c.integer, to));
        case ComponentKind::Number: {
          IntResult r = intFromNumberAt(c.number, integerWidth(to));
          if (!r.undefinedBehaviour.empty() && intMayBeFloat_ && to != Scalar::CInt &&
              c.number.isPoint() && (intAsFloat_ == true || intEvaluatedAsFloat(to))) {
            // CG-E25: truncated in a float register, never out of range (a float beyond
            // int64_t: any value).
            return Component::ofInt(floatToIntSet(std::trunc(c.number.lo)));
          }
          if (!r.undefinedBehaviour.empty()) undefinedBehaviour(r.undefinedBehaviour);
          return Component::ofInt(narrowInteger(r.value, to));
        }
      }
    }
    Model m = modelFor(to);
    NumericModel nm = numeric(m);
    switch (c.kind) {
      case ComponentKind::Bool:
        if (c.canFalse && c.canTrue) return Component::ofNumber(m, NumberSet::range(0, 1));
        return Component::ofNumber(m, nm.fromReal(c.canTrue ? 1 : 0));
      case ComponentKind::Int:
        if (c.integer.undefined) return Component::ofNumber(m, NumberSet::any());
        return Component::ofNumber(m, nm.fromReal(static_cast<double>(c.integer.value)));
      case ComponentKind::Number:
        if (c.model == m) return c;
        return Component::ofNumber(m, nm.convert(c.number));
    }
    return c;
  }

  // Converts a value to a type (#Type Conversions: the table's cells, implicit or explicit).
  EvalValue convert(const EvalValue& v, const TypeP& to) {
    if (!to || !v.type || sameType(v.type, to)) return v;
    // A structure to an interface it implements: the value keeps its structure (the
    // implementation its member function calls run).
    if (to->kind == TypeKind::Struct && to->isInterface && v.shape == EvalValue::Shape::Struct)
      return v;
    EvalValue out = makeValue(to, false);
    if (v.isNumeric() && out.isNumeric()) {
      int n = static_cast<int>(out.components.size());
      int have = static_cast<int>(v.components.size());
      if (have == 1) {
        // A scalar "will be replicated to all elements of the vector or matrix".
        for (int i = 0; i < n; ++i)
          out.components[i] = convertComponent(v.components[0], to->scalar);
      } else if (v.shape == EvalValue::Shape::Matrix && out.shape == EvalValue::Shape::Matrix) {
        // "A Matrix may be converted to a smaller matrix type (selects the upper-left submatrix)".
        for (int r = 0; r < out.rows; ++r)
          for (int c = 0; c < out.columns; ++c)
            out.components[r * out.columns + c] = r < v.rows && c < v.columns
                                                      ? convertComponent(v.at(r, c), to->scalar)
                                                      : out.components[r * out.columns + c];
      } else {
        // vector to scalar ("selects the first element"), to a smaller vector, a vector to a
        // matrix of the same total size and back: the components in order (rows first).
        for (int i = 0; i < n && i < have; ++i)
          out.components[i] = convertComponent(v.components[i], to->scalar);
      }
      return out;
    }
    if (v.shape == EvalValue::Shape::Struct && !v.elements.empty() &&
        out.shape != EvalValue::Shape::Struct)
      return convert(v.elements[0], to);  // "explicitly cast to the type of its first member"
    if (out.shape == EvalValue::Shape::Array && v.shape == EvalValue::Shape::Array) {
      for (size_t i = 0; i < out.elements.size() && i < v.elements.size(); ++i)
        out.elements[i] = convert(v.elements[i], to->element);
      return out;
    }
    if (out.shape == EvalValue::Shape::Struct && v.shape == EvalValue::Shape::Struct) {
      for (size_t i = 0; i < out.elements.size() && i < v.elements.size(); ++i)
        out.elements[i] = convert(v.elements[i], out.elements[i].type);
      return out;
    }
    if (out.shape == EvalValue::Shape::Struct && !out.elements.empty()) {
      // "Scalar types may also be explicitly cast to structure types if the scalar type can be
      // legally cast to every member of the structure."
      for (EvalValue& m : out.elements) m = convert(v, m.type);
      return out;
    }
    unsupported("conversion from " + v.typeName + " to " + typeName(to));
    return out;
  }

  // ---------------------------------------------------------------- stops and the trace

  bool stopped() const { return stop.has_value(); }
  void undefinedBehaviour(const std::string& why) {
    if (!stop) stop = Stop{Outcome::Status::Undefined, why};
  }
  void unsupported(const std::string& what) {
    if (!stop) stop = Stop{Outcome::Status::Unsupported, what};
  }
  std::string textOf(Span s) const {
    if (!o_.file || s.end > o_.file->text().size() || s.begin >= s.end) return "";
    std::string t(o_.file->text().substr(s.begin, s.end - s.begin));
    std::replace(t.begin(), t.end(), '\n', ' ');
    if (t.size() > 60) t = t.substr(0, 57) + "...";
    return t;
  }
  void rule(const char* name, Span span, const std::string& detail = {}) {
    rules_.insert(name);
    if (o_.trace) o_.trace(path_, steps, TraceStep{name, textOf(span), detail});
  }
  bool step() {
    if (++steps > o_.maxSteps) {
      if (!stop) stop = Stop{Outcome::Status::StepLimit, "more than --max-steps steps"};
      return false;
    }
    return !stopped();
  }
  int choose(int n, const std::string& what, const std::vector<std::string>& labels) {
    int k = chooser_.choose(n);
    choices.push_back(what + ": " + labels[k]);
    return k;
  }
  // An order of `indices` where the seed leaves the order undefined (the calls of one
  // expression, the copies back of aliased out parameters; CG-E7): one choice per position,
  // among the indices not yet placed, so that every one of the n! orders is explored (in
  // lexicographic order) and a large n meets --max-executions, which the report names, rather
  // than a narrower set. Recorded as one choice: "what: #2, #1, #3".
  template <typename Label>
  std::vector<size_t> chooseOrder(std::vector<size_t> indices, const std::string& what,
                                  Label label) {
    std::vector<size_t> order;
    std::string text;
    while (!indices.empty()) {
      size_t k = indices.size() == 1
                     ? 0
                     : static_cast<size_t>(chooser_.choose(static_cast<int>(indices.size())));
      order.push_back(indices[k]);
      text += (text.empty() ? "" : ", ") + label(indices[k]);
      indices.erase(indices.begin() + static_cast<std::ptrdiff_t>(k));
    }
    choices.push_back(what + ": " + text);
    return order;
  }
  bool chooseTruth(const Component& c, Span span, const char* what) {
    if (c.canTrue && !c.canFalse) return true;
    if (c.canFalse && !c.canTrue) return false;
    bool t = choose(2, std::string(what) + " " + textOf(span), {"false", "true"}) == 1;
    return t;
  }

  // ---------------------------------------------------------------- memory

  Place placeOf(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Name: {
        int slot = lookup(e.name);
        if (slot < 0) unsupported("no variable `" + e.name + "`");
        return Place{slot, {}, {}};
      }
      case ExprKind::Member: {
        Place base = placeOf(*e.operands[0]);
        if (stopped()) return base;
        const EvalValue& v = read(base);
        if (v.shape == EvalValue::Shape::Struct) {
          int m = memberIndex(v, e.name);
          if (m < 0) unsupported("no member `" + e.name + "`");
          base.elements.push_back(m);
          return base;
        }
        std::vector<int> sw = swizzleOf(e, v);
        if (!base.components.empty()) {
          std::vector<int> composed;
          for (int i : sw) composed.push_back(base.components.at(i));
          base.components = composed;
        } else {
          base.components = sw;
        }
        rule("write-mask", e.span, e.name);
        return base;
      }
      case ExprKind::Index: {
        Place base = placeOf(*e.operands[0]);
        EvalValue index = eval(*e.operands[1]);
        if (stopped()) return base;
        int i = indexOf(index, read(base), e.span);
        if (stopped()) return base;
        const EvalValue& v = read(base);
        if (v.shape == EvalValue::Shape::Array) {
          base.elements.push_back(i);
        } else if (v.shape == EvalValue::Shape::Matrix && base.components.empty()) {
          for (int c = 0; c < v.columns; ++c) base.components.push_back(i * v.columns + c);
        } else {
          std::vector<int> all = base.components;
          if (all.empty())
            for (int c = 0; c < static_cast<int>(v.components.size()); ++c) all.push_back(c);
          base.components = {all.at(i)};
        }
        return base;
      }
      default:
        unsupported("not an lvalue: " + textOf(e.span));
        return Place{};
    }
  }

  EvalValue* valueAt(const Place& p) {
    if (p.slot < 0 || p.slot >= static_cast<int>(memory_.size())) return nullptr;
    EvalValue* v = &memory_[p.slot];
    for (int i : p.elements) {
      if (i < 0 || i >= static_cast<int>(v->elements.size())) return nullptr;
      v = &v->elements[i];
    }
    return v;
  }

  // The value at a place (a swizzle of a vector or a row of a matrix: a vector).
  EvalValue read(const Place& p) {
    EvalValue* v = valueAt(p);
    if (!v) return EvalValue{};
    if (p.components.empty()) return *v;
    EvalValue out;
    Scalar s = v->type ? v->type->scalar : Scalar::Float;
    int n = static_cast<int>(p.components.size());
    out.type = n == 1 ? scalarType(s) : vectorType(s, n);
    out.typeName = typeName(out.type);
    out.shape = n == 1 ? EvalValue::Shape::Scalar : EvalValue::Shape::Vector;
    out.columns = n;
    for (int c : p.components) out.components.push_back(v->components.at(c));
    return out;
  }

  void write(const Place& p, const EvalValue& value) {
    EvalValue* v = valueAt(p);
    if (!v) return unsupported("write outside a variable");
    if (p.components.empty()) {
      *v = convert(value, v->type);
      return;
    }
    Scalar s = v->type ? v->type->scalar : Scalar::Float;
    for (size_t i = 0; i < p.components.size(); ++i) {
      const Component& c =
          value.components.size() == 1 ? value.components[0] : value.components.at(i);
      v->components.at(p.components[i]) = convertComponent(c, s);
    }
  }

  int memberIndex(const EvalValue& v, const std::string& name) {
    for (size_t i = 0; i < v.memberNames.size(); ++i)
      if (v.memberNames[i] == name) return static_cast<int>(i);
    return -1;
  }

  // The components a swizzle or write mask names: `.xyzw`, `.rgba` on vectors (and scalars),
  // `._m01`, `._11` on matrices (the checker's info.swizzle when it gave one).
  std::vector<int> swizzleOf(const Expr& e, const EvalValue& v) {
    std::vector<int> out;
    if (!e.info.swizzle.empty() && v.shape != EvalValue::Shape::Matrix) return e.info.swizzle;
    const std::string& s = e.name;
    if (v.shape == EvalValue::Shape::Matrix) {
      for (size_t i = 0; i < s.size();) {
        if (s[i] != '_') break;
        bool zeroBased = i + 1 < s.size() && s[i + 1] == 'm';
        size_t at = i + (zeroBased ? 2 : 1);
        if (at + 1 >= s.size() + 0 && at + 1 > s.size()) break;
        int r = s[at] - '0', c = s[at + 1] - '0';
        if (!zeroBased) --r, --c;
        out.push_back(r * v.columns + c);
        i = at + 2;
      }
    } else {
      for (char ch : s) {
        // x, y, z, w; r, g, b, a; s, t, p, q (docs/ambiguities.md C25).
        size_t k = std::string_view("xyzwrgbastpq").find(ch);
        out.push_back(k == std::string_view::npos ? -1 : static_cast<int>(k % 4));
      }
    }
    for (int i : out)
      if (i < 0 || i >= static_cast<int>(v.components.size())) {
        unsupported("swizzle `" + s + "` outside " + v.typeName);
        return {0};
      }
    return out;
  }

  int indexOf(const EvalValue& index, const EvalValue& of, Span span) {
    Component c = index.components.empty() ? Component::ofInt(IntSet::any())
                                           : convertComponent(index.components[0], Scalar::Int);
    int size = of.shape == EvalValue::Shape::Array    ? static_cast<int>(of.elements.size())
               : of.shape == EvalValue::Shape::Matrix ? of.rows
                                                      : static_cast<int>(of.components.size());
    if (c.integer.undefined) {
      // An undefined index: every element, one execution each (an out-of-range one is the
      // undefined outcome below).
      std::vector<std::string> labels;
      for (int i = 0; i < size; ++i) labels.push_back(std::to_string(i));
      labels.push_back("out of range");
      int k = choose(size + 1, "undefined index " + textOf(span), labels);
      if (k == size) undefinedBehaviour("subscript outside the array (" + textOf(span) + ")");
      return k == size ? 0 : k;
    }
    int64_t i = c.integer.value;
    // The seed does not say what an index outside the array does; C makes it undefined
    // behaviour (docs/ambiguities.md CG-E6).
    if (i < 0 || i >= size) {
      undefinedBehaviour("subscript " + std::to_string(i) + " outside " + of.typeName + " (" +
                         textOf(span) + ")");
      return 0;
    }
    rule("subscript", span);
    return static_cast<int>(i);
  }

  int lookup(const std::string& name) {
    if (!frames_.empty())
      for (auto s = frames_.back().rbegin(); s != frames_.back().rend(); ++s) {
        auto it = s->find(name);
        if (it != s->end()) return it->second;
      }
    auto it = globals_.find(name);
    return it == globals_.end() ? -1 : it->second;
  }
  int declare(const std::string& name, EvalValue v) {
    memory_.push_back(std::move(v));
    int slot = static_cast<int>(memory_.size()) - 1;
    if (frames_.empty())
      globals_[name] = slot;
    else
      frames_.back().back()[name] = slot;
    return slot;
  }

  // ---------------------------------------------------------------- expressions

  EvalValue literal(const Expr& e) {
    rule("literal", e.span, e.literal);
    if (e.kind == ExprKind::BoolLiteral) {
      EvalValue v = makeValue(scalarType(Scalar::Bool), false);
      v.components[0] = Component::boolean(e.boolValue);
      return v;
    }
    std::string text = e.literal;
    if (e.kind == ExprKind::IntLiteral) {
      while (!text.empty() && std::isalpha(static_cast<unsigned char>(text.back())) &&
             !(text.size() > 1 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X') &&
               std::isxdigit(static_cast<unsigned char>(text.back()))))
        text.pop_back();
      errno = 0;
      unsigned long long u = std::strtoull(text.c_str(), nullptr, 0);  // 0x, 0 prefixes as C
      Scalar type =
          e.info.type && e.info.type->kind == TypeKind::Scalar ? e.info.type->scalar : Scalar::CInt;
      if (type != Scalar::CInt && isIntegral(type)) {
        // A suffixed constant (u, l, s, t, us, ut, ul): the checker keeps its value within its
        // type's range; an unsigned long of 2^63 or more is any value (not held, CGD-11).
        EvalValue v = makeValue(scalarType(type), false);
        v.components[0] = Component::ofInt(errno || u > 0x7FFFFFFFFFFFFFFFull
                                               ? IntSet::any()
                                               : IntSet::of(static_cast<int64_t>(u)));
        markConstant(v.components[0]);
        return v;
      }
      EvalValue v = makeValue(scalarType(Scalar::CInt), false);
      // A literal beyond int's range: C gives it a wider type; Cg's int has none.
      if (errno || u > 0xFFFFFFFFull)
        undefinedBehaviour("integer literal " + e.literal + " outside int");
      v.components[0] = Component::ofInt(IntSet::of(static_cast<int64_t>(static_cast<int32_t>(u))));
      if (u <= 0x7FFFFFFFull)
        v.components[0] = Component::ofInt(IntSet::of(static_cast<int64_t>(u)));
      markConstant(v.components[0]);
      return v;
    }
    // A floating literal: "cfloat" without a suffix; f float, h half, x fixed (the reference
    // manual's suffixes).
    Scalar s = Scalar::CFloat;
    char suffix = text.empty() ? 0 : static_cast<char>(std::tolower(text.back()));
    if (suffix == 'f') s = Scalar::Float;
    if (suffix == 'h') s = Scalar::Half;
    if (suffix == 'x') s = Scalar::Fixed;
    if (s != Scalar::CFloat) text.pop_back();
    EvalValue v = makeValue(scalarType(s), false);
    v.components[0] = Component::ofNumber(modelFor(s), decimal(text, modelFor(s)));
    return v;
  }

  // A decimal literal's exact value onto a model: rounded once to nearest (fp32, fp16), both
  // grid neighbours (fixed).
  NumberSet decimal(const std::string& text, Model m) {
    if (m == Model::Fixed) {
      mpfr_t lo, hi;
      mpfr_inits2(64, lo, hi, nullptr);
      mpfr_strtofr(lo, text.c_str(), nullptr, 10, MPFR_RNDD);
      mpfr_strtofr(hi, text.c_str(), nullptr, 10, MPFR_RNDU);
      NumericModel nm = numeric(m);
      NumberSet a = nm.fromReal(mpfr_get_d(lo, MPFR_RNDD)),
                b = nm.fromReal(mpfr_get_d(hi, MPFR_RNDU));
      mpfr_clears(lo, hi, nullptr);
      return NumberSet::range(a.lo, b.hi);
    }
    const exact::FloatFormat& f =
        exact::floatFormat(m == Model::Fp16 ? plumb::TypeKind::F16 : plumb::TypeKind::F32);
    double d = exact::roundTo(
        f, [&](mpfr_ptr r) { return mpfr_strtofr(r, text.c_str(), nullptr, 10, MPFR_RNDN); });
    return numeric(m).fromReal(d);
  }

  EvalValue eval(const Expr& e) {
    if (!step()) return EvalValue{};
    switch (e.kind) {
      case ExprKind::IntLiteral:
      case ExprKind::FloatLiteral:
      case ExprKind::BoolLiteral:
        return literal(e);
      case ExprKind::Name: {
        int slot = lookup(e.name);
        if (slot < 0) {
          unsupported("no variable `" + e.name + "`");
          return EvalValue{};
        }
        EvalValue v = memory_[slot];
        bool undefined = false;
        for (const Component& c : v.components) undefined |= c.isUndefined();
        rule(undefined ? "uninitialized-read" : "variable-read", e.span, valueText(v));
        return v;
      }
      case ExprKind::Member: {
        EvalValue base = eval(*e.operands[0]);
        if (stopped()) return base;
        if (base.shape == EvalValue::Shape::Struct) {
          int m = memberIndex(base, e.name);
          if (m < 0) {
            unsupported("no member `" + e.name + "`");
            return base;
          }
          rule("member", e.span);
          return base.elements[m];
        }
        if (base.shape == EvalValue::Shape::Array && e.name == "length") {
          // Cg 3.1 language reference, "Minimum Array Requirements": an array's size with a
          // .length suffix (an unsized parameter's: its argument's size).
          EvalValue n = makeValue(scalarType(Scalar::Int), false);
          n.components[0] =
              Component::ofInt(IntSet::of(static_cast<int64_t>(base.elements.size())));
          rule("member", e.span, "length = " + valueText(n));
          return n;
        }
        if (!base.isNumeric()) {
          unsupported("the member `" + e.name + "` of " + base.typeName);
          return base;
        }
        std::vector<int> sw = swizzleOf(e, base);
        EvalValue out;
        Scalar s = base.type ? base.type->scalar : Scalar::Float;
        out.type = sw.size() == 1 ? scalarType(s) : vectorType(s, static_cast<int>(sw.size()));
        out.typeName = typeName(out.type);
        out.shape = sw.size() == 1 ? EvalValue::Shape::Scalar : EvalValue::Shape::Vector;
        out.columns = static_cast<int>(sw.size());
        for (int i : sw) out.components.push_back(base.components.at(i));
        rule("swizzle", e.span, valueText(out));
        return out;
      }
      case ExprKind::Index: {
        std::vector<EvalValue> ops = operands({e.operands[0].get(), e.operands[1].get()}, e.span);
        if (stopped()) return EvalValue{};
        int i = indexOf(ops[1], ops[0], e.span);
        if (stopped()) return EvalValue{};
        const EvalValue& v = ops[0];
        if (v.shape == EvalValue::Shape::Array) return v.elements[i];
        Scalar s = v.type ? v.type->scalar : Scalar::Float;
        if (v.shape == EvalValue::Shape::Matrix) {
          // M[i] is row i ("M[n][m] Matrix with n rows and m columns").
          EvalValue row = makeValue(vectorType(s, v.columns), false);
          for (int c = 0; c < v.columns; ++c) row.components[c] = v.at(i, c);
          return row;
        }
        EvalValue c = makeValue(scalarType(s), false);
        c.components[0] = v.components.at(i);
        return c;
      }
      case ExprKind::Call:
        return call(e);
      case ExprKind::MethodCall:
        return methodCall(e);
      case ExprKind::Construct:
        return construct(e);
      case ExprKind::Cast: {
        EvalValue v = eval(*e.operands[0]);
        TypeP t = resolveType(e.type, e.typeArraySizes);
        if (!t) {
          unsupported("the type " + e.type.name);
          return v;
        }
        rule("cast", e.span, typeName(t));
        return convert(v, t);
      }
      case ExprKind::Unary:
        return unary(e);
      case ExprKind::PreIncrement:
      case ExprKind::PostIncrement: {
        Place place = placeOf(*e.operands[0]);
        if (stopped()) return EvalValue{};
        EvalValue old = read(place);
        EvalValue one = makeValue(scalarType(Scalar::CInt), false);
        one.components[0] = Component::ofInt(IntSet::of(1));
        EvalValue updated = arithmetic(e.op == "++" ? "+" : "-", old, one, e.span);
        write(place, updated);
        rule("increment", e.span, valueText(read(place)));
        return e.kind == ExprKind::PreIncrement ? read(place) : old;
      }
      case ExprKind::Binary:
        return binary(e);
      case ExprKind::Assign:
        return assign(e);
      case ExprKind::Conditional:
        return conditional(e);
      case ExprKind::Comma: {
        eval(*e.operands[0]);
        rule("comma", e.span);
        return eval(*e.operands[1]);
      }
      case ExprKind::InitializerList: {
        TypeP element = e.type.name.empty() ? nullptr : resolveType(e.type, {});
        if (!element) {
          unsupported("an initializer list outside a declaration");
          return EvalValue{};
        }
        // A GLSL array constructor of cgc's dialect (CGD-3): an array of its arguments.
        std::vector<const Expr*> ops;
        for (const ExprP& o : e.operands) ops.push_back(o.get());
        std::vector<EvalValue> values = operands(ops, e.span);
        if (stopped()) return EvalValue{};
        EvalValue v = makeValue(arrayType(element, static_cast<int>(values.size())), false);
        for (size_t i = 0; i < values.size(); ++i) v.elements[i] = convert(values[i], element);
        rule("construct", e.span, valueText(v));
        return v;
      }
    }
    return EvalValue{};
  }

  // The operands of one expression. Those with side effects may be evaluated in any order
  // ("the calls can occur in any order--it is undefined"): when two or more have side effects,
  // every order of them is a choice (at most 4! orders; longer lists: left to right and right
  // to left, docs/ambiguities.md CG-E7).
  std::vector<EvalValue> operands(const std::vector<const Expr*>& ops, Span span) {
    std::vector<EvalValue> out(ops.size());
    for (size_t i : operandOrder(ops, span)) {
      if (stopped()) break;
      if (ops[i]) out[i] = eval(*ops[i]);
    }
    return out;
  }
  // The order operands() evaluates `ops` in (a choice where two or more have side effects).
  std::vector<size_t> operandOrder(const std::vector<const Expr*>& ops, Span span) {
    std::vector<size_t> effects, plain;
    // Pure library calls are ordered with the others only when some operand writes (a call's
    // reads then depend on the order); among themselves their order changes nothing.
    bool writes = false;
    for (const Expr* o : ops) writes |= o && hasSideEffects(*o, &p_);
    for (size_t i = 0; i < ops.size(); ++i)
      (writes && ops[i] && hasSideEffects(*ops[i]) ? effects : plain).push_back(i);
    std::vector<size_t> order = effects;
    if (effects.size() >= 2) {
      order = chooseOrder(effects, "operand order of " + textOf(span),
                          [](size_t i) { return "#" + std::to_string(i + 1); });
      rule("call-order", span, choices.back().substr(choices.back().rfind(": ") + 2));
    }
    for (size_t i : plain) order.push_back(i);
    return order;
  }

  // Brings two numeric operands to one type: "the usual arithmetic conversions" and
  // "Smearing" of a scalar into the other operand's shape.
  std::pair<EvalValue, EvalValue> balance(const EvalValue& a, const EvalValue& b, Span span,
                                          bool sameScalar = true) {
    if (!a.isNumeric() || !b.isNumeric() || !a.type || !b.type) {
      unsupported("an operator on " + a.typeName + " and " + b.typeName);
      return {a, b};
    }
    Scalar s = sameScalar ? usualArithmetic(a.type->scalar, b.type->scalar) : a.type->scalar;
    if (s != a.type->scalar || s != b.type->scalar)
      rule("usual-arithmetic-conversion", span, scalarName(s));
    auto shaped = [&](const EvalValue& v, const EvalValue& other, Scalar sc) -> TypeP {
      const EvalValue& big = v.components.size() == 1 && other.components.size() > 1 ? other : v;
      // Two vectors of different sizes (cgc's dialect, mismatched-vector-sizes, CGD-5: the
      // checker accepts them only there): the larger truncated to the smaller.
      if (v.shape == EvalValue::Shape::Vector && other.shape == EvalValue::Shape::Vector &&
          other.components.size() < v.components.size())
        return withScalar(*other.type, sc);
      return withScalar(*big.type, sc);
    };
    EvalValue x = convert(a, shaped(a, b, s));
    EvalValue y = convert(b, shaped(b, a, sameScalar ? s : b.type->scalar));
    if (x.components.size() < a.components.size() || y.components.size() < b.components.size())
      rule("truncate-larger-vector", span);
    if (a.components.size() == 1 && b.components.size() > 1) rule("smear-scalar", span);
    if (b.components.size() == 1 && a.components.size() > 1) rule("smear-scalar", span);
    if (x.components.size() != y.components.size())
      unsupported("operands of different sizes: " + a.typeName + " and " + b.typeName);
    return {x, y};
  }

  EvalValue arithmetic(const std::string& op, const EvalValue& a0, const EvalValue& b0, Span span) {
    auto [a, b] = balance(a0, b0, span);
    if (stopped()) return a;
    EvalValue out = a;
    for (size_t i = 0; i < a.components.size(); ++i) {
      const Component &x = a.components[i], &y = b.components[i];
      if (x.kind == ComponentKind::Number) {
        NumericModel nm = numeric(x.model);
        NumberSet r;
        if (op == "+")
          r = nm.add(x.number, y.number);
        else if (op == "-")
          r = nm.subtract(x.number, y.number);
        else if (op == "*")
          r = nm.multiply(x.number, y.number);
        else if (op == "/")
          r = nm.divide(x.number, y.number);
        else {
          // "It may only be applied to two operands of cint or int types."
          unsupported("`" + op + "` on " + a.typeName);
          return out;
        }
        out.components[i] = Component::ofNumber(x.model, r);
      } else {
        // The operands are of the balanced type (rules 1-6): its width decides the operation
        // and the result is of that type (char and short computed in int, then narrowed).
        Scalar rs = a.type && isIntegral(a.type->scalar) ? a.type->scalar : Scalar::Int;
        Component xi = x.kind == ComponentKind::Int ? x : convertComponent(x, Scalar::Int),
                  yi = y.kind == ComponentKind::Int ? y : convertComponent(y, Scalar::Int);
        IntResult r = intBinaryAt(op, xi.integer, yi.integer, integerWidth(rs));
        if (intMayBeFloat_ && intAsFloat_ != false && rs != Scalar::CInt) {
          // CG-E25: the float reading where it differs from the integer one (not for cint,
          // "32-bit two's complement" and "meaningful only at compile time").
          std::vector<IntSet> f = intOperatorAsFloat(op, xi.integer, yi.integer);
          bool differs =
              !f.empty() && (!r.undefinedBehaviour.empty() || f.size() > 1 || !(f[0] == r.value) ||
                             !fitsWidth(r.value.value, integerWidth(rs)));
          if (!f.empty() && (intAsFloat_ == true || (differs && intEvaluatedAsFloat(rs)))) {
            bool constants = xi.constant && yi.constant;
            if (constants) {
              if (std::optional<Component> c = foldedAsIntegers(op, xi, yi, rs, f, span)) {
                out.components[i] = *c;
                continue;
              }
            }
            size_t k =
                f.size() == 1
                    ? 0
                    : static_cast<size_t>(choose(static_cast<int>(f.size()),
                                                 "reciprocal's rounding in " + textOf(span),
                                                 std::vector<std::string>(f.size(), "a quotient")));
            // Computed as float, at compile time or at run time: a constant still (a later
            // operation may fold from this value).
            out.components[i] =
                constants ? Component::ofConstantInt(f[k], f[k].value) : Component::ofInt(f[k]);
            continue;
          }
        }
        if (r.undefinedBehaviour.empty()) r.value = narrowInteger(r.value, rs);
        if (!r.undefinedBehaviour.empty()) {
          rule("integer-undefined-behaviour", span, r.undefinedBehaviour);
          undefinedBehaviour(r.undefinedBehaviour + " at " + textOf(span));
          return out;
        }
        if ((xi.integer.undefined || yi.integer.undefined) &&
            (op == "+" || op == "-" || op == "*" || op == "/" || op == "%" || op == "<<")) {
          // An undefined operand may be one that overflows (or divides by zero): that is
          // undefined behaviour too, one more outcome.
          if (choose(2, "undefined int operand of " + textOf(span),
                     {"a value", "undefined behaviour"}) == 1) {
            undefinedBehaviour("an undefined int operand may break C's rules at " + textOf(span));
            return out;
          }
        }
        out.components[i] = xi.constant && yi.constant
                                ? Component::ofConstantInt(r.value, r.value.value)
                                : Component::ofInt(r.value);
      }
    }
    rule("componentwise-operator", span, valueText(out));
    return out;
  }

  EvalValue boolValue(const std::vector<Component>& cs) {
    int n = static_cast<int>(cs.size());
    EvalValue v = makeValue(n == 1 ? scalarType(Scalar::Bool) : vectorType(Scalar::Bool, n), false);
    v.components = cs;
    return v;
  }

  EvalValue compare(const std::string& op, const EvalValue& a0, const EvalValue& b0, Span span) {
    auto [a, b] = balance(a0, b0, span);
    if (stopped()) return a;
    std::vector<Component> out;
    for (size_t i = 0; i < a.components.size(); ++i) {
      const Component &x = a.components[i], &y = b.components[i];
      Truth t;
      if (x.kind == ComponentKind::Number) {
        t = numeric(x.model).compare(op, x.number, y.number);
      } else {
        // bool compares as 1 and 0 ("true is treated as one and false is treated as zero").
        Component xi = x.kind == ComponentKind::Int ? x : convertComponent(x, Scalar::Int),
                  yi = y.kind == ComponentKind::Int ? y : convertComponent(y, Scalar::Int);
        if (xi.integer.undefined || yi.integer.undefined) {
          t = Truth::Either;
        } else {
          int64_t p = xi.integer.value, q = yi.integer.value;
          bool r = op == "<"    ? p < q
                   : op == ">"  ? p > q
                   : op == "<=" ? p <= q
                   : op == ">=" ? p >= q
                   : op == "==" ? p == q
                                : p != q;
          t = r ? Truth::True : Truth::False;
          if (intAsFloat_ == true && xi.constant && yi.constant) {
            // CG-E25: two constants compare as folded or as their float registers.
            p = xi.folded, q = yi.folded;
            bool folded = op == "<"    ? p < q
                          : op == ">"  ? p > q
                          : op == "<=" ? p <= q
                          : op == ">=" ? p >= q
                          : op == "==" ? p == q
                                       : p != q;
            if (folded != r && choose(2, "constant folding of " + textOf(span),
                                      {"as float (" + std::string(r ? "true" : "false") + ")",
                                       "folded as integers (" +
                                           std::string(folded ? "true" : "false") + ")"}) == 1)
              t = folded ? Truth::True : Truth::False;
          }
        }
      }
      // A comparison whose answer differs across the sets: both answers, one execution each
      // (design.md, "Outcome sets in practice").
      if (t == Truth::Either)
        out.push_back(
            Component::boolean(choose(2, "comparison " + textOf(span), {"false", "true"}) == 1));
      else
        out.push_back(Component::boolean(t == Truth::True));
    }
    EvalValue v = boolValue(out);
    rule("comparison", span, valueText(v));
    return v;
  }

  // `a * b + c`, `a * b - c`, `c + a * b`, `c - a * b` on floating values: the seed permits
  // optimizations "to produce slightly different results than unoptimized code" (#Arithmetic
  // Precision and Range), so the product may be contracted into a fused multiply-add (cgc
  // emits MAD; gp5's FMA rounds once): the result is the hull of the unfused and the fused
  // value (docs/ambiguities.md CG-E18). Operands that write are evaluated in the orders the
  // unfused expression has (the sum's two operands, then the product's), each order's values
  // contracted.
  std::optional<EvalValue> contracted(const Expr& e) {
    if (e.op != "+" && e.op != "-") return std::nullopt;
    int m = -1;
    for (int k = 1; k >= 0; --k)
      if (e.operands[k]->kind == ExprKind::Binary && e.operands[k]->op == "*") m = k;
    if (m < 0) return std::nullopt;
    const Expr& product = *e.operands[m];
    EvalValue a, b, c;
    for (size_t k : operandOrder({e.operands[0].get(), e.operands[1].get()}, e.span)) {
      if (stopped()) break;
      if (static_cast<int>(k) == m) {
        std::vector<EvalValue> ab =
            operands({product.operands[0].get(), product.operands[1].get()}, product.span);
        a = ab[0], b = ab[1];
      } else {
        c = eval(*e.operands[k]);
      }
    }
    if (stopped()) return c;
    EvalValue p = arithmetic("*", a, b, product.span);
    if (stopped()) return p;
    EvalValue sum = m == 0 ? arithmetic(e.op, p, c, e.span) : arithmetic(e.op, c, p, e.span);
    if (stopped() || !a.isNumeric() || !b.isNumeric() || !c.isNumeric()) return sum;
    auto [x, y] = balance(a, b, product.span);
    auto [pp, cc] = balance(p, c, e.span);
    if (stopped()) return sum;
    bool fused = false;
    for (size_t i = 0; i < sum.components.size(); ++i) {
      size_t j = x.components.size() == 1 ? 0 : i;
      if (j >= x.components.size() || j >= y.components.size() || i >= cc.components.size())
        continue;
      Component& r = sum.components[i];
      const Component &xi = x.components[j], &yi = y.components[j], &ci = cc.components[i];
      if (r.kind != ComponentKind::Number || xi.kind != ComponentKind::Number ||
          yi.kind != ComponentKind::Number || ci.kind != ComponentKind::Number ||
          xi.model != r.model || yi.model != r.model || ci.model != r.model)
        continue;
      NumericModel nm = numeric(r.model);
      NumberSet f = e.op == "+" ? nm.fusedMultiplyAdd(xi.number, yi.number, ci.number)
                    : m == 0    ? nm.fusedMultiplyAdd(xi.number, yi.number, nm.negate(ci.number))
                                : nm.fusedMultiplyAdd(nm.negate(xi.number), yi.number, ci.number);
      r.number = quadHull(r.number, f);
      fused = true;
    }
    if (fused) rule("contract-multiply-add", e.span, valueText(sum));
    return sum;
  }

  EvalValue binary(const Expr& e) {
    if (std::optional<EvalValue> f = contracted(e)) return *f;
    std::vector<EvalValue> ops = operands({e.operands[0].get(), e.operands[1].get()}, e.span);
    if (stopped()) return EvalValue{};
    const std::string& op = e.op;
    if (op == "&&" || op == "||") {
      // "Both sides of && and || are always evaluated; there is no short-circuiting as there
      // is in C": both operands were evaluated above; elementwise on bool vectors.
      EvalValue a = convert(ops[0], withScalar(*ops[0].type, Scalar::Bool));
      EvalValue b = convert(ops[1], withScalar(*ops[1].type, Scalar::Bool));
      if (a.components.size() == 1 && b.components.size() > 1) a = convert(a, b.type);
      if (b.components.size() == 1 && a.components.size() > 1) b = convert(b, a.type);
      std::vector<Component> out;
      for (size_t i = 0; i < a.components.size() && i < b.components.size(); ++i) {
        const Component &x = a.components[i], &y = b.components[i];
        Component r = Component::boolean(false);
        if (op == "&&") {
          r.canTrue = x.canTrue && y.canTrue;
          r.canFalse = x.canFalse || y.canFalse;
        } else {
          r.canTrue = x.canTrue || y.canTrue;
          r.canFalse = x.canFalse && y.canFalse;
        }
        out.push_back(r);
      }
      EvalValue v = boolValue(out);
      rule("boolean-both-sides", e.span, valueText(v));
      return v;
    }
    if (op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=")
      return compare(op, ops[0], ops[1], e.span);
    return arithmetic(op, ops[0], ops[1], e.span);
  }

  EvalValue unary(const Expr& e) {
    EvalValue v = eval(*e.operands[0]);
    if (stopped()) return v;
    // A bool operand of `+`, `-`, `~` is an int (docs/ambiguities.md C26).
    if (e.op != "!" && v.type && v.type->scalar == Scalar::Bool)
      v = convert(v, withScalar(*v.type, Scalar::Int));
    if (e.op == "+") return v;
    if (e.op == "!") {
      EvalValue b = convert(v, withScalar(*v.type, Scalar::Bool));
      for (Component& c : b.components) std::swap(c.canFalse, c.canTrue);
      rule("componentwise-operator", e.span, valueText(b));
      return b;
    }
    for (Component& c : v.components) {
      if (c.kind == ComponentKind::Number) {
        if (e.op != "-") return unsupported("`" + e.op + "` on " + v.typeName), v;
        c.number = numeric(c.model).negate(c.number);
      } else {
        Scalar rs = v.type && isIntegral(v.type->scalar) ? v.type->scalar : Scalar::Int;
        Component ci = c.kind == ComponentKind::Int ? c : convertComponent(c, Scalar::Int);
        IntResult r = intUnaryAt(e.op, ci.integer, integerWidth(rs));
        if (r.undefinedBehaviour.empty()) r.value = narrowInteger(r.value, rs);
        if (!r.undefinedBehaviour.empty()) {
          undefinedBehaviour(r.undefinedBehaviour + " at " + textOf(e.span));
          return v;
        }
        IntResult f = intUnaryAt(e.op, IntSet::of(ci.folded), integerWidth(rs));
        // Negation keeps a constant (exact in a float register too); `~` does not (its float
        // reading is not modelled: the value is taken as run-time, CG-E25).
        c = ci.constant && e.op == "-" && f.undefinedBehaviour.empty() &&
                    fitsWidth(f.value.value, integerWidth(rs))
                ? Component::ofConstantInt(r.value, f.value.value)
                : Component::ofInt(r.value);
      }
    }
    rule("componentwise-operator", e.span, valueText(v));
    return v;
  }

  EvalValue assign(const Expr& e) {
    // The right operand and the place are evaluated in either order when both have effects.
    Place place;
    EvalValue value;
    bool writes = hasSideEffects(*e.operands[0], &p_) || hasSideEffects(*e.operands[1], &p_);
    bool leftEffects = writes && hasSideEffects(*e.operands[0]),
         rightEffects = writes && hasSideEffects(*e.operands[1]);
    bool rightFirst = true;
    if (leftEffects && rightEffects)
      rightFirst =
          choose(2, "operand order of " + textOf(e.span), {"left first", "right first"}) == 1;
    if (rightFirst) value = eval(*e.operands[1]);
    if (stopped()) return value;
    place = placeOf(*e.operands[0]);
    if (!rightFirst) value = eval(*e.operands[1]);
    if (stopped()) return value;
    if (e.op != "=") {
      std::string op = e.op.substr(0, e.op.size() - 1);
      EvalValue old = read(place);
      value = arithmetic(op, old, value, e.span);
      if (stopped()) return value;
      rule("compound-assign", e.span);
    }
    // "An assignment expression has the value of the left operand after the assignment".
    write(place, value);
    EvalValue after = read(place);
    rule("assign", e.span, valueText(after));
    return after;
  }

  EvalValue conditional(const Expr& e) {
    // "side effects in the expressions in the second and third operands are always executed,
    // regardless of the condition".
    std::vector<EvalValue> ops =
        operands({e.operands[0].get(), e.operands[1].get(), e.operands[2].get()}, e.span);
    if (stopped()) return EvalValue{};
    rule("conditional-both-arms", e.span);
    // "The binary rule is applied to the second and third operands first, and then the binary
    // rule is applied to this result and the first operand."
    auto [a, b] = balance(ops[1], ops[2], e.span);
    if (stopped()) return a;
    EvalValue c = convert(ops[0], withScalar(*ops[0].type, Scalar::Bool));
    if (c.components.size() == 1) {
      bool t = chooseTruth(c.components[0], e.operands[0]->span, "condition");
      EvalValue r = t ? a : b;
      rule("conditional-select", e.span, valueText(r));
      return r;
    }
    // A bool vector selects per element.
    if (a.components.size() == 1) a = convert(a, withScalar(*c.type, a.type->scalar));
    if (b.components.size() == 1) b = convert(b, withScalar(*c.type, b.type->scalar));
    EvalValue r = a;
    for (size_t i = 0; i < r.components.size() && i < c.components.size(); ++i)
      r.components[i] = chooseTruth(c.components[i], e.operands[0]->span, "condition")
                            ? a.components[i]
                            : b.components[i];
    rule("conditional-select", e.span, valueText(r));
    return r;
  }

  EvalValue construct(const Expr& e) {
    TypeP t = resolveType(e.type, {});
    if (!t) {
      unsupported("the type " + e.type.name);
      return EvalValue{};
    }
    std::vector<const Expr*> ops;
    for (const ExprP& o : e.operands) ops.push_back(o.get());
    std::vector<EvalValue> args = operands(ops, e.span);
    if (stopped()) return EvalValue{};
    EvalValue out = makeValue(t, false);
    if (out.shape == EvalValue::Shape::Struct) {
      // One argument per member, each converted (docs/ambiguities.md C29).
      if (args.size() != out.elements.size()) {
        unsupported("constructor " + typeName(t) + " with " + std::to_string(args.size()) +
                    " arguments");
        return out;
      }
      for (size_t i = 0; i < args.size(); ++i)
        out.elements[i] = convert(args[i], out.elements[i].type);
      rule("construct", e.span, valueText(out));
      return out;
    }
    std::vector<Component> flat;
    for (const EvalValue& a : args)
      flat.insert(flat.end(), a.components.begin(), a.components.end());
    if (flat.size() == 1 && out.components.size() > 1) flat.assign(out.components.size(), flat[0]);
    if (flat.size() != out.components.size()) {
      unsupported("constructor " + typeName(t) + " with " + std::to_string(flat.size()) +
                  " components");
      return out;
    }
    for (size_t i = 0; i < flat.size(); ++i)
      out.components[i] = convertComponent(flat[i], t->scalar);
    rule("construct", e.span, valueText(out));
    return out;
  }

  // An initializer: an expression converted to the declared type, or a brace list filling the
  // components, elements or members in order.
  EvalValue initialize(const Expr& init, const TypeP& t) {
    if (init.kind != ExprKind::InitializerList) {
      EvalValue v = eval(init);
      if (stopped()) return v;
      rule("implicit-conversion", init.span);
      return convert(v, t);
    }
    EvalValue out = makeValue(t, false);
    if (out.shape == EvalValue::Shape::Array && init.operands.size() > out.elements.size()) {
      // C's brace elision: the scalars fill the elements' components in order (the checker
      // allows it only when they fill them exactly; docs/ambiguities.md C30).
      size_t k = 0;
      for (EvalValue& element : out.elements)
        for (Component& c : element.components) {
          if (k >= init.operands.size() || stopped()) return out;
          EvalValue v = eval(*init.operands[k++]);
          if (!v.components.empty()) c = convertComponent(v.components[0], element.type->scalar);
        }
      return out;
    }
    if (out.shape == EvalValue::Shape::Array || out.shape == EvalValue::Shape::Struct) {
      for (size_t i = 0; i < out.elements.size() && i < init.operands.size(); ++i)
        out.elements[i] = initialize(*init.operands[i], out.elements[i].type);
      return out;
    }
    std::vector<Component> flat;
    for (const ExprP& o : init.operands) {
      EvalValue v = eval(*o);
      flat.insert(flat.end(), v.components.begin(), v.components.end());
    }
    for (size_t i = 0; i < out.components.size() && i < flat.size(); ++i)
      out.components[i] = convertComponent(flat[i], t->scalar);
    return out;
  }

  // ---------------------------------------------------------------- calls

  TypeP parameterType(const Parameter& p) { return resolveType(p.type, p.declarator.arraySizes); }
  // An unsized array parameter (seed "Unsized Arrays": "Unsized arrays are dynamic typed objects
  // that take on the size of any array assigned to them") takes the size of the argument at the
  // call, at each level of a nested array (`float a[][]`); any other type is itself.
  TypeP sizedLikeArgument(const TypeP& t, const EvalValue& argument) {
    if (!t || t->kind != TypeKind::Array || argument.shape != EvalValue::Shape::Array) return t;
    int size = t->arraySize >= 0 ? t->arraySize : static_cast<int>(argument.elements.size());
    TypeP element = argument.elements.empty()
                        ? t->element
                        : sizedLikeArgument(t->element, argument.elements.front());
    return arrayType(element, size, t->packed);
  }
  bool isOut(const Parameter& p) { return p.specifiers.out || p.specifiers.inout; }
  bool isIn(const Parameter& p) { return !p.specifiers.out || p.specifiers.inout; }

  // The definition a call names when the checker did not say (or chose a prototype): the one
  // with that name whose parameters take the arguments, preferring exact types.
  int resolveCall(const Expr& e, const std::vector<TypeP>& argTypes) {
    int best = -1, bestScore = -1;
    for (size_t i = 0; i < p_.functions.size(); ++i) {
      const FunctionDecl& f = p_.functions[i];
      if (f.name != e.name || !f.hasBody || f.ownerStruct >= 0) continue;
      if (f.parameters.size() < argTypes.size()) continue;
      bool defaults = true;
      for (size_t k = argTypes.size(); k < f.parameters.size(); ++k)
        defaults &= f.parameters[k].declarator.initializer != nullptr;
      if (!defaults) continue;
      int score = 0;
      for (size_t k = 0; k < argTypes.size(); ++k)
        if (argTypes[k] && sameType(argTypes[k], parameterType(f.parameters[k]))) ++score;
      if (score > bestScore) best = static_cast<int>(i), bestScore = score;
    }
    return best;
  }

  EvalValue call(const Expr& e) {
    // The arguments: in ones as values, out and inout ones as places (their lvalues).
    std::vector<const Expr*> ops;
    for (const ExprP& o : e.operands) ops.push_back(o.get());
    // The checker's choice (Expr::info.function): a user function or a library overload.
    const FunctionSignature* chosen = nullptr;
    if (o_.checked && e.info.function >= 0 &&
        e.info.function < static_cast<int>(o_.checked->functions.size()))
      chosen = &o_.checked->functions[e.info.function];
    int f = -1;
    if (chosen && chosen->declaration >= 0) {
      f = chosen->declaration;
    } else if (!chosen) {
      for (const FunctionDecl& d : p_.functions) f = (d.name == e.name && d.hasBody) ? 0 : f;
    }
    if (f < 0 && isTextureLookup(e.name)) return textureLookup(e, ops, chosen);
    if (f < 0 && (e.name == "ddx" || e.name == "ddy" || e.name == "fwidth"))
      return derivative(e, ops, chosen);
    const LibraryRow* row = f < 0 ? findLibraryRow(e.name) : nullptr;
    if (f < 0 && !row) {
      unsupported("the standard-library function `" + e.name + "` (not evaluated yet)");
      return EvalValue{};
    }
    std::vector<EvalValue> args = operands(ops, e.span);
    if (stopped()) return EvalValue{};
    if (row)
      return library(e, *row, args, ops, chosen && chosen->declaration < 0 ? chosen : nullptr);
    std::vector<TypeP> types;
    for (const EvalValue& a : args) types.push_back(a.type);
    if (!(chosen && p_.functions[f].hasBody)) f = resolveCall(e, types);
    if (f < 0) {
      unsupported("no overload of `" + e.name + "` takes these arguments");
      return EvalValue{};
    }
    return callDefined(f, e, ops, args, nullptr);
  }

  // A call of the defined function `f` with its arguments evaluated (`args`; the out ones are
  // re-read as places). `self`: the object of a member function, whose members the body reads
  // and writes as variables and which is updated after the call.
  EvalValue callDefined(int f, const Expr& e, const std::vector<const Expr*>& ops,
                        const std::vector<EvalValue>& args, EvalValue* self) {
    const FunctionDecl& fn = p_.functions[f];
    // A member function called by its bare name from a sibling member: the current object.
    std::vector<int> siblingSlots;
    EvalValue sibling;
    if (!self && fn.ownerStruct >= 0) {
      sibling = makeValue(structType(fn.ownerStruct, p_.structs[fn.ownerStruct].name), true);
      for (size_t i = 0; i < sibling.memberNames.size(); ++i) {
        int slot = lookup(sibling.memberNames[i]);
        siblingSlots.push_back(slot);
        if (slot >= 0) sibling.elements[i] = memory_[slot];
      }
      self = &sibling;
    }
    std::vector<Place> places(fn.parameters.size());
    for (size_t i = 0; i < fn.parameters.size() && i < ops.size(); ++i)
      if (isOut(fn.parameters[i])) places[i] = placeOf(*ops[i]);
    if (stopped()) return EvalValue{};
    std::vector<EvalValue> in;
    for (size_t i = 0; i < fn.parameters.size(); ++i) {
      const Parameter& p = fn.parameters[i];
      TypeP t = parameterType(p);
      if (i >= args.size()) {
        in.push_back(initialize(*p.declarator.initializer, t));  // an optional argument
      } else if (!isIn(p)) {
        // out: undefined until written; an unsized array has the size of the argument's place
        in.push_back(makeValue(sizedLikeArgument(t, read(places[i])), true));
      } else {
        rule("call-copy-in", ops[i]->span, p.declarator.name);
        in.push_back(convert(args[i], sizedLikeArgument(t, args[i])));
      }
    }
    std::vector<EvalValue> outs;
    EvalValue result = invoke(f, in, &outs, self);
    if (stopped()) return result;
    for (size_t i = 0; i < siblingSlots.size(); ++i)
      if (siblingSlots[i] >= 0) memory_[siblingSlots[i]] = sibling.elements[i];
    copyOut(fn, ops, places, outs, e.span);
    rule("call-return", e.span, valueText(result));
    return result;
  }

  // `r.f(args)` (seed "Struct and Interface types"): the member function f of r's structure.
  // An interface's member functions are "only declared, not defined": the call runs the
  // implementation of the structure r holds ("Struct types may inherit from a single interface
  // type, and must define an implementation member function for every member function declared
  // in the interface type"); an interface value given no structure (an uninitialised variable,
  // a parameter without a value) may hold any implementing structure, each a choice with
  // undefined members (docs/ambiguities.md CG-E11). Writes of the body to the members go back
  // to r when r is a variable (C++'s `this`, which the seed's "as in C++" scoping follows).
  EvalValue methodCall(const Expr& e) {
    const Expr& receiver = *e.operands[0];
    bool lvalue = receiver.kind == ExprKind::Name || receiver.kind == ExprKind::Member ||
                  receiver.kind == ExprKind::Index;
    Place place;
    EvalValue self;
    if (lvalue) {
      place = placeOf(receiver);
      if (stopped()) return EvalValue{};
      self = read(place);
    } else {
      self = eval(receiver);
    }
    if (stopped()) return EvalValue{};
    if (!self.type || self.type->kind != TypeKind::Struct) {
      unsupported("a member function of " + self.typeName);
      return EvalValue{};
    }
    int structIndex = self.type->structIndex;
    if (self.type->isInterface) {
      std::vector<int> implementations;
      std::vector<std::string> names;
      for (size_t i = 0; i < p_.structs.size(); ++i)
        if (p_.structs[i].isDefinition && !p_.structs[i].isInterface &&
            p_.structs[i].implements == self.type->name)
          implementations.push_back(static_cast<int>(i)), names.push_back(p_.structs[i].name);
      if (implementations.empty()) {
        unsupported("no structure implements interface " + self.type->name);
        return EvalValue{};
      }
      int k = implementations.size() == 1
                  ? 0
                  : choose(static_cast<int>(implementations.size()),
                           "the structure of " + textOf(receiver.span), names);
      structIndex = implementations[static_cast<size_t>(k)];
      self = makeValue(structType(structIndex, p_.structs[structIndex].name), true);
      rule("interface-implementation", receiver.span, p_.structs[structIndex].name);
    }
    const FunctionSignature* chosen = nullptr;
    if (o_.checked && e.info.function >= 0 &&
        e.info.function < static_cast<int>(o_.checked->functions.size()))
      chosen = &o_.checked->functions[e.info.function];
    std::vector<const Expr*> ops;
    for (size_t i = 1; i < e.operands.size(); ++i) ops.push_back(e.operands[i].get());
    int f = -1;
    if (structIndex >= 0 && structIndex < static_cast<int>(p_.structs.size()))
      for (const StructMember& m : p_.structs[structIndex].members) {
        if (m.function < 0) continue;
        const FunctionDecl& d = p_.functions[m.function];
        if (d.name != e.name || !d.hasBody || d.parameters.size() < ops.size()) continue;
        bool matches = true;
        if (chosen && chosen->parameters.size() == d.parameters.size())
          for (size_t k = 0; k < d.parameters.size(); ++k)
            matches &= sameType(chosen->parameters[k], parameterType(d.parameters[k]));
        if (matches) {
          f = m.function;
          break;
        }
      }
    if (f < 0) {
      unsupported("no definition of member function `" + e.name + "` in " + self.typeName);
      return EvalValue{};
    }
    std::vector<EvalValue> args = operands(ops, e.span);
    if (stopped()) return EvalValue{};
    rule("member-function-call", e.span, self.typeName + "::" + e.name);
    EvalValue result = callDefined(f, e, ops, args, &self);
    if (stopped()) return result;
    if (lvalue) {
      EvalValue* target = valueAt(place);
      // An interface variable keeps the structure it holds (its dynamic type).
      if (target && place.components.empty()) *target = self;
    }
    return result;
  }

  // Copies out and inout parameters back to the caller's places. Two of them naming the same
  // variable: the seed does not order the copies, so every order is an outcome (CG-E7).
  void copyOut(const FunctionDecl& fn, const std::vector<const Expr*>& ops,
               const std::vector<Place>& places, const std::vector<EvalValue>& outs, Span span) {
    std::vector<size_t> order;
    for (size_t i = 0; i < fn.parameters.size() && i < ops.size(); ++i)
      if (isOut(fn.parameters[i])) order.push_back(i);
    bool overlap = false;
    for (size_t a = 0; a < order.size(); ++a)
      for (size_t b = a + 1; b < order.size(); ++b)
        overlap |= places[order[a]].slot == places[order[b]].slot;
    if (overlap && order.size() >= 2) {
      order = chooseOrder(order, "copy-out order of " + textOf(span),
                          [&](size_t i) { return fn.parameters[i].declarator.name; });
    }
    for (size_t i : order) {
      write(places[i], outs[i]);
      rule("call-copy-out", ops[i]->span, fn.parameters[i].declarator.name);
    }
  }

  // A texture lookup of the library (texture.h): the sampler's texture, the coordinate and the
  // other arguments as sets; the result the hull of every sampler state and level the call
  // leaves open (CG-E12). A sampler given no texture: any value.
  EvalValue textureLookup(const Expr& e, const std::vector<const Expr*>& ops,
                          const FunctionSignature* chosen) {
    std::vector<EvalValue> args = operands(ops, e.span);
    if (stopped()) return EvalValue{};
    TypeP rt = chosen && chosen->result ? chosen->result : vectorType(Scalar::Float, 4);
    EvalValue v = makeValue(rt, false);
    if (args.empty() || !v.isNumeric()) {
      unsupported("the texture lookup " + textOf(e.span));
      return EvalValue{};
    }
    bool sizeQuery = e.name.size() > 4 && e.name.compare(e.name.size() - 4, 4, "size") == 0;
    if (sizeQuery) {
      // texNsize(s, lod): the level's width, height and depth; where the texture has no such
      // dimension, or the level does not exist, or no texture is given: any int.
      std::vector<std::optional<int64_t>> size(3);
      if (args[0].texture && args.size() == 1)  // tex2DMSsize(s), texRBUFsize(s): no level
        size = textureSize(*args[0].texture, NumberSet::point(0));
      if (args[0].texture && args.size() == 2 && !args[1].components.empty() &&
          args[1].components[0].kind == ComponentKind::Int &&
          !args[1].components[0].integer.undefined)
        size =
            textureSize(*args[0].texture,
                        NumberSet::point(static_cast<double>(args[1].components[0].integer.value)));
      for (size_t k = 0; k < v.components.size(); ++k)
        v.components[k] =
            Component::ofInt(k < size.size() && size[k] ? IntSet::of(*size[k]) : IntSet::any());
      rule("texture-lookup", e.span, valueText(v));
      return v;
    }
    Model m = modelFor(rt->scalar);
    if (!args[0].texture) {
      for (Component& c : v.components) c = c.undefinedLike();
      rule("texture-lookup", e.span, valueText(v) + " (no texture)");
      return v;
    }
    // A texel offset (the gp4 forms' last, integer argument "texelOff"; texelFetchOffset's):
    // a constant of the program in OpenGL (an immediate of the instruction), so an offset that
    // is not one value is any result.
    std::vector<int64_t> offset;
    size_t count = args.size();
    // (The multisample fetches' last integer is the sample number, not an offset.)
    bool sampleNumber =
        e.name == "tex2DMSfetch" || e.name == "tex2DMSARRAYfetch" || e.name == "texRBUF";
    if (chosen && chosen->parameters.size() >= 3 && e.name != "texelFetch" && !sampleNumber &&
        chosen->parameters.back() && isIntegral(chosen->parameters.back()->scalar) &&
        args.size() == chosen->parameters.size()) {
      for (const Component& c : args.back().components) {
        if (c.kind != ComponentKind::Int || c.integer.undefined) {
          for (Component& x : v.components) x = x.undefinedLike();
          rule("texture-lookup", e.span, valueText(v) + " (an offset of several values)");
          return v;
        }
        offset.push_back(c.integer.value);
      }
      --count;
    }
    std::vector<std::vector<NumberSet>> sets;
    for (size_t i = 1; i < count; ++i) {
      std::vector<NumberSet> one;
      for (const Component& c : args[i].components) {
        if (c.kind == ComponentKind::Int)
          one.push_back(c.integer.undefined
                            ? NumberSet::any()
                            : NumberSet::point(static_cast<double>(c.integer.value)));
        else if (c.kind == ComponentKind::Number)
          one.push_back(c.number);
        else
          one.push_back(NumberSet::any());
      }
      sets.push_back(one);
    }
    LookupResult r = lookupTexture(e.name, *args[0].texture, sets, offset);
    if (!r.error.empty()) {
      unsupported(r.error);
      return EvalValue{};
    }
    for (size_t k = 0; k < v.components.size() && k < r.channels.size(); ++k) {
      if (v.components[k].kind == ComponentKind::Number)
        v.components[k] = Component::ofNumber(m, numeric(m).convert(r.channels[k]));
      else if (v.components[k].kind == ComponentKind::Int) {
        // An integer sampler's lookup (int4, unsigned int4): the texel's integer; a set that is
        // not one integer (a filtered or undefined read) is any int.
        const NumberSet& n = r.channels[k];
        bool exact = n.isPoint() && std::isfinite(n.lo) && std::floor(n.lo) == n.lo &&
                     std::fabs(n.lo) <= 2147483648.0;
        v.components[k] =
            Component::ofInt(exact ? IntSet::of(static_cast<int64_t>(n.lo)) : IntSet::any());
      }
    }
    rule("texture-lookup", e.span, valueText(v));
    return v;
  }

  // ---------------------------------------------------------------- derivatives (CG-E13)

  // ddx, ddy, fwidth (the manual's pages: "differencing with the adjacent horizontal fragment in
  // the quad-fragment"; "may [be] incorrect when ddx is used in control flow paths where not all
  // the fragments within a quad-fragment have branched the same way"). One call has no
  // neighbouring fragments (docs/ambiguities.md CG-E14): an argument that is the same in every
  // fragment (invariantAcrossFragments), reached without a branch on a value that may differ
  // between fragments, has derivative 0 (NaN where the value may be infinite or NaN: inf - inf);
  // any other argument's derivative is any value (fwidth: any sum of two magnitudes).
  EvalValue derivative(const Expr& e, const std::vector<const Expr*>& ops,
                       const FunctionSignature* chosen) {
    std::vector<EvalValue> args = operands(ops, e.span);
    if (stopped()) return EvalValue{};
    if (args.size() != 1 || !args[0].isNumeric()) {
      unsupported(e.name + ": one scalar or vector argument");
      return EvalValue{};
    }
    TypeP t = chosen && chosen->result ? chosen->result : args[0].type;
    EvalValue v = t ? convert(args[0], t) : args[0];
    size_t index = derivativeArguments.size();
    derivativeArguments.push_back({&e, v});
    bool same = !varyingControl_ && invariantAcrossFragments(*ops[0]);
    if (!same && !varyingControl_ && quad) {
      std::optional<EvalValue> d = quadDerivative(e, v, index);
      if (d) {
        rule("derivative", e.span, "the quad's differences: " + valueText(*d));
        return *d;
      }
    }
    for (Component& c : v.components) {
      if (c.kind != ComponentKind::Number) {
        c = c.undefinedLike();
        continue;
      }
      NumericModel nm = numeric(c.model);
      if (same) {
        const NumberSet& x = c.number;
        bool finite =
            !x.undefined && !x.nan && x.values && std::isfinite(x.lo) && std::isfinite(x.hi);
        NumberSet zero = NumberSet::point(0);
        if (!finite) zero.nan = true;
        c.number = zero;
      } else if (e.name == "fwidth" && c.model != Model::Fixed) {
        NumberSet any = NumberSet::range(0, std::numeric_limits<double>::infinity());
        any.nan = true;
        c.number = any;
      } else if (e.name == "fwidth") {
        c.number = NumberSet::range(0, nm.largest());
      } else {
        c = c.undefinedLike();
      }
    }
    rule("derivative", e.span,
         std::string(same ? "the same in every fragment: " : "varies between fragments: ") +
             valueText(v));
    return v;
  }

  // ddx, ddy or fwidth of `self` (this fragment's argument, the quad's upper left) from the
  // other fragments' arguments of the same call (quad.h's rule for WGSL, Vulkan "Derivative
  // Operations"): the seed does not say whether a derivative is fine or coarse, so ddx is the
  // hull of the upper row's difference (right - self) and the lower row's (diagonal - below),
  // ddy of the left column's (below - self) and the right column's (diagonal - right), each a
  // subtraction in the argument's model; fwidth is |ddx| + |ddy|. Nothing when a neighbour's
  // executions do not all reach this call as the n-th derivative (their paths differ: the
  // derivative stays any value, CG-E14).
  std::optional<EvalValue> quadDerivative(const Expr& e, const EvalValue& self, size_t index) {
    std::array<const EvalValue*, 3> other{};
    for (size_t k = 0; k < 3; ++k) {
      const QuadNeighbour& n = (*quad)[k];
      if (index >= n.calls.size() || !n.calls[index] || n.calls[index]->call != &e ||
          n.calls[index]->argument.components.size() != self.components.size())
        return std::nullopt;
      other[k] = &n.calls[index]->argument;
    }
    const EvalValue &right = *other[0], &below = *other[1], &diagonal = *other[2];
    EvalValue out = self;
    for (size_t i = 0; i < self.components.size(); ++i) {
      const Component* cs[4] = {&self.components[i], &right.components[i], &below.components[i],
                                &diagonal.components[i]};
      bool numbers = true;
      for (const Component* c : cs)
        numbers &= c->kind == ComponentKind::Number && c->model == self.components[i].model;
      if (!numbers) return std::nullopt;
      NumericModel nm = numeric(self.components[i].model);
      auto along = [&](int m1, int s1, int m2, int s2) {
        return quadHull(nm.subtract(cs[m1]->number, cs[s1]->number),
                        nm.subtract(cs[m2]->number, cs[s2]->number));
      };
      NumberSet dx = along(1, 0, 3, 2), dy = along(2, 0, 3, 1);
      NumberSet r = e.name == "ddx"   ? dx
                    : e.name == "ddy" ? dy
                                      : nm.add(magnitudeOf(dx), magnitudeOf(dy));
      out.components[i].number = r;
    }
    return out;
  }

  // A branch (if, a loop's condition, switch) on a value that may differ between the quad's
  // fragments: from here on a derivative may read a neighbour that went another way.
  void noteControl(const Expr& condition) {
    if (!varyingControl_ && !invariantAcrossFragments(condition)) varyingControl_ = true;
  }

  // Whether `e` has one value in every fragment of a draw: literals, globals (uniform, or static
  // with such an initializer) and the entry's `uniform` parameters that no statement writes, and
  // operators, constructors, casts, swizzles and library calls (texture lookups included) of
  // such operands. Anything else (a varying input, a local variable, a user function's result)
  // may differ. Conservative: a name written anywhere in the program is not invariant.
  bool invariantAcrossFragments(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLiteral:
      case ExprKind::FloatLiteral:
      case ExprKind::BoolLiteral:
        return true;
      case ExprKind::Name:
        return invariantName(e.name);
      case ExprKind::Call: {
        if (e.name == "ddx" || e.name == "ddy" || e.name == "fwidth") return false;
        bool user = false;
        for (const FunctionDecl& d : p_.functions) user |= d.name == e.name && d.hasBody;
        if (user || e.name == "sincos" || e.name == "modf" || e.name == "frexp") return false;
        break;
      }
      case ExprKind::Member:
      case ExprKind::Index:
      case ExprKind::Construct:
      case ExprKind::Cast:
      case ExprKind::Unary:
      case ExprKind::Binary:
      case ExprKind::Conditional:
      case ExprKind::Comma:
      case ExprKind::InitializerList:
        break;
      default:  // assignments, increments, member function calls
        return false;
    }
    for (const ExprP& o : e.operands)
      if (!o || !invariantAcrossFragments(*o)) return false;
    return true;
  }

  bool invariantName(const std::string& name) {
    if (written().count(name)) return false;
    int slot = lookup(name);
    auto g = globals_.find(name);
    if (slot >= 0 && g != globals_.end() && g->second == slot) {
      for (const VariableDecl& v : p_.globals)
        for (const Declarator& d : v.declarators)
          if (d.name == name)
            return !d.initializer || v.specifiers.uniform || !v.specifiers.isStatic
                       ? true
                       : invariantAcrossFragments(*d.initializer);
      return false;
    }
    // The entry's uniform parameters, read in the entry itself.
    if (frames_.size() == 1 && entry_ >= 0)
      for (const Parameter& p : p_.functions[entry_].parameters)
        if (p.declarator.name == name) return p.specifiers.uniform;
    return false;
  }

  // The names any statement of the program writes: assignment and increment targets, and
  // every name passed to a user function (an out or inout parameter) or to sincos and modf.
  const std::set<std::string>& written() {
    if (written_) return *written_;
    written_.emplace();
    std::function<void(const Expr&)> root = [&](const Expr& e) {
      if (e.kind == ExprKind::Name) written_->insert(e.name);
      if ((e.kind == ExprKind::Member || e.kind == ExprKind::Index) && !e.operands.empty() &&
          e.operands[0])
        root(*e.operands[0]);
    };
    std::set<std::string> userNames;
    for (const FunctionDecl& d : p_.functions) userNames.insert(d.name);
    std::function<void(const Expr&)> expr = [&](const Expr& e) {
      if (e.kind == ExprKind::Assign || e.kind == ExprKind::PreIncrement ||
          e.kind == ExprKind::PostIncrement) {
        if (!e.operands.empty() && e.operands[0]) root(*e.operands[0]);
      }
      if ((e.kind == ExprKind::Call && (userNames.count(e.name) || e.name == "sincos" ||
                                        e.name == "modf" || e.name == "frexp")) ||
          e.kind == ExprKind::MethodCall)
        for (const ExprP& o : e.operands)
          if (o) root(*o);
      for (const ExprP& o : e.operands)
        if (o) expr(*o);
    };
    std::function<void(const Stmt&)> stmt = [&](const Stmt& s) {
      if (s.expr) expr(*s.expr);
      if (s.step) expr(*s.step);
      for (const Declarator& d : s.declaration.declarators)
        if (d.initializer) expr(*d.initializer);
      for (const StmtP& c : s.statements)
        if (c) stmt(*c);
      for (const StmtP* c : {&s.then, &s.otherwise, &s.body, &s.init})
        if (*c) stmt(**c);
    };
    for (const FunctionDecl& d : p_.functions)
      if (d.body) stmt(*d.body);
    for (const VariableDecl& v : p_.globals)
      for (const Declarator& d : v.declarators)
        if (d.initializer) expr(*d.initializer);
    return *written_;
  }

  // A standard-library call. Its out parameters (sincos's s and c, modf's ip: the last
  // `outParameterCount` ones) are copied back as a user function's are (call-copy-out).
  EvalValue library(const Expr& e, const LibraryRow& row, std::vector<EvalValue> args,
                    const std::vector<const Expr*>& ops, const FunctionSignature* chosen) {
    size_t outCount = static_cast<size_t>(outParameterCount(row));
    if (args.size() < outCount) {
      unsupported(std::string(row.name) + ": too few arguments");
      return EvalValue{};
    }
    std::vector<Place> places;
    for (size_t i = args.size() - outCount; i < args.size(); ++i)
      places.push_back(placeOf(*ops[i]));
    if (stopped()) return EvalValue{};
    args.resize(args.size() - outCount);
    // The arguments converted to the overload the checker chose (sin(1) is sin(float)), or
    // without it to one element type (the usual arithmetic conversions across them:
    // lerp(half3, half3, 0.5) takes the cfloat as half; ints stay ints where every argument
    // is one).
    Scalar s = Scalar::CInt;
    for (const EvalValue& a : args)
      if (a.type && a.isNumeric()) s = usualArithmetic(s, a.type->scalar);
    if (s == Scalar::CInt) s = Scalar::Int;
    if (s == Scalar::CFloat) s = Scalar::Float;
    if (s == Scalar::Bool) s = Scalar::Int;
    if (chosen && chosen->parameters.size() == args.size() + outCount) {
      for (const TypeP& t : chosen->parameters)
        if (t && isNumeric(*t)) {
          s = t->scalar;
          break;
        }
    }
    bool exact = chosen && chosen->parameters.size() == args.size() + outCount;
    for (size_t i = 0; i < args.size(); ++i) {
      EvalValue& a = args[i];
      if (!a.type || !a.isNumeric()) continue;
      // The overload's own parameter type where the checker chose one (refract's scalar eta,
      // all's boolN); otherwise the argument's shape in the common element type.
      const TypeP& p = exact ? chosen->parameters[i] : nullptr;
      a = convert(a, p && isNumeric(*p) ? p : withScalar(*a.type, s));
    }
    LibraryResult r = callLibrary(row, args, o_.strictIeee);
    if (!r.error.empty()) {
      unsupported(r.error);
      return EvalValue{};
    }
    if (!r.undefinedBehaviour.empty())
      undefinedBehaviour(r.undefinedBehaviour + " at " + textOf(e.span));
    EvalValue v = r.value;
    int n = static_cast<int>(v.components.size());
    if (v.shape == EvalValue::Shape::Matrix)
      v.type = matrixType(s, v.rows, v.columns);
    else
      v.type = n == 1 && v.shape == EvalValue::Shape::Scalar ? scalarType(s) : vectorType(s, n);
    if (r.value.shape == EvalValue::Shape::Void) v.type = voidType();
    if (exact && chosen->result && isNumeric(*chosen->result)) v.type = chosen->result;
    if (!v.components.empty() && v.components[0].kind == ComponentKind::Bool)
      v.type = n == 1 ? scalarType(Scalar::Bool) : vectorType(Scalar::Bool, n);
    v.typeName = typeName(v.type);
    if (row.evaluator == "clip") {
      // clip(x): "if (any(x < 0)) discard;" (the manual's clip page); the evaluator's value is
      // any(x < 0), which may go either way on a set (CG-E10).
      rule("standard-library-call", e.span, "clip: any(x < 0) = " + valueText(v));
      if (chooseTruth(v.components[0], e.span, "clip")) {
        rule("discard", e.span, "clip");
        if (!stop) stop = Stop{Outcome::Status::Discarded, "clip"};
      }
      EvalValue none;
      none.type = voidType();
      none.typeName = "void";
      return none;
    }
    rule("standard-library-call", e.span, std::string(row.name) + " = " + valueText(v));
    for (size_t i = 0; i < places.size() && i < r.outs.size(); ++i) {
      EvalValue out = r.outs[i];
      // The overload's out type where the checker chose one (frexp's int exponent).
      const TypeP& declared = exact ? chosen->parameters[args.size() + i] : nullptr;
      out.type = declared ? declared : withScalar(*args[0].type, s);
      out.typeName = typeName(out.type);
      write(places[i], out);
      rule("call-copy-out", ops[args.size() + i]->span,
           std::string(row.name) + " " + valueText(out));
    }
    return v;
  }

  EvalValue invoke(int f, const std::vector<EvalValue>& in, std::vector<EvalValue>* outs,
                   EvalValue* self = nullptr) {
    const FunctionDecl& fn = p_.functions[f];
    if (frames_.size() > 256) {
      unsupported("calls nested deeper than 256 (recursion)");
      return EvalValue{};
    }
    frames_.push_back({{}});
    // A member function's object: its members are variables of the body (parameters declared
    // after them hide them, as in C++).
    std::vector<int> memberSlots;
    if (self)
      for (size_t i = 0; i < self->elements.size() && i < self->memberNames.size(); ++i)
        memberSlots.push_back(declare(self->memberNames[i], self->elements[i]));
    std::vector<int> slots;
    for (size_t i = 0; i < fn.parameters.size(); ++i)
      slots.push_back(declare(fn.parameters[i].declarator.name, in[i]));
    returned_.reset();
    Flow flow = fn.body ? exec(*fn.body) : Flow::Normal;
    EvalValue result;
    TypeP rt = resolveType(fn.returnType, {});
    if (flow == Flow::Return && returned_) {
      result = convert(*returned_, rt);
    } else if (rt && rt->kind != TypeKind::Void) {
      result = makeValue(rt, true);  // fell off the end: an undefined value
    }
    if (flow == Flow::Discard && !stop) stop = Stop{Outcome::Status::Discarded, "discard"};
    if (outs)
      for (int s : slots) outs->push_back(memory_[s]);
    for (size_t i = 0; i < memberSlots.size(); ++i) self->elements[i] = memory_[memberSlots[i]];
    frames_.pop_back();
    returned_.reset();
    return result;
  }

  // ---------------------------------------------------------------- statements

  void declareLocal(const VariableDecl& d) {
    for (const Declarator& x : d.declarators) {
      TypeP t = resolveType(d.type, x.arraySizes);
      if (!t) return unsupported("the type " + d.type.name);
      EvalValue v;
      if (x.initializer) {
        if (t->kind == TypeKind::Array && t->arraySize < 0 &&
            x.initializer->kind == ExprKind::InitializerList)
          t = arrayType(t->element, static_cast<int>(x.initializer->operands.size()));
        v = initialize(*x.initializer, t);
      } else {
        v = makeValue(t, true);  // "uninitialized": undefined until written
      }
      if (stopped()) return;
      declare(x.name, v);
      rule("declaration", x.span, x.name + " = " + valueText(v));
    }
  }

  Flow exec(const Stmt& s) {
    if (!step()) return Flow::Return;
    switch (s.kind) {
      case StmtKind::Block: {
        frames_.back().push_back({});
        Flow f = Flow::Normal;
        for (const StmtP& x : s.statements) {
          f = exec(*x);
          if (f != Flow::Normal || stopped()) break;
        }
        frames_.back().pop_back();
        return f;
      }
      case StmtKind::Declaration:
        declareLocal(s.declaration);
        return Flow::Normal;
      case StmtKind::Expression:
        if (s.expr) eval(*s.expr);
        return Flow::Normal;
      case StmtKind::Empty:
      case StmtKind::TypeDecl:
      case StmtKind::Case:
      case StmtKind::Default:
        return Flow::Normal;
      case StmtKind::If: {
        bool t = condition(*s.expr);
        if (stopped()) return Flow::Return;
        rule("if", s.span, t ? "then" : "else");
        if (t) return exec(*s.then);
        return s.otherwise ? exec(*s.otherwise) : Flow::Normal;
      }
      case StmtKind::While:
      case StmtKind::DoWhile:
      case StmtKind::For:
        return loop(s);
      case StmtKind::Break:
        rule("break", s.span);
        return Flow::Break;
      case StmtKind::Continue:
        rule("continue", s.span);
        return Flow::Continue;
      case StmtKind::Return:
        returned_ = s.expr ? eval(*s.expr) : EvalValue{};
        rule("return", s.span, returned_ ? valueText(*returned_) : "");
        return Flow::Return;
      case StmtKind::Discard:
        rule("discard", s.span);
        return Flow::Discard;
      case StmtKind::Switch:
        return switchStatement(s);
    }
    return Flow::Normal;
  }

  bool condition(const Expr& e) {
    noteControl(e);
    EvalValue v = eval(e);
    if (stopped() || v.components.empty()) return false;
    Component c = convertComponent(v.components[0], Scalar::Bool);
    return chooseTruth(c, e.span, "condition");
  }

  Flow loop(const Stmt& s) {
    frames_.back().push_back({});
    Flow result = Flow::Normal;
    if (s.kind == StmtKind::For && s.init) exec(*s.init);
    bool first = true;
    while (!stopped()) {
      if (!(s.kind == StmtKind::DoWhile && first)) {
        bool go = s.expr ? condition(*s.expr) : true;
        if (stopped() || !go) break;
      }
      first = false;
      rule("loop", s.span);
      Flow f = exec(*s.body);
      if (f == Flow::Break) break;
      if (f == Flow::Return || f == Flow::Discard) {
        result = f;
        break;
      }
      if (s.kind == StmtKind::For && s.step) eval(*s.step);
    }
    frames_.back().pop_back();
    return result;
  }

  Flow switchStatement(const Stmt& s) {
    noteControl(*s.expr);
    EvalValue v = eval(*s.expr);
    if (stopped()) return Flow::Return;
    Component c = convertComponent(v.components.at(0), Scalar::Int);
    const std::vector<StmtP>& body = s.body->statements;
    // The label to start at: the case whose value equals, else default, else none.
    int start = -1, fallback = -1;
    std::vector<int> cases;
    for (size_t i = 0; i < body.size(); ++i) {
      if (body[i]->kind == StmtKind::Default) fallback = static_cast<int>(i);
      if (body[i]->kind != StmtKind::Case) continue;
      cases.push_back(static_cast<int>(i));
    }
    if (c.integer.undefined) {
      std::vector<std::string> labels;
      for (int i : cases) labels.push_back(textOf(body[i]->span));
      labels.push_back("no case");
      int k = choose(static_cast<int>(labels.size()), "undefined switch value", labels);
      start = k < static_cast<int>(cases.size()) ? cases[k] : fallback;
    } else {
      for (int i : cases) {
        EvalValue x = eval(*body[i]->expr);
        Component xi = convertComponent(x.components.at(0), Scalar::Int);
        if (!xi.integer.undefined && xi.integer.value == c.integer.value) {
          start = i;
          break;
        }
      }
      if (start < 0) start = fallback;
    }
    rule("switch", s.span, start < 0 ? "no label" : textOf(body[start]->span));
    if (start < 0) return Flow::Normal;
    frames_.back().push_back({});
    Flow result = Flow::Normal;
    for (size_t i = start; i < body.size(); ++i) {  // C: execution falls through labels
      Flow f = exec(*body[i]);
      if (f == Flow::Break) break;
      if (f != Flow::Normal || stopped()) {
        result = f;
        break;
      }
    }
    frames_.back().pop_back();
    return result;
  }

  // ---------------------------------------------------------------- entry

  // The globals in order of declaration. A uniform one (every non-static global: "Non-static
  // global variables are treated as uniform by default") takes its value from `--uniform`, "a
  // mechanism external to the language", which replaces its initializer (the initializer is the
  // default the run-time API may override); without one it keeps its initializer or, without
  // that, is undefined. A `static` global is the program's own: no value from outside.
  bool initializeGlobals(std::string& error) {
    std::map<std::string, std::string> given;
    for (const std::string& u : o_.uniforms) {
      size_t eq = u.find('=');
      if (eq == std::string::npos || eq == 0) {
        error = "--uniform `" + u + "`: NAME=VALUE expected";
        return false;
      }
      given[trimmed(u.substr(0, eq))] = u.substr(eq + 1);
    }
    for (const TopLevel& t : p_.order) {
      if (t.kind != DeclKind::Variable) continue;
      const VariableDecl& d = p_.globals[t.index];
      for (const Declarator& x : d.declarators) {
        TypeP type = resolveType(d.type, x.arraySizes);
        if (!type) continue;
        EvalValue v;
        auto it = given.find(x.name);
        if (it != given.end()) {
          if (d.specifiers.isStatic) {
            error = "--uniform " + x.name +
                    ": a static global is not uniform (its value is "
                    "the program's own)";
            return false;
          }
          if (!parseArgument(it->second, type, v, error)) {
            error = "--uniform " + x.name + ": " + error;
            return false;
          }
          given.erase(it);
        } else {
          v = x.initializer ? initialize(*x.initializer, type) : makeValue(type, true);
          // A uniform's initializer is a default the application may replace: run-time.
          if (!d.specifiers.isStatic) forgetConstants(v);
        }
        declare(x.name, v);
      }
    }
    if (!given.empty()) {
      error = "--uniform " + given.begin()->first + ": no global of that name";
      return false;
    }
    return true;
  }

  // An argument from text: the components of the parameter's type in order ("1,2,3" or
  // "float3(1,2,3)"), or "true"/"false".
  bool parseArgument(const std::string& text, const TypeP& t0, EvalValue& out, std::string& error) {
    TypeP t = t0;
    if (t && t->kind == TypeKind::Struct && t->isInterface) {
      // An interface value is a structure implementing it: `PointLight(1,2,3)` (its name, then
      // its members' components).
      std::string s = trimmed(text);
      size_t n = 0;
      while (n < s.size() && (std::isalnum(static_cast<unsigned char>(s[n])) || s[n] == '_')) ++n;
      std::string name = s.substr(0, n);
      t = nullptr;
      for (size_t i = 0; i < p_.structs.size(); ++i)
        if (p_.structs[i].name == name && p_.structs[i].isDefinition &&
            p_.structs[i].implements == t0->name)
          t = structType(static_cast<int>(i), name);
      if (!t) {
        error = "`" + text + "`: an interface " + t0->name +
                " takes a structure implementing it, as Name(components)";
        return false;
      }
    }
    out = makeValue(t, false);
    if (t && t->kind == TypeKind::Object) {
      // A sampler: its texture (texture.h: JSON or @FILE).
      out.texture = textureFromArgument(t->object, trimmed(text), error, t->scalar);
      return out.texture != nullptr;
    }
    std::vector<std::string> parts;
    if (!argumentComponents(text, parts, error)) return false;
    if (t && t->kind == TypeKind::Array && t->arraySize < 0 && t->element &&
        componentCount(*t->element) > 0 &&
        parts.size() % static_cast<size_t>(componentCount(*t->element)) == 0) {
      // An unsized array parameter of the entry (seed "Unsized Arrays"): the argument's
      // components give its size.
      t = arrayType(t->element, static_cast<int>(parts.size()) / componentCount(*t->element));
      out = makeValue(t, false);
    }
    std::vector<Component*> slots;
    std::vector<Scalar> kinds;
    std::function<void(EvalValue&)> collect = [&](EvalValue& v) {
      for (Component& c : v.components) slots.push_back(&c), kinds.push_back(v.type->scalar);
      for (EvalValue& e : v.elements) collect(e);
    };
    collect(out);
    if (slots.empty() && parts.size() == 1 && parts[0].empty()) return true;  // `S()`
    if (parts.size() == 1 && slots.size() > 1) parts.assign(slots.size(), parts[0]);
    if (parts.size() != slots.size()) {
      error = "`" + text + "` gives " + std::to_string(parts.size()) + " components; " +
              typeName(t) + " has " + std::to_string(slots.size());
      return false;
    }
    for (size_t i = 0; i < parts.size(); ++i) {
      const std::string& p = parts[i];
      Scalar k = kinds[i];
      if (k == Scalar::Bool) {
        if (p != "true" && p != "false") {
          error = "`" + p + "` is not a bool";
          return false;
        }
        *slots[i] = Component::boolean(p == "true");
        continue;
      }
      char* end = nullptr;
      errno = 0;
      if (isIntegral(k)) {
        // The range of the parameter's integer type (CG-E17): long's 64 bits, unsigned int's
        // [0, 2^32), char's and short's narrower ranges.
        long long v = std::strtoll(p.c_str(), &end, 0);
        IntegerWidth w = integerWidth(k);
        if (errno || *end || !fitsWidth(v, w)) {
          error = "`" + p + "` is not " +
                  (k == Scalar::Char || k == Scalar::Short || k == Scalar::Long ? "a " : "an ") +
                  scalarName(k == Scalar::CInt ? Scalar::Int : k);
          return false;
        }
        *slots[i] = Component::ofInt(IntSet::of(v));
        continue;
      }
      std::strtod(p.c_str(), &end);
      if (p.empty() || *end) {
        error = "`" + p + "` is not a number";
        return false;
      }
      *slots[i] = Component::ofNumber(modelFor(k), decimal(p, modelFor(k)));
    }
    return true;
  }

  std::vector<Output> outputs(const FunctionDecl& fn, const EvalValue& result,
                              const std::vector<EvalValue>& outs);
  void withDepthDefault(EvalValue& v, const std::string& semantic);

 private:
  const Program& p_;
  const RunOptions& o_;
  Chooser& chooser_;
  std::set<std::string>& rules_;
  size_t path_;
  std::vector<EvalValue> memory_;
  std::map<std::string, int> globals_;
  std::vector<std::vector<std::map<std::string, int>>> frames_;  // per call: its scopes
  std::optional<EvalValue> returned_;
  int entry_ = -1;
  bool varyingControl_ = false;  // a branch on a value that may differ between fragments
  std::optional<std::set<std::string>> written_;

 public:
  // The quad (`--quad-right`, `--quad-below`, `--quad-diagonal`): the arguments of the
  // derivative calls of the other three fragments, and this execution's own, in call order.
  const std::array<QuadNeighbour, 3>* quad = nullptr;
  std::vector<DerivativeArgument> derivativeArguments;
};

// The semantics' widths (Tables 10 and 11): a variable narrower than its semantic leaves "the
// larger-numbered components of the semantic" undefined ("DEPTH" defaults to the rasterizer's
// depth, which Plumb does not have: also undefined).
int semanticWidth(const std::string& semantic) {
  std::string s = semantic;
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
  if (s == "POSITION" || s == "HPOS" || s == "COLOR" || s == "COLOR0") return 4;
  if (s == "PSIZE" || s == "DEPTH") return 1;
  return 0;
}

std::vector<Output> Execution::outputs(const FunctionDecl& fn, const EvalValue& result,
                                       const std::vector<EvalValue>& outs) {
  std::vector<Output> out;
  // A struct's members carry their own semantics (a connector).
  auto memberSemantic = [&](const EvalValue& v, size_t i) -> std::string {
    if (!v.type || v.type->structIndex < 0) return "";
    size_t k = 0;
    for (const StructMember& m : p_.structs[v.type->structIndex].members) {
      if (m.function >= 0) continue;
      for (const Declarator& d : m.field.declarators)
        if (k++ == i) return d.semantic.name;
    }
    return "";
  };
  std::function<void(const std::string&, const std::string&, const EvalValue&)> put =
      [&](const std::string& name, const std::string& semantic, const EvalValue& v) {
        if (v.shape == EvalValue::Shape::Struct && semantic.empty()) {
          for (size_t i = 0; i < v.elements.size(); ++i)
            put(name + "." + v.memberNames[i], memberSemantic(v, i), v.elements[i]);
          return;
        }
        Output o{name, semantic, v};
        int w = semanticWidth(semantic);
        if (w > static_cast<int>(v.components.size()) && v.isNumeric() &&
            v.shape != EvalValue::Shape::Matrix) {
          // "the larger-numbered components of the semantic receive their default values if
          // applicable, and otherwise are undefined".
          Component undefined = v.components.empty()
                                    ? Component::ofNumber(Model::Fp32, NumberSet::any())
                                    : v.components[0].undefinedLike();
          o.value.components.resize(w, undefined);
          o.value.columns = w;
          o.value.shape = EvalValue::Shape::Vector;
          o.value.typeName = v.typeName + " as " + semantic;
          rule("output-semantic", fn.span, name + " : " + semantic);
        }
        out.push_back(o);
      };
  if (result.shape != EvalValue::Shape::Void) put("return", fn.semantic.name, result);
  for (size_t i = 0; i < fn.parameters.size() && i < outs.size(); ++i)
    if (isOut(fn.parameters[i]))
      put(fn.parameters[i].declarator.name, fn.parameters[i].declarator.semantic.name, outs[i]);
  // "Output aliasing is illegal ... If the compiler does not issue an error on a program that
  // aliases output binding semantics, the results are undefined": every output bound to a
  // semantic another output also names is undefined.
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t j = 0; j < out.size(); ++j) {
      if (i == j || out[i].semantic.empty()) continue;
      std::string a = out[i].semantic, b = out[j].semantic;
      std::transform(a.begin(), a.end(), a.begin(), ::toupper);
      std::transform(b.begin(), b.end(), b.begin(), ::toupper);
      if (a == "COLOR") a = "COLOR0";
      if (b == "COLOR") b = "COLOR0";
      if (a != b) continue;
      for (Component& c : out[i].value.components) c = c.undefinedLike();
      std::function<void(EvalValue&)> clear = [&](EvalValue& v) {
        for (Component& c : v.components) c = c.undefinedLike();
        for (EvalValue& e : v.elements) clear(e);
      };
      clear(out[i].value);
      rule("output-aliasing", fn.span, out[i].name + " and " + out[j].name + " : " + a);
    }
  return out;
}

// Seed "Binding semantics for outputs": "the language does define a default value for the DEPTH
// output. This default value is the interpolated depth obtained from the rasterizer.
// Semantically, this default value is copied to the output at the beginning of the execution of
// the fragment program." An out parameter of the entry bound to DEPTH (or a member of an out
// structure bound to it) starts as `--depth`, or, without it, as any depth the rasterizer may
// interpolate: [0, 1] (the window depth range). Other outputs start undefined.
void Execution::withDepthDefault(EvalValue& v, const std::string& semantic) {
  std::string s = semantic;
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::toupper(c); });
  if (v.shape == EvalValue::Shape::Struct && v.type && v.type->structIndex >= 0 &&
      v.type->structIndex < static_cast<int>(p_.structs.size())) {
    size_t k = 0;
    for (const StructMember& m : p_.structs[v.type->structIndex].members) {
      if (m.function >= 0) continue;
      for (const Declarator& d : m.field.declarators)
        if (k < v.elements.size()) withDepthDefault(v.elements[k++], d.semantic.name);
    }
    return;
  }
  if (s != "DEPTH" || !v.isNumeric() || v.components.empty()) return;
  Component& c = v.components[0];
  if (c.kind != ComponentKind::Number) return;
  NumericModel nm = numeric(c.model);
  c.number = o_.depth ? nm.fromReal(*o_.depth) : nm.fromRealRange(0, 1);
  rule("output-semantic", Span{}, "DEPTH starts as the rasterizer's depth " + componentText(c));
}

std::vector<Output> Execution::run(int function, std::string& error) {
  const FunctionDecl& fn = p_.functions[function];
  entry_ = function;
  if (!initializeGlobals(error)) return {};
  std::vector<EvalValue> in;
  size_t next = 0;
  for (const Parameter& p : fn.parameters) {
    TypeP t = parameterType(p);
    if (!t) {
      error = "parameter `" + p.declarator.name + "`: a type Plumb cannot evaluate";
      return {};
    }
    if (!isIn(p)) {
      in.push_back(makeValue(t, true));
      withDepthDefault(in.back(), p.declarator.semantic.name);
      continue;
    }
    if (next >= o_.args.size()) {
      error = "missing argument for parameter `" + p.declarator.name + "` (" + typeName(t) + ")";
      return {};
    }
    EvalValue v;
    if (!parseArgument(o_.args[next++], t, v, error)) {
      error = "parameter `" + p.declarator.name + "`: " + error;
      return {};
    }
    in.push_back(v);
  }
  if (next != o_.args.size()) {
    error = std::to_string(o_.args.size()) + " arguments for " + std::to_string(next) +
            " in and inout parameters of `" + fn.name + "`";
    return {};
  }
  std::vector<EvalValue> outs;
  EvalValue result = invoke(function, in, &outs);
  if (stopped()) return {};
  return outputs(fn, result, outs);
}

}  // namespace

bool parsePrecision(const std::string& text, Precision& out) {
  if (text == "types")
    out = Precision::Types;
  else if (text == "fp32")
    out = Precision::Fp32;
  else if (text == "fp16")
    out = Precision::Fp16;
  else if (text == "fixed")
    out = Precision::Fixed;
  else
    return false;
  return true;
}

const std::vector<EvaluationRule>& evaluationRules() {
  return kRules;
}

const char* statusName(Outcome::Status s) {
  switch (s) {
    case Outcome::Status::Returned:
      return "returned";
    case Outcome::Status::Undefined:
      return "undefined";
    case Outcome::Status::Discarded:
      return "discarded";
    case Outcome::Status::StepLimit:
      return "step-limit";
    case Outcome::Status::Unsupported:
      return "unsupported";
  }
  return "?";
}

namespace {
RunResult runExecutions(const Program& program, const RunOptions& options,
                        const std::array<QuadNeighbour, 3>* quad, QuadNeighbour* record);
}  // namespace

RunResult runFunction(const Program& program, const RunOptions& options) {
  const std::vector<std::string>* fragments[3] = {&options.quadRight, &options.quadBelow,
                                                  &options.quadDiagonal};
  int given = 0;
  for (const auto* f : fragments) given += f->empty() ? 0 : 1;
  if (given == 0) return runExecutions(program, options, nullptr, nullptr);
  if (given != 3) {
    RunResult r;
    r.error =
        "a quad needs the arguments of all three other fragments (--quad-right, "
        "--quad-below, --quad-diagonal)";
    return r;
  }
  // The other fragments of the quad first, each over all its executions, recording the
  // arguments of its derivative calls (their own derivatives as without a quad).
  std::array<QuadNeighbour, 3> quad;
  for (size_t k = 0; k < 3; ++k) {
    RunOptions n = options;
    n.args = *fragments[k];
    n.quadRight.clear(), n.quadBelow.clear(), n.quadDiagonal.clear();
    n.trace = nullptr;
    RunResult nr = runExecutions(program, n, nullptr, &quad[k]);
    if (!nr.error.empty()) {
      RunResult r;
      static const char* kFragmentNames[3] = {"--quad-right", "--quad-below", "--quad-diagonal"};
      r.error = std::string(kFragmentNames[k]) + ": " + nr.error;
      return r;
    }
  }
  return runExecutions(program, options, &quad, nullptr);
}

namespace {
RunResult runExecutions(const Program& program, const RunOptions& options,
                        const std::array<QuadNeighbour, 3>* quad, QuadNeighbour* record) {
  RunResult r;
  int entry = -1;
  for (size_t i = 0; i < program.functions.size(); ++i)
    if (program.functions[i].name == options.entry && program.functions[i].hasBody &&
        program.functions[i].ownerStruct < 0) {
      if (entry >= 0) {
        r.error = "`" + options.entry + "` is overloaded: an entry must be one function";
        return r;
      }
      entry = static_cast<int>(i);
    }
  if (entry < 0) {
    r.error = "no function `" + options.entry + "` with a body";
    return r;
  }
  Chooser chooser;
  do {
    if (r.executions >= options.maxExecutions) {
      r.executionLimitReached = true;
      break;
    }
    chooser.restart();
    Execution x(program, options, chooser, r.rulesFired, r.executions);
    x.quad = quad;
    std::string error;
    std::vector<Output> outputs = x.run(entry, error);
    if (!error.empty()) {
      r.error = error;
      return r;
    }
    if (record) joinDerivativeArguments(*record, x.derivativeArguments, r.executions == 0);
    ++r.executions;
    Outcome o;
    if (x.stop) {
      o.status = x.stop->status;
      o.reason = x.stop->reason;
    } else {
      o.outputs = std::move(outputs);
    }
    auto same = std::find_if(r.outcomes.begin(), r.outcomes.end(), [&](const Outcome& y) {
      return y.status == o.status && y.reason == o.reason && y.outputs == o.outputs;
    });
    if (same != r.outcomes.end()) {
      ++same->executions;
    } else {
      o.choices = x.choices;
      o.executions = 1;
      o.steps = x.steps;
      r.outcomes.push_back(std::move(o));
    }
  } while (chooser.next());
  return r;
}
}  // namespace

namespace {

nlohmann::json numberJson(const NumberSet& s) {
  if (s.undefined) return "undefined";
  auto num = [](double v) -> nlohmann::json {
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    return v;
  };
  if (s.values && !s.nan && s.lo == s.hi) return num(s.lo);
  nlohmann::json j = nlohmann::json::object();
  if (s.values) j["interval"] = {num(s.lo), num(s.hi)};
  if (s.nan) j["nan"] = true;
  return j;
}

nlohmann::json componentJson(const Component& c) {
  switch (c.kind) {
    case ComponentKind::Bool:
      if (c.canFalse && c.canTrue) return "undefined";
      return c.canTrue;
    case ComponentKind::Int:
      if (c.integer.undefined) return "undefined";
      return c.integer.value;
    case ComponentKind::Number:
      return numberJson(c.number);
  }
  return nullptr;
}

nlohmann::json valueJson(const EvalValue& v) {
  nlohmann::json j = {{"type", v.typeName}};
  if (v.isNumeric()) {
    nlohmann::json cs = nlohmann::json::array();
    for (const Component& c : v.components) cs.push_back(componentJson(c));
    j["components"] = cs;
  } else if (v.shape == EvalValue::Shape::Array) {
    nlohmann::json es = nlohmann::json::array();
    for (const EvalValue& e : v.elements) es.push_back(valueJson(e));
    j["elements"] = es;
  } else if (v.shape == EvalValue::Shape::Struct) {
    nlohmann::json ms = nlohmann::json::object();
    for (size_t i = 0; i < v.elements.size(); ++i) ms[v.memberNames[i]] = valueJson(v.elements[i]);
    j["members"] = ms;
  }
  return j;
}

const char* precisionName(Precision p) {
  switch (p) {
    case Precision::Types:
      return "types";
    case Precision::Fp32:
      return "fp32";
    case Precision::Fp16:
      return "fp16";
    case Precision::Fixed:
      return "fixed";
  }
  return "?";
}

}  // namespace

nlohmann::json runReportJson(const RunResult& r, const RunOptions& options) {
  nlohmann::json j = {{"format", "plumb-cg-run"},
                      {"version", 1},
                      {"entry", options.entry},
                      {"precision", precisionName(options.precision)},
                      {"strictIeee", options.strictIeee}};
  if (!options.profile.empty()) j["profile"] = options.profile;
  if (!r.error.empty()) {
    j["error"] = r.error;
    return j;
  }
  j["executions"] = r.executions;
  j["executionLimitReached"] = r.executionLimitReached;
  nlohmann::json outs = nlohmann::json::array();
  for (const Outcome& o : r.outcomes) {
    nlohmann::json x = {
        {"status", statusName(o.status)}, {"executions", o.executions}, {"steps", o.steps}};
    if (!o.reason.empty()) x["reason"] = o.reason;
    nlohmann::json values = nlohmann::json::array();
    for (const Output& out : o.outputs) {
      nlohmann::json v = {{"name", out.name}, {"value", valueJson(out.value)}};
      if (!out.semantic.empty()) v["semantic"] = out.semantic;
      values.push_back(v);
    }
    x["outputs"] = values;
    x["choices"] = o.choices;
    outs.push_back(x);
  }
  j["outcomes"] = outs;
  j["rulesFired"] = r.rulesFired;
  return j;
}

std::string runReportText(const RunResult& r) {
  std::ostringstream o;
  o << r.outcomes.size() << (r.outcomes.size() == 1 ? " outcome" : " outcomes") << " of "
    << r.executions << (r.executions == 1 ? " execution" : " executions");
  if (r.executionLimitReached) o << " (--max-executions reached: the set may be incomplete)";
  o << "\n";
  for (size_t i = 0; i < r.outcomes.size(); ++i) {
    const Outcome& x = r.outcomes[i];
    o << "outcome " << i + 1 << ": " << statusName(x.status);
    if (!x.reason.empty()) o << " (" << x.reason << ")";
    o << "  [" << x.executions << (x.executions == 1 ? " execution" : " executions") << "]\n";
    for (const Output& out : x.outputs)
      o << "  " << out.name << (out.semantic.empty() ? "" : " : " + out.semantic) << " = "
        << valueText(out.value) << "\n";
    for (const std::string& c : x.choices) o << "  choice: " << c << "\n";
  }
  return o.str();
}

}  // namespace plumb::cg
