// The execution rules of WSL.ott (`defns exec`), one named arm each; the seed's prose "Dynamic
// rules" where WSL.ott is silent (each such place cites docs/ambiguities.md, section WSL).
#include "interpreter/wsl/machine.h"

#include <algorithm>

#include "interpreter/wsl/float_library.h"
#include "interpreter/wsl/standard_library.h"
#include "semantics/wsl/printer.h"

namespace plumb::wsl {

const std::vector<std::string>& executionRuleNames() {
  static const std::vector<std::string> names = {"alval_dot_reduce",
                                                 "alval_dot_ander",
                                                 "alval_array_reduce_left",
                                                 "alval_array_ref_reduce",
                                                 "alval_array_reduce_right",
                                                 "array_ref_clamped",
                                                 "array_ref_valid",
                                                 "alval_array_ander",
                                                 "alval_generic_reduce",
                                                 "and_true",
                                                 "and_false",
                                                 "and_reduce",
                                                 "or_true",
                                                 "or_false",
                                                 "or_reduce",
                                                 "ternary_true",
                                                 "ternary_false",
                                                 "ternary_reduce",
                                                 "comma_next",
                                                 "comma_reduce",
                                                 "parens_exec",
                                                 "not_true",
                                                 "not_false",
                                                 "deref_ptr",
                                                 "deref_reduce",
                                                 "take_ptr_reduce",
                                                 "take_ptr_lval",
                                                 "make_ref_reduce",
                                                 "make_ref_lval",
                                                 "array_deref_reduce",
                                                 "array_deref_getter",
                                                 "dot_reduce",
                                                 "dot_getter",
                                                 "environment_access",
                                                 "load_valid",
                                                 "load_invalid",
                                                 "assign_left_reduce",
                                                 "assign_right_reduce",
                                                 "assign_execute",
                                                 "assign_setter",
                                                 "assign_indexed_setter",
                                                 "call_reduce",
                                                 "call_resolve",
                                                 "call_construct_reduce",
                                                 "call_return",
                                                 "call_return_void",
                                                 "call_end_function",
                                                 "postfix_incr_reduce",
                                                 "postfix_incr_elim",
                                                 "prefix_incr_reduce",
                                                 "prefix_incr_elim",
                                                 "plus_equal_reduce",
                                                 "plus_equal_elim",
                                                 "block_annotate",
                                                 "block_reduce",
                                                 "block_next_stmt",
                                                 "block_terminator",
                                                 "block_vdecl",
                                                 "block_vdecl_reduce",
                                                 "block_vdecl_complete",
                                                 "effectful_expr_reduce",
                                                 "effectful_expr_elim",
                                                 "return_reduce",
                                                 "if_reduce",
                                                 "if_true",
                                                 "if_false",
                                                 "do_while_loop",
                                                 "for_loop",
                                                 "loop_reduce",
                                                 "loop_break",
                                                 "loop_next_iteration",
                                                 "loop_increment",
                                                 "loop_other_terminator",
                                                 "switch_reduce",
                                                 "switch_case_found",
                                                 "switch_default",
                                                 "cases_reduce",
                                                 "cases_fallthrough",
                                                 "cases_break",
                                                 "cases_other_terminator"};
  return names;
}

const std::vector<std::string>& desugaringRuleNames() {
  static const std::vector<std::string> names = {
      "if_then",        "empty_stmt",    "while",           "for_empty_cond",
      "for_empty_incr", "for_init_expr", "for_init_vdecls", "multiple_vdecls"};
  return names;
}

const std::vector<std::string>& typingRuleNames() {
  static const std::vector<std::string> names = {"if",
                                                 "do_while",
                                                 "for",
                                                 "switch_break",
                                                 "switch_no_break",
                                                 "break",
                                                 "continue",
                                                 "fallthrough",
                                                 "return",
                                                 "return_void",
                                                 "empty_block",
                                                 "variable_decl",
                                                 "variable_decl_init",
                                                 "trivial_block",
                                                 "block",
                                                 "expr",
                                                 "case",
                                                 "default",
                                                 "switch_block",
                                                 "literal_true",
                                                 "literal_false",
                                                 "parens",
                                                 "comma",
                                                 "or",
                                                 "and",
                                                 "ternary_no_int_literals",
                                                 "ternary_int_literals",
                                                 "not",
                                                 "assignment",
                                                 "alval_to_rval",
                                                 "lval_to_alval",
                                                 "lval_to_rval",
                                                 "variable_name",
                                                 "address_taking",
                                                 "ptr_deref",
                                                 "take_ref_lval",
                                                 "array_index_rval",
                                                 "array_index_lval",
                                                 "array_ref_index",
                                                 "postfix_incr",
                                                 "prefix_incr",
                                                 "operator_plus_equal"};
  return names;
}

bool isDerivativeNative(const std::string& native) {
  std::string n = native;
  while (n.rfind("vector:", 0) == 0) n = n.substr(7);
  return n == "float:ddx" || n == "float:ddy" || n == "float:ddx_coarse" || n == "float:ddx_fine" ||
         n == "float:ddy_coarse" || n == "float:ddy_fine" || n == "float:fwidth";
}

const char* statusName(Outcome::Status s) {
  switch (s) {
    case Outcome::Status::Returned:
      return "returned";
    case Outcome::Status::Discarded:
      return "discarded";
    case Outcome::Status::Stuck:
      return "stuck";
    case Outcome::Status::StepLimit:
      return "step-limit";
    case Outcome::Status::Unsupported:
      return "unsupported";
  }
  return "?";
}

namespace {

using ExprStep = ExpressionStep;
struct StmtStep {
  StmtP result;
  StepTrace trace;
};

// At most this many successors of one choice point (design.md "Bounded"): more is reported as
// the execution limit, never dropped silently.
constexpr uint64_t kMaxChoices = 4096;

bool isVal(const ExprP& e) {
  return e->kind == ExprKind::Val;
}
bool isRVal(const ExprP& e) {
  return isVal(e) && !e->value.isLVal();
}
bool isLVal(const ExprP& e) {
  return isVal(e) && e->value.isLVal();
}

ExprP val(const Value& v, Span span = {}) {
  auto e = std::make_shared<Expr>();
  e->kind = ExprKind::Val;
  e->value = v;
  e->span = span;
  e->info.type = v.type;
  return e;
}

std::shared_ptr<Expr> with(const ExprP& e, size_t i, const ExprP& operand) {
  auto r = std::make_shared<Expr>(*e);
  r->operands[i] = operand;
  return r;
}

std::shared_ptr<Expr> node(ExprKind kind, std::vector<ExprP> operands, const ExprP& like) {
  auto e = std::make_shared<Expr>();
  e->kind = kind;
  e->operands = std::move(operands);
  e->span = like ? like->span : Span{};
  return e;
}

std::shared_ptr<Expr> callNode(const CheckedProgram& p, int function, std::vector<ExprP> args,
                               const ExprP& like) {
  auto c = node(ExprKind::Call, std::move(args), like);
  c->info.function = function;
  if (const Function* f = p.function(function)) {
    c->name = f->name;
    c->info.type = f->result;
  }
  return c;
}

std::shared_ptr<Stmt> block(std::vector<StmtP> statements, EnvironmentP r) {
  auto b = std::make_shared<Stmt>();
  b->kind = StmtKind::Block;
  b->statements = std::move(statements);
  b->environment = std::move(r);
  return b;
}

bool isAnnotatedEmptyBlock(const StmtP& s) {
  return s->kind == StmtKind::Block && s->environment && s->statements.empty();
}
bool isReturnRVal(const StmtP& s) {
  return s->kind == StmtKind::Return && isRVal(s->expr);
}
/// `s is a terminator`: break; continue; fallthrough; return rval; return; (WSL.ott
/// block_terminator)
bool isTerminator(const StmtP& s) {
  return s->kind == StmtKind::Break || s->kind == StmtKind::Continue ||
         s->kind == StmtKind::Fallthrough || s->kind == StmtKind::ReturnVoid || isReturnRVal(s);
}

// The value of a bool for the rules that match `true` or `false`: both when it is unspecified.
std::vector<bool> boolCases(const Value& v) {
  if (v.unspecified) return {true, false};
  return {v.integer != 0};
}

class Machine {
 public:
  Machine(const CheckedProgram& p, const Memory& m, const Resources* resources = nullptr,
          const SharedMemory* shared = nullptr)
      : p_(p), m_(m), resources_(resources), shared_(shared) {}

