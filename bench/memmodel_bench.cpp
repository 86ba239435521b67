// memmodel_bench: the explorer of candidate executions (memmodel/explorer.h) on a scaling
// family of message-passing programs, MP with N threads (N = 2 .. 6):
//
//   thread 0:            st.av x = 1 ; st.av x = 2 ; st.atom.rel y = 1       (Device scope)
//   threads 1 .. N-1:    ld.atom.acq y ; ld.vis x                            (own workgroups)
//
// Every read is unconstrained, so brute force builds 2·3 = 6 candidates per reader:
// 6^(N-1) complete executions. explore/N prunes inconsistent partial executions (the litmus
// default for predicates that need consistent[X]); brute/N builds every candidate and checks
// it, as a solver without pruning would (run for N <= 5).
//
// Counters: executions/s (complete + pruned candidate executions the explorer handled per CPU
// second), complete, pruned, consistent, and pruning = the share of the brute-force candidates
// that pruning never built (skipped / (complete + skipped)).
#include <benchmark/benchmark.h>

#include <string>

#include "memmodel/explorer.h"
#include "memmodel/litmus.h"

namespace {

namespace mm = plumb::memmodel;

std::string mpProgram(int threads) {
  std::string t =
      "NEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 x = 1\nst.av.scopedev.sc0 x = 2\n"
      "st.atom.rel.scopedev.sc0.semsc0 y = 1\n";
  for (int i = 1; i < threads; ++i)
    t += "NEWWG\nNEWSG\nNEWTHREAD\nld.atom.acq.scopedev.sc0.semsc0 y\nld.vis.scopedev.sc0 x\n";
  return t;
}

mm::Program program(int threads) {
  plumb::SourceFile file("mp.test", mpProgram(threads));
  plumb::DiagnosticList diags;
  std::optional<mm::LitmusTest> t = mm::parseLitmus(file, diags);
  if (!t) std::abort();
  return std::move(t->program);
}

void run(benchmark::State& state, bool prune) {
  mm::Program p = program(static_cast<int>(state.range(0)));
  mm::ExplorerOptions options;
  options.pruneInconsistent = prune;
  options.maxExecutions = 0;
  mm::ExplorerStats stats;
  uint64_t handled = 0;
  for (auto _ : state) {
    stats =
        mm::explore(p, options, [](const mm::CandidateExecution&) { return mm::Visit::Continue; });
    handled += stats.complete + stats.pruned;
  }
  state.counters["executions/s"] =
      benchmark::Counter(static_cast<double>(handled), benchmark::Counter::kIsRate);
  state.counters["complete"] = static_cast<double>(stats.complete);
  state.counters["pruned"] = static_cast<double>(stats.pruned);
  state.counters["consistent"] = static_cast<double>(stats.consistent);
  state.counters["pruning"] = stats.skipped / (static_cast<double>(stats.complete) + stats.skipped);
}

void BM_Explore(benchmark::State& state) {
  run(state, true);
}
void BM_BruteForce(benchmark::State& state) {
  run(state, false);
}

BENCHMARK(BM_Explore)->Name("explore")->DenseRange(2, 6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BruteForce)->Name("brute")->DenseRange(2, 5)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
