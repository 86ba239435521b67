// `plumb tgsi run` as a library call: evaluates a parsed TGSI program over 4-wide registers
// (IN, OUT, TEMP, CONST, IMM, ADDR, LOOP), one instruction after another, every choice point
// explored (docs/tgsi.md). A FRAG program with per-pixel inputs or a derivative opcode (DDX,
// DDY) runs as a 2x2 quad of fragments stepped in lockstep (docs/tgsi.md, "The quad").
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/tgsi/word.h"
#include "semantics/tgsi/program.h"

namespace plumb::tgsi {

enum class Numerics { Exact, Ieee32, Ieee32Ftz };
/// "exact", "ieee32", "ieee32-ftz": the --numerics names.
const char* numericsName(Numerics n);

/// The values of IN and CONST registers: (file, index) -> four words.
using RegisterValues = std::map<std::pair<File, uint32_t>, Register>;

/// What one fragment (or vertex) ends with: discarded, or every declared OUT register.
struct Fragment {
  bool discarded = false;
  std::map<uint32_t, Register> outputs;
  auto operator<=>(const Fragment&) const = default;
};

/// One final state. `discarded` and `outputs` are the (first) fragment's; a quad run also
/// lists its four fragments in `quad` (pixel p at (p % 2, p / 2) of the quad), the first of
/// which repeats `discarded` and `outputs`.
struct Outcome {
  /// Why the run stopped before END, or "" (docs/tgsi.md, "Control flow"): "step limit",
  /// "stack limit", "unknown return address".
  std::string stopped;
  bool discarded = false;
  std::map<uint32_t, Register> outputs;
  std::vector<Fragment> quad;  // empty unless the run was a quad
  auto operator<=>(const Outcome&) const = default;
};

struct RunResult {
  std::vector<Outcome> outcomes;    // distinct, sorted
  std::vector<std::string> errors;  // e.g. an input not given, too many paths
};

struct RunOptions {
  Numerics numerics = Numerics::Exact;
  size_t maxPaths = 4096;    // choice-point paths explored at most
  size_t maxSteps = 100000;  // instructions per path (BRA and CAL can loop)
  size_t maxStack = 1024;    // entries of the CAL/PUSHA stack
};

/// The inputs of a run: the IN and CONST values, and for a quad the IN values of each of its
/// four pixels (`quad`, empty or four entries; a pixel's registers override `values`).
struct RunInputs {
  RegisterValues values;
  std::vector<RegisterValues> quad;
};

/// Whether `program` runs as a 2x2 quad with these inputs: a FRAG program given per-pixel
/// inputs or using DDX or DDY.
bool runsAsQuad(const Program& program, const RunInputs& inputs);

RunResult run(const Program& program, const RunInputs& inputs, const RunOptions& options);
/// One fragment's inputs (a quad of four equal pixels if the program has DDX or DDY).
RunResult run(const Program& program, const RegisterValues& inputs, const RunOptions& options);

/// Reads `plumb-tgsi-inputs` versions 1 and 2 (docs/formats.md; 2 adds `quad`). On error
/// returns false with `error`.
bool readInputs(const nlohmann::json& j, RunInputs& inputs, std::string& error);
/// Parses one component as the inputs format writes it: a JSON number that is a binary32 value,
/// or a string ("nan", "-inf", "-0", "0.1", "0x3f800000", "i32:-5", "u32:7").
bool parseComponent(const nlohmann::json& j, Word& word, std::string& error);

/// `plumb-tgsi-run` version 1 (docs/formats.md), and the text form.
nlohmann::json toJson(const RunResult& r, Numerics numerics);
std::string toText(const RunResult& r);
/// A word as the outputs print it: "1.5", "-0", "inf", "nan", "any", "unwritten".
std::string wordText(const Word& w);
/// A word as its bits: "0x3fc00000", or "nan", "any", "unwritten" for the sets.
std::string wordBits(const Word& w);

}  // namespace plumb::tgsi
