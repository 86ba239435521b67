#include "oracle/tgsi/mesa_oracle.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <optional>
#include <set>
#include <sstream>

#include "oracle/tgsi/edge_inputs.h"
#include "semantics/tgsi/opcode_table.h"

namespace plumb::tgsi {
namespace {

constexpr uint64_t kFar = std::numeric_limits<uint64_t>::max();

bool isNaN(uint32_t b) {
  return (b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu) != 0;
}
bool isSubnormal(uint32_t b) {
  return (b & 0x7f800000u) == 0 && (b & 0x007fffffu) != 0;
}
bool isZero(uint32_t b) {
  return (b & 0x7fffffffu) == 0;
}

// Binary32 words on one line, -max .. -0 +0 .. +max, inf at the ends: the distance in steps.
int64_t ordered(uint32_t b) {
  return (b & 0x80000000u) ? -static_cast<int64_t>(b & 0x7fffffffu) : static_cast<int64_t>(b);
}
uint64_t stepsBetween(uint32_t a, uint32_t b) {
  if (isNaN(a) || isNaN(b)) return isNaN(a) && isNaN(b) ? 0 : kFar;
  int64_t d = ordered(a) - ordered(b);
  return static_cast<uint64_t>(d < 0 ? -d : d);
}

enum class Relation { Same, Flushed, Steps };

// How far Mesa's words may be from the correctly rounded ones in the accuracy class: `ulps`
// binary32 steps, or `absolute` (WGSL's bounds where they are absolute: log2 near 1, sin and
// cos), or anything in [-1, 1] (sin and cos outside [-pi, pi], where WGSL bounds nothing).
struct Tolerance {
  uint64_t ulps = 0;
  double absolute = 0;
  bool anyUnit = false;
  double relative = 0;  // POW and LIT: log2's absolute error times the exponent
  bool vertex = false;  // the vertex path reads -0 back as +0 (docs/tgsi.md)
};

float asFloat(uint32_t b) {
  return std::bit_cast<float>(b);
}

// The distance of Mesa's word from what Plumb allows for it (0: allowed).
uint64_t wordDistance(const Word& plumb, uint32_t mesa, Relation rel, const Tolerance& t) {
  switch (plumb.kind) {
    case Word::Kind::Any:
    case Word::Kind::Unwritten:
      return 0;
    case Word::Kind::AnyNaN:
      return isNaN(mesa) ? 0 : kFar;
    case Word::Kind::Bits:
      break;
  }
  if (plumb.bits == mesa) return 0;
  if (rel == Relation::Flushed || rel == Relation::Steps) {
    // Flush to zero (TGSI-18): a result below the smallest normal before rounding may be
    // written as a zero of either sign; the vertex path writes -0 as +0.
    if (isZero(mesa) && (plumb.bits & 0x7fffffffu) <= 0x00800000u) return 0;
  }
  if (rel == Relation::Steps) {
    const uint64_t steps = stepsBetween(plumb.bits, mesa);
    if (steps <= t.ulps) return steps;
    const float p = asFloat(plumb.bits), m = asFloat(mesa);
    if (std::isfinite(p) && std::isfinite(m)) {
      const double error = std::fabs(static_cast<double>(p) - m);
      if (error <= t.absolute || error <= t.relative * std::fabs(p)) return 0;
      if (t.anyUnit && std::fabs(m) <= 1) return 0;
    }
    return steps;
  }
  return kFar;
}

// The largest word distance of Mesa's result from one outcome.
uint64_t outcomeDistance(const Outcome& o, const MesaResult& m, const ArbProgram& arb, Relation rel,
                         const Tolerance& t) {
  if (!o.stopped.empty()) return kFar;
  if (o.discarded || m.discarded) return o.discarded == m.discarded ? 0 : kFar;
  uint64_t worst = 0;
  for (size_t i = 0; i < arb.outputs.size(); ++i) {
    auto it = o.outputs.find(arb.outputs[i]);
    if (it == o.outputs.end()) continue;
    for (int c = 0; c < 4; ++c)
      worst = std::max(worst, wordDistance(it->second[c], m.outputs[i][c], rel, t));
  }
  return worst;
}

uint64_t setDistance(const RunResult& r, const MesaResult& m, const ArbProgram& arb, Relation rel,
                     const Tolerance& t) {
  uint64_t best = kFar;
  for (const Outcome& o : r.outcomes) best = std::min(best, outcomeDistance(o, m, arb, rel, t));
  return best;
}

// The vertex path's zero (docs/tgsi.md): in a vertex program's result, Plumb's -0 is read as +0.
RunResult positiveZeros(RunResult r) {
  for (Outcome& o : r.outcomes)
    for (auto& [index, reg] : o.outputs)
      for (Word& w : reg)
        if (w.kind == Word::Kind::Bits && w.bits == 0x80000000u) w.bits = 0;
  return r;
}

// The subnormal input components, and the inputs with the components of `mask` flushed to a
// zero of the same sign. Mesa flushes an input where an operation computes with it (a
// comparison, a product) but not where it only moves it (CMP's selected operand, MOV), so every
// subset is tried (up to 2^8).
std::vector<std::pair<std::pair<File, uint32_t>, int>> subnormalInputs(const RegisterValues& in) {
  std::vector<std::pair<std::pair<File, uint32_t>, int>> where;
  for (const auto& [key, reg] : in)
    for (int c = 0; c < 4; ++c)
      if (reg[c].kind == Word::Kind::Bits && isSubnormal(reg[c].bits)) where.push_back({key, c});
  return where;
}
RegisterValues flushed(const RegisterValues& inputs,
                       const std::vector<std::pair<std::pair<File, uint32_t>, int>>& where,
                       uint32_t mask) {
  RegisterValues out = inputs;
  for (size_t i = 0; i < where.size(); ++i)
    if (mask & (1u << i)) out[where[i].first][where[i].second].bits &= 0x80000000u;
  return out;
}

// The opcodes whose ARB instruction the ARB specs define only approximately (ARB_vertex_program
// and ARB_fragment_program: "approximate" results), and the seed gives no accuracy (TGSI-10):
// their tolerance for this case. Exact opcodes get none.
Tolerance toleranceOf(const Program& p, const RegisterValues& inputs, uint64_t maxUlps) {
  static const std::set<std::string> ops = {"EX2", "LG2", "POW", "SIN", "COS",
                                            "EXP", "LOG", "LIT", "RCP", "RSQ"};
  Tolerance t;
  t.vertex = p.processor == Processor::Vertex;
  for (const Instruction& i : p.instructions) {
    if (!ops.count(i.opcode)) continue;
    t.ulps = maxUlps;
    // WGSL's f32 log2: absolute error 2^-21 on [0.5, 2]; sin, cos: 2^-11 on [-pi, pi].
    t.absolute = std::max(t.absolute, 0x1p-21);
    // POW and LIT's power: WGSL's pow is inherited from exp2(y × log2(x)), so log2's
    // absolute error 2^-21 becomes a relative error of about |y| × 2^-21 (twice for exp2).
    if ((i.opcode == "POW" && i.sources.size() == 2) || (i.opcode == "LIT" && !i.sources.empty())) {
      const SourceOperand& e = i.opcode == "POW" ? i.sources[1] : i.sources[0];
      auto it = inputs.find({e.reg.file, static_cast<uint32_t>(e.reg.index)});
      double y = 128;
      if (!e.reg.indirect && it != inputs.end()) {
        const Word& w = it->second[e.swizzle[i.opcode == "POW" ? 0 : 3]];
        if (w.kind == Word::Kind::Bits && std::isfinite(asFloat(w.bits)))
          y = std::fabs(asFloat(w.bits));
        if (i.opcode == "LIT") y = std::min(y, 128.0);
      }
      t.relative = std::max(t.relative, 0x1p-20 * std::max(1.0, y));
    }
    if (i.opcode != "SIN" && i.opcode != "COS") continue;
    t.absolute = 0x1p-11;
    if (i.sources.empty()) continue;
    const SourceOperand& s = i.sources[0];
    auto it = inputs.find({s.reg.file, static_cast<uint32_t>(s.reg.index)});
    if (s.reg.indirect || it == inputs.end()) {
      t.anyUnit = true;  // an argument the oracle cannot see: not bounded
      continue;
    }
    const Word& x = it->second[s.swizzle[0]];
    if (x.kind != Word::Kind::Bits || !(std::fabs(asFloat(x.bits)) <= 3.14159274f))
      t.anyUnit = true;
  }
  return t;
}

std::string hexWord(uint32_t v) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%08x", v);
  return b;
}

std::string registerText(const Register& r) {
  std::string s = "{";
  for (int c = 0; c < 4; ++c) {
    s += (c ? ", " : "") + wordText(r[c]);
    if (r[c].kind == Word::Kind::Bits) s += " (" + hexWord(r[c].bits) + ")";
  }
  return s + "}";
}

std::string mesaText(const MesaResult& m, const ArbProgram& arb) {
  if (m.discarded) return "discarded";
  std::string s;
  for (size_t i = 0; i < arb.outputs.size(); ++i) {
    Register r;
    for (int c = 0; c < 4; ++c) r[c] = Word::of(m.outputs[i][c]);
    s += (i ? "; " : "") + std::string("OUT[") + std::to_string(arb.outputs[i]) +
         "] = " + registerText(r);
  }
  return s;
}

std::string outcomesText(const RunResult& r) {
  std::string s;
  for (size_t k = 0; k < r.outcomes.size(); ++k) {
    const Outcome& o = r.outcomes[k];
    s += k ? " | " : "";
    if (!o.quad.empty()) {
      for (size_t p = 0; p < o.quad.size(); ++p) {
        s += "(" + std::to_string(p % 2) + "," + std::to_string(p / 2) + ") ";
        if (o.quad[p].discarded) s += "discarded ";
        for (const auto& [index, reg] : o.quad[p].outputs)
          s += "OUT[" + std::to_string(index) + "] = " + registerText(reg) + " ";
      }
      continue;
    }
    if (o.discarded) {
      s += "discarded";
      continue;
    }
    for (const auto& [index, reg] : o.outputs)
      s += "OUT[" + std::to_string(index) + "] = " + registerText(reg) + " ";
  }
  return s;
}

nlohmann::json registerJson(const Register& r) {
  nlohmann::json j = nlohmann::json::array();
  for (const Word& w : r) {
    switch (w.kind) {
      case Word::Kind::Bits:
        j.push_back(hexWord(w.bits));
        break;
      case Word::Kind::AnyNaN:
        j.push_back("nan");
        break;
      case Word::Kind::Any:
        j.push_back("any");
        break;
      case Word::Kind::Unwritten:
        j.push_back("unwritten");
        break;
    }
  }
  return j;
}

nlohmann::json fragmentJson(bool discarded, const std::map<uint32_t, Register>& outputs) {
  nlohmann::json oj = {{"discarded", discarded}, {"OUT", nlohmann::json::object()}};
  for (const auto& [index, reg] : outputs) oj["OUT"][std::to_string(index)] = registerJson(reg);
  return oj;
}

nlohmann::json outcomesJson(const RunResult& r) {
  nlohmann::json j = nlohmann::json::array();
  for (const Outcome& o : r.outcomes) {
    nlohmann::json oj = fragmentJson(o.discarded, o.outputs);
    if (!o.quad.empty()) {
      oj["quad"] = nlohmann::json::array();
      for (const Fragment& f : o.quad) oj["quad"].push_back(fragmentJson(f.discarded, f.outputs));
    }
    j.push_back(oj);
  }
  return j;
}

nlohmann::json inputsJson(const RegisterValues& values) {
  nlohmann::json inputs = nlohmann::json::object();
  for (const auto& [key, reg] : values)
    inputs[std::string(fileName(key.first)) + "[" + std::to_string(key.second) + "]"] =
        registerJson(reg);
  return inputs;
}

nlohmann::json mesaJson(const MesaResult& m, const ArbProgram& arb) {
  nlohmann::json mesa = {{"discarded", m.discarded}, {"OUT", nlohmann::json::object()}};
  if (!m.discarded)
    for (size_t i = 0; i < arb.outputs.size(); ++i) {
      Register r;
      for (int k = 0; k < 4; ++k) r[k] = Word::of(m.outputs[i][k]);
      mesa["OUT"][std::to_string(arb.outputs[i])] = registerJson(r);
    }
  return mesa;
}

nlohmann::json caseJson(const OracleCase& c, const ArbProgram& arb) {
  nlohmann::json j = {{"case", c.index}, {"verdict", verdictName(c.verdict)}};
  if (c.verdict == Verdict::Accuracy) j["ulps"] = c.ulps;
  if (c.verdict == Verdict::Deviation) j["deviation"] = c.deviation;
  j["inputs"] = inputsJson(c.inputs);
  j["mesa"] = mesaJson(c.mesa, arb);
  if (!c.quadInputs.empty() || !c.quadMesa.empty()) {
    j["quad"] = nlohmann::json::array();
    for (size_t p = 0; p < 4; ++p)
      j["quad"].push_back(
          {{"inputs", inputsJson(p < c.quadInputs.size() ? c.quadInputs[p] : RegisterValues{})},
           {"mesa", p < c.quadMesa.size() ? mesaJson(c.quadMesa[p], arb) : nlohmann::json()}});
  }
  j["exact"] = outcomesJson(c.exact);
  j["ieee32"] = outcomesJson(c.ieee32);
  return j;
}

std::string caseText(const OracleCase& c, const ArbProgram& arb) {
  std::string s = "  case " + std::to_string(c.index) + " (" + verdictName(c.verdict);
  if (c.verdict == Verdict::Accuracy) s += ", " + std::to_string(c.ulps) + " steps";
  if (c.verdict == Verdict::Deviation) s += ", " + c.deviation;
  s += "):";
  for (const auto& [key, reg] : c.inputs)
    s += " " + std::string(fileName(key.first)) + "[" + std::to_string(key.second) +
         "] = " + registerText(reg);
  s += "\n    mesa:   " + mesaText(c.mesa, arb) + "\n";
  for (size_t p = 0; p < c.quadMesa.size(); ++p) {
    s += "    pixel (" + std::to_string(p % 2) + "," + std::to_string(p / 2) + "):";
    if (p < c.quadInputs.size())
      for (const auto& [key, reg] : c.quadInputs[p])
        s += " " + std::string(fileName(key.first)) + "[" + std::to_string(key.second) +
             "] = " + registerText(reg);
    s += "; mesa: " + mesaText(c.quadMesa[p], arb) + "\n";
  }
  s += "    exact:  " + outcomesText(c.exact) + "\n";
  s += "    ieee32: " + outcomesText(c.ieee32) + "\n";
  return s;
}

// ---- Mesa's deviations from the seed's formulas (docs/tgsi.md, "Mesa's deviations") -------

// The value of a source component of the program's one instruction for this case, or nullopt.
std::optional<float> sourceValue(const Program& p, const RegisterValues& inputs, size_t source,
                                 int component) {
  if (p.instructions.empty() || p.instructions.back().sources.size() <= source) return {};
  const SourceOperand& s = p.instructions.back().sources[source];
  auto it = inputs.find({s.reg.file, static_cast<uint32_t>(s.reg.index)});
  if (s.reg.indirect || it == inputs.end()) return {};
  const Word& w = it->second[s.swizzle[component]];
  if (w.kind != Word::Kind::Bits) return {};
  float v = asFloat(w.bits);
  if (s.absolute) v = std::fabs(v);
  if (s.negate) v = -v;
  return v;
}
float flushedValue(float v) {
  return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(0.0f, v) : v;
}

// Whether Mesa's word `m` of component `c` is one of Plumb's for some outcome of some set.
bool componentAllowed(const std::vector<RunResult>& sets, const ArbProgram& arb, size_t output,
                      int c, uint32_t m, const Tolerance& t) {
  for (const RunResult& r : sets)
    for (const Outcome& o : r.outcomes) {
      if (o.discarded || !o.stopped.empty()) continue;
      auto it = o.outputs.find(arb.outputs[output]);
      if (it == o.outputs.end()) return true;
      if (wordDistance(it->second[c], m, Relation::Flushed, t) == 0) return true;
      if (t.ulps > 0 && wordDistance(it->second[c], m, Relation::Steps, t) <= t.ulps) return true;
    }
  return false;
}

// The named deviation that explains every component of a disagreeing case, or "".
//   mesa-min-max-nan      MIN, MAX: an operand is NaN and Mesa returns the other one (IEEE
//                         minNum/maxNum); the seed's ternaries return src1 or the NaN.
//   mesa-pow-special-cases POW: x^y outside x > 0 with finite x and y, where Mesa's
//                         exp2(y × log2(x)) gives NaN or 0 (x < 0, 0^0, 0^-1, NaN^0, 1^inf).
//   mesa-lit-zero-base    LIT's z: max(src.y, 0) is 0 and Mesa writes 0 where the seed's power
//                         is 1 (0^0) or inf (0^negative).
//   mesa-lit-clamp-nan    LIT's z: src.w is NaN; the seed's clamp keeps it (z is NaN), Mesa's
//                         clamps it to ±128 (minNum/maxNum) and writes a number.
//   mesa-lit-nan-condition LIT's z: src.x is NaN, so the seed's (src.x > 0) gives 0; Mesa
//                         writes the power (it tests src.x <= 0).
std::string knownDeviation(const Program& p, const OracleCase& c, const ArbProgram& arb,
                           const std::vector<RunResult>& sets, const Tolerance& t) {
  if (p.instructions.size() != 1 || c.mesa.discarded || arb.outputs.size() != 1) return "";
  const std::string& op = p.instructions[0].opcode;
  std::string name;
  for (int k = 0; k < 4; ++k) {
    const uint32_t m = c.mesa.outputs[0][k];
    if (componentAllowed(sets, arb, 0, k, m, t)) continue;
    const float mf = asFloat(m);
    if (op == "MIN" || op == "MAX") {
      auto x = sourceValue(p, c.inputs, 0, k), y = sourceValue(p, c.inputs, 1, k);
      if (!x || !y) return "";
      const bool fits =
          (std::isnan(*x) && !std::isnan(*y) && flushedValue(*y) == flushedValue(mf)) ||
          (std::isnan(*y) && !std::isnan(*x) && flushedValue(*x) == flushedValue(mf));
      if (!fits) return "";
      name = "mesa-min-max-nan";
    } else if (op == "POW") {
      auto x = sourceValue(p, c.inputs, 0, 0), y = sourceValue(p, c.inputs, 1, 0);
      if (!x || !y) return "";
      const float fx = flushedValue(*x);
      const bool special = !(fx > 0) || !std::isfinite(fx) || !std::isfinite(*y);
      if (!special || !(std::isnan(mf) || mf == 0)) return "";
      name = "mesa-pow-special-cases";
    } else if (op == "LIT" && k == 2) {
      auto x = sourceValue(p, c.inputs, 0, 0), y = sourceValue(p, c.inputs, 0, 1),
           w = sourceValue(p, c.inputs, 0, 3);
      if (!x || !y || !w) return "";
      if (std::isnan(*x) && mf != 0) {
        name = "mesa-lit-nan-condition";
      } else if (std::isnan(*w) && !std::isnan(mf)) {
        name = "mesa-lit-clamp-nan";
      } else if (!(flushedValue(*y) > 0) && mf == 0) {
        name = "mesa-lit-zero-base";
      } else {
        return "";
      }
    } else {
      return "";
    }
  }
  return name;
}

}  // namespace

