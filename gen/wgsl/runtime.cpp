// The `runtime` family: compute shaders whose operands come from a storage buffer (nothing
// folds at shader creation) and whose results go to a read_write storage buffer, each operation
// at an edge of the seed's run-time semantics: i32/u32 wrapping, division and remainder by zero
// and MIN / -1 (#arithmetic-expr), shift counts modulo 32 (#bit-expr), the integer built-ins at
// their edges (#integer-builtin-functions), float-to-integer saturation (#floating-point-
// conversion, docs/ambiguities.md S5), f32 rounding ties, subnormals and infinities
// (#floating-point-evaluation, #floating-point-accuracy), pack/unpack at rounding boundaries
// (#pack-builtin-functions, #unpack-builtin-functions).
//
// A slot takes one row (runtime_rows.h) and asks Z3 once for `instances` pairs of operand
// tuples, each pair on both sides of the row's boundary. The slot's two cases run the same
// program, one on the side-A inputs and one on the side-B inputs; both are valid programs.
// The family's expectation of every output word is Z3's evaluation of the seed's formula
// (bit-vector or IEEE floating-point theory, runtime_formulas.h) on the model's inputs; Plumb's
// is the interpreter's outcome set, and the driver writes the cases only when every word of
// Plumb's set holds what the formula allows (docs/gen.md "Family runtime").
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <set>

#include "gen/wgsl/families.h"
#include "gen/wgsl/runtime_rows.h"

