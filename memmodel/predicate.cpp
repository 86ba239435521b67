// Litmus predicates (predicate.h): a recursive-descent parser over the Alloy subset, with
// Alloy's operator precedence and a check of every operand's sort (formula, integer, set,
// relation) at parse time, and an evaluator over one candidate execution.
#include "memmodel/predicate.h"

#include <cctype>
#include <charconv>
#include <map>
#include <variant>

#include "memmodel/alloy_functions.h"

namespace plumb::memmodel {

namespace {

// --- fields of sig Exec -------------------------------------------------------------------------

using FieldValue = std::variant<const EventSet*, const Relation*>;
using FieldGetter = FieldValue (*)(const CandidateExecution&);

#define SET(name, expr)                                                     \
  {                                                                         \
    name, [](const CandidateExecution& c) -> FieldValue { return &(expr); } \
  }
#define ATTR(name) SET(#name, c.program.set(Attr::name))

const std::map<std::string_view, FieldGetter>& fields() {
  static const std::map<std::string_view, FieldGetter> kFields = {
      // sets (spirv.als lines 58-73)
      SET("EV", c.statics.EV),
      ATTR(W),
      ATTR(R),
      ATTR(F),
      ATTR(A),
      ATTR(ACQ),
      ATTR(REL),
      ATTR(SC0),
      ATTR(SC1),
      ATTR(SEMSC0),
      ATTR(SEMSC1),
      SET("SEMSC01", c.statics.SEMSC01),
      ATTR(SCOPESG),
      ATTR(SCOPEWG),
      ATTR(SCOPEQF),
      ATTR(SCOPEDEV),
      ATTR(CBAR),
      SET("RFINIT", c.execution.RFINIT),
      ATTR(AV),
      ATTR(VIS),
      SET("AVSHADER", c.statics.AVSHADER),
      SET("VISSHADER", c.statics.VISSHADER),
      SET("AVQF", c.statics.AVQF),
      SET("VISQF", c.statics.VISQF),
      SET("AVWG", c.statics.AVWG),
      SET("VISWG", c.statics.VISWG),
      SET("AVSG", c.statics.AVSG),
      SET("VISSG", c.statics.VISSG),
      ATTR(SEMAV),
      ATTR(SEMVIS),
      ATTR(AVDEVICE),
      ATTR(VISDEVICE),
      ATTR(NONPRIV),
      SET("PRIV", c.statics.PRIV),
      // static relations (lines 76-96)
      SET("sthd", c.program.sthd),
      SET("immpo", c.program.immpo),
      SET("pgmsloc", c.program.pgmsloc),
      SET("ssg", c.program.ssg),
      SET("swg", c.program.swg),
      SET("sqf", c.program.sqf),
      SET("ssw", c.program.ssw),
      SET("scbarinst", c.program.scbarinst),
      SET("pgmsref", c.program.pgmsref),
      SET("chains", c.statics.chains),
      SET("po", c.statics.po),
      SET("posctosem", c.statics.posctosem),
      SET("posemtosc", c.statics.posemtosc),
      SET("inscope", c.statics.inscope),
      SET("mutordatom", c.statics.mutordatom),
      SET("sloc", c.statics.sloc),
      SET("sref", c.statics.sref),
      SET("avvisinc", c.statics.avvisinc),
      // dynamic relations (lines 99-121)
      SET("rf", c.execution.rf),
      SET("asmo", c.execution.asmo),
      SET("rs", c.derived.rs),
      SET("hypors", c.derived.hypors),
      SET("fr", c.derived.fr),
      SET("sw", c.derived.sw),
      SET("ithbsemsc0", c.derived.ithbsemsc0),
      SET("ithbsemsc1", c.derived.ithbsemsc1),
      SET("ithbsemsc01", c.derived.ithbsemsc01),
      SET("hb", c.derived.hb),
      SET("avsg", c.derived.avsg),
      SET("avwg", c.derived.avwg),
      SET("avqf", c.derived.avqf),
      SET("avsh", c.derived.avsh),
      SET("avdv", c.derived.avdv),
      SET("vissg", c.derived.vissg),
      SET("viswg", c.derived.viswg),
      SET("visqf", c.derived.visqf),
      SET("vissh", c.derived.vissh),
      SET("visdv", c.derived.visdv),
      SET("locord", c.derived.locord),
      SET("dr", c.derived.dr),
      SET("visto", c.derived.visto),
  };
  return kFields;
}

#undef ATTR
#undef SET

/// The sets of sig Exec are the upper-case fields (spirv.als lines 58-73); the relations are
/// lower-case (lines 76-121).
bool isSetField(std::string_view name) {
  return !name.empty() && std::isupper(static_cast<unsigned char>(name[0]));
}

// --- sorts --------------------------------------------------------------------------------------

/// What a node denotes. `Empty` is `none`, which Plumb lets stand for the empty set or the
/// empty relation (Alloy's `none` is unary; `r = none` is the common reading of `no r`).
enum class Sort { Formula, Int, Set, Relation, Exec, Empty };

const char* sortName(Sort s) {
  switch (s) {
    case Sort::Formula:
      return "a formula";
    case Sort::Int:
      return "an integer";
    case Sort::Set:
      return "a set";
    case Sort::Relation:
      return "a relation";
    case Sort::Exec:
      return "the execution X";
    case Sort::Empty:
      return "none";
  }
  return "?";
}

bool isRelational(Sort s) {
  return s == Sort::Set || s == Sort::Relation || s == Sort::Empty;
}

/// Same arity, `none` matching either.
bool sameArity(Sort a, Sort b) {
  return isRelational(a) && isRelational(b) && (a == b || a == Sort::Empty || b == Sort::Empty);
}

// --- parser -------------------------------------------------------------------------------------

struct Parsed {
  FormulaPtr node;
  Sort sort = Sort::Formula;
  size_t start = 0, end = 0;  // source span
};

class Parser {
 public:
  Parser(std::string_view text, PredicateError& error) : text_(text), error_(error) {}

