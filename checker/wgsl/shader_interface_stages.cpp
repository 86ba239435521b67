// The functions in a shader stage (#entry-point-decl: the entry point and, repeatedly, the
// targets of calls from functions in the stage, "whether or not that call is executed") and the
// module-scope variables they statically access (#shader-interface). On that set:
//   - #resource-interface: "two different variables in the resource interface of a given shader
//     must not have the same group and binding values";
//   - built-in functions usable only in some stages (the stage flags of the built-in table:
//     #derivative-builtin-functions, textureSample/Bias/Compare, #sync-builtin-functions,
//     #atomic-builtin-functions);
//   - workgroup variables only in compute shaders (docs/ambiguities.md E5).
// `discard` outside fragment shaders is the behavior analysis' rule (#behaviors: "The behaviors
// of compute and vertex entry points must not contain Discard").
#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "checker/wgsl/analyses.h"
#include "checker/wgsl/byte_size.h"
#include "semantics/wgsl/builtin_table.h"

namespace plumb {

using namespace ast;

namespace {

/// What one function's body uses (static use: whether or not it is executed).
struct FunctionUses {
  std::map<uint32_t, Span> calls;      // user-defined functions called, the first call site each
  std::map<uint32_t, Span> variables;  // module-scope variables accessed, the first access each
  std::vector<std::pair<const OverloadRow*, Span>> restricted;  // stage-restricted built-ins
  std::vector<VariableId> functionVariables;  // `var` declaration statements, in the function
};

void keepFirst(std::map<uint32_t, Span>& into, uint32_t key, Span span) {
  auto [it, fresh] = into.emplace(key, span);
  if (!fresh && span.begin < it->second.begin) it->second = span;
}

/// Walks a function body with explicit stacks (no recursion, whatever the nesting depth).
class UseScanner {
 public:
  UseScanner(const CheckedModule& module, FunctionUses& uses)
      : out_(module), m_(module.module), uses_(uses) {}

  void scanBody(StatementId body) {
    statements_.push_back(body);
    while (!statements_.empty() || !expressions_.empty()) {
      if (!expressions_.empty()) {
        ExpressionId e = expressions_.back();
        expressions_.pop_back();
        expression(e);
      } else {
        StatementId s = statements_.back();
        statements_.pop_back();
        statement(s);
      }
    }
  }

 private:
  const CheckedModule& out_;
  const Module& m_;
  FunctionUses& uses_;
  std::vector<StatementId> statements_;
  std::vector<ExpressionId> expressions_;

  void push(ExpressionId e) {
    if (e) expressions_.push_back(e);
  }
  void push(StatementId s) {
    if (s) statements_.push_back(s);
  }
  void push(List<Statement> list) {
    for (StatementId s : m_[list]) push(s);
  }

  void expression(ExpressionId id) {
    const Expression& e = m_[id];
    std::visit(
        [&](const auto& n) {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, IdentifierExpression>) {
            const Resolution& r = out_.identifiers[id.value];
            if (r.kind == Resolution::ModuleDeclaration &&
                out_.declarations[r.index].kind == ModuleDeclaration::Variable)
              keepFirst(uses_.variables, r.index, e.span);
          } else if constexpr (std::is_same_v<N, CallExpression>) {
            if (n.function()) {
              const Resolution& r = out_.identifiers[id.value];
              if (r.kind == Resolution::ModuleDeclaration &&
                  out_.declarations[r.index].kind == ModuleDeclaration::Function)
                keepFirst(uses_.calls, r.index, e.span);
              const Overload* o = out_.calls[id.value];
              if (o && o->row && (o->row->flags & kAllStages) != kAllStages)
                uses_.restricted.emplace_back(o->row, e.span);
            }
            for (ExpressionId a : m_[n.arguments]) push(a);
          } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
            push(n.inner);
          } else if constexpr (std::is_same_v<N, BitcastExpression>) {
            push(n.operand);
          } else if constexpr (std::is_same_v<N, IndexExpression>) {
            push(n.base);
            push(n.index);
          } else if constexpr (std::is_same_v<N, MemberExpression>) {
            push(n.base);
          } else if constexpr (std::is_same_v<N, UnaryExpression>) {
            push(n.operand);
          } else if constexpr (std::is_same_v<N, BinaryExpression>) {
            push(n.left());
            push(n.right);
          }
        },
        e.node);
  }

