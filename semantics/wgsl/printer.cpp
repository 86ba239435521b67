#include "semantics/wgsl/printer.h"
#include "semantics/wgsl/next_token.h"

#include <unordered_map>
#include <variant>
#include <vector>

namespace plumb {

using namespace ast;

namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

std::string_view sampledTextureKeyword(TextureDimension d) {
  static constexpr std::string_view k[] = {"texture_1d", "texture_2d", "texture_2d_array",
                                           "texture_3d", "texture_cube", "texture_cube_array"};
  return k[static_cast<int>(d)];
}
std::string_view storageTextureKeyword(TextureDimension d) {
  switch (d) {
    case TextureDimension::D1: return "texture_storage_1d";
    case TextureDimension::D2: return "texture_storage_2d";
    case TextureDimension::D2Array: return "texture_storage_2d_array";
    case TextureDimension::D3: return "texture_storage_3d";
    default: return "texture_storage_?";
  }
}
std::string_view depthTextureKeyword(DepthTextureKind k) {
  static constexpr std::string_view n[] = {"texture_depth_2d", "texture_depth_2d_array",
                                           "texture_depth_cube", "texture_depth_cube_array",
                                           "texture_depth_multisampled_2d"};
  return n[static_cast<int>(k)];
}

class Printer {
 public:
  explicit Printer(const Module& m) : m_(m) {}
  std::string out;

  void type(TypeId id) {
    const TypeDecl& t = m_[id];
    std::visit(
        Overloaded{
            [&](const NamedType& n) { out += m_.name(n.name); },
            [&](const ScalarType& s) { out += spelling(s.kind); },
            [&](const VectorType& v) {
              out += "vec";
              out += char('0' + v.size);
              if (v.element) templateArg(v.element);
            },
            [&](const MatrixType& v) {
              out += "mat";
              out += char('0' + v.columns);
              out += 'x';
              out += char('0' + v.rows);
              if (v.element) templateArg(v.element);
            },
            [&](const PointerType& p) {
              out += "ptr<";
              out += spelling(p.space);
              out += ", ";
              type(p.store);
              if (p.access != AccessMode::None) {
                out += ", ";
                out += spelling(p.access);
              }
              out += '>';
            },
            [&](const ArrayType& a) {
              out += "array<";
              type(a.element);
              if (a.count) {
                out += ", ";
                expression(a.count);
              }
              out += '>';
            },
            [&](const AtomicType& a) {
              out += "atomic";
              templateArg(a.element);
            },
            [&](const SamplerType& s) { out += s.comparison ? "sampler_comparison" : "sampler"; },
            [&](const SampledTextureType& s) {
              out += sampledTextureKeyword(s.dimension);
              templateArg(s.sampled);
            },
            [&](const MultisampledTextureType& s) {
              out += "texture_multisampled_2d";
              templateArg(s.sampled);
            },
            [&](const StorageTextureType& s) {
              out += storageTextureKeyword(s.dimension);
              out += '<';
              out += spelling(s.format);
              out += ", ";
              out += spelling(s.access);
              out += '>';
            },
            [&](const DepthTextureType& d) { out += depthTextureKeyword(d.kind); },
            [&](const BufferType& b) {
              out += "buffer";
              if (b.size) {
                out += '<';
                expression(b.size);
                out += '>';
              }
            },
        },
        t.node);
  }

  void templateArg(TypeId id) {
    out += '<';
    type(id);
    out += '>';
  }

  void arguments(List<Expression> args) {
    out += '(';
    bool first = true;
    for (ExpressionId a : m_[args]) {
      if (!first) out += ", ";
      first = false;
      expression(a);
    }
    out += ')';
  }

