// dumpModule: a span-free S-expression of the tree (see printer.h).
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "semantics/wgsl/next_token.h"
#include "semantics/wgsl/printer.h"

namespace plumb {

using namespace ast;

namespace {

template <class... Ts>
struct DumpOverloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
DumpOverloaded(Ts...) -> DumpOverloaded<Ts...>;

const char* unaryName(UnaryOperator op) {
  switch (op) {
    case UnaryOperator::Negation: return "neg";
    case UnaryOperator::LogicalNot: return "not";
    case UnaryOperator::Complement: return "complement";
    case UnaryOperator::Indirection: return "deref";
    case UnaryOperator::AddressOf: return "addr";
  }
  return "?";
}

class Dumper {
 public:
  explicit Dumper(const Module& m) : m_(m) { collectStatementAttributes(); }
  std::string out;

  // Revision 2026 (new#syntax-statement, new#syntax-switch_body, new#syntax-loop_statement):
  // the attributes written before a statement or a `{` body are kept in
  // Module::statementAttributes, in source order, one run per statement: a run belongs to what
  // begins at the first character after it that is not blankspace (as the printer reads them).
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
      std::vector<AttributeId>& run = attributesAt_[skipBlank(m_[list[j - 1]].span.end)];
      run.insert(run.end(), list.begin() + i, list.begin() + j);
      i = j;
    }
  }
  /// `(attributes ATTR...)` for the run before the statement or body beginning at `p`.
  void attributesAt(uint32_t p) {
    auto it = attributesAt_.find(p);
    if (it == attributesAt_.end()) return;
    out += ' ';
    open("attributes");
    for (AttributeId id : it->second) attribute(id);
    close();
  }

  void open(std::string_view head) {
    out += '(';
    out += head;
  }
  void close() { out += ')'; }
  void word(std::string_view w) {
    out += ' ';
    out += w;
  }

  void type(TypeId id) {
    out += ' ';
    if (!id) {
      out += '_';
      return;
    }
    std::visit(
        DumpOverloaded{
            [&](const NamedType& n) {
              open("named");
              word(m_.name(n.name));
              close();
            },
            [&](const ScalarType& s) { out += spelling(s.kind); },
            [&](const VectorType& v) {
              open("vec");
              word(std::to_string(v.size));
              type(v.element);
              close();
            },
            [&](const MatrixType& v) {
              open("mat");
              word(std::to_string(v.columns) + "x" + std::to_string(v.rows));
              type(v.element);
              close();
            },
            [&](const PointerType& p) {
              open("ptr");
              word(spelling(p.space));
              type(p.store);
              if (p.access != AccessMode::None) word(spelling(p.access));
              close();
            },
            [&](const ArrayType& a) {
              open("array");
              type(a.element);
              if (a.count) expression(a.count);
              close();
            },
            [&](const AtomicType& a) {
              open("atomic");
              type(a.element);
              close();
            },
            [&](const SamplerType& s) { out += s.comparison ? "sampler_comparison" : "sampler"; },
            [&](const SampledTextureType& s) {
              open("texture");
              word(std::to_string(static_cast<int>(s.dimension)));
              type(s.sampled);
              close();
            },
            [&](const MultisampledTextureType& s) {
              open("texture_multisampled_2d");
              type(s.sampled);
              close();
            },
            [&](const StorageTextureType& s) {
              open("texture_storage");
              word(std::to_string(static_cast<int>(s.dimension)));
              word(spelling(s.format));
              word(spelling(s.access));
              close();
            },
            [&](const DepthTextureType& d) {
              open("texture_depth");
              word(std::to_string(static_cast<int>(d.kind)));
              close();
            },
            [&](const BufferType& b) {
              open("buffer");
              if (b.size) expression(b.size);
              close();
            },
        },
        m_[id].node);
  }

  void expressions(List<Expression> list) {
    for (ExpressionId e : m_[list]) expression(e);
  }