  void statement(StatementId id) {
    std::visit(
        [&](const auto& n) {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, CompoundStatement> ||
                        std::is_same_v<N, ContinuingStatement>) {
            push(n.statements);
          } else if constexpr (std::is_same_v<N, ReturnStatement>) {
            push(n.value);
          } else if constexpr (std::is_same_v<N, IfStatement>) {
            push(n.condition);
            push(n.body);
            push(n.elseBranch);
          } else if constexpr (std::is_same_v<N, SwitchStatement>) {
            push(n.selector);
            for (ClauseId c : m_[n.clauses]) {
              for (ExpressionId e : m_[m_[c].selectors]) push(e);
              push(m_[c].body);
            }
          } else if constexpr (std::is_same_v<N, LoopStatement>) {
            push(n.statements);
            push(n.continuing);
          } else if constexpr (std::is_same_v<N, ForStatement>) {
            const ForHeader& h = m_[n.header];
            push(h.initializer);
            push(h.condition);
            push(h.update);
            push(n.body);
          } else if constexpr (std::is_same_v<N, WhileStatement>) {
            push(n.condition);
            push(n.body);
          } else if constexpr (std::is_same_v<N, BreakIfStatement> ||
                               std::is_same_v<N, StaticAssertStatement>) {
            push(n.condition);
          } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
            push(n.call);
          } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
            if (m_[n.declaration].kind == DeclarationKind::Var)
              uses_.functionVariables.push_back(n.declaration);
            push(m_[n.declaration].initializer);
          } else if constexpr (std::is_same_v<N, AssignmentStatement>) {
            push(n.target);
            push(n.value);
          } else if constexpr (std::is_same_v<N, IncrementStatement> ||
                               std::is_same_v<N, DecrementStatement>) {
            push(n.target);
          }
        },
        m_[id].node);
  }
};

uint32_t stageFlag(ShaderStage s) {
  switch (s) {
    case ShaderStage::Vertex:
      return kVertex;
    case ShaderStage::Fragment:
      return kFragment;
    case ShaderStage::Compute:
      return kCompute;
    default:
      return 0;
  }
}

std::string stagesText(uint32_t flags) {
  std::string out;
  for (ShaderStage s : {ShaderStage::Vertex, ShaderStage::Fragment, ShaderStage::Compute}) {
    if (!(flags & stageFlag(s))) continue;
    out += (out.empty() ? "" : " and ") + std::string(spelling(s));
  }
  return out;
}

/// The section that states a built-in's stage rule: the function's own section, except for
/// the atomics, whose rule is in the section on all of them ("Atomic built-in functions must not
/// be used in a vertex shader stage").
std::string stageRuleAnchor(const OverloadRow& row) {
  if (row.anchor.starts_with("atomic-")) return "atomic-builtin-functions";
  return std::string(row.anchor);
}

class StageChecker {
 public:
  StageChecker(CheckedModule& module, DiagnosticList& diagnostics)
      : out_(module), m_(module.module), types_(module.types), diagnostics_(diagnostics) {}

  void run() {
    for (uint32_t i = 0; i < out_.declarations.size(); ++i) {
      const ModuleDeclaration& d = out_.declarations[i];
      if (d.kind != ModuleDeclaration::Function) continue;
      const auto& f = std::get<FunctionDeclaration>(m_[d.global].node);
      UseScanner(out_, uses_[i]).scanBody(f.body);
      checkFunctionVariableBytes(i);
      std::sort(uses_[i].restricted.begin(), uses_[i].restricted.end(),
                [](const auto& a, const auto& b) { return a.second.begin < b.second.begin; });
    }
    for (const EntryPoint& e : out_.entryPoints) checkStage(e);
  }

