// The body of the WSL front-end fuzz target (issue 20), shared by the libFuzzer build and the
// robustness test that replays the RI's programs and hand-made hostile inputs through it.
#pragma once

#include <cstddef>
#include <cstdint>

namespace plumb::fuzz {

/// Lexes, parses, desugars, prints and checks `data` as WSL, then runs every valid function
/// without parameters under small limits. Anything but a crash or a hang is fine.
void wslOneInput(const uint8_t* data, size_t size);

}  // namespace plumb::fuzz
