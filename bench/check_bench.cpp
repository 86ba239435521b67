// check_bench: the static checker's throughput on large modules (bench/README.md).
//
// Inputs: a generated module of 10,000 functions that passes every static rule
// (bench/checkable_workload.h, seed 1), and the reference workload W1 when the environment
// variable PLUMB_W1 names its file. Each input is parsed and checked once before anything is
// timed, and the program stops if there is any diagnostic: timing error paths would measure
// the wrong thing.
//
// For each input: parse/<input> runs parseModule; check/<input> runs check() on a module
// parsed beforehand (including freeing the results, as a caller pays it). The summary prints
// lines per CPU second for parsing, checking, and both, and the check/parse time ratio
// measured in this run.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>

#include "bench/checkable_workload.h"
#include "checker/wgsl/checker.h"
#include "semantics/wgsl/parser.h"

namespace {

using plumb::DiagnosticList;
using plumb::Revision;
using plumb::SourceFile;

struct Input {
  std::string label;
  size_t functions = 0;  // a generated module with this many functions, or
  std::string path;      // a file
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<plumb::ast::Module> module;
  size_t lines = 0;
};

void requireValid(const DiagnosticList& diagnostics, const SourceFile& file) {
  if (diagnostics.all().empty()) return;
  size_t shown = 0;
  for (const plumb::Diagnostic& d : diagnostics.all()) {
    std::fputs(renderText(d).c_str(), stderr);
    if (++shown == 10) break;
  }
  std::fprintf(stderr, "check_bench: %s has %zu diagnostics; refusing to benchmark it\n",
               file.name().c_str(), diagnostics.all().size());
  std::exit(1);
}

Input* load(Input* input) {
  if (input->module) return input;
  if (input->functions) {
    input->file = std::make_unique<SourceFile>(
        input->label, plumb::bench::generateCheckableModule(input->functions, 1));
  } else {
    std::string error;
    input->file = plumb::readSourceFile(input->path, error);
    if (!input->file) {
      std::fprintf(stderr, "check_bench: cannot read '%s': %s\n", input->path.c_str(),
                   error.c_str());
      std::exit(1);
    }
  }
  DiagnosticList diagnostics;
  input->module = plumb::parseModule(*input->file, Revision::wgsl2022_06(), diagnostics);
  requireValid(diagnostics, *input->file);
  plumb::check(*input->module, diagnostics);
  requireValid(diagnostics, *input->file);
  for (char c : input->file->text()) input->lines += c == '\n';
  return input;
}

void setCounters(benchmark::State& state, const Input* input) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * input->file->text().size()));
  state.counters["lines"] = static_cast<double>(input->lines);
  state.counters["declarations"] = static_cast<double>(input->module->globals.size());
}

void parseOnly(benchmark::State& state, Input* input) {
  load(input);
  for (auto _ : state) {
    DiagnosticList diagnostics;
    auto module = plumb::parseModule(*input->file, Revision::wgsl2022_06(), diagnostics);
    benchmark::DoNotOptimize(module.get());
  }
  setCounters(state, input);
}

void checkOnly(benchmark::State& state, Input* input) {
  load(input);
  for (auto _ : state) {
    DiagnosticList diagnostics;
    auto checked = plumb::check(*input->module, diagnostics);
    benchmark::DoNotOptimize(checked.get());
  }
  setCounters(state, input);
}

/// A summary per input: lines per CPU second (median of the repetitions, or the single run).
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  SummaryReporter() : ConsoleReporter(isatty(fileno(stdout)) ? OO_ColorTabular : OO_Tabular) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
      if (!median && !single) continue;
      const std::string& name = run.run_name.function_name;  // "check/gen-10000"
      size_t slash = name.find('/');
      if (slash == std::string::npos) continue;
      Row& row = rows_[name.substr(slash + 1)];
      double seconds = run.GetAdjustedCPUTime();
      switch (run.time_unit) {
        case benchmark::kNanosecond: seconds /= 1e9; break;
        case benchmark::kMicrosecond: seconds /= 1e6; break;
        case benchmark::kMillisecond: seconds /= 1e3; break;
        default: break;
      }
      auto it = run.counters.find("lines");
      if (it != run.counters.end()) row.lines = it->second;
      (name.compare(0, slash, "parse") == 0 ? row.parse : row.check) = seconds;
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    std::printf("\nSummary: CPU time, median of the repetitions\n%-12s %8s %14s %14s %14s %12s\n",
                "input", "lines", "parse lines/s", "check lines/s", "both lines/s",
                "check/parse");
    for (const auto& [label, row] : rows_) {
      double both = row.parse + row.check;
      std::printf("%-12s %8.0f %14.0f %14.0f %14.0f %12.2f\n", label.c_str(), row.lines,
                  row.parse > 0 ? row.lines / row.parse : 0, row.check > 0 ? row.lines / row.check : 0,
                  both > 0 ? row.lines / both : 0, row.parse > 0 ? row.check / row.parse : 0);
    }
    std::fflush(stdout);
  }

 private:
  struct Row {
    double lines = 0, parse = 0, check = 0;
  };
  std::map<std::string, Row> rows_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  static Input generated{"gen-10000", 10000, "", nullptr, nullptr, 0};
  static Input w1{"W1", 0, "", nullptr, nullptr, 0};
  std::vector<Input*> inputs = {&generated};
  if (const char* path = std::getenv("PLUMB_W1")) {
    w1.path = path;
    inputs.push_back(&w1);
  }
  for (Input* input : inputs) {
    benchmark::RegisterBenchmark(("parse/" + input->label).c_str(), parseOnly, input)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("check/" + input->label).c_str(), checkOnly, input)
        ->Unit(benchmark::kMillisecond);
  }
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
