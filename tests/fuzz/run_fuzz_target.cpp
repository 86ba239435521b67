#include "fuzz/run_fuzz_target.h"

#include <cstdio>
#include <cstdlib>
#include <string>

#include "checker/wgsl/checker.h"
#include "interpreter/wgsl/run.h"
#include "semantics/wgsl/parser.h"

namespace plumb::fuzz {

void runOneInput(const uint8_t* data, size_t size) {
  SourceFile file("fuzz.wgsl", std::string(reinterpret_cast<const char*>(data), size));
  DiagnosticList parsed;
  auto module = parseModule(file, Revision::wgsl2022_06(), parsed);
  if (parsed.hasErrors()) return;
  DiagnosticList diagnostics;
  CheckOptions options;
  options.pipelineCreation = true;
  auto checked = check(*module, diagnostics, options);
  if (diagnostics.hasErrors()) return;
  for (const EntryPoint& e : checked->entryPoints) {
    if (e.stage != ShaderStage::Compute) continue;
    interp::RunRequest r;
    r.entry = std::string(module->name(checked->declarations[e.function].name));
    r.zeroMissingBindings = true;
    r.dispatch.maxSteps = 2000;
    r.dispatch.maxExecutions = 8;
    r.dispatch.maxInvocations = 256;
    r.dispatch.allSchedules = true;
    r.dispatch.dispatch = {2, 1, 1};
    interp::RunReport report = interp::runShader(file, r);
    if (!report.ran) continue;
    for (const auto& o : report.json["outcomes"]) {
      std::string kind = o["kind"];
      // The typed stops (interpreter/wgsl/stop.h); an internal error is a bug in Plumb: a finding.
      if (kind != "finished" && kind != "dynamic error" && kind != "unsupported" &&
          kind != "limit") {
        std::fprintf(stderr, "outcome kind %s: %s\n", kind.c_str(), o.value("message", "").c_str());
        std::abort();
      }
    }
    (void)report.json.dump();
  }
}

}  // namespace plumb::fuzz
