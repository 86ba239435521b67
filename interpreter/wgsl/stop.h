// How an execution ends when it does not finish: a typed stop, after the WebAssembly reference
// interpreter's Trap / Crash / Exhaustion. A stop says whose fault it is, which is what the
// oracle needs (docs/oracle.md): a dynamic error is the program's (the spec says what follows:
// WebGPU's consequences), an unsupported feature and a resource limit are gaps in Plumb's answer
// (the outcome set is not known there), an internal error is a bug in Plumb.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace plumb::interp {

struct Stop {
  enum class Kind : uint8_t {
    DynamicError,  // #dynamic-error: the program's error during execution; `rule` its anchor
    Unsupported,   // a feature Plumb cannot execute; `feature` names it
    Limit,         // a resource bound of Plumb's; `bound` and `value` say which
    Internal,      // a bug in Plumb (an inconsistency the checker should have excluded)
  };
  Kind kind = Kind::Internal;
  std::string rule;     // DynamicError: the seed's anchor; Unsupported: the feature's section
  std::string feature;  // Unsupported: `textureSampleLevel`, `operator * on mat2x3<f32>`, ...
  std::string bound;    // Limit: "steps", "scalars" (see kindName / docs/formats.md)
  uint64_t value = 0;   // Limit: the bound's value
  std::string message;  // for people

  static Stop dynamicError(std::string anchor, std::string message) {
    return Stop{Kind::DynamicError, std::move(anchor), {}, {}, 0, std::move(message)};
  }
  static Stop unsupported(std::string feature, std::string anchor, std::string message) {
    return Stop{Kind::Unsupported, std::move(anchor), std::move(feature), {}, 0,
                std::move(message)};
  }
  static Stop limit(std::string bound, uint64_t value, std::string message) {
    return Stop{Kind::Limit, {}, {}, std::move(bound), value, std::move(message)};
  }
  /// The message says that this is Plumb's bug and asks for a report.
  static Stop internal(std::string_view what) {
    return Stop{Kind::Internal,
                {},
                {},
                {},
                0,
                std::string(what) + " (a bug in Plumb: please report it with the shader)"};
  }
};

/// The outcome kind of a stop in reports (docs/formats.md `plumb-run` version 2): "dynamic
/// error", "unsupported", "limit", "internal error".
inline const char* stopKindName(Stop::Kind k) {
  switch (k) {
    case Stop::Kind::DynamicError:
      return "dynamic error";
    case Stop::Kind::Unsupported:
      return "unsupported";
    case Stop::Kind::Limit:
      return "limit";
    case Stop::Kind::Internal:
      return "internal error";
  }
  return "internal error";
}

/// What --trace prints for a step (or a scheduler decision) that stops the execution, where it
/// prints a rule's name: the stop is not a rule of the machine (rules.h).
inline const char* stopTraceName(Stop::Kind k) {
  switch (k) {
    case Stop::Kind::DynamicError:
      return "stop:dynamic-error";
    case Stop::Kind::Unsupported:
      return "stop:unsupported";
    case Stop::Kind::Limit:
      return "stop:limit";
    case Stop::Kind::Internal:
      return "stop:internal-error";
  }
  return "stop:internal-error";
}

/// The bounds of Plumb's machine a Limit stop names.
inline constexpr std::string_view kBoundSteps = "steps";      // --max-steps, per invocation
inline constexpr std::string_view kBoundScalars = "scalars";  // scalars per value (memory.h)
/// Bounds of an exploration rather than of one execution (plumb-run `executions.stop`).
inline constexpr std::string_view kBoundExecutions = "executions";   // --max-executions
inline constexpr std::string_view kBoundRaceRounds = "race-rounds";  // races.h: rounds (M14)
/// The partial-order reduction's clocks (partial_order_reduction.h), words per execution.
inline constexpr std::string_view kBoundReductionClocks = "reduction-clocks";

}  // namespace plumb::interp
