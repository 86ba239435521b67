// Litmus predicates (predicate.h): a recursive-descent parser over the Alloy subset and an
// evaluator over one candidate execution.
#include "memmodel/predicate.h"

#include <cctype>
#include <charconv>
#include <map>
#include <variant>

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

// --- parser -------------------------------------------------------------------------------------

class Parser {
 public:
  Parser(std::string_view text, PredicateError& error) : text_(text), error_(error) {}

  FormulaPtr parse() {
    if (skipSpace(), pos_ == text_.size()) {  // an empty Alloy predicate body holds
      auto t = std::make_unique<Formula>();
      t->kind = Formula::Kind::True;
      return t;
    }
    FormulaPtr f = formula(0);
    if (f && (skipSpace(), pos_ != text_.size()))
      return fail("unexpected text after the predicate");
    return f;
  }

 private:
  static constexpr int kMaxDepth = 200;  // nesting bound: no stack exhaustion on "((((..."

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool accept(std::string_view token) {
    skipSpace();
    if (text_.substr(pos_, token.size()) != token) return false;
    // A keyword must not run into an identifier ("notx", "andy").
    if (std::isalpha(static_cast<unsigned char>(token.back())) &&
        pos_ + token.size() < text_.size()) {
      char next = text_[pos_ + token.size()];
      if (std::isalnum(static_cast<unsigned char>(next)) || next == '_') return false;
    }
    pos_ += token.size();
    return true;
  }
  std::string identifier() {
    skipSpace();
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
      ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }
  FormulaPtr fail(std::string message) {
    if (error_.message.empty()) error_ = PredicateError{pos_, std::move(message)};
    return nullptr;
  }
  static FormulaPtr binary(Formula::Kind k, FormulaPtr l, FormulaPtr r) {
    auto f = std::make_unique<Formula>();
    f->kind = k;
    f->lhs = std::move(l);
    f->rhs = std::move(r);
    return f;
  }

  FormulaPtr formula(int depth) {
    if (depth > kMaxDepth) return fail("predicate nested too deeply");
    FormulaPtr lhs = disjunction(depth);
    if (!lhs) return nullptr;
    if (accept("=>") || accept("implies")) {
      FormulaPtr rhs = formula(depth + 1);
      if (!rhs) return nullptr;
      return binary(Formula::Kind::Implies, std::move(lhs), std::move(rhs));
    }
    return lhs;
  }
  FormulaPtr disjunction(int depth) {
    FormulaPtr f = conjunction(depth);
    while (f && (accept("||") || accept("or"))) {
      FormulaPtr rhs = conjunction(depth);
      if (!rhs) return nullptr;
      f = binary(Formula::Kind::Or, std::move(f), std::move(rhs));
    }
    return f;
  }
  FormulaPtr conjunction(int depth) {
    FormulaPtr f = unary(depth);
    while (f && (accept("&&") || accept("and"))) {
      FormulaPtr rhs = unary(depth);
      if (!rhs) return nullptr;
      f = binary(Formula::Kind::And, std::move(f), std::move(rhs));
    }
    return f;
  }
  FormulaPtr unary(int depth) {
    if (depth > kMaxDepth) return fail("predicate nested too deeply");
    skipSpace();
    if (pos_ < text_.size() && text_[pos_] == '!' && text_.substr(pos_, 2) != "!=") {
      ++pos_;
      FormulaPtr inner = unary(depth + 1);
      return inner ? binary(Formula::Kind::Not, std::move(inner), nullptr) : nullptr;
    }
    if (accept("not")) {
      FormulaPtr inner = unary(depth + 1);
      return inner ? binary(Formula::Kind::Not, std::move(inner), nullptr) : nullptr;
    }
    if (accept("(")) {
      FormulaPtr inner = formula(depth + 1);
      if (!inner) return nullptr;
      if (!accept(")")) return fail("expected ')'");
      return inner;
    }
    return atom();
  }

  // ["X" "."] field
  bool fieldName(std::string& out) {
    size_t start = (skipSpace(), pos_);
    std::string name = identifier();
    if (name == "X" && accept(".")) name = identifier();
    if (name.empty()) {
      fail("expected the name of a set or relation of sig Exec");
      return false;
    }
    if (!isExecField(name)) {
      pos_ = start;
      fail("'" + name + "' is not a set or relation of sig Exec (spirv.als lines 58-121)");
      return false;
    }
    out = name;
    return true;
  }