  void expression(ExpressionId id) {
    const Expression& e = m_[id];
    std::visit(Overloaded{
                   [&](const LiteralExpression& l) {
                     if (l.kind == LiteralKind::Bool) out += l.boolValue ? "true" : "false";
                     else out += m_.text(e.span);
                   },
                   [&](const IdentifierExpression& i) { out += m_.name(i.name); },
                   [&](const CallExpression& c) {
                     if (c.function()) out += m_.name(c.function());
                     else type(c.type());
                     if (auto it = m_.callTemplates.find(id.value); it != m_.callTemplates.end())
                       templateArg(it->second);
                     arguments(c.arguments);
                   },
                   [&](const ParenthesizedExpression& p) {
                     out += '(';
                     expression(p.inner);
                     out += ')';
                   },
                   [&](const BitcastExpression& b) {
                     out += "bitcast";
                     templateArg(b.type);
                     out += '(';
                     expression(b.operand);
                     out += ')';
                   },
                   [&](const IndexExpression& i) {
                     expression(i.base);
                     out += '[';
                     expression(i.index);
                     out += ']';
                   },
                   [&](const MemberExpression& mem) {
                     expression(mem.base);
                     // `1 .x`: glued, an integer literal and the period would lex as a float
                     // literal (`1.`, `1.e5`, `0x1F.c`), so keep them apart.
                     const Expression& base = m_[mem.base];
                     if (auto* lit = std::get_if<LiteralExpression>(&base.node))
                       if (lit->kind == LiteralKind::Int && lit->suffix == LiteralSuffix::None)
                         out += ' ';
                     out += '.';
                     out += m_.name(mem.member);
                   },
                   [&](const UnaryExpression& u) {
                     std::string_view op = spelling(u.op);
                     out += op;
                     // Keep `- -x` and `& &x` apart: `--` and `&&` are other tokens.
                     const Expression& inner = m_[u.operand];
                     if (auto* iu = std::get_if<UnaryExpression>(&inner.node)) {
                       if ((u.op == UnaryOperator::Negation && iu->op == UnaryOperator::Negation) ||
                           (u.op == UnaryOperator::AddressOf && iu->op == UnaryOperator::AddressOf))
                         out += ' ';
                     }
                     expression(u.operand);
                   },
                   [&](const BinaryExpression& b) {
                     expression(b.left());
                     out += ' ';
                     out += spelling(b.op());
                     out += ' ';
                     expression(b.right);
                   },
               },
               e.node);
  }

  void indent() { out.append(level_ * 2, ' '); }

  // new#const-assert-statement (revision 2026): `const_assert`; the seed's `staticAssert`.
  const char* staticAssertKeyword() const {
    return m_.revision().constAssert ? "const_assert " : "staticAssert ";
  }

  void diagnosticControl(const DiagnosticControl& d) {
    out += '(';
    out += m_.name(d.severity);
    out += ", ";
    out += m_.name(d.rule);
    if (d.ruleMember) {
      out += '.';
      out += m_.name(d.ruleMember);
    }
    out += ')';
  }

  // Revision 2026 (new#syntax-statement): the attributes written before a statement are kept
  // in Module::statementAttributes, in source order, one run per statement; a run belongs to
  // the statement that begins at the first character after it that is not blankspace.
  void collectStatementAttributes() {
    std::string_view text = m_.file().text();
    auto skipBlank = [&](uint32_t p) {
      while (p < text.size() &&
             (text[p] == ' ' || text[p] == '\t' || text[p] == '\n' || text[p] == '\r'))
        ++p;
      return p;
    };
    const std::vector<AttributeId>& list = m_.statementAttributes;
    for (size_t i = 0; i < list.size();) {
      size_t j = i + 1;
      while (j < list.size() && skipBlank(m_[list[j - 1]].span.end) == m_[list[j]].span.begin) ++j;
      uint32_t key = skipBlank(m_[list[j - 1]].span.end);
      std::vector<AttributeId>& run = statementAttributes_[key];
      run.insert(run.end(), list.begin() + i, list.begin() + j);
      runAt_[m_[list[i]].span.begin] = key;
      i = j;
    }
  }
  void statementAttributes(const Statement& s) { attributesBefore(s.span.begin); }
  // The attributes of a body that is not a statement of its own: the `{` of a switch, loop or
  // continuing statement (new#syntax-switch_body, new#syntax-loop_statement,
  // new#syntax-continuing_compound_statement: `switch x @diagnostic(off, r) {`,
  // `loop @diagnostic(off, r) {`): the run that starts at the first character after `p`
  // that is neither blankspace nor a comment.
  void bodyAttributes(uint32_t p) {
    p = nextTokenStart(m_.file(), m_.revision(), p);
    auto it = runAt_.find(p);
    if (it != runAt_.end()) attributesBefore(it->second);
  }
  void attributesBefore(uint32_t key) {
    auto it = statementAttributes_.find(key);
    if (it == statementAttributes_.end()) return;
    for (AttributeId id : it->second) {
      const Attribute& a = m_[id];
      out += '@';
      out += m_.name(a.name);
      if (a.hasParentheses) arguments(a.arguments);
      out += ' ';
    }
  }
  std::unordered_map<uint32_t, std::vector<AttributeId>> statementAttributes_;
  std::unordered_map<uint32_t, uint32_t> runAt_;  // where a run begins -> its key

  void attributes(List<Attribute> list, char separator) {
    for (AttributeId id : m_[list]) {
      const Attribute& a = m_[id];
      out += '@';
      out += m_.name(a.name);
      if (a.hasParentheses) arguments(a.arguments);
      out += separator;
    }
  }

