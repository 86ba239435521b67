// Name resolution (#declaration-and-scope): the module scope, function scopes, and the
// directed graph of module-scope declarations, which must have no cycle; its order is the
// order in which declarations are then checked.
#include <algorithm>

#include "checker/wgsl/checker_impl.h"
#include "semantics/wgsl/builtin_table.h"
#include "semantics/wgsl/revision_hints.h"
#include "semantics/suggest.h"

namespace plumb {

using namespace ast;

namespace {

// Whether a declaration in scope (a local scope, then module scope) is named `word`: the
// predeclared enumerants and `bitcast` that the syntax tree keeps as words, not identifiers,
// are shadowed by it (new#declaration-and-scope, revision 2026).
template <class Scopes>
bool declaredInScope(const Scopes& scopes,
                     const std::unordered_map<uint32_t, uint32_t>& moduleScope, const Module& m,
                     std::string_view word) {
  for (const auto& scope : scopes)
    for (const auto& local : scope)
      if (m.name(local.name) == word) return true;
  for (const auto& [symbol, index] : moduleScope) {
    (void)index;
    if (m.symbols.name(Symbol{symbol}) == word) return true;
  }
  return false;
}

}  // namespace

void Checker::collectModuleScope() {
  for (GlobalId g : m_.declarations) {
    const GlobalDeclaration& d = m_[g];
    ModuleDeclaration md{};
    md.global = g;
    if (auto* v = std::get_if<VariableId>(&d.node)) {
      const VariableDeclaration& var = m_[*v];
      md.kind = var.kind == DeclarationKind::Var     ? ModuleDeclaration::Variable
                : var.kind == DeclarationKind::Const ? ModuleDeclaration::Const
                                                     : ModuleDeclaration::Override;
      md.name = var.name;
      md.nameSpan = var.nameSpan;
    } else if (auto* s = std::get_if<StructDeclaration>(&d.node)) {
      md.kind = ModuleDeclaration::Struct;
      md.name = s->name;
      md.nameSpan = s->nameSpan;
    } else if (auto* a = std::get_if<TypeAliasDeclaration>(&d.node)) {
      md.kind = ModuleDeclaration::TypeAlias;
      md.name = a->name;
      md.nameSpan = a->nameSpan;
    } else if (auto* f = std::get_if<FunctionDeclaration>(&d.node)) {
      md.kind = ModuleDeclaration::Function;
      md.name = f->name;
      md.nameSpan = f->nameSpan;
    } else {
      md.kind = ModuleDeclaration::StaticAssert;
    }
    uint32_t index = static_cast<uint32_t>(out_.declarations.size());
    out_.declarations.push_back(md);
    if (md.kind == ModuleDeclaration::StaticAssert) continue;
    std::string_view name = m_.name(md.name);
    // #builtin-functions: "it is a shader-creation error to attempt to redefine one or to use
    // the name of a built-in function as an identifier for any other module-scope
    // declaration." Predeclared types are predeclared objects too (#declaration-and-scope).
    // Revision 2026: predeclared objects have no declaration, so a user declaration shadows
    // them (new#declaration-and-scope; delta 2.4).
    if (m_.revision().shadowPredeclared) {
      // fall through to the module scope
    } else if (out_.overloads.isBuiltinName(name)) {
      error(md.nameSpan, "'" + std::string(name) + "' is a built-in function and cannot be redeclared",
            "builtin-functions");
      continue;
    }
    if (name == "texture_external") {
      error(md.nameSpan, "'texture_external' is a predeclared type and cannot be redeclared",
            "declaration-and-scope");
      continue;
    }
    auto [it, inserted] = moduleScope_.emplace(md.name.id, index);
    if (!inserted) {
      // "A declaration must not introduce a name when that identifier is already in scope
      // with the same end of scope as another instance of that name."
      error(md.nameSpan, "'" + std::string(name) + "' is already declared at module scope",
            "declaration-and-scope");
      note(out_.declarations[it->second].nameSpan, "the previous declaration");
    }
  }
}

Resolution Checker::lookup(Symbol name) const {
  // The closest non-module-scope declaration, else the module-scope one.
  for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope)
    for (auto it = scope->rbegin(); it != scope->rend(); ++it)
      if (it->name == name) return it->resolution;
  if (auto it = moduleScope_.find(name.id); it != moduleScope_.end())
    return Resolution{Resolution::ModuleDeclaration, it->second};
  return Resolution{};
}

