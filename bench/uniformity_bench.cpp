// uniformity_bench: the time of the uniformity analysis (#uniformity) as a module grows 10× and
// 100× along each axis of bench/uniformity_workload.h (functions, nesting, call depth) and
// along all three together.
//
// Each module is generated, parsed and checked (behavior analysis included) once before
// anything is timed; the program stops if the module has any diagnostic, in the default mode or
// with strict = true (--strict-uniformity), since timing error paths would measure the wrong
// thing. The timed loop re-runs only analyzeUniformity on the CheckedModule:
//
//   uniformity/<axis>/<k>  analyzeUniformity, default options (including freeing the result)
//   strict/<axis>/<k>      the same with strict = true (docs/ambiguities.md U1-U10)
//   build/<axis>/<k>       phase 1 alone: buildUniformityGraph for every function, callees
//                          first, with the callees' tags taken from the checker's own run
//                          (phase 2, reachability and tags, is the difference)
//
// PLUMB_UBENCH_ITERATIONS=N runs each benchmark exactly N times (no calibration runs), and
// PLUMB_UBENCH_DUMP=DIR writes each generated module to DIR/<axis>-<k>.wgsl.
//
// Counters: statements (AST statements, blocks included), functions, nodes and edges of the
// graphs (one extra run with keepGraphs), source lines, why_bytes (the total length of the
// explanations kept with the tags: callSiteWhy, parameterWhy, functionWhy), and s/statement
// (CPU time per statement). With --benchmark_repetitions a "min" aggregate is added. After
// the runs a summary gives (from the fastest repetition), per axis and k, ns per statement
// and the ratio t(k)/t(1) beside the size ratio, for analyzeUniformity, phase 1 alone, and
// strict mode.
#include <benchmark/benchmark.h>
#include <boost/graph/adjacency_list.hpp>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "bench/uniformity_workload.h"
#include "checker/wgsl/checker.h"
#include "checker/wgsl/uniformity.h"
#include "checker/wgsl/uniformity_graph.h"
#include "checker/wgsl/uniformity_internal.h"
#include "semantics/wgsl/parser.h"

