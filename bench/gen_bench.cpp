// The generator (issue 13): verified cases per minute per family on one core. One iteration
// generates a block of slots of a family (drafts, Z3 solves, Plumb's derivation and the
// comparison of the two) and then verifies every case it produced (derives it again, as
// `plumb corpus verify` does); the counter `cases_per_minute` is what the bar asks for.
#include <benchmark/benchmark.h>

#include "gen/derive.h"
#include "gen/family.h"
#include "gen/generator.h"

namespace {

using namespace plumb::gen;

void BM_Family(benchmark::State& state, const char* name) {
  const Family* family = familyByName(name);
  if (!family) {
    state.SkipWithError("no such family");
    return;
  }
  constexpr uint64_t kSlots = 64;
  uint64_t cases = 0, first = 0;
  for (auto _ : state) {
    SolveStats stats;
    for (uint64_t slot = first; slot < first + kSlots; ++slot) {
      SlotResult r = generateSlot(*family, 1, slot, SolverLimits{}, stats);
      for (const GeneratedCase& c : r.cases) {
        benchmark::DoNotOptimize(compareExpectations(c.expect, deriveExpectation(c)));
        ++cases;
      }
    }
    first += kSlots;  // new slots each iteration: no case is measured twice
  }
  state.counters["cases_per_minute"] =
      benchmark::Counter(static_cast<double>(cases) * 60, benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char** argv) {
  for (const auto& f : families()) {
    std::string name(f->name());
    benchmark::RegisterBenchmark(("gen/" + name).c_str(), BM_Family, f->name().data())
        ->Unit(benchmark::kMillisecond)
        ->MeasureProcessCPUTime();
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
}
