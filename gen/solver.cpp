#include "gen/solver.h"

#include <chrono>

namespace plumb::gen {

void SolveStats::add(const SolveStats& o) {
  solves += o.solves;
  sat += o.sat;
  unsat += o.unsat;
  resourceLimit += o.resourceLimit;
  timeout += o.timeout;
  errors += o.errors;
  seconds += o.seconds;
}

const char* solveResultName(SolveResult r) {
  switch (r) {
    case SolveResult::Sat:
      return "sat";
    case SolveResult::Unsat:
      return "unsat";
    case SolveResult::ResourceLimit:
      return "resource limit";
    case SolveResult::Timeout:
      return "timeout";
    case SolveResult::Error:
      return "solver error";
  }
  return "";
}

SolverSession::SolverSession(uint64_t seed, const SolverLimits& limits, SolveStats& stats)
    : seed_(seed), limits_(limits), stats_(stats) {}

z3::solver SolverSession::solver(const char* logic) {
  z3::solver s = logic ? z3::solver(ctx_, logic) : z3::solver(ctx_);
  z3::params p(ctx_);
  // Z3 seeds are unsigned 32-bit; different seeds make the solver return different models
  // of the same constraints, which is where much of a family's variety comes from.
  p.set("random_seed", static_cast<unsigned>(seed_ & 0xffffffffu));
  p.set("timeout", limits_.timeoutMs);
  p.set("rlimit", static_cast<unsigned>(limits_.resourceLimit));
  // Z3 otherwise installs its own SIGINT handler during a check (to cancel it), which would
  // swallow the interrupt that must stop `plumb gen` and remove its temporary file.
  p.set("ctrl_c", false);
  s.set(p);
  return s;
}

z3::solver SolverSession::solver(const z3::tactic& tactic) {
  z3::solver s = tactic.mk_solver();
  z3::params p(ctx_);
  p.set("random_seed", static_cast<unsigned>(seed_ & 0xffffffffu));
  p.set("timeout", limits_.timeoutMs);
  p.set("rlimit", static_cast<unsigned>(limits_.resourceLimit));
  s.set(p);
  return s;
}

SolveResult SolverSession::check(z3::solver& s) {
  auto t0 = std::chrono::steady_clock::now();
  SolveResult r = SolveResult::Error;
  model_.reset();
  lastFailure_.clear();
  try {
    switch (s.check()) {
      case z3::sat:
        r = SolveResult::Sat;
        model_.emplace(s.get_model());
        break;
      case z3::unsat:
        r = SolveResult::Unsat;
        lastFailure_ = "unsat";
        break;
      case z3::unknown: {
        std::string why = s.reason_unknown();
        lastFailure_ = why;
        r = (why.find("canceled") != std::string::npos || why.find("timeout") != std::string::npos)
                ? SolveResult::Timeout
                : SolveResult::ResourceLimit;
        if (why.find("resource") != std::string::npos || why.find("rlimit") != std::string::npos)
          r = SolveResult::ResourceLimit;
        break;
      }
    }
  } catch (const z3::exception& e) {
    r = SolveResult::Error;
    lastFailure_ = e.msg();
  }
  stats_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ++stats_.solves;
  switch (r) {
    case SolveResult::Sat:
      ++stats_.sat;
      break;
    case SolveResult::Unsat:
      ++stats_.unsat;
      break;
    case SolveResult::ResourceLimit:
      ++stats_.resourceLimit;
      break;
    case SolveResult::Timeout:
      ++stats_.timeout;
      break;
    case SolveResult::Error:
      ++stats_.errors;
      break;
  }
  return r;
}

int64_t SolverSession::intValue(const z3::expr& e) {
  z3::expr v = model_->eval(e, true);
  if (v.is_bv()) {
    uint64_t bits = v.get_numeral_uint64();
    unsigned n = v.get_sort().bv_size();
    if (n < 64 && (bits >> (n - 1)) & 1) bits |= ~uint64_t{0} << n;  // sign-extend
    return static_cast<int64_t>(bits);
  }
  return v.get_numeral_int64();
}

uint64_t SolverSession::bitsValue(const z3::expr& e) {
  z3::expr v = e.is_fpa() ? model_->eval(e.mk_to_ieee_bv(), true) : model_->eval(e, true);
  return v.simplify().get_numeral_uint64();
}

std::string SolverSession::numeral(const z3::expr& e) {
  return model_->eval(e, true).get_decimal_string(0);
}

bool SolverSession::boolValue(const z3::expr& e) {
  return model_->eval(e, true).is_true();
}

}  // namespace plumb::gen
