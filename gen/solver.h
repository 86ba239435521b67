// Z3 for the generators (Debian libz3-dev 4.8.12, C++ API z3++.h). One SolverSession per case
// slot: a fresh context, so that a slot's answer never depends on what other slots asked
// (sharded and single runs agree, design.md principle 6). Every solve is bounded twice: by a
// deterministic resource limit (Z3's `rlimit`, the same answer on every machine) and by a
// wall-clock timeout (a safety net; a solve that hits it is reported, never silently
// dropped). Results are counted in SolveStats, which the corpus manifest reports per family.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <z3++.h>

namespace plumb::gen {

struct SolveStats {
  uint64_t solves = 0;
  uint64_t sat = 0;
  uint64_t unsat = 0;
  uint64_t resourceLimit = 0;  // Z3's rlimit exhausted (deterministic "timeout")
  uint64_t timeout = 0;        // the wall-clock timeout (machine dependent)
  uint64_t errors = 0;         // Z3 raised an exception
  double seconds = 0;

  void add(const SolveStats& o);
};

struct SolverLimits {
  uint64_t resourceLimit = 20'000'000;  // Z3 rlimit units per solve
  unsigned timeoutMs = 10'000;          // per solve
};

enum class SolveResult { Sat, Unsat, ResourceLimit, Timeout, Error };
const char* solveResultName(SolveResult r);

class SolverSession {
 public:
  SolverSession(uint64_t seed, const SolverLimits& limits, SolveStats& stats);

  z3::context& ctx() { return ctx_; }
  /// A fresh solver with the session's limits and random seed. A logic ("QF_LIA", "QF_BV",
  /// "QF_FP", ...) picks that logic's solver directly: about 1 ms per check instead of 6 ms
  /// for the general one's tactic selection, which dominates small boundary queries.
  z3::solver solver(const char* logic = nullptr);
  /// A fresh solver running `tactic`, with the session's limits and random seed: a family whose
  /// encoding is propositional goes straight to Z3's SAT solver with the "sat" tactic (no
  /// bit-vector or finite-domain preprocessing).
  z3::solver solver(const z3::tactic& tactic);
  /// Checks `s`; on Sat the model is available through `model()`.
  SolveResult check(z3::solver& s);
  z3::model& model() { return *model_; }

  // Reading values out of the last model (model completion on).
  int64_t intValue(const z3::expr& e);     // Int or signed BV (two's complement)
  uint64_t bitsValue(const z3::expr& e);   // BV up to 64 bits, or FP as its IEEE bits
  std::string numeral(const z3::expr& e);  // an Int as decimal text (any size)
  bool boolValue(const z3::expr& e);

  /// The last failure, for reports ("unsat", "resource limit", a Z3 message).
  const std::string& lastFailure() const { return lastFailure_; }

 private:
  z3::context ctx_;
  uint64_t seed_;
  SolverLimits limits_;
  SolveStats& stats_;
  std::optional<z3::model> model_;
  std::string lastFailure_;
};

}  // namespace plumb::gen