  FormulaPtr parse() {
    if (skipSpace(), pos_ == text_.size()) {  // an empty Alloy predicate body holds
      auto t = std::make_unique<Formula>();
      t->kind = Formula::Kind::True;
      return t;
    }
    std::optional<Parsed> f = disjunction(0);
    if (!f) return nullptr;
    if (!requireFormula(*f)) return nullptr;
    if (skipSpace(), pos_ != text_.size()) return fail("unexpected text after the predicate");
    return std::move(f->node);
  }

 private:
  static constexpr int kMaxDepth = 200;  // nesting bound: no stack exhaustion on "((((..."

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool lookingAt(std::string_view token) {
    skipSpace();
    if (text_.substr(pos_, token.size()) != token) return false;
    // A keyword must not run into an identifier ("notx", "andy").
    if (std::isalpha(static_cast<unsigned char>(token.back())) &&
        pos_ + token.size() < text_.size()) {
      char next = text_[pos_ + token.size()];
      if (std::isalnum(static_cast<unsigned char>(next)) || next == '_') return false;
    }
    return true;
  }
  bool accept(std::string_view token) {
    if (!lookingAt(token)) return false;
    pos_ += token.size();
    return true;
  }
  // `token` but not when it begins a longer operator in `longer` ("&" vs "&&", "<" vs "<:").
  bool acceptUnless(std::string_view token, std::initializer_list<std::string_view> longer) {
    for (std::string_view l : longer)
      if (lookingAt(l)) return false;
    return accept(token);
  }
  std::string identifier() {
    skipSpace();
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }
  std::nullptr_t fail(std::string message) { return failAt(pos_, std::move(message)); }
  std::nullptr_t failAt(size_t at, std::string message) {
    if (error_.message.empty()) error_ = PredicateError{at, std::move(message)};
    return nullptr;
  }

  static FormulaPtr node(Formula::Kind k, FormulaPtr l = nullptr, FormulaPtr r = nullptr) {
    auto f = std::make_unique<Formula>();
    f->kind = k;
    f->lhs = std::move(l);
    f->rhs = std::move(r);
    return f;
  }
  Parsed make(Formula::Kind k, Sort s, size_t start, FormulaPtr l = nullptr,
              FormulaPtr r = nullptr) {
    return Parsed{node(k, std::move(l), std::move(r)), s, start, pos_};
  }

  bool requireFormula(const Parsed& p) {
    if (p.sort == Sort::Formula) return true;
    if (p.sort == Sort::Int) {
      failAt(p.end, "expected a comparison (=, !=, <, >, <=, >=)");
    } else {
      failAt(p.start, std::string("expected a formula, found ") + sortName(p.sort) +
                          " (test it with no/some/one/lone, # and a comparison, in or =)");
    }
    return false;
  }
  bool requireSort(const Parsed& p, bool ok, const std::string& what) {
    if (ok) return true;
    failAt(p.start, what + ", found " + sortName(p.sort));
    return false;
  }

