// The WGSL front end of the memory model explorer, part 3: `plumb explore` as a library call.
// Runs a compute dispatch with the TraceRecorder (wgsl_trace.h) until the value domains are
// closed, maps every distinct trace onto spirv.als (wgsl_mapping.h), enumerates its consistent
// executions with the explorer (explorer.h) and collects the final states of the read_write
// storage buffers, each with a witness execution, and the data races (docs/memmodel.md
// "WGSL programs").
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/wgsl/stop.h"
#include "semantics/diagnostic.h"
#include "semantics/wgsl/revision.h"
#include "semantics/source.h"

namespace plumb::memmodel::wgsl {

struct ExploreRequest {
  std::string entry;  // empty: the only compute entry point
  std::array<uint32_t, 3> dispatch{1, 1, 1};
  nlohmann::json bindings;  // plumb-bindings document; null: none (zeroed)
  bool zeroMissingBindings = true;
  bool allowUnusedBindings = false;  // a binding without a variable: a warning, not an error
  /// Bounds each of: dispatch executions per round, candidate executions per trace, and the
  /// candidate executions of all traces together.
  uint64_t maxExecutions = 100'000;
  uint32_t maxRounds = 8;       // value-domain rounds
  uint64_t maxSteps = 100'000;  // per invocation, per dispatch execution
  uint64_t maxInvocations = 64;
  bool witnessDot = false;  // keep each state's witness as Graphviz DOT (`--dot DIR`)
  /// The WGSL revision the module is parsed, checked and run under; null: the seed, 2022-06.
  const Revision* revision = nullptr;
  /// Called now and then with a short status line (the CLI draws a progress line on a TTY).
  std::function<void(const std::string&)> progress;
};

/// The version of the `plumb-explore` report (docs/formats.md): 2 since a state that did not
/// finish carries a typed stop (`stop`, interpreter/wgsl/stop.h); 3 since the bounds that made an
/// exploration incomplete are typed Limit stops too (`stops`).
inline constexpr int kExploreReportVersion = 3;

/// One final state the memory model allows.
struct FinalState {
  std::string kind = "finished";  // or the stop's kind (interpreter/wgsl/stop.h stopKindName)
  std::string message;
  std::optional<interp::Stop> stop;  // why it did not finish (docs/formats.md plumb-explore v2)
  /// Each read_write storage location some invocation accesses: name and final value.
  std::vector<std::pair<std::string, std::string>> values;
  bool racy = false;                 // some execution reaching it has a data race (spirv.als `dr`)
  uint64_t executions = 0;           // consistent executions reaching it
  std::vector<std::string> witness;  // one execution: events per invocation with rf sources
  std::string witnessDot;            // the same execution as DOT (ExploreRequest::witnessDot)
  /// The words of every storage buffer in this state (plumb-run "buffers": group, binding,
  /// name, words), the buffer's initial words where no invocation wrote.
  nlohmann::json buffers = nlohmann::json::array();
};

struct ExploreResult {
  bool ran = false;
  DiagnosticList diagnostics;
  std::vector<std::string> errors;  // why it did not run, or was refused
  std::vector<std::string> warnings;  // bindings ignored by allowUnusedBindings
  std::vector<FinalState> states;
  std::vector<std::string> races;   // distinct racing pairs (event texts)
  bool complete = true;             // no bound hit
  std::vector<std::string> limits;  // which bounds were hit
  std::vector<interp::Stop> stops;  // the same as typed Limit stops (interpreter/wgsl/stop.h)
  uint64_t rounds = 0, dispatchExecutions = 0, traces = 0;
  uint64_t candidates = 0, consistent = 0, pruned = 0;
  uint64_t justificationCandidates = 0;  // explored to justify read values (wgsl_explore.cpp)
  nlohmann::json json;
};

ExploreResult exploreShader(const SourceFile& file, const ExploreRequest& request);
void printExploreReport(const ExploreResult& r, std::ostream& out);

/// The final states as a `plumb-run` report (docs/formats.md): one outcome per state, with its
/// buffers' words, `executions.schedules` "memory-model". The oracle compares device outputs
/// of explore cases with it: every state the memory model allows, not one interleaving's.
nlohmann::json asRunReport(const ExploreResult& r);

/// The final state as one line: `out[0]=1u out[1]=0u` (names in location order).
std::string stateLine(const FinalState& s);

}  // namespace plumb::memmodel::wgsl
