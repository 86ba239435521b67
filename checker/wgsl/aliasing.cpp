// Aliasing memory views (#function-aliasing, wgsl-2022-06-07.bs l.7521-7590), statically.
//
// The seed makes aliasing a dynamic error: "more than one aliased root identifiers access the
// same memory locations, and at least one access is a write, and both accesses occur during
// the execution of the same call of the function", and says that programs "can be statically
// analyzed to determine the set of all possible originating variables for each root
// identifier". The 2026 spec (wgsl-2026-08-19.bs #alias-analysis l.8874-8934) makes it a
// shader-creation error, decided at each call site from per-function summaries computed "from
// the leaves of the callgraph upwards". Both modes share that analysis (docs/ambiguities.md X1):
//
//   1. For every function, callees first (CheckedModule::order), the root identifier of every
//      memory view it reads or writes (#root-ident-sec: through `(e)`, `&e`, `*e`, `e[i]`,
//      `e.m` and let-bound pointers), and from those: which of its pointer parameters are read
//      and written, by itself or by the functions it calls through them.
//   2. Which module-scope variables each function reads and writes, directly or through its
//      callees. Only variables whose address is passed to a user-defined function can alias a
//      parameter, so only those are tracked, as bit sets over blocks of them (linear in the
//      module for each block of 1024 such variables).
//   3. At each call site, the arguments of pointer type: two with the same root identifier, or
//      one whose root identifier is a module-scope variable that the callee also accesses.
//
// A call of a function is where its parameters get their originating variables, so checking
// each call site against the callee's summary finds every pair of aliased root identifiers
// that the seed's per-function reading finds, and says which call makes them alias: aliasing
// that passes through a function's own pointer parameters shows up in that function's
// summary, and is reported at the call sites of that function.
#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "checker/wgsl/analyses.h"

namespace plumb {

using namespace ast;

namespace {

constexpr uint32_t kNone = 0xFFFFFFFFu;

// #memory-access-mode: "A single operation can read, write, or both read and write."
using AccessSet = uint8_t;
constexpr AccessSet kRead = 1;   // a read access (#memory-operation: the Load Rule, atomics)
constexpr AccessSet kWrite = 2;  // a write access (assignment, atomics except atomicLoad)

/// #root-ident-sec: "the originating variable or formal parameter of pointer type" that a
/// memory view expression derives from in its function.
struct RootIdentifier {
  enum Kind : uint8_t { None, ModuleVariable, FunctionVariable, Parameter };
  Kind kind = None;
  uint32_t index = 0;  // declaration index, VariableId or ParameterId value
  bool operator==(const RootIdentifier&) const = default;
  bool operator<(const RootIdentifier& o) const {
    return kind != o.kind ? kind < o.kind : index < o.index;
  }
};

/// Where a function first reads or writes through one of its pointer parameters: an access
/// in its body, or a call that passes the parameter to a callee that accesses it.
struct Witness {
  Span span;
  uint32_t callee = kNone;           // declaration index, for an access in a callee
  uint32_t calleeParameter = kNone;  // ParameterId value of the callee's parameter
};

/// A read or write of a module-scope variable in a function's own body.
struct ModuleVariableAccess {
  uint32_t variable;  // declaration index
  AccessSet access;
  Span span;
};

/// An argument of pointer type to a user-defined function.
struct PointerArgument {
  uint32_t position;    // of the argument (and parameter)
  uint32_t parameter;   // the callee's ParameterId value
  RootIdentifier root;  // in the caller
  Span span;
};

struct CallSite {
  uint32_t callee;  // declaration index
  Span span;
  uint32_t argumentsBegin, argumentsEnd;  // in AliasAnalysis::arguments_
};

/// One function's facts: ranges in the analysis' pools.
struct FunctionFacts {
  uint32_t declaration;
  uint32_t accessesBegin, accessesEnd;  // in AliasAnalysis::accesses_
  uint32_t callsBegin, callsEnd;        // in AliasAnalysis::calls_
};

/// A call that makes two root identifiers of the callee alias.
struct Finding {
  enum Kind : uint8_t {
    SameRoot,        // two pointer arguments have the same root identifier
    ModuleVariable,  // a pointer argument into a module-scope variable the callee accesses
  };
  Kind kind;
  uint32_t call;               // index in AliasAnalysis::calls_
  uint32_t argument;           // index in AliasAnalysis::arguments_: where the diagnostic points
  uint32_t partner = kNone;    // SameRoot: the other argument (earlier in the call)
  AccessSet globalAccess = 0;  // ModuleVariable: how the callee accesses the variable
};

class AliasAnalysis {
 public:
  AliasAnalysis(const CheckedModule& module, DiagnosticList& diagnostics, bool asErrors)
      : cm_(module), m_(module.module), diagnostics_(diagnostics), asErrors_(asErrors) {}

