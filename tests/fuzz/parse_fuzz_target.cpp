#include "fuzz/parse_fuzz_target.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "semantics/diagnostic_json.h"
#include "semantics/wgsl/lexer.h"
#include "semantics/wgsl/parser.h"
#include "semantics/wgsl/printer.h"

namespace plumb::fuzz {

void parseOneInput(const uint8_t* data, size_t size) {
  SourceFile file("fuzz.wgsl", std::string(reinterpret_cast<const char*>(data), size));
  const Revision& revision = Revision::wgsl2022_06();
  {
    DiagnosticList diagnostics;
    tokenize(file, revision, diagnostics);
  }
  DiagnosticList diagnostics;
  auto module = parseModule(file, revision, diagnostics);
  for (const Diagnostic& d : diagnostics.all()) {
    (void)renderText(d);
    (void)toJson(d).dump();
  }
  if (diagnostics.hasErrors()) return;
  std::string printed = printModule(*module);
  SourceFile again("printed.wgsl", printed);
  DiagnosticList diagnostics2;
  auto module2 = parseModule(again, revision, diagnostics2);
  if (diagnostics2.hasErrors()) {
    std::fprintf(stderr, "round trip: the printed module does not parse:\n%s\n", printed.c_str());
    for (const Diagnostic& d : diagnostics2.all()) std::fputs(renderText(d).c_str(), stderr);
    std::abort();
  }
  if (dumpModule(*module) != dumpModule(*module2)) {
    std::fprintf(stderr, "round trip: trees differ\n%s\n%s\n", dumpModule(*module).c_str(),
                 dumpModule(*module2).c_str());
    std::abort();
  }
  if (printModule(*module2) != printed) {
    std::fprintf(stderr, "round trip: printing is not idempotent\n");
    std::abort();
  }
}

}  // namespace plumb::fuzz