  // formula := iff (("||" | "or") iff)*
  std::optional<Parsed> disjunction(int depth) {
    if (depth > kMaxDepth) return fail("predicate nested too deeply"), std::nullopt;
    std::optional<Parsed> f = equivalence(depth);
    while (f && (accept("||") || accept("or"))) {
      std::optional<Parsed> r = equivalence(depth);
      if (!r || !requireFormula(*f) || !requireFormula(*r)) return std::nullopt;
      f = make(Formula::Kind::Or, Sort::Formula, f->start, std::move(f->node), std::move(r->node));
    }
    return f;
  }
  std::optional<Parsed> equivalence(int depth) {
    std::optional<Parsed> f = implication(depth);
    while (f && (accept("<=>") || accept("iff"))) {
      std::optional<Parsed> r = implication(depth);
      if (!r || !requireFormula(*f) || !requireFormula(*r)) return std::nullopt;
      f = make(Formula::Kind::Iff, Sort::Formula, f->start, std::move(f->node), std::move(r->node));
    }
    return f;
  }
  std::optional<Parsed> implication(int depth) {
    if (depth > kMaxDepth) return fail("predicate nested too deeply"), std::nullopt;
    std::optional<Parsed> f = conjunction(depth);
    if (!f || !(accept("=>") || accept("implies"))) return f;
    std::optional<Parsed> r = implication(depth + 1);
    if (!r || !requireFormula(*f) || !requireFormula(*r)) return std::nullopt;
    Parsed out = make(Formula::Kind::Implies, Sort::Formula, f->start, std::move(f->node),
                      std::move(r->node));
    if (accept("else")) {
      std::optional<Parsed> e = implication(depth + 1);
      if (!e || !requireFormula(*e)) return std::nullopt;
      out.node->other = std::move(e->node);
      out.end = pos_;
    }
    return out;
  }
  std::optional<Parsed> conjunction(int depth) {
    std::optional<Parsed> f = negation(depth);
    while (f && (accept("&&") || accept("and"))) {
      std::optional<Parsed> r = negation(depth);
      if (!r || !requireFormula(*f) || !requireFormula(*r)) return std::nullopt;
      f = make(Formula::Kind::And, Sort::Formula, f->start, std::move(f->node), std::move(r->node));
    }
    return f;
  }
  std::optional<Parsed> negation(int depth) {
    if (depth > kMaxDepth) return fail("predicate nested too deeply"), std::nullopt;
    size_t start = (skipSpace(), pos_);
    bool bang = pos_ < text_.size() && text_[pos_] == '!' && !lookingAt("!=") && !lookingAt("!in");
    if (bang) ++pos_;
    if (bang || accept("not")) {
      std::optional<Parsed> inner = negation(depth + 1);
      if (!inner || !requireFormula(*inner)) return std::nullopt;
      return make(Formula::Kind::Not, Sort::Formula, start, std::move(inner->node));
    }
    return comparison(depth);
  }

  // expr cmp expr | no/some/one/lone expr | expr
  std::optional<Parsed> comparison(int depth) {
    size_t start = (skipSpace(), pos_);
    for (const char* q : {"no", "some", "one", "lone"}) {
      if (!accept(q)) continue;
      std::optional<Parsed> e = expression(depth);
      if (!e || !requireSort(*e, isRelational(e->sort),
                             std::string("'") + q + "' needs a set or relation"))
        return std::nullopt;
      Parsed out = make(Formula::Kind::Quantify, Sort::Formula, start, std::move(e->node));
      out.node->op = q;
      return out;
    }
    std::optional<Parsed> l = expression(depth);
    if (!l) return std::nullopt;
    bool negated = false;
    std::string op;
    size_t beforeNot = pos_;
    if (accept("!in") || (accept("not") && accept("in"))) {
      op = "in";
      negated = true;
    } else if (pos_ = beforeNot, accept("in")) {
      op = "in";
    } else {
      static const char* const kOps[] = {"!=", "<=", "=<", ">=", "=", "<", ">"};
      for (const char* o : kOps) {
        if (std::string_view(o) == "=" && lookingAt("=>")) continue;
        if (std::string_view(o) == "<" && (lookingAt("<:") || lookingAt("<=>"))) continue;
        if (std::string_view(o) == "<=" && lookingAt("<=>")) continue;
        if (accept(o)) {
          op = std::string(o) == "=<" ? "<=" : o;
          break;
        }
      }
    }
    if (op.empty()) return l;
    std::optional<Parsed> r = expression(depth);
    if (!r) return std::nullopt;
    bool ordering = op == "<" || op == ">" || op == "<=" || op == ">=";
    if (ordering || (l->sort == Sort::Int && (op == "=" || op == "!="))) {
      if (!requireSort(*l, l->sort == Sort::Int, "'" + op + "' compares integers") ||
          !requireSort(*r, r->sort == Sort::Int, "'" + op + "' compares integers"))
        return std::nullopt;
    } else if (!requireSort(*l, isRelational(l->sort), "'" + op + "' compares sets or relations") ||
               !requireSort(*r, sameArity(l->sort, r->sort),
                            std::string("'") + op + "' needs the same arity as its left side (" +
                                sortName(l->sort) + ")")) {
      return std::nullopt;
    }
    Parsed out =
        make(Formula::Kind::Compare, Sort::Formula, start, std::move(l->node), std::move(r->node));
    out.node->op = op;
    if (negated) out = make(Formula::Kind::Not, Sort::Formula, start, std::move(out.node));
    return out;
  }