 private:
  CheckedModule& out_;
  const Module& m_;
  const TypeTable& types_;
  DiagnosticList& diagnostics_;
  std::unordered_map<uint32_t, FunctionUses> uses_;  // by declaration index
  std::set<std::pair<uint32_t, std::string>> reported_;
  std::set<std::pair<uint32_t, uint32_t>> reportedBindings_;
  // The entry point being checked: the functions in its stage, each with the call that brought
  // it in (the caller's declaration index and the call's span).
  const EntryPoint* entry_ = nullptr;
  std::map<uint32_t, std::pair<uint32_t, Span>> callers_;

  std::string name(uint32_t declaration) const {
    return std::string(m_.name(out_.declarations[declaration].name));
  }

  bool error(Span span, std::string message, std::string rule) {
    if (!reported_.emplace(span.begin, message).second) return false;
    diagnostics_.error(&m_.file(), span, std::move(message), std::move(rule));
    return true;
  }
  void note(Span span, std::string message) {
    diagnostics_.noteOnLast(DiagnosticNote{span, std::move(message)});
  }
  /// Notes on how `function` is in the stage: the chain of calls from the entry point.
  void noteCallChain(uint32_t function) {
    constexpr int kMaxNotes = 8;
    int notes = 0;
    for (uint32_t f = function; f != entry_->function && notes < kMaxNotes; ++notes) {
      auto [caller, span] = callers_.at(f);
      note(span, "'" + name(f) + "' is called here, in '" + name(caller) + "'");
      f = caller;
    }
    note(out_.declarations[entry_->function].nameSpan, "'" + name(entry_->function) + "' is the " +
                                                           std::string(spelling(entry_->stage)) +
                                                           " entry point of this shader stage");
  }

  void collectFunctions();
  void checkStage(const EntryPoint& entry);
  void checkResourceInterface(const std::vector<uint32_t>& functions);
  void checkImmediateData(const std::vector<uint32_t>& functions);
  // new#limits' byte sizes (revision 2026): warnings beyond the minimum supported values.
  void checkFunctionVariableBytes(uint32_t function);
  void checkVariableBytes(const std::vector<uint32_t>& functions);
  void warnBeyondLimit(Span span, const std::string& what, uint64_t bytes, uint64_t minimum);
};

// #entry-point-decl: "The set of functions in a shader stage is the union of: the entry point
// function for the stage; the targets of function calls from within the body of a function in
// the shader stage, whether or not that call is executed. The union is applied repeatedly until
// it stabilizes."
void StageChecker::collectFunctions() {
  callers_.clear();
  std::vector<uint32_t> work{entry_->function};
  callers_.emplace(entry_->function, std::make_pair(entry_->function, Span{}));
  while (!work.empty()) {
    uint32_t f = work.back();
    work.pop_back();
    for (auto [callee, span] : uses_[f].calls)
      if (callers_.emplace(callee, std::make_pair(f, span)).second) work.push_back(callee);
  }
}

void StageChecker::checkStage(const EntryPoint& entry) {
  entry_ = &entry;
  collectFunctions();
  std::vector<uint32_t> functions;
  for (const auto& [f, caller] : callers_) functions.push_back(f);  // declaration order
  uint32_t flag = stageFlag(entry.stage);
  std::string stage(spelling(entry.stage));
  for (uint32_t f : functions) {
    // The stage flags of the built-in table: "Must only be used in a fragment shader stage"
    // (derivatives, textureSample, textureSampleBias, textureSampleCompare); "must only be used
    // in the compute shader stage" (synchronization); "must not be used in a vertex shader stage"
    // (atomics).
    for (auto [row, span] : uses_[f].restricted) {
      if (row->flags & flag) continue;
      if (error(span,
                std::string(row->name) + " must only be used in the " + stagesText(row->flags) +
                    " shader stage" +
                    (std::popcount(static_cast<uint32_t>(row->flags & kAllStages)) > 1 ? "s" : "") +
                    ", not in the " + stage + " shader stage",
                stageRuleAnchor(*row)))
        noteCallChain(f);
    }
    // Workgroup variables are shared by the invocations of a compute shader workgroup
    // (#address-space); other stages have no workgroups (docs/ambiguities.md E5).
    if (entry.stage == ShaderStage::Compute) continue;
    for (auto [v, span] : uses_[f].variables) {
      const ModuleDeclaration& d = out_.declarations[v];
      if (!d.type || types_[d.type].space != AddressSpace::Workgroup) continue;
      if (error(span,
                "workgroup variable '" + name(v) + "' is statically accessed in the " + stage +
                    " shader stage: the workgroup address space is only for compute shaders",
                "address-space"))
        noteCallChain(f);
    }
  }
  checkResourceInterface(functions);
  checkImmediateData(functions);
  checkVariableBytes(functions);
}

