#include "gen/wgsl/reduce.h"

#include <algorithm>
#include <memory>
#include <set>
#include <variant>
#include <vector>

#include "semantics/wgsl/parser.h"
#include "semantics/wgsl/printer.h"

namespace plumb::gen::wgsl {

namespace {

using namespace plumb::ast;

/// One candidate edit: replace [begin, end) of the text by `with`.
struct Edit {
  uint32_t begin = 0, end = 0;
  std::string with;
  size_t saved() const { return end - begin > with.size() ? end - begin - with.size() : 0; }
};

struct Parsed {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<Module> module;
  bool ok = false;
};

Parsed parse(const std::string& text, const Revision& revision) {
  Parsed p;
  p.file = std::make_unique<SourceFile>("reduce.wgsl", text);
  DiagnosticList diagnostics;
  p.module = parseModule(*p.file, revision, diagnostics);
  p.ok = p.module && !diagnostics.hasErrors();
  return p;
}

/// Collects the edits the syntax tree offers.
class EditCollector {
 public:
  explicit EditCollector(const Module& m) : m_(m) {}

  std::vector<Edit> collect() {
    for (GlobalId g : m_.declarations) global(g);
    return std::move(edits_);
  }

 private:
  std::string text(Span s) const { return std::string(m_.text(s)); }

  void remove(Span s) {
    // A removed declaration or statement takes its trailing `;` or `,` with it, if any.
    uint32_t end = s.end;
    std::string_view all = m_.file().text();
    size_t i = end;
    while (i < all.size() && (all[i] == ' ' || all[i] == '\t')) ++i;
    if (i < all.size() && (all[i] == ';' || all[i] == ',')) end = static_cast<uint32_t>(i + 1);
    edits_.push_back({s.begin, end, ""});
  }
  void replace(Span s, std::string with) {
    if (with.size() < s.size()) edits_.push_back({s.begin, s.end, std::move(with)});
  }

  void global(GlobalId g) {
    const GlobalDeclaration& d = m_[g];
    remove(d.span);
    if (const auto* f = std::get_if<FunctionDeclaration>(&d.node)) {
      if (f->body) statement(f->body);
    } else if (const auto* v = std::get_if<VariableId>(&d.node)) {
      if (m_[*v].initializer) expression(m_[*v].initializer);
    } else if (const auto* s = std::get_if<StructDeclaration>(&d.node)) {
      auto members = m_[s->members];
      if (members.size() > 1)
        for (MemberId mem : members) remove(m_[mem].span);
    }
  }

  void statements(std::span<const StatementId> list) {
    for (StatementId s : list) {
      remove(m_[s].span);
      statement(s);
    }
  }

  /// The text of a compound statement's contents (without its braces).
  std::string contents(StatementId body) const {
    const Statement& b = m_[body];
    std::string t = text(b.span);
    if (t.size() >= 2 && t.front() == '{' && t.back() == '}') return t.substr(1, t.size() - 2);
    return t;
  }

  void statement(StatementId id) {
    const Statement& s = m_[id];
    std::visit(
        [&](const auto& n) {
          using T = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<T, CompoundStatement>) {
            statements(m_[n.statements]);
          } else if constexpr (std::is_same_v<T, LoopStatement>) {
            statements(m_[n.statements]);
            if (n.continuing) {
              remove(m_[n.continuing].span);
              statement(n.continuing);
            }
            replace(s.span, "{" + loopBody(n) + "}");
          } else if constexpr (std::is_same_v<T, ContinuingStatement>) {
            statements(m_[n.statements]);
          } else if constexpr (std::is_same_v<T, IfStatement>) {
            expression(n.condition);
            replace(s.span, "{" + contents(n.body) + "}");
            if (n.elseBranch) {
              // Drop the else branch: from the end of the body to the end of the statement.
              edits_.push_back({m_[n.body].span.end, s.span.end, ""});
              replace(s.span, text(m_[n.elseBranch].span).front() == '{'
                                  ? "{" + contents(n.elseBranch) + "}"
                                  : text(m_[n.elseBranch].span));
              statement(n.elseBranch);
            }
            statement(n.body);
          } else if constexpr (std::is_same_v<T, SwitchStatement>) {
            expression(n.selector);
            auto clauses = m_[n.clauses];
            for (ClauseId c : clauses) {
              if (clauses.size() > 1) remove(m_[c].span);
              statement(m_[c].body);
            }
          } else if constexpr (std::is_same_v<T, ForStatement>) {
            const ForHeader& h = m_[n.header];
            if (h.condition) expression(h.condition);
            replace(s.span, "{" + contents(n.body) + "}");
            statement(n.body);
          } else if constexpr (std::is_same_v<T, WhileStatement>) {
            expression(n.condition);
            replace(s.span, "{" + contents(n.body) + "}");
            statement(n.body);
          } else if constexpr (std::is_same_v<T, ReturnStatement>) {
            if (n.value) expression(n.value);
          } else if constexpr (std::is_same_v<T, BreakIfStatement>) {
            expression(n.condition);
          } else if constexpr (std::is_same_v<T, FunctionCallStatement>) {
            expression(n.call);
          } else if constexpr (std::is_same_v<T, DeclarationStatement>) {
            if (m_[n.declaration].initializer) expression(m_[n.declaration].initializer);
          } else if constexpr (std::is_same_v<T, AssignmentStatement>) {
            if (n.target) expression(n.target);
            expression(n.value);
          } else if constexpr (std::is_same_v<T, StaticAssertStatement>) {
            expression(n.condition);
          }
        },
        s.node);
  }

