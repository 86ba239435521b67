// The WSL fuzz target body (see wsl_fuzz_target.h).
#include "fuzz/wsl_fuzz_target.h"

#include <memory>
#include <string>

#include "checker/wsl/checked_program.h"
#include "interpreter/wsl/machine.h"
#include "semantics/wsl/desugar.h"
#include "semantics/wsl/parser.h"
#include "semantics/wsl/printer.h"

namespace plumb::fuzz {

void wslOneInput(const uint8_t* data, size_t size) {
  auto file = std::make_shared<SourceFile>("fuzz.wsl",
                                           std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticList diagnostics;
  std::optional<wsl::Program> program = wsl::parseProgram(*file, diagnostics);
  for (const Diagnostic& d : diagnostics.all()) (void)renderText(d);
  if (!program) return;
  std::vector<wsl::DesugarStep> steps;
  (void)wsl::programText(wsl::desugarProgram(*program, {}, steps));
  auto checked = wsl::checkProgram(file, *program, diagnostics);
  for (const Diagnostic& d : diagnostics.all()) (void)renderText(d);
  if (!checked) return;
  for (const wsl::Function& f : checked->functions) {
    if (f.origin != wsl::Function::Origin::User || !f.parameters.empty()) continue;
    wsl::RunOptions options;
    options.entry = f.name;
    options.maxSteps = 20000;
    options.maxExecutions = 16;
    (void)wsl::runFunction(*checked, options);
  }
}

}  // namespace plumb::fuzz