  // expr := card (("+" | "-") card)*
  std::optional<Parsed> expression(int depth) {
    std::optional<Parsed> e = cardinality(depth);
    while (e) {
      Formula::Kind k;
      if (acceptUnless("+", {}))
        k = Formula::Kind::Union;
      else if (acceptUnless("-", {"->"}))
        k = Formula::Kind::Difference;
      else
        break;
      std::optional<Parsed> r = cardinality(depth);
      if (!r) return std::nullopt;
      if (!requireSort(*e, isRelational(e->sort), "'+' and '-' combine sets or relations") ||
          !requireSort(*r, sameArity(e->sort, r->sort),
                       std::string("'+' and '-' need operands of one arity (left: ") +
                           sortName(e->sort) + ")"))
        return std::nullopt;
      Sort s = e->sort == Sort::Empty ? r->sort : e->sort;
      e = make(k, s, e->start, std::move(e->node), std::move(r->node));
    }
    return e;
  }
  std::optional<Parsed> cardinality(int depth) {
    size_t start = (skipSpace(), pos_);
    if (!accept("#")) return intersection(depth);
    std::optional<Parsed> e = intersection(depth);
    if (!e || !requireSort(*e, isRelational(e->sort), "'#' counts a set or relation"))
      return std::nullopt;
    return make(Formula::Kind::Count, Sort::Int, start, std::move(e->node));
  }
  std::optional<Parsed> intersection(int depth) {
    std::optional<Parsed> e = product(depth);
    while (e && acceptUnless("&", {"&&"})) {
      std::optional<Parsed> r = product(depth);
      if (!r) return std::nullopt;
      if (!requireSort(*e, isRelational(e->sort), "'&' intersects sets or relations") ||
          !requireSort(
              *r, sameArity(e->sort, r->sort),
              std::string("'&' needs operands of one arity (left: ") + sortName(e->sort) + ")"))
        return std::nullopt;
      Sort s = e->sort == Sort::Empty ? r->sort : e->sort;
      e = make(Formula::Kind::Intersection, s, e->start, std::move(e->node), std::move(r->node));
    }
    return e;
  }
  std::optional<Parsed> product(int depth) {
    std::optional<Parsed> e = restriction(depth);
    while (e && accept("->")) {
      std::optional<Parsed> r = restriction(depth);
      if (!r) return std::nullopt;
      if (!requireSort(*e, e->sort == Sort::Set || e->sort == Sort::Empty,
                       "'->' builds a relation from two sets") ||
          !requireSort(*r, r->sort == Sort::Set || r->sort == Sort::Empty,
                       "'->' builds a relation from two sets"))
        return std::nullopt;
      e = make(Formula::Kind::Product, Sort::Relation, e->start, std::move(e->node),
               std::move(r->node));
    }
    return e;
  }
  std::optional<Parsed> restriction(int depth) {
    std::optional<Parsed> e = join(depth);
    while (e) {
      bool domain = accept("<:");
      if (!domain && !accept(":>")) break;
      std::optional<Parsed> r = join(depth);
      if (!r) return std::nullopt;
      const Parsed& set = domain ? *e : *r;
      const Parsed& rel = domain ? *r : *e;
      if (!requireSort(set, set.sort == Sort::Set || set.sort == Sort::Empty,
                       "'<:' and ':>' restrict by a set") ||
          !requireSort(rel, rel.sort == Sort::Relation || rel.sort == Sort::Empty,
                       "'<:' and ':>' restrict a relation"))
        return std::nullopt;
      e = make(domain ? Formula::Kind::DomainRestrict : Formula::Kind::RangeRestrict,
               Sort::Relation, e->start, std::move(e->node), std::move(r->node));
    }
    return e;
  }
  std::optional<Parsed> join(int depth) {
    std::optional<Parsed> e = unaryExpression(depth);
    while (e && acceptUnless(".", {})) {
      std::optional<Parsed> r = unaryExpression(depth);
      // `a . X . f` is `a . f` (X is the one Exec).
      while (r && r->sort == Sort::Exec && accept(".")) r = unaryExpression(depth);
      if (!r) return std::nullopt;
      if (e->sort == Sort::Exec) {  // X.field: with one Exec, the field itself
        if (!requireSort(*r, isRelational(r->sort), "'X.' selects a field of sig Exec"))
          return std::nullopt;
        r->start = e->start;
        e = std::move(r);
        continue;
      }
      if (!requireSort(*e, isRelational(e->sort), "'.' joins sets and relations") ||
          !requireSort(*r, isRelational(r->sort), "'.' joins sets and relations"))
        return std::nullopt;
      if (e->sort == Sort::Set && r->sort == Sort::Set)
        return failAt(r->start, "'.' of two sets has arity 0"), std::nullopt;
      Sort s = (e->sort == Sort::Empty || r->sort == Sort::Empty)         ? Sort::Empty
               : (e->sort == Sort::Relation && r->sort == Sort::Relation) ? Sort::Relation
                                                                          : Sort::Set;
      e = make(Formula::Kind::Join, s, e->start, std::move(e->node), std::move(r->node));
    }
    return e;
  }
  std::optional<Parsed> unaryExpression(int depth) {
    if (depth > kMaxDepth) return fail("predicate nested too deeply"), std::nullopt;
    size_t start = (skipSpace(), pos_);
    Formula::Kind k;
    if (accept("~"))
      k = Formula::Kind::Transpose;
    else if (accept("^"))
      k = Formula::Kind::Closure;
    else if (accept("*"))
      k = Formula::Kind::ReflexiveClosure;
    else
      return atom(depth);
    std::optional<Parsed> e = unaryExpression(depth + 1);
    // `~X.rf`: Alloy's unary operators bind tighter than `.`, which would make this `(~X).rf`,
    // a type error; the only meaning it can have is `~(X.rf)`.
    while (e && e->sort == Sort::Exec && accept(".")) e = unaryExpression(depth + 1);
    if (!e || !requireSort(*e, e->sort == Sort::Relation || e->sort == Sort::Empty,
                           "'~', '^' and '*' apply to a relation"))
      return std::nullopt;
    return make(k, Sort::Relation, start, std::move(e->node));
  }

