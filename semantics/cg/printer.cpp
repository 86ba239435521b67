// Cg printer (see printer.h).
#include "semantics/cg/printer.h"

namespace plumb::cg {
namespace {

std::string pad(int indent) {
  return std::string(static_cast<size_t>(indent) * 2, ' ');
}

std::string semanticText(const BindingSemantic& s) {
  if (!s.present()) return "";
  std::string r = " : " + s.name;
  if (!s.arguments.empty()) {
    r += "(";
    for (size_t i = 0; i < s.arguments.size(); ++i) r += (i ? ", " : "") + s.arguments[i];
    r += ")";
  }
  return r;
}

std::string specifiersText(const Specifiers& s) {
  std::string r;
  for (const auto& p : s.profiles) r += p + " ";
  if (s.isExtern) r += "extern ";
  if (s.isStatic) r += "static ";
  if (s.isInline) r += "inline ";
  if (s.shared) r += "shared ";
  if (s.volatile_) r += "volatile ";
  if (s.uniform) r += "uniform ";
  if (s.varying) r += "varying ";
  if (s.isConst) r += "const ";
  if (s.in) r += "in ";
  if (s.out) r += "out ";
  if (s.inout) r += "inout ";
  return r;
}

std::string declaratorText(const Declarator& d) {
  std::string r = d.name;
  for (const auto& size : d.arraySizes) r += size ? "[" + exprText(*size) + "]" : "[]";
  r += semanticText(d.semantic);
  if (d.initializer) r += " = " + exprText(*d.initializer);
  return r;
}

std::string variableText(const VariableDecl& v) {
  std::string r = specifiersText(v.specifiers) + typeSyntaxText(v.type) + " ";
  for (size_t i = 0; i < v.declarators.size(); ++i)
    r += (i ? ", " : "") + declaratorText(v.declarators[i]);
  return r + ";";
}

std::string operandsText(const Expr& e, size_t from) {
  std::string r;
  for (size_t i = from; i < e.operands.size(); ++i)
    r += (i > from ? ", " : "") + (e.operands[i] ? exprText(*e.operands[i]) : "?");
  return r;
}

std::string functionText(const Program& p, const FunctionDecl& f, int indent);

std::string structText(const Program& p, const StructDecl& s, int indent) {
  std::string r = std::string(s.isInterface ? "interface " : "struct ") + s.name;
  if (!s.implements.empty()) r += " : " + s.implements;
  if (!s.isDefinition) return r + ";";
  r += " {\n";
  for (const auto& m : s.members) {
    if (m.function >= 0)
      r += functionText(p, p.functions[static_cast<size_t>(m.function)], indent + 1);
    else
      r += pad(indent + 1) + variableText(m.field) + "\n";
  }
  return r + pad(indent) + "};";
}

std::string functionText(const Program& p, const FunctionDecl& f, int indent) {
  std::string r = pad(indent) + specifiersText(f.specifiers) + typeSyntaxText(f.returnType) + " " +
                  f.name + "(";
  for (size_t i = 0; i < f.parameters.size(); ++i) {
    const Parameter& q = f.parameters[i];
    r += (i ? ", " : "") + specifiersText(q.specifiers) + typeSyntaxText(q.type);
    std::string d = declaratorText(q.declarator);
    if (!d.empty()) r += " " + d;
  }
  r += ")" + semanticText(f.semantic);
  if (!f.hasBody || !f.body) return r + ";\n";
  return r + " " + stmtText(p, *f.body, indent) + "\n";
}

}  // namespace

std::string typeSyntaxText(const TypeSyntax& t) {
  std::string r;
  if (t.packed) r += "packed ";
  if (t.rowMajor) r += "row_major ";
  if (t.columnMajor) r += "column_major ";
  return r + (t.name.empty() ? "<anonymous struct>" : t.name);
}

std::string exprText(const Expr& e) {
  auto op = [&](size_t i) {
    return i < e.operands.size() && e.operands[i] ? exprText(*e.operands[i]) : "?";
  };
  switch (e.kind) {
    case ExprKind::IntLiteral:
    case ExprKind::FloatLiteral:
    case ExprKind::BoolLiteral:
      return e.literal;
    case ExprKind::Name:
      return e.name;
    case ExprKind::Member:
      return op(0) + "." + e.name;
    case ExprKind::Index:
      return op(0) + "[" + op(1) + "]";
    case ExprKind::Call:
      return e.name + "(" + operandsText(e, 0) + ")";
    case ExprKind::MethodCall:
      return op(0) + "." + e.name + "(" + operandsText(e, 1) + ")";
    case ExprKind::Construct:
      return typeSyntaxText(e.type) + "(" + operandsText(e, 0) + ")";
    case ExprKind::Cast: {
      std::string dims;
      for (const auto& s : e.typeArraySizes) dims += s ? "[" + exprText(*s) + "]" : "[]";
      return "((" + typeSyntaxText(e.type) + dims + ")" + op(0) + ")";
    }
    case ExprKind::Unary:
      return "(" + e.op + op(0) + ")";
    case ExprKind::PreIncrement:
      return "(" + e.op + op(0) + ")";
    case ExprKind::PostIncrement:
      return "(" + op(0) + e.op + ")";
    case ExprKind::Binary:
    case ExprKind::Assign:
      return "(" + op(0) + " " + e.op + " " + op(1) + ")";
    case ExprKind::Conditional:
      return "(" + op(0) + " ? " + op(1) + " : " + op(2) + ")";
    case ExprKind::Comma:
      return "(" + op(0) + ", " + op(1) + ")";
    case ExprKind::InitializerList:
      return "{" + operandsText(e, 0) + "}";
  }
  return "?";
}

std::string stmtText(const Program& p, const Stmt& s, int indent) {
  auto sub = [&](const StmtP& c) { return c ? stmtText(p, *c, indent) : std::string(";"); };
  switch (s.kind) {
    case StmtKind::Block: {
      std::string r = "{\n";
      for (const auto& c : s.statements)
        if (c) r += pad(indent + 1) + stmtText(p, *c, indent + 1) + "\n";
      return r + pad(indent) + "}";
    }
    case StmtKind::Declaration:
      return variableText(s.declaration);
    case StmtKind::Expression:
      return (s.expr ? exprText(*s.expr) : "?") + ";";
    case StmtKind::Empty:
      return ";";
    case StmtKind::If:
      return "if (" + (s.expr ? exprText(*s.expr) : "?") + ") " + sub(s.then) +
             (s.otherwise ? " else " + sub(s.otherwise) : "");
    case StmtKind::While:
      return "while (" + (s.expr ? exprText(*s.expr) : "?") + ") " + sub(s.body);
    case StmtKind::DoWhile:
      return "do " + sub(s.body) + " while (" + (s.expr ? exprText(*s.expr) : "?") + ");";
    case StmtKind::For:
      return "for (" + (s.init ? stmtText(p, *s.init, indent) : std::string(";")) + " " +
             (s.expr ? exprText(*s.expr) : "") + "; " + (s.step ? exprText(*s.step) : "") + ") " +
             sub(s.body);
    case StmtKind::Break:
      return "break;";
    case StmtKind::Continue:
      return "continue;";
    case StmtKind::Return:
      return s.expr ? "return " + exprText(*s.expr) + ";" : "return;";
    case StmtKind::Discard:
      return "discard;";
    case StmtKind::Switch:
      return "switch (" + (s.expr ? exprText(*s.expr) : "?") + ") " + sub(s.body);
    case StmtKind::Case:
      return "case " + (s.expr ? exprText(*s.expr) : "?") + ":";
    case StmtKind::Default:
      return "default:";
    case StmtKind::TypeDecl:
      if (s.declaration.type.inlineStruct >= 0 && static_cast<size_t>(s.index) < p.structs.size())
        return structText(p, p.structs[static_cast<size_t>(s.index)], indent);
      if (s.index >= 0 && static_cast<size_t>(s.index) < p.typedefs.size()) {
        const TypedefDecl& t = p.typedefs[static_cast<size_t>(s.index)];
        return "typedef " + typeSyntaxText(t.type) + " " + declaratorText(t.declarator) + ";";
      }
      return ";";
  }
  return "?";
}

std::string programText(const Program& p) {
  std::string r;
  for (const TopLevel& t : p.order) {
    size_t i = static_cast<size_t>(t.index);
    switch (t.kind) {
      case DeclKind::Variable:
        r += variableText(p.globals[i]) + "\n";
        break;
      case DeclKind::Function:
        r += functionText(p, p.functions[i], 0);
        break;
      case DeclKind::Struct:
        r += structText(p, p.structs[i], 0) + "\n";
        break;
      case DeclKind::Typedef:
        r += "typedef " + typeSyntaxText(p.typedefs[i].type) + " " +
             declaratorText(p.typedefs[i].declarator) + ";\n";
        break;
    }
  }
  return r;
}

}  // namespace plumb::cg
