// The Cg evaluator (issue 21): calls a function of a parsed (and checked) Cg program and returns
// every outcome the seed's evaluation rules allow (design.md, "Sets, not values"):
//  - "Both sides of && and || are always evaluated; there is no short-circuiting"
//    (#Operators, Boolean); "side effects in the expressions in the second and third operands
//    [of ?:] are always executed, regardless of the condition" (#Conditional Operator);
//  - "For multiple function calls within an expression, the calls can occur in any order--it is
//    undefined" (#Function Calls): operands with side effects are evaluated in every order;
//  - parameters by copy: in and inout copied in, out and inout copied back after the call, in
//    any order when two of them name the same variable;
//  - "The value obtained from reading an uninitialized variable is undefined" (#Use of
//    Uninitialized Variables): an undefined value, never one arbitrary value;
//  - "Output aliasing is illegal ... the results are undefined" (#Aliasing of Semantics) and a
//    semantic wider than its variable ("the B and A components of the color are undefined");
//  - C's undefined behaviour of int (numeric_model.h): the outcome "undefined".
// Choice points (a branch on an undefined or uncertain condition, an operand order, a copy-out
// order) are explored by running the function once per path of choices.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/cg/checker.h"
#include "interpreter/cg/value.h"
#include "semantics/cg/ast.h"
#include "semantics/source.h"

namespace plumb::cg {

/// `--precision`: the model each floating type is evaluated in. `Types` is the seed's precision
/// list (float fp32, half fp16, fixed S1.10; double, cfloat as float); the others evaluate every
/// floating type in one model, as a profile whose hardware has one precision does.
enum class Precision : uint8_t { Types, Fp32, Fp16, Fixed };
bool parsePrecision(const std::string& text, Precision& out);

/// The evaluator's rule names (the trace prints them; rule coverage reads this list), each with
/// the seed section it implements.
struct EvaluationRule {
  std::string_view name;
  std::string_view section;
};
const std::vector<EvaluationRule>& evaluationRules();

struct TraceStep {
  std::string rule;
  std::string text;    // the source text of the expression or statement
  std::string detail;  // a value, a choice
};

struct RunOptions {
  const SourceFile* file = nullptr;  // for the trace's source text
  /// The checker's result for the program: the overload each call resolved to
  /// (Expr::info.function). Without it the evaluator picks by name and argument types.
  const CheckedProgram* checked = nullptr;
  std::string entry;
  std::vector<std::string> args;  // one per in/inout parameter: "1.5", "1,2,3", "true"
  /// `--uniform NAME=VALUE`: the initial value of a non-static global, in the syntax of `args`
  /// (seed "Declarations and declaration specifiers": a uniform's initial value is "specified
  /// ... through a mechanism external to the language"; "Non-static global variables are
  /// treated as uniform by default"). A uniform global given no value keeps its initializer
  /// or, without one, is undefined.
  std::vector<std::string> uniforms;
  /// `--quad-right`, `--quad-below`, `--quad-diagonal`: the arguments (as `args`) of the other
  /// three fragments of a 2x2 quad whose upper left fragment `args` gives. With all three, ddx,
  /// ddy and fwidth of a value that varies between fragments are the quad's differences
  /// (docs/cg.md "Derivatives"); without them, any value (CG-E14).
  std::vector<std::string> quadRight, quadBelow, quadDiagonal;
  /// `--depth V`: the rasterizer's interpolated depth, the default of an out parameter bound to
  /// DEPTH (seed "Binding semantics for outputs"); without it any value in [0, 1].
  std::optional<double> depth;
  Precision precision = Precision::Types;
  bool strictIeee = false;  // no flushing of subnormals (numeric_model.h)
  std::string profile;      // reported; overload resolution is the checker's
  uint64_t maxSteps = 1000000;
  uint64_t maxExecutions = 1000;
  std::function<void(size_t path, uint64_t step, const TraceStep&)> trace;
};

/// One output of the entry function: its return value or an out/inout parameter, with its
/// binding semantic.
struct Output {
  std::string name;  // "return" or the parameter's name (struct members: "return.color")
  std::string semantic;
  EvalValue value;
  bool operator==(const Output& o) const {
    return name == o.name && semantic == o.semantic && value == o.value;
  }
};

struct Outcome {
  enum class Status { Returned, Undefined, Discarded, StepLimit, Unsupported };
  Status status = Status::Returned;
  std::vector<Output> outputs;
  std::string reason;                // Undefined: the rule broken; Unsupported: what
  std::vector<std::string> choices;  // of the first execution that reached it
  uint64_t executions = 0;
  uint64_t steps = 0;
};
const char* statusName(Outcome::Status s);

struct RunResult {
  std::string error;  // no such entry, wrong arguments: nothing was run
  std::vector<Outcome> outcomes;
  uint64_t executions = 0;
  bool executionLimitReached = false;  // the set may miss outcomes (design.md: never silently)
  std::set<std::string> rulesFired;
};

RunResult runFunction(const Program& program, const RunOptions& options);

/// `plumb cg run`'s report (format "plumb-cg-run", version 1; docs/formats.md) and its text.
nlohmann::json runReportJson(const RunResult& r, const RunOptions& options);
std::string runReportText(const RunResult& r);

}  // namespace plumb::cg
