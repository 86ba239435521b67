// Seed "Entry Points": "Vertex and fragment entry points must transitively never refer to the
// threadgroup memory space." Plumb reads "refer to" as: a function an entry point may call
// (itself included, through the "may call" relation of "Verifying the absence of recursion")
// declares a threadgroup variable, or has an expression of a type or left value in the
// threadgroup space, or calls a barrier (seed "Fences and atomic operations": a barrier waits for
// the other threads "in its threadgroup", and only compute invocations form threadgroups, seed
// "Compute pipeline"). The derivatives (`ddx`, `ddy`, their `_coarse`/`_fine` forms, `fwidth`:
// the seed's Todo) may only be used by fragment entry points, as the reference implementation's
// CheckNativeFuncStages.mjs rules (docs/ambiguities.md, WSL W51). Each rejection cites
// `wsl-validation-entry-points` at the offending expression, naming the entry point.
#include <functional>
#include <set>
#include <tuple>

#include "checker/wsl/checker_state.h"

namespace plumb::wsl {
namespace {

bool inThreadgroup(const TypeP& t) {
  for (const Type* x = t.get(); x; x = x->element.get())
    if ((x->kind == Type::Kind::Pointer || x->kind == Type::Kind::ArrayRef) &&
        x->space == AddressSpace::Threadgroup)
      return true;
  return false;
}

bool isDerivative(const std::string& native) {
  std::string n = native;
  while (n.rfind("vector:", 0) == 0) n = n.substr(7);
  static const std::set<std::string> kNames = {
      "float:ddx",        "float:ddy",      "float:ddx_coarse", "float:ddx_fine",
      "float:ddy_coarse", "float:ddy_fine", "float:fwidth"};
  return kNames.count(n) > 0;
}

// What a use needs: the threadgroup memory space (vertex and fragment may not) or a fragment
// quad (only fragment may).
enum class Need { Threadgroup, Barrier, Quad };

struct Use {
  Need need;
  Span span;
  std::string what;
};

}  // namespace

void Checker::checkStageRules() {
  currentFile_ = p_->file.get();
  const size_t n = p_->functions.size();
  // The uses of each function's own body (user functions) or of the natives and generated
  // functions it calls (at the call).
  std::vector<std::vector<Use>> uses(n);
  std::vector<int> memo(n, -1);  // generated functions: whether they need threadgroup memory
  std::function<bool(int, std::set<int>&)> generatedNeedsThreadgroup = [&](int id,
                                                                           std::set<int>& seen) {
    const Function& f = p_->functions[size_t(id)];
    if (memo[size_t(id)] >= 0) return memo[size_t(id)] == 1;
    if (!seen.insert(id).second) return false;
    bool need = inThreadgroup(f.result);
    for (const TypeP& t : f.parameters) need |= inThreadgroup(t);
    for (int g : f.calls)
      if (p_->functions[size_t(g)].origin == Function::Origin::Generated)
        need |= generatedNeedsThreadgroup(g, seen);
    memo[size_t(id)] = need ? 1 : 0;
    return need;
  };
  for (size_t id = 0; id < n; ++id) {
    const Function& f = p_->functions[id];
    if (f.origin != Function::Origin::User) continue;
    std::vector<Use>& out = uses[id];
    std::function<void(const ExprP&)> expr = [&](const ExprP& e) {
      if (!e) return;
      if (inThreadgroup(e->info.type) ||
          (e->info.leftValue && e->info.space == AddressSpace::Threadgroup))
        out.push_back({Need::Threadgroup, e->span, "the threadgroup memory space"});
      if (e->kind == ExprKind::Call) {
        if (const Function* g = p_->function(e->info.function)) {
          if (g->origin == Function::Origin::Native && g->native.rfind("barrier:", 0) == 0)
            out.push_back({Need::Barrier, e->span, g->name});
          if (g->origin == Function::Origin::Native && isDerivative(g->native))
            out.push_back({Need::Quad, e->span, g->name});
          std::set<int> seen;
          if (g->origin == Function::Origin::Generated &&
              generatedNeedsThreadgroup(e->info.function, seen))
            out.push_back({Need::Threadgroup, e->span, "the threadgroup memory space"});
        }
      }
      for (const ExprP& o : e->operands) expr(o);
    };
    std::function<void(const StmtP&)> stmt = [&](const StmtP& s) {
      if (!s) return;
      if (s->kind == StmtKind::VarDecls && s->threadgroup && !s->declarations.empty())
        out.push_back({Need::Threadgroup, s->span, "the threadgroup memory space"});
      for (const StmtP& x : s->statements) stmt(x);
      expr(s->expr);
      stmt(s->then);
      stmt(s->otherwise);
      stmt(s->body);
      stmt(s->init);
      expr(s->increment);
      for (const VarDecl& d : s->declarations) expr(d.init);
      for (const SwitchCase& c : s->cases)
        for (const StmtP& x : c.body) stmt(x);
    };
    for (const StmtP& s : f.body) stmt(s);
  }
  const char* rule = "wsl-validation-entry-points";
  // One error per function, need and stage (the first use), however many entry points reach it.
  std::set<std::tuple<int, int, int>> reported;
  for (size_t entry = 0; entry < n; ++entry) {
    const FunctionDecl::Stage stage = p_->functions[entry].stage;
    if (stage != FunctionDecl::Stage::Vertex && stage != FunctionDecl::Stage::Fragment &&
        stage != FunctionDecl::Stage::Compute)
      continue;
    std::vector<int> stack = {int(entry)};
    std::set<int> seen = {int(entry)};
    while (!stack.empty()) {
      const int id = stack.back();
      stack.pop_back();
      for (const Use& u : uses[size_t(id)]) {
        std::string message;
        if (u.need == Need::Threadgroup && stage != FunctionDecl::Stage::Compute)
          message = std::string("a ") + stageKeyword(stage) +
                    " entry point must transitively never refer to the threadgroup memory space";
        if (u.need == Need::Barrier && stage != FunctionDecl::Stage::Compute)
          message = std::string("a ") + stageKeyword(stage) + " entry point must not call " +
                    u.what + ": a barrier synchronizes a compute threadgroup";
        if (u.need == Need::Quad && stage != FunctionDecl::Stage::Fragment)
          message = std::string("a ") + stageKeyword(stage) + " entry point must not call " +
                    u.what + ": a derivative needs a fragment quad";
        if (message.empty() || !reported.insert({id, int(u.need), int(stage)}).second) continue;
        if (size_t(id) != entry) message += " ('" + p_->functions[entry].name + "' calls it)";
        error(u.span, message, rule);
      }
      for (int g : p_->functions[size_t(id)].calls)
        if (p_->functions[size_t(g)].origin == Function::Origin::User && seen.insert(g).second)
          stack.push_back(g);
    }
  }
}

}  // namespace plumb::wsl
