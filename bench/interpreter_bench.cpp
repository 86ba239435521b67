// interpreter_bench: the speed of the small-step machine (interpreter/).
//
//   steps/loop        one invocation running a loop-heavy integer kernel (a loop of 100,000
//                     iterations, each a handful of statements): small steps per second
//                     (target: >= 20 million/s on one core; README "Performance").
//   dispatch/64x64    a whole dispatch: 64 workgroups of 64 invocations, each running a
//                     100-statement straight-line kernel and storing its result.
//
// Parsing and checking happen once, outside the timed loop; each iteration runs the whole
// dispatch (memory set up, every invocation started and run to the end, outputs collected).
// Counters: steps (per iteration) and steps/s, the figure to compare across the two
// workloads in one run.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "interpreter/dispatch.h"
#include "semantics/parser.h"

namespace {

using namespace plumb;

struct Prepared {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<ast::Module> module;
  std::unique_ptr<CheckedModule> checked;
  std::unique_ptr<interp::Program> program;
  std::vector<interp::BoundBuffer> buffers;
  uint32_t entry = 0;
};

std::unique_ptr<Prepared> prepare(const std::string& source) {
  auto p = std::make_unique<Prepared>();
  p->file = std::make_unique<SourceFile>("bench.wgsl", source);
  DiagnosticList d;
  p->module = parseModule(*p->file, Revision::wgsl2022_06(), d);
  CheckOptions o;
  o.pipelineCreation = true;
  if (!d.hasErrors()) p->checked = check(*p->module, d, o);
  if (d.hasErrors() || !p->checked) {
    for (const Diagnostic& x : d.all()) std::fprintf(stderr, "%s", renderText(x).c_str());
    std::abort();
  }
  p->program = std::make_unique<interp::Program>(*p->module, *p->checked);
  std::vector<std::string> errors;
  nlohmann::json none = {{"format", "plumb-bindings"}, {"version", 1}, {"bindings", nlohmann::json::array()}};
  p->buffers = interp::bindResources(*p->program, none, true, errors);
  p->entry = p->checked->entryPoints.at(0).function;
  return p;
}

const char* kLoopKernel = R"(
@group(0) @binding(0) var<storage, read_write> out: array<u32, 1>;
@compute @workgroup_size(1) fn main() {
  var a = 1u;
  var b = 7u;
  for (var i = 0u; i < 100000u; i++) {
    a = a * 1664525u + 1013904223u;
    b ^= a >> 3u;
    if (a & 1u) == 0u { b += i; }
  }
  out[0] = a + b;
}
)";

std::string dispatchKernel() {
  std::string s =
      "@group(0) @binding(0) var<storage, read_write> out: array<u32, 4096>;\n"
      "@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) g: vec3<u32>) {\n"
      "  var x = g.x;\n  var y = x * 3u + 1u;\n";
  for (int i = 0; i < 97; ++i) {
    switch (i % 4) {
      case 0: s += "  x = x * 1664525u + 1013904223u;\n"; break;
      case 1: s += "  y ^= x >> 5u;\n"; break;
      case 2: s += "  y = y + (x & 255u);\n"; break;
      default: s += "  x = (x << 1u) | (y & 1u);\n"; break;
    }
  }
  s += "  out[g.x] = x + y;\n}\n";
  return s;
}

void run(benchmark::State& state, const Prepared& p, std::array<uint32_t, 3> dispatch) {
  interp::DispatchOptions o;
  o.dispatch = dispatch;
  o.maxSteps = UINT64_MAX;
  uint64_t steps = 0;
  for (auto _ : state) {
    interp::DispatchResult r = interp::runDispatch(*p.program, p.entry, p.buffers, o);
    if (r.outcomes.size() != 1 || r.outcomes[0].kind != "finished") {
      state.SkipWithError("the kernel did not finish");
      return;
    }
    steps = r.steps;
    benchmark::DoNotOptimize(r);
  }
  state.counters["steps"] = static_cast<double>(steps);
  state.counters["steps/s"] =
      benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_StepsLoop(benchmark::State& state) {
  static auto p = prepare(kLoopKernel);
  run(state, *p, {1, 1, 1});
}
BENCHMARK(BM_StepsLoop)->Name("steps/loop")->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

void BM_Dispatch(benchmark::State& state) {
  static auto p = prepare(dispatchKernel());
  run(state, *p, {64, 1, 1});
}
BENCHMARK(BM_Dispatch)->Name("dispatch/64x64")->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();
