// parse_bench: lexing and parsing throughput on large modules (bench/README.md).
//
// Inputs: generated modules of ~1.5 MB and ~10 MB (bench/workload.h, seed 1), and the
// reference workload W1 when the environment variable PLUMB_W1 names its file. Every input is
// parsed once before anything is timed and the program stops if it has any diagnostic: a
// benchmark of error recovery would measure the wrong thing.
//
// For each input: lex/<input> runs Lexer::next to the end of file; parse/<input> runs
// parseModule (which lexes as it goes), including freeing the module, as a caller pays it.
// After the runs a summary prints MB/s (decimal megabytes per CPU second; the median and the
// best of the repetitions when --benchmark_repetitions is given) and the parse/lex time ratio
// measured in this run.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench/workload.h"
#include "semantics/wgsl/lexer.h"
#include "semantics/wgsl/parser.h"

namespace {

using plumb::DiagnosticList;
using plumb::Revision;
using plumb::SourceFile;

/// A benchmark input, made on first use so that --benchmark_filter skips the cost of the
/// inputs it does not run (and so that profiles of one benchmark show only that benchmark).
struct Input {
  std::string label;
  size_t generatedBytes = 0;  // a generated module of this size, or
  std::string path;           // a file
  std::unique_ptr<SourceFile> file;
};

/// Parses `file` once; exits the process with the diagnostics if there is any.
void requireValid(const SourceFile& file) {
  DiagnosticList diagnostics;
  plumb::parseModule(file, Revision::wgsl2022_06(), diagnostics);
  if (diagnostics.all().empty()) return;
  size_t shown = 0;
  for (const plumb::Diagnostic& d : diagnostics.all()) {
    std::fputs(renderText(d).c_str(), stderr);
    if (++shown == 10) break;
  }
  std::fprintf(stderr, "parse_bench: %s has %zu diagnostics; refusing to benchmark it\n",
               file.name().c_str(), diagnostics.all().size());
  std::exit(1);
}

/// The input's text, generated or read and checked on first use, before anything is timed.
const SourceFile* load(Input* input) {
  if (input->file) return input->file.get();
  if (input->generatedBytes) {
    input->file = std::make_unique<SourceFile>(
        input->label, plumb::bench::generateWorkload(input->generatedBytes, 1));
  } else {
    std::string error;
    input->file = plumb::readSourceFile(input->path, error);
    if (!input->file) {
      std::fprintf(stderr, "parse_bench: cannot read '%s': %s\n", input->path.c_str(),
                   error.c_str());
      std::exit(1);
    }
  }
  requireValid(*input->file);
  return input->file.get();
}

void lexOnly(benchmark::State& state, Input* input) {
  const SourceFile* file = load(input);
  const Revision& revision = Revision::wgsl2022_06();
  uint64_t tokens = 0;
  for (auto _ : state) {
    DiagnosticList diagnostics;
    plumb::Lexer lexer(*file, revision, diagnostics);
    uint64_t n = 0;
    while (lexer.next().kind != plumb::TokenKind::EndOfFile) ++n;
    benchmark::DoNotOptimize(n);
    tokens = n;
  }
  double size = static_cast<double>(file->text().size());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * file->text().size()));
  state.counters["source_bytes"] = size;
  state.counters["tokens"] = static_cast<double>(tokens);
}

void lexParse(benchmark::State& state, Input* input) {
  const SourceFile* file = load(input);
  const Revision& revision = Revision::wgsl2022_06();
  size_t astBytes = 0, expressions = 0, statements = 0;
  for (auto _ : state) {
    DiagnosticList diagnostics;
    std::unique_ptr<plumb::ast::Module> module = plumb::parseModule(*file, revision, diagnostics);
    benchmark::DoNotOptimize(module.get());
    astBytes = module->bytes();
    expressions = module->expressions.size();
    statements = module->statements.size();
  }
  double size = static_cast<double>(file->text().size());
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * file->text().size()));
  state.counters["source_bytes"] = size;
  // Module::bytes() counts arena capacity (what the process holds), not just what is used.
  state.counters["ast_bytes_per_src_byte"] = static_cast<double>(astBytes) / size;
  state.counters["expressions"] = static_cast<double>(expressions);
  state.counters["statements"] = static_cast<double>(statements);
}