  void expression(ExpressionId id) {
    out += ' ';
    if (!id) {
      out += '_';
      return;
    }
    const Expression& e = m_[id];
    std::visit(DumpOverloaded{
                   [&](const LiteralExpression& l) {
                     if (l.kind == LiteralKind::Bool)
                       out += l.boolValue ? "true" : "false";
                     else
                       out += m_.text(e.span);
                   },
                   [&](const IdentifierExpression& i) { out += m_.name(i.name); },
                   [&](const CallExpression& c) {
                     open("call");
                     if (c.function())
                       word(m_.name(c.function()));
                     else
                       type(c.type());
                     if (auto it = m_.callTemplates.find(id.value); it != m_.callTemplates.end())
                       type(it->second);
                     expressions(c.arguments);
                     close();
                   },
                   [&](const ParenthesizedExpression& p) {
                     open("paren");
                     expression(p.inner);
                     close();
                   },
                   [&](const BitcastExpression& b) {
                     open("bitcast");
                     type(b.type);
                     expression(b.operand);
                     close();
                   },
                   [&](const IndexExpression& i) {
                     open("index");
                     expression(i.base);
                     expression(i.index);
                     close();
                   },
                   [&](const MemberExpression& mem) {
                     open("member");
                     expression(mem.base);
                     word(m_.name(mem.member));
                     close();
                   },
                   [&](const UnaryExpression& u) {
                     open(unaryName(u.op));
                     expression(u.operand);
                     close();
                   },
                   [&](const BinaryExpression& b) {
                     open(spelling(b.op()));
                     expression(b.left());
                     expression(b.right);
                     close();
                   },
               },
               e.node);
  }

  void attributes(List<Attribute> list) {
    for (AttributeId id : m_[list]) attribute(id);
  }
  void attribute(AttributeId id) {
    const Attribute& a = m_[id];
    out += ' ';
    open("@");
    word(m_.name(a.name));
    if (a.hasParentheses) {
      out += " (args";
      expressions(a.arguments);
      out += ')';
    }
    close();
  }
  /// new#const-assert-statement (revision 2026): `const_assert`; the seed's `staticAssert`.
  const char* staticAssertHead() const {
    return m_.revision().constAssert ? "const_assert" : "staticAssert";
  }

  void variable(VariableId id) {
    const VariableDeclaration& v = m_[id];
    out += ' ';
    open(spelling(v.kind));
    attributes(v.attributes);
    if (v.hasQualifier) {
      out += " <";
      out += spelling(v.space);
      if (v.access != AccessMode::None) word(spelling(v.access));
      out += '>';
    }
    word(m_.name(v.name));
    type(v.type);
    expression(v.initializer);
    close();
  }

  void statements(List<Statement> list) {
    for (StatementId s : m_[list]) statement(s);
  }

  void statement(StatementId id) {
    out += ' ';
    if (!id) {
      out += '_';
      return;
    }
    // Revision 2026: a statement's attributes, `(attributed (attributes ATTR...) STMT)`.
    bool attributed = attributesAt_.count(m_[id].span.begin) > 0;
    if (attributed) {
      open("attributed");
      attributesAt(m_[id].span.begin);
      out += ' ';
    }
    statementNode(id);
    if (attributed) close();
  }

  void statementNode(StatementId id) {
    std::visit(DumpOverloaded{
                   [&](const EmptyStatement&) { out += "(empty)"; },
                   [&](const CompoundStatement& c) {
                     open("block");
                     statements(c.statements);
                     close();
                   },
                   [&](const ReturnStatement& r) {
                     open("return");
                     if (r.value) expression(r.value);
                     close();
                   },
                   [&](const IfStatement& first) {
                     // (if c1 b1 elif c2 b2 ... else b): iterative, else-if chains are long.
                     open("if");
                     const IfStatement* i = &first;
                     for (;;) {
                       expression(i->condition);
                       statement(i->body);
                       if (!i->elseBranch) break;
                       if (auto* next = std::get_if<IfStatement>(&m_[i->elseBranch].node)) {
                         word("elif");
                         i = next;
                         continue;
                       }
                       word("else");
                       statement(i->elseBranch);
                       break;
                     }
                     close();
                   },
                   [&](const SwitchStatement& sw) {
                     open("switch");
                     expression(sw.selector);
                     bodyAttributes(m_[sw.selector].span.end);
                     for (ClauseId cid : m_[sw.clauses]) {
                       const SwitchClause& c = m_[cid];
                       out += ' ';
                       open(c.isDefault ? "default" : "case");
                       expressions(c.selectors);
                       statement(c.body);
                       close();
                     }
                     close();
                   },
                   [&](const LoopStatement& l) {
                     open("loop");
                     bodyAttributes(m_[id].span.begin + 4);  // after `loop`
                     statements(l.statements);
                     if (l.continuing) statement(l.continuing);
                     close();
                   },
                   [&](const ContinuingStatement& c) {
                     open("continuing");
                     bodyAttributes(m_[id].span.begin + 10);  // after `continuing`
                     statements(c.statements);
                     close();
                   },
                   [&](const ForStatement& f) {
                     const ForHeader& h = m_[f.header];
                     open("for");
                     statement(h.initializer);
                     expression(h.condition);
                     statement(h.update);
                     statement(f.body);
                     close();
                   },
                   [&](const WhileStatement& w) {
                     open("while");
                     expression(w.condition);
                     statement(w.body);
                     close();
                   },
                   [&](const BreakStatement&) { out += "(break)"; },
                   [&](const BreakIfStatement& b) {
                     open("break-if");
                     expression(b.condition);
                     close();
                   },
                   [&](const ContinueStatement&) { out += "(continue)"; },
                   [&](const DiscardStatement&) { out += "(discard)"; },
                   [&](const FallthroughStatement&) { out += "(fallthrough)"; },
                   [&](const FunctionCallStatement& c) {
                     open("call-statement");
                     expression(c.call);
                     close();
                   },
                   [&](const DeclarationStatement& d) {
                     out.pop_back();  // variable() writes its own leading space
                     variable(d.declaration);
                   },
                   [&](const AssignmentStatement& a) {
                     open(a.target ? spelling(a.op) : "phony");
                     if (a.target) expression(a.target);
                     expression(a.value);
                     close();
                   },
                   [&](const IncrementStatement& i) {
                     open("++");
                     expression(i.target);
                     close();
                   },
                   [&](const DecrementStatement& d) {
                     open("--");
                     expression(d.target);
                     close();
                   },
                   [&](const StaticAssertStatement& a) {
                     open(staticAssertHead());
                     expression(a.condition);
                     close();
                   },
               },
               m_[id].node);
  }