void Checker::declareLocal(Symbol name, Span span, Resolution r) {
  std::vector<LocalName>& scope = scopes_.back();
  for (const LocalName& l : scope) {
    if (l.name == name) {
      error(span,
            "'" + std::string(m_.name(name)) +
                "' is already declared in this scope (a name may be shadowed only in an inner "
                "scope)",
            "declaration-and-scope");
      note(l.span, "the previous declaration");
      return;
    }
  }
  scope.push_back(LocalName{name, r, span});
}

void Checker::useName(Symbol name, Span span, Resolution& into, bool asType) {
  into = lookup(name);
  if (into.kind == Resolution::ModuleDeclaration) {
    uses_[current_].push_back(into.index);
    return;
  }
  if (into.kind != Resolution::Unresolved) return;
  std::string_view text = m_.name(name);
  if (!asType && out_.overloads.isBuiltinName(text)) {
    into = Resolution{Resolution::BuiltinFunction, 0};
    return;
  }
  if (asType && text == "texture_external") {
    into = Resolution{Resolution::PredeclaredType, 0};
    return;
  }
  // "When an identifier is used, it must be in scope for some declaration."
  error(span, "'" + std::string(text) + "' is not declared in this scope", "declaration-and-scope");
  noteUndeclared(text, span, asType);
}

void Checker::noteUndeclared(std::string_view name, Span span, bool asType) {
  if (std::optional<std::string> hint =
          m_.revision().predeclaredTypeAliases ? std::nullopt : currentWgslHint(name)) {
    note(span, *hint);
    return;
  }
  // The candidates in the order a tie should prefer: locals innermost first, then module
  // scope, then built-in functions (which a type cannot be).
  std::vector<std::string_view> names;
  std::vector<Span> spans;
  if (!asType)
    for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope)
      for (auto it = scope->rbegin(); it != scope->rend(); ++it) {
        names.push_back(m_.name(it->name));
        spans.push_back(it->span);
      }
  for (const auto& [id, index] : moduleScope_) {
    const ModuleDeclaration& d = out_.declarations[index];
    if (asType && d.kind != ModuleDeclaration::Struct && d.kind != ModuleDeclaration::TypeAlias)
      continue;
    names.push_back(m_.name(d.name));
    spans.push_back(d.nameSpan);
  }
  size_t declared = names.size();
  if (!asType)
    for (const OverloadRow& r : overloadRows())
      if (r.kind == OverloadKind::Builtin) names.push_back(r.name);
  std::optional<std::string> best = closestName(name, names);
  if (!best) return;
  for (size_t i = 0; i < declared; ++i)
    if (names[i] == *best) {
      note(spans[i], "did you mean '" + *best + "'? (declared here)");
      return;
    }
  note(span, "did you mean the built-in function '" + *best + "'?");
}

void Checker::resolveAttributes(List<Attribute> list) {
  // Only @workgroup_size takes arguments that name declarations (#entry-point-attributes);
  // the other attributes' identifiers are enumerants such as `position` or `flat`. Revision
  // 2026 (new#attributes, delta 1.6): the integer arguments of every attribute are
  // const-expressions, which may name const declarations (`@blend_src(a + b)`).
  for (AttributeId a : m_[list]) {
    const Attribute& attr = m_[a];
    std::string_view n = m_.name(attr.name);
    bool expressions = n == "workgroup_size" || (m_.revision().attributeExpressions &&
                                                 (n == "align" || n == "binding" || n == "group" ||
                                                  n == "id" || n == "location" || n == "size" ||
                                                  n == "blend_src" || n == "subgroup_size"));
    if (!expressions) continue;
    for (ExpressionId e : m_[attr.arguments]) resolveExpression(e);
  }
}

// new#predeclared-enumerants, new#declaration-and-scope: an enumerant (an address space,
// access mode or texel format written as a template argument) is a predeclared identifier,
// resolved like any other: a declaration of its name in scope, local or module-scope,
// shadows it, and then the template argument names that declaration, which is not an
// enumerant (new#type-expr: the template list of `ptr`, `var` and the storage textures
// takes enumerants there). The seed's enumerants are keywords and cannot be shadowed.
void Checker::reportShadowedEnumerants(Span span, std::initializer_list<std::string_view> words) {
  if (!m_.revision().shadowPredeclared) return;
  for (std::string_view word : words)
    if (!word.empty() && declaredInScope(scopes_, moduleScope_, m_, word))
      error(span,
            "'" + std::string(word) +
                "' names a declaration here (it shadows the predeclared enumerant)",
            "declaration-and-scope");
}