  // The bracketed arguments of a predicate or function call, each an expression.
  std::optional<std::vector<Parsed>> arguments(int depth) {
    std::vector<Parsed> args;
    if (!accept("[")) return fail("expected '['"), std::nullopt;
    do {
      std::optional<Parsed> a = expression(depth + 1);
      if (!a) return std::nullopt;
      args.push_back(std::move(*a));
    } while (accept(","));
    if (!accept("]")) return fail("expected ']'"), std::nullopt;
    return args;
  }

  std::optional<Parsed> atom(int depth) {
    size_t start = (skipSpace(), pos_);
    if (accept("(")) {
      std::optional<Parsed> inner = disjunction(depth + 1);
      if (!inner) return std::nullopt;
      if (!accept(")")) return fail("expected ')'"), std::nullopt;
      inner->start = start;
      inner->end = pos_;
      return inner;
    }
    if (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) ||
                                (text_[pos_] == '-' && pos_ + 1 < text_.size() &&
                                 std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]))))) {
      size_t end = pos_ + 1;
      while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end]))) ++end;
      int64_t v = 0;
      auto [p, ec] = std::from_chars(text_.data() + pos_, text_.data() + end, v);
      if (ec != std::errc() || p != text_.data() + end)
        return fail("integer out of range"), std::nullopt;
      pos_ = end;
      Parsed out = make(Formula::Kind::Integer, Sort::Int, start);
      out.node->literal = v;
      return out;
    }
    std::string word = identifier();
    if (word.empty()) return fail("expected a formula or an expression"), std::nullopt;
    // Predicates of spirv.als over one execution (lines 397-413).
    static const std::map<std::string, Formula::Kind> kExecPredicates = {
        {"consistent", Formula::Kind::Consistent},
        {"racefree", Formula::Kind::Racefree},
        {"locordcomplete", Formula::Kind::Locordcomplete}};
    if (auto it = kExecPredicates.find(word); it != kExecPredicates.end()) {
      std::string expected = "expected '" + word + "[X]'";
      if (!accept("[")) return fail(expected), std::nullopt;
      size_t argument = (skipSpace(), pos_);
      if (identifier() != "X") return failAt(argument, expected), std::nullopt;
      if (!accept("]")) return fail(expected), std::nullopt;
      return make(it->second, Sort::Formula, start);
    }
    // Predicates on relations: spirv.als lines 13-26 and util/relation.
    struct RelationPredicate {
      Formula::Kind kind;
      bool withSet;
    };
    static const std::map<std::string, RelationPredicate> kRelationPredicates = {
        {"is_acyclic", {Formula::Kind::Acyclic, false}},
        {"acyclic", {Formula::Kind::Acyclic, true}},
        {"strict_partial_order", {Formula::Kind::StrictPartialOrder, false}},
        {"is_equivalence", {Formula::Kind::Equivalence, true}},
        {"transitive", {Formula::Kind::Transitive, false}}};
    if (auto it = kRelationPredicates.find(word); it != kRelationPredicates.end()) {
      std::optional<std::vector<Parsed>> args = arguments(depth);
      if (!args) return std::nullopt;
      size_t want = it->second.withSet ? 2 : 1;
      if (args->size() != want)
        return failAt(start, "'" + word + "' takes " + std::to_string(want) + " argument(s)"),
               std::nullopt;
      if (!requireSort((*args)[0],
                       (*args)[0].sort == Sort::Relation || (*args)[0].sort == Sort::Empty,
                       "'" + word + "' needs a relation"))
        return std::nullopt;
      if (want == 2 &&
          !requireSort((*args)[1], (*args)[1].sort == Sort::Set || (*args)[1].sort == Sort::Empty,
                       "the second argument of '" + word + "' is a set"))
        return std::nullopt;
      Parsed out = make(it->second.kind, Sort::Formula, start, std::move((*args)[0].node),
                        want == 2 ? std::move((*args)[1].node) : nullptr);
      out.node->text = word;
      return out;
    }
    // Functions of spirv.als (lines 29-51).
    if (word == "stor" || word == "twoplus" || word == "imm" || word == "rc" || word == "rai") {
      std::optional<std::vector<Parsed>> args = arguments(depth);
      if (!args) return std::nullopt;
      if (args->size() != 1) return failAt(start, "'" + word + "' takes 1 argument"), std::nullopt;
      bool wantsSet = word == "stor";
      Sort s = (*args)[0].sort;
      if (!requireSort((*args)[0],
                       s == Sort::Empty || (wantsSet ? s == Sort::Set : s == Sort::Relation),
                       "'" + word + "' needs " + (wantsSet ? "a set" : "a relation")))
        return std::nullopt;
      Parsed out = make(Formula::Kind::Function, Sort::Relation, start, std::move((*args)[0].node));
      out.node->text = word;
      return out;
    }
    if (word == "X") return make(Formula::Kind::Exec, Sort::Exec, start);
    if (word == "iden") return make(Formula::Kind::Iden, Sort::Relation, start);
    if (word == "none") return make(Formula::Kind::None, Sort::Empty, start);
    if (word == "univ" || word == "E") return make(Formula::Kind::Univ, Sort::Set, start);
    if (isExecField(word)) {
      Parsed out = make(Formula::Kind::Field, isSetField(word) ? Sort::Set : Sort::Relation, start);
      out.node->text = word;
      return out;
    }
    if (lookingAt("["))
      return failAt(start, "unknown predicate '" + word +
                               "' (expected consistent[X], racefree[X], locordcomplete[X], "
                               "is_acyclic, strict_partial_order, is_equivalence, acyclic, "
                               "transitive, or a function stor, twoplus, imm, rc, rai)"),
             std::nullopt;
    return failAt(start,
                  "'" + word + "' is not a set or relation of sig Exec (spirv.als lines 58-121)"),
           std::nullopt;
  }

  std::string_view text_;
  PredicateError& error_;
  size_t pos_ = 0;
};

