// Statements (seed "Statements and Expressions": "Statements are expressed just as in C"),
// local declarations and their specifiers.
#include "checker/cg/checker_state.h"

namespace plumb::cg {

std::optional<bool> Checker::staticCondition(Expr& e) {
  if (e.kind == ExprKind::BoolLiteral) return e.boolValue;
  if (e.kind == ExprKind::Name) {
    const Symbol* s = lookup(e.name);
    if (s && s->constantTruth) return s->constantTruth;
  }
  if (e.kind == ExprKind::Unary && e.op == "!" && e.operands[0]) {
    std::optional<bool> v = staticCondition(*e.operands[0]);
    if (v) return !*v;
    return std::nullopt;
  }
  std::optional<long long> v = constantInteger(e);
  if (v) return *v != 0;
  return std::nullopt;
}

void Checker::condition(Expr& e, const char* what) {
  TypeP t = expr(e);
  if (!t || t->kind == TypeKind::Error) return;
  // A bool scalar; a numeric scalar is C's truth value (docs/ambiguities.md C8).
  if (t->kind != TypeKind::Scalar) {
    error(e.span, std::string("the condition of ") + what + " must be a scalar, not " + typeName(t),
          rules::kStatements);
    return;
  }
  if (t->scalar != Scalar::Bool) e.info.convertedTo = scalarType(Scalar::Bool);
}

void Checker::statement(Stmt& s) {
  switch (s.kind) {
    case StmtKind::Block:
      pushScope();
      for (StmtP& c : s.statements)
        if (c) statement(*c);
      popScope();
      return;
    case StmtKind::Declaration: {
      VariableDecl& v = s.declaration;
      checkSpecifiersOnVariable(v.specifiers, false, v.span);
      TypeP base = resolveType(v.type);
      for (Declarator& d : v.declarators) {
        TypeP t = declaratorType(base, d, v.type.packed);
        if (d.initializer)
          checkInitializer(*d.initializer, t);
        else if (v.specifiers.isConst)
          error(d.span, "a const variable needs an initializer unless it is uniform or varying",
                rules::kSpecifiers);
        declareVariable(d, t, v.specifiers.isConst);
      }
      return;
    }
    case StmtKind::Expression:
      if (s.expr) expr(*s.expr);
      return;
    case StmtKind::Empty:
      return;
    case StmtKind::If: {
      if (s.expr) condition(*s.expr, "'if'");
      // cgc's dialect (CGD-8): the branch a constant condition skips is not name-resolved.
      std::optional<bool> known;
      if (s.expr && options_.dialect.allows(CgcExtension::UnresolvedDeadBranchNames))
        known = staticCondition(*s.expr);
      auto branch = [&](StmtP& b, bool dead) {
        if (!b) return;
        deadBranchDepth_ += dead;
        statement(*b);
        deadBranchDepth_ -= dead;
      };
      branch(s.then, known && !*known);
      branch(s.otherwise, known && *known);
      return;
    }
    case StmtKind::While:
    case StmtKind::DoWhile:
      if (s.expr) condition(*s.expr, s.kind == StmtKind::While ? "'while'" : "'do'");
      ++loopDepth_;
      if (s.body) statement(*s.body);
      --loopDepth_;
      return;
    case StmtKind::For:
      pushScope();
      if (s.init) statement(*s.init);
      if (s.expr) condition(*s.expr, "'for'");
      if (s.step) expr(*s.step);
      ++loopDepth_;
      if (s.body) statement(*s.body);
      --loopDepth_;
      popScope();
      return;
    case StmtKind::Break:
      if (loopDepth_ == 0 && switchDepth_ == 0)
        error(s.span, "'break' outside a loop or switch", rules::kStatements);
      return;
    case StmtKind::Continue:
      if (loopDepth_ == 0) error(s.span, "'continue' outside a loop", rules::kStatements);
      return;
    case StmtKind::Return: {
      if (!currentReturn_) return;
      bool isVoid = currentReturn_->kind == TypeKind::Void;
      if (!s.expr) {
        if (!isVoid)
          error(s.span,
                "'return' without a value in a function returning " + typeName(currentReturn_),
                rules::kFunctionDecls);
        return;
      }
      TypeP t = expr(*s.expr);
      if (isVoid) {
        if (t && t->kind != TypeKind::Void && t->kind != TypeKind::Error)
          error(s.span, "a void function cannot return a value", rules::kFunctionDecls);
        return;
      }
      convert(*s.expr, currentReturn_, "the returned value", rules::kAssignment);
      return;
    }
    case StmtKind::Discard:
      if (currentFunction_ >= 0) discards_[static_cast<size_t>(currentFunction_)].push_back(s.span);
      return;
    case StmtKind::Switch: {
      if (s.expr) {
        TypeP t = expr(*s.expr);
        if (t && t->kind != TypeKind::Error &&
            (t->kind != TypeKind::Scalar || !isIntegral(t->scalar)))
          error(s.expr->span, "a switch needs an integral scalar, not " + typeName(t),
                rules::kStatements);
      }
      ++switchDepth_;
      if (s.body) statement(*s.body);
      --switchDepth_;
      return;
    }
    case StmtKind::Case:
      if (switchDepth_ == 0) error(s.span, "'case' outside a switch", rules::kStatements);
      if (s.expr) {
        expr(*s.expr);
        if (!constantInteger(*s.expr))
          error(s.expr->span, "a case label must be an integer constant", rules::kStatements);
      }
      return;
    case StmtKind::Default:
      if (switchDepth_ == 0) error(s.span, "'default' outside a switch", rules::kStatements);
      return;
    case StmtKind::TypeDecl:
      if (s.declaration.type.inlineStruct >= 0)
        declareStruct(s.index);
      else if (s.index >= 0 && static_cast<size_t>(s.index) < program_.typedefs.size())
        declareTypedef(program_.typedefs[static_cast<size_t>(s.index)]);
      return;
  }
}

}  // namespace plumb::cg
