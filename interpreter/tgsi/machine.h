// `plumb tgsi run` as a library call: evaluates a parsed TGSI program over 4-wide registers
// (IN, OUT, TEMP, CONST, IMM, ADDR), one instruction after another (the seed's opcodes have no
// control flow Plumb evaluates yet), every choice point explored (docs/tgsi.md).
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

/// One final state: whether the fragment was discarded, and every declared OUT register.
struct Outcome {
  /// Why the run stopped before END, or "" (docs/tgsi.md, "Control flow"): "step limit",
  /// "stack limit", "unknown return address".
  std::string stopped;
  bool discarded = false;
  std::map<uint32_t, Register> outputs;
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

RunResult run(const Program& program, const RegisterValues& inputs, const RunOptions& options);

/// Reads `plumb-tgsi-inputs` version 1 (docs/formats.md). On error returns false with `error`.
bool readInputs(const nlohmann::json& j, RegisterValues& values, std::string& error);
/// Parses one component as the inputs format writes it: a JSON number that is a binary32 value,
/// or a string ("nan", "-inf", "-0", "0.1", "0x3f800000", "i32:-5", "u32:7").
bool parseComponent(const nlohmann::json& j, Word& word, std::string& error);

/// `plumb-tgsi-run` version 1 (docs/formats.md), and the text form.
nlohmann::json toJson(const RunResult& r, Numerics numerics);
std::string toText(const RunResult& r);
/// A word as the outputs print it: "1.5", "-0", "inf", "nan", "any", "unwritten".
std::string wordText(const Word& w);

}  // namespace plumb::tgsi
