// libFuzzer entry point for the lexer, parser and printer (build preset `fuzz`, clang).
//   build/fuzz/tests/fuzz/parse_fuzzer WORKDIR tests/data/spec-examples corpus/examples \
//       tests/fuzz/regressions -dict=tests/fuzz/wgsl.dict   (see README.md, Fuzzing)
#include "fuzz/parse_fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  plumb::fuzz::parseOneInput(data, size);
  return 0;
}
