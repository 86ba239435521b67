// The profiles' hardware limits (profile_limits.h): compile-time and run-time values, then the
// rules CG-P10 to CG-P12 on the functions the entry reaches.
#include "checker/cg/profile_limits.h"

#include <cstdlib>
#include <map>
#include <set>

namespace plumb::cg {
namespace {

// Run-time values: one flag per variable. Globals, and what flows between functions (a
// parameter's value at entry from every call, an out parameter's at exit, a return value), are
// summaries set once and for all, iterated over the reachable functions to a fixpoint; a
// function's parameters and locals are followed statement by statement (an assignment of a
// compile-time value makes a variable one again; the branches of an `if` join; a loop's body is
// walked until its state is stable).
// The names a statement or expression writes (assignments, ++/--, declarations): a loop's
// counters among them (CG-P14's "loop index variable").
void collectWrittenNames(const Expr& e, std::set<std::string>& out) {
  if (e.kind == ExprKind::Assign || e.kind == ExprKind::PreIncrement ||
      e.kind == ExprKind::PostIncrement) {
    const Expr* x = e.operands.empty() ? nullptr : e.operands[0].get();
    while (x && (x->kind == ExprKind::Member || x->kind == ExprKind::Index) && !x->operands.empty())
      x = x->operands[0].get();
    if (x && x->kind == ExprKind::Name) out.insert(x->name);
  }
  for (const ExprP& o : e.operands)
    if (o) collectWrittenNames(*o, out);
}

void collectWrittenNames(const Stmt& s, std::set<std::string>& out) {
  if (s.kind == StmtKind::Declaration)
    for (const Declarator& d : s.declaration.declarators) {
      out.insert(d.name);
      if (d.initializer) collectWrittenNames(*d.initializer, out);
    }
  if (s.expr) collectWrittenNames(*s.expr, out);
  if (s.step) collectWrittenNames(*s.step, out);
  for (const StmtP& x : s.statements)
    if (x) collectWrittenNames(*x, out);
  for (const StmtP* x : {&s.then, &s.otherwise, &s.body, &s.init})
    if (*x) collectWrittenNames(**x, out);
}

// Whether an expression reads one of `names`.
bool readsAnyName(const Expr& e, const std::set<std::string>& names) {
  if (e.kind == ExprKind::Name && names.count(e.name)) return true;
  for (const ExprP& o : e.operands)
    if (o && readsAnyName(*o, names)) return true;
  return false;
}

// An integer literal, negated or not (`-2`): its value.
bool integerLiteralValue(const Expr& e, long long& value) {
  if (e.kind == ExprKind::IntLiteral) {
    value = std::strtoll(e.literal.c_str(), nullptr, 0);
    return true;
  }
  if (e.kind == ExprKind::Unary && e.op == "-" && e.operands.size() == 1 && e.operands[0] &&
      integerLiteralValue(*e.operands[0], value)) {
    value = -value;
    return true;
  }
  return false;
}

// A `for` loop counting an int counter up from a literal (`for (int i = -2; ...; i++)`,
// `i += 1`): the counter's initial value (CG-P15).
bool countsUpFromLiteral(const Stmt& s, long long& start) {
  if (s.kind != StmtKind::For || !s.init || !s.step) return false;
  std::string counter;
  const Stmt& init = *s.init;
  if (init.kind == StmtKind::Declaration && init.declaration.declarators.size() == 1) {
    const Declarator& d = init.declaration.declarators[0];
    const TypeP& t = d.declaredType;
    if (!t || t->kind != TypeKind::Scalar || !isIntegral(t->scalar) || !d.initializer ||
        !integerLiteralValue(*d.initializer, start))
      return false;
    counter = d.name;
  } else {
    return false;
  }
  const Expr& step = *s.step;
  const bool increments =
      ((step.kind == ExprKind::PreIncrement || step.kind == ExprKind::PostIncrement) &&
       step.op == "++") ||
      (step.kind == ExprKind::Assign && step.op == "+=" && step.operands.size() == 2 &&
       step.operands[1] && step.operands[1]->kind == ExprKind::IntLiteral);
  return increments && !step.operands.empty() && step.operands[0] &&
         step.operands[0]->kind == ExprKind::Name && step.operands[0]->name == counter;
}

// Where a variable's storage is, for the profiles' relative addressing (CG-P13, CG-P14).
enum class Storage { Uniform, Varying, ProgramGlobal, Local, Parameter };

class RunTimeValues {
 public:
  RunTimeValues(const Program& p, const CheckedProgram& c) : p_(p), c_(c) {
    // Globals: a uniform one (non-static, non-const: "Non-static global variables are treated
    // as uniform by default") is an input of the program; a const or static one is the
    // program's own, a run-time value only through its initializer or an assignment.
    for (const TopLevel& t : p_.order) {
      if (t.kind != DeclKind::Variable) continue;
      const VariableDecl& d = p_.globals[static_cast<size_t>(t.index)];
      for (const Declarator& x : d.declarators) {
        bool input = !d.specifiers.isStatic && !d.specifiers.isConst;
        globals_[x.name] = newVariable(input, input ? Storage::Uniform : Storage::ProgramGlobal);
        isGlobal_.back() = true;
        globalInits_.push_back({globals_[x.name], x.initializer.get()});
      }
    }
    params_.resize(p_.functions.size());
    returns_.assign(p_.functions.size(), false);
    outs_.resize(p_.functions.size());
    for (size_t f = 0; f < p_.functions.size(); ++f)
      for (size_t k = 0; k < p_.functions[f].parameters.size(); ++k) {
        const Parameter& q = p_.functions[f].parameters[k];
        const bool entry = static_cast<int>(f) == c_.entry;  // its parameters: the inputs
        params_[f].push_back(newVariable(entry, !entry                 ? Storage::Parameter
                                                : q.specifiers.uniform ? Storage::Uniform
                                                                       : Storage::Varying));
        if (entry) semantics_[params_[f].back()] = q.declarator.semantic.name;
        outs_[f].push_back(newVariable(false, Storage::Parameter));
      }
  }