  void variable(VariableId id) {
    const VariableDeclaration& v = m_[id];
    attributes(v.attributes, ' ');
    out += spelling(v.kind);
    if (v.hasQualifier) {
      out += '<';
      out += spelling(v.space);
      if (v.access != AccessMode::None) {
        out += ", ";
        out += spelling(v.access);
      }
      out += '>';
    }
    out += ' ';
    out += m_.name(v.name);
    if (v.type) {
      out += ": ";
      type(v.type);
    }
    if (v.initializer) {
      out += " = ";
      expression(v.initializer);
    }
  }

  // A statement without indentation or line break (for `for` headers) ...
  void simpleStatement(StatementId id) {
    const Statement& s = m_[id];
    if (auto* d = std::get_if<DeclarationStatement>(&s.node)) return variable(d->declaration);
    if (auto* a = std::get_if<AssignmentStatement>(&s.node)) {
      if (a->target) expression(a->target);
      else out += '_';
      out += ' ';
      out += spelling(a->op);
      out += ' ';
      expression(a->value);
      return;
    }
    if (auto* i = std::get_if<IncrementStatement>(&s.node)) {
      expression(i->target);
      out += "++";
      return;
    }
    if (auto* d = std::get_if<DecrementStatement>(&s.node)) {
      expression(d->target);
      out += "--";
      return;
    }
    if (auto* c = std::get_if<FunctionCallStatement>(&s.node)) return expression(c->call);
  }

  void block(List<Statement> list) {
    out += "{\n";
    ++level_;
    for (StatementId s : m_[list]) statement(s);
    --level_;
    indent();
    out += '}';
  }

  // A body: its attributes (`if c @diagnostic(off, r) {`, revision 2026) are those of the
  // compound statement, which begins at its `{`.
  void compound(StatementId id) {
    statementAttributes(m_[id]);
    block(std::get<CompoundStatement>(m_[id].node).statements);
  }

  // ... and a statement on its own line(s).
  void statement(StatementId id) {
    const Statement& s = m_[id];
    indent();
    statementAttributes(s);
    std::visit(Overloaded{
                   [&](const EmptyStatement&) { out += ';'; },
                   [&](const CompoundStatement& c) { block(c.statements); },
                   [&](const ReturnStatement& r) {
                     out += "return";
                     if (r.value) {
                       out += ' ';
                       expression(r.value);
                     }
                     out += ';';
                   },
                   [&](const IfStatement&) { ifChain(id); },
                   [&](const SwitchStatement& sw) {
                     out += "switch ";
                     expression(sw.selector);
                     out += ' ';
                     bodyAttributes(m_[sw.selector].span.end);
                     out += "{\n";
                     ++level_;
                     for (ClauseId cid : m_[sw.clauses]) {
                       const SwitchClause& c = m_[cid];
                       indent();
                       if (c.isDefault && m_[c.selectors].empty()) {
                         out += "default";
                       } else {
                         out += "case ";
                         bool first = true;
                         for (ExpressionId e : m_[c.selectors]) {
                           if (!first) out += ", ";
                           first = false;
                           expression(e);
                         }
                         // new#syntax-case_selector (revision 2026): `case 1, default:`.
                         if (c.isDefault) out += ", default";
                       }
                       out += ": ";
                       compound(c.body);
                       out += '\n';
                     }
                     --level_;
                     indent();
                     out += '}';
                   },
                   [&](const LoopStatement& l) {
                     out += "loop ";
                     bodyAttributes(s.span.begin + 4);  // after `loop`
                     out += "{\n";
                     ++level_;
                     for (StatementId st : m_[l.statements]) statement(st);
                     if (l.continuing) statement(l.continuing);
                     --level_;
                     indent();
                     out += '}';
                   },
                   [&](const ContinuingStatement& c) {
                     out += "continuing ";
                     bodyAttributes(s.span.begin + 10);  // after `continuing`
                     block(c.statements);
                   },
                   [&](const ForStatement& f) {
                     const ForHeader& h = m_[f.header];
                     out += "for (";
                     if (h.initializer) simpleStatement(h.initializer);
                     out += "; ";
                     if (h.condition) expression(h.condition);
                     out += "; ";
                     if (h.update) simpleStatement(h.update);
                     out += ") ";
                     compound(f.body);
                   },
                   [&](const WhileStatement& w) {
                     out += "while ";
                     expression(w.condition);
                     out += ' ';
                     compound(w.body);
                   },
                   [&](const BreakStatement&) { out += "break;"; },
                   [&](const BreakIfStatement& b) {
                     out += "break if ";
                     expression(b.condition);
                     out += ';';
                   },
                   [&](const ContinueStatement&) { out += "continue;"; },
                   [&](const DiscardStatement&) { out += "discard;"; },
                   [&](const FallthroughStatement&) { out += "fallthrough;"; },
                   [&](const StaticAssertStatement& a) {
                     out += staticAssertKeyword();
                     expression(a.condition);
                     out += ';';
                   },
                   [&](const auto&) {
                     simpleStatement(id);
                     out += ';';
                   },
               },
               s.node);
    out += '\n';
  }

