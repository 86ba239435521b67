// The `cg` family's rows and drafts (docs/gen.md "Family cg").
#include "gen/cg/cg_family.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <sstream>

#include "gen/cg/cg_rows.h"

namespace plumb::gen::cg {
namespace {

constexpr const char* kOverloadRule = "Function Overloading: function-matching rules 5 and 7";
constexpr const char* kConstantsRule = "Constants: constant folding precision";

const std::vector<std::string> kAccept = {"accept", "warn"};

std::string exactDecimal(double v) {
  // Every value drafted here is a binary32 with few significant bits: %.17g names it exactly
  // enough for a cfloat literal (read as binary32), and a short form reads better.
  char b[64];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(b, sizeof b, "%.*g", digits, v);
    if (std::strtod(b, nullptr) == v) break;
  }
  std::string s = b;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";  // a cfloat, not a cint
  return s;
}

std::string readingText(double v) {
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char b[64];
  std::snprintf(b, sizeof b, "%.17g", v);
  return b;
}

/// IEEE 754 binary16 (s10e5, "floating point w/ IEEE semantics"), round to nearest even.
double toBinary16(double x) {
  if (x == 0 || std::isnan(x) || std::isinf(x)) return x;
  const double a = std::fabs(x);
  int e = std::ilogb(a);
  if (e < -14) e = -14;  // subnormals share the smallest normal's quantum
  const double ulp = std::ldexp(1.0, e - 10);
  double r = std::nearbyint(a / ulp) * ulp;  // the default mode: ties to even
  if (r >= 65520.0 || r > 65504.0) r = INFINITY;
  return std::copysign(r, x);
}

// --------------------------------------------------------------------------------- overload

CgDraft overloadDraft(const std::string& row, SolverSession& session, Rng& rng) {
  CgDraft d;
  std::string failure;
  OverloadModel m = solveOverload(session, rng, row, failure);
  if (!failure.empty() || m.args.empty()) {
    d.failure = failure.empty() ? "no model" : failure;
    return d;
  }
  std::ostringstream src;
  for (size_t c = 0; c < m.candidates.size(); ++c) {
    src << "float f(";
    for (size_t i = 0; i < m.candidates[c].size(); ++i)
      src << (i ? ", " : "") << m.candidates[c][i] << " p" << i;
    src << ") { return " << 1001 + c << "; }\n";
  }
  std::string call;
  bool cfloat = false, promotionOfAType = false;
  for (size_t i = 0; i < m.args.size(); ++i) {
    const std::string& t = m.args[i];
    std::string a;
    if (t == "cint") {
      a = "2";
    } else if (t == "cfloat") {
      a = "2.5";
      cfloat = true;
    } else {
      src << "uniform " << t << " u" << i << ";\n";
      a = "u" + std::to_string(i);
      if (m.levels[i] == 1) promotionOfAType = true;
    }
    call += (i ? ", " : "") + a;
  }
  src << "float4 main() : COLOR { return f(" << call << "); }\n";
  CgProgram& p = d.program;
  p.rowId = row;
  p.rule = kOverloadRule;
  p.profile = p.plumbProfile = "fp40";
  p.source = src.str();
  if (m.greedyFails) {
    p.reading.verdicts = {"reject"};
  } else {
    p.reading.verdicts = kAccept;
    p.reading.values = {std::to_string(1001 + m.greedy)};
  }
  // The seed defines neither "a defined promotion" between types nor cfloat's overloading
  // ("defined later", and never): a program whose filtering depends on them is silent there.
  p.reading.silent = cfloat || promotionOfAType;
  p.reading.why = m.greedyFails
                      ? "greedy filtering fails"
                      : "greedy filtering leaves candidate " + std::to_string(m.greedy + 1);
  p.reading.why += m.bestMatch < 0
                       ? "; no best match"
                       : "; the best match is candidate " + std::to_string(m.bestMatch + 1);
  nlohmann::json cands = nlohmann::json::array();
  for (const auto& c : m.candidates) cands.push_back(c);
  p.derivation = {
      {"arguments", m.args}, {"candidates", cands},           {"levels", m.levels},
      {"greedy", m.greedy},  {"greedy_fails", m.greedyFails}, {"best_match", m.bestMatch}};
  return d;
}

// -------------------------------------------------------------------------- profile overload

CgDraft profileOverloadDraft(const std::string& row, SolverSession& session, Rng& rng) {
  CgDraft d;
  std::string failure;
  ProfileOverloadModel m = solveProfileOverload(session, rng, row, failure);
  if (!failure.empty() || m.specifiers.empty()) {
    d.failure = failure.empty() ? "no model" : failure;
    return d;
  }
  std::ostringstream src;
  for (size_t c = 0; c < m.specifiers.size(); ++c)
    src << (m.specifiers[c].empty() ? "" : m.specifiers[c] + " ") << "float f() { return "
        << 1001 + c << "; }\n";
  src << "float4 main() : " << (m.vertex ? "POSITION" : "COLOR") << " { return f(); }\n";
  CgProgram& p = d.program;
  p.rowId = row;
  p.rule = "Overloading of Functions by Profile; Function-matching rules 2, 6 and 7";
  p.profile = p.plumbProfile = m.profile;
  p.source = src.str();
  if (m.winner < 0) {
    p.reading.verdicts = {"reject"};
  } else {
    p.reading.verdicts = kAccept;
    p.reading.values = {std::to_string(1001 + m.winner)};
  }
  p.reading.silent = m.silent;
  p.reading.why =
      (m.winner < 0 ? std::string("no single candidate under ") + m.profile
                    : "candidate " + std::to_string(m.winner + 1) + " under " + m.profile) +
      "; another outcome under " + m.other;
  p.derivation = {{"profile", m.profile}, {"other_profile", m.other}, {"specifiers", m.specifiers},
                  {"ranks", m.ranks},     {"winner", m.winner},       {"silent", m.silent}};
  return d;
}

// ------------------------------------------------------------------------------------ fold

/// A binary32 m * 2^e (|m| < 2^24) the solver picks within [lo, hi] (as multiples of 2^e).
struct Scaled {
  int64_t m = 0;
  int e = 0;
  double value() const { return std::ldexp(static_cast<double>(m), e); }
};

bool solveScaled(SolverSession& session, Rng& rng, int e, double lo, double hi, bool notGrid,
                 int gridExponent, Scaled& out, std::string& failure) {
  z3::context& c = session.ctx();
  z3::solver s = session.solver("QF_LIA");
  z3::expr m = c.int_const("m");
  const int64_t mlo = static_cast<int64_t>(std::ceil(std::ldexp(lo, -e)));
  const int64_t mhi = static_cast<int64_t>(std::floor(std::ldexp(hi, -e)));
  s.add(m >= c.int_val(mlo) && m <= c.int_val(mhi));
  s.add(m >= c.int_val(-(int64_t{1} << 24)) && m <= c.int_val(int64_t{1} << 24));
  if (notGrid && gridExponent > e) {
    // Off the grid 2^gridExponent: the rounding of the target type decides.
    const int64_t step = int64_t{1} << (gridExponent - e);
    s.add(z3::mod(m, c.int_val(step)) != 0);
  }
  s.push();
  s.add(m == c.int_val(mlo + static_cast<int64_t>(rng.below(
                                 static_cast<uint64_t>(std::max<int64_t>(1, mhi - mlo + 1))))) ||
        m == c.int_val(mhi - static_cast<int64_t>(rng.below(4))));
  SolveResult r = session.check(s);
  if (r == SolveResult::Unsat) {
    s.pop();
    r = session.check(s);
  }
  if (r != SolveResult::Sat) {
    failure = session.lastFailure();
    return false;
  }
  out.m = session.intValue(m);
  out.e = e;
  return true;
}

CgDraft foldDraft(const std::string& row, SolverSession& session, Rng& rng) {
  CgDraft d;
  CgProgram& p = d.program;
  p.rowId = row;
  p.rule = kConstantsRule;
  p.profile = "hlslf";  // the source-to-source profile prints 18 digits (docs/cg.md)
  p.plumbProfile = "fp40";
  p.reading.verdicts = kAccept;
  std::string failure;
  Scaled x;
  if (row == kFoldHalf) {
    // Near the top of s10e5's range (65504; 65520 and beyond round to infinity) or in its
    // subnormals (below 2^-14), or a normal value between two halves.
    const uint64_t region = rng.below(3);
    bool ok = region == 0   ? solveScaled(session, rng, 0, 65000, 70000, true, 5, x, failure)
              : region == 1 ? solveScaled(session, rng, -40, std::ldexp(1.0, -25),
                                          std::ldexp(1.0, -14), true, -24, x, failure)
                            : solveScaled(session, rng, -20, 0.001, 100, true, -12, x, failure);
    if (!ok) return d.failure = failure, d;
    if (rng.below(2)) x.m = -x.m;
    p.source = "float4 main() : COLOR { return half(" + exactDecimal(x.value()) + "); }\n";
    const double h = toBinary16(x.value());
    p.reading.values = {readingText(h)};
    p.reading.why = "binary16, round to nearest even, overflow to infinity";
    // A subnormal result: "some hardware may not conform exactly to IEEE arithmetic rules"
    // (seed, "Arithmetic Precision and Range"), so flushed to zero too (CG-E1).
    if (h != 0 && std::fabs(h) < std::ldexp(1.0, -14)) {
      p.reading.values.push_back("0.0");
      p.reading.why += "; a subnormal may be flushed to zero";
    }
  } else if (row == kFoldFixed) {
    // S1.10: clamped to [-2, 2) and on the 2^-10 grid, rounded either way (CG-E1).
    if (!solveScaled(session, rng, -14, -2.25, 2.25, true, -10, x, failure))
      return d.failure = failure, d;
    p.source = "float4 main() : COLOR { return fixed(" + exactDecimal(x.value()) + "); }\n";
    const double v = std::min(std::max(x.value(), -2.0), 2.0 - 1.0 / 1024);
    const double down = std::floor(v * 1024) / 1024, up = std::ceil(v * 1024) / 1024;
    p.reading.values = {readingText(down)};
    if (up != down && up <= 2.0 - 1.0 / 1024) p.reading.values.push_back(readingText(up));
    p.reading.why = "S1.10 clamped to [-2, 2), either neighbour on the grid";
  } else if (row == kFoldFloatToInt) {
    // Truncation toward zero; beyond int's range C leaves it undefined (any value).
    const bool beyond = rng.below(3) == 0;
    bool ok = beyond
                  ? solveScaled(session, rng, 8, 2147483648.0, 4294967296.0, false, 0, x, failure)
                  : solveScaled(session, rng, -3, -1000000, 1000000, true, 0, x, failure);
    if (!ok) return d.failure = failure, d;
    if (rng.below(2)) x.m = -x.m;
    p.source = "int4 main() : COLOR { return (int)(" + exactDecimal(x.value()) + "); }\n";
    const double t = std::trunc(x.value());
    p.reading.values = {t >= -2147483648.0 && t <= 2147483647.0 ? readingText(t) : "any"};
    p.reading.why = "C: truncation toward zero; out of range undefined";
  } else if (row == kFoldIntDivision) {
    z3::context& c = session.ctx();
    z3::solver s = session.solver("QF_LIA");
    z3::expr a = c.int_const("a"), b = c.int_const("b");
    s.add(a >= -100000 && a <= 100000 && b >= -300 && b <= 300 && b != 0);
    s.add(a < 0 || b < 0);      // a sign where truncation and flooring differ
    s.add(z3::rem(a, b) != 0);  // not exact
    s.add(a != 0);
    s.push();
    s.add(a == c.int_val(static_cast<int64_t>(rng.below(200001)) - 100000) ||
          b == c.int_val(static_cast<int64_t>(rng.below(601)) - 300));
    SolveResult r = session.check(s);
    if (r == SolveResult::Unsat) {
      s.pop();
      r = session.check(s);
    }
    if (r != SolveResult::Sat) return d.failure = session.lastFailure(), d;
    const int64_t av = session.intValue(a), bv = session.intValue(b);
    const bool remainder = rng.below(2);
    auto lit = [](int64_t v) { return v < 0 ? "(" + std::to_string(v) + ")" : std::to_string(v); };
    p.source =
        "int4 main() : COLOR { return " + lit(av) + (remainder ? " % " : " / ") + lit(bv) + "; }\n";
    p.reading.values = {std::to_string(remainder ? av % bv : av / bv)};
    p.reading.why = "C99: the quotient truncated toward zero, the remainder the dividend's sign";
  } else if (row == kFoldCintWrap) {
    z3::context& c = session.ctx();
    z3::solver s = session.solver("QF_LIA");
    z3::expr a = c.int_const("a"), b = c.int_const("b");
    const bool product = rng.below(2);
    s.add(a > 0 && a <= 2147483647 && b > 0 && b <= 2147483647);
    z3::expr r = product ? a * b : a + b;
    if (product) s.add(a <= 100000 && b <= 100000);
    s.add(r > c.int_val(int64_t{2147483647}) && r < c.int_val(int64_t{1} << 33));
    s.push();
    s.add(a == c.int_val(static_cast<int64_t>(rng.below(product ? 100000 : 2147483647)) + 1));
    SolveResult sr = session.check(s);
    if (sr == SolveResult::Unsat) {
      s.pop();
      sr = session.check(s);
    }
    if (sr != SolveResult::Sat) return d.failure = session.lastFailure(), d;
    const int64_t av = session.intValue(a), bv = session.intValue(b);
    const int64_t exact = product ? av * bv : av + bv;
    p.source = "int4 main() : COLOR { return " + std::to_string(av) + (product ? " * " : " + ") +
               std::to_string(bv) + "; }\n";
    // int is "signed 32 bit twos-complement"; C leaves signed overflow undefined (CG-E4).
    p.reading.values = {std::to_string(static_cast<int32_t>(static_cast<uint32_t>(exact))), "any"};
    p.reading.why = "32-bit two's complement wraps; C: undefined";
  } else if (row == kFoldIntrinsic) {
    // Standard-library functions cgc folds, whose result in binary32 the reference manual's
    // definitions fix: floor, ceil, frac (x - floor(x)), abs, saturate, min, max, clamp exactly;
    // sqrt correctly rounded (Plumb's set, from its accuracy table, must hold it).
    static const char* const kFunctions[] = {"floor", "ceil", "frac", "abs",  "saturate",
                                             "sqrt",  "min",  "max",  "clamp"};
    const std::string fn = kFunctions[rng.below(std::size(kFunctions))];
    const bool positive = fn == "sqrt";
    if (!solveScaled(session, rng, -8, positive ? 0.01 : -300, 300, true, 0, x, failure))
      return d.failure = failure, d;
    const double v = x.value();
    std::string call = fn + "(" + exactDecimal(v) + ")";
    double r = 0;
    if (fn == "floor")
      r = std::floor(v);
    else if (fn == "ceil")
      r = std::ceil(v);
    else if (fn == "frac")
      r = v - std::floor(v);
    else if (fn == "abs")
      r = std::fabs(v);
    else if (fn == "saturate")
      r = std::min(std::max(v, 0.0), 1.0);
    else if (fn == "sqrt")
      r = static_cast<double>(static_cast<float>(std::sqrt(v)));
    else {
      // A second argument on the other side of the first's integer part.
      const double w = std::floor(v) + 0.5;
      const double lo = std::min(v, w), hi = std::max(v, w);
      if (fn == "min") {
        call = "min(" + exactDecimal(v) + ", " + exactDecimal(w) + ")";
        r = lo;
      } else if (fn == "max") {
        call = "max(" + exactDecimal(v) + ", " + exactDecimal(w) + ")";
        r = hi;
      } else {
        call =
            "clamp(" + exactDecimal(v) + ", " + exactDecimal(lo - 1) + ", " + exactDecimal(w) + ")";
        r = std::min(std::max(v, lo - 1), w);
      }
    }
    p.source = "float4 main() : COLOR { return " + call + "; }\n";
    p.reading.values = {readingText(r)};
    p.reading.why = fn + " in binary32 (Cg reference manual)";
  } else {  // kFoldCfloat
    // (A + B) - A with B below A's binary32 resolution: "preferably performed at the same
    // precision that would be used if the operation were performed at run time" (float: fp32).
    const int ea = 20 + static_cast<int>(rng.below(10));
    Scaled b;
    if (!solveScaled(session, rng, 0, 1, std::ldexp(1.0, ea - 20), false, 0, b, failure))
      return d.failure = failure, d;
    const double av = std::ldexp(1.0, ea) + (rng.below(2) ? std::ldexp(1.0, ea - 23) : 0);
    const float sum = static_cast<float>(av) + static_cast<float>(b.value());
    const float r = sum - static_cast<float>(av);
    p.source = "float4 main() : COLOR { return (" + exactDecimal(av) + " + " +
               exactDecimal(b.value()) + ") - " + exactDecimal(av) + "; }\n";
    p.reading.values = {readingText(r)};
    p.reading.why = "cfloat folded in binary32, operation by operation";
  }
  p.derivation = {{"value", p.reading.values}};
  return d;
}

// ------------------------------------------------------------------------------ conversion

// The table's vector and matrix cells (seed "Type Conversions"): vector<-vector and
// matrix<-matrix A/W(1) ("not allowed if target is larger than source. Warning if target is
// smaller than source", per dimension for matrices: C16), vector<-matrix and matrix<-vector
// W(2) ("only allowed if source and target are the same total size"); W and A/W warn only when
// implicit. The solver lands on a boundary: sizes one apart, or the same total size.
CgDraft conversionDraft(SolverSession& session, Rng& rng) {
  CgDraft d;
  z3::context& c = session.ctx();
  z3::solver s = session.solver("QF_LIA");
  // A vector is 1 x n (rows 0 marks a vector); a matrix r x n.
  z3::expr sr = c.int_const("sr"), sn = c.int_const("sn"), tr = c.int_const("tr"),
           tn = c.int_const("tn"), implicit = c.bool_const("implicit");
  for (const z3::expr& v : {sn, tn}) s.add(v >= 1 && v <= 4);
  for (const z3::expr& v : {sr, tr}) s.add(v >= 0 && v <= 4);
  z3::expr sv = sr == 0, tv = tr == 0;
  z3::expr srows = z3::ite(sv, c.int_val(1), sr), trows = z3::ite(tv, c.int_val(1), tr);
  z3::expr same = (sv == tv);
  z3::expr larger = trows > srows || tn > sn;  // some dimension grows (C16)
  z3::expr smaller = !larger && (trows < srows || tn < sn);
  z3::expr sizeOk = trows * tn == srows * sn;
  // 0 reject, 1 warn, 2 accept.
  z3::expr verdict = z3::ite(
      same, z3::ite(larger, c.int_val(0), z3::ite(smaller && implicit, c.int_val(1), c.int_val(2))),
      z3::ite(sizeOk, z3::ite(implicit, c.int_val(1), c.int_val(2)), c.int_val(0)));
  const int want = static_cast<int>(rng.below(3));
  s.add(verdict == want);
  // On the edge: one dimension one apart, or equal total sizes of different shapes.
  s.add((same && (trows - srows + tn - sn == 1 || srows - trows + sn - tn == 1)) ||
        (!same && (trows * tn - srows * sn <= 1 && srows * sn - trows * tn <= 1)));
  s.add(!(sv && sn == 1) && !(tv && tn == 1));  // float1 reads as a scalar to some
  s.push();
  s.add(sn == static_cast<int>(rng.below(4)) + 1 || tr == static_cast<int>(rng.below(5)));
  SolveResult r = session.check(s);
  if (r == SolveResult::Unsat) {
    s.pop();
    r = session.check(s);
  }
  if (r != SolveResult::Sat) {
    d.failure = session.lastFailure();
    return d;
  }
  auto typeOf = [&](const z3::expr& rows, const z3::expr& n) {
    const int64_t rv = session.intValue(rows), nv = session.intValue(n);
    return rv == 0 ? "float" + std::to_string(nv)
                   : "float" + std::to_string(rv) + "x" + std::to_string(nv);
  };
  const std::string source = typeOf(sr, sn), target = typeOf(tr, tn);
  const bool imp = session.boolValue(implicit);
  const int64_t v = session.intValue(verdict);
  CgProgram& p = d.program;
  p.rowId = kConversionSize;
  p.rule = "Type Conversions: table cells vector and matrix, notes (1) and (2)";
  p.profile = p.plumbProfile = "fp40";
  const std::string first = session.intValue(tr) == 0 ? "t.x" : "t[0][0]";
  p.source = "uniform " + source + " s;\nfloat4 main() : COLOR {\n  " + target +
             " t = " + (imp ? "s" : "(" + target + ")s") + ";\n  return " + first + ";\n}\n";
  p.reading.verdicts = v == 0   ? std::vector<std::string>{"reject"}
                       : v == 1 ? std::vector<std::string>{"warn"}
                                : std::vector<std::string>{"accept"};
  p.reading.why = std::string(imp ? "implicit" : "explicit") + " " + source + " to " + target;
  p.derivation = {{"source", source}, {"target", target}, {"implicit", imp}, {"verdict", v}};
  return d;
}

}  // namespace

