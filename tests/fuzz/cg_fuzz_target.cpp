// The Cg fuzz target body (see cg_fuzz_target.h).
#include "fuzz/cg_fuzz_target.h"

#include <string>

#include "checker/cg/checker.h"
#include "semantics/cg/parser.h"
#include "semantics/cg/printer.h"

namespace plumb::fuzz {

void cgOneInput(const uint8_t* data, size_t size) {
  SourceFile file("fuzz.cg", std::string(reinterpret_cast<const char*>(data), size));
  const std::pair<const char*, const char*> runs[] = {
      {"generic", ""}, {"arbvp1", "main"}, {"fp40", "main"}, {"ps_3_0", "main"}};
  for (auto [profile, entry] : runs) {
    DiagnosticList diagnostics;
    std::optional<cg::Program> program = cg::parseProgram(file, diagnostics);
    if (program) {
      (void)cg::programText(*program);
      (void)cg::checkProgram(*program, file, diagnostics, cg::CheckOptions{profile, entry});
    }
    for (const Diagnostic& d : diagnostics.all()) (void)renderText(d);
    if (!program) return;
  }
}

}  // namespace plumb::fuzz
