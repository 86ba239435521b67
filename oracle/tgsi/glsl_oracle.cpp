#include "oracle/tgsi/glsl_oracle.h"

#include <unistd.h>
#include <algorithm>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "oracle/tgsi/arb_runner_process.h"
#include "oracle/tgsi/edge_inputs.h"
#include "semantics/tgsi/opcode_table.h"

namespace plumb::tgsi {
namespace {

namespace fs = std::filesystem;

/// What Mesa wrote for one case: the four pixels, (0,0), (1,0), (0,1), (1,1).
using QuadResult = std::array<MesaResult, 4>;

struct GlslRun {
  std::string renderer;
  std::vector<QuadResult> results;
  std::string error;
};

/// The register `key` of pixel p (its own value, else the shared one).
Register valueOf(const RunInputs& in, size_t p, std::pair<File, uint32_t> key) {
  if (p < in.quad.size())
    if (auto it = in.quad[p].find(key); it != in.quad[p].end()) return it->second;
  auto it = in.values.find(key);
  return it != in.values.end() ? it->second : Register{};
}

GlslRun runGlsl(const std::string& runner, const GlslProgram& glsl,
                const std::vector<RunInputs>& cases) {
  GlslRun run;
  if (!fs::exists(runner)) {
    run.error = "the GLSL runner '" + runner +
                "' is not installed (run scripts/tgsi_oracle_setup.sh, or give --glsl-runner)";
    return run;
  }
  static std::atomic<unsigned> counter{0};
  const fs::path dir = fs::temp_directory_path() / ("plumb-tgsi-glsl-" + std::to_string(getpid()) +
                                                    "-" + std::to_string(counter++));
  fs::create_directories(dir);
  {
    std::ofstream(dir / "shader.frag", std::ios::binary) << glsl.text;
    std::ofstream in(dir / "inputs.txt", std::ios::binary);
    char word[16];
    for (const RunInputs& c : cases) {
      auto put = [&](const Register& r) {
        for (const Word& w : r) {
          std::snprintf(word, sizeof word, "%08x ", w.bits);
          in << word;
        }
      };
      for (size_t p = 0; p < 4; ++p)
        for (const auto& key : glsl.pixelRegisters) put(valueOf(c, p, key));
      for (const auto& key : glsl.sharedRegisters) put(valueOf(c, 0, key));
      if (glsl.words() == 0) put(Register{});
      in << "\n";
    }
  }
  const size_t words = std::max<size_t>(4, glsl.words());
  const std::string command = shellQuoted(runner) + " " + std::to_string(glsl.outputs.size()) +
                              " " + std::to_string(words) + " " +
                              shellQuoted((dir / "shader.frag").string());
  std::string output;
  if (!runInDirectory(command, dir, "GLSL runner", output, run.error)) return run;
  std::istringstream results(output);
  std::string line;
  while (std::getline(results, line)) {
    if (line.starts_with("renderer ")) {
      run.renderer = line.substr(9);
      continue;
    }
    QuadResult q;
    std::istringstream pixels(line);
    for (size_t p = 0; p < 4; ++p) {
      std::string token;
      pixels >> token;
      if (token == "|") pixels >> token;
      if (token == "discarded") {
        q[p].discarded = true;
        continue;
      }
      q[p].outputs.resize(glsl.outputs.size());
      bool first = true;
      for (auto& reg : q[p].outputs)
        for (uint32_t& w : reg) {
          if (!first) pixels >> token;
          first = false;
          w = static_cast<uint32_t>(std::strtoul(token.c_str(), nullptr, 16));
        }
    }
    run.results.push_back(std::move(q));
  }
  if (run.results.size() != cases.size() && run.error.empty())
    run.error = "the GLSL runner answered " + std::to_string(run.results.size()) + " of " +
                std::to_string(cases.size()) + " cases";
  return run;
}

/// Whether Mesa's word lies in Plumb's set for one component.
bool contains(const Word& plumb, uint32_t mesa) {
  switch (plumb.kind) {
    case Word::Kind::Bits:
      return plumb.bits == mesa;
    case Word::Kind::AnyNaN:
      return (mesa & 0x7F800000u) == 0x7F800000u && (mesa & 0x007FFFFFu) != 0;
    case Word::Kind::Any:
    case Word::Kind::Unwritten:  // GLSL's locals start at 0; the seed says nothing
      return true;
  }
  return false;
}

bool fragmentMatches(const Fragment& f, const MesaResult& m, const GlslProgram& glsl) {
  if (f.discarded || m.discarded) return f.discarded == m.discarded;
  for (size_t k = 0; k < glsl.outputs.size(); ++k) {
    auto it = f.outputs.find(glsl.outputs[k]);
    if (it == f.outputs.end()) continue;
    for (int c = 0; c < 4; ++c)
      if (!contains(it->second[c], m.outputs[k][c])) return false;
  }
  return true;
}

/// Whether Mesa's quad (or its first pixel, for a program run as one fragment) lies in one
/// outcome of `r` (design.md: every word in one outcome, not word by word across outcomes).
bool inOneOutcome(const RunResult& r, const QuadResult& q, const GlslProgram& glsl) {
  for (const Outcome& o : r.outcomes) {
    if (!o.stopped.empty()) continue;
    bool all = true;
    if (o.quad.empty())
      all = fragmentMatches(Fragment{o.discarded, o.outputs}, q[0], glsl);
    else
      for (size_t p = 0; p < 4 && all; ++p) all = fragmentMatches(o.quad[p], q[p], glsl);
    if (all) return true;
  }
  return false;
}

/// A named departure of Mesa where GLSL leaves the result undefined (docs/tgsi.md, "The GLSL
/// oracle"): `glsl-mod-negative`, MOD (GLSL's `%` on int) whose words outside Plumb's sets
/// all have a negative operand ("Results are undefined if one or both operands are
/// negative", GLSL 4.50 §5.9). "" when the case does not fit.
std::string glslDeviation(const Program& program, const RunInputs& in, const QuadResult& q,
                          const RunResult& exact, const RunResult& ieee32) {
  if (program.instructions.size() != 1 || program.instructions[0].opcode != "MOD" || q[0].discarded)
    return "";
  const Instruction& inst = program.instructions[0];
  for (int c = 0; c < 4; ++c) {
    if (!(inst.destinations[0].writeMask & (1u << c))) continue;
    const uint32_t m = q[0].outputs[0][c];
    bool inSet = false;
    for (const RunResult* r : {&exact, &ieee32})
      for (const Outcome& o : r->outcomes)
        if (auto it = o.outputs.find(inst.destinations[0].reg.index); it != o.outputs.end())
          inSet |= contains(it->second[c], m);
    if (inSet) continue;
    auto operand = [&](size_t i) {
      const SourceOperand& s = inst.sources[i];
      return static_cast<int32_t>(
          valueOf(in, 0, {s.reg.file, static_cast<uint32_t>(s.reg.index)})[s.swizzle[c]].bits);
    };
    if (operand(0) >= 0 && operand(1) >= 0) return "";
  }
  return "glsl-mod-negative";
}

}  // namespace

std::string defaultGlslRunner() {
  if (const char* env = std::getenv("PLUMB_TGSI_GLSL_RUNNER")) return env;
  return PLUMB_TGSI_GLSL_RUNNER_DEFAULT;
}

std::vector<std::string> allGlslOpcodes() {
  return {"NOT", "AND", "OR", "XOR", "SHL", "SHR", "MOD", "SAD", "I2F", "DDX", "DDY"};
}

std::string glslOpcodeProgramText(const std::string& opcode) {
  const OpcodeInfo* info = findOpcode(opcode);
  const int sources = info ? info->sources : 1;
  std::string text = "FRAG\nDCL IN[0.." + std::to_string(std::max(sources, 1) - 1) +
                     "]\nDCL OUT[0]\n  0: " + opcode + " OUT[0]";
  for (int i = 0; i < sources; ++i) text += ", IN[" + std::to_string(i) + "]";
  return text + "\n  1: END\n";
}

const std::vector<uint32_t>& integerEdgeValues() {
  static const std::vector<uint32_t> values = {
      0u,          1u,          0xFFFFFFFFu, 2u,          0xFFFFFFFEu, 3u,          0xFFFFFFFDu,
      5u,          7u,          0xFFFFFFF9u, 31u,         32u,         33u,         0xFFFFFFE0u,
      0x80000000u, 0x80000001u, 0x7FFFFFFFu, 0x55555555u, 0x01000001u, 0x7FFFFFC0u, 0x3F800000u};
  return values;
}

std::vector<RunInputs> glslEdgeInputs(const Program& program, const GlslProgram& glsl,
                                      size_t random, uint64_t seed) {
  std::vector<RunInputs> cases;
  const std::vector<uint32_t>& e = glsl.quad ? edgeValues() : integerEdgeValues();
  const size_t n = e.size();
  std::mt19937_64 rng(seed);
  if (!glsl.quad) {
    // As edge_inputs.cpp: (IN[0].c, IN[1].c) runs over every pair for each c.
    auto fill = [&](size_t a, size_t b) {
      RunInputs in;
      for (size_t r = 0; r < glsl.pixelRegisters.size(); ++r) {
        Register reg;
        for (size_t c = 0; c < 4; ++c) {
          size_t index = r == 0 ? a + 5 * c : r == 1 ? b + 7 * c : a + b + (3 + r) * c + r;
          reg[c] = Word::of(e[index % n]);
        }
        in.values[glsl.pixelRegisters[r]] = reg;
      }
      cases.push_back(std::move(in));
    };
    for (size_t a = 0; a < n; ++a)
      for (size_t b = 0; b < n; ++b) fill(a, b);
    for (size_t k = 0; k < random; ++k) fill(rng() % n, rng() % n);
    return cases;
  }
  // A quad: pixels (0,0), (1,0), (0,1), (1,1) take a, b, c, d with (a, b) over every pair of
  // edge values in x, and the other components shifted so that rows and columns differ.
  auto fill = [&](size_t a, size_t b, size_t c, size_t d) {
    RunInputs in;
    in.quad.assign(4, {});
    const size_t pick[4] = {a, b, c, d};
    for (size_t p = 0; p < 4; ++p)
      for (size_t r = 0; r < glsl.pixelRegisters.size(); ++r) {
        Register reg;
        for (size_t k = 0; k < 4; ++k) reg[k] = Word::of(e[(pick[(p + k) % 4] + 11 * r + k) % n]);
        in.quad[p][glsl.pixelRegisters[r]] = reg;
      }
    cases.push_back(std::move(in));
  };
  for (size_t a = 0; a < n; ++a)
    for (size_t b = 0; b < n; ++b) fill(a, b, (a + b) % n, (a * 7 + 3) % n);
  for (size_t k = 0; k < random; ++k) fill(rng() % n, rng() % n, rng() % n, rng() % n);
  (void)program;
  return cases;
}

ProgramReport compareGlslWithMesa(const std::string& name, const Program& program,
                                  const GlslProgram& glsl, const OracleOptions& options,
                                  std::string& renderer) {
  ProgramReport report;
  report.name = name;
  report.glsl = true;
  report.arb = glsl.text;
  report.outputs = glsl.outputs;
  const std::vector<RunInputs> cases = glslEdgeInputs(program, glsl, options.random, options.seed);
  GlslRun mesa = runGlsl(options.glslRunner, glsl, cases);
  if (!mesa.error.empty()) {
    report.error = mesa.error;
    return report;
  }
  renderer = mesa.renderer;
  RunOptions exactOptions, ieeeOptions, ftzOptions;
  ieeeOptions.numerics = Numerics::Ieee32;
  ftzOptions.numerics = Numerics::Ieee32Ftz;
  bool firstFlushed = true;
  for (size_t i = 0; i < cases.size(); ++i) {
    OracleCase c;
    c.index = i;
    c.inputs = cases[i].values;
    c.quadInputs = cases[i].quad;
    c.mesa = mesa.results[i][0];
    if (glsl.quad) c.quadMesa.assign(mesa.results[i].begin(), mesa.results[i].end());
    c.exact = run(program, cases[i], exactOptions);
    c.ieee32 = run(program, cases[i], ieeeOptions);
    ++report.cases;
    if (inOneOutcome(c.exact, mesa.results[i], glsl) ||
        inOneOutcome(c.ieee32, mesa.results[i], glsl)) {
      ++report.agree;
      continue;
    }
    if (inOneOutcome(run(program, cases[i], ftzOptions), mesa.results[i], glsl)) {
      ++report.flushed;
      if (firstFlushed) report.examples.push_back(c);
      firstFlushed = false;
      continue;
    }
    c.deviation = glslDeviation(program, cases[i], mesa.results[i], c.exact, c.ieee32);
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
  return report;
}

}  // namespace plumb::tgsi