const char* verdictName(Verdict v) {
  switch (v) {
    case Verdict::Agree:
      return "agree";
    case Verdict::Flushed:
      return "flushed";
    case Verdict::Accuracy:
      return "accuracy";
    case Verdict::Deviation:
      return "deviation";
    case Verdict::Disagree:
      return "disagree";
  }
  return "?";
}

std::string opcodeProgramText(const std::string& opcode, bool vertex, bool saturate) {
  const OpcodeInfo* info = findOpcode(opcode);
  const int sources = info ? info->sources : 0;
  const bool kill = opcode == "KIL" || opcode == "KILP";
  std::string t = vertex ? "VERT\n" : "FRAG\n";
  const int inputs = std::max(sources, kill ? 1 : 0);
  if (inputs > 0) t += "DCL IN[0.." + std::to_string(inputs - 1) + "]\n";
  t += "DCL OUT[0]\n";
  std::string operands;
  for (int i = 0; i < sources; ++i)
    operands += (i || !kill ? ", " : " ") + ("IN[" + std::to_string(i) + "]");
  if (kill) {
    t += "  0: MOV OUT[0], IN[0]\n  1: " + opcode + operands + "\n  2: END\n";
  } else {
    t += "  0: " + opcode + (saturate ? "_SAT" : "") + " OUT[0]" + operands + "\n  1: END\n";
  }
  return t;
}