  // Wraps the steps of a subterm into steps of the whole term by a congruence rule.
  template <class Step, class Rebuild>
  static auto wrap(std::vector<Step> inner, const char* rule, Rebuild rebuild) {
    using Result = decltype(rebuild(inner.front().result));
    std::vector<std::conditional_t<std::is_same_v<Result, StmtP>, StmtStep, ExprStep>> out;
    for (Step& s : inner) {
      s.trace.rules.insert(s.trace.rules.begin(), rule);
      out.push_back({rebuild(s.result), std::move(s.trace)});
    }
    return out;
  }
  ExprStep axiom(const char* rule, const ExprP& redex, ExprP result,
                 std::vector<MemoryEvent> events = {}, std::string choice = {}) {
    ExprStep s{std::move(result), {}};
    s.trace.rules = {rule};
    s.trace.redex = exprText(*redex);
    s.trace.events = std::move(events);
    s.trace.choice = std::move(choice);
    return s;
  }
  StmtStep axiom(const char* rule, const StmtP& redex, StmtP result,
                 std::vector<MemoryEvent> events = {}, std::string choice = {}) {
    StmtStep s{std::move(result), {}};
    s.trace.rules = {rule};
    s.trace.redex = stmtText(*redex);
    s.trace.events = std::move(events);
    s.trace.choice = std::move(choice);
    return s;
  }

