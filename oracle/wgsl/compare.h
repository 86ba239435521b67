// Comparing a backend's result with Plumb's: the static verdict (accept, or reject with a
// rule) and the outcome set of a `plumb-run` report (docs/formats.md). A device output is
// conformant when every word lies in the allowed set of SOME single outcome (design.md), not
// word by word across different outcomes.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "oracle/wgsl/oracle_case.h"

namespace plumb::oracle {

/// One buffer a device wrote, as a runner reports it.
struct DeviceBuffer {
  uint32_t group = 0;
  uint32_t binding = 0;
  std::vector<uint32_t> words;
};

/// Does `word` lie in the allowed set a `plumb-run` WORD describes ({"exact"}, {"set"},
/// {"interval", "type": "f32"}, {"any"}, {"f16": [HALF, HALF]})? `error` is set (and false
/// returned) when the form is malformed.
bool wordAllowed(const nlohmann::json& allowed, uint32_t word, std::string& error);

/// A word of a device buffer outside the allowed set of the closest outcome.
struct WordDiff {
  uint32_t group = 0, binding = 0, index = 0;
  uint32_t device = 0;
  nlohmann::json allowed;  // the WORD form of that outcome
  /// A draw's output word (oracle/wgsl/draw_compare.h): its pixel or vertex and output, for people.
  std::string where{};
};

struct OutcomeMatch {
  /// PlumbBug: Plumb's set has an outcome that stopped with an internal error (a bug in Plumb,
  /// interpreter/wgsl/stop.h); nothing is concluded about the device.
  enum class Status { Conformant, Outside, Inconclusive, NotAvailable, PlumbBug };
  Status status = Status::NotAvailable;
  int outcome = -1;             // Conformant: the index of an outcome the output lies in;
                                // Outside: the closest outcome (fewest words outside)
  std::vector<WordDiff> diffs;  // Outside: the words outside that outcome (at most 64)
  size_t diffCount = 0;         // all of them
  std::string note;             // why NotAvailable or Inconclusive; details otherwise
  /// The kind of the stop (docs/formats.md `plumb-run` version 2) that decided the status:
  /// "dynamic error" (Conformant: the spec leaves the output to WebGPU), "unsupported" or
  /// "limit" (Inconclusive), "internal error" (PlumbBug); empty when no stop did.
  std::string stop;
};
const char* outcomeStatusName(
    OutcomeMatch::Status s);  // conformant, outside, inconclusive, not-available, plumb-bug

/// Compares a device's buffers with the outcomes of a `plumb-run` report (versions 1 to 4;
/// another version is NotAvailable, saying so). Only the buffers the outcomes list are
/// compared. An outcome that did not finish is read by its typed stop (docs/oracle.md): an
/// internal error makes the result PlumbBug; when the output lies in no finished outcome, a
/// dynamic error makes it Conformant (#dynamic-error: what follows is WebGPU's, any output),
/// an unsupported feature or a limit Inconclusive, naming the feature or the bound (as does a
/// version-1 `dynamic error`, which may be any of them). When the report says exploration was
/// incomplete (`complete` false), or covered one order of the program's atomic operations
/// (`schedules` "one"), an Outside becomes Inconclusive too (the missing outcomes might hold
/// the device's output).
OutcomeMatch compareWithOutcomes(const nlohmann::json& plumbRun,
                                 const std::vector<DeviceBuffer>& device);

/// The interpreter hook: Plumb's outcome set for a case, as a `plumb-run` report, or nullopt
/// with the reason it is not available. The default (defaultOutcomeProvider) uses the case's
/// own "expect" and otherwise says the interpreter is not wired yet; the CLI replaces it
/// with one that runs the interpreter (issue 5) once that exists.
using OutcomeProvider =
    std::function<std::optional<nlohmann::json>(const OracleCase& c, std::string& whyNot)>;
OutcomeProvider defaultOutcomeProvider();
/// The interpreter's outcome sets (oracle/wgsl/interpreter_outcomes.cpp): each case runs on
/// `plumb run`'s machine with the runners' words; a case the interpreter cannot run falls back
/// to the case's own "expect".
OutcomeProvider interpreterOutcomeProvider();

/// How one backend's result relates to Plumb's on one case.
enum class Classification {
  Agree,           // same verdict, and the output is in the allowed set (or not compared)
  AcceptsInvalid,  // Plumb rejects the program, the backend created the pipeline (or, for a
                   // verdict-only case, the shader module or every pipeline)
  RejectsValid,    // Plumb accepts it, the backend reports a shader or pipeline error
  OutputOutside,   // the output lies in no outcome of Plumb's set
  Crash,           // the runner died (or the device was lost) on this case
  Timeout,         // the runner did not answer within --timeout
  Error,           // the runner could not run the case (a runtime validation error, a bad case)
  Skipped,         // the case could not be prepared, or the backend is unavailable
  PlumbBug,        // Plumb's outcome set has an internal error: Plumb's bug, not the backend's
  RevisionDelta,   // a disagreement under the case's revision that agrees with Plumb under the
                   // other revision (issue 15): the backend follows that revision's text
};
const char* classificationName(Classification c);  // agree, accepts-invalid, ...
/// Everything except Agree, Skipped, PlumbBug and RevisionDelta (explained by a revision).
bool isDisagreement(Classification c);

/// One backend's raw result on one case (the runner's JSON line) with Plumb's reading of it.
struct BackendCaseResult {
  std::string status;  // the runner's status, or crash / timeout / unavailable / not-run
  nlohmann::json raw;  // the runner's result line (or an object with "error")
  std::vector<DeviceBuffer> buffers;
  OutcomeMatch outcome;
  Classification classification = Classification::Skipped;
  std::string detail;  // one line for people: why this classification
  /// RevisionDelta: {revision (the one Plumb agrees under), classification (under the case's
  /// revision), detail (under the other), entry (the delta document's entry)}; null otherwise.
  nlohmann::json revisionDelta;
};

/// Classifies a backend's result against Plumb's verdict and, when `outcomes` is given and
/// the backend executed the program, against the outcome set.
void classify(const OracleCase& c, const std::optional<nlohmann::json>& outcomes,
              const std::string& outcomesWhyNot, BackendCaseResult& r);

}  // namespace plumb::oracle