namespace {

using plumb::DiagnosticList;
using plumb::bench::UniformityAxis;

struct Input {
  std::string label;  // "functions/10"
  UniformityAxis axis;
  size_t k;
  std::unique_ptr<plumb::SourceFile> file;
  std::unique_ptr<plumb::ast::Module> module;
  std::unique_ptr<plumb::CheckedModule> checked;
  double statements = 0, functions = 0, nodes = 0, edges = 0, lines = 0;
  double whyBytes = 0;  // the explanations kept with the tags (callSiteWhy, parameterWhy, functionWhy)
};

const char* axisName(UniformityAxis a) {
  switch (a) {
    case UniformityAxis::Functions: return "functions";
    case UniformityAxis::Nesting: return "nesting";
    case UniformityAxis::CallDepth: return "calls";
    case UniformityAxis::All: return "all";
  }
  return "?";
}

void requireValid(const DiagnosticList& diagnostics, const Input& input, const char* what) {
  if (diagnostics.all().empty()) return;
  size_t shown = 0;
  for (const plumb::Diagnostic& d : diagnostics.all()) {
    std::fputs(renderText(d).c_str(), stderr);
    if (++shown == 10) break;
  }
  std::fprintf(stderr, "uniformity_bench: %s has %zu diagnostics (%s); refusing to benchmark it\n",
               input.label.c_str(), diagnostics.all().size(), what);
  std::exit(1);
}

Input* load(Input* input) {
  if (input->checked) return input;
  std::string text = plumb::bench::generateUniformityModule(
      plumb::bench::uniformityShape(input->axis, input->k));
  if (const char* dir = std::getenv("PLUMB_UBENCH_DUMP")) {  // for `plumb check` by hand
    std::string path = std::string(dir) + "/" + axisName(input->axis) + "-" +
                       std::to_string(input->k) + ".wgsl";
    if (FILE* f = std::fopen(path.c_str(), "w")) {
      std::fwrite(text.data(), 1, text.size(), f);
      std::fclose(f);
    }
  }
  input->file = std::make_unique<plumb::SourceFile>(input->label, std::move(text));
  DiagnosticList diagnostics;
  input->module = plumb::parseModule(*input->file, plumb::Revision::wgsl2022_06(), diagnostics);
  requireValid(diagnostics, *input, "parse");
  input->checked = plumb::check(*input->module, diagnostics);
  requireValid(diagnostics, *input, "check");
  // Strict mode must accept it too; one run with the graphs kept gives their size.
  plumb::UniformityOptions strict;
  strict.strict = true;
  plumb::analyzeUniformity(*input->checked, diagnostics, strict);
  requireValid(diagnostics, *input, "strict uniformity");
  plumb::UniformityOptions keep;
  keep.keepGraphs = true;
  auto result = plumb::analyzeUniformity(*input->checked, diagnostics, keep);
  for (const auto& g : result->graphs) {
    if (!g) continue;
    input->functions += 1;
    input->nodes += static_cast<double>(boost::num_vertices(g->graph));
    input->edges += static_cast<double>(boost::num_edges(g->graph));
  }
  for (const plumb::FunctionUniformity& f : result->functions) {
    input->whyBytes += static_cast<double>(f.callSiteWhy.size() + f.functionWhy.size());
    for (const std::string& why : f.parameterWhy) input->whyBytes += static_cast<double>(why.size());
  }
  input->statements = static_cast<double>(input->checked->statementBehaviors.size());
  for (char c : input->file->text()) input->lines += c == '\n';
  return input;
}

void setCounters(benchmark::State& state, const Input* input) {
  state.counters["statements"] = input->statements;
  state.counters["functions"] = input->functions;
  state.counters["nodes"] = input->nodes;
  state.counters["edges"] = input->edges;
  state.counters["lines"] = input->lines;
  state.counters["why_bytes"] = input->whyBytes;
  state.counters["s/statement"] = benchmark::Counter(
      input->statements, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The timed loops, out of line so that `valgrind --tool=callgrind
// --toggle-collect='*timedAnalyze*'` counts their instructions alone.
[[gnu::noinline]] void timedAnalyze(benchmark::State& state, const plumb::CheckedModule& m,
                                    const plumb::UniformityOptions& options) {
  for (auto _ : state) {
    DiagnosticList diagnostics;
    auto result = plumb::analyzeUniformity(m, diagnostics, options);
    benchmark::DoNotOptimize(result.get());
  }
}

[[gnu::noinline]] void timedBuild(benchmark::State& state, const plumb::CheckedModule& m) {
  plumb::UniformityOptions options;
  for (auto _ : state) {
    for (uint32_t index : m.order) {
      if (m.declarations[index].kind != plumb::ModuleDeclaration::Function) continue;
      plumb::UniformityGraph g;
      plumb::FunctionRecord record;
      plumb::buildUniformityGraph(m, *m.uniformity, options, index, g, record);
      benchmark::DoNotOptimize(g.nodes.data());
    }
  }
}

void analyze(benchmark::State& state, Input* input, bool strict) {
  load(input);
  plumb::UniformityOptions options;
  options.strict = strict;
  timedAnalyze(state, *input->checked, options);
  setCounters(state, input);
}

void buildOnly(benchmark::State& state, Input* input) {
  load(input);
  timedBuild(state, *input->checked);
  setCounters(state, input);
}

/// The summary: per mode and axis, the median (or single) CPU time at each k.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  SummaryReporter() : ConsoleReporter(isatty(fileno(stdout)) ? OO_ColorTabular : OO_Tabular) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      // The fastest repetition ("min", added in main) is the least disturbed by other load
      // on the machine; the median is kept for comparison.
      bool best = run.run_type == Run::RT_Aggregate && run.aggregate_name == "min";
      bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
      if (!best && !median && !single) continue;
      const std::string& name = run.run_name.function_name;  // "uniformity/calls/100"
      size_t a = name.find('/'), b = name.rfind('/');
      if (a == std::string::npos || a == b) continue;
      std::string mode = name.substr(0, a);
      Row& row = rows_[name.substr(a + 1, b - a - 1)][std::stoul(name.substr(b + 1))];
      double seconds = run.GetAdjustedCPUTime() * multiplier(run.time_unit);
      double& slot = mode == "strict" ? row.strict : mode == "build" ? row.build : row.seconds;
      int& rank = mode == "strict" ? row.strictRank : mode == "build" ? row.buildRank : row.rank;
      int r = best ? 2 : 1;
      if (r < rank) continue;
      slot = seconds;
      rank = r;
      auto get = [&](const char* c) {
        auto it = run.counters.find(c);
        return it == run.counters.end() ? 0.0 : static_cast<double>(it->second);
      };
      row.statements = get("statements");
      row.nodes = get("nodes");
      row.why = get("why_bytes");
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    std::printf(
        "\nSummary: CPU time, fastest of the repetitions (or the single run). ns/stmt: time per\n"
        "statement; x1: time relative to k = 1; size: statements relative to k = 1. analyze =\n"
        "analyzeUniformity; phase 1 = building the graphs alone (build/*); strict = strict: true.\n"
        "%-9s %4s %7s %7s %9s %5s | %9s %7s %6s | %7s %6s | %7s %6s\n",
        "axis", "k", "stmts", "size", "nodes", "why", "analyze", "ns/stmt", "x1", "ns/stmt", "x1",
        "ns/stmt", "x1");
    std::printf("%-9s %4s %7s %7s %9s %5s | %9s %7s %6s | %14s | %14s\n", "", "", "", "", "",
                "MB", "ms", "", "", "phase 1", "strict");
    auto ns = [](double t, double n) { return n ? t * 1e9 / n : 0.0; };
    auto x = [](double t, double base) { return base ? t / base : 0.0; };
    for (const auto& [axis, byK] : rows_) {
      Row base = byK.count(1) ? byK.at(1) : Row{};
      for (const auto& [k, r] : byK)
        std::printf("%-9s %4zu %7.0f %7.1f %9.0f %5.1f | %9.2f %7.0f %6.1f | %7.0f %6.1f | %7.0f %6.1f\n",
                    axis.c_str(), k, r.statements, x(r.statements, base.statements), r.nodes,
                    r.why / 1e6, r.seconds * 1e3, ns(r.seconds, r.statements), x(r.seconds, base.seconds),
                    ns(r.build, r.statements), x(r.build, base.build), ns(r.strict, r.statements),
                    x(r.strict, base.strict));
    }
    std::fflush(stdout);
  }

 private:
  static double multiplier(benchmark::TimeUnit unit) {
    switch (unit) {
      case benchmark::kNanosecond: return 1e-9;
      case benchmark::kMicrosecond: return 1e-6;
      case benchmark::kMillisecond: return 1e-3;
      default: return 1;
    }
  }
  struct Row {
    double seconds = 0, strict = 0, build = 0, statements = 0, nodes = 0, why = 0;
    int rank = 0, strictRank = 0, buildRank = 0;  // 2: min, 1: median or single run
  };
  std::map<std::string, std::map<size_t, Row>> rows_;  // axis -> k -> figures
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  // PLUMB_UBENCH_ITERATIONS=N: exactly N iterations per benchmark (for callgrind).
  int64_t iterations = 0;
  if (const char* n = std::getenv("PLUMB_UBENCH_ITERATIONS")) iterations = std::atoll(n);
  static std::vector<std::unique_ptr<Input>> inputs;
  for (UniformityAxis axis : {UniformityAxis::Functions, UniformityAxis::Nesting,
                              UniformityAxis::CallDepth, UniformityAxis::All})
    for (size_t k : {1, 10, 100}) {
      auto input = std::make_unique<Input>();
      input->label = std::string(axisName(axis)) + "/" + std::to_string(k);
      input->axis = axis;
      input->k = k;
      inputs.push_back(std::move(input));
    }
  for (const char* mode : {"uniformity", "strict", "build"})
    for (auto& input : inputs) {
      std::string name = std::string(mode) + "/" + input->label;
      Input* in = input.get();
      benchmark::internal::Benchmark* b;
      if (std::string(mode) == "build")
        b = benchmark::RegisterBenchmark(name.c_str(), buildOnly, in);
      else
        b = benchmark::RegisterBenchmark(name.c_str(), analyze, in, std::string(mode) == "strict");
      b->Unit(benchmark::kMicrosecond);
      if (iterations > 0) b->Iterations(iterations);
      b->ComputeStatistics("min", [](const std::vector<double>& v) {
        return *std::min_element(v.begin(), v.end());
      });
    }
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
