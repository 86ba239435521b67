// WSL programs on the memory model explorer (issue 20 item 4; seed "Memory model", "Barriers
// and discard", "Fences and atomic operations"): several invocations of one WSL function over
// shared device (and threadgroup) memory, each run by the WSL machine (interpreter/wsl) on its
// own thread-space memory, their memory events mapped onto spirv.als as WGSL's are
// (wgsl_mapping.h; the seed's model is unfinished, docs/ambiguities.md WSL W38), and the final
// states of the shared memory that some consistent execution reaches.
//
// As `plumb explore` does for WGSL (docs/memmodel.md "WGSL programs"), a read of shared memory
// returns each value of its location's domain (the initial value, then every value some
// consistent execution writes), a choice point of the invocation's exploration; every
// combination of one event trace per invocation is a Program whose reads may only read from
// writes of the value they returned, and the explorer keeps the consistent executions; the
// domains grow by rounds until no consistent execution writes a new value. (Values only an
// out-of-thin-air cycle of relaxed atomics could justify are not found: the rounds start from
// the initial values.) A barrier (`AllMemoryBarrierWithGroupSync`, ..) is a control barrier of the
// invocations' threadgroup: when the invocations of one combination do not reach the same
// barriers in the same order (a barrier in non-uniform control flow), that combination ends in
// a stuck state, as the seed's global rule (all threads at the same barrier) can never fire.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wsl/checked_program.h"

namespace plumb::memmodel::wsl {

struct WslExploreRequest {
  std::string entry;
  uint32_t invocations = 2;
  /// The length of the buffer behind each `device T[]` / `threadgroup T[]` parameter.
  uint32_t bufferLength = 4;
  uint64_t maxSteps = 100'000;       // per invocation execution
  uint64_t maxExecutions = 100'000;  // invocation executions, combinations, candidates
  uint32_t maxRounds = 8;            // value-domain rounds
};

/// One final state the memory model allows.
struct WslFinalState {
  std::string status = "returned";                          // or "stuck", "discarded", "step-limit"
  std::string message;                                      // stuck: why
  std::vector<std::pair<std::string, std::string>> values;  // `buf[1]`, `2`
  bool racy = false;
  uint64_t executions = 0;  // consistent executions reaching it
  std::vector<std::string> witness;
};

struct WslExploreResult {
  std::string error;  // nothing was run
  std::vector<WslFinalState> states;
  bool complete = true;
  std::vector<std::string> limits;
  uint64_t rounds = 0, traces = 0, combinations = 0, candidates = 0, consistent = 0;
};

WslExploreResult exploreWsl(const plumb::wsl::CheckedProgram& p, const WslExploreRequest& request);
std::string wslExploreText(const WslExploreResult& r);
nlohmann::json wslExploreJson(const WslExploreResult& r);

}  // namespace plumb::memmodel::wsl