void Checker::resolveType(TypeId id) {
  if (!id) return;
  const TypeDecl& t = m_[id];
  if (t.predeclared && m_.revision().shadowPredeclared) {
    // new#declaration-and-scope: "nearest enclosing declaration, then module scope, then
    // predeclared"; a declaration of the name shadows the predeclared type.
    Resolution r = lookup(t.predeclared);
    if (r.kind != Resolution::Unresolved) {
      if (r.kind == Resolution::ModuleDeclaration) uses_[current_].push_back(r.index);
      out_.typeNames[id.value] = r;
      shadowedTypes_[id.value] = 1;
      return;
    }
  }
  std::visit(
      [&](const auto& n) {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, NamedType>) {
          useName(n.name, t.span, out_.typeNames[id.value], /*asType=*/true);
        } else if constexpr (std::is_same_v<N, VectorType> || std::is_same_v<N, MatrixType> ||
                             std::is_same_v<N, AtomicType>) {
          resolveType(n.element);
        } else if constexpr (std::is_same_v<N, PointerType>) {
          // ptr<AS, T, AM>: the address space and access mode are template arguments that
          // name predeclared enumerants, so a declaration in scope of the same name (a local
          // `read` too) shadows them (revision 2026, delta 2.4).
          reportShadowedEnumerants(t.span, {spelling(n.space), spelling(n.access)});
          resolveType(n.store);
        } else if constexpr (std::is_same_v<N, ArrayType>) {
          resolveType(n.element);
          if (n.count) resolveExpression(n.count);
        } else if constexpr (std::is_same_v<N, BufferType>) {
          if (n.size) resolveExpression(n.size);
        } else if constexpr (std::is_same_v<N, SampledTextureType> ||
                             std::is_same_v<N, MultisampledTextureType>) {
          resolveType(n.sampled);
        } else if constexpr (std::is_same_v<N, StorageTextureType>) {
          // new#predeclared-enumerants: the texel format and access mode are predeclared
          // enumerants, which a declaration of the name shadows (revision 2026, delta 2.4).
          reportShadowedEnumerants(t.span, {spelling(n.format), spelling(n.access)});
        }
      },
      t.node);
}

void Checker::resolveExpression(ExpressionId id) {
  if (!id) return;
  const Expression& e = m_[id];
  std::visit(
      [&](const auto& n) {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, IdentifierExpression>) {
          useName(n.name, e.span, out_.identifiers[id.value], /*asType=*/false);
        } else if constexpr (std::is_same_v<N, CallExpression>) {
          if (Symbol f = n.function()) {
            // A call names a function or a type (a structure or an alias used as a
            // constructor): resolve as either.
            Resolution& r = out_.identifiers[id.value];
            r = lookup(f);
            if (r.kind == Resolution::ModuleDeclaration) {
              uses_[current_].push_back(r.index);
            } else if (r.kind == Resolution::Unresolved) {
              std::string_view text = m_.name(f);
              if (out_.overloads.isBuiltinName(text))
                r = Resolution{Resolution::BuiltinFunction, 0};
              else if (text == "texture_external")
                r = Resolution{Resolution::PredeclaredType, 0};
              else {
                Span name{e.span.begin, e.span.begin + static_cast<uint32_t>(text.size())};
                error(name, "'" + std::string(text) + "' is not declared in this scope",
                      "declaration-and-scope");
                noteUndeclared(text, name, /*asType=*/false);
              }
            }
          } else {
            resolveType(n.type());
          }
          // new#buffer-view-builtin-functions: `bufferView<T>(...)` names a type T.
          if (auto it = m_.callTemplates.find(id.value); it != m_.callTemplates.end())
            resolveType(it->second);
          for (ExpressionId a : m_[n.arguments]) resolveExpression(a);
        } else if constexpr (std::is_same_v<N, ParenthesizedExpression>) {
          resolveExpression(n.inner);
        } else if constexpr (std::is_same_v<N, BitcastExpression>) {
          // new#bitcast-builtin: `bitcast` is a predeclared function; a declaration of the
          // name shadows it, and what it names takes no template list (revision 2026).
          if (m_.revision().shadowPredeclared &&
              declaredInScope(scopes_, moduleScope_, m_, "bitcast")) {
            error(Span{e.span.begin, e.span.begin + 7},
                  "'bitcast' names a declaration here (it shadows the built-in function), which "
                  "takes no template list",
                  "declaration-and-scope");
          }
          resolveType(n.type);
          resolveExpression(n.operand);
        } else if constexpr (std::is_same_v<N, IndexExpression>) {
          resolveExpression(n.base);
          resolveExpression(n.index);
        } else if constexpr (std::is_same_v<N, MemberExpression>) {
          resolveExpression(n.base);
        } else if constexpr (std::is_same_v<N, UnaryExpression>) {
          resolveExpression(n.operand);
        } else if constexpr (std::is_same_v<N, BinaryExpression>) {
          resolveExpression(n.left());
          resolveExpression(n.right);
        }
      },
      e.node);
}

