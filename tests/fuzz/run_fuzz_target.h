// The body of the interpreter fuzz target, shared by the libFuzzer build and the replay test.
#pragma once

#include <cstddef>
#include <cstdint>

namespace plumb::fuzz {

/// Parses and checks `data`; when it is a valid module, runs each compute entry point on
/// Plumb's machine with small bounds (zero-filled buffers, 2,000 steps per invocation, 8
/// executions, at most 256 invocations) and every schedule. Aborts if an outcome is not one of
/// the documented kinds or a report is malformed.
void runOneInput(const uint8_t* data, size_t size);

}  // namespace plumb::fuzz