  // Runs the reachable functions until nothing changes (each pass can only set flags).
  void solve() {
    for (int pass = 0; pass < 64; ++pass) {
      changed_ = false;
      // Global initializers: no function's scopes, no condition around them.
      current_ = -1;
      scopes_.clear();
      control_.assign(1, false);
      cur_ = flags_;
      for (const auto& [v, init] : globalInits_)
        if (init && expr(*init)) set(v);
      for (int f : c_.reachable) function(f);
      if (!changed_) break;
    }
  }

  // The checks, in one last pass with the flags final.
  std::vector<ProfileLimitViolation> check(const Profile& profile) {
    profile_ = &profile;
    checking_ = true;
    for (int f : c_.reachable) function(f);
    return std::move(out_);
  }

 private:
  int newVariable(bool runtime, Storage storage) {
    flags_.push_back(runtime);
    cur_.push_back(runtime);
    isGlobal_.push_back(false);
    storage_.push_back(storage);
    return static_cast<int>(flags_.size()) - 1;
  }
  // A summary flag (a global, a parameter at entry, an out parameter at exit).
  void set(int v) {
    if (v >= 0 && !flags_[static_cast<size_t>(v)])
      flags_[static_cast<size_t>(v)] = true, changed_ = true;
  }
  bool read(int v) const { return v >= 0 && cur_[static_cast<size_t>(v)]; }
  // A write of a value (`rt`) to variable v: `strong` replaces its flag (an assignment to the
  // whole variable outside a run-time condition), else adds to it. A global's summary too.
  void write(int v, bool rt, bool strong) {
    if (v < 0) return;
    rt = rt || underRunTimeControl();
    if (isGlobal_[static_cast<size_t>(v)]) {
      if (rt) set(v);
      cur_[static_cast<size_t>(v)] = cur_[static_cast<size_t>(v)] || rt;
      return;
    }
    cur_[static_cast<size_t>(v)] =
        strong && !underRunTimeControl() ? rt : (cur_[static_cast<size_t>(v)] || rt);
  }
  static void join(std::vector<bool>& into, const std::vector<bool>& other) {
    if (other.size() > into.size()) into.resize(other.size(), false);
    for (size_t i = 0; i < other.size(); ++i) into[i] = into[i] || other[i];
  }
  int lookup(const std::string& name) const {
    for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s) {
      auto it = s->find(name);
      if (it != s->end()) return it->second;
    }
    auto it = globals_.find(name);
    return it == globals_.end() ? -1 : it->second;
  }
  // The variable an lvalue writes (its root name), or -1.
  int root(const Expr& e) const {
    const Expr* x = &e;
    while ((x->kind == ExprKind::Member || x->kind == ExprKind::Index) && !x->operands.empty() &&
           x->operands[0])
      x = x->operands[0].get();
    return x->kind == ExprKind::Name ? lookup(x->name) : -1;
  }