std::vector<OracleOpcode> allOracleOpcodes() {
  std::vector<OracleOpcode> all;
  for (const OpcodeInfo& info : opcodeTable()) {
    const std::string name(info.name);
    if (name == "NOP") continue;
    if (!arbOpcode(name, false).empty()) all.push_back({name, false, false});
    if (!arbOpcode(name, true).empty()) all.push_back({name, true, false});
  }
  // _SAT's clamp on the edges (NaN, ±0, ±inf: TGSI-14), on a move and on a sum.
  all.push_back({"MOV", false, true});
  all.push_back({"ADD", false, true});
  return all;
}

ProgramReport compareWithMesa(const std::string& name, const Program& program,
                              const ArbProgram& arb, const OracleOptions& options,
                              std::string& renderer) {
  ProgramReport report;
  report.name = name;
  report.vertex = arb.vertex;
  report.arb = arb.text;
  report.outputs = arb.outputs;
  std::vector<RegisterValues> cases = edgeInputs(program, options.random, options.seed);
  MesaRun mesa = runArb(options.runner, arb, program, cases);
  if (!mesa.error.empty()) {
    report.error = mesa.error;
    return report;
  }
  if (renderer.empty()) renderer = mesa.renderer;
  RunOptions exactOptions, ieeeOptions;
  exactOptions.numerics = Numerics::Exact;
  ieeeOptions.numerics = Numerics::Ieee32;
  uint64_t worstAccuracy = 0;
  bool haveFlushExample = false;
  OracleCase worst;
  for (size_t i = 0; i < cases.size(); ++i) {
    OracleCase c;
    c.index = i;
    c.inputs = cases[i];
    c.mesa = mesa.results[i];
    c.exact = run(program, cases[i], exactOptions);
    c.ieee32 = run(program, cases[i], ieeeOptions);
    const Tolerance t = toleranceOf(program, cases[i], options.maxUlps);
    ++report.cases;
    if (setDistance(c.exact, c.mesa, arb, Relation::Same, t) == 0 ||
        setDistance(c.ieee32, c.mesa, arb, Relation::Same, t) == 0) {
      ++report.agree;
      continue;
    }
    // Plumb's sets with flush to zero (--numerics ieee32-ftz), with flushed inputs (each subset
    // of the subnormal components: llvmpipe's MIN and MAX return a flushed operand, which the
    // ternaries of ieee32-ftz do not) and, in a vertex program, -0 read back as +0.
    std::vector<RunResult> sets;
    auto add = [&](const RunResult& r) {
      sets.push_back(r);
      if (t.vertex) sets.push_back(positiveZeros(r));
    };
    add(c.exact);
    add(c.ieee32);
    RunOptions ftzOptions;
    ftzOptions.numerics = Numerics::Ieee32Ftz;
    add(run(program, cases[i], ftzOptions));
    const auto where = subnormalInputs(cases[i]);
    const uint32_t masks = where.size() <= 8 ? (1u << where.size()) : 2;
    for (uint32_t mask = 1; mask < masks; ++mask) {
      const RegisterValues in = flushed(cases[i], where, where.size() <= 8 ? mask : 0xffffffffu);
      add(run(program, in, exactOptions));
      add(run(program, in, ieeeOptions));
    }
    uint64_t flushDistance = kFar, steps = kFar;
    for (const RunResult& r : sets) {
      flushDistance = std::min(flushDistance, setDistance(r, c.mesa, arb, Relation::Flushed, t));
      steps = std::min(steps, setDistance(r, c.mesa, arb, Relation::Steps, t));
    }
    if (flushDistance == 0) {
      c.verdict = Verdict::Flushed;
      ++report.flushed;
      if (!haveFlushExample) report.examples.push_back(c);
      haveFlushExample = true;
      continue;
    }
    if (t.ulps > 0 && steps <= t.ulps) {
      c.verdict = Verdict::Accuracy;
      c.ulps = steps;
      ++report.accuracy;
      if (steps > worstAccuracy || report.accuracy == 1) {
        worstAccuracy = steps;
        worst = c;
      }
      continue;
    }
    c.deviation = knownDeviation(program, c, arb, sets, t);
    if (!c.deviation.empty()) {
      c.verdict = Verdict::Deviation;
      ++report.deviation;
      if (report.deviations[c.deviation]++ == 0) report.examples.push_back(c);
      continue;
    }
    c.verdict = Verdict::Disagree;
    ++report.disagree;
    report.disagreements.push_back(std::move(c));
  }
  report.maxUlps = worstAccuracy;
  if (report.accuracy > 0) report.examples.push_back(worst);
  return report;
}

