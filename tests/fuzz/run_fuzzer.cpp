// libFuzzer entry point for the interpreter (build preset `fuzz`, clang):
//   build/fuzz/tests/fuzz/run_fuzzer WORKDIR tests/data/spec-examples corpus/examples \
//       tests/fuzz/regressions -dict=tests/fuzz/wgsl.dict
#include "fuzz/run_fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  plumb::fuzz::runOneInput(data, size);
  return 0;
}
