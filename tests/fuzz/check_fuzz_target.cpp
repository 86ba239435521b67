#include "fuzz/check_fuzz_target.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "checker/wgsl/checker.h"
#include "semantics/diagnostic_json.h"
#include "semantics/wgsl/parser.h"

namespace plumb::fuzz {

namespace {

void requireRules(const DiagnosticList& diagnostics) {
  for (const Diagnostic& d : diagnostics.all()) {
    (void)renderText(d);
    (void)toJson(d).dump();
    if (d.rule.empty()) {
      std::fprintf(stderr, "a diagnostic without a rule: %s\n", renderText(d).c_str());
      std::abort();
    }
  }
}

}  // namespace

void checkOneInput(const uint8_t* data, size_t size) {
  SourceFile file("fuzz.wgsl", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticList parsed;
  auto module = parseModule(file, Revision::wgsl2022_06(), parsed);
  if (parsed.hasErrors()) return;
  for (bool pipeline : {false, true}) {
    DiagnosticList diagnostics;
    CheckOptions options;
    options.pipelineCreation = pipeline;
    auto checked = check(*module, diagnostics, options);
    requireRules(diagnostics);
    if (diagnostics.hasErrors()) continue;
    // Every creation-time constant of a valid module has a value (#creation-time-consts).
    for (const ModuleDeclaration& d : checked->declarations) {
      if (d.kind == ModuleDeclaration::Const && !d.value) {
        std::fprintf(stderr, "const '%s' has no value in a valid module\n",
                     std::string(module->name(d.name)).c_str());
        std::abort();
      }
    }
    (void)checked->layouts;
    for (const ModuleDeclaration& d : checked->declarations)
      if (d.kind == ModuleDeclaration::Struct && d.type) checked->layouts.members(d.type);
  }
}

}  // namespace plumb::fuzz