nlohmann::json reportJson(const std::vector<ProgramReport>& reports, const std::string& renderer,
                          const OracleOptions& options) {
  nlohmann::json j = {{"format", "plumb-tgsi-oracle"},
                      {"version", 2},
                      {"renderer", renderer},
                      {"seed", options.seed},
                      {"random", options.random},
                      {"maxUlps", options.maxUlps},
                      {"programs", nlohmann::json::array()}};
  for (const ProgramReport& r : reports) {
    nlohmann::json p = {{"name", r.name},
                        {"stage", r.glsl     ? "glsl"
                                  : r.vertex ? "vertex"
                                             : "fragment"},
                        {"arb", r.arb},
                        {"cases", r.cases},
                        {"agree", r.agree},
                        {"flushed", r.flushed},
                        {"accuracy", r.accuracy},
                        {"maxUlps", r.maxUlps},
                        {"deviation", r.deviation},
                        {"deviations", r.deviations},
                        {"disagree", r.disagree}};
    if (!r.error.empty()) p["error"] = r.error;
    p["disagreements"] = nlohmann::json::array();
    p["examples"] = nlohmann::json::array();
    ArbProgram named;  // names the OUT registers of Mesa's words
    named.outputs = r.outputs;
    for (const OracleCase& c : r.disagreements) p["disagreements"].push_back(caseJson(c, named));
    for (const OracleCase& c : r.examples) p["examples"].push_back(caseJson(c, named));
    j["programs"].push_back(p);
  }
  return j;
}

