// The `overloads` family: conversion ranks (#conversion-rank), overload resolution
// (#overload-resolution-section), every operator and built-in function row with abstract
// parameters, type constructors (#type-constructor-expr) and the type inference of `let`,
// `var`, `const` and `override` declarations from abstract initializers.
//
// Z3 chooses argument types: each argument is a scalar kind (bool, AbstractInt, AbstractFloat,
// i32, u32, f32, f16) with a shape (scalar, vecN, matCxR), all solver variables; the candidate
// overloads of the call (from the overload table's data, or the constructor forms written from
// the seed's tables) are encoded with the seed's ConversionRank as an integer table and the
// procedure of #overload-resolution-section as constraints. The solver finds arguments for
// which a single candidate is most preferable — the one the row is about — and the result type
// T is pinned by a typed declaration (`let r: T = f(args);`, or for an abstract T a `const`
// with two typed uses), so that any other choice is visible. The twin is one argument edited
// (a suffix, a width): no candidate is feasible, or the preferred candidate changes to one the
// pins reject. The model is the family's expectation; it is checked against the direct
// computation of the procedure (overload_model.h) before a case is written.
//
// Seed defects followed as Plumb records them: the table's rank numbers, not the examples'
// (docs/ambiguities.md S2); bottom-up evaluation of abstract subexpressions (S1); `u32(e)`
// accepting AbstractInt (S4); `!=` on f16 (S13); distance and length returning S (S7, B28);
// `override` initializers concretized like `let` (S10).
#include <algorithm>
#include <map>
#include <set>

#include "gen/wgsl/constructor_forms.h"
#include "gen/wgsl/families.h"
#include "gen/wgsl/overload_programs.h"
#include "gen/wgsl/overload_query.h"

