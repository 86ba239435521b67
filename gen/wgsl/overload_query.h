// One solver query of the overloads family: a call (operator, built-in function or type
// constructor) whose argument types are solver variables, chosen so that overload resolution
// (#overload-resolution-section) succeeds with a single most preferable candidate, together
// with its twin: the same call with one argument's type changed (a literal's suffix, a
// vector's width, ...) so that either no candidate is feasible, or the most preferable
// candidate changes to one whose result type the program's typed declarations reject.
//
// The solver's model is the family's derivation; it is checked against the direct C++
// computation of the same procedure (overload_model.h, resolve) before a case is written.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gen/family.h"
#include "gen/wgsl/overload_model.h"

namespace plumb::gen::wgsl::overload {

enum class TwinMode {
  NoFeasible,         // no candidate is feasible for the twin's arguments
  PreferenceChanges,  // the twin resolves to a candidate whose result the pins reject
};
const char* twinModeName(TwinMode m);

/// The declared types that pin a call's result type T in a program: T itself when it is
/// concrete; for an abstract T (only a `const` can hold it) two concrete types that T converts
/// to and that no other result type converts to both of: AbstractInt: i32 and f32 (of T's
/// shape); AbstractFloat: f32 and f16.
std::vector<Ty> pinsOf(const Ty& t);
/// The index of the first pin that `u` cannot be converted to, or -1 when it passes them all.
int firstFailingPin(const Ty& t, const Ty& u);
/// The same, as a solver formula: `u` fails one of the pins of `t`.
z3::expr pinsFail(z3::context& z, const TyVars& t, const TyVars& u);

/// One callable a query may choose: its candidates (all of them take part in resolution).
struct Option {
  std::vector<const Candidate*> candidates;
  std::vector<bool> winnerAllowed;  // per candidate; empty: any may win
};

struct QueryVars;

struct CallQuery {
  std::vector<Option> options;  // the solver chooses one
  size_t arity = 0;
  std::vector<TwinMode> modes;  // tried in this order
  /// The shapes (kinds ignored) arguments and twin arguments may take, drawn per slot: the
  /// solver chooses among them. Candidates with a parameter of another shape can never be
  /// feasible and are left out of the encoding (not out of the model check). Empty: any.
  std::vector<Ty> shapeDomain;
  /// Shapes the arguments must keep (constructors: the operands' shapes are the structure).
  std::vector<std::optional<Ty>> fixedShapes;
  bool twinKeepsShapes = false;  // the twin's edit changes a kind only
  bool requireAbstractArgument = false;
  /// The load rule's row: the twin passes `&v` for the `var` at this position instead of `v`;
  /// a pointer converts to no parameter of a numeric candidate (ConversionRank is infinite:
  /// only references load), so the twin needs no solver variables.
  int pointerPosition = -1;
  /// Row constraints on the valid call, and on the twin in a given mode.
  std::function<void(QueryVars&)> constrainValid;
  std::function<void(QueryVars&, TwinMode)> constrainTwin;
  /// Optional constraints for variety, dropped when they make the query unsatisfiable.
  std::vector<std::function<z3::expr(QueryVars&)>> hints;
};

struct QueryVars {
  z3::context& z;
  z3::solver& s;
  ResolutionEncoder& enc;
  std::vector<TyVars> args, twin;
  std::vector<z3::expr> changed;  // per position: the twin's edit is here (exactly one)
  z3::expr option;
  std::vector<const Candidate*> candidates;  // of every option, flattened
  std::vector<size_t> optionOf;              // per flattened candidate
  std::vector<z3::expr> active;              // per flattened candidate
  std::optional<ResolutionVars> valid, twinResolution;
  std::vector<z3::expr> twinFeasible;
};

/// The solved pair.
struct CallModel {
  size_t option = 0;
  std::vector<Ty> args, twin;
  size_t edited = 0;
  TwinMode mode = TwinMode::NoFeasible;
  int winner = -1, twinWinner = -1;  // indices into the option's candidates
  Ty result, twinResult;
  int feasible = 0;  // feasible candidates of the valid call
  nlohmann::json derivation() const;
};

/// Solves the query (the modes in order, hints first); on failure returns the reason.
std::optional<CallModel> solveCall(SolverSession& session, const CallQuery& q,
                                   std::string& failure);

}  // namespace plumb::gen::wgsl::overload