  void function(int f) {
    const FunctionDecl& fn = p_.functions[static_cast<size_t>(f)];
    if (!fn.body) return;
    current_ = f;
    scopes_.assign(1, {});
    // The state at entry: the summaries (globals, the parameters from every call); locals
    // start compile-time.
    cur_ = flags_;
    for (size_t v = 0; v < cur_.size(); ++v)
      if (!isGlobal_[v]) cur_[v] = false;
    for (size_t k = 0; k < fn.parameters.size(); ++k) {
      int v = params_[static_cast<size_t>(f)][k];
      scopes_.back()[fn.parameters[k].declarator.name] = v;
      cur_[static_cast<size_t>(v)] = flags_[static_cast<size_t>(v)];
    }
    control_.assign(1, false);
    stmt(*fn.body);
    exitState();
  }

  // At a return or the end of the body: the out parameters' values go back to the callers.
  void exitState() {
    if (current_ < 0) return;
    const FunctionDecl& fn = p_.functions[static_cast<size_t>(current_)];
    for (size_t k = 0; k < fn.parameters.size(); ++k) {
      const Specifiers& sp = fn.parameters[k].specifiers;
      if ((sp.out || sp.inout) && read(params_[static_cast<size_t>(current_)][k]))
        set(outs_[static_cast<size_t>(current_)][k]);
    }
  }

  // A local variable, one per declarator (the same one each time a loop's body is walked).
  int local(const Declarator& d) {
    auto it = locals_.find(&d);
    int v = it != locals_.end() ? it->second : (locals_[&d] = newVariable(false, Storage::Local));
    scopes_.back()[d.name] = v;
    return v;
  }

  // A loop: its condition, body and step walked until the state at the condition is stable
  // (each walk can only add run-time flags), the last walk with the final state (the checks).
  void loop(const Stmt& s, const Expr* cond, const Stmt* body, const Expr* step, bool bodyFirst) {
    loopNames_.emplace_back();
    collectWrittenNames(s, loopNames_.back());
    loopWalk(s, cond, body, step, bodyFirst);
    loopNames_.pop_back();
  }

  void loopWalk(const Stmt& s, const Expr* cond, const Stmt* body, const Expr* step,
                bool bodyFirst) {
    for (int round = 0; round < 32; ++round) {
      std::vector<bool> entry = cur_;
      bool rt = false;
      if (bodyFirst) {
        control_.push_back(underRunTimeControl());
        if (body) stmt(*body);
        control_.pop_back();
      }
      rt = cond && expr(*cond);
      bool last = false;
      std::vector<bool> after = cur_;
      join(after, entry);
      last = after == cur_ && after == entry;
      if (last || round == 31) {
        if (checking_ && rt && !profile_->dynamicLoops)
          out_.push_back({s.span,
                          "this loop cannot be unrolled: its condition depends on a run-time "
                          "value, and profile " +
                              profile_->name +
                              " has no loops that are not unrolled (its page in the Cg 3.1 "
                              "reference manual; cgc C5013) (CG-P10)",
                          "CG-P10"});
        long long start = 0;
        if (checking_ && rt && profile_->loopCounterMin <= profile_->loopCounterMax &&
            countsUpFromLiteral(s, start) &&
            (start < profile_->loopCounterMin || start > profile_->loopCounterMax))
          out_.push_back({s.init->span,
                          "this loop's counter starts at " + std::to_string(start) +
                              ", and a loop that cannot be unrolled (its condition depends on a "
                              "run-time value) counts in profile " +
                              profile_->name + "'s loop register, from " +
                              std::to_string(profile_->loopCounterMin) + " to " +
                              std::to_string(profile_->loopCounterMax) +
                              " (Direct3D 9's `loop aL, i#`; cgc C7002) (CG-P15)",
                          "CG-P15"});
      }
      control_.push_back(underRunTimeControl() || rt);
      if (body && !bodyFirst) stmt(*body);
      if (step) expr(*step);
      control_.pop_back();
      join(cur_, entry);
      if (cur_ == entry) {
        if (!last) continue;  // one more walk, with the stable state, for the checks
        return;
      }
    }
  }