// new#var-and-value: "Each entry point must statically access at most one immediate data
// variable" (new#address-space: immediate).
void StageChecker::checkImmediateData(const std::vector<uint32_t>& functions) {
  std::map<uint32_t, Span> immediates;  // variable -> first access, in declaration order
  for (uint32_t f : functions)
    for (auto [v, span] : uses_[f].variables) {
      const ModuleDeclaration& d = out_.declarations[v];
      if (!d.type || types_[d.type].space != AddressSpace::Immediate) continue;
      auto [it, fresh] = immediates.emplace(v, span);
      if (!fresh && span.begin < it->second.begin) it->second = span;
    }
  if (immediates.size() < 2) return;
  auto first = immediates.begin(), second = std::next(first);
  diagnostics_.error(&m_.file(), second->second,
                     "entry point '" + name(entry_->function) +
                         "' statically accesses two immediate data variables, '" +
                         name(first->first) + "' and '" + name(second->first) +
                         "': at most one is allowed",
                     "var-and-value");
  note(first->second, "'" + name(first->first) + "' is statically accessed here");
}

// new#limits (revision 2026, delta 1.8): "Maximum combined byte-size of all variables
// instantiated in the function address space that are declared in a single function": 8192 is
// the minimum supported value; beyond it an implementation may reject the shader, so Plumb
// warns (docs/ambiguities.md S24). The seed has no such limit.
void StageChecker::checkFunctionVariableBytes(uint32_t function) {
  if (!m_.revision().limitsAreMinimumSupported) return;
  uint64_t total = 0;
  for (VariableId v : uses_[function].functionVariables) {
    Type t = out_.variables[v.value];  // the variable's reference type
    if (!t || types_.kind(t) != TypeKind::Reference) continue;
    std::optional<uint64_t> bytes = byteSizeOf(out_, types_[t].element);
    if (bytes) total = *bytes > UINT64_MAX - total ? UINT64_MAX : total + *bytes;
  }
  warnBeyondLimit(out_.declarations[function].nameSpan,
                  "the function-scope variables of '" + name(function) + "'", total, 8192);
}

// new#limits: "Maximum combined byte-size of all variables instantiated in the private
// address space that are statically accessed by a single shader" (8192), the same of the
// workgroup address space (16384, "a fixed-footprint array is treated as a creation-fixed
// footprint array when substituting the override value": counted at pipeline creation, with
// `--pipeline`, and left out at shader creation), and "Maximum byte-size of an immediate data
// variable" (64). Each a warning beyond the minimum supported value (docs/ambiguities.md S24).
void StageChecker::checkVariableBytes(const std::vector<uint32_t>& functions) {
  if (!m_.revision().limitsAreMinimumSupported) return;
  std::map<uint32_t, Span> accessed;  // variable -> first access, in declaration order
  for (uint32_t f : functions)
    for (auto [v, span] : uses_[f].variables) keepFirst(accessed, v, span);
  uint64_t privateBytes = 0, workgroupBytes = 0;
  auto add = [](uint64_t& total, uint64_t bytes) {
    total = bytes > UINT64_MAX - total ? UINT64_MAX : total + bytes;
  };
  for (auto [v, span] : accessed) {
    const ModuleDeclaration& d = out_.declarations[v];
    if (!d.type) continue;
    AddressSpace space = types_[d.type].space;
    std::optional<uint64_t> bytes = byteSizeOf(out_, types_[d.type].element);
    if (!bytes) continue;
    if (space == AddressSpace::Private) add(privateBytes, *bytes);
    if (space == AddressSpace::Workgroup) add(workgroupBytes, *bytes);
    if (space == AddressSpace::Immediate)
      warnBeyondLimit(d.nameSpan, "the immediate data variable '" + name(v) + "'", *bytes, 64);
  }
  std::string shader =
      "the variables entry point '" + name(entry_->function) + "' accesses in the ";
  Span at = out_.declarations[entry_->function].nameSpan;
  warnBeyondLimit(at, shader + "private address space", privateBytes, 8192);
  warnBeyondLimit(at, shader + "workgroup address space", workgroupBytes, 16384);
}

