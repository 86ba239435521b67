// libFuzzer entry point for the checker (build preset `fuzz`, clang):
//   build/fuzz/tests/fuzz/check_fuzzer WORKDIR tests/data/spec-examples corpus/examples \
//       tests/fuzz/regressions -dict=tests/fuzz/wgsl.dict   (see README.md, Fuzzing)
#include "fuzz/check_fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  plumb::fuzz::checkOneInput(data, size);
  return 0;
}
