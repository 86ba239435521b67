// Statements (#statements-summary): compound_statement, statement, if/switch/loop/for/while,
// break/continue/return/discard, assignments, increments, calls, declarations.
#include "semantics/wgsl/parser_impl.h"

namespace plumb {

using namespace ast;

List<Statement> Parser::takeStatements(size_t mark) {
  List<Statement> l = m_.statementLists.add(std::span(scratchStatements_).subspan(mark));
  scratchStatements_.resize(mark);
  return l;
}

StatementId Parser::finishSemicolon(StatementId s, const char* production) {
  if (!s) return {};
  if (!expect(TokenKind::Semicolon, production)) return {};
  m_.statements[s].span.end = prevEnd_;
  return s;
}

void Parser::parseStatementList(ListContext context) {
  while (!at(TokenKind::BraceRight) && !at(TokenKind::EndOfFile) && !givingUp()) {
    if (context == ListContext::LoopBody && at(TokenKind::KwContinuing)) return;
    uint32_t begin = tok_.span.begin;
    StatementId s = parseStatement();
    if (!s || failed()) {
      synchronizeStatement(begin);
      continue;
    }
    scratchStatements_.push_back(s);
    const auto& node = m_.statements[s].node;
    // continuing_compound_statement : brace_left statement * break_if_statement ? brace_right
    if (std::holds_alternative<BreakIfStatement>(node) &&
        !(context == ListContext::Continuing && at(TokenKind::BraceRight))) {
      error(m_.statements[s].span,
            "'break if' is only allowed as the last statement of a continuing block",
            "continuing_compound_statement");
      panic_ = false;
    }
    // case_compound_statement : brace_left statement * fallthrough_statement ? brace_right
    if (std::holds_alternative<FallthroughStatement>(node) &&
        !(context == ListContext::CaseBody && at(TokenKind::BraceRight))) {
      error(m_.statements[s].span,
            "'fallthrough' is only allowed as the last statement of a case clause",
            "case_compound_statement");
      panic_ = false;
    }
  }
}

// compound_statement : brace_left statement * brace_right
StatementId Parser::parseCompoundStatement(const char* production) {
  // new#syntax-compound_statement : attribute* '{' statement* '}' (revision 2026)
  parseStatementAttributes();
  if (failed()) return {};
  uint32_t begin = tok_.span.begin;
  if (!expect(TokenKind::BraceLeft, production)) return {};
  DepthGuard guard(*this, "compound_statement");
  if (!guard.ok) return {};
  size_t mark = scratchStatements_.size();
  parseStatementList(ListContext::Block);
  if (!expect(TokenKind::BraceRight, "compound_statement")) {
    scratchStatements_.resize(mark);
    return {};
  }
  List<Statement> list = takeStatements(mark);
  return addStatement(from(begin), CompoundStatement{list});
}

StatementId Parser::parseStatement() {
  if (givingUp()) return {};
  return parseStatementInner();
}

// statement :
//   | semicolon | return_statement semicolon | if_statement | switch_statement
//   | loop_statement | for_statement | while_statement | func_call_statement semicolon
//   | variable_statement semicolon | break_statement semicolon
//   | continue_statement semicolon | discard semicolon | assignment_statement semicolon
//   | compound_statement | increment_statement semicolon | decrement_statement semicolon
//   | static_assert_statement semicolon
StatementId Parser::parseStatementInner() {
  uint32_t begin = tok_.span.begin;
  switch (tok_.kind) {
    case TokenKind::Semicolon:
      advance();
      return addStatement(from(begin), EmptyStatement{});
    case TokenKind::KwReturn: {
      // return_statement : return expression ?
      advance();
      ExpressionId value;
      if (!at(TokenKind::Semicolon)) {
        value = parseExpression();
        if (!value) return {};
      }
      return finishSemicolon(addStatement(from(begin), ReturnStatement{value}), "statement");
    }
    case TokenKind::KwIf: return parseIfStatement();
    case TokenKind::KwSwitch: return parseSwitchStatement();
    case TokenKind::KwLoop: return parseLoopStatement();
    case TokenKind::KwFor: return parseForStatement();
    case TokenKind::KwWhile: return parseWhileStatement();
    case TokenKind::KwVar:
    case TokenKind::KwLet:
    case TokenKind::KwConst: return finishSemicolon(parseVariableStatement(), "statement");
    case TokenKind::KwBreak: {
      advance();
      if (accept(TokenKind::KwIf)) {
        // break_if_statement : break if expression semicolon
        ExpressionId condition = parseExpression();
        if (!condition) return {};
        return finishSemicolon(addStatement(from(begin), BreakIfStatement{condition}),
                               "break_if_statement");
      }
      return finishSemicolon(addStatement(from(begin), BreakStatement{}), "statement");
    }
    case TokenKind::KwContinue:
      advance();
      return finishSemicolon(addStatement(from(begin), ContinueStatement{}), "statement");
    case TokenKind::KwDiscard:
      advance();
      return finishSemicolon(addStatement(from(begin), DiscardStatement{}), "statement");
    case TokenKind::KwFallthrough:
      // fallthrough_statement : fallthrough semicolon
      advance();
      return finishSemicolon(addStatement(from(begin), FallthroughStatement{}),
                             "fallthrough_statement");
    case TokenKind::BraceLeft: return parseCompoundStatement("compound_statement");
    case TokenKind::Attr:
      // new#syntax-statement: attributes may precede compound, if, switch, loop, for and
      // while statements (revision 2026; the checker allows only @diagnostic there).
      if (revision_.statementAttributes) {
        parseStatementAttributes();
        if (failed()) return {};
        switch (tok_.kind) {
          case TokenKind::BraceLeft:
          case TokenKind::KwIf:
          case TokenKind::KwSwitch:
          case TokenKind::KwLoop:
          case TokenKind::KwFor:
          case TokenKind::KwWhile:
            return parseStatementInner();
          default:
            errorExpected("a compound, if, switch, loop, for or while statement after attributes",
                          "statement");
            return {};
        }
      }
      return finishSemicolon(parseUpdatingStatement("statement"), "statement");
    case TokenKind::KwConstAssert:  // new#const-assert-statement (revision 2026)
    case TokenKind::KwStaticAssert: {
      // static_assert_statement : staticAssert expression
      advance();
      ExpressionId condition = parseExpression();
      if (!condition) return {};
      return finishSemicolon(addStatement(from(begin), StaticAssertStatement{condition}),
                             "statement");
    }
    case TokenKind::KwContinuing:
      error(tok_.span, "a continuing block is only allowed at the end of a loop body",
            "loop_statement");
      return {};
    case TokenKind::KwElse:
      error(tok_.span, "'else' without a preceding 'if'", "if_statement");
      return {};
    case TokenKind::KwCase:
    case TokenKind::KwDefault:
      error(tok_.span, "a switch clause outside a switch statement", "switch_statement");
      return {};
    default:
      return finishSemicolon(parseUpdatingStatement("statement"), "statement");
  }
}

// if_statement : if expression compound_statement ( else else_statement ) ?
// else_statement : compound_statement | if_statement
// An else-if chain is parsed iteratively and then linked, innermost first.
StatementId Parser::parseIfStatement() {
  struct Link {
    uint32_t begin;
    ExpressionId condition;
    StatementId body;
  };
  std::vector<Link> chain;
  StatementId finalElse;
  for (;;) {
    uint32_t begin = tok_.span.begin;
    advance();  // if
    ExpressionId condition = parseExpression();
    if (!condition) return {};
    StatementId body = parseCompoundStatement("if_statement");
    if (!body) return {};
    chain.push_back({begin, condition, body});
    if (!accept(TokenKind::KwElse)) break;
    if (at(TokenKind::KwIf)) {
      if (chain.size() >= options_.maxExpressionDepth) {
        ruleError(tok_.span,
                  "else-if chain longer than Plumb's limit of " +
                      std::to_string(options_.maxExpressionDepth) + " (an implementation limit)",
                  "processing-errors");
        return {};
      }
      continue;
    }
    finalElse = parseCompoundStatement("else_statement");
    if (!finalElse) return {};
    break;
  }
  StatementId elseBranch = finalElse;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    elseBranch = addStatement(from(it->begin), IfStatement{it->condition, it->body, elseBranch});
  return elseBranch;
}

// switch_statement : switch expression brace_left switch_body + brace_right
StatementId Parser::parseSwitchStatement() {
  uint32_t begin = tok_.span.begin;
  advance();  // switch
  ExpressionId selector = parseExpression();
  if (!selector) return {};
  parseStatementAttributes();  // new#syntax-switch_body : attribute* '{' ... (revision 2026)
  if (failed()) return {};
  if (!expect(TokenKind::BraceLeft, "switch_statement")) return {};
  DepthGuard guard(*this, "switch_statement");
  if (!guard.ok) return {};
  std::vector<ClauseId> clauses;
  do {
    ClauseId c = parseSwitchBody();
    if (!c) return {};
    clauses.push_back(c);
  } while (!at(TokenKind::BraceRight) && !at(TokenKind::EndOfFile));
  if (!expect(TokenKind::BraceRight, "switch_statement")) return {};
  return addStatement(from(begin), SwitchStatement{selector, m_.clauseLists.add(clauses)});
}

// switch_body :
//   | case case_selectors colon ? case_compound_statement
//   | default colon ? case_compound_statement
// case_selectors : expression ( comma expression ) * comma ?
// case_compound_statement : brace_left statement * fallthrough_statement ? brace_right
ClauseId Parser::parseSwitchBody() {
  uint32_t begin = tok_.span.begin;
  SwitchClause clause;
  if (accept(TokenKind::KwDefault)) {
    clause.isDefault = true;
  } else if (accept(TokenKind::KwCase)) {
    size_t mark = scratchExpressions_.size();
    bool any = false;
    do {
      if (any && (at(TokenKind::Colon) || at(TokenKind::BraceLeft) || at(TokenKind::Attr)))
        break;  // trailing comma
      any = true;
      // new#syntax-case_selector : 'default' | expression (revision 2026, delta 1.7)
      if (revision_.defaultCaseSelector && at(TokenKind::KwDefault)) {
        if (clause.isDefault) {
          ruleError(tok_.span, "'default' appears twice in one case clause", "switch-statement");
          scratchExpressions_.resize(mark);
          return {};
        }
        clause.isDefault = true;
        advance();
        continue;
      }
      ExpressionId e = parseExpression();
      if (!e) {
        scratchExpressions_.resize(mark);
        return {};
      }
      scratchExpressions_.push_back(e);
    } while (accept(TokenKind::Comma));
    clause.selectors = m_.expressionLists.add(std::span(scratchExpressions_).subspan(mark));
    scratchExpressions_.resize(mark);
  } else {
    errorExpected("'case' or 'default'", "switch_body");
    return {};
  }
  accept(TokenKind::Colon);
  parseStatementAttributes();  // new#syntax-case_clause: the body is a compound_statement
  if (failed()) return {};
  uint32_t bodyBegin = tok_.span.begin;
  if (!expect(TokenKind::BraceLeft, "case_compound_statement")) return {};
  DepthGuard guard(*this, "case_compound_statement");
  if (!guard.ok) return {};
  size_t mark = scratchStatements_.size();
  parseStatementList(ListContext::CaseBody);
  if (!expect(TokenKind::BraceRight, "case_compound_statement")) {
    scratchStatements_.resize(mark);
    return {};
  }
  clause.body = addStatement(from(bodyBegin), CompoundStatement{takeStatements(mark)});
  clause.span = from(begin);
  return m_.clauses.add(clause);
}

// loop_statement : loop brace_left statement * continuing_statement ? brace_right
StatementId Parser::parseLoopStatement() {
  uint32_t begin = tok_.span.begin;
  advance();  // loop
  parseStatementAttributes();  // new#syntax-loop_statement : attribute* 'loop' attribute* '{'
  if (failed()) return {};
  if (!expect(TokenKind::BraceLeft, "loop_statement")) return {};
  DepthGuard guard(*this, "loop_statement");
  if (!guard.ok) return {};
  size_t mark = scratchStatements_.size();
  parseStatementList(ListContext::LoopBody);
  StatementId continuing;
  if (at(TokenKind::KwContinuing)) {
    continuing = parseContinuingStatement();
    if (!continuing) {
      scratchStatements_.resize(mark);
      return {};
    }
  }
  if (!expect(TokenKind::BraceRight, "loop_statement")) {
    scratchStatements_.resize(mark);
    return {};
  }
  return addStatement(from(begin), LoopStatement{takeStatements(mark), continuing});
}

// continuing_statement : continuing continuing_compound_statement
// continuing_compound_statement : brace_left statement * break_if_statement ? brace_right
StatementId Parser::parseContinuingStatement() {
  uint32_t begin = tok_.span.begin;
  advance();  // continuing
  parseStatementAttributes();  // new#syntax-continuing_compound_statement : attribute* '{'
  if (failed()) return {};
  if (!expect(TokenKind::BraceLeft, "continuing_compound_statement")) return {};
  DepthGuard guard(*this, "continuing_compound_statement");
  if (!guard.ok) return {};
  size_t mark = scratchStatements_.size();
  parseStatementList(ListContext::Continuing);
  if (!expect(TokenKind::BraceRight, "continuing_compound_statement")) {
    scratchStatements_.resize(mark);
    return {};
  }
  return addStatement(from(begin), ContinuingStatement{takeStatements(mark)});
}

// for_statement : for paren_left for_header paren_right compound_statement
// for_header : for_init ? semicolon expression ? semicolon for_update ?
// for_init : variable_statement | increment_statement | decrement_statement
//          | assignment_statement | func_call_statement
// for_update : increment_statement | decrement_statement | assignment_statement
//            | func_call_statement
StatementId Parser::parseForStatement() {
  uint32_t begin = tok_.span.begin;
  advance();  // for
  if (!expect(TokenKind::ParenLeft, "for_statement")) return {};
  ForHeader h;
  if (!at(TokenKind::Semicolon)) {
    if (at(TokenKind::KwVar) || at(TokenKind::KwLet) || at(TokenKind::KwConst))
      h.initializer = parseVariableStatement();
    else
      h.initializer = parseUpdatingStatement("for_init");
    if (!h.initializer) return {};
  }
  if (!expect(TokenKind::Semicolon, "for_header")) return {};
  if (!at(TokenKind::Semicolon)) {
    h.condition = parseExpression();
    if (!h.condition) return {};
  }
  if (!expect(TokenKind::Semicolon, "for_header")) return {};
  if (!at(TokenKind::ParenRight)) {
    h.update = parseUpdatingStatement("for_update");
    if (!h.update) return {};
  }
  if (!expect(TokenKind::ParenRight, "for_statement")) return {};
  ForStatement f{m_.forHeaders.add(h), {}};
  f.body = parseCompoundStatement("for_statement");
  if (!f.body) return {};
  return addStatement(from(begin), f);
}

// while_statement : while expression compound_statement
StatementId Parser::parseWhileStatement() {
  uint32_t begin = tok_.span.begin;
  advance();  // while
  ExpressionId condition = parseExpression();
  if (!condition) return {};
  StatementId body = parseCompoundStatement("while_statement");
  if (!body) return {};
  return addStatement(from(begin), WhileStatement{condition, body});
}

// variable_statement :
//   | variable_decl
//   | variable_decl equal expression
//   | let ( ident | variable_ident_decl ) equal expression
//   | const ( ident | variable_ident_decl ) equal expression
StatementId Parser::parseVariableStatement() {
  uint32_t begin = tok_.span.begin;
  VariableId v;
  if (at(TokenKind::KwVar)) {
    v = parseVariableDecl(begin, {});
    if (!v) return {};
    if (accept(TokenKind::Equal)) {
      ExpressionId init = parseExpression();
      if (!init) return {};
      m_.variables[v].initializer = init;
    }
    m_.variables[v].span = from(begin);
  } else {
    DeclarationKind kind = at(TokenKind::KwLet) ? DeclarationKind::Let : DeclarationKind::Const;
    v = parseValueDecl(kind, begin, {}, "variable_statement");
    if (!v) return {};
  }
  return addStatement(from(begin), DeclarationStatement{v});
}

// lhs_expression : ( star | and ) * core_lhs_expression postfix_expression ?
// core_lhs_expression : ident | paren_left lhs_expression paren_right
ExpressionId Parser::parseLhsExpression() {
  DepthGuard guard(*this, "lhs_expression");
  if (!guard.ok) return {};
  std::vector<std::pair<UnaryOperator, uint32_t>> prefixes;
  for (;;) {
    uint32_t b = tok_.span.begin;
    if (acceptSplit(TokenKind::Star)) prefixes.push_back({UnaryOperator::Indirection, b});
    else if (acceptSplit(TokenKind::And)) prefixes.push_back({UnaryOperator::AddressOf, b});
    else break;
  }
  uint32_t begin = tok_.span.begin;
  ExpressionId core;
  if (at(TokenKind::Identifier)) {
    Symbol name = internCurrentWord();
    advance();
    core = addExpression(from(begin), IdentifierExpression{name}, 0);
  } else if (accept(TokenKind::ParenLeft)) {
    ExpressionId inner = parseLhsExpression();
    if (!inner || !expect(TokenKind::ParenRight, "core_lhs_expression")) return {};
    core = addExpression(from(begin), ParenthesizedExpression{inner}, lastDepth_);
  } else if (at(TokenKind::Reserved)) {
    ruleError(tok_.span,
              "'" + std::string(text(tok_.span)) + "' is a reserved word and cannot be used as a name",
              "reserved-words");
    return {};
  } else {
    errorExpected("an identifier or '('", "core_lhs_expression");
    return {};
  }
  ExpressionId e = parsePostfix(core);
  for (auto it = prefixes.rbegin(); it != prefixes.rend() && e; ++it)
    e = addExpression(Span{it->second, m_.expressions[e].span.end}, UnaryExpression{it->first, e},
                      lastDepth_);
  return e;
}

// assignment_statement :
//   | lhs_expression ( equal | compound_assignment_operator ) expression
//   | underscore equal expression
// increment_statement : lhs_expression plus_plus
// decrement_statement : lhs_expression minus_minus
// func_call_statement : ident argument_expression_list
StatementId Parser::parseUpdatingStatement(const char* production) {
  uint32_t begin = tok_.span.begin;
  if (accept(TokenKind::Underscore)) {
    if (!expect(TokenKind::Equal, "assignment_statement")) return {};
    ExpressionId value = parseExpression();
    if (!value) return {};
    return addStatement(from(begin), AssignmentStatement{AssignmentOperator::Assign, {}, value});
  }
  ExpressionId target;
  if (at(TokenKind::Identifier)) {
    Symbol name = internCurrentWord();
    advance();
    if (at(TokenKind::TemplateArgsStart) && revision_.bufferView &&
        (m_.name(name) == "bufferView" || m_.name(name) == "bufferArrayView")) {
      // A call statement of a predeclared function with a template list (the checker then
      // reports that its result must be used, new#must-use-attr).
      ExpressionId e = parseTemplatedBuiltinCall(begin, name);
      if (!e) return {};
      return addStatement(from(begin), FunctionCallStatement{e});
    }
    if (at(TokenKind::ParenLeft)) {
      CallExpression call = CallExpression::toName(name, {});
      uint32_t depth = 0;
      if (!parseArguments(call.arguments, depth)) return {};
      ExpressionId e = addExpression(from(begin), call, depth);
      if (!e) return {};
      return addStatement(from(begin), FunctionCallStatement{e});
    }
    target = parsePostfix(addExpression(from(begin), IdentifierExpression{name}, 0));
  } else if (atPrefix(TokenKind::Star) || atPrefix(TokenKind::And) || at(TokenKind::ParenLeft)) {
    target = parseLhsExpression();
  } else if (at(TokenKind::Reserved)) {
    ruleError(tok_.span,
              "'" + std::string(text(tok_.span)) + "' is a reserved word and cannot be used as a name",
              "reserved-words");
    return {};
  } else {
    errorExpected("a statement", production);
    return {};
  }
  if (!target) return {};
  if (accept(TokenKind::PlusPlus)) return addStatement(from(begin), IncrementStatement{target});
  if (accept(TokenKind::MinusMinus)) return addStatement(from(begin), DecrementStatement{target});
  AssignmentOperator op;
  switch (tok_.kind) {
    case TokenKind::Equal: op = AssignmentOperator::Assign; break;
    case TokenKind::PlusEqual: op = AssignmentOperator::Add; break;
    case TokenKind::MinusEqual: op = AssignmentOperator::Subtract; break;
    case TokenKind::TimesEqual: op = AssignmentOperator::Multiply; break;
    case TokenKind::DivisionEqual: op = AssignmentOperator::Divide; break;
    case TokenKind::ModuloEqual: op = AssignmentOperator::Modulo; break;
    case TokenKind::AndEqual: op = AssignmentOperator::And; break;
    case TokenKind::OrEqual: op = AssignmentOperator::Or; break;
    case TokenKind::XorEqual: op = AssignmentOperator::Xor; break;
    case TokenKind::ShiftRightEqual: op = AssignmentOperator::ShiftRight; break;
    case TokenKind::ShiftLeftEqual: op = AssignmentOperator::ShiftLeft; break;
    default:
      errorExpected("'=', a compound assignment operator, '++' or '--'", "assignment_statement");
      return {};
  }
  advance();
  ExpressionId value = parseExpression();
  if (!value) return {};
  return addStatement(from(begin), AssignmentStatement{op, target, value});
}

}  // namespace plumb