  void run() {
    functionIndex_.assign(cm_.declarations.size(), kNone);
    parameterAccess_.assign(m_.parameters.size(), 0);
    parameterWitness_.resize(m_.parameters.size());
    letRoots_.assign(m_.variables.size(), kUnresolvedLet);
    // Step 1, callees before callers: "This is determined by analyzing the program from the
    // leaves of the callgraph upwards" (2026 #aliasing).
    for (uint32_t index : cm_.order) {
      const ModuleDeclaration& d = cm_.declarations[index];
      if (d.kind != ModuleDeclaration::Function || !d.global) continue;
      analyzeFunction(index);
    }
    checkModuleVariableArguments();
    report();
  }

 private:
  // ------------------------------------------------------------------------ step 1: bodies

  void analyzeFunction(uint32_t index) {
    const auto* f = std::get_if<FunctionDeclaration>(&m_[cm_.declarations[index].global].node);
    if (!f || !f->body) return;
    functionIndex_[index] = static_cast<uint32_t>(functions_.size());
    functions_.push_back(FunctionFacts{index, size(accesses_), 0, size(calls_), 0});
    statement(f->body);
    functions_.back().accessesEnd = size(accesses_);
    functions_.back().callsEnd = size(calls_);
  }

  template <class T>
  static uint32_t size(const std::vector<T>& v) {
    return static_cast<uint32_t>(v.size());
  }

  Type typeOf(ExpressionId e) const { return cm_.expressions[e.value].type; }
  TypeKind kindOf(ExpressionId e) const { return cm_.types.kind(typeOf(e)); }

  void statements(List<Statement> list) {
    for (StatementId s : m_[list]) statement(s);
  }

  void statement(StatementId id) {
    if (!id) return;
    const Statement& s = m_[id];
    std::visit(
        [&](const auto& n) {
          using T = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<T, CompoundStatement>) {
            statements(n.statements);
          } else if constexpr (std::is_same_v<T, ReturnStatement>) {
            expression(n.value, true);
          } else if constexpr (std::is_same_v<T, IfStatement>) {
            expression(n.condition, true);
            statement(n.body);
            statement(n.elseBranch);
          } else if constexpr (std::is_same_v<T, SwitchStatement>) {
            expression(n.selector, true);
            for (ClauseId c : m_[n.clauses]) {
              for (ExpressionId e : m_[m_[c].selectors]) expression(e, true);
              statement(m_[c].body);
            }
          } else if constexpr (std::is_same_v<T, LoopStatement>) {
            statements(n.statements);
            statement(n.continuing);
          } else if constexpr (std::is_same_v<T, ContinuingStatement>) {
            statements(n.statements);
          } else if constexpr (std::is_same_v<T, ForStatement>) {
            const ForHeader& h = m_[n.header];
            statement(h.initializer);
            expression(h.condition, true);
            statement(h.update);
            statement(n.body);
          } else if constexpr (std::is_same_v<T, WhileStatement>) {
            expression(n.condition, true);
            statement(n.body);
          } else if constexpr (std::is_same_v<T, BreakIfStatement>) {
            expression(n.condition, true);
          } else if constexpr (std::is_same_v<T, FunctionCallStatement>) {
            expression(n.call, true);
          } else if constexpr (std::is_same_v<T, DeclarationStatement>) {
            // A `var` or `let` initializer is a value: the Load Rule reads a reference.
            expression(m_[n.declaration].initializer, true);
          } else if constexpr (std::is_same_v<T, AssignmentStatement>) {
            if (n.target) {
              // #memory-operation: "A write access occurs when an invocation executes ... An
              // assignment statement"; a compound assignment also reads its left-hand side
              // (#compound-assignment-sec: `e1 = e1 op e2`, with e1 evaluated once).
              access(n.target, n.op == AssignmentOperator::Assign ? kWrite : kRead | kWrite);
              expression(n.target, false);
            }
            // A phony assignment evaluates its right-hand side (#phony-assignment-section):
            // its type must be constructible, so a reference is read.
            expression(n.value, true);
          } else if constexpr (std::is_same_v<T, IncrementStatement> ||
                               std::is_same_v<T, DecrementStatement>) {
            // #increment-decrement: `e++` is `e += 1`: a read and a write of e.
            access(n.target, kRead | kWrite);
            expression(n.target, false);
          }
          // Empty, break, continue, discard, fallthrough: no memory access. A static
          // assertion's condition is a creation-time expression (#static-assert-statement).
        },
        s.node);
  }

