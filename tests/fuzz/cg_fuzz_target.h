// The body of the Cg front-end fuzz target (issue 21), shared by the libFuzzer build
// (cg_fuzzer.cpp) and tests/semantics/cg/robustness_test.cpp, which replays the seed corpus
// (tests/fuzz/cg-seeds) and hostile inputs through it in every build.
#pragma once

#include <cstddef>
#include <cstdint>

namespace plumb::fuzz {

/// Lexes, parses, prints and checks `data` as Cg (no preprocessing: the fuzzer would only test
/// cpp), under the generic profile and, with the entry `main`, under arbvp1 and fp40. Anything
/// but a crash or a hang is fine.
void cgOneInput(const uint8_t* data, size_t size);

}  // namespace plumb::fuzz
