// libFuzzer entry point for the Cg front end (build preset `fuzz`, clang).
//   build/fuzz/tests/fuzz/cg_fuzzer WORKDIR tests/fuzz/cg-seeds
#include "fuzz/cg_fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  plumb::fuzz::cgOneInput(data, size);
  return 0;
}