  /// Visits `id`; `loads` says whether its context applies the Load Rule to a reference
  /// (#load-rule): everywhere except as the operand of `&`, the base of a component or member
  /// reference, and the left-hand side of an assignment (#memory-operation: "A read access
  /// occurs when an invocation executes ... An evaluation of the Load Rule").
  void expression(ExpressionId id, bool loads) {
    if (!id) return;
    if (loads && kindOf(id) == TypeKind::Reference) {
      access(id, kRead);
      loads = false;
    }
    const Expression& e = m_[id];
    std::visit(
        [&](const auto& n) {
          using T = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<T, ParenthesizedExpression>) {
            expression(n.inner, loads);
          } else if constexpr (std::is_same_v<T, IndexExpression> ||
                               std::is_same_v<T, MemberExpression>) {
            // A component or member of a reference is a reference (#component-reference-from-
            // vector-reference, #struct-access-expr); a multi-component swizzle of a reference
            // is a value, so it reads the vector (#vector-access-expr).
            expression(n.base, kindOf(id) != TypeKind::Reference);
            if constexpr (std::is_same_v<T, IndexExpression>) expression(n.index, true);
          } else if constexpr (std::is_same_v<T, UnaryExpression>) {
            // `&e` takes e's memory view without accessing it (#address-of-expr); `*e` and the
            // other operators use the value of their operand.
            expression(n.operand, n.op != UnaryOperator::AddressOf);
          } else if constexpr (std::is_same_v<T, BinaryExpression>) {
            expression(n.left(), true);
            expression(n.right, true);
          } else if constexpr (std::is_same_v<T, BitcastExpression>) {
            expression(n.operand, true);
          } else if constexpr (std::is_same_v<T, CallExpression>) {
            call(id, e, n);
          }
          // Literals and identifiers: nothing more (an identifier's read is recorded above).
        },
        e.node);
  }

  void call(ExpressionId id, const Expression& e, const CallExpression& c) {
    std::span<const ExpressionId> args = m_[c.arguments];
    for (ExpressionId a : args) expression(a, true);
    if (c.type()) return;  // a type constructor
    const Resolution& r = cm_.identifiers[id.value];
    if (r.kind == Resolution::BuiltinFunction) {
      builtinCall(id, args);
      return;
    }
    if (r.kind != Resolution::ModuleDeclaration ||
        cm_.declarations[r.index].kind != ModuleDeclaration::Function) {
      return;  // a structure or alias constructor
    }
    const auto* callee =
        std::get_if<FunctionDeclaration>(&m_[cm_.declarations[r.index].global].node);
    if (!callee) return;
    std::span<const ParameterId> parameters = m_[callee->parameters];
    if (parameters.size() != args.size()) return;
    CallSite site{r.index, e.span, size(arguments_), 0};
    for (uint32_t i = 0; i < args.size(); ++i) {
      uint32_t p = parameters[i].value;
      if (cm_.types.kind(cm_.parameters[p]) != TypeKind::Pointer) continue;
      RootIdentifier root = rootIdentifier(args[i]);
      if (root.kind == RootIdentifier::None) continue;
      arguments_.push_back(PointerArgument{i, p, root, m_[args[i]].span});
      if (root.kind == RootIdentifier::ModuleVariable && trackedIndex(root.index) == kNone) {
        tracked_.push_back(root.index);
        trackedIndex_[root.index] = size(tracked_) - 1;
      }
      // The callee's accesses through its parameter are the caller's accesses through the
      // argument's root identifier ("written in this function or in called functions").
      if (root.kind == RootIdentifier::Parameter)
        parameterAccessed(root.index, parameterAccess_[p], Witness{m_[args[i]].span, r.index, p});
    }
    site.argumentsEnd = size(arguments_);
    calls_.push_back(site);
    checkSameRootArguments(size(calls_) - 1);
  }

