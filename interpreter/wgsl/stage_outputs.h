// What one invocation of a vertex or fragment stage output in one outcome (interpreter/wgsl/stage.h,
// docs/formats.md `plumb-run` version 4): its user-defined outputs by location and its built-in
// outputs by name, each as the words of its value (32-bit words as buffers report them).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/wgsl/host_buffer.h"

namespace plumb::interp {

struct InvocationOutputs {
  nlohmann::json id;  // {"vertex", "instance"} or {"x", "y"}
  /// The fragment was thrown away (#discard-statement): it has no outputs.
  bool discarded = false;
  std::map<uint32_t, std::vector<WordValue>> locations;
  std::map<std::string, std::vector<WordValue>> builtins;
  bool operator==(const InvocationOutputs&) const = default;
};

/// A quad whose invocations were not all at the same derivative call (#derivatives: the call
/// is in non-uniform control flow): the waiting ones got an indeterminate value
/// (docs/ambiguities.md D1).
struct DivergentQuad {
  std::array<int64_t, 2> origin{};  // the quad's upper-left pixel
  std::string call;                 // the derivative call's position, `12:7`
  std::string function;             // `dpdx`, ...
  std::vector<uint32_t> waiting;    // quad invocation IDs at the call
  std::vector<uint32_t> elsewhere;  // the others: finished, discarded, or at another call
  bool operator==(const DivergentQuad&) const = default;
};

nlohmann::json invocationOutputsJson(const InvocationOutputs& o);
nlohmann::json divergentQuadJson(const DivergentQuad& d);

}  // namespace plumb::interp
