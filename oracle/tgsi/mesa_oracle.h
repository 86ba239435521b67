// `plumb tgsi oracle` as a library call (issue 18 item 6, docs/tgsi.md "The Mesa oracle"): a
// TGSI program of the GL_NV/ARB subset is translated to ARB assembly, run in Mesa (llvmpipe) on
// edge inputs, and every component Mesa wrote is compared with the evaluator's outcome sets
// (--numerics exact and ieee32). A case is classified as
//   agree     Mesa's words lie in one outcome of Plumb's exact or ieee32 set;
//   flushed   they do once subnormal inputs are read as zeros of the same sign or a subnormal
//             result is written as a zero (Mesa's flush-to-zero: TGSI-18);
//   accuracy  the program has an opcode without an exact definition in Mesa (EX2, LG2, POW,
//             SIN, COS, EXP, LOG, LIT, RCP, RSQ: the ARB specs' approximations, TGSI-10) and the
//             words are within max-ulps of Plumb's correctly rounded ones;
//   deviation a known departure of Mesa from the seed's formula, named (docs/tgsi.md, "Mesa's
//             deviations"): every component outside Plumb's sets fits the deviation's pattern;
//   disagree  anything else: listed with the inputs, Mesa's words and Plumb's sets.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/tgsi/machine.h"
#include "oracle/tgsi/arb_runner_process.h"
#include "oracle/tgsi/arb_translation.h"
#include "semantics/tgsi/program.h"

namespace plumb::tgsi {

enum class Verdict { Agree, Flushed, Accuracy, Deviation, Disagree };
const char* verdictName(Verdict v);

struct OracleOptions {
  std::string runner;
  std::string glslRunner;  // the GLSL oracle's (oracle/tgsi/glsl_oracle.h)
  size_t random = 256;     // random edge-value cases after the pairwise grid
  uint64_t seed = 1;       // of the random cases
  uint64_t maxUlps = 64;   // the accuracy class's bound (distance in binary32 steps)
};

struct OracleCase {
  size_t index = 0;
  Verdict verdict = Verdict::Agree;
  uint64_t ulps = 0;      // accuracy: the largest distance from the nearest outcome
  std::string deviation;  // deviation: its name ("mesa-min-max-nan", ...)
  RegisterValues inputs;
  MesaResult mesa;
  /// A quad case of the GLSL oracle: the four pixels' IN registers and what Mesa wrote in
  /// each ((0,0), (1,0), (0,1), (1,1)); `mesa` repeats the first. Empty otherwise.
  std::vector<RegisterValues> quadInputs;
  std::vector<MesaResult> quadMesa;
  RunResult exact;
  RunResult ieee32;
};

struct ProgramReport {
  std::string name;  // the opcode (generated programs) or the file name
  bool vertex = false;
  bool glsl = false;              // run by the GLSL oracle (stage "glsl")
  std::string arb;                // the translated program (ARB assembly or GLSL)
  std::vector<uint32_t> outputs;  // the OUT registers Mesa's words are, in order
  size_t cases = 0, agree = 0, flushed = 0, accuracy = 0, deviation = 0, disagree = 0;
  std::map<std::string, size_t> deviations;  // cases per named deviation
  uint64_t maxUlps = 0;                      // the largest distance among the accuracy cases
  std::vector<OracleCase> disagreements;     // every disagreeing case
  std::vector<OracleCase> examples;          // the first flushed and the worst accuracy case
  std::string error;                         // the runner failed: nothing was compared
};

/// The program the oracle runs for one opcode: `FRAG` (or `VERT`), `DCL IN[0..n-1]`,
/// `DCL OUT[0]`, the instruction on IN[0], IN[1], ... (KIL and KILP after `MOV OUT[0], IN[0]`).
/// `saturate` adds `_SAT`. Returns the program's text.
std::string opcodeProgramText(const std::string& opcode, bool vertex, bool saturate);

/// The opcodes `--opcodes all` runs, each with the kinds of program that have it.
struct OracleOpcode {
  std::string opcode;
  bool vertex;
  bool saturate;
};
std::vector<OracleOpcode> allOracleOpcodes();

/// Runs and compares one translated program; `renderer` receives Mesa's GL_RENDERER.
ProgramReport compareWithMesa(const std::string& name, const Program& program,
                              const ArbProgram& arb, const OracleOptions& options,
                              std::string& renderer);

/// `plumb-tgsi-oracle` version 1 (docs/formats.md), and the text summary.
nlohmann::json reportJson(const std::vector<ProgramReport>& reports, const std::string& renderer,
                          const OracleOptions& options);
std::string reportText(const std::vector<ProgramReport>& reports, const std::string& renderer,
                       size_t listed);

}  // namespace plumb::tgsi