  // #atomic-builtin-functions, #memory-operation: atomicLoad reads, atomicStore writes, the
  // read-modify-write atomics (#atomic-rmw) do both. arrayLength does not access the array's
  // memory locations.
  void builtinCall(ExpressionId id, std::span<const ExpressionId> args) {
    const Overload* o = cm_.calls[id.value];
    if (!o || !o->row || args.empty()) return;
    std::string_view name = o->row->name;
    if (!name.starts_with("atomic")) return;
    AccessSet a = name == "atomicLoad" ? kRead : name == "atomicStore" ? kWrite : kRead | kWrite;
    access(args[0], a);
  }

  /// Records an access to the memory view of `view` (a reference or a pointer to it).
  void access(ExpressionId view, AccessSet a) {
    RootIdentifier root = rootIdentifier(view);
    Span span = m_[view].span;
    switch (root.kind) {
      case RootIdentifier::ModuleVariable:
        accesses_.push_back(ModuleVariableAccess{root.index, a, span});
        break;
      case RootIdentifier::Parameter:
        parameterAccessed(root.index, a, Witness{span});
        break;
      default:
        break;  // a function-scope variable cannot be named by another function
    }
  }

  void parameterAccessed(uint32_t parameter, AccessSet a, const Witness& w) {
    for (AccessSet bit : {kRead, kWrite}) {
      if (!(a & bit) || (parameterAccess_[parameter] & bit)) continue;
      parameterAccess_[parameter] |= bit;
      parameterWitness_[parameter][bit == kWrite] = w;
    }
  }

  /// #root-ident-sec: the root identifier of a reference or pointer expression, through
  /// parentheses, `&`, `*`, component and member access, and let-bound pointers.
  RootIdentifier rootIdentifier(ExpressionId e) {
    std::vector<uint32_t>& lets = letsPassed_;  // to remember their root identifier
    lets.clear();
    RootIdentifier root;
    while (e) {
      const Expression& x = m_[e];
      if (auto* p = std::get_if<ParenthesizedExpression>(&x.node)) {
        e = p->inner;
      } else if (auto* u = std::get_if<UnaryExpression>(&x.node)) {
        if (u->op != UnaryOperator::AddressOf && u->op != UnaryOperator::Indirection) break;
        e = u->operand;
      } else if (auto* i = std::get_if<IndexExpression>(&x.node)) {
        e = i->base;
      } else if (auto* mb = std::get_if<MemberExpression>(&x.node)) {
        e = mb->base;
      } else if (auto* c = std::get_if<CallExpression>(&x.node);
                 c && m_.callTemplates.count(e.value) && !m_[c->arguments].empty()) {
        // new#root-ident-sec: "If E is a bufferView or bufferArrayView built-in call, then the
        // root identifier is the root identifier of the pointer argument."
        e = m_[c->arguments][0];
      } else if (std::holds_alternative<IdentifierExpression>(x.node)) {
        const Resolution& r = cm_.identifiers[e.value];
        if (r.kind == Resolution::Parameter) {
          root = {RootIdentifier::Parameter, r.index};
        } else if (r.kind == Resolution::ModuleDeclaration &&
                   cm_.declarations[r.index].kind == ModuleDeclaration::Variable) {
          root = {RootIdentifier::ModuleVariable, r.index};
        } else if (r.kind == Resolution::LocalVariable) {
          const VariableDeclaration& v = m_[VariableId{r.index}];
          if (v.kind == DeclarationKind::Var) {
            root = {RootIdentifier::FunctionVariable, r.index};
          } else if (v.kind == DeclarationKind::Let && letRoots_[r.index] != kUnresolvedLet) {
            root = letRoots_[r.index];
          } else if (v.kind == DeclarationKind::Let && v.initializer &&
                     lets.size() < m_.variables.size()) {
            // "If E is an identifier resolving to a let-declaration with initializer E2, then
            // the root identifier is the root identifier of E2."
            lets.push_back(r.index);
            e = v.initializer;
            continue;
          }
        }
        break;
      } else {
        break;
      }
    }
    for (uint32_t v : lets) letRoots_[v] = root;
    return root;
  }

  // ------------------------------------------------------- step 3: arguments with one root