void Checker::resolveStatements(List<Statement> list) {
  for (StatementId s : m_[list]) resolveStatement(s);
}

void Checker::resolveStatement(StatementId id) {
  if (!id) return;
  const Statement& s = m_[id];
  auto block = [&](StatementId b) {
    scopes_.emplace_back();
    resolveStatements(std::get<CompoundStatement>(m_[b].node).statements);
    scopes_.pop_back();
  };
  std::visit(
      [&](const auto& n) {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, CompoundStatement>) {
          block(id);
        } else if constexpr (std::is_same_v<N, ReturnStatement>) {
          resolveExpression(n.value);
        } else if constexpr (std::is_same_v<N, IfStatement>) {
          resolveExpression(n.condition);
          block(n.body);
          if (n.elseBranch) resolveStatement(n.elseBranch);
        } else if constexpr (std::is_same_v<N, SwitchStatement>) {
          resolveExpression(n.selector);
          for (ClauseId c : m_[n.clauses]) {
            for (ExpressionId e : m_[m_[c].selectors]) resolveExpression(e);
            block(m_[c].body);
          }
        } else if constexpr (std::is_same_v<N, LoopStatement>) {
          // The continuing statement is in the scope of the loop body's declarations
          // (#continuing-statement).
          scopes_.emplace_back();
          resolveStatements(n.statements);
          if (n.continuing) resolveStatement(n.continuing);
          scopes_.pop_back();
        } else if constexpr (std::is_same_v<N, ContinuingStatement>) {
          scopes_.emplace_back();
          resolveStatements(n.statements);
          scopes_.pop_back();
        } else if constexpr (std::is_same_v<N, ForStatement>) {
          // A declaration in the initializer is in scope in the condition, the update and the
          // body, and ends where the body's own declarations end (#function-scope-variables;
          // the example of #declaration-and-scope rejects `var i` in the body).
          const ForHeader& h = m_[n.header];
          scopes_.emplace_back();
          resolveStatement(h.initializer);
          resolveExpression(h.condition);
          resolveStatement(h.update);
          resolveStatements(std::get<CompoundStatement>(m_[n.body].node).statements);
          scopes_.pop_back();
        } else if constexpr (std::is_same_v<N, WhileStatement>) {
          resolveExpression(n.condition);
          block(n.body);
        } else if constexpr (std::is_same_v<N, BreakIfStatement>) {
          resolveExpression(n.condition);
        } else if constexpr (std::is_same_v<N, FunctionCallStatement>) {
          resolveExpression(n.call);
        } else if constexpr (std::is_same_v<N, DeclarationStatement>) {
          const VariableDeclaration& v = m_[n.declaration];
          // `var<function> x` with a local `function` in scope (revision 2026, delta 2.4).
          if (v.hasQualifier)
            reportShadowedEnumerants(v.span, {spelling(v.space), spelling(v.access)});
          resolveType(v.type);
          // The initializer is resolved before the name is in scope: `let x = x;` uses an
          // outer x.
          resolveExpression(v.initializer);
          declareLocal(v.name, v.nameSpan,
                       Resolution{Resolution::LocalVariable, n.declaration.value});
        } else if constexpr (std::is_same_v<N, AssignmentStatement>) {
          resolveExpression(n.target);
          resolveExpression(n.value);
        } else if constexpr (std::is_same_v<N, IncrementStatement> ||
                             std::is_same_v<N, DecrementStatement>) {
          resolveExpression(n.target);
        } else if constexpr (std::is_same_v<N, StaticAssertStatement>) {
          resolveExpression(n.condition);
        }
      },
      s.node);
}

