// The body of the parser fuzz target, shared by the libFuzzer build and the regression test
// that replays the corpus and every crash ever found.
#pragma once

#include <cstddef>
#include <cstdint>

namespace plumb::fuzz {

/// Lexes and parses `data`, renders every diagnostic, and when it parses checks the
/// round-trip property parse(print(parse(x))) == parse(x). Aborts on a violation.
void parseOneInput(const uint8_t* data, size_t size);

}  // namespace plumb::fuzz
