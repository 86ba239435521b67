// Running one TGSI instruction in tests: inputs as binary32 bit patterns, outcomes as sets of
// OUT[0] registers written as text ("0x40400000", "nan", "any", "unwritten", "discarded").
#pragma once

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "interpreter/tgsi/machine.h"
#include "semantics/tgsi/parser.h"

namespace plumb::tgsi::testing {

using Out = std::array<std::string, 4>;
using Outs = std::set<Out>;

/// The bits of a binary32 value as the expectations write them.
inline std::string F(float f) {
  if (std::isnan(f)) return "nan";
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  char s[16];
  std::snprintf(s, sizeof s, "0x%08x", b);
  return s;
}
inline std::string H(uint32_t b) {
  char s[16];
  std::snprintf(s, sizeof s, "0x%08x", b);
  return s;
}
inline uint32_t B(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
inline Out splat(const std::string& s) {
  return {s, s, s, s};
}

/// A word as the expectations write it: the machine's own bit text ("0x40400000", "nan",
/// "any", "unwritten"; float results that are NaN are AnyNaN words).
inline std::string text(const Word& w) {
  return wordBits(w);
}

/// A final state as the expectations write it: one fragment's OUT[0], "discarded" or
/// "stopped: ..." in all four components.
inline Out outText(const Outcome& o, const Fragment& f) {
  if (!o.stopped.empty()) return splat("stopped: " + o.stopped);
  if (f.discarded) return splat("discarded");
  const Register& r = f.outputs.at(0);
  return {text(r[0]), text(r[1]), text(r[2]), text(r[3])};
}

/// Parses `source` and runs it on `inputs`; the outcome set as text (each outcome's first
/// fragment, or with `quad` the four fragments' OUT[0] one after another).
using QuadOuts = std::set<std::vector<Out>>;
inline QuadOuts runSource(const std::string& source, const RunInputs& inputs,
                          Numerics numerics = Numerics::Exact) {
  SourceFile file("golden.tgsi", source);
  DiagnosticList diagnostics;
  auto program = parseProgram(file, diagnostics);
  EXPECT_TRUE(program) << (diagnostics.all().empty() ? "" : diagnostics.all()[0].message);
  if (!program) return {};
  RunOptions options;
  options.numerics = numerics;
  RunResult result = plumb::tgsi::run(*program, inputs, options);
  EXPECT_TRUE(result.errors.empty()) << (result.errors.empty() ? "" : result.errors[0]);
  QuadOuts outs;
  for (const Outcome& o : result.outcomes) {
    std::vector<Out> fragments;
    if (o.quad.empty())
      fragments.push_back(outText(o, Fragment{o.discarded, o.outputs}));
    else
      for (const Fragment& f : o.quad) fragments.push_back(outText(o, f));
    outs.insert(fragments);
  }
  return outs;
}

/// Runs `FRAG / DCL IN[0..2] / DCL CONST[0..3] / DCL OUT[0] / DCL TEMP[0] / DCL ADDR[0] /
/// body / END` with IN[i] = ins[i] (bits) and CONST[i] = consts[i].
inline Outs run(const std::string& body, const std::vector<std::array<uint32_t, 4>>& ins,
                Numerics numerics = Numerics::Exact,
                const std::vector<std::array<uint32_t, 4>>& consts = {}) {
  std::string source =
      "FRAG\nDCL IN[0..2]\nDCL CONST[0..3]\nDCL OUT[0]\nDCL TEMP[0]\nDCL ADDR[0]\n" + body +
      "\nEND\n";
  RunInputs values;
  for (uint32_t i = 0; i < 3; ++i) {
    Register r;
    for (int c = 0; c < 4; ++c) r[c] = Word::of(i < ins.size() ? ins[i][c] : 0);
    values.values[{File::Input, i}] = r;
  }
  for (uint32_t i = 0; i < 4; ++i) {
    Register r;
    for (int c = 0; c < 4; ++c) r[c] = Word::of(i < consts.size() ? consts[i][c] : 0);
    values.values[{File::Constant, i}] = r;
  }
  Outs outs;
  for (const std::vector<Out>& o : runSource(source, values, numerics)) outs.insert(o[0]);
  return outs;
}

/// Both numeric modes give `expected`.
inline void expectBoth(const std::string& body, const std::vector<std::array<uint32_t, 4>>& ins,
                       const Outs& expected) {
  EXPECT_EQ(run(body, ins, Numerics::Exact), expected) << body << " (exact)";
  EXPECT_EQ(run(body, ins, Numerics::Ieee32), expected) << body << " (ieee32)";
}

}  // namespace plumb::tgsi::testing