// --- evaluation ---------------------------------------------------------------------------------

/// The value of an expression: a set, a relation or an integer (`none` evaluates to an empty
/// set; combining it with a relation treats it as the empty relation).
struct Value {
  Sort sort = Sort::Empty;
  EventSet set;
  Relation rel;
  int64_t integer = 0;
};

Relation asRelation(const Value& v, uint32_t n) {
  return v.sort == Sort::Relation ? v.rel : Relation(n);
}
EventSet asSet(const Value& v, uint32_t n) {
  return v.sort == Sort::Set ? v.set : EventSet(n);
}

Value setValue(EventSet s) {
  Value v;
  v.sort = Sort::Set;
  v.set = std::move(s);
  return v;
}
Value relationValue(Relation r) {
  Value v;
  v.sort = Sort::Relation;
  v.rel = std::move(r);
  return v;
}

Value valueOf(const Formula& f, const CandidateExecution& c);

uint64_t cardinality(const Value& v) {
  if (v.sort == Sort::Set) return v.set.count();
  if (v.sort == Sort::Relation) return v.rel.count();
  return 0;
}

/// `a op b` for two values of one arity (`none` takes the other's).
Value combine(Formula::Kind k, const Value& a, const Value& b, uint32_t n) {
  Sort s = a.sort == Sort::Empty ? b.sort : a.sort;
  if (s == Sort::Empty) return Value{};
  if (s == Sort::Set) {
    EventSet x = asSet(a, n), y = asSet(b, n);
    return setValue(k == Formula::Kind::Union          ? x + y
                    : k == Formula::Kind::Intersection ? x & y
                                                       : x - y);
  }
  Relation x = asRelation(a, n), y = asRelation(b, n);
  return relationValue(k == Formula::Kind::Union          ? x + y
                       : k == Formula::Kind::Intersection ? x & y
                                                          : x - y);
}