void Checker::resolveDeclaration(uint32_t index) {
  current_ = index;
  const GlobalDeclaration& d = m_[out_.declarations[index].global];
  std::visit(
      [&](const auto& n) {
        using N = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<N, VariableId>) {
          const VariableDeclaration& v = m_[n];
          // new#predeclared-enumerants: the address space and access mode of `var<AS, AM>`
          // are predeclared enumerants, which a module-scope declaration of the name shadows
          // (revision 2026, delta 2.4).
          if (v.hasQualifier)
            reportShadowedEnumerants(v.span, {spelling(v.space), spelling(v.access)});
          resolveAttributes(v.attributes);
          resolveType(v.type);
          resolveExpression(v.initializer);
        } else if constexpr (std::is_same_v<N, StructDeclaration>) {
          for (MemberId mid : m_[n.members]) {
            resolveAttributes(m_[mid].attributes);
            resolveType(m_[mid].type);
          }
        } else if constexpr (std::is_same_v<N, TypeAliasDeclaration>) {
          resolveType(n.type);
        } else if constexpr (std::is_same_v<N, FunctionDeclaration>) {
          resolveAttributes(n.attributes);
          // The arguments of the parameters' and the return type's attributes (revision 2026:
          // const-expressions) name module-scope declarations, not the parameters.
          for (ParameterId p : m_[n.parameters]) resolveAttributes(m_[p].attributes);
          resolveAttributes(n.returnAttributes);
          // Parameters and the body's top-level declarations have the same end of scope: the
          // end of the function (#declaration-and-scope example, `foo_3`).
          scopes_.emplace_back();
          // new#declaration-and-scope: "Each formal parameter of a user-declared function is
          // in scope across the corresponding function body", not in the other parameters'
          // types nor the return type (`fn f(i32: i32) -> i32`); it matters once types are
          // predeclared names that parameters can shadow (revision 2026, delta 2.4). The seed
          // is silent, and Plumb keeps its reading there: in scope from the declaration on.
          bool bodyScope = m_.revision().shadowPredeclared;
          if (bodyScope) {
            for (ParameterId p : m_[n.parameters]) resolveType(m_[p].type);
            resolveType(n.returnType);
          }
          for (ParameterId p : m_[n.parameters]) {
            if (!bodyScope) resolveType(m_[p].type);
            declareLocal(m_[p].name, m_[p].nameSpan, Resolution{Resolution::Parameter, p.value});
          }
          if (!bodyScope) resolveType(n.returnType);
          resolveStatements(std::get<CompoundStatement>(m_[n.body].node).statements);
          scopes_.pop_back();
        } else if constexpr (std::is_same_v<N, StaticAssertDeclaration>) {
          resolveExpression(n.condition);
        }
      },
      d.node);
}

// "It is a shader-creation error if any module scope declaration is recursive": the
// declarations form a graph with an edge from D to T when D mentions an identifier resolving
// to T; it must have no cycle. The checking order is a post-order of that graph (iterative,
// so that long chains of declarations cannot exhaust the stack).
void Checker::orderDeclarations() {
  size_t n = out_.declarations.size();
  enum : uint8_t { Unvisited, Active, Done };
  std::vector<uint8_t> state(n, Unvisited);
  for (std::vector<uint32_t>& u : uses_) {
    std::sort(u.begin(), u.end());
    u.erase(std::unique(u.begin(), u.end()), u.end());
  }
  struct Frame {
    uint32_t node;
    size_t next;
  };
  std::vector<Frame> stack;
  for (uint32_t root = 0; root < n; ++root) {
    if (state[root] != Unvisited) continue;
    stack.push_back({root, 0});
    state[root] = Active;
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next < uses_[f.node].size()) {
        uint32_t next = uses_[f.node][f.next++];
        if (state[next] == Unvisited) {
          state[next] = Active;
          stack.push_back({next, 0});
        } else if (state[next] == Active) {
          // A cycle: report it along the path on the stack.
          std::string path;
          bool on = false;
          for (const Frame& g : stack) {
            if (g.node == next) on = true;
            if (on) path += std::string(m_.name(out_.declarations[g.node].name)) + " -> ";
          }
          path += std::string(m_.name(out_.declarations[next].name));
          const ModuleDeclaration& d = out_.declarations[next];
          error(d.nameSpan,
                std::string(d.kind == ModuleDeclaration::Function ? "recursion" : "cyclic declaration") +
                    ": " + path,
                "declaration-and-scope");
        }
        continue;
      }
      state[f.node] = Done;
      out_.order.push_back(f.node);
      stack.pop_back();
    }
  }
}

}  // namespace plumb
