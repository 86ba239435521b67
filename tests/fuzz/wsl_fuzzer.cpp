// libFuzzer entry point for the WSL front end and machine (build preset `fuzz`, clang).
//   build/fuzz/tests/fuzz/wsl_fuzzer WORKDIR tests/fuzz/wsl-seeds
#include "fuzz/wsl_fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  plumb::fuzz::wslOneInput(data, size);
  return 0;
}