  bool underRunTimeControl() const { return !control_.empty() && control_.back(); }

  void stmt(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::Block:
        scopes_.emplace_back();
        for (const StmtP& x : s.statements)
          if (x) stmt(*x);
        scopes_.pop_back();
        return;
      case StmtKind::Declaration:
        for (const Declarator& d : s.declaration.declarators) {
          bool rt = d.initializer && expr(*d.initializer);
          int v = local(d);
          cur_[static_cast<size_t>(v)] = rt;
        }
        return;
      case StmtKind::Expression:
      case StmtKind::Case:
        if (s.expr) expr(*s.expr);
        return;
      case StmtKind::Return:
        if (s.expr && (expr(*s.expr) || underRunTimeControl()) && current_ >= 0) {
          if (!returns_[static_cast<size_t>(current_)]) changed_ = true;
          returns_[static_cast<size_t>(current_)] = true;
        }
        exitState();
        return;
      case StmtKind::If: {
        bool rt = s.expr && expr(*s.expr);
        control_.push_back(underRunTimeControl() || rt);
        std::vector<bool> before = cur_;
        if (s.then) stmt(*s.then);
        std::vector<bool> afterThen = cur_;
        cur_ = before;
        if (cur_.size() < afterThen.size()) cur_.resize(afterThen.size(), false);
        if (s.otherwise) stmt(*s.otherwise);
        join(cur_, afterThen);
        control_.pop_back();
        return;
      }
      case StmtKind::Switch: {
        bool rt = s.expr && expr(*s.expr);
        control_.push_back(underRunTimeControl() || rt);
        std::vector<bool> before = cur_;
        if (s.body) stmt(*s.body);
        join(cur_, before);
        control_.pop_back();
        return;
      }
      case StmtKind::While:
        loop(s, s.expr.get(), s.body.get(), nullptr, false);
        return;
      case StmtKind::DoWhile:
        loop(s, s.expr.get(), s.body.get(), nullptr, true);
        return;
      case StmtKind::For:
        scopes_.emplace_back();
        if (s.init) stmt(*s.init);
        loop(s, s.expr.get(), s.body.get(), s.step.get(), false);
        scopes_.pop_back();
        return;
      default:
        return;
    }
  }

  // Whether `e` is a run-time value; records its effects (assignments, calls) and, when
  // checking, its violations.
  bool expr(const Expr& e) {
    switch (e.kind) {
      case ExprKind::IntLiteral:
      case ExprKind::FloatLiteral:
      case ExprKind::BoolLiteral:
        return false;
      case ExprKind::Name:
        return read(lookup(e.name));
      case ExprKind::Index: {
        bool base = !e.operands.empty() && e.operands[0] && expr(*e.operands[0]);
        bool index = e.operands.size() > 1 && e.operands[1] && expr(*e.operands[1]);
        TypeP t = !e.operands.empty() && e.operands[0] ? e.operands[0]->info.type : nullptr;
        if (checking_ && index && t && (t->kind == TypeKind::Array || t->kind == TypeKind::Matrix))
          runTimeSubscript(e, *t);
        return base || index;
      }
      case ExprKind::Assign: {
        bool rhs = e.operands.size() > 1 && e.operands[1] && expr(*e.operands[1]);
        bool lhs = !e.operands.empty() && e.operands[0] && expr(*e.operands[0]);
        if (e.op != "=") integerOperator(e, e.op.substr(0, e.op.size() - 1), lhs || rhs);
        bool rt = rhs || (e.op != "=" && lhs);
        if (!e.operands.empty() && e.operands[0])
          write(root(*e.operands[0]), rt, e.op == "=" && e.operands[0]->kind == ExprKind::Name);
        return rt;
      }
      case ExprKind::PreIncrement:
      case ExprKind::PostIncrement: {
        bool rt = !e.operands.empty() && e.operands[0] && expr(*e.operands[0]);
        if (!e.operands.empty() && e.operands[0]) write(root(*e.operands[0]), rt, false);
        return rt;
      }
      case ExprKind::Binary: {
        bool a = !e.operands.empty() && e.operands[0] && expr(*e.operands[0]);
        bool b = e.operands.size() > 1 && e.operands[1] && expr(*e.operands[1]);
        integerOperator(e, e.op, a || b);
        return a || b;
      }
      case ExprKind::Unary: {
        bool a = !e.operands.empty() && e.operands[0] && expr(*e.operands[0]);
        if (e.op == "~") integerOperator(e, e.op, a);
        return a;
      }
      case ExprKind::Call:
      case ExprKind::MethodCall:
        return call(e);
      default: {
        bool rt = false;
        for (const ExprP& o : e.operands)
          if (o) rt = expr(*o) || rt;
        return rt;
      }
    }
  }