  // if ... else if ... else: printed iteratively (chains can be long).
  void ifChain(StatementId id) {
    for (;;) {
      const IfStatement& i = std::get<IfStatement>(m_[id].node);
      out += "if ";
      expression(i.condition);
      out += ' ';
      compound(i.body);
      if (!i.elseBranch) return;
      out += " else ";
      if (std::holds_alternative<IfStatement>(m_[i.elseBranch].node)) {
        id = i.elseBranch;
        continue;
      }
      compound(i.elseBranch);
      return;
    }
  }

  void module() {
    for (const EnableDirective& d : m_.directives) {
      out += "enable ";
      out += m_.name(d.name);
      out += ";\n";
    }
    // Revision 2026: new#language-extensions-sec, new#diagnostic-directive.
    for (const RequiresDirective& d : m_.requiresDirectives) {
      out += "requires ";
      out += m_.name(d.name);
      out += ";\n";
    }
    for (const DiagnosticControl& d : m_.diagnosticDirectives) {
      out += "diagnostic";
      diagnosticControl(d);
      out += ";\n";
    }
    collectStatementAttributes();
    bool previousMultiline = !m_.directives.empty() || !m_.requiresDirectives.empty() ||
                             !m_.diagnosticDirectives.empty();
    bool first = true;
    for (GlobalId gid : m_.declarations) {
      const GlobalDeclaration& g = m_[gid];
      bool multiline = std::holds_alternative<StructDeclaration>(g.node) ||
                       std::holds_alternative<FunctionDeclaration>(g.node);
      if (!first && (multiline || previousMultiline)) out += '\n';
      first = false;
      previousMultiline = multiline;
      std::visit(Overloaded{
                     [&](VariableId v) {
                       variable(v);
                       out += ";\n";
                     },
                     [&](const StructDeclaration& s) {
                       out += "struct ";
                       out += m_.name(s.name);
                       out += " {\n";
                       for (MemberId mid : m_[s.members]) {
                         const StructMember& mem = m_[mid];
                         out += "  ";
                         attributes(mem.attributes, ' ');
                         out += m_.name(mem.name);
                         out += ": ";
                         type(mem.type);
                         out += ",\n";
                       }
                       out += "}\n";
                     },
                     [&](const TypeAliasDeclaration& a) {
                       // new#type-aliases (revision 2026): `alias`; the seed's `type`.
                       out += m_.revision().aliasDeclaration ? "alias " : "type ";
                       out += m_.name(a.name);
                       out += " = ";
                       type(a.type);
                       out += ";\n";
                     },
                     [&](const FunctionDeclaration& f) {
                       attributes(f.attributes, '\n');
                       out += "fn ";
                       out += m_.name(f.name);
                       out += '(';
                       bool firstParam = true;
                       for (ParameterId pid : m_[f.parameters]) {
                         const Parameter& p = m_[pid];
                         if (!firstParam) out += ", ";
                         firstParam = false;
                         attributes(p.attributes, ' ');
                         out += m_.name(p.name);
                         out += ": ";
                         type(p.type);
                       }
                       out += ')';
                       if (f.returnType) {
                         out += " -> ";
                         attributes(f.returnAttributes, ' ');
                         type(f.returnType);
                       }
                       out += ' ';
                       compound(f.body);
                       out += '\n';
                     },
                     [&](const StaticAssertDeclaration& a) {
                       out += staticAssertKeyword();
                       expression(a.condition);
                       out += ";\n";
                     },
                 },
                 g.node);
    }
  }

 private:
  const Module& m_;
  int level_ = 0;
};

}  // namespace

std::string printModule(const Module& m) {
  Printer p(m);
  p.module();
  return std::move(p.out);
}

std::string printExpression(const Module& m, ExpressionId e) {
  Printer p(m);
  p.expression(e);
  return std::move(p.out);
}

std::string printType(const Module& m, TypeId t) {
  Printer p(m);
  p.type(t);
  return std::move(p.out);
}

}  // namespace plumb