  void module() {
    open("module");
    for (const EnableDirective& d : m_.directives) {
      out += "\n ";
      open("enable");
      word(m_.name(d.name));
      close();
    }
    // Revision 2026: new#language-extensions-sec, new#diagnostic-directive.
    for (const RequiresDirective& d : m_.requiresDirectives) {
      out += "\n ";
      open("requires");
      word(m_.name(d.name));
      close();
    }
    for (const DiagnosticControl& d : m_.diagnosticDirectives) {
      out += "\n ";
      open("diagnostic");
      word(m_.name(d.severity));
      word(m_.name(d.rule));
      if (d.ruleMember) {
        out += '.';
        out += m_.name(d.ruleMember);
      }
      close();
    }
    for (GlobalId gid : m_.declarations) {
      out += "\n";
      std::visit(DumpOverloaded{
                     [&](VariableId v) { variable(v); },
                     [&](const StructDeclaration& s) {
                       out += ' ';
                       open("struct");
                       word(m_.name(s.name));
                       for (MemberId mid : m_[s.members]) {
                         const StructMember& mem = m_[mid];
                         out += ' ';
                         open("member");
                         attributes(mem.attributes);
                         word(m_.name(mem.name));
                         type(mem.type);
                         close();
                       }
                       close();
                     },
                     [&](const TypeAliasDeclaration& a) {
                       out += ' ';
                       // new#type-aliases (revision 2026): `alias`; the seed's `type`.
                       open(m_.revision().aliasDeclaration ? "alias" : "type");
                       word(m_.name(a.name));
                       type(a.type);
                       close();
                     },
                     [&](const FunctionDeclaration& f) {
                       out += ' ';
                       open("fn");
                       attributes(f.attributes);
                       word(m_.name(f.name));
                       out += " (params";
                       for (ParameterId pid : m_[f.parameters]) {
                         const Parameter& p = m_[pid];
                         out += ' ';
                         open("param");
                         attributes(p.attributes);
                         word(m_.name(p.name));
                         type(p.type);
                         close();
                       }
                       out += ')';
                       out += " (result";
                       attributes(f.returnAttributes);
                       type(f.returnType);
                       out += ')';
                       statement(f.body);
                       close();
                     },
                     [&](const StaticAssertDeclaration& a) {
                       out += ' ';
                       open(staticAssertHead());
                       expression(a.condition);
                       close();
                     },
                 },
                 m_[gid].node);
    }
    close();
    out += '\n';
  }

 private:
  const Module& m_;
  std::unordered_map<uint32_t, std::vector<AttributeId>> attributesAt_;

  /// The attributes of a body that is not a statement of its own: the `{` of a switch or loop
  /// (`switch x @diagnostic(off, r) {`, `loop @diagnostic(off, r) {`): the run that begins at
  /// the first character after `p` that is neither blankspace nor a comment.
  void bodyAttributes(uint32_t p) {
    p = nextTokenStart(m_.file(), m_.revision(), p);
    // The run's key is the `{` after it; find the run that starts at p.
    for (const auto& [key, run] : attributesAt_)
      if (!run.empty() && m_[run.front()].span.begin == p) {
        out += ' ';
        open("attributes");
        for (AttributeId a : run) attribute(a);
        close();
        return;
      }
  }
};

}  // namespace

std::string dumpModule(const Module& m) {
  Dumper d(m);
  d.module();
  return std::move(d.out);
}

}  // namespace plumb
