// The values cgc folds for closed expressions against Plumb's evaluator (issue 21 item 4,
// docs/cg.md "Folded values"): a program whose entry returns a closed expression is evaluated
// by interpreter/cg under the seed's numeric models (every value the seed allows: "Sets, not
// values"), and the constant cgc folds into its output must lie in the set of one of Plumb's
// outcomes. A value outside is a finding, classified as the verdicts are (cg_oracle.h):
//   agree          cgc's value is in Plumb's set of some outcome
//   plumb-wider    it is, but outside the seed's reading the program carries: Plumb's set (an
//                  interval) is wider than the seed allows there, and hides a departure
//   not-folded     cgc left an expression (1.0/0.0, an intermediate beyond binary32): nothing
//                  to compare
//   cgc-deviation  outside Plumb's set and outside the seed's reading the program carries
//   seed-defect    outside Plumb's set where the seed is silent on a step the value depends
//                  on (the program's record says so: an overload chosen through a promotion)
//   plumb-bug      outside Plumb's set but within the seed's reading (Plumb's set is too
//                  narrow), or no reading explains it
//   unsupported    Plumb cannot evaluate the program (rejected, an unsupported construct)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "oracle/cg/cgc.h"

namespace plumb::cg {

struct OracleProgram;

/// The constants cgc's output holds. `exact`: the `hlsl*` profiles print binary32 values with
/// 18 significant digits (and integers exactly), in the order of the returned components;
/// otherwise the assembly's constants (`#const c[0] = ...`, `PARAM c[1] = {{...}}`,
/// `def c0, ...`, an immediate `{1011}`), printed with 8 significant digits, in no useful order.
struct FoldedConstants {
  std::vector<std::string> values;
  bool exact = false;
};
std::optional<FoldedConstants> foldedConstants(const std::string& output,
                                               const std::string& profile);

/// Plumb's values of the entry's return: one list of component sets per outcome
/// (interpreter/cg/evaluator.h), or why there are none.
struct PlumbFold {
  struct Component {
    enum class Kind { Number, Int, Bool, Any } kind = Kind::Any;
    double lo = 0, hi = 0;  // Number: the set [lo, hi] (and NaN when `nan`)
    bool nan = false;
    bool binary32 = false;  // a float component: cgc's decimal is rounded to binary32 first
    int64_t integer = 0;
    std::string text;
  };
  std::vector<std::vector<Component>> outcomes;  // each a returned value
  bool anyOutcome = false;  // an outcome the seed leaves undefined (C's int rules): any value
  std::string unsupported;  // non-empty: Plumb could not evaluate it, and why
  bool incomplete = false;  // --max-executions reached
};
PlumbFold foldWithPlumb(const OracleProgram& program);

struct FoldComparison {
  std::string kind;  // agree, plumb-wider, not-folded, seed-defect, cgc-deviation, plumb-bug,
                     // unsupported
  std::string reason;
  std::vector<std::string> cgcValues;
  bool exactDigits = false;
  std::vector<std::string> plumbSets;  // each outcome's value as text
};
FoldComparison compareFold(const OracleProgram& program, const PlumbFold& plumb,
                           const CgcResult& cgc);
nlohmann::json foldJson(const FoldComparison& f);

}  // namespace plumb::cg