Value valueOf(const Formula& f, const CandidateExecution& c) {
  const uint32_t n = c.program.size();
  using K = Formula::Kind;
  switch (f.kind) {
    case K::Field: {
      FieldValue v = fields().at(f.text)(c);
      if (auto* s = std::get_if<const EventSet*>(&v)) return setValue(**s);
      return relationValue(*std::get<const Relation*>(v));
    }
    case K::Iden:
      return relationValue(iden(n));
    case K::Univ:
      return setValue(allEvents(n));
    case K::None:
    case K::Exec:
      return Value{};
    case K::Integer: {
      Value v;
      v.sort = Sort::Int;
      v.integer = f.literal;
      return v;
    }
    case K::Count: {
      Value v;
      v.sort = Sort::Int;
      v.integer = static_cast<int64_t>(cardinality(valueOf(*f.lhs, c)));
      return v;
    }
    case K::Union:
    case K::Difference:
    case K::Intersection:
      return combine(f.kind, valueOf(*f.lhs, c), valueOf(*f.rhs, c), n);
    case K::Product:
      return relationValue(cross(asSet(valueOf(*f.lhs, c), n), asSet(valueOf(*f.rhs, c), n)));
    case K::DomainRestrict:
      return relationValue(
          asRelation(valueOf(*f.rhs, c), n).domainRestrict(asSet(valueOf(*f.lhs, c), n)));
    case K::RangeRestrict:
      return relationValue(
          asRelation(valueOf(*f.lhs, c), n).rangeRestrict(asSet(valueOf(*f.rhs, c), n)));
    case K::Join: {
      Value a = valueOf(*f.lhs, c), b = valueOf(*f.rhs, c);
      if (a.sort == Sort::Empty || b.sort == Sort::Empty) return Value{};
      if (a.sort == Sort::Set) return setValue(b.rel.image(a.set));              // s.r
      if (b.sort == Sort::Set) return setValue(a.rel.transpose().image(b.set));  // r.s
      return relationValue(a.rel.compose(b.rel));                                // r.r
    }
    case K::Transpose:
      return relationValue(asRelation(valueOf(*f.lhs, c), n).transpose());
    case K::Closure:
      return relationValue(asRelation(valueOf(*f.lhs, c), n).closure());
    case K::ReflexiveClosure:
      return relationValue(asRelation(valueOf(*f.lhs, c), n).reflexiveClosure());
    case K::Function: {
      Value a = valueOf(*f.lhs, c);
      if (f.text == "stor") return relationValue(stor(asSet(a, n)));
      Relation r = asRelation(a, n);
      if (f.text == "twoplus") return relationValue(twoplus(r));
      if (f.text == "imm") return relationValue(imm(r));
      if (f.text == "rc") return relationValue(rc(r));
      return relationValue(rai(r));
    }
    default:
      return Value{};
  }
}

bool compare(const Formula& f, const CandidateExecution& c) {
  Value a = valueOf(*f.lhs, c), b = valueOf(*f.rhs, c);
  if (a.sort == Sort::Int || b.sort == Sort::Int) {
    int64_t l = a.integer, r = b.integer;
    if (f.op == "=") return l == r;
    if (f.op == "!=") return l != r;
    if (f.op == "<") return l < r;
    if (f.op == ">") return l > r;
    if (f.op == "<=") return l <= r;
    return l >= r;
  }
  const uint32_t n = c.program.size();
  Sort s = a.sort == Sort::Empty ? b.sort : a.sort;
  bool subset, equal;
  if (s == Sort::Relation) {
    Relation x = asRelation(a, n), y = asRelation(b, n);
    subset = x.in(y);
    equal = x == y;
  } else {
    EventSet x = asSet(a, n), y = asSet(b, n);
    subset = x.in(y);
    equal = x == y;
  }
  if (f.op == "in") return subset;
  if (f.op == "=") return equal;
  return !equal;  // "!="
}

}  // namespace

FormulaPtr parsePredicate(std::string_view text, PredicateError& error) {
  error = PredicateError{};
  FormulaPtr f = Parser(text, error).parse();
  if (!f && error.message.empty()) error.message = "invalid predicate";
  return f;
}

bool impliesConsistent(const Formula& f) {
  if (f.kind == Formula::Kind::Consistent) return true;
  if (f.kind == Formula::Kind::And) return impliesConsistent(*f.lhs) || impliesConsistent(*f.rhs);
  if (f.kind == Formula::Kind::Or) return impliesConsistent(*f.lhs) && impliesConsistent(*f.rhs);
  return false;
}