/// The console output, plus a summary at the end: per input, the medians (or the single runs
/// without --benchmark_repetitions) and, as a second figure, the best repetition ("min"),
/// which is the steadier estimate on a machine shared with other jobs.
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  // A reporter passed to RunSpecifiedBenchmarks ignores --benchmark_color: colour only a
  // terminal, so that redirected output stays plain text.
  SummaryReporter() : ConsoleReporter(isatty(fileno(stdout)) ? OO_ColorTabular : OO_Tabular) {}

  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      bool aggregate = run.run_type == Run::RT_Aggregate;
      bool median = aggregate && run.aggregate_name == "median";
      bool best = aggregate && run.aggregate_name == "min";
      bool single = run.run_type == Run::RT_Iteration && run.repetitions <= 1;
      if (!median && !best && !single) continue;
      const std::string& name = run.run_name.function_name;  // "lex/gen-1.5MB"
      size_t slash = name.find('/');
      if (slash == std::string::npos) continue;
      Row& row = rows_[name.substr(slash + 1)];
      double seconds = run.GetAdjustedCPUTime() / unitsPerSecond(run.time_unit);
      auto counter = [&](const char* key) {
        auto it = run.counters.find(key);
        return it == run.counters.end() ? 0.0 : static_cast<double>(it->second);
      };
      row.bytes = counter("source_bytes");
      bool lex = name.compare(0, slash, "lex") == 0;
      if (median || single) (lex ? row.median.lex : row.median.parse) = seconds;
      if (best || single) (lex ? row.best.lex : row.best.parse) = seconds;
      if (!lex) row.astRatio = counter("ast_bytes_per_src_byte");
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    std::FILE* out = stdout;
    std::fprintf(out,
                 "\nSummary: CPU time; MB = 10^6 bytes; median of the repetitions [best]\n"
                 "%-10s %10s %18s %18s %11s %14s\n",
                 "input", "bytes", "lex MB/s", "parse MB/s", "parse/lex", "AST B / src B");
    for (const auto& entry : rows_) {
      const std::string& label = entry.first;
      const Row& row = entry.second;  // not a structured binding: lambdas capture it
      auto rate = [&](double seconds) { return seconds > 0 ? row.bytes / seconds / 1e6 : 0.0; };
      std::fprintf(out, "%-10s %10.0f %8.1f [%7.1f] %8.1f [%7.1f] %11.2f %14.2f\n", label.c_str(),
                   row.bytes, rate(row.median.lex), rate(row.best.lex), rate(row.median.parse),
                   rate(row.best.parse),
                   row.median.lex > 0 ? row.median.parse / row.median.lex : 0.0, row.astRatio);
    }
    std::fflush(out);
  }

 private:
  struct Times {
    double lex = 0, parse = 0;  // seconds
  };
  struct Row {
    double bytes = 0, astRatio = 0;
    Times median, best;
  };
  static double unitsPerSecond(benchmark::TimeUnit unit) {
    switch (unit) {
      case benchmark::kNanosecond:
        return 1e9;
      case benchmark::kMicrosecond:
        return 1e6;
      case benchmark::kMillisecond:
        return 1e3;
      default:
        return 1;
    }
  }
  std::map<std::string, Row> rows_;
};

double minimum(const std::vector<double>& values) {
  return *std::min_element(values.begin(), values.end());
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  // Inputs live until the end of main; the benchmarks hold pointers to them.
  std::vector<std::unique_ptr<Input>> inputs;
  inputs.push_back(std::make_unique<Input>(Input{"gen-1.5MB", 1'500'000, "", nullptr}));
  inputs.push_back(std::make_unique<Input>(Input{"gen-10MB", 10'000'000, "", nullptr}));
  if (const char* w1 = std::getenv("PLUMB_W1"); w1 && *w1)
    inputs.push_back(std::make_unique<Input>(Input{"W1", 0, w1, nullptr}));
  for (const auto& input : inputs) {
    benchmark::RegisterBenchmark(("lex/" + input->label).c_str(), lexOnly, input.get())
        ->Unit(benchmark::kMillisecond)
        ->ComputeStatistics("min", minimum);
    benchmark::RegisterBenchmark(("parse/" + input->label).c_str(), lexParse, input.get())
        ->Unit(benchmark::kMillisecond)
        ->ComputeStatistics("min", minimum);
  }
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
