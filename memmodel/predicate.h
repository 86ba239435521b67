// The predicate of a litmus test line: the Alloy formula after SATISFIABLE/NOSOLUTION, which
// the reference translator pastes into `pred gentest[X:Exec]`. Plumb parses the subset of
// Alloy such tests use:
//
//   predicate := [formula]           (empty: true, as an empty Alloy predicate)
//   formula := disj [("=>" | "implies") formula]
//   disj    := conj (("||" | "or") conj)*
//   conj    := unary (("&&" | "and") unary)*
//   unary   := ("!" | "not") unary | "(" formula ")" | atom
//   atom    := ("consistent" | "racefree" | "locordcomplete") "[" "X" "]"
//            | ("no" | "some" | "one" | "lone") name
//            | int cmp int
//   int     := "#" name | integer
//   name    := ["X" "."] field            (any set or relation field of sig Exec)
//   cmp     := "=" | "!=" | "<" | ">" | "<=" | "=<" | ">="
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memmodel/explorer.h"

namespace plumb::memmodel {

struct Formula;
using FormulaPtr = std::unique_ptr<Formula>;

/// A field of `sig Exec` named in a formula, or an integer literal.
struct IntTerm {
  bool isCount = false;  // "#name" (else a literal)
  std::string field;
  int64_t literal = 0;
};

struct Formula {
  enum class Kind {
    True,
    Consistent,
    Racefree,
    Locordcomplete,
    And,
    Or,
    Not,
    Implies,
    Compare,
    Quantify
  };
  Kind kind = Kind::Consistent;
  FormulaPtr lhs, rhs;  // And, Or, Implies (both); Not (lhs)
  IntTerm left, right;  // Compare
  std::string op;       // Compare: "=", "!=", "<", ">", "<=", ">="; Quantify: no/some/one/lone
  std::string field;    // Quantify
};

/// A parse error: the byte offset in the predicate text and a message.
struct PredicateError {
  size_t offset = 0;
  std::string message;
};

/// Parses a predicate; on failure returns nullptr and sets `error`.
FormulaPtr parsePredicate(std::string_view text, PredicateError& error);

/// True when the formula can only hold in consistent executions (a top-level conjunct is
/// `consistent[X]`), so the explorer may prune inconsistent partial executions.
bool impliesConsistent(const Formula& f);

/// True when `field` names a set or relation of `sig Exec` the evaluator knows.
bool isExecField(std::string_view field);
/// The size of a field in one execution (`#X.field`): members of a set, pairs of a relation.
uint64_t fieldCardinality(const CandidateExecution& c, std::string_view field);

/// Evaluates the formula on one complete candidate execution.
bool evaluate(const Formula& f, const CandidateExecution& c);

/// The formula printed back in the grammar above (normalised spacing).
std::string toString(const Formula& f);

}  // namespace plumb::memmodel