namespace plumb::gen::wgsl {

namespace rt {

Outcome exactInteger(const z3::expr& value) {
  Outcome o;
  o.fields.push_back({0, 32, Outcome::Kind::Integer, {value}});
  return o;
}

Outcome accuracyTableBinary(
    Formulas& f, const z3::expr& x, const z3::expr& y,
    const std::function<z3::expr(const z3::expr& rm, const z3::expr& a, const z3::expr& b)>& op) {
  Outcome o;
  Outcome::Field field{0, 32, Outcome::Kind::F32, {}};
  z3::expr a = f.asF32(x), b = f.asF32(y);
  z3::expr any = f.notFinite(a) || f.notFinite(b);
  for (const z3::expr& ai : {a, f.flush(a)})
    for (const z3::expr& bi : {b, f.flush(b)})
      for (const z3::expr& rm : {f.rtn(), f.rtp()}) {
        z3::expr r = op(rm, ai, bi);
        any = any || f.notFinite(r);
        field.candidates.push_back(f.ieeeBits(r));
        field.candidates.push_back(f.ieeeBits(f.flush(r)));
      }
  o.fields.push_back(std::move(field));
  o.anyIf = any;
  return o;
}

uint32_t randomF32(Rng& rng, int expLo, int expHi, int sign) {
  uint32_t e = static_cast<uint32_t>(rng.between(expLo, expHi));
  uint32_t m = static_cast<uint32_t>(rng.next()) & 0x007fffffu;
  if (e == 0 && m == 0) m = 1;
  uint32_t s = sign < 0 ? static_cast<uint32_t>(rng.below(2)) : static_cast<uint32_t>(sign);
  return (s << 31) | (e << 23) | m;
}

uint32_t randomMask(Rng& rng, uint32_t within, unsigned bits) {
  uint32_t m = 0;
  for (unsigned i = 0; i < 64 && std::popcount(m) < static_cast<int>(bits); ++i)
    m |= (1u << rng.below(32)) & within;
  return m;
}

z3::expr exponentField(const z3::expr& word) {
  return word.extract(30, 23);
}

}  // namespace rt

// A named namespace around the anonymous one: a unity build compiles the families in one
// translation unit, where each has its own Row and makeRows and its using-declarations must
// stay inside (README, Continuous integration).
namespace runtime_family {
namespace {

using rt::Builder;
using rt::Operands;
using rt::Outcome;
using rt::Row;
using rt::Shape;
using rt::Ty;

std::string hexWord(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

/// One operand of one instance: its bits, read from one word or as the xor of two.
struct OperandWords {
  unsigned first = 0;  // index of its first input word
  bool mixed = false;
};

std::string operandText(Ty t, const OperandWords& w) {
  std::string word =
      w.mixed ? "(inp[" + std::to_string(w.first) + "] ^ inp[" + std::to_string(w.first + 1) + "])"
              : "inp[" + std::to_string(w.first) + "]";
  switch (t) {
    case Ty::I32:
      return "bitcast<i32>(" + word + ")";
    case Ty::F32:
      return "bitcast<f32>(" + word + ")";
    case Ty::U32:
      return word;
  }
  return word;
}

std::string instanceText(const Shape& s, const std::vector<OperandWords>& words) {
  std::string e;
  for (size_t i = 0; i < s.op.size(); ++i) {
    if (s.op[i] == '$' && i + 1 < s.op.size() &&
        std::isdigit(static_cast<unsigned char>(s.op[i + 1]))) {
      size_t j = static_cast<size_t>(s.op[i + 1] - '0');
      e += operandText(s.operands[j], words[j]);
      ++i;
    } else {
      e += s.op[i];
    }
  }
  return s.result == Ty::U32 ? e : "bitcast<u32>(" + e + ")";
}

/// The values of a field: the model's candidates, a float zero standing for both zeros.
std::set<uint32_t> fieldValues(SolverSession& solver, const Outcome::Field& field) {
  std::set<uint32_t> out;
  for (const z3::expr& c : field.candidates) {
    uint32_t v = static_cast<uint32_t>(solver.bitsValue(c));
    out.insert(v);
    uint32_t sign = field.kind == Outcome::Kind::F32 ? 0x80000000u : 0x8000u;
    if (field.kind != Outcome::Kind::Integer && (v & ~sign) == 0) {
      out.insert(0);
      out.insert(sign);
    }
  }
  return out;
}

double fieldAsDouble(Outcome::Kind kind, uint32_t v) {
  if (kind == Outcome::Kind::F32) return static_cast<double>(std::bit_cast<float>(v));
  int e = (v >> 10) & 0x1f, m = v & 0x3ff;
  double x = e == 0 ? std::ldexp(m, -24) : std::ldexp(m | 0x400, e - 25);
  return (v & 0x8000) ? -x : x;
}

/// A float field's values are contiguous when no value of the format lies strictly between
/// two consecutive ones (zeros counted once): then an interval holds exactly these values.
bool contiguous(Outcome::Kind kind, const std::set<uint32_t>& values) {
  if (kind == Outcome::Kind::Integer) return true;
  std::vector<double> xs;
  for (uint32_t v : values) xs.push_back(fieldAsDouble(kind, v));
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  for (size_t i = 0; i + 1 < xs.size(); ++i) {
    double next;
    if (kind == Outcome::Kind::F32) {
      next = std::nextafter(static_cast<float>(xs[i]), INFINITY);
    } else {
      // The f16 successor: the spacing of the binade of |x| (2^-24 below 2^-14).
      double ax = std::fabs(xs[i]);
      int e = ax < std::ldexp(1, -14) ? -14 : std::ilogb(ax);
      double ulp = std::ldexp(1, e - 10);
      // Going up from a negative power of two crosses into the smaller binade.
      if (xs[i] < 0 && ax == std::ldexp(1, e) && e > -14) ulp /= 2;
      next = xs[i] + ulp;
    }
    if (next == 0) next = 0;
    if (xs[i + 1] != next) return false;
  }
  return true;
}

/// The generator's claim about one output word, from the model.
IntendedWord claim(SolverSession& solver, const Outcome& o, uint32_t index,
                   nlohmann::json& record) {
  IntendedWord w;
  w.group = 0;
  w.binding = 1;
  w.index = index;
  if (o.anyIf && solver.boolValue(*o.anyIf)) {
    w.anyValue = true;
    record = "any";
    return w;
  }
  std::vector<uint32_t> words{0};
  bool tight = o.complete;
  for (const Outcome::Field& field : o.fields) {
    std::set<uint32_t> values = fieldValues(solver, field);
    tight = tight && contiguous(field.kind, values);
    std::vector<uint32_t> next;
    uint32_t mask = field.width >= 32 ? 0xffffffffu : (1u << field.width) - 1;
    for (uint32_t base : words)
      for (uint32_t v : values) next.push_back(base | ((v & mask) << field.shift));
    words = std::move(next);
  }
  std::sort(words.begin(), words.end());
  words.erase(std::unique(words.begin(), words.end()), words.end());
  w.allowed = words;
  w.every = true;
  w.tight = tight;
  record = nlohmann::json::array();
  for (uint32_t v : words) record.push_back(hexWord(v));
  return w;
}

std::string failed(SolverSession& s, SolveResult r) {
  return std::string(solveResultName(r)) + (s.lastFailure().empty() ? "" : ": " + s.lastFailure());
}

class RuntimeFamily final : public Family {
 public:
  RuntimeFamily() {
    for (Row& r : rt::integerRows()) rows_.push_back(std::move(r));
    for (Row& r : rt::floatRows()) rows_.push_back(std::move(r));
    for (Row& r : rows_) {
      // Both sides of a run-time boundary are valid programs (the same program, on inputs
      // from either side): no case of the row is invalid.
      r.rule.noInvalid =
          "both sides of the boundary are valid programs with different outcomes "
          "(the same program on inputs from either side)";
      table_.push_back(r.rule);
    }
  }
  std::string_view name() const override { return "runtime"; }
  std::string_view description() const override {
    return "compute shaders on both sides of the edges of run-time operations: integer "
           "wrapping, division by zero, shift counts, integer built-ins, float-to-integer "
           "saturation, f32 rounding ties, subnormals, infinities, pack and unpack";
  }
  const std::vector<RuleRow>& rows() const override { return table_; }
  // Every row holds in revision 2026 too (docs/revision-2026.md, "plumb gen"): the programs
  // use the common subset (delta 9), read their operands from a buffer (no creation-time
  // rule applies), and the run-time rules they test are the same in both texts as Plumb
  // reads the seed (shifts: S3; float-to-integer saturation: S5, which 2026 made normative).
  std::string revisionSupport(const Revision&) const override { return ""; }

  SlotDrafts draft(SlotContext& ctx) const override;

 private:
  std::vector<Row> rows_;
  std::vector<RuleRow> table_;
};

SlotDrafts RuntimeFamily::draft(SlotContext& ctx) const {
  const Row& row = rows_[ctx.slot % rows_.size()];
  SlotDrafts out;
  z3::context& z = ctx.solver.ctx();
  rt::Formulas f(z);
  Builder b{f, ctx.rng, ctx.rng.below(row.shapes.size()), {}, {}};
  const Shape& shape = row.shapes[b.shape];
  bool mix = row.mustMix || ctx.rng.chance(30);
  const unsigned k = row.instances, n = static_cast<unsigned>(shape.operands.size());

  // The input words: instance i, operand j reads words [first, first + mixed].
  std::vector<std::vector<OperandWords>> layout(k);
  unsigned wordCount = 0;
  for (unsigned i = 0; i < k; ++i)
    for (unsigned j = 0; j < n; ++j) {
      layout[i].push_back({wordCount, mix});
      wordCount += mix ? 2 : 1;
    }
  std::vector<z3::expr> wordsA, wordsB;
  for (unsigned w = 0; w < wordCount; ++w) {
    wordsA.push_back(z.bv_const(("a" + std::to_string(w)).c_str(), 32));
    wordsB.push_back(z.bv_const(("b" + std::to_string(w)).c_str(), 32));
  }
  std::vector<Operands> opsA(k), opsB(k);
  std::vector<z3::expr> hard;
  for (unsigned i = 0; i < k; ++i) {
    for (unsigned j = 0; j < n; ++j) {
      const OperandWords& w = layout[i][j];
      if (mix) {
        opsA[i].push_back(wordsA[w.first] ^ wordsA[w.first + 1]);
        opsB[i].push_back(wordsB[w.first] ^ wordsB[w.first + 1]);
        // Side B keeps side A's first word: a changed operand changes one word.
        hard.push_back(wordsB[w.first] == wordsA[w.first]);
      } else {
        opsA[i].push_back(wordsA[w.first]);
        opsB[i].push_back(wordsB[w.first]);
      }
    }
    b.pinned.assign(n, 0);
    hard.push_back(row.boundary(b, opsA[i], opsB[i]));
    // Variety: the first word of a mixed operand is drawn from the stream (any value will
    // do); an operand read whole gets some of its bits drawn, unless the boundary pins it.
    for (unsigned j = 0; j < n; ++j) {
      const OperandWords& w = layout[i][j];
      if (mix) {
        b.prefer(wordsA[w.first] == f.word(static_cast<uint32_t>(ctx.rng.next())));
      } else if (b.pinned[j] != 0xffffffffu) {
        // A float's exponent is left to the boundary unless pinned otherwise.
        uint32_t within =
            (shape.operands[j] == Ty::F32 && b.pinned[j] == 0 ? 0x807fffffu : 0xffffffffu) &
            ~b.pinned[j];
        uint32_t mask =
            rt::randomMask(ctx.rng, within, 8 + static_cast<unsigned>(ctx.rng.below(16)));
        uint32_t bits = static_cast<uint32_t>(ctx.rng.next());
        b.prefer((wordsA[w.first] & f.word(mask)) == f.word(bits & mask));
      }
    }
  }

  // One solve with the variety constraints, one without when those leave no model. Integer
  // rows use the bit-vector solver directly (the floating-point one's tactics cost more).
  bool floats = false;
  for (const Shape& sh : row.shapes)
    for (Ty t : sh.operands) floats = floats || t == Ty::F32;
  SolveResult res = SolveResult::Unsat;
  for (int attempt = 0; attempt < 2 && res != SolveResult::Sat; ++attempt) {
    z3::solver s = ctx.solver.solver(floats ? "QF_FPBV" : "QF_BV");
    for (const z3::expr& e : hard) s.add(e);
    if (attempt == 0)
      for (const z3::expr& e : b.soft) s.add(e);
    res = ctx.solver.check(s);
    if (res == SolveResult::ResourceLimit || res == SolveResult::Timeout) break;
  }
  if (res != SolveResult::Sat) {
    out.failure = failed(ctx.solver, res);
    out.solve = res;
    return out;
  }

  if (row.check) {
    for (unsigned i = 0; i < k; ++i)
      if (!ctx.solver.boolValue(row.check(b, opsA[i], opsB[i]))) {
        out.failure = "the model fails the row's check of its boundary";
        return out;
      }
  }

  // The program: the same for both cases.
  std::string wgsl = "@group(0) @binding(0) var<storage, read> inp: array<u32, " +
                     std::to_string(wordCount) + ">;\n" +
                     "@group(0) @binding(1) var<storage, read_write> outp: array<u32, " +
                     std::to_string(k) + ">;\n\n@compute @workgroup_size(1)\nfn main() {\n";
  for (unsigned i = 0; i < k; ++i)
    wgsl += "  outp[" + std::to_string(i) + "] = " + instanceText(shape, layout[i]) + ";\n";
  wgsl += "}\n";

  Draft da, db;
  for (int side = 0; side < 2; ++side) {
    Draft& d = side == 0 ? da : db;
    const std::vector<z3::expr>& words = side == 0 ? wordsA : wordsB;
    const std::vector<Operands>& ops = side == 0 ? opsA : opsB;
    d.c.kind = CaseKind::Run;
    d.c.rule.side = Side::Valid;
    d.intended.verdict = Side::Valid;
    nameSingle(d, row.rule, ctx.slot, side == 0 ? row.sideA : row.sideB);
    d.c.wgsl = wgsl;
    nlohmann::json inputWords = nlohmann::json::array();
    for (const z3::expr& w : words)
      inputWords.push_back(hexWord(static_cast<uint32_t>(ctx.solver.bitsValue(w))));
    Dispatch dispatch;
    dispatch.entry = "main";
    dispatch.bindings =
        nlohmann::json::array({{{"group", 0}, {"binding", 0}, {"words", inputWords}},
                               {{"group", 0}, {"binding", 1}, {"size", 4 * k}}});
    d.c.dispatch = dispatch;
    nlohmann::json instances = nlohmann::json::array();
    for (unsigned i = 0; i < k; ++i) {
      Outcome o = row.outcome(b, ops[i]);
      nlohmann::json allowed;
      d.intended.words.push_back(claim(ctx.solver, o, i, allowed));
      nlohmann::json operands = nlohmann::json::array();
      for (const z3::expr& e : ops[i])
        operands.push_back(hexWord(static_cast<uint32_t>(ctx.solver.bitsValue(e))));
      instances.push_back({{"operands", operands}, {"allowed", allowed}});
    }
    d.c.description = row.rule.row + ": " + (side == 0 ? row.meaningA : row.meaningB) + " (" +
                      shape.op + ", " + std::to_string(k) + " instances)";
    d.c.derivation = {{"solver", {{"instances", instances}}},
                      {"constraint", row.constraint},
                      {"formula",
                       "Z3's evaluation of the seed's formula (bit-vector or IEEE "
                       "floating-point theory) on the model's operands"}};
  }
  // Twins on both sides of the boundary, both valid: `plumb corpus verify` accepts run twins
  // of one row whose outcome sets differ (their inputs do).
  da.c.twin = db.c.name;
  db.c.twin = da.c.name;
  out.drafts.push_back(std::move(da));
  out.drafts.push_back(std::move(db));
  return out;
}

}  // namespace
}  // namespace runtime_family

std::unique_ptr<Family> makeRuntimeFamily() {
  return std::make_unique<runtime_family::RuntimeFamily>();
}

}  // namespace plumb::gen::wgsl