  bool intTerm(IntTerm& t) {
    skipSpace();
    if (accept("#")) {
      t.isCount = true;
      return fieldName(t.field);
    }
    size_t start = pos_;
    if (pos_ < text_.size() && text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    auto [end, ec] = std::from_chars(text_.data() + start, text_.data() + pos_, t.literal);
    if (ec != std::errc() || end != text_.data() + pos_ || pos_ == start) {
      pos_ = start;
      fail("expected '#name' or an integer");
      return false;
    }
    return true;
  }

  FormulaPtr atom() {
    skipSpace();
    size_t start = pos_;
    std::string word = identifier();
    static const std::map<std::string, Formula::Kind> kPredicates = {
        {"consistent", Formula::Kind::Consistent},
        {"racefree", Formula::Kind::Racefree},
        {"locordcomplete", Formula::Kind::Locordcomplete}};
    if (auto it = kPredicates.find(word); it != kPredicates.end()) {
      if (!accept("[")) return fail("expected '" + word + "[X]'");
      size_t argument = (skipSpace(), pos_);
      if (identifier() != "X") {
        pos_ = argument;
        return fail("expected '" + word + "[X]'");
      }
      if (!accept("]")) return fail("expected '" + word + "[X]'");
      auto f = std::make_unique<Formula>();
      f->kind = it->second;
      return f;
    }
    if (word == "no" || word == "some" || word == "one" || word == "lone") {
      auto f = std::make_unique<Formula>();
      f->kind = Formula::Kind::Quantify;
      f->op = word;
      return fieldName(f->field) ? std::move(f) : nullptr;
    }
    pos_ = start;
    auto f = std::make_unique<Formula>();
    f->kind = Formula::Kind::Compare;
    if (!intTerm(f->left)) {
      if (!word.empty()) {
        error_ = PredicateError{start, "unknown predicate '" + word +
                                           "' (expected consistent[X], racefree[X], "
                                           "locordcomplete[X], no/some/one/lone or #name)"};
      }
      return nullptr;
    }
    static const char* const kOps[] = {"!=", "<=", "=<", ">=", "=", "<", ">"};
    for (const char* op : kOps)
      if (accept(op)) {
        f->op = std::string(op) == "=<" ? "<=" : op;
        break;
      }
    if (f->op.empty()) return fail("expected a comparison (=, !=, <, >, <=, >=)");
    if (!intTerm(f->right)) return nullptr;
    return f;
  }

  std::string_view text_;
  PredicateError& error_;
  size_t pos_ = 0;
};

int64_t intValue(const IntTerm& t, const CandidateExecution& c) {
  return t.isCount ? static_cast<int64_t>(fieldCardinality(c, t.field)) : t.literal;
}

std::string intText(const IntTerm& t) {
  return t.isCount ? "#" + t.field : std::to_string(t.literal);
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
  switch (f.kind) {
    case Formula::Kind::True:
      return true;
    case Formula::Kind::Consistent:
      return c.consistent;
    case Formula::Kind::Racefree:
      return racefree(c.derived);
    case Formula::Kind::Locordcomplete:
      return locordcomplete(c.program, c.statics, c.derived);
    case Formula::Kind::And:
      return evaluate(*f.lhs, c) && evaluate(*f.rhs, c);
    case Formula::Kind::Or:
      return evaluate(*f.lhs, c) || evaluate(*f.rhs, c);
    case Formula::Kind::Not:
      return !evaluate(*f.lhs, c);
    case Formula::Kind::Implies:
      return !evaluate(*f.lhs, c) || evaluate(*f.rhs, c);
    case Formula::Kind::Quantify: {
      uint64_t n = fieldCardinality(c, f.field);
      if (f.op == "no") return n == 0;
      if (f.op == "some") return n > 0;
      if (f.op == "one") return n == 1;
      return n <= 1;  // lone
    }
    case Formula::Kind::Compare: {
      int64_t l = intValue(f.left, c), r = intValue(f.right, c);
      if (f.op == "=") return l == r;
      if (f.op == "!=") return l != r;
      if (f.op == "<") return l < r;
      if (f.op == ">") return l > r;
      if (f.op == "<=") return l <= r;
      return l >= r;
    }
  }
  return false;
}

std::string toString(const Formula& f) {
  switch (f.kind) {
    case Formula::Kind::True:
      return "";
    case Formula::Kind::Consistent:
      return "consistent[X]";
    case Formula::Kind::Racefree:
      return "racefree[X]";
    case Formula::Kind::Locordcomplete:
      return "locordcomplete[X]";
    case Formula::Kind::And:
      return "(" + toString(*f.lhs) + " && " + toString(*f.rhs) + ")";
    case Formula::Kind::Or:
      return "(" + toString(*f.lhs) + " || " + toString(*f.rhs) + ")";
    case Formula::Kind::Not:
      return "!" + toString(*f.lhs);
    case Formula::Kind::Implies:
      return "(" + toString(*f.lhs) + " => " + toString(*f.rhs) + ")";
    case Formula::Kind::Quantify:
      return f.op + " " + f.field;
    case Formula::Kind::Compare:
      return intText(f.left) + f.op + intText(f.right);
  }
  return "";
}

}  // namespace plumb::memmodel