namespace plumb::gen::wgsl {

// A named namespace around the anonymous one: a unity build compiles the families in one
// translation unit, where each has its own Row and makeRows and its using-directive must stay
// inside (README, Continuous integration).
namespace overloads_family {
namespace {

using namespace overload;

// ---------------------------------------------------------------------------------------------
// The rows.

enum class RowKind {
  Rank,              // a row of the ConversionRank table
  SinglePreferable,  // #overload-resolution-section: one candidate preferred over all others
  NoFeasible,        // #overload-resolution-section: no candidate is feasible
  Ambiguous,         // #overload-resolution-section: none preferred over all (no case exists)
  TableRow,          // an operator or built-in row with abstract parameters
  Constructor,       // a form of #type-constructor-expr
  Inference,         // let/var/const/override type inference
};

enum class CtorRow {
  VectorInferred,
  VectorTyped,
  MatrixInferred,
  MatrixTyped,
  Array,
  Struct,
  ScalarConversion,
  VectorConversion,
  MatrixConversion,
  ZeroValue
};
enum class InferRow { Let, Var, Const, Override };

struct Row {
  RuleRow rule;
  RowKind kind;
  int index = 0;  // rank row, overloadRows() index, CtorRow or InferRow
};

std::string operatorWord(OverloadKind kind, std::string_view op) {
  static const std::map<std::string, std::string> words = {{"+", "plus"},
                                                           {"-", "minus"},
                                                           {"*", "times"},
                                                           {"/", "divide"},
                                                           {"%", "remainder"},
                                                           {"==", "equal"},
                                                           {"!=", "not-equal"},
                                                           {"<", "less"},
                                                           {"<=", "less-equal"},
                                                           {">", "greater"},
                                                           {">=", "greater-equal"},
                                                           {"~", "complement"},
                                                           {"|", "or"},
                                                           {"&", "and"},
                                                           {"^", "xor"},
                                                           {"<<", "shift-left"},
                                                           {">>", "shift-right"},
                                                           {"!", "not"},
                                                           {"&&", "and-and"},
                                                           {"||", "or-or"}};
  std::string w = words.at(std::string(op));
  return kind == OverloadKind::UnaryOperator && op == "-" ? "negate" : w;
}

std::vector<Row> makeRows() {
  std::vector<Row> rows;
  for (size_t i = 0; i < rankRows().size(); ++i) {
    const RankRow& r = rankRows()[i];
    RuleRow rule{std::string("overloads.rank.") + r.id, "conversion-rank", r.name, "", ""};
    rows.push_back({rule, RowKind::Rank, static_cast<int>(i)});
  }
  rows.push_back(
      {{"overloads.resolution.single-most-preferable", "overload-resolution-section",
        "several feasible candidates, a single one preferred over all the others", "", ""},
       RowKind::SinglePreferable});
  rows.push_back({{"overloads.resolution.no-feasible-candidate", "overload-resolution-section",
                   "no candidate's preconditions are met, directly or by feasible automatic "
                   "conversion",
                   "", ""},
                  RowKind::NoFeasible});
  rows.push_back(
      {{"overloads.resolution.ambiguous", "overload-resolution-section",
        "several feasible candidates, none preferred over all the others: resolution fails",
        "an ambiguous call is never valid: the valid side of this boundary is the row "
        "overloads.resolution.single-most-preferable",
        "no argument types make a call of any operator, built-in function or type constructor "
        "of the seed ambiguous: every family of candidates ranks AbstractInt < i32 < u32 < "
        "AbstractFloat < f32 < f16 alike at every position; Z3 finds no ambiguous call over "
        "every type the family spells (tests/gen/overloads_test.cpp, NoCallIsAmbiguous)"},
       RowKind::Ambiguous});
  // Every operator and built-in function row whose parameterization has an abstract type.
  std::span<const OverloadRow> table = overloadRows();
  std::map<std::string, int> perName;
  for (size_t i = 0; i < table.size(); ++i) {
    const OverloadRow& o = table[i];
    std::string key = std::to_string(static_cast<int>(o.kind)) + std::string(o.name);
    int k = ++perName[key];
    if (std::string_view(o.parameterization).find("Abstract") == std::string_view::npos) continue;
    bool op = o.kind != OverloadKind::Builtin;
    std::string word = op ? operatorWord(o.kind, o.name) : std::string(o.name);
    std::string id = std::string("overloads.") + (op ? "operator." : "builtin.") + word + "." +
                     std::to_string(k);
    std::string text =
        (op ? "operator " : "") + std::string(o.name) + std::string(o.signature) +
        (o.parameterization.empty() ? std::string() : " where " + std::string(o.parameterization));
    rows.push_back(
        {{id, std::string(o.anchor), text, "", ""}, RowKind::TableRow, static_cast<int>(i)});
  }
  auto ctor = [&](const char* id, const char* anchor, const char* text, CtorRow r) {
    rows.push_back({{std::string("overloads.constructor.") + id, anchor, text, "", ""},
                    RowKind::Constructor,
                    static_cast<int>(r)});
  };
  ctor("vector-inferred", "construction-from-components",
       "vecN(e1, ...): the component type is inferred by overload resolution",
       CtorRow::VectorInferred);
  ctor("vector-typed", "construction-from-components",
       "vecN<T>(e1, ...): components converted to T", CtorRow::VectorTyped);
  ctor("matrix-inferred", "construction-from-components",
       "matCxR(e1, ...): columns or elements, the component type inferred",
       CtorRow::MatrixInferred);
  ctor("matrix-typed", "construction-from-components",
       "matCxR<T>(e1, ...): columns or elements converted to T", CtorRow::MatrixTyped);
  ctor("array", "construction-from-components", "array<T, N>(e1, ..., eN): elements converted to T",
       CtorRow::Array);
  ctor("structure", "construction-from-components",
       "S(e1, ..., eN): members converted to their types", CtorRow::Struct);
  ctor("scalar-conversion", "conversion-expr", "T(e) for a scalar T: identity or conversion",
       CtorRow::ScalarConversion);
  ctor("vector-conversion", "conversion-expr", "vecN<T>(e) from a vector of another component type",
       CtorRow::VectorConversion);
  ctor("matrix-conversion", "conversion-expr", "matCxR<T>(e) from a matrix of the other float type",
       CtorRow::MatrixConversion);
  ctor("zero-value", "zero-value-expr", "T(): the zero value of a vector or matrix type T",
       CtorRow::ZeroValue);
  auto infer = [&](const char* id, const char* anchor, const char* text, InferRow r) {
    rows.push_back({{std::string("overloads.inference.") + id, anchor, text, "", ""},
                    RowKind::Inference,
                    static_cast<int>(r)});
  };
  infer("let", "let-decls",
        "let x = e: the type is the most preferred concrete conversion of e's type", InferRow::Let);
  infer("var", "var-decls",
        "var x = e: the store type is the most preferred concrete conversion of e's type",
        InferRow::Var);
  infer("const", "creation-time-consts", "const x = e: the type stays abstract", InferRow::Const);
  infer("override", "override-decls",
        "override x = e: concretized like a let (docs/ambiguities.md S10)", InferRow::Override);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Values: creation-time calls are evaluated, so each position gets values in the function's
// domain (#float-builtin-functions): acos/asin need |e| <= 1, atanh |e| < 1, smoothstep
// low < high, clamp low <= high for floats (docs/ambiguities.md S7).

std::vector<int> safeValues(const std::string& name, size_t position) {
  if (name == "acos" || name == "asin") return {0, 1};
  if (name == "atanh") return {0};
  if (name == "smoothstep")
    return position == 0   ? std::vector<int>{0}
           : position == 1 ? std::vector<int>{2, 3}
                           : std::vector<int>{1};
  if (name == "clamp")
    return position == 1   ? std::vector<int>{1}
           : position == 2 ? std::vector<int>{2, 3}
                           : std::vector<int>{1, 2, 3};
  if (name == "distance") return position == 0 ? std::vector<int>{1} : std::vector<int>{2, 3};
  return {1, 2, 3};
}

constexpr const char* kResultNames[] = {"r", "res", "result", "value", "x", "y", "out", "got"};
// No `u`, `i` or `f`: with a number they can spell a type or a reserved word (u8, i16, f64).
constexpr const char* kArgNames[] = {"a", "b", "c", "p", "q", "s", "d", "w", "k", "m"};

/// The operator's sections, for the error of a call with no feasible candidate.
std::vector<std::string> operatorAnchors(OverloadKind kind, const std::string& op) {
  if (kind == OverloadKind::UnaryOperator)
    return {op == "!" ? "logical-expr" : op == "~" ? "bit-expr" : "arithmetic-expr"};
  if (op == "&" || op == "|") return {"bit-expr", "logical-expr"};
  if (op == "^" || op == "<<" || op == ">>") return {"bit-expr"};
  if (op == "&&" || op == "||") return {"logical-expr"};
  if (op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=")
    return {"comparison-expr"};
  return {"arithmetic-expr"};
}

const std::vector<std::string> kConstructorAnchors = {
    "construction-from-components", "zero-value-expr", "conversion-expr", "type-constructor-expr"};
const std::vector<std::string> kDeclarationAnchors = {"var-and-value", "let-decls"};

/// How a call is written and what an error of it is named.
struct CallWriting {
  std::function<std::string(const std::vector<std::string>&)> expression;
  std::vector<std::string> module;
  std::string resultType;  // typed constructors of arrays and structures: the declared type
  std::vector<std::string> noFeasibleAnchors;
  std::function<std::vector<int>(size_t)> values = [](size_t) { return std::vector<int>{1, 2, 3}; };
  int variablePosition = -1;  // load rule: this argument is a `var`; the twin takes `&`
  std::string what;           // for descriptions
};

CallWriting calleeWriting(const Callee& c) {
  CallWriting w;
  std::string name = c.name;
  if (c.kind == OverloadKind::Builtin) {
    w.expression = [name](const std::vector<std::string>& a) {
      std::string s = name + "(";
      for (size_t i = 0; i < a.size(); ++i) s += (i ? ", " : "") + a[i];
      return s + ")";
    };
    w.noFeasibleAnchors = {"builtin-functions"};
  } else if (c.kind == OverloadKind::UnaryOperator) {
    w.expression = [name](const std::vector<std::string>& a) { return name + a[0]; };
    w.noFeasibleAnchors = operatorAnchors(c.kind, name);
  } else {
    w.expression = [name](const std::vector<std::string>& a) {
      return a[0] + " " + name + " " + a[1];
    };
    w.noFeasibleAnchors = operatorAnchors(c.kind, name);
  }
  w.values = [name](size_t i) { return safeValues(name, i); };
  w.what = (c.kind == OverloadKind::Builtin ? "" : "operator ") + name;
  return w;
}

std::string describeTypes(const std::vector<Ty>& ts) {
  std::string s = "(";
  for (size_t i = 0; i < ts.size(); ++i) s += (i ? ", " : "") + spell(ts[i]);
  return s + ")";
}

/// Writes the twin pair of a solved call.
void writeCallPair(SlotContext& ctx, const CallModel& m, const CallWriting& w,
                   const std::vector<const Candidate*>& candidates, Draft& valid, Draft& invalid) {
  Rng& rng = ctx.rng;
  const size_t arity = m.args.size();
  bool abstractResult = m.result.abstract();
  std::vector<ArgumentPlan> plan(arity);
  std::set<std::string> used;
  auto fresh = [&](const char* const* names, size_t count, int index) {
    for (int tries = 0;; ++tries) {
      std::string n = pickName(rng, names, count, index + tries * 10);
      if (used.insert(n).second) return n;
    }
  };
  std::string r = fresh(kResultNames, std::size(kResultNames), rng.chance(50) ? -1 : 0);
  for (size_t i = 0; i < arity; ++i) {
    ArgumentPlan& p = plan[i];
    std::vector<int> vals = w.values(i);
    p.value = vals[rng.below(vals.size())];
    if (static_cast<int>(i) == w.variablePosition) {
      p.mode = ArgumentPlan::Variable;
    } else if (rng.chance(35)) {
      p.mode = ArgumentPlan::Named;
    }
    if (p.mode != ArgumentPlan::Inline) {
      p.name = fresh(kArgNames, std::size(kArgNames), static_cast<int>(i));
      p.twinName = fresh(kArgNames, std::size(kArgNames), static_cast<int>(i) + 5);
    }
  }
  auto keyword = [&](const Ty& t) {
    // Abstract values live only in `const` declarations; a call that must be creation-time
    // (its result is abstract, so it is held by a `const`) takes only `const` names.
    return t.abstract() || abstractResult ? "const" : "let";
  };
  auto build = [&](bool twin, uint32_t& statementLine, std::vector<uint32_t>& pinLines) {
    ProgramLines p;
    p.module = w.module;
    std::vector<std::string> args;
    for (size_t i = 0; i < arity; ++i) {
      const ArgumentPlan& a = plan[i];
      bool edited = i == m.edited;
      const Ty& t = twin && edited ? m.twin[i] : m.args[i];
      switch (a.mode) {
        case ArgumentPlan::Inline:
          args.push_back(inlineValue(t, a.value));
          break;
        case ArgumentPlan::Named:
          p.body.push_back(std::string(keyword(m.args[i])) + " " + a.name + " = " +
                           inlineValue(m.args[i], a.value) + ";");
          if (edited)
            p.body.push_back(std::string(keyword(m.twin[i])) + " " + a.twinName + " = " +
                             inlineValue(m.twin[i], a.value) + ";");
          args.push_back(twin && edited ? a.twinName : a.name);
          break;
        case ArgumentPlan::Variable:
          p.body.push_back("var " + a.name + " = " + inlineValue(m.args[i], a.value) + ";");
          args.push_back(twin && edited ? "&" + a.name : a.name);
          break;
      }
    }
    std::string call = w.expression(args);
    size_t statement = p.body.size();
    std::vector<size_t> pins;
    if (abstractResult) {
      p.body.push_back("const " + r + " = " + call + ";");
      std::vector<Ty> ps = pinsOf(m.result);
      for (size_t k = 0; k < ps.size(); ++k) {
        pins.push_back(p.body.size());
        p.body.push_back("let " + r + "_" + std::to_string(k) + ": " + wgslType(ps[k]) + " = " + r +
                         ";");
      }
    } else {
      std::string type = w.resultType.empty() ? wgslType(m.result) : w.resultType;
      p.body.push_back("let " + r + ": " + type + " = " + call + ";");
    }
    for (const Ty& t : m.args) p.f16 = p.f16 || t.kind == F16;
    for (const Ty& t : m.twin) p.f16 = p.f16 || t.kind == F16;
    for (const Ty& t : pinsOf(m.result)) p.f16 = p.f16 || t.kind == F16;
    p.f16 = p.f16 || m.twinResult.kind == F16;
    for (const std::string& l : w.module) p.f16 = p.f16 || l.find("f16") != std::string::npos;
    std::vector<uint32_t> lines;
    std::string text = p.text(&lines);
    statementLine = lines[statement];
    for (size_t k : pins) pinLines.push_back(lines[k]);
    return text;
  };
  uint32_t validLine = 0, twinLine = 0;
  std::vector<uint32_t> validPins, twinPins;
  valid.c.wgsl = build(false, validLine, validPins);
  invalid.c.wgsl = build(true, twinLine, twinPins);
  invalid.intended.stage = "check";
  const Candidate& chosen = *candidates[m.winner];
  std::string resolution = w.what + describeTypes(m.args) + " resolves to " + w.what +
                           describeTypes(chosen.params) + " -> " + spell(m.result);
  valid.c.description = resolution;
  if (m.mode == TwinMode::NoFeasible) {
    invalid.intended.anchors = w.noFeasibleAnchors;
    invalid.intended.line = twinLine;
    invalid.c.description =
        w.what + describeTypes(m.twin) +
        (w.variablePosition >= 0 ? " with a pointer (&) for the variable" : "") +
        ": no candidate is feasible (argument " + std::to_string(m.edited + 1) + " edited)";
  } else {
    invalid.intended.anchors = kDeclarationAnchors;
    int pin = firstFailingPin(m.result, m.twinResult);
    invalid.intended.line = abstractResult ? twinPins[static_cast<size_t>(pin)] : twinLine;
    invalid.c.description = w.what + describeTypes(m.twin) + " resolves to " + w.what +
                            describeTypes(candidates[m.twinWinner]->params) + " -> " +
                            spell(m.twinResult) + ", which the declaration of " +
                            spell(pinsOf(m.result)[pin]) + " rejects";
  }
  nlohmann::json d = m.derivation();
  d["winner"] = w.what + describeTypes(chosen.params);
  if (w.variablePosition >= 0) d["twinArgument"] = "pointer (&) to the variable";
  valid.c.derivation = invalid.c.derivation = {
      {"solver", d},
      {"procedure",
       "#overload-resolution-section over the candidates, ConversionRank from #conversion-rank "
       "as an integer table; checked against the direct computation"}};
}

std::vector<TwinMode> bothModes(Rng& rng) {
  return rng.chance(50) ? std::vector<TwinMode>{TwinMode::PreferenceChanges, TwinMode::NoFeasible}
                        : std::vector<TwinMode>{TwinMode::NoFeasible, TwinMode::PreferenceChanges};
}

TyVars constTy(z3::context& z, const Ty& t) {
  return TyVars{small(z, t.shape), small(z, t.n), small(z, t.r), small(z, t.kind)};
}

/// A hint: some other feasible candidate's result is rejected by the pins, so the case shows
/// that the winner, not that candidate, was chosen.
z3::expr distinguishing(QueryVars& v) {
  z3::expr any = v.z.bool_val(false);
  for (size_t c = 0; c < v.candidates.size(); ++c)
    any = any || (v.active[c] && v.valid->feasible[c] && v.valid->winner != static_cast<int>(c) &&
                  pinsFail(v.z, v.valid->result, constTy(v.z, v.candidates[c]->result)));
  return any;
}

// ---------------------------------------------------------------------------------------------
// Rows over operators and built-in functions.

/// The argument shapes a query's solver chooses among: scalars, the shapes of `seed`'s
/// parameters (a candidate the row needs), and a vector width and matrix shape drawn from the
/// stream.
std::vector<Ty> drawDomain(Rng& rng, const Candidate* seed, bool matrix) {
  std::vector<Ty> d = {scalar(Bool)};
  auto add = [&](Ty t) {
    t.kind = Bool;
    for (const Ty& x : d)
      if (x == t) return;
    d.push_back(t);
  };
  if (seed)
    for (const Ty& p : seed->params) add(p);
  add(vec(2 + static_cast<int>(rng.below(3)), Bool));
  if (rng.chance(40)) add(vec(2 + static_cast<int>(rng.below(3)), Bool));
  if (matrix || rng.chance(30))
    add(mat(2 + static_cast<int>(rng.below(3)), 2 + static_cast<int>(rng.below(3)), AbstractFloat));
  for (Ty& t : d)
    if (t.shape == Matrix) t.kind = AbstractFloat;  // shapes only; kept well formed
  return d;
}

/// Whether a callee can serve a conversion-rank row, by a property of its table rows alone (a
/// filter, not a search: the solver still decides): a scalar row needs a scalar parameter of
/// the destination kind, and with one argument also that no other scalar parameter kind ranks
/// better from the source; the vector and matrix rows need a parameter of that shape.
bool canServe(const Callee& c, const Row& row) {
  if (row.kind != RowKind::Rank) return true;
  const RankRow& rr = rankRows()[row.index];
  std::string id = rr.id;
  int shape = id == "abstract-vector" ? Vector : id == "abstract-matrix" ? Matrix : -1;
  bool ok = false;
  for (const Candidate& k : c.candidates)
    for (const Ty& p : k.params) {
      if (rr.src >= 0) {
        ok = ok || (p.shape == Scalar && p.kind == rr.dst);
        if (c.arity == 1 && p.shape == Scalar && kindRank(rr.src, p.kind) < rr.value) return false;
      } else if (shape >= 0 && p.shape == shape) {
        if (c.arity > 1) {
          ok = true;
          continue;
        }
        // One argument: some kind must reach this shape's best candidate only by a conversion.
        for (int kind = 0; kind < kKinds; ++kind) {
          Ty a = p;
          a.kind = kind;
          if (!wellFormed(a)) continue;  // no matrices of integers
          int best = kInfinity;
          for (const Candidate& other : c.candidates)
            best = std::min(best, rank(a, other.params[0]));
          ok = ok || (best > 0 && best < kInfinity);
        }
      } else if (shape < 0) {
        ok = true;
      }
    }
  return ok;
}

/// The callees a multi-callee row's query may choose from: up to six of one arity.
std::vector<const Callee*> drawCallees(Rng& rng, const Row& row) {
  std::vector<const Callee*> pool;
  std::vector<size_t> arities;
  for (const Callee& c : numericCallees())
    if (c.creationTime && canServe(c, row)) {
      pool.push_back(&c);
      if (std::find(arities.begin(), arities.end(), c.arity) == arities.end())
        arities.push_back(c.arity);
    }
  std::sort(arities.begin(), arities.end());
  size_t arity = arities[rng.below(arities.size())];
  std::vector<const Callee*> same;
  for (const Callee* c : pool)
    if (c->arity == arity) same.push_back(c);
  for (size_t i = same.size(); i > 1; --i) std::swap(same[i - 1], same[rng.below(i)]);
  if (same.size() > 6) same.resize(6);
  return same;
}

std::string draftCallees(SlotContext& ctx, const Row& row, Draft& valid, Draft& invalid) {
  std::string failure = "no callee";
  for (int attempt = 0; attempt < 6; ++attempt) {
    std::vector<const Callee*> callees = drawCallees(ctx.rng, row);
    size_t arity = callees.front()->arity;
    CallQuery q;
    q.arity = arity;
    for (const Callee* c : callees) {
      Option o;
      for (const Candidate& k : c->candidates) o.candidates.push_back(&k);
      q.options.push_back(std::move(o));
    }
    q.modes = bothModes(ctx.rng);
    bool matrixRow =
        row.kind == RowKind::Rank && std::string(rankRows()[row.index].id) == "abstract-matrix";
    q.shapeDomain = drawDomain(ctx.rng, nullptr, matrixRow);
    int variable = -1;
    if (row.kind == RowKind::SinglePreferable) {
      q.modes = {TwinMode::PreferenceChanges};
      q.constrainValid = [](QueryVars& v) {
        z3::expr count = index(v.z, 0);
        for (size_t c = 0; c < v.candidates.size(); ++c)
          count =
              count + z3::ite(v.active[c] && v.valid->feasible[c], index(v.z, 1), index(v.z, 0));
        v.s.add(count >= 2);
        v.s.add(distinguishing(v));
      };
    } else if (row.kind == RowKind::NoFeasible) {
      q.modes = {TwinMode::NoFeasible};
      q.hints.push_back(distinguishing);
    } else {
      const RankRow& rr = rankRows()[row.index];
      std::string id = rr.id;
      q.requireAbstractArgument = rr.src >= 0;
      if (id == "load-rule") {
        variable = static_cast<int>(ctx.rng.below(arity));
        q.pointerPosition = variable;
        q.modes = {TwinMode::NoFeasible};
        q.constrainValid = [](QueryVars& v) { v.s.add(!isAbstractExpr(v.valid->result.kind)); };
      } else if (id == "non-convertible") {
        q.modes = {TwinMode::NoFeasible};
        // The twin fails only because a concrete argument would need a conversion between
        // two concrete types (infinite rank): some candidate matches every other position and
        // the shape of the edited one.
        q.constrainTwin = [](QueryVars& v, TwinMode) {
          z3::expr any = v.z.bool_val(false);
          for (size_t c = 0; c < v.candidates.size(); ++c) {
            const Candidate& k = *v.candidates[c];
            if (k.params.size() != v.twin.size()) continue;
            z3::expr ok = v.active[c];
            for (size_t i = 0; i < v.twin.size(); ++i) {
              const Ty& p = k.params[i];
              z3::expr concreteMismatch = v.twin[i].shape == p.shape && v.twin[i].n == p.n &&
                                          v.twin[i].r == p.r && v.twin[i].kind != p.kind &&
                                          !isAbstractExpr(v.twin[i].kind) &&
                                          v.z.bool_val(!p.abstract());
              ok = ok && z3::ite(v.changed[i], concreteMismatch, v.enc.feasibleTo(v.twin[i], p));
            }
            any = any || ok;
          }
          v.s.add(any);
        };
      } else {
        q.constrainValid = [rr, id](QueryVars& v) {
          z3::expr any = v.z.bool_val(false);
          for (size_t i = 0; i < v.args.size(); ++i) {
            const TyVars& a = v.args[i];
            if (rr.src >= 0)
              any = any ||
                    (a.shape == Scalar && a.kind == rr.src && v.valid->params[i].kind == rr.dst);
            else if (id == "identity")
              any = any || (!isAbstractExpr(a.kind) && v.valid->ranks[i] == 0);
            else
              any = any || (a.shape == (id == "abstract-vector" ? Vector : Matrix) &&
                            v.valid->ranks[i] > 0 && v.valid->ranks[i] < kInfinity);
          }
          v.s.add(any);
        };
      }
    }
    std::optional<CallModel> m = solveCall(ctx.solver, q, failure);
    if (!m) {
      if (failure.rfind("unsat", 0) == 0) continue;  // other callees may allow the row
      return failure;
    }
    CallWriting w = calleeWriting(*callees[m->option]);
    w.variablePosition = variable;
    writeCallPair(ctx, *m, w, q.options[m->option].candidates, valid, invalid);
    return "";
  }
  return failure;
}

std::string draftTableRow(SlotContext& ctx, const Row& row, Draft& valid, Draft& invalid) {
  const OverloadRow& o = overloadRows()[row.index];
  // The row's arity is its signature's: find its callee through any of its overloads.
  const Callee* callee = nullptr;
  for (const Callee& c : numericCallees())
    if (c.kind == o.kind && c.name == o.name)
      for (const Candidate& k : c.candidates)
        if (k.group == row.index) callee = &c;
  if (!callee) return "the row has no numeric overloads";
  CallQuery q;
  q.arity = callee->arity;
  Option opt;
  for (const Candidate& k : callee->candidates) {
    opt.candidates.push_back(&k);
    opt.winnerAllowed.push_back(k.group == row.index);
  }
  std::vector<const Candidate*> own;
  for (const Candidate& k : callee->candidates)
    if (k.group == row.index) own.push_back(&k);
  q.shapeDomain = drawDomain(ctx.rng, own[ctx.rng.below(own.size())], false);
  q.options.push_back(std::move(opt));
  q.modes = bothModes(ctx.rng);
  q.requireAbstractArgument = true;
  q.hints.push_back(distinguishing);
  std::string failure;
  std::optional<CallModel> m = solveCall(ctx.solver, q, failure);
  if (!m) return failure;
  writeCallPair(ctx, *m, calleeWriting(*callee), q.options[0].candidates, valid, invalid);
  return "";
}

// ---------------------------------------------------------------------------------------------
// Type constructors.

/// Ways to give vecN its N components: one scalar (splat), one vecN (identity), or several
/// scalars and vectors adding up to N.
std::vector<std::vector<int>> vectorStructures(int n) {
  switch (n) {
    case 2:
      return {{1}, {2}, {1, 1}};
    case 3:
      return {{1}, {3}, {1, 1, 1}, {1, 2}, {2, 1}};
    default:
      return {{1}, {4}, {1, 1, 1, 1}, {1, 1, 2}, {1, 2, 1}, {2, 1, 1}, {2, 2}, {1, 3}, {3, 1}};
  }
}

int concreteKind(Rng& rng, bool withBool = true) {
  static const int kinds[] = {Bool, I32, U32, F32, F16};
  return withBool ? kinds[rng.below(5)] : kinds[1 + rng.below(4)];
}

std::string draftConstructor(SlotContext& ctx, const Row& row, Draft& valid, Draft& invalid) {
  Rng& rng = ctx.rng;
  CtorRow which = static_cast<CtorRow>(row.index);
  ConstructorTarget target;
  std::vector<Ty> operands;  // shapes (kinds unused)
  std::string prefix;        // what is written before the parentheses
  CallWriting w;
  w.noFeasibleAnchors = kConstructorAnchors;
  std::vector<TwinMode> modes = {TwinMode::NoFeasible};
  bool keepShapes = rng.chance(70);
  bool abstractArgument = false;
  std::vector<bool> allowedForms;  // per form: may win (empty: any)
  int n = 2 + static_cast<int>(rng.below(3)), r = 2 + static_cast<int>(rng.below(3));
  switch (which) {
    case CtorRow::VectorInferred:
    case CtorRow::VectorTyped: {
      bool typed = which == CtorRow::VectorTyped;
      target.what = typed ? ConstructorTarget::TypedVector : ConstructorTarget::InferredVector;
      target.type = vec(n, typed ? concreteKind(rng) : Bool);
      auto structures = vectorStructures(n);
      for (int part : structures[rng.below(structures.size())])
        operands.push_back(part == 1 ? scalar(Bool) : vec(part, Bool));
      prefix = typed ? wgslType(target.type) : "vec" + std::to_string(n);
      if (!typed) {
        modes = bothModes(rng);
        abstractArgument = true;
      }
      break;
    }
    case CtorRow::MatrixInferred:
    case CtorRow::MatrixTyped: {
      bool typed = which == CtorRow::MatrixTyped;
      target.what = typed ? ConstructorTarget::TypedMatrix : ConstructorTarget::InferredMatrix;
      target.type = mat(n, r, typed ? (rng.chance(50) ? F32 : F16) : AbstractFloat);
      uint64_t form = rng.below(10);
      if (form < 6)
        operands.assign(n, vec(r, Bool));
      else if (form < 9)
        operands.assign(n * r, scalar(Bool));
      else
        operands.push_back(mat(n, r, AbstractFloat));
      prefix = typed ? wgslType(target.type) : "mat" + std::to_string(n) + "x" + std::to_string(r);
      if (!typed) {
        modes = bothModes(rng);
        abstractArgument = true;
      }
      break;
    }
    case CtorRow::Array: {
      Ty e = rng.chance(60) ? scalar(concreteKind(rng)) : vec(n, concreteKind(rng));
      int count = 1 + static_cast<int>(rng.below(4));
      target.what = ConstructorTarget::Array;
      target.elements.assign(count, e);
      operands = target.elements;
      prefix = "array<" + wgslType(e) + ", " + std::to_string(count) + ">";
      w.resultType = prefix;
      break;
    }
    case CtorRow::Struct: {
      target.what = ConstructorTarget::Struct;
      int members = 1 + static_cast<int>(rng.below(3));
      static const char* memberNames[] = {"a", "b", "c"};
      std::string decl = "struct S { ";
      for (int i = 0; i < members; ++i) {
        Ty t =
            rng.chance(60) ? scalar(concreteKind(rng)) : vec(2 + rng.below(3), concreteKind(rng));
        target.elements.push_back(t);
        decl += std::string(i ? ", " : "") + memberNames[i] + ": " + wgslType(t);
      }
      w.module = {decl + " }"};
      operands = target.elements;
      prefix = "S";
      w.resultType = "S";
      break;
    }
    case CtorRow::ScalarConversion:
      target.what = ConstructorTarget::ScalarType;
      target.type = scalar(concreteKind(rng));
      operands = {scalar(Bool)};
      prefix = wgslType(target.type);
      keepShapes = false;  // every scalar kind converts: only a vector argument fails
      abstractArgument = rng.chance(60);
      break;
    case CtorRow::VectorConversion:
      target.what = ConstructorTarget::TypedVector;
      target.type = vec(n, concreteKind(rng));
      operands = {vec(n, Bool)};
      prefix = wgslType(target.type);
      allowedForms = {false, false, false, true, false};
      break;
    case CtorRow::MatrixConversion:
      target.what = ConstructorTarget::TypedMatrix;
      target.type = mat(n, r, rng.chance(50) ? F32 : F16);
      operands = {mat(n, r, F32)};
      prefix = wgslType(target.type);
      allowedForms = {false, false, false, true, false};
      keepShapes = false;
      break;
    case CtorRow::ZeroValue:
      break;  // drafted by draftZeroValue
  }
  std::vector<Candidate> candidates = constructorCandidates(target, operands);
  if (candidates.empty()) return "no constructor form for the drawn structure";
  CallQuery q;
  q.arity = operands.size();
  Option opt;
  for (const Candidate& c : candidates) {
    opt.candidates.push_back(&c);
    if (!allowedForms.empty()) opt.winnerAllowed.push_back(allowedForms[c.group]);
  }
  q.options.push_back(std::move(opt));
  q.modes = modes;
  for (const Ty& o : operands) q.fixedShapes.push_back(o);
  q.twinKeepsShapes = keepShapes;
  q.requireAbstractArgument = abstractArgument;
  if (modes.size() > 1) q.hints.push_back(distinguishing);
  std::string failure;
  std::optional<CallModel> m = solveCall(ctx.solver, q, failure);
  if (!m && keepShapes && which != CtorRow::ScalarConversion) {
    q.twinKeepsShapes = false;
    m = solveCall(ctx.solver, q, failure);
  }
  if (!m) return failure;
  w.expression = [prefix](const std::vector<std::string>& a) {
    std::string s = prefix + "(";
    for (size_t i = 0; i < a.size(); ++i) s += (i ? ", " : "") + a[i];
    return s + ")";
  };
  w.what = prefix;
  writeCallPair(ctx, *m, w, q.options[0].candidates, valid, invalid);
  valid.c.derivation["form"] = formName(candidates[m->winner].group);
  invalid.c.derivation["form"] = valid.c.derivation["form"];
  return "";
}

/// `T()` for a vector or matrix type T, against `vecN()` / `matCxR()`: the zero value rules
/// exist only for the spelled type (#zero-value-expr "Vector zero type rules", "Matrix zero type
/// rules"); the inferred forms need operands (#construction-from-components).
std::string draftZeroValue(SlotContext& ctx, const Row& row, Draft& valid, Draft& invalid) {
  (void)row;
  z3::context& z = ctx.solver.ctx();
  z3::solver s = ctx.solver.solver(kLogic);
  TyVars t = declareTy(z, s, "T");
  s.add(t.shape != Scalar && !isAbstractExpr(t.kind));
  // The solver picks a type; its zero-value candidates under the spelled name and under the
  // inferred name come from the constructor forms of that shape. Variety: a drawn kind and
  // shape, dropped when they cannot be met (no bool matrices).
  s.push();
  s.add(t.kind == static_cast<int>(concreteKind(ctx.rng)));
  s.add(t.shape == (ctx.rng.chance(50) ? Vector : Matrix));
  SolveResult res = ctx.solver.check(s);
  if (res == SolveResult::Unsat) {
    s.pop();
    res = ctx.solver.check(s);
  }
  if (res != SolveResult::Sat) return solveResultName(res);
  Ty ty = readTy(ctx.solver, t);
  ConstructorTarget typed{
      ty.shape == Vector ? ConstructorTarget::TypedVector : ConstructorTarget::TypedMatrix, ty, {}};
  ConstructorTarget inferred = typed;
  inferred.what =
      ty.shape == Vector ? ConstructorTarget::InferredVector : ConstructorTarget::InferredMatrix;
  std::vector<Candidate> withType = constructorCandidates(typed, {});
  std::vector<Candidate> without = constructorCandidates(inferred, {});
  if (resolve({}, withType).winner < 0 || resolve({}, without).feasible != 0)
    return "model check: the zero value forms are not as derived";
  std::string inferredName = ty.shape == Vector
                                 ? "vec" + std::to_string(ty.n)
                                 : "mat" + std::to_string(ty.n) + "x" + std::to_string(ty.r);
  std::string name = pickName(ctx.rng, kResultNames, std::size(kResultNames), -1);
  ProgramLines p;
  p.f16 = ty.kind == F16;
  p.body = {"let " + name + ": " + wgslType(ty) + " = " + wgslType(ty) + "();"};
  std::vector<uint32_t> lines;
  valid.c.wgsl = p.text(&lines);
  p.body = {"let " + name + ": " + wgslType(ty) + " = " + inferredName + "();"};
  invalid.c.wgsl = p.text();
  invalid.intended.anchors = kConstructorAnchors;
  invalid.intended.line = lines[0];
  invalid.intended.stage = "check";
  valid.c.description = wgslType(ty) + "() is the zero value of " + wgslType(ty);
  invalid.c.description = inferredName + "() has no candidate: the zero value needs the type";
  valid.c.derivation = invalid.c.derivation = {
      {"solver", {{"type", spell(ty)}}},
      {"candidates", {{"typed", withType.size()}, {"inferred", without.size()}}}};
  return "";
}

// ---------------------------------------------------------------------------------------------
// Type inference of declarations.

/// The concrete type an abstract type is concretized to: among the concrete kinds it
/// converts to, the one of least rank (#let-decls, #var-decls; "The most preferred automatic
/// conversion from AbstractInt to a constructible type is AbstractInt to i32", l.1463).
void inferredFrom(z3::context& z, z3::solver& s, const TyVars& from, const TyVars& to) {
  s.add(to.shape == from.shape && to.n == from.n && to.r == from.r && !isAbstractExpr(to.kind));
  z3::expr best = kindRankExpr(z, from.kind, to.kind);
  s.add(best < kInfinity);
  for (int d : {Bool, I32, U32, F32, F16})
    s.add(z3::implies(to.kind != d, best < kindRankExpr(z, from.kind, small(z, d))));
}

std::string draftInference(SlotContext& ctx, const Row& row, Draft& valid, Draft& invalid) {
  InferRow which = static_cast<InferRow>(row.index);
  Rng& rng = ctx.rng;
  z3::context& z = ctx.solver.ctx();
  z3::solver s = ctx.solver.solver(kLogic);
  TyVars init = declareTy(z, s, "init"), type = declareTy(z, s, "inferred");
  TyVars init2 = declareTy(z, s, "twinInit"), type2 = declareTy(z, s, "twinInferred");
  s.add(isAbstractExpr(init.kind));
  if (which == InferRow::Override) {
    // "The declared type, if present, must be a scalar"; the initializer "must evaluate to a
    // scalar type" (#override-decls).
    s.add(init.shape == Scalar && init2.shape == Scalar && type2.kind != F16 && init2.kind != F16);
  }
  if (which == InferRow::Const) {
    // The twin is the same initializer in a `let`: concretized, so one pin fails.
    s.add(equalTy(type, init) && equalTy(init2, init));
    inferredFrom(z, s, init2, type2);
    s.add(pinsFail(z, type, type2));
  } else {
    inferredFrom(z, s, init, type);
    inferredFrom(z, s, init2, type2);
    z3::expr sameShape = init.shape == init2.shape && init.n == init2.n && init.r == init2.r;
    s.add((sameShape && init.kind != init2.kind) ||
          (init.kind == init2.kind && !sameShape &&
           (init.shape == init2.shape || (init.shape != Matrix && init2.shape != Matrix))));
    s.add(pinsFail(z, type, type2));
  }
  // Variety: a drawn kind and shape when possible.
  s.push();
  s.add(init.kind == (rng.chance(50) ? AbstractInt : AbstractFloat));
  if (which != InferRow::Override) s.add(init.shape == static_cast<int>(rng.below(3)));
  SolveResult res = ctx.solver.check(s);
  if (res == SolveResult::Unsat) {
    s.pop();
    res = ctx.solver.check(s);
  }
  if (res != SolveResult::Sat) return solveResultName(res);
  Ty a = readTy(ctx.solver, init), t = readTy(ctx.solver, type);
  Ty a2 = readTy(ctx.solver, init2), t2 = readTy(ctx.solver, type2);
  // Checked directly: the inferred types are the least-rank concrete conversions.
  auto concretize = [](Ty x) {
    int best = -1;
    for (int d : {Bool, I32, U32, F32, F16})
      if (kindRank(x.kind, d) < kInfinity &&
          (best < 0 || kindRank(x.kind, d) < kindRank(x.kind, best)))
        best = d;
    x.kind = best;
    return x;
  };
  if (which != InferRow::Const && !(concretize(a) == t)) return "model check: inferred type";
  if (!(concretize(a2) == t2) || firstFailingPin(t, t2) < 0) return "model check: twin type";
  int value = 1 + static_cast<int>(rng.below(3));
  std::string x = pickName(rng, kArgNames, std::size(kArgNames), static_cast<int>(rng.below(10)));
  std::string r = pickName(rng, kResultNames, std::size(kResultNames), -1);
  std::string keyword = which == InferRow::Let        ? "let"
                        : which == InferRow::Const    ? "const"
                        : which == InferRow::Override ? "override"
                        : rng.chance(50)              ? "var"
                                                      : "var<private>";
  // `override` and `var<private>` are module-scope declarations; the others are in main.
  bool moduleScope = keyword == "override" || keyword == "var<private>";
  auto build = [&](const Ty& initType, const std::string& kw, std::vector<uint32_t>& pinLines) {
    ProgramLines p;
    p.f16 = t.kind == F16 || t2.kind == F16 || pinsOf(t).back().kind == F16;
    std::string decl = kw + " " + x + " = " + inlineValue(initType, value) + ";";
    (moduleScope ? p.module : p.body).push_back(decl);
    std::vector<Ty> pins = pinsOf(t);
    size_t first = p.body.size();
    for (size_t k = 0; k < pins.size(); ++k)
      p.body.push_back("let " + r + std::to_string(k) + ": " + wgslType(pins[k]) + " = " + x + ";");
    std::vector<uint32_t> lines;
    std::string text = p.text(&lines);
    for (size_t k = 0; k < pins.size(); ++k) pinLines.push_back(lines[first + k]);
    return text;
  };
  std::vector<uint32_t> validPins, twinPins;
  std::string twinKeyword = which == InferRow::Const ? "let" : keyword;
  valid.c.wgsl = build(a, keyword, validPins);
  invalid.c.wgsl = build(which == InferRow::Const ? a : a2, twinKeyword, twinPins);
  int pin = firstFailingPin(t, t2);
  invalid.intended.anchors = kDeclarationAnchors;
  invalid.intended.line = twinPins[static_cast<size_t>(pin)];
  invalid.intended.stage = "check";
  valid.c.description = keyword + " " + x + " = " + inlineValue(a, value) + " has type " + spell(t);
  invalid.c.description = twinKeyword + " " + x + " = " + inlineValue(a2, value) + " has type " +
                          spell(t2) + ", which the declaration of " + spell(pinsOf(t)[pin]) +
                          " rejects";
  valid.c.derivation = invalid.c.derivation = {
      {"solver",
       {{"initializer", spell(a)},
        {"type", spell(t)},
        {"twinInitializer", spell(a2)},
        {"twinType", spell(t2)}}},
      {"procedure", which == InferRow::Const
                        ? "const keeps the initializer's type; let takes the least-rank "
                          "concrete conversion"
                        : "the least-rank concrete conversion of the initializer's type"}};
  return "";
}

// ---------------------------------------------------------------------------------------------

class OverloadsFamily final : public Family {
 public:
  OverloadsFamily() : rows_(makeRows()) {
    for (const Row& r : rows_) table_.push_back(r.rule);
  }
  std::string_view name() const override { return "overloads"; }
  std::string_view description() const override {
    return "conversion ranks and overload resolution: every ConversionRank row, every operator "
           "and built-in row with abstract parameters, type constructors and declaration type "
           "inference, each resolved by Z3 and pinned by typed declarations";
  }
  const std::vector<RuleRow>& rows() const override { return table_; }
  std::string revisionSupport(const Revision& r) const override {
    return seedOnly(r,
                    "the seed's built-in and operator table (2026 adds and changes overloads "
                    "and makes value-returning built-ins @must_use: delta 4.4, 6)");
  }

  SlotDrafts draft(SlotContext& ctx) const override {
    // The ambiguous row has no cases: the slots go to the other rows.
    std::vector<const Row*> drafting;
    for (const Row& r : rows_)
      if (r.kind != RowKind::Ambiguous) drafting.push_back(&r);
    const Row& row = *drafting[ctx.slot % drafting.size()];
    SlotDrafts out;
    Draft valid, invalid;
    nameTwins(valid, invalid, row.rule, ctx.slot);
    std::string failure;
    switch (row.kind) {
      case RowKind::TableRow:
        failure = draftTableRow(ctx, row, valid, invalid);
        break;
      case RowKind::Constructor:
        failure = static_cast<CtorRow>(row.index) == CtorRow::ZeroValue
                      ? draftZeroValue(ctx, row, valid, invalid)
                      : draftConstructor(ctx, row, valid, invalid);
        break;
      case RowKind::Inference:
        failure = draftInference(ctx, row, valid, invalid);
        break;
      default:
        failure = draftCallees(ctx, row, valid, invalid);
        break;
    }
    if (!failure.empty()) {
      out.failure = failure;
      return out;
    }
    out.drafts.push_back(std::move(valid));
    out.drafts.push_back(std::move(invalid));
    return out;
  }

 private:
  std::vector<Row> rows_;
  std::vector<RuleRow> table_;
};

}  // namespace
}  // namespace overloads_family

std::unique_ptr<Family> makeOverloadsFamily() {
  return std::make_unique<overloads_family::OverloadsFamily>();
}

}  // namespace plumb::gen::wgsl