const std::vector<RuleRow>& cgRows() {
  static const std::vector<RuleRow> rows = {
      {kOverloadGreedyOther, "cg-function-overloading",
       "step 5 greedy filtering keeps a candidate that is not the best match", "", ""},
      {kOverloadGreedyFails, "cg-function-overloading",
       "step 5 or 7 fails where a best match exists", "", ""},
      {kOverloadBestAmbiguous, "cg-function-overloading",
       "step 5 keeps one candidate where no best match exists", "", ""},
      {kOverloadAgree, "cg-function-overloading",
       "step 5 and a best match agree, filtering at two levels", "", ""},
      {kFoldHalf, "cg-constants", "half (s10e5): range, subnormals, rounding", "", ""},
      {kFoldFixed, "cg-constants", "fixed (S1.10): clamping to [-2, 2), the grid", "", ""},
      {kFoldFloatToInt, "cg-type-conversions", "float to int: truncation, range", "", ""},
      {kFoldIntDivision, "cg-constants", "int / and % with negative operands (C)", "", ""},
      {kFoldCintWrap, "cg-constants", "cint beyond 32 bits", "", ""},
      {kFoldCfloat, "cg-constants", "cfloat folding precision", "", ""},
      {kFoldIntrinsic, "cg-constants", "standard-library functions folded", "", ""},
      {kConversionSize, "cg-type-conversions",
       "vector and matrix sizes: notes (1) and (2), implicit and explicit", "", ""},
      {kOverloadProfileDecides, "cg-overloading-of-functions-by-profile",
       "steps 2 and 6 choose by profile specifier, another profile of the stage another", "", ""},
      {kOverloadProfileFails, "cg-overloading-of-functions-by-profile",
       "steps 2, 6 and 7 fail under the profile where another profile of the stage has one", "",
       ""},
      {kLimitLoop, "cg-profiles",
       "loops that must unroll (CG-P10), the loop register's range (CG-P15), both sides", "", ""},
      {kLimitSubscript, "cg-profiles",
       "run-time subscripts by storage and profile (CG-P11, CG-P13, CG-P14), both sides", "", ""},
      {kLimitInteger, "cg-profiles", "integer operators on run-time values (CG-P12), both sides",
       "", ""},
      {kTextureLookup, "cg-profiles",
       "texture lookups: the sampler's type, the profile's lookups and lod forms", "", ""},
      {kInterfaceImplementation, "cg-struct-and-interface-types",
       "implementing an interface, not implementing it, calls through it", "", ""},
  };
  return rows;
}

CgDraft draftCg(uint64_t seed, uint64_t slot, SolverSession& session) {
  const std::vector<RuleRow>& rows = cgRows();
  const RuleRow& row = rows[slot % rows.size()];
  Rng rng = Rng::forSlot(seed, "cg", slot);
  const bool limitRow = row.id.rfind("cg.limit.", 0) == 0 || row.id == kTextureLookup ||
                        row.id == kInterfaceImplementation;
  CgDraft d = limitRow ? limitRowDraft(row.id, session, rng)
              : row.id == kOverloadProfileDecides || row.id == kOverloadProfileFails
                  ? profileOverloadDraft(row.id, session, rng)
              : row.id.rfind("cg.overload.", 0) == 0 ? overloadDraft(row.id, session, rng)
              : row.id == kConversionSize            ? conversionDraft(session, rng)
                                                     : foldDraft(row.id, session, rng);
  d.program.id = slug(row.id) + "." + std::to_string(slot);
  return d;
}

}  // namespace plumb::gen::cg