void StageChecker::warnBeyondLimit(Span span, const std::string& what, uint64_t bytes,
                                   uint64_t minimum) {
  if (bytes <= minimum) return;
  Diagnostic w;
  w.severity = Severity::Warning;
  w.file = &m_.file();
  w.span = span;
  w.message = what + " take " +
              (bytes == UINT64_MAX ? std::string("more than 2^64") : std::to_string(bytes)) +
              " bytes, beyond the minimum every implementation supports (" +
              std::to_string(minimum) + " bytes): an implementation may reject this shader";
  w.rule = "limits";
  diagnostics_.add(std::move(w));
}

// #resource-interface: "The resource interface of a shader is the set of module-scope resource
// variables statically accessed by functions in the shader stage. ... Bindings must not alias
// within a shader stage: two different variables in the resource interface of a given shader
// must not have the same group and binding values, when considered as a pair of values."
void StageChecker::checkResourceInterface(const std::vector<uint32_t>& functions) {
  std::map<uint32_t, std::pair<uint32_t, Span>> resources;  // variable -> (function, access)
  for (uint32_t f : functions)
    for (auto [v, span] : uses_[f].variables) {
      const ModuleDeclaration& d = out_.declarations[v];
      if (!d.type) continue;
      AddressSpace space = types_[d.type].space;
      if (space != AddressSpace::Uniform && space != AddressSpace::Storage &&
          space != AddressSpace::Handle)
        continue;
      // Without both attributes the declaration was reported (declarations.cpp).
      if (!d.attributes.has(Attributes::Group) || !d.attributes.has(Attributes::Binding)) continue;
      auto [it, fresh] = resources.emplace(v, std::make_pair(f, span));
      if (!fresh && span.begin < it->second.second.begin) it->second = {f, span};
    }
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> bindings;  // (group, binding) -> variable
  for (const auto& [v, access] : resources) {                  // in declaration order
    const Attributes& a = out_.declarations[v].attributes;
    auto [it, fresh] = bindings.emplace(std::make_pair(a.group, a.binding), v);
    if (fresh || !reportedBindings_.emplace(it->second, v).second) continue;
    uint32_t first = it->second;
    std::string pair =
        "@group(" + std::to_string(a.group) + ") @binding(" + std::to_string(a.binding) + ")";
    diagnostics_.error(
        &m_.file(), m_[a.node[Attributes::Binding]].span,
        "resource variables '" + name(first) + "' and '" + name(v) + "' have the same " + pair +
            " and are both in the resource "
            "interface of " +
            std::string(spelling(entry_->stage)) + " entry point '" + name(entry_->function) + "'",
        "resource-interface");
    note(out_.declarations[first].nameSpan, "'" + name(first) + "' is declared with " + pair);
    note(resources.at(first).second, "'" + name(first) + "' is statically accessed here");
    note(access.second, "'" + name(v) + "' is statically accessed here");
  }
}

}  // namespace

void checkShaderStages(CheckedModule& module, DiagnosticList& diagnostics) {
  StageChecker(module, diagnostics).run();
}

}  // namespace plumb