bool isExecField(std::string_view field) {
  return fields().count(field) != 0;
}

uint64_t fieldCardinality(const CandidateExecution& c, std::string_view field) {
  auto it = fields().find(field);
  if (it == fields().end()) return 0;
  FieldValue v = it->second(c);
  if (auto* s = std::get_if<const EventSet*>(&v)) return (*s)->count();
  return std::get<const Relation*>(v)->count();
}

bool evaluate(const Formula& f, const CandidateExecution& c) {
  using K = Formula::Kind;
  switch (f.kind) {
    case K::True:
      return true;
    case K::Consistent:
      return c.consistent;
    case K::Racefree:
      return racefree(c.derived);
    case K::Locordcomplete:
      return locordcomplete(c.program, c.statics, c.derived);
    case K::Acyclic:
      // `acyclic[r, s]` (util/relation) and `is_acyclic[r]`: no cycle of r (within s, which
      // the model always takes as E, every event).
      return isAcyclic(asRelation(valueOf(*f.lhs, c), c.program.size()));
    case K::StrictPartialOrder:
      return strictPartialOrder(asRelation(valueOf(*f.lhs, c), c.program.size()));
    case K::Transitive:
      return asRelation(valueOf(*f.lhs, c), c.program.size()).transitive();
    case K::Equivalence:
      return isEquivalence(asRelation(valueOf(*f.lhs, c), c.program.size()),
                           asSet(valueOf(*f.rhs, c), c.program.size()));
    case K::And:
      return evaluate(*f.lhs, c) && evaluate(*f.rhs, c);
    case K::Or:
      return evaluate(*f.lhs, c) || evaluate(*f.rhs, c);
    case K::Not:
      return !evaluate(*f.lhs, c);
    case K::Implies:
      if (evaluate(*f.lhs, c)) return evaluate(*f.rhs, c);
      return f.other ? evaluate(*f.other, c) : true;
    case K::Iff:
      return evaluate(*f.lhs, c) == evaluate(*f.rhs, c);
    case K::Quantify: {
      uint64_t k = cardinality(valueOf(*f.lhs, c));
      if (f.op == "no") return k == 0;
      if (f.op == "some") return k > 0;
      if (f.op == "one") return k == 1;
      return k <= 1;  // lone
    }
    case K::Compare:
      return compare(f, c);
    default:
      return false;  // an expression is never a formula (the parser checks sorts)
  }
}

std::string toString(const Formula& f) {
  using K = Formula::Kind;
  auto bin = [&](const char* op) {
    return "(" + toString(*f.lhs) + " " + op + " " + toString(*f.rhs) + ")";
  };
  switch (f.kind) {
    case K::True:
      return "";
    case K::Consistent:
      return "consistent[X]";
    case K::Racefree:
      return "racefree[X]";
    case K::Locordcomplete:
      return "locordcomplete[X]";
    case K::Acyclic:
    case K::StrictPartialOrder:
    case K::Transitive:
    case K::Equivalence:
      return f.text + "[" + toString(*f.lhs) + (f.rhs ? ", " + toString(*f.rhs) : "") + "]";
    case K::And:
      return bin("&&");
    case K::Or:
      return bin("||");
    case K::Iff:
      return bin("<=>");
    case K::Not:
      return "!" + toString(*f.lhs);
    case K::Implies:
      return "(" + toString(*f.lhs) + " => " + toString(*f.rhs) +
             (f.other ? " else " + toString(*f.other) : "") + ")";
    case K::Quantify:
      return f.op + " " + toString(*f.lhs);
    case K::Compare:
      return f.op == "in" ? toString(*f.lhs) + " in " + toString(*f.rhs)
                          : toString(*f.lhs) + f.op + toString(*f.rhs);
    case K::Field:
      return f.text;
    case K::Exec:
      return "X";
    case K::Iden:
      return "iden";
    case K::None:
      return "none";
    case K::Univ:
      return "univ";
    case K::Integer:
      return std::to_string(f.literal);
    case K::Count:
      return "#" + toString(*f.lhs);
    case K::Union:
      return bin("+");
    case K::Difference:
      return bin("-");
    case K::Intersection:
      return bin("&");
    case K::Product:
      return bin("->");
    case K::DomainRestrict:
      return bin("<:");
    case K::RangeRestrict:
      return bin(":>");
    case K::Join:
      return bin(".");
    case K::Transpose:
      return "~" + toString(*f.lhs);
    case K::Closure:
      return "^" + toString(*f.lhs);
    case K::ReflexiveClosure:
      return "*" + toString(*f.lhs);
    case K::Function:
      return f.text + "[" + toString(*f.lhs) + "]";
  }
  return "";
}

}  // namespace plumb::memmodel