  // A run-time subscript of an array or a matrix `e` (CG-P11, CG-P13, CG-P14). Only what
  // cgc's rule certainly rejects is an error: storage that is not the profile's (a uniform, or
  // an array of constants, in fp40 and ps_3_0; a varying input or constants in the vertex
  // profiles), or a varying input subscripted by no variable a loop writes. A local array of
  // run-time values, or a parameter of a function that is not the entry, may be a copy cgc
  // propagates: not limited here.
  void runTimeSubscript(const Expr& e, const Type& t) {
    const RunTimeSubscripts rule = profile_->runTimeSubscripts;
    if (rule == RunTimeSubscripts::Any) return;
    const std::string what = t.kind == TypeKind::Matrix ? "matrix" : "array";
    if (rule == RunTimeSubscripts::CompileTimeOnly) {
      out_.push_back({e.span,
                      "the subscript of this " + what + " is a run-time value, and profile " +
                          profile_->name +
                          " indexes arrays and matrices only by compile-time constants (no "
                          "relative addressing in its fragment programs; cgc C5043) (CG-P11)",
                      "CG-P11"});
      return;
    }
    const int v = root(*e.operands[0]);
    if (v < 0) return;
    const Storage storage = storage_[static_cast<size_t>(v)];
    // Storage holding only compile-time values: an array of constants.
    const bool constants = (storage == Storage::Local || storage == Storage::ProgramGlobal) &&
                           !cur_[static_cast<size_t>(v)];
    std::string why;
    if (rule == RunTimeSubscripts::UniformArrays) {
      if (storage == Storage::Varying)
        why = "it is a varying input";
      else if (constants)
        why = "it holds constants, not a uniform";
      if (why.empty()) return;
      out_.push_back({e.span,
                      "the subscript of this " + what + " is a run-time value and " + why +
                          ": profile " + profile_->name +
                          " indexes only uniform arrays at run time (its constant registers; "
                          "cgc C6016) (CG-P13)",
                      "CG-P13"});
      return;
    }
    // fp40, ps_3_0: an input array, by a loop's counter.
    if (storage == Storage::Uniform)
      why = "it is a uniform";
    else if (constants)
      why = "it holds constants";
    else if (storage == Storage::Varying) {
      std::set<std::string> counters;
      for (const auto& names : loopNames_) counters.insert(names.begin(), names.end());
      const std::string& semantic = semantics_[v];
      const bool texcoord = semantic.rfind("TEXCOORD", 0) == 0 || semantic.rfind("TEX", 0) == 0;
      if (e.operands.size() < 2 || !e.operands[1] || !readsAnyName(*e.operands[1], counters))
        why = "its subscript is no loop's counter";
      else if (rule == RunTimeSubscripts::TexcoordInputsByCounter && !semantic.empty() &&
               !texcoord && e.operands[0]->kind == ExprKind::Name)
        why = "it is not a texture coordinate input (" + semantic + ")";
    }
    if (why.empty()) return;
    out_.push_back({e.span,
                    "the subscript of this " + what + " is a run-time value and " + why +
                        ": profile " + profile_->name + " indexes at run time only " +
                        (rule == RunTimeSubscripts::TexcoordInputsByCounter
                             ? "arrays of texture coordinate inputs"
                             : "arrays of varying inputs") +
                        ", by a loop's counter (cgc C6013) (CG-P14)",
                    "CG-P14"});
  }

