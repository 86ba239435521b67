// The WSL printer (see printer.h).
#include "semantics/wsl/printer.h"

namespace plumb::wsl {
namespace {

std::string nl(int indent) {
  return indent < 0 ? " " : "\n" + std::string(size_t(indent) * 2, ' ');
}

std::string block(const std::vector<StmtP>& statements, int indent, const std::string& prefix) {
  if (statements.empty()) return "{" + prefix + "}";
  std::string s = "{" + prefix;
  for (const StmtP& st : statements)
    s += nl(indent < 0 ? -1 : indent + 1) + stmtText(*st, indent < 0 ? -1 : indent + 1);
  return s + nl(indent) + "}";
}

std::string environmentText(const Environment& r) {
  std::string s = "R[";
  bool first = true;
  for (const auto& [name, v] : r.bindings) {
    s += (first ? "" : ", ") + name + " -> " + valueText(v);
    first = false;
  }
  return s + "]";
}

}  // namespace

std::string exprText(const Expr& e) {
  auto op = [&](size_t i) { return exprText(*e.operands[i]); };
  switch (e.kind) {
    case ExprKind::IntLiteral:
    case ExprKind::UintLiteral:
    case ExprKind::FloatLiteral:
    case ExprKind::BoolLiteral:
      return e.literal;
    case ExprKind::Name:
      return e.name;
    case ExprKind::Parens:
      return "(" + op(0) + ")";
    case ExprKind::Comma:
      return op(0) + ", " + op(1);
    case ExprKind::Or:
      return op(0) + " || " + op(1);
    case ExprKind::And:
      return op(0) + " && " + op(1);
    case ExprKind::Ternary:
      return op(0) + " ? " + op(1) + " : " + op(2);
    case ExprKind::Not:
      return "!" + op(0);
    case ExprKind::Assign:
      return op(0) + " = " + op(1);
    case ExprKind::CompoundAssign:
      return op(0) + " " + e.name.substr(8) + "= " + op(1);
    case ExprKind::Deref:
      return "*" + op(0);
    case ExprKind::AddressOf:
      return "&" + op(0);
    case ExprKind::MakeRef:
      return "@" + op(0);
    case ExprKind::Index:
      return op(0) + "[" + op(1) + "]";
    case ExprKind::Dot:
      return op(0) + "." + e.name;
    case ExprKind::PrefixIncr:
      return (e.decrement ? "--" : "++") + op(0);
    case ExprKind::PostfixIncr:
      return op(0) + (e.decrement ? "--" : "++");
    case ExprKind::Call: {
      std::string s = e.name + "(";
      for (size_t i = 0; i < e.operands.size(); ++i) s += (i ? ", " : "") + op(i);
      return s + ")";
    }
    case ExprKind::Val:
      return valueText(e.value);
    case ExprKind::CallConstruct:
      return "Call " + (e.body ? stmtText(*e.body) : std::string("?"));
  }
  return "?";
}

std::string stmtText(const Stmt& s, int indent) {
  auto e = [&](const ExprP& x) { return x ? exprText(*x) : std::string(); };
  auto sub = [&](const StmtP& x) { return x ? stmtText(*x, indent) : std::string("?"); };
  switch (s.kind) {
    case StmtKind::Block:
      return block(s.statements, indent, s.environment ? environmentText(*s.environment) : "");
    case StmtKind::If:
      return "if (" + e(s.expr) + ") " + sub(s.then);
    case StmtKind::IfElse:
      return "if (" + e(s.expr) + ") " + sub(s.then) + " else " + sub(s.otherwise);
    case StmtKind::While:
      return "while (" + e(s.expr) + ") " + sub(s.body);
    case StmtKind::DoWhile:
      return "do " + sub(s.body) + " while (" + e(s.expr) + ");";
    case StmtKind::For: {
      std::string init = s.init ? stmtText(*s.init) : ";";
      return "for (" + init + " " + e(s.expr) + "; " + e(s.increment) + ") " + sub(s.body);
    }
    case StmtKind::Switch: {
      std::string r = "switch (" + e(s.expr) + ") {";
      for (const SwitchCase& c : s.cases) {
        r += nl(indent) + (c.isDefault ? std::string("default") : "case " + e(c.value)) + ":";
        for (const StmtP& st : c.body)
          r += nl(indent < 0 ? -1 : indent + 1) + stmtText(*st, indent < 0 ? -1 : indent + 1);
      }
      return r + nl(indent) + "}";
    }
    case StmtKind::Break:
      return "break;";
    case StmtKind::Continue:
      return "continue;";
    case StmtKind::Fallthrough:
      return "fallthrough;";
    case StmtKind::Discard:
      return "discard;";
    case StmtKind::Return:
      return "return " + e(s.expr) + ";";
    case StmtKind::ReturnVoid:
      return "return;";
    case StmtKind::Empty:
      return ";";
    case StmtKind::ExprStmt:
      return e(s.expr) + ";";
    case StmtKind::VarDecls: {
      std::string r =
          std::string(s.threadgroup ? "threadgroup " : "") +
          (s.type ? typeName(*s.type) : (s.typeSyntax ? typeSyntaxText(*s.typeSyntax) : "?"));
      for (size_t i = 0; i < s.declarations.size(); ++i) {
        const VarDecl& d = s.declarations[i];
        r += (i ? ", " : " ") + d.name;
        if (s.type) r += " : " + std::to_string(d.store);
        if (d.init) r += " = " + exprText(*d.init);
      }
      return r + ";";
    }
    case StmtKind::Loop:
      return "Loop(" + stmtText(*s.statements[0], indent) + ", " +
             stmtText(*s.statements[1], indent) + ", " + stmtText(*s.statements[2], indent) + ")";
    case StmtKind::Cases: {
      std::string r = "Cases(";
      for (size_t i = 0; i < s.statements.size(); ++i)
        r += (i ? ", " : "") + stmtText(*s.statements[i], indent);
      return r + ")";
    }
  }
  return "?";
}

std::string programText(const Program& p) {
  std::string out;
  for (const TypedefDecl& t : p.typedefs)
    out += "typedef " + t.name + " = " + typeSyntaxText(*t.typeSyntax) + ";\n";
  for (const EnumDecl& d : p.enums) {
    out += "enum " + d.name + (d.baseSyntax ? " : " + typeSyntaxText(*d.baseSyntax) : "") + " {";
    for (size_t i = 0; i < d.elements.size(); ++i)
      out += (i ? ", " : " ") + d.elements[i].name +
             (d.elements[i].value ? " = " + exprText(*d.elements[i].value) : "");
    out += " }\n";
  }
  for (const StructDecl& d : p.structs) {
    out += "struct " + d.name + " {\n";
    for (const StructField& f : d.fields)
      out += "  " + typeSyntaxText(*f.typeSyntax) + " " + f.name + ";\n";
    out += "}\n";
  }
  for (const FunctionDecl& f : p.functions) {
    switch (f.stage) {
      case FunctionDecl::Stage::Vertex:
        out += "vertex ";
        break;
      case FunctionDecl::Stage::Fragment:
        out += "fragment ";
        break;
      case FunctionDecl::Stage::Compute:
        out += "[numthreads(" + std::to_string(f.numthreads[0]) + ", " +
               std::to_string(f.numthreads[1]) + ", " + std::to_string(f.numthreads[2]) +
               ")] compute ";
        break;
      case FunctionDecl::Stage::Test:
        out += "test ";
        break;
      case FunctionDecl::Stage::None:
        break;
    }
    if (f.castOperator)
      out += f.name + "(";
    else
      out += typeSyntaxText(*f.returnTypeSyntax) + " " + f.name + "(";
    for (size_t i = 0; i < f.parameters.size(); ++i)
      out += (i ? ", " : "") + typeSyntaxText(*f.parameters[i].typeSyntax) + " " +
             f.parameters[i].name;
    out += ") " + block(f.body, 0, "") + "\n";
  }
  return out;
}

}  // namespace plumb::wsl
