// The predicate of a litmus test line: the Alloy formula after SATISFIABLE/NOSOLUTION, which
// the reference translator pastes verbatim into `pred gentest[X:Exec]` (litmus-format.txt:
// "The remainder of the line is code pasted directly into the predicate"). Plumb parses the
// part of Alloy's formula and relational-expression language that can be said about one
// execution, with Alloy's precedence (lowest first):
//
//   formula := formula ("||" | "or") formula
//            | formula ("<=>" | "iff") formula
//            | formula ("=>" | "implies") formula ["else" formula]     (right associative)
//            | formula ("&&" | "and") formula
//            | ("!" | "not") formula
//            | expr cmp expr                  cmp: in, !in, not in, =, !=, <, >, <=, =<, >=
//            | ("no" | "some" | "one" | "lone") expr
//            | pred "[" args "]"              consistent[X], racefree[X], locordcomplete[X],
//                                             is_acyclic[r], strict_partial_order[r],
//                                             is_equivalence[r, s], acyclic[r, s], transitive[r]
//            | "(" formula ")"
//   expr    := expr ("+" | "-") expr | "#" expr | expr "&" expr | expr "->" expr
//            | expr ("<:" | ":>") expr | expr "." expr | ("~" | "^" | "*") expr
//            | fun "[" expr "]"               stor, twoplus, imm, rc, rai (spirv.als 29-51)
//            | ["X" "."] field | "X" | "iden" | "none" | "univ" | "E" | integer | "(" expr ")"
//
// `field` is any set or relation of `sig Exec`; with exactly one Exec (`#Exec = 1` in every
// generated predicate) `X.rf`, `rf` and `X.(rf)` denote the same relation, so all are accepted.
// An empty predicate holds (an empty Alloy predicate body).
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

/// One node of a predicate: a formula, a relational expression or an integer expression.
struct Formula {
  enum class Kind {
    // formulas
    True,
    Consistent,
    Racefree,
    Locordcomplete,
    Acyclic,             // is_acyclic[r], acyclic[r, E]
    StrictPartialOrder,  // strict_partial_order[r]
    Equivalence,         // is_equivalence[r, s]
    Transitive,          // transitive[r]
    And,
    Or,
    Not,
    Implies,  // lhs => rhs [else other]
    Iff,
    Compare,   // op: in, =, !=, <, >, <=, >= (`!in` is Not of `in`)
    Quantify,  // op: no, some, one, lone
    // expressions
    Field,    // text: the field name
    Exec,     // the atom X
    Iden,     // iden
    None,     // none
    Univ,     // univ, E
    Integer,  // literal
    Count,    // #lhs
    Union,
    Difference,
    Intersection,
    Product,           // ->
    DomainRestrict,    // <:
    RangeRestrict,     // :>
    Join,              // .
    Transpose,         // ~
    Closure,           // ^
    ReflexiveClosure,  // *
    Function,          // text: stor, twoplus, imm, rc, rai
  };
  Kind kind = Kind::True;
  FormulaPtr lhs, rhs, other;  // operands (other: the else branch of Implies)
  std::string op;              // Compare, Quantify
  std::string text;            // Field, Function
  int64_t literal = 0;         // Integer
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

/// The formula printed back in the grammar above (normalised spacing, `X.` dropped).
std::string toString(const Formula& f);

}  // namespace plumb::memmodel