  void integerOperator(const Expr& e, const std::string& op, bool runtime) {
    static const std::set<std::string> kInteger = {"|", "&", "^", "<<", ">>", "~"};
    if (!checking_ || !runtime || profile_->integerOperations || !kInteger.count(op)) return;
    const TypeP& t = e.info.type;
    if (!t || !isNumeric(*t) || !isIntegral(t->scalar)) return;
    out_.push_back({e.span,
                    "'" + op + "' on an integer run-time value, and profile " + profile_->name +
                        " has no integer instructions (only what folds at compile time; cgc "
                        "C5508) (CG-P12)",
                    "CG-P12"});
  }

  bool call(const Expr& e) {
    size_t first = e.kind == ExprKind::MethodCall ? 1 : 0;
    std::vector<bool> args;
    bool any = false;
    for (size_t k = 0; k < e.operands.size(); ++k) {
      bool rt = e.operands[k] && expr(*e.operands[k]);
      if (k >= first) args.push_back(rt);
      any = any || rt;
    }
    const FunctionSignature* f =
        e.info.function >= 0 && static_cast<size_t>(e.info.function) < c_.functions.size()
            ? &c_.functions[static_cast<size_t>(e.info.function)]
            : nullptr;
    if (!f || f->declaration < 0 || e.kind == ExprKind::MethodCall) {
      // The library (or a call through an interface): a run-time value when an argument is,
      // and always for a texture lookup or a derivative, which read the run-time state; its
      // out arguments (sincos, modf) likewise.
      bool state = e.name.rfind("tex", 0) == 0 || e.name == "ddx" || e.name == "ddy" ||
                   e.name == "fwidth" || e.name == "texelFetch" || e.name == "texelFetchOffset";
      bool rt = any || state || underRunTimeControl();
      if (f)
        for (size_t k = 0; k < args.size() && k < f->directions.size(); ++k)
          if (f->directions[k] != ParameterDirection::In && e.operands[k + first])
            write(root(*e.operands[k + first]), rt, false);
      return any || state;
    }
    size_t callee = static_cast<size_t>(f->declaration);
    for (size_t k = 0; k < args.size() && k < params_[callee].size(); ++k) {
      if (args[k] || underRunTimeControl()) set(params_[callee][k]);
      if (k < f->directions.size() && f->directions[k] != ParameterDirection::In &&
          e.operands[k + first])
        write(root(*e.operands[k + first]), flags_[static_cast<size_t>(outs_[callee][k])],
              e.operands[k + first]->kind == ExprKind::Name);
    }
    return returns_[callee];
  }

  const Program& p_;
  const CheckedProgram& c_;
  std::vector<bool> flags_;
  std::map<std::string, int> globals_;
  std::vector<std::pair<int, const Expr*>> globalInits_;
  std::vector<std::vector<int>> params_;
  std::vector<bool> returns_;
  std::map<const Declarator*, int> locals_;
  std::vector<std::vector<int>> outs_;  // per function: each parameter's value at exit
  std::vector<bool> cur_;               // the state of the walk
  std::vector<bool> isGlobal_;
  std::vector<std::map<std::string, int>> scopes_;
  std::vector<bool> control_;
  int current_ = -1;
  bool changed_ = false;
  bool checking_ = false;
  const Profile* profile_ = nullptr;
  std::vector<ProfileLimitViolation> out_;
  std::vector<Storage> storage_;
  std::map<int, std::string> semantics_;  // an entry parameter's binding semantic
  // Per enclosing loop, the names its statements write (its counters among them).
  std::vector<std::set<std::string>> loopNames_;
};

}  // namespace

std::vector<ProfileLimitViolation> checkProfileLimits(const Program& program,
                                                      const CheckedProgram& checked,
                                                      const Profile& profile) {
  if (profile.dynamicLoops && profile.runTimeSubscripts == RunTimeSubscripts::Any &&
      profile.integerOperations && profile.loopCounterMin > profile.loopCounterMax)
    return {};
  RunTimeValues v(program, checked);
  v.solve();
  return v.check(profile);
}

}  // namespace plumb::cg