  // ---------------------------------------------------------------- R |- e => e' ; E
  std::vector<ExprStep> alval(const EnvironmentP& r, const ExprP& e) {
    if (isLVal(e)) return {};  // LVal(addr) is an abstract left value
    if (e->kind == ExprKind::Dot) {
      // alval_dot_reduce: R |- e => e' ; E  ==>  R |- e.foo => e'.foo ; E
      if (auto in = alval(r, e->operands[0]); !in.empty())
        return wrap(std::move(in), "alval_dot_reduce",
                    [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
      // alval_dot_ander: e.foo has a left value type, e = LVal(addr)  ==>  * operator&.foo(&e)
      if (e->info.leftValue && e->info.ander >= 0 && isLVal(e->operands[0])) {
        auto amp = node(ExprKind::AddressOf, {e->operands[0]}, e);
        auto deref = node(ExprKind::Deref, {callNode(p_, e->info.ander, {amp}, e)}, e);
        return {axiom("alval_dot_ander", e, deref)};
      }
      return {};  // the seed's prose: "Else fail" (no alval_generic_reduce for a dot, WSL W15)
    }
    if (e->kind == ExprKind::Index) {
      const ExprP& e1 = e->operands[0];
      const ExprP& e2 = e->operands[1];
      // alval_array_reduce_left: R |- e1 => e1' ; E  ==>  R |- e1[e2] => e1'[e2] ; E
      if (auto in = alval(r, e1); !in.empty())
        return wrap(std::move(in), "alval_array_reduce_left",
                    [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
      // alval_array_ref_reduce: e1 an abstract left value with an array reference type, R |- e1 ->
      // e1'
      if (e->info.arrayRef)
        if (auto in = expr(r, e1); !in.empty())
          return wrap(std::move(in), "alval_array_ref_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
      // alval_array_reduce_right: R |- e2 -> e2' ; e1 an abstract left value
      if (!e->info.arrayRef || isRVal(e1))
        if (auto in = expr(r, e2); !in.empty())
          return wrap(std::move(in), "alval_array_reduce_right",
                      [&](const ExprP& x) -> ExprP { return with(e, 1, x); });
      if (isRVal(e1) && e1->value.kind == Value::Kind::Ref && isRVal(e2)) {
        const Value& ref = e1->value;
        const Value& i = e2->value;
        uint32_t k = ref.length;
        if (i.unspecified || uint64_t(i.integer) >= k) {
          // array_ref_clamped: i >= k, j < k  ==>  Ref(addr, k)[i] => Ref(addr, k)[j]: every j.
          std::vector<ExprStep> out;
          uint32_t shown = std::min<uint64_t>(k, kMaxChoices);
          for (uint32_t j = 0; j < shown; ++j)
            out.push_back(axiom("array_ref_clamped", e,
                                with(e, 1, val(Value::makeUint(j), e2->span)), {},
                                "index " + valueText(i) + " clamped to " + std::to_string(j)));
          if (shown < k) out.back().trace.truncated = true;
          return out;
        }
        // array_ref_valid: i < j  ==>  Ref(addr, j)[i] => LVal(addr + i * stride)
        TypeP element = ref.type->element;
        Address a = ref.address + Address(i.integer) * sizeOf(p_, *element);
        return {axiom("array_ref_valid", e, val(Value::makeLVal(a, ref.space, element), e->span))};
      }
      // alval_array_ander: e1[rval] has a left value type, e1 = LVal(addr)  ==>  * operator&[](&e1,
      // rval)
      if (e->info.leftValue && e->info.ander >= 0 && isLVal(e1) && isRVal(e2)) {
        auto amp = node(ExprKind::AddressOf, {e1}, e);
        auto deref = node(ExprKind::Deref, {callNode(p_, e->info.ander, {amp, e2}, e)}, e);
        return {axiom("alval_array_ander", e, deref)};
      }
      return {};
    }
    // alval_generic_reduce: R |- e -> e' ; E, e != LVal(addr), e != e1[e2]
    return wrap(expr(r, e), "alval_generic_reduce", [](const ExprP& x) { return x; });
  }

  // ---------------------------------------------------------------- R |- e -> e' ; E
  std::vector<ExprStep> expr(const EnvironmentP& r, const ExprP& e) {
    switch (e->kind) {
      case ExprKind::Val: {
        if (!e->value.isLVal()) return {};
        // load_valid / load_invalid: R |- LVal(addr) -> rval ; addr -> rval
        const Value& lv = e->value;
        if (shared_ && shared_->shared(lv.address)) {
          // Memory other invocations share: the value is the memory model's
          // (memmodel/wsl/explore.h), each value of the location's domain a successor of
          // load_valid.
          if (!isScalar(*lv.type)) return {};  // only scalar locations are modelled: stuck
          std::vector<ExprStep> out;
          for (const Value& v : shared_->domain(lv.address, lv.type))
            out.push_back(
                axiom("load_valid", e, val(v, e->span), {{MemoryEvent::Kind::Load, lv.address, v}},
                      "shared memory " + std::to_string(lv.address) + " read as " + valueText(v)));
          return out;
        }
        Value loaded = m_.load(p_, lv.type, lv.address);
        std::vector<MemoryEvent> events = {{MemoryEvent::Kind::Load, lv.address, loaded}};
        if (lv.type->kind == Type::Kind::Enum) {
          const EnumInfo& en = p_.enums[size_t(lv.type->declaration)];
          if (loaded.unspecified || !en.valid(loaded.integer)) {
            // "replace it by an unspecified valid value of that type": every element.
            std::vector<ExprStep> out;
            for (const auto& [name, v] : en.elements)
              out.push_back(axiom("load_invalid", e, val(Value::makeEnum(lv.type, v), e->span),
                                  events,
                                  "invalid enum value " + valueText(loaded) + " read as " + name));
            return out;
          }
        }
        return {axiom("load_valid", e, val(loaded, e->span), events)};
      }
      case ExprKind::Name: {
        // environment_access: x -> val in R  ==>  R |- x -> val
        auto it = r->bindings.find(e->name);
        if (it == r->bindings.end()) return {};
        return {axiom("environment_access", e, val(it->second, e->span))};
      }
      case ExprKind::Parens:
        return {axiom("parens_exec", e, e->operands[0])};
      case ExprKind::Comma:
        if (isRVal(e->operands[0])) return {axiom("comma_next", e, e->operands[1])};
        return wrap(expr(r, e->operands[0]), "comma_reduce",
                    [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
      case ExprKind::And:
      case ExprKind::Or: {
        const bool isAnd = e->kind == ExprKind::And;
        const ExprP& e0 = e->operands[0];
        if (!isRVal(e0))
          return wrap(expr(r, e0), isAnd ? "and_reduce" : "or_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
        std::vector<ExprStep> out;
        for (bool b : boolCases(e0->value)) {
          std::string choice = e0->value.unspecified
                                   ? std::string("unspecified bool is ") + (b ? "true" : "false")
                                   : "";
          if (isAnd)
            out.push_back(
                b ? axiom("and_true", e, e->operands[1], {}, choice)
                  : axiom("and_false", e, val(Value::makeBool(false), e->span), {}, choice));
          else
            out.push_back(b ? axiom("or_true", e, val(Value::makeBool(true), e->span), {}, choice)
                            : axiom("or_false", e, e->operands[1], {}, choice));
        }
        return out;
      }
      case ExprKind::Ternary: {
        const ExprP& e0 = e->operands[0];
        if (!isRVal(e0))
          return wrap(expr(r, e0), "ternary_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
        std::vector<ExprStep> out;
        for (bool b : boolCases(e0->value))
          out.push_back(axiom(b ? "ternary_true" : "ternary_false", e, e->operands[b ? 1 : 2], {},
                              e0->value.unspecified
                                  ? std::string("unspecified bool is ") + (b ? "true" : "false")
                                  : ""));
        return out;
      }
      case ExprKind::Not: {
        const ExprP& e0 = e->operands[0];
        // WSL.ott has not_true and not_false but no rule reducing the operand: `not_reduce` is
        // Plumb's, by analogy with deref_reduce (docs/ambiguities.md, WSL W16).
        if (!isRVal(e0))
          return wrap(expr(r, e0), "not_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
        std::vector<ExprStep> out;
        for (bool b : boolCases(e0->value))
          out.push_back(axiom(
              b ? "not_true" : "not_false", e, val(Value::makeBool(!b), e->span), {},
              e0->value.unspecified ? std::string("unspecified bool is ") + (b ? "true" : "false")
                                    : ""));
        return out;
      }
      case ExprKind::Deref: {
        const ExprP& e0 = e->operands[0];
        // deref_ptr: R |- * Ptr(addr) -> LVal(addr)
        if (isRVal(e0) && e0->value.kind == Value::Kind::Ptr && !e0->value.unspecified)
          return {axiom(
              "deref_ptr", e,
              val(Value::makeLVal(e0->value.address, e0->value.space, e0->value.type->element),
                  e->span))};
        return wrap(expr(r, e0), "deref_reduce",
                    [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
      }
      case ExprKind::AddressOf: {
        const ExprP& e0 = e->operands[0];
        // take_ptr_lval: R |- & LVal(addr) -> Ptr(addr)
        if (isLVal(e0))
          return {axiom(
              "take_ptr_lval", e,
              val(Value::makePtr(e0->value.address, e0->value.space, e0->value.type), e->span))};
        return wrap(alval(r, e0), "take_ptr_reduce",
                    [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
      }
      case ExprKind::MakeRef: {
        const ExprP& e0 = e->operands[0];
        // make_ref_lval: R |- @ LVal(addr) -> Ref(addr, i), i the array's size or 1
        if (isLVal(e0)) {
          const Value& lv = e0->value;
          bool array = lv.type->kind == Type::Kind::Array;
          return {axiom("make_ref_lval", e,
                        val(Value::makeRef(lv.address, array ? lv.type->size : 1, lv.space,
                                           array ? lv.type->element : lv.type),
                            e->span))};
        }
        return wrap(expr(r, e0), "make_ref_reduce",
                    [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
      }
      case ExprKind::Index: {
        // array_deref_reduce: R |- e1[e2] => e3  ==>  R |- e1[e2] -> e3
        if (auto in = alval(r, e); !in.empty())
          return wrap(std::move(in), "array_deref_reduce", [](const ExprP& x) { return x; });
        // array_deref_getter: e1[e2] an abstract left value  ==>  operator[](e1, e2)
        if (e->info.getter >= 0)
          return {axiom("array_deref_getter", e,
                        callNode(p_, e->info.getter, {e->operands[0], e->operands[1]}, e))};
        return {};
      }
      case ExprKind::Dot: {
        if (auto in = alval(r, e); !in.empty())
          return wrap(std::move(in), "dot_reduce", [](const ExprP& x) { return x; });
        if (e->info.getter >= 0)
          return {axiom("dot_getter", e, callNode(p_, e->info.getter, {e->operands[0]}, e))};
        return {};
      }
      case ExprKind::Assign: {
        const ExprP& e0 = e->operands[0];
        const ExprP& e1 = e->operands[1];
        if (auto in = alval(r, e0); !in.empty())
          return wrap(std::move(in), "assign_left_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
        if (auto in = expr(r, e1); !in.empty())
          return wrap(std::move(in), "assign_right_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 1, x); });
        if (!isRVal(e1)) return {};
        // assign_execute: R |- LVal(addr) = rval -> rval ; addr <- rval
        if (isLVal(e0))
          return {axiom("assign_execute", e, e1,
                        {{MemoryEvent::Kind::Store, e0->value.address, e1->value}})};
        // assign_setter: e3.foo = rval -> e3 = operator.foo=(e3, rval)
        if (e0->kind == ExprKind::Dot && e0->info.setter >= 0) {
          const ExprP& e3 = e0->operands[0];
          auto a = node(ExprKind::Assign, {e3, callNode(p_, e0->info.setter, {e3, e1}, e)}, e);
          a->info.type = e3->info.type;
          return {axiom("assign_setter", e, a)};
        }
        // assign_indexed_setter: e3[e4] = rval -> e3 = operator[]=(e3, e4, rval)
        if (e0->kind == ExprKind::Index && e0->info.setter >= 0) {
          const ExprP& e3 = e0->operands[0];
          auto a = node(ExprKind::Assign,
                        {e3, callNode(p_, e0->info.setter, {e3, e0->operands[1], e1}, e)}, e);
          a->info.type = e3->info.type;
          return {axiom("assign_indexed_setter", e, a)};
        }
        return {};
      }
      case ExprKind::CompoundAssign: {
        const ExprP& e1 = e->operands[0];
        if (auto in = alval(r, e1); !in.empty())
          return wrap(std::move(in), "plus_equal_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
        // plus_equal_elim: e1 += e2 -> e1 = operator+(e1, e2)
        auto a = node(ExprKind::Assign,
                      {e1, callNode(p_, e->info.function, {e1, e->operands[1]}, e)}, e);
        a->info.type = e->info.type;
        return {axiom("plus_equal_elim", e, a)};
      }
      case ExprKind::PrefixIncr: {
        const ExprP& e0 = e->operands[0];
        if (auto in = alval(r, e0); !in.empty())
          return wrap(std::move(in), "prefix_incr_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
        // prefix_incr_elim: ++e -> e = operator++(e)
        auto a = node(ExprKind::Assign, {e0, callNode(p_, e->info.function, {e0}, e)}, e);
        a->info.type = e->info.type;
        return {axiom("prefix_incr_elim", e, a)};
      }
      case ExprKind::PostfixIncr: {
        const ExprP& e0 = e->operands[0];
        if (auto in = alval(r, e0); !in.empty())
          return wrap(std::move(in), "postfix_incr_reduce",
                      [&](const ExprP& x) -> ExprP { return with(e, 0, x); });
        // postfix_incr_elim: e++ -> LVal(addr) = e, e = operator++(e), LVal(addr)
        ExprP temp =
            val(Value::makeLVal(e->info.store, AddressSpace::Thread, e->info.type), e->span);
        auto save = node(ExprKind::Assign, {temp, e0}, e);
        auto update = node(ExprKind::Assign, {e0, callNode(p_, e->info.function, {e0}, e)}, e);
        auto first = node(ExprKind::Comma, {save, update}, e);
        auto whole = node(ExprKind::Comma, {first, temp}, e);
        return {axiom("postfix_incr_elim", e, whole)};
      }
      case ExprKind::Call: {
        // call_reduce: the leftmost argument that is not an rval reduces first.
        for (size_t i = 0; i < e->operands.size(); ++i)
          if (!isRVal(e->operands[i]))
            return wrap(expr(r, e->operands[i]), "call_reduce",
                        [&](const ExprP& x) -> ExprP { return with(e, i, x); });
        return callResolve(r, e);
      }
      case ExprKind::CallConstruct: {
        const StmtP& s = e->body;
        // call_return: Call return rval; -> rval
        if (isReturnRVal(s)) return {axiom("call_return", e, s->expr)};
        // call_return_void: Call return; -> Void
        if (s->kind == StmtKind::ReturnVoid)
          return {axiom("call_return_void", e, val(Value::makeVoid(), e->span))};
        // call_end_function: Call {R'} -> Void
        if (isAnnotatedEmptyBlock(s))
          return {axiom("call_end_function", e, val(Value::makeVoid(), e->span))};
        return wrap(stmt(r, s), "call_construct_reduce", [&](const StmtP& x) -> ExprP {
          auto c = std::make_shared<Expr>(*e);
          c->body = x;
          return c;
        });
      }
      default:
        return {};
    }
  }

  // call_resolve: fid -> (y0:addr0, .., ym:addrm) {s0 .. sk}
  //   ==>  R |- fid(rv'0, .., rv'm) -> Call {R' s0 .. sk} ; Sequence(addr0 <- rv'0, ..)
  // A function of the standard library has no body in the seed: its call reduces, in the same
  // step, to the value (or each of the values) its definition gives (WSL W17).
  std::vector<ExprStep> callResolve(const EnvironmentP& r, const ExprP& e) {
    const Function* f = p_.function(e->info.function);
    if (!f) return {};
    std::vector<Value> args;
    for (const ExprP& a : e->operands) args.push_back(a->value);
    if (f->origin == Function::Origin::Native && f->native.rfind("interlocked:", 0) == 0)
      return interlocked(e, *f, args);
    if (f->origin == Function::Origin::Native && f->native.rfind("barrier:", 0) == 0) {
      // Seed "Fences and atomic operations": the call reduces to {} emitting the fence; the
      // global rule (every thread of the threadgroup at the same barrier) is the explorer's
      // (memmodel/wsl/explore.h). One thread alone is always at it.
      MemoryEvent fence;
      fence.kind = MemoryEvent::Kind::Barrier;
      fence.barrier = f->name + "@" + std::to_string(e->span.begin);
      return {axiom("call_resolve", e, val(Value::makeVoid(), e->span), {fence})};
    }
    if (f->origin == Function::Origin::Native && isDerivativeNative(f->native)) {
      // ddx, ddy (their coarse and fine forms, fwidth): the difference of the argument between
      // this invocation and its neighbour in the fragment's 2x2 quad. One invocation alone has
      // no neighbour: a typed stop, never a value picked for it (W51).
      ExprStep st = axiom("call_resolve", e, e);
      st.trace.stop = "unsupported: " + f->name +
                      " is a derivative across a fragment quad, and this run is one invocation";
      return {st};
    }
    if (f->origin == Function::Origin::Native && f->native == "texture-dimensions") {
      // GetDimensions: a store of each size through its pointer (the RI's `copyFrom`).
      std::vector<Value> sizes = textureDimensions(*f, args, resources_);
      std::vector<MemoryEvent> events;
      const size_t first = args.size() - sizes.size();
      for (size_t i = 0; i < sizes.size(); ++i)
        if (!args[first + i].unspecified)
          events.push_back({MemoryEvent::Kind::Store, args[first + i].address, sizes[i]});
      return {axiom("call_resolve", e, val(Value::makeVoid(), e->span), std::move(events))};
    }
    if (f->origin == Function::Origin::Native && f->native == "float-out:frexp") {
      // frexp(x, &e): the mantissa, and a store of the exponent through the pointer (W46).
      std::pair<Value, Value> parts = frexpValues(args[0]);
      std::vector<MemoryEvent> events;
      if (!args[1].unspecified)
        events.push_back({MemoryEvent::Kind::Store, args[1].address, parts.second});
      return {axiom("call_resolve", e, val(parts.first, e->span), std::move(events))};
    }
    if (f->origin == Function::Origin::Native && isRwTextureAccess(*f, args, resources_)) {
      // The texels of an RW texture are memory (W48): Store stores, Load loads. Out of bounds
      // (the RI traps) a Store writes nothing and a Load reads any value.
      std::optional<Address> a = rwAccessAddress(*f, args, resources_);
      if (f->native == "texture-store") {
        std::vector<MemoryEvent> events;
        if (a) events.push_back({MemoryEvent::Kind::Store, *a, args[1]});
        return {axiom("call_resolve", e, val(Value::makeVoid(), e->span), std::move(events), {})};
      }
      if (!a) return {axiom("call_resolve", e, val(Value::makeUnspecified(f->result), e->span))};
      Value v = m_.load(p_, f->result, *a);
      return {axiom("call_resolve", e, val(v, e->span), {{MemoryEvent::Kind::Load, *a, v}})};
    }
    if (f->origin == Function::Origin::Native) {
      std::vector<Value> results = evaluateNative(p_, *f, args, resources_);
      std::vector<ExprStep> out;
      for (const Value& v : results)
        out.push_back(
            axiom("call_resolve", e, val(v, e->span), {},
                  results.size() > 1 ? f->name + " gives " + valueText(v) : std::string()));
      return out;
    }
    if (f->parameterStores.size() != args.size()) return {};  // not checked: stuck, never a crash
    std::vector<MemoryEvent> events;
    EnvironmentP inner = r;
    for (size_t i = 0; i < args.size(); ++i) {
      Address a = f->parameterStores[i];
      events.push_back({MemoryEvent::Kind::Store, a, args[i]});
      inner = inner->extend(f->parameterNames[i],
                            Value::makeLVal(a, AddressSpace::Thread, f->parameters[i]));
    }
    auto c = node(ExprKind::CallConstruct, {}, e);
    c->body = block(f->body, inner);
    c->info.type = f->result;
    return {axiom("call_resolve", e, c, std::move(events))};
  }

  // Seed "Fences and atomic operations": InterlockedOp(x, y, z) emits a ReadModifyWrite at *x
  // (reading v, writing v op y) and then a Store of v at *z; InterlockedCompareExchange(x, old,
  // new, z) either an RMW at *x reading old and writing new, or a Load at *x of a value other
  // than old, and then the Store at *z. The value read is memory's, or on shared memory each
  // value of the location's domain (a choice point). It reduces, as call_resolve, to Void.
  std::vector<ExprStep> interlocked(const ExprP& e, const Function& f,
                                    const std::vector<Value>& args) {
    const std::string op = f.native.substr(std::string("interlocked:").size());
    const Value& x = args[0];
    const Value& z = args.back();
    const TypeP base = f.parameters[1];
    if (x.unspecified || z.unspecified) return {};
    std::vector<Value> reads;
    if (shared_ && shared_->shared(x.address))
      reads = shared_->domain(x.address, base);
    else
      reads = {m_.load(p_, base, x.address)};
    std::vector<ExprStep> out;
    for (const Value& v : reads) {
      std::vector<MemoryEvent> events;
      if (op == "CompareExchange") {
        Value expected = args[1], replacement = args[2];
        std::vector<Value> equal = evaluateNative(p_, equality(base), {v, expected});
        for (const Value& eq : equal) {
          std::vector<MemoryEvent> ev;
          if (eq.isTrue())
            ev.push_back({MemoryEvent::Kind::ReadModifyWrite, x.address, replacement, v, true});
          else
            ev.push_back({MemoryEvent::Kind::Load, x.address, v, {}, true});
          ev.push_back({MemoryEvent::Kind::Store, z.address, v});
          out.push_back(axiom("call_resolve", e, val(Value::makeVoid(), e->span), std::move(ev),
                              reads.size() > 1 || equal.size() > 1
                                  ? f.name + " read " + valueText(v)
                                  : std::string()));
        }
        continue;
      }
      Value written = args[1];
      if (op != "Exchange") {
        Function scalar;
        scalar.native = op == "Add"   ? "+"
                        : op == "And" ? "&"
                        : op == "Or"  ? "|"
                        : op == "Xor" ? "^"
                        : op == "Min" ? "min"
                                      : "max";
        scalar.parameters = {base, base};
        scalar.result = base;
        written = evaluateNative(p_, scalar, {v, args[1]}).front();
      }
      events.push_back({MemoryEvent::Kind::ReadModifyWrite, x.address, written, v, true});
      events.push_back({MemoryEvent::Kind::Store, z.address, v});
      out.push_back(axiom("call_resolve", e, val(Value::makeVoid(), e->span), std::move(events),
                          reads.size() > 1 ? f.name + " read " + valueText(v) : std::string()));
    }
    return out;
  }

  static Function equality(const TypeP& t) {
    Function f;
    f.native = "==";
    f.parameters = {t, t};
    f.result = boolType();
    return f;
  }

  // ---------------------------------------------------------------- R |- s -> s' ; E
  std::vector<StmtStep> stmt(const EnvironmentP& r, const StmtP& s) {
    auto withExpr = [&](const ExprP& x) -> StmtP {
      auto t = std::make_shared<Stmt>(*s);
      t->expr = x;
      return t;
    };
    switch (s->kind) {
      case StmtKind::Block:
        return blockStep(r, s);
      case StmtKind::Discard: {
        // "discard; ends a thread" (seed "Barriers and discard"): a stop, not a rule.
        StmtStep st{s, {}};
        st.trace.redex = "discard;";
        st.trace.stop = "discard";
        return {st};
      }
      case StmtKind::ExprStmt:
        // effectful_expr_elim: R |- rval; -> {}
        if (isRVal(s->expr)) return {axiom("effectful_expr_elim", s, block({}, nullptr))};
        return wrap(expr(r, s->expr), "effectful_expr_reduce", withExpr);
      case StmtKind::Return:
        if (isRVal(s->expr)) return {};
        return wrap(expr(r, s->expr), "return_reduce", withExpr);
      case StmtKind::IfElse: {
        if (!isRVal(s->expr)) return wrap(expr(r, s->expr), "if_reduce", withExpr);
        std::vector<StmtStep> out;
        for (bool b : boolCases(s->expr->value))
          out.push_back(axiom(b ? "if_true" : "if_false", s, b ? s->then : s->otherwise, {},
                              s->expr->value.unspecified
                                  ? std::string("unspecified bool is ") + (b ? "true" : "false")
                                  : ""));
        return out;
      }
      case StmtKind::DoWhile: {
        // do_while_loop: do s while(e); -> Loop(s, {}, if (e) do s while(e); else {})
        auto again = std::make_shared<Stmt>();
        again->kind = StmtKind::IfElse;
        again->span = s->span;
        again->expr = s->expr;
        again->then = s;
        again->otherwise = block({}, nullptr);
        return {axiom("do_while_loop", s, loop(s->body, block({}, nullptr), again, s->span))};
      }
      case StmtKind::For: {
        // for_loop: for (; e ; e') s -> if (e) Loop(s, e';, for (;e;e') s) else {}
        auto increment = std::make_shared<Stmt>();
        increment->kind = StmtKind::ExprStmt;
        increment->expr = s->increment;
        increment->span = s->increment ? s->increment->span : s->span;
        auto branch = std::make_shared<Stmt>();
        branch->kind = StmtKind::IfElse;
        branch->span = s->span;
        branch->expr = s->expr;
        branch->then = loop(s->body, increment, s, s->span);
        branch->otherwise = block({}, nullptr);
        return {axiom("for_loop", s, branch)};
      }
      case StmtKind::Loop: {
        const StmtP& s1 = s->statements[0];
        const StmtP& s2 = s->statements[1];
        const StmtP& s3 = s->statements[2];
        if (s1->kind == StmtKind::Break) return {axiom("loop_break", s, block({}, nullptr))};
        if (isAnnotatedEmptyBlock(s1) || s1->kind == StmtKind::Continue) {
          if (isAnnotatedEmptyBlock(s2)) return {axiom("loop_next_iteration", s, s3)};
          return wrap(stmt(r, s2), "loop_increment",
                      [&](const StmtP& x) -> StmtP { return loop(s1, x, s3, s->span); });
        }
        if (s1->kind == StmtKind::Fallthrough || s1->kind == StmtKind::ReturnVoid ||
            isReturnRVal(s1))
          return {axiom("loop_other_terminator", s, s1)};
        return wrap(stmt(r, s1), "loop_reduce",
                    [&](const StmtP& x) -> StmtP { return loop(x, s2, s3, s->span); });
      }
      case StmtKind::Switch: {
        if (!isRVal(s->expr)) return wrap(expr(r, s->expr), "switch_reduce", withExpr);
        const Value& v = s->expr->value;
        auto casesFrom = [&](size_t i) {
          auto c = std::make_shared<Stmt>();
          c->kind = StmtKind::Cases;
          c->span = s->span;
          for (size_t j = i; j < s->cases.size(); ++j)
            c->statements.push_back(block(s->cases[j].body, nullptr));
          return c;
        };
        std::vector<StmtStep> out;
        std::optional<size_t> defaultCase;
        std::vector<int64_t> covered;
        for (size_t i = 0; i < s->cases.size(); ++i) {
          const SwitchCase& c = s->cases[i];
          if (c.isDefault) {
            defaultCase = i;
            continue;
          }
          covered.push_back(c.value->value.integer);
          // switch_case_found: switch (rv) {.. case rv: sblock ..} -> Cases({sblock}, ..)
          if (v.unspecified || c.value->value.integer == v.integer)
            out.push_back(
                axiom("switch_case_found", s, casesFrom(i), {},
                      v.unspecified ? "unspecified value is " + valueText(c.value->value) : ""));
        }
        // switch_default: rv not in the cases  ==>  Cases from the default
        if (defaultCase && (v.unspecified || out.empty()))
          out.push_back(axiom("switch_default", s, casesFrom(*defaultCase), {},
                              v.unspecified ? "unspecified value is not a case" : ""));
        return out;
      }
      case StmtKind::Cases: {
        const StmtP& first = s->statements.front();
        auto rest = [&](StmtP head, size_t from) {
          auto c = std::make_shared<Stmt>(*s);
          c->statements.assign(s->statements.begin() + long(from), s->statements.end());
          if (head) c->statements.insert(c->statements.begin(), head);
          return c;
        };
        if (first->kind == StmtKind::Fallthrough) {
          if (s->statements.size() == 1) return {};
          return {axiom("cases_fallthrough", s, rest(nullptr, 1))};
        }
        if (first->kind == StmtKind::Break) return {axiom("cases_break", s, block({}, nullptr))};
        if (first->kind == StmtKind::Continue || first->kind == StmtKind::ReturnVoid ||
            isReturnRVal(first))
          return {axiom("cases_other_terminator", s, first)};
        return wrap(stmt(r, first), "cases_reduce",
                    [&](const StmtP& x) -> StmtP { return rest(x, 1); });
      }
      default:
        return {};
    }
  }

  static StmtP loop(StmtP a, StmtP b, StmtP c, Span span) {
    auto l = std::make_shared<Stmt>();
    l->kind = StmtKind::Loop;
    l->span = span;
    l->statements = {std::move(a), std::move(b), std::move(c)};
    return l;
  }

  std::vector<StmtStep> blockStep(const EnvironmentP& r, const StmtP& s) {
    // block_annotate: R |- {s0..sn} -> {R s0..sn}
    if (!s->environment) {
      auto b = std::make_shared<Stmt>(*s);
      b->environment = r;
      return {axiom("block_annotate", s, b)};
    }
    if (s->statements.empty()) return {};
    const EnvironmentP& rb = s->environment;
    const StmtP& first = s->statements.front();
    auto replaceFirst = [&](StmtP x, EnvironmentP env) {
      auto b = std::make_shared<Stmt>(*s);
      b->environment = std::move(env);
      if (x)
        b->statements.front() = std::move(x);
      else
        b->statements.erase(b->statements.begin());
      return b;
    };
    // block_next_stmt: Rout |- {R {R'} s1..sn} -> {R s1..sn}
    if (isAnnotatedEmptyBlock(first))
      return {axiom("block_next_stmt", s, replaceFirst(nullptr, rb))};
    // block_terminator: Rout |- {R s s1..sn} -> s, s a terminator
    if (isTerminator(first)) return {axiom("block_terminator", s, first)};
    if (first->kind == StmtKind::VarDecls) {
      const VarDecl& d = first->declarations.front();
      if (first->threadgroup) {
        // block_vdecl_threadgroup (Plumb's, W49): {R threadgroup tval x : sid; s1..sn} ->
        // {R' s1..sn}, no event: the location is the threadgroup's, holding its value already.
        EnvironmentP inner =
            rb->extend(d.name, Value::makeLVal(d.store, AddressSpace::Threadgroup, first->type));
        return {axiom("block_vdecl_threadgroup", s, replaceFirst(nullptr, inner))};
      }
      Value location = Value::makeLVal(d.store, AddressSpace::Thread, first->type);
      EnvironmentP inner = rb->extend(d.name, location);
      if (!d.init) {
        // block_vdecl: {R tval x : sid; s1..sn} -> {R' s1..sn} ; sid <- Default(tval)
        Value dv = defaultValue(p_, first->type);
        return {axiom("block_vdecl", s, replaceFirst(nullptr, inner),
                      {{MemoryEvent::Kind::Store, d.store, dv}})};
      }
      if (isRVal(d.init))
        // block_vdecl_complete: {R tval x : sid = rv; s1..sn} -> {R' s1..sn} ; sid <- rv
        return {axiom("block_vdecl_complete", s, replaceFirst(nullptr, inner),
                      {{MemoryEvent::Kind::Store, d.store, d.init->value}})};
      // block_vdecl_reduce: R[x -> LVal(sid)] |- e -> e'
      return wrap(expr(inner, d.init), "block_vdecl_reduce", [&](const ExprP& x) -> StmtP {
        auto decl = std::make_shared<Stmt>(*first);
        decl->declarations.front().init = x;
        return replaceFirst(decl, rb);
      });
    }
    // block_reduce: R |- s -> s'  ==>  Rout |- {R s s1..sn} -> {R s' s1..sn}
    return wrap(stmt(rb, first), "block_reduce",
                [&](const StmtP& x) -> StmtP { return replaceFirst(x, rb); });
  }

 private:
  const CheckedProgram& p_;
  const Memory& m_;
  const Resources* resources_;
  const SharedMemory* shared_;
};

}  // namespace

std::vector<ExpressionStep> stepExpression(const CheckedProgram& p, const Memory& m,
                                           const EnvironmentP& r, const ExprP& e) {
  Machine machine(p, m);
  return machine.expr(r, e);
}

std::vector<int> entryCandidates(const CheckedProgram& p, const std::string& name, size_t n) {
  std::vector<int> out;
  for (int id : p.lookup(name)) {
    const Function& f = p.functions[size_t(id)];
    if (f.origin == Function::Origin::User && f.parameters.size() == n) out.push_back(id);
  }
  return out;
}

RunResult runFunction(const CheckedProgram& p, const RunOptions& options) {
  RunResult result;
  int entry = -1;
  for (int id : entryCandidates(p, options.entry, options.arguments.size())) {
    const Function& f = p.functions[size_t(id)];
    bool ok = true;
    for (size_t i = 0; i < f.parameters.size(); ++i)
      ok &= sameType(f.parameters[i], options.arguments[i].type);
    if (ok) entry = id;
  }
  if (entry < 0) {
    std::string sig = options.entry + "(";
    for (size_t i = 0; i < options.arguments.size(); ++i)
      sig += (i ? ", " : "") +
             (options.arguments[i].type ? typeName(*options.arguments[i].type) : "?");
    result.error = "no function " + sig + ")";
    return result;
  }
  std::vector<ExprP> args;
  for (const Value& v : options.arguments) args.push_back(val(v));
  auto call = callNode(p, entry, args, nullptr);

  struct Path {
    ExprP term;
    Memory memory;
    std::vector<std::string> choices;
    uint64_t steps = 0;
    std::optional<StepTrace> first;   // the choice step that started this path, traced when it runs
    std::vector<MemoryEvent> shared;  // its events on shared memory (RunOptions::onExecution)
  };
  // A step's events: stores (and the write of an RMW) change the path's memory; the events on
  // shared memory and the barriers are kept for onExecution.
  auto apply = [&](Path& path, const std::vector<MemoryEvent>& events) {
    for (const MemoryEvent& ev : events) {
      if (ev.kind == MemoryEvent::Kind::Store || ev.kind == MemoryEvent::Kind::ReadModifyWrite)
        path.memory.store(p, ev.value, ev.address);
      if (options.onExecution &&
          (ev.kind == MemoryEvent::Kind::Barrier || options.shared.shared(ev.address)))
        path.shared.push_back(ev);
    }
  };
  std::vector<Path> stack;
  Memory initial;
  for (const auto& [address, value] : options.initialMemory) initial.store(p, value, address);
  // The threadgroup variables hold their default values before any invocation runs (W49).
  for (const ThreadgroupVariable& v : p.threadgroupVariables)
    initial.store(p, defaultValue(p, v.type), v.address);
  // The texels of the RW textures (W48).
  for (const RwTexel& t : rwTexels(options.resources)) initial.store(p, t.value, t.address);
  stack.push_back({call, initial, {}, 0, std::nullopt, {}});
  auto empty = std::make_shared<Environment>();
  auto record = [&](Outcome o, const Path& path) {
    if (options.onExecution) options.onExecution(o, path.shared);
    for (const auto& [address, type] : options.observe)
      o.observed.push_back(path.memory.load(p, type, address));
    if (options.observePointee && o.status == Outcome::Status::Returned &&
        o.value.kind == Value::Kind::Ptr && o.value.type && o.value.type->element)
      o.observed.push_back(path.memory.load(p, o.value.type->element, o.value.address));
    auto sameObserved = [&](const Outcome& x) {
      if (x.observed.size() != o.observed.size()) return false;
      for (size_t i = 0; i < x.observed.size(); ++i)
        if (!sameValue(x.observed[i], o.observed[i])) return false;
      return true;
    };
    for (Outcome& x : result.outcomes)
      if (x.status == o.status && sameValue(x.value, o.value) && x.stuckTerm == o.stuckTerm &&
          x.unsupported == o.unsupported && sameObserved(x)) {
        ++x.executions;
        return;
      }
    o.executions = 1;
    result.outcomes.push_back(std::move(o));
  };
  while (!stack.empty()) {
    if (result.executions >= options.maxExecutions) {
      result.executionLimitReached = true;
      break;
    }
    Path path = std::move(stack.back());
    stack.pop_back();
    size_t pathIndex = size_t(result.executions);
    if (path.first && options.trace) options.trace(pathIndex, path.steps, *path.first);
    while (true) {
      Machine machine(p, path.memory, &options.resources, &options.shared);
      std::vector<ExprStep> steps = machine.expr(empty, path.term);
      if (steps.empty()) {
        Outcome o;
        o.steps = path.steps;
        o.choices = path.choices;
        if (isRVal(path.term)) {
          o.status = Outcome::Status::Returned;
          o.value = path.term->value;
        } else {
          o.status = Outcome::Status::Stuck;
          o.stuckTerm = exprText(*path.term);
        }
        record(std::move(o), path);
        break;
      }
      if (!steps.front().trace.stop.empty()) {
        Outcome o;
        o.status = Outcome::Status::Discarded;
        const std::string& stop = steps.front().trace.stop;
        if (stop.rfind("unsupported: ", 0) == 0) {
          o.status = Outcome::Status::Unsupported;
          o.unsupported = stop.substr(13);
        }
        o.steps = path.steps;
        o.choices = path.choices;
        record(std::move(o), path);
        break;
      }
      if (path.steps >= options.maxSteps) {
        Outcome o;
        o.status = Outcome::Status::StepLimit;
        o.steps = path.steps;
        o.choices = path.choices;
        record(std::move(o), path);
        break;
      }
      // Alternatives go on the stack (explored later, depth first), the first is taken now.
      for (size_t i = steps.size(); i-- > 1;) {
        Path alt{steps[i].result, path.memory,  path.choices,
                 path.steps + 1,  std::nullopt, path.shared};
        alt.choices.push_back(steps[i].trace.choice);
        apply(alt, steps[i].trace.events);
        for (const std::string& rule : steps[i].trace.rules) result.rulesFired.insert(rule);
        if (steps[i].trace.truncated) result.executionLimitReached = true;
        alt.first = steps[i].trace;
        stack.push_back(std::move(alt));
      }
      ExprStep& s = steps.front();
      for (const std::string& rule : s.trace.rules) result.rulesFired.insert(rule);
      if (options.trace) options.trace(pathIndex, path.steps + 1, s.trace);
      if (!s.trace.choice.empty()) path.choices.push_back(s.trace.choice);
      apply(path, s.trace.events);
      path.term = s.result;
      ++path.steps;
    }
    ++result.executions;
  }
  return result;
}

}  // namespace plumb::wsl