  /// 2026 #aliasing: "Two arguments of pointer type have the same root identifier and either
  /// corresponding parameter is in the written parameter set." For the seed's dynamic error
  /// both parameters must access the memory ("more than one aliased root identifiers access
  /// the same memory locations, and at least one access is a write").
  void checkSameRootArguments(uint32_t callIndex) {
    const CallSite& site = calls_[callIndex];
    uint32_t n = site.argumentsEnd - site.argumentsBegin;
    if (n < 2) return;
    std::vector<uint32_t> order(n);
    for (uint32_t i = 0; i < n; ++i) order[i] = site.argumentsBegin + i;
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return arguments_[a].root < arguments_[b].root;
    });
    for (uint32_t g = 0; g < n;) {
      uint32_t end = g + 1;
      while (end < n && arguments_[order[end]].root == arguments_[order[g]].root) ++end;
      // One finding per group of arguments with the same root identifier: at the first
      // argument that conflicts with an earlier one.
      uint32_t firstAny = kNone, firstAccessed = kNone, firstWritten = kNone;
      for (uint32_t k = g; k < end; ++k) {
        uint32_t a = order[k];
        AccessSet access = parameterAccess_[arguments_[a].parameter];
        uint32_t partner = kNone;
        if (asErrors_) {
          if (access & kWrite) partner = firstAny;
          if (partner == kNone) partner = firstWritten;
        } else {
          if (access & kWrite) partner = firstAccessed;
          if (partner == kNone && access) partner = firstWritten;
        }
        if (partner != kNone) {
          findings_.push_back(Finding{Finding::SameRoot, callIndex, a, partner});
          break;
        }
        if (firstAny == kNone) firstAny = a;
        if (access && firstAccessed == kNone) firstAccessed = a;
        if ((access & kWrite) && firstWritten == kNone) firstWritten = a;
      }
      g = end;
    }
  }

  // --------------------------------------- steps 2 and 3: module-scope variables, by blocks

  uint32_t trackedIndex(uint32_t declaration) {
    if (trackedIndex_.empty()) trackedIndex_.assign(cm_.declarations.size(), kNone);
    return trackedIndex_[declaration];
  }

  /// 2026 #aliasing: for each function, the module-scope variables read and written,
  /// "including any module-scope variables that are read [written] in functions called from
  /// this function"; and at each call site it is an error if "an argument of pointer type
  /// whose root identifier is a module-scope variable" is passed to a written parameter while
  /// the callee reads or writes the variable, or to a read parameter while the callee writes
  /// it. The seed's dynamic error needs the same: the parameter and the variable are two
  /// root identifiers of the callee with the same originating variable.
  void checkModuleVariableArguments() {
    if (tracked_.empty()) return;
    constexpr uint32_t kBlockWords = 16;  // 1024 variables per pass
    const uint32_t functionCount = size(functions_);
    std::vector<uint8_t> reported(arguments_.size(), 0);  // one finding per argument
    for (const Finding& f : findings_) reported[f.argument] = 1;
    for (uint32_t low = 0; low < tracked_.size(); low += kBlockWords * 64) {
      const uint32_t high = std::min<uint32_t>(size(tracked_), low + kBlockWords * 64);
      const uint32_t words = (high - low + 63) / 64;
      std::vector<uint64_t> reads(size_t{functionCount} * words, 0);
      std::vector<uint64_t> writes(size_t{functionCount} * words, 0);
      auto bitOf = [&](uint32_t declaration) -> uint32_t {
        uint32_t t = trackedIndex_[declaration];
        return t >= low && t < high ? t - low : kNone;
      };
      auto set = [&](uint64_t* bits, uint32_t bit) { bits[bit / 64] |= uint64_t{1} << (bit % 64); };
      auto test = [&](const uint64_t* bits, uint32_t bit) {
        return (bits[bit / 64] >> (bit % 64)) & 1;
      };
      for (uint32_t fi = 0; fi < functionCount; ++fi) {
        const FunctionFacts& f = functions_[fi];
        uint64_t* r = &reads[size_t{fi} * words];
        uint64_t* w = &writes[size_t{fi} * words];
        for (uint32_t k = f.accessesBegin; k < f.accessesEnd; ++k) {
          uint32_t bit = bitOf(accesses_[k].variable);
          if (bit == kNone) continue;
          if (accesses_[k].access & kRead) set(r, bit);
          if (accesses_[k].access & kWrite) set(w, bit);
        }
        for (uint32_t c = f.callsBegin; c < f.callsEnd; ++c) {
          const CallSite& site = calls_[c];
          uint32_t gi = functionIndex_[site.callee];
          if (gi == kNone || gi >= fi) continue;
          const uint64_t* cr = &reads[size_t{gi} * words];
          const uint64_t* cw = &writes[size_t{gi} * words];
          for (uint32_t k = 0; k < words; ++k) {
            r[k] |= cr[k];
            w[k] |= cw[k];
          }
          for (uint32_t a = site.argumentsBegin; a < site.argumentsEnd; ++a) {
            const PointerArgument& arg = arguments_[a];
            if (arg.root.kind != RootIdentifier::ModuleVariable) continue;
            uint32_t bit = bitOf(arg.root.index);
            if (bit == kNone) continue;
            AccessSet viaParameter = parameterAccess_[arg.parameter];
            if (viaParameter & kRead) set(r, bit);
            if (viaParameter & kWrite) set(w, bit);
            AccessSet direct = (test(cr, bit) ? kRead : 0) | (test(cw, bit) ? kWrite : 0);
            bool conflict = ((viaParameter & kWrite) && direct) ||
                            ((viaParameter & kRead) && (direct & kWrite));
            if (!conflict || reported[a]) continue;
            reported[a] = 1;
            findings_.push_back(Finding{Finding::ModuleVariable, c, a, kNone, AccessSet(direct)});
          }
        }
      }
    }
  }

  // ------------------------------------------------------------------------ explanations

  std::string nameOf(RootIdentifier r) const {
    switch (r.kind) {
      case RootIdentifier::ModuleVariable:
        return std::string(m_.name(cm_.declarations[r.index].name));
      case RootIdentifier::FunctionVariable:
        return std::string(m_.name(m_[VariableId{r.index}].name));
      case RootIdentifier::Parameter:
        return std::string(m_.name(m_[ParameterId{r.index}].name));
      default:
        return "?";
    }
  }
  std::string parameterName(uint32_t p) const {
    return "'" + nameOf({RootIdentifier::Parameter, p}) + "'";
  }
  std::string functionName(uint32_t declaration) const {
    return "'" + std::string(m_.name(cm_.declarations[declaration].name)) + "'";
  }
  static const char* verb(AccessSet bit) { return bit == kWrite ? "written" : "read"; }

  static constexpr size_t kMaxChain = 8;  // notes per access chain

  /// Appends a chain of notes from a call down to an access; a long chain keeps its first
  /// links and its last two (the access itself and how it is reached).
  static void appendChain(std::vector<DiagnosticNote>& notes, std::vector<DiagnosticNote> chain) {
    size_t n = chain.size();
    for (size_t i = 0; i < n; ++i) {
      if (n > kMaxChain && i >= kMaxChain - 2 && i < n - 2) continue;
      if (n > kMaxChain && i == n - 2)
        chain[i].message =
            "(" + std::to_string(n - kMaxChain) + " calls further down) " + chain[i].message;
      notes.push_back(std::move(chain[i]));
    }
  }

  /// The chain of calls down to the access through parameter `p`.
  void explainParameter(uint32_t p, AccessSet bit, std::vector<DiagnosticNote>& chain) const {
    for (size_t depth = 0; depth <= functions_.size(); ++depth) {  // the call graph is acyclic
      const Witness& w = parameterWitness_[p][bit == kWrite];
      if (w.callee == kNone) {
        chain.push_back({w.span, std::string("memory is ") + verb(bit) + " through parameter " +
                                     parameterName(p) + " here"});
        return;
      }
      chain.push_back({w.span, parameterName(p) + " is passed to " + functionName(w.callee) +
                                   ", whose parameter " + parameterName(w.calleeParameter) +
                                   " is " + verb(bit)});
      p = w.calleeParameter;
    }
  }

  /// Which functions access module-scope variable `variable` the way `bit` says, directly or
  /// through their callees (one bottom-up pass per variable and kind of access explained).
  const std::vector<uint8_t>& accessesVariable(uint32_t variable, AccessSet bit) {
    auto [it, added] = reach_.try_emplace({variable, bit});
    std::vector<uint8_t>& reach = it->second;
    if (!added) return reach;
    reach.assign(functions_.size(), 0);
    for (uint32_t fi = 0; fi < functions_.size(); ++fi) {
      const FunctionFacts& f = functions_[fi];
      for (uint32_t k = f.accessesBegin; k < f.accessesEnd && !reach[fi]; ++k)
        reach[fi] = accesses_[k].variable == variable && (accesses_[k].access & bit);
      for (uint32_t c = f.callsBegin; c < f.callsEnd && !reach[fi]; ++c)
        reach[fi] = variableAccessedByCall(c, variable, bit, reach, fi) != kCallNone;
    }
    return reach;
  }

  static constexpr uint32_t kCallNone = kNone;
  static constexpr uint32_t kCallDirect = kNone - 1;  // the callee accesses it by name

  /// Whether call site `c` accesses the variable: kCallDirect if its callee does (directly
  /// or further down), an argument index if through a pointer parameter, else kCallNone.
  uint32_t variableAccessedByCall(uint32_t c, uint32_t variable, AccessSet bit,
                                  const std::vector<uint8_t>& reach, uint32_t caller) const {
    const CallSite& site = calls_[c];
    for (uint32_t a = site.argumentsBegin; a < site.argumentsEnd; ++a) {
      const PointerArgument& arg = arguments_[a];
      if (arg.root == RootIdentifier{RootIdentifier::ModuleVariable, variable} &&
          (parameterAccess_[arg.parameter] & bit))
        return a;
    }
    uint32_t gi = functionIndex_[site.callee];
    if (gi != kNone && gi < caller && reach[gi]) return kCallDirect;
    return kCallNone;
  }

  /// The chain of calls down to an access of module-scope `variable` by name in function
  /// `fi` or its callees.
  void explainModuleVariable(uint32_t fi, uint32_t variable, AccessSet bit,
                             std::vector<DiagnosticNote>& notes) {
    const std::vector<uint8_t>& reach = accessesVariable(variable, bit);
    std::string name = "'" + nameOf({RootIdentifier::ModuleVariable, variable}) + "'";
    for (size_t depth = 0; depth <= functions_.size() && fi != kNone; ++depth) {
      const FunctionFacts& f = functions_[fi];
      uint32_t next = kNone;
      for (uint32_t k = f.accessesBegin; k < f.accessesEnd; ++k) {
        if (accesses_[k].variable == variable && (accesses_[k].access & bit)) {
          notes.push_back(
              {accesses_[k].span, "module-scope variable " + name + " is " + verb(bit) + " here"});
          return;
        }
      }
      for (uint32_t c = f.callsBegin; c < f.callsEnd && next == kNone; ++c) {
        uint32_t how = variableAccessedByCall(c, variable, bit, reach, fi);
        if (how == kCallNone) continue;
        const CallSite& site = calls_[c];
        if (how != kCallDirect) {
          const PointerArgument& arg = arguments_[how];
          notes.push_back({arg.span, name + " is passed to " + functionName(site.callee) +
                                         ", whose parameter " + parameterName(arg.parameter) +
                                         " is " + verb(bit)});
          explainParameter(arg.parameter, bit, notes);
          return;
        }
        notes.push_back({site.span, name + " is " + verb(bit) + " by the call to " +
                                        functionName(site.callee)});
        next = functionIndex_[site.callee];
      }
      fi = next;
    }
  }

  // ------------------------------------------------------------------------------ report

  void report() {
    std::stable_sort(findings_.begin(), findings_.end(), [&](const Finding& a, const Finding& b) {
      return arguments_[a.argument].span.begin < arguments_[b.argument].span.begin;
    });
    constexpr size_t kMaxFindings = 100;  // bounded output on generated modules
    for (size_t i = 0; i < findings_.size() && i < kMaxFindings; ++i) emit(findings_[i]);
    if (findings_.size() > kMaxFindings) {
      Diagnostic d;
      d.severity = Severity::Note;
      d.file = &m_.file();
      d.span = arguments_[findings_[kMaxFindings].argument].span;
      d.rule = "function-aliasing";
      d.message = std::to_string(findings_.size() - kMaxFindings) +
                  " more calls with aliased pointer arguments are not reported";
      diagnostics_.add(std::move(d));
    }
  }

  void emit(const Finding& f) {
    const CallSite& site = calls_[f.call];
    const PointerArgument& arg = arguments_[f.argument];
    std::string callee = functionName(site.callee);
    std::string root = "'" + nameOf(arg.root) + "'";
    AccessSet access = parameterAccess_[arg.parameter];
    Diagnostic d;
    d.severity = asErrors_ ? Severity::Error : Severity::Warning;
    d.file = &m_.file();
    d.span = arg.span;
    d.rule = "function-aliasing";
    // The seed: a dynamic error "if ... both accesses occur during the execution of the same
    // call of the function"; 2026: "Execution of a WGSL function must not potentially access
    // memory through aliased root identifiers, where one access is a write".
    std::string consequence = asErrors_
                                  ? "; that is a shader-creation error by the 2026 rule (#aliasing)"
                                  : "; if both accesses happen during one call of " + callee +
                                        ", that is a dynamic error";
    auto through = [&](AccessSet a, uint32_t parameter) {
      return std::string(a & kWrite ? "writes" : "reads") + " through " + parameterName(parameter);
    };
    if (f.kind == Finding::SameRoot) {
      const PointerArgument& other = arguments_[f.partner];
      AccessSet otherAccess = parameterAccess_[other.parameter];
      // The written parameter first, then the other one.
      bool thisWritten = access & kWrite;
      const PointerArgument& written = thisWritten ? arg : other;
      const PointerArgument& second = thisWritten ? other : arg;
      AccessSet secondAccess = thisWritten ? otherAccess : access;
      std::string accesses =
          !secondAccess ? through(kWrite, written.parameter) + " (and does not access " +
                              parameterName(second.parameter) + ")"
          : secondAccess & kWrite
              ? "writes through both"
              : through(kWrite, written.parameter) + " and " + through(kRead, second.parameter);
      d.message = "arguments " + std::to_string(other.position + 1) + " and " +
                  std::to_string(arg.position + 1) + " of " + callee +
                  " have the same root identifier " + root + ", so parameters " +
                  parameterName(other.parameter) + " and " + parameterName(arg.parameter) + " of " +
                  callee + " alias, and " + callee + " " + accesses + consequence;
      d.notes.push_back({other.span, "the other argument with root identifier " + root});
      std::vector<DiagnosticNote> chain;
      explainParameter(written.parameter, kWrite, chain);
      appendChain(d.notes, std::move(chain));
      if (secondAccess) {
        chain.clear();
        explainParameter(second.parameter, secondAccess & kWrite ? kWrite : kRead, chain);
        appendChain(d.notes, std::move(chain));
      }
    } else {
      // The parameter's write against any access of the variable, or its read against a write.
      AccessSet parameterBit = access & kWrite ? kWrite : kRead;
      AccessSet variableBit = f.globalAccess & kWrite ? kWrite : kRead;
      d.message = "argument " + std::to_string(arg.position + 1) + " of " + callee +
                  " points into module-scope variable " + root + ", so parameter " +
                  parameterName(arg.parameter) + " of " + callee + " and " + root + " alias, and " +
                  callee + " " + through(parameterBit, arg.parameter) + " and " +
                  (variableBit == kWrite ? "writes " : "reads ") + root +
                  " by name (itself or in a function it calls)" + consequence;
      std::vector<DiagnosticNote> chain;
      explainParameter(arg.parameter, parameterBit, chain);
      appendChain(d.notes, std::move(chain));
      chain.clear();
      explainModuleVariable(functionIndex_[site.callee], arg.root.index, variableBit, chain);
      appendChain(d.notes, std::move(chain));
    }
    diagnostics_.add(std::move(d));
  }

  static constexpr RootIdentifier kUnresolvedLet{RootIdentifier::Kind(0xFF), 0};

  const CheckedModule& cm_;
  const Module& m_;
  DiagnosticList& diagnostics_;
  const bool asErrors_;

  std::vector<FunctionFacts> functions_;  // in CheckedModule::order: callees first
  std::vector<uint32_t> functionIndex_;   // by declaration index: index in functions_
  std::vector<ModuleVariableAccess> accesses_;
  std::vector<CallSite> calls_;
  std::vector<PointerArgument> arguments_;
  std::vector<AccessSet> parameterAccess_;                // by ParameterId
  std::vector<std::array<Witness, 2>> parameterWitness_;  // by ParameterId: read, write
  std::vector<RootIdentifier> letRoots_;                  // by VariableId, once found
  std::vector<uint32_t> letsPassed_;                      // rootIdentifier's scratch list
  std::vector<uint32_t> tracked_;       // module-scope variables passed by address
  std::vector<uint32_t> trackedIndex_;  // by declaration index: index in tracked_
  std::vector<Finding> findings_;
  std::map<std::pair<uint32_t, AccessSet>, std::vector<uint8_t>> reach_;
};

}  // namespace

void checkAliasing(const CheckedModule& module, DiagnosticList& diagnostics, bool asErrors) {
  AliasAnalysis(module, diagnostics, asErrors).run();
}

}  // namespace plumb
