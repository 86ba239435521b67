// The overloads family's own model of #conversion-rank and #overload-resolution-section
// (wgsl-2022-06-07.bs l.1252-1381): the types an argument can have (scalar kinds with the two
// abstract ones, vector widths, matrix shapes), the seed's ConversionRank table written out
// again as an integer table, candidate overloads as lists of parameter types with a result
// type, and the resolution procedure twice: directly in C++ (for tests and for checking the
// solver's models) and as Z3 constraints over argument types that are solver variables.
//
// Nothing here calls Plumb's checker: the candidates of operators and built-in functions come
// from the overload table's data (semantics/wgsl/builtin_table.h, expanded by semantics/wgsl/overloads.h),
// which the brief allows; the constructor candidates are written from #type-constructor-expr
// here; the ranks and the procedure are the seed's, encoded independently of
// checker/wgsl/conversion.cpp and checker/wgsl/overload_resolution.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <z3++.h>

#include "gen/solver.h"
#include "semantics/wgsl/builtin_table.h"

namespace plumb::gen::wgsl::overload {

/// The scalar kinds of the seed: bool, the abstract numeric types (#types-for-creation-time-
/// constants) and the concrete numeric scalars. The numbering is the solver's encoding.
enum Kind : int { Bool = 0, AbstractInt, AbstractFloat, I32, U32, F32, F16, kKinds };
enum Shape : int { Scalar = 0, Vector, Matrix };

inline bool isAbstract(int k) {
  return k == AbstractInt || k == AbstractFloat;
}
const char* kindName(int k);  // "bool", "AbstractInt", ..., "f16"

/// An argument, parameter or result type: a scalar, vecN<k> or matCxR<k>.
struct Ty {
  int shape = Scalar;
  int n = 0;  // vector width, matrix columns
  int r = 0;  // matrix rows
  int kind = Bool;
  bool operator==(const Ty&) const = default;
  bool abstract() const { return isAbstract(kind); }
  bool containsF16() const { return kind == F16; }
};
Ty scalar(int kind);
Ty vec(int n, int kind);
Ty mat(int c, int r, int kind);
/// The seed's spelling ("vec3<f32>"; abstract types by their names, which WGSL cannot spell).
std::string spell(const Ty& t);
/// Well formed: vectors of 2-4 scalars, matrices of 2-4 x 2-4 floating point components.
bool wellFormed(const Ty& t);

inline constexpr int kInfinity = 100;  // "infinity" in the ConversionRank table (fits 8 bits)

/// ConversionRank(Src, Dest) for scalar kinds: the table of #conversion-rank (l.1281-1345).
int kindRank(int src, int dst);
/// ConversionRank for whole types: "Inherit conversion rank from component types" for vectors
/// and matrices of the same shape; infinity between shapes.
int rank(const Ty& src, const Ty& dst);
/// The rows of the table, in its order, for the family's rows and documentation.
struct RankRow {
  const char* id;  // "abstract-float-to-f32"
  const char* name;
  int src, dst, value;  // scalar rows; -1 for identity, load rule, vector, matrix, infinity
};
const std::vector<RankRow>& rankRows();

/// One overload candidate: parameter types and result type. `group` is the caller's label
/// (the table row it was expanded from, or the constructor form).
struct Candidate {
  std::vector<Ty> params;
  Ty result;
  int group = 0;
};

/// The seed's procedure, directly: feasible candidates, their rank vectors, and the single
/// candidate preferred over every other one.
struct Resolution {
  int feasible = 0;
  int winner = -1;  // index into the candidates; -1: none feasible or none preferred over all
};
Resolution resolve(const std::vector<Ty>& args, const std::vector<Candidate>& candidates);

// ---------------------------------------------------------------------------------------------
// Candidates from Plumb's overload table (data only).

/// A callable the family generates calls of: an operator or built-in function name with one
/// arity, all of whose overloads take and return scalars, vectors or matrices.
struct Callee {
  OverloadKind kind;
  std::string name;
  size_t arity = 0;
  std::vector<Candidate> candidates;  // group: index into overloadRows()
  bool creationTime = true;           // every row is @const
};

/// Every callee of the table whose overloads are all numeric/bool scalars, vectors and
/// matrices and usable in a compute shader (built once).
const std::vector<Callee>& numericCallees();
const Callee* findCallee(OverloadKind kind, const std::string& name, size_t arity);

// ---------------------------------------------------------------------------------------------
// The same procedure as solver constraints.

/// Everything is a small bit-vector: the queries are finite (55 types, ranks 0..7 and
/// infinity). Z3's finite-domain solver (QF_FD: bit-blasting straight into its SAT core) solves
/// them in milliseconds; integer arithmetic over nested ite terms (QF_LIA) took seconds and hit
/// the timeout on `*` (249 candidates), and the general QF_BV tactic was 4x slower than QF_FD.
/// Values stay far below the signed range, so signed comparisons (`<`, `<=` on expressions)
/// are the arithmetic ones.
inline constexpr unsigned kValueBits = 8;   // kinds, shapes, sizes, ranks
inline constexpr unsigned kIndexBits = 16;  // candidate and option indices, counts
z3::expr small(z3::context& z, int v);
z3::expr smallVar(z3::context& z, const std::string& name);
z3::expr index(z3::context& z, int v);
z3::expr indexVar(z3::context& z, const std::string& name);
/// The logic the family's solvers use.
inline constexpr const char* kLogic = "QF_FD";

/// A type as solver variables, with its well-formedness constraints added to `s`.
struct TyVars {
  z3::expr shape, n, r, kind;
};
TyVars declareTy(z3::context& z, z3::solver& s, const std::string& name);
z3::expr equalTy(const TyVars& a, const TyVars& b);
z3::expr equalTy(const TyVars& a, const Ty& b);
Ty readTy(SolverSession& session, const TyVars& v);

/// kindRank(src, dst) of two symbolic kinds (the 7 x 7 table as nested ite).
z3::expr kindRankExpr(z3::context& z, const z3::expr& src, const z3::expr& dst);
z3::expr isAbstractExpr(const z3::expr& kind);

/// The resolution of one call, encoded: `active` says which candidates take part (the callee
/// chosen), `winner` is the index of the single candidate preferred over all the others (when
/// `resolved` holds), `result` its result type; `feasible[c]` whether candidate c is feasible.
struct ResolutionVars {
  z3::expr winner;
  TyVars result;
  std::vector<z3::expr> feasible;
  std::vector<z3::expr> ranks;  // the winner's rank at each position
  std::vector<TyVars> params;   // the winner's parameter types
};

class ResolutionEncoder {
 public:
  ResolutionEncoder(z3::context& z, z3::solver& s) : z_(z), s_(s) {}
  /// Adds constraints making `winner` the single most preferable feasible candidate among the
  /// active ones for `args` (candidate c takes part iff active[c]).
  ResolutionVars resolved(const std::string& tag, const std::vector<TyVars>& args,
                          const std::vector<const Candidate*>& candidates,
                          const std::vector<z3::expr>& active);
  /// Feasibility of each candidate for `args`, without asking for a winner.
  std::vector<z3::expr> feasibility(const std::vector<TyVars>& args,
                                    const std::vector<const Candidate*>& candidates);
  /// The rank of `arg` to the concrete parameter `p` (kInfinity when infeasible).
  z3::expr rankTo(const TyVars& arg, const Ty& p);
  z3::expr feasibleTo(const TyVars& arg, const Ty& p);

 private:
  z3::context& z_;
  z3::solver& s_;
};

}  // namespace plumb::gen::wgsl::overload
