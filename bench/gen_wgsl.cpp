// plumb_gen_workload SIZE OUTPUT [SEED]: writes a generated WGSL module (bench/workload.h) to
// OUTPUT ('-' for standard output), so that the CLI can be measured as a whole process:
//   /usr/bin/time -v plumb parse OUTPUT
// SIZE is in bytes, with an optional k/M suffix (decimal: 1.5M = 1,500,000 bytes). The module
// is parsed once before it is written; the tool fails rather than write an invalid workload.
//
// plumb_gen_workload --checkable FUNCTIONS OUTPUT [SEED]: a module of FUNCTIONS functions
// that passes the static rules (bench/checkable_workload.h), checked before it is written.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/checkable_workload.h"
#include "bench/workload.h"
#include "checker/wgsl/checker.h"
#include "semantics/wgsl/parser.h"

namespace {

bool parseSize(const char* text, size_t& size) {
  char* end = nullptr;
  double value = std::strtod(text, &end);
  if (end == text || value <= 0) return false;
  std::string suffix(end);
  if (suffix == "k" || suffix == "K")
    value *= 1e3;
  else if (suffix == "m" || suffix == "M")
    value *= 1e6;
  else if (!suffix.empty())
    return false;
  if (value > 2e9) return false;  // spans are 32-bit
  size = static_cast<size_t>(value);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool checkable = argc > 1 && std::string(argv[1]) == "--checkable";
  if (checkable) {
    ++argv;
    --argc;
  }
  size_t size = 0;
  if (argc < 3 || argc > 4 || !parseSize(argv[1], size)) {
    std::fprintf(stderr,
                 "usage: plumb_gen_workload SIZE OUTPUT [SEED]\n"
                 "       plumb_gen_workload --checkable FUNCTIONS OUTPUT [SEED]\n"
                 "  SIZE   bytes, optionally with k or M (decimal), e.g. 1.5M\n"
                 "  FUNCTIONS the number of functions of a module that passes the static rules\n"
                 "  OUTPUT file to write, or '-' for standard output\n"
                 "  SEED   unsigned integer (default 1)\n");
    return 2;
  }
  uint64_t seed = argc == 4 ? std::strtoull(argv[3], nullptr, 10) : 1;
  std::string text = checkable ? plumb::bench::generateCheckableModule(size, seed)
                               : plumb::bench::generateWorkload(size, seed);

  plumb::SourceFile file("<generated>", text);
  plumb::DiagnosticList diagnostics;
  auto module = plumb::parseModule(file, plumb::Revision::wgsl2022_06(), diagnostics);
  if (checkable && !diagnostics.hasErrors()) plumb::check(*module, diagnostics);
  if (diagnostics.hasErrors()) {
    for (const plumb::Diagnostic& d : diagnostics.all()) std::fputs(renderText(d).c_str(), stderr);
    std::fprintf(stderr, "plumb_gen_workload: the generated module is not valid (a bug)\n");
    return 1;
  }

  std::FILE* out = std::string(argv[2]) == "-" ? stdout : std::fopen(argv[2], "wb");
  if (!out) {
    std::perror(argv[2]);
    return 2;
  }
  bool ok = std::fwrite(text.data(), 1, text.size(), out) == text.size();
  if (out != stdout) ok = std::fclose(out) == 0 && ok;
  if (!ok) {
    std::fprintf(stderr, "plumb_gen_workload: cannot write '%s'\n", argv[2]);
    return 2;
  }
  std::fprintf(stderr, "%zu bytes, seed %llu, %s with 0 diagnostics\n", text.size(),
               static_cast<unsigned long long>(seed), checkable ? "checks" : "parses");
  return 0;
}
