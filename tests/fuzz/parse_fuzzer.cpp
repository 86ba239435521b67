// libFuzzer entry point for the lexer, parser and printer (build preset `fuzz`, clang).
//   build/fuzz/tests/fuzz/parse_fuzzer tests/fuzz/corpus -dict=tests/fuzz/wgsl.dict
#include "fuzz/parse_fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  plumb::fuzz::parseOneInput(data, size);
  return 0;
}