std::string reportText(const std::vector<ProgramReport>& reports, const std::string& renderer,
                       size_t listed) {
  std::ostringstream s;
  s << "renderer: " << (renderer.empty() ? "(none)" : renderer) << "\n";
  size_t cases = 0, agree = 0, flushedCount = 0, accuracy = 0, deviation = 0, disagree = 0;
  for (const ProgramReport& r : reports) {
    s << r.name << (r.glsl ? " (glsl)" : r.vertex ? " (vertex)" : " (fragment)") << ": ";
    if (!r.error.empty()) {
      s << "error: " << r.error << "\n";
      continue;
    }
    s << r.cases << " cases, " << r.agree << " agree, " << r.flushed << " flushed, " << r.accuracy
      << " accuracy";
    if (r.accuracy) s << " (at most " << r.maxUlps << " steps, or within the absolute bound)";
    s << ", " << r.deviation << " deviation";
    for (const auto& [name, n] : r.deviations)
      s << (name == r.deviations.begin()->first ? " (" : ", ") << name << ": " << n;
    if (!r.deviations.empty()) s << ")";
    s << ", " << r.disagree << " disagree\n";
    cases += r.cases;
    agree += r.agree;
    flushedCount += r.flushed;
    accuracy += r.accuracy;
    deviation += r.deviation;
    disagree += r.disagree;
    size_t shown = 0;
    for (const OracleCase& c : r.disagreements) {
      if (shown++ == listed) {
        s << "  ... " << (r.disagreements.size() - listed) << " more (--format json lists all)\n";
        break;
      }
      ArbProgram a;
      a.outputs = r.outputs;
      s << caseText(c, a);
    }
  }
  s << "total: " << cases << " cases, " << agree << " agree, " << flushedCount << " flushed, "
    << accuracy << " accuracy, " << deviation << " deviation, " << disagree << " disagree\n";
  return s.str();
}

}  // namespace plumb::tgsi
