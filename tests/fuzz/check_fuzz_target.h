// The body of the checker fuzz target, shared by the libFuzzer build and the replay test.
#pragma once

#include <cstddef>
#include <cstdint>

namespace plumb::fuzz {

/// Parses `data` and, when it parses, checks it twice (at shader creation, and as at pipeline
/// creation), rendering every diagnostic. Aborts if a rejection has no rule, or if a valid
/// module leaves a `const` declaration without a value.
void checkOneInput(const uint8_t* data, size_t size);

}  // namespace plumb::fuzz