  std::string loopBody(const LoopStatement& n) const {
    std::string out;
    for (StatementId s : m_[n.statements]) out += text(m_[s].span) + "\n";
    return out;
  }

  void expression(ExpressionId id) {
    const Expression& e = m_[id];
    std::visit(
        [&](const auto& n) {
          using T = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<T, BinaryExpression>) {
            replace(e.span, text(m_[n.left()].span));
            replace(e.span, text(m_[n.right].span));
            expression(n.left());
            expression(n.right);
          } else if constexpr (std::is_same_v<T, UnaryExpression>) {
            replace(e.span, text(m_[n.operand].span));
            expression(n.operand);
          } else if constexpr (std::is_same_v<T, ParenthesizedExpression>) {
            replace(e.span, text(m_[n.inner].span));
            expression(n.inner);
          } else if constexpr (std::is_same_v<T, CallExpression>) {
            for (ExpressionId a : m_[n.arguments]) {
              replace(e.span, text(m_[a].span));
              expression(a);
            }
          } else if constexpr (std::is_same_v<T, IndexExpression>) {
            replace(e.span, text(m_[n.base].span));
            expression(n.base);
            expression(n.index);
          } else if constexpr (std::is_same_v<T, MemberExpression>) {
            replace(e.span, text(m_[n.base].span));
            expression(n.base);
          } else if constexpr (std::is_same_v<T, BitcastExpression>) {
            replace(e.span, text(m_[n.operand].span));
            expression(n.operand);
          } else if constexpr (std::is_same_v<T, LiteralExpression>) {
            // A long numeric literal may matter only by its type: try the shortest of its kind.
            std::string t = text(e.span);
            if (n.kind == LiteralKind::Int && t.size() > 2) {
              std::string suffix =
                  t.back() == 'i' || t.back() == 'u' ? std::string(1, t.back()) : "";
              replace(e.span, "1" + suffix);
            }
          }
        },
        e.node);
  }

  const Module& m_;
  std::vector<Edit> edits_;
};

std::string applyEdit(const std::string& text, const Edit& e) {
  return text.substr(0, e.begin) + e.with + text.substr(e.end);
}

}  // namespace

bool parsesCleanly(const std::string& wgsl, const Revision& revision) {
  return parse(wgsl, revision).ok;
}

ReduceResult reduceProgram(const std::string& wgsl, const Property& keep,
                           const ReduceOptions& options) {
  ReduceResult r;
  r.wgsl = wgsl;
  auto test = [&](const std::string& candidate) {
    ++r.tests;
    return keep(candidate);
  };
  r.holdsInitially = test(wgsl);
  if (!r.holdsInitially) return r;
  const Revision& revision = *options.revision;
  bool mustParse = parsesCleanly(wgsl, revision);
  std::set<std::string> tried;  // candidates already judged (the property may be expensive)
  bool progress = true;
  while (progress && !r.limitReached) {
    progress = false;
    Parsed p = parse(r.wgsl, revision);
    if (!p.module) break;
    std::vector<Edit> edits = EditCollector(*p.module).collect();
    std::stable_sort(edits.begin(), edits.end(),
                     [](const Edit& a, const Edit& b) { return a.saved() > b.saved(); });
    for (const Edit& e : edits) {
      if (e.saved() == 0) continue;
      if (r.tests >= options.maxTests) {
        r.limitReached = true;
        break;
      }
      std::string candidate = applyEdit(r.wgsl, e);
      if (!tried.insert(candidate).second) continue;
      if (mustParse && !parsesCleanly(candidate, revision)) continue;
      if (!test(candidate)) continue;
      r.wgsl = std::move(candidate);
      ++r.accepted;
      progress = true;
      if (options.progress)
        options.progress("reduced to " + std::to_string(r.wgsl.size()) + " bytes (" +
                         std::to_string(r.tests) + " tests)");
      break;  // the spans changed: collect the edits of the new text
    }
  }
  // The canonical printing (in the revision's spelling) drops comments and blank space.
  Parsed p = parse(r.wgsl, revision);
  if (p.ok && r.tests < options.maxTests) {
    std::string printed = printModule(*p.module);
    if (!printed.empty() && printed.back() != '\n') printed += '\n';
    if (printed.size() < r.wgsl.size() && test(printed)) {
      r.wgsl = printed;
      ++r.accepted;
    }
  }
  return r;
}

}  // namespace plumb::gen::wgsl
