// Expressions (#expression-grammar): expression, relational_expression, shift_expression,
// additive/multiplicative_expression, the bitwise and short-circuit chains, unary,
// singular, postfix and primary expressions.
//
// The seed's grammar is strict: relational operators do not associate, shift operands are
// unary expressions, and `&`, `|`, `^`, `&&`, `||` chains take one operator each and cannot be
// mixed with other operators without parentheses.
#include "semantics/wgsl/parser_impl.h"

namespace plumb {

using namespace ast;

ExpressionId Parser::binary(BinaryOperator op, ExpressionId l, uint32_t leftDepth, ExpressionId r) {
  if (!l || !r) return {};
  Span s = join(m_.expressions[l].span, m_.expressions[r].span);
  return addExpression(s, BinaryExpression::make(op, l, r), std::max(leftDepth, lastDepth_));
}

static bool isRelationalToken(TokenKind k) {
  return k == TokenKind::LessThan || k == TokenKind::GreaterThan ||
         k == TokenKind::LessThanEqual || k == TokenKind::GreaterThanEqual ||
         k == TokenKind::EqualEqual || k == TokenKind::NotEqual;
}

static bool isBinaryOperatorToken(TokenKind k) {
  switch (k) {
    case TokenKind::Star: case TokenKind::ForwardSlash: case TokenKind::Modulo:
    case TokenKind::Plus: case TokenKind::Minus: case TokenKind::ShiftLeft:
    case TokenKind::ShiftRight: case TokenKind::And: case TokenKind::Or: case TokenKind::Xor:
    case TokenKind::AndAnd: case TokenKind::OrOr:
      return true;
    default: return isRelationalToken(k);
  }
}

// expression :
//   | relational_expression
//   | short_circuit_or_expression or_or relational_expression
//   | short_circuit_and_expression and_and relational_expression
//   | bitwise_expression
ExpressionId Parser::parseExpression() {
  ExpressionId first = parseUnary();
  if (!first) return {};
  // `&&` and `||` are valid after a unary expression (as a relational_expression); a lone
  // `&`, `|`, `^` (or a longer token starting with one that is not valid here) starts a
  // bitwise_expression.
  if (!at(TokenKind::AndAnd) && !at(TokenKind::OrOr) &&
      (atPrefix(TokenKind::And) || atPrefix(TokenKind::Or) || atPrefix(TokenKind::Xor)))
    return parseBitwiseRest(first);
  ExpressionId e = parseRelationalRest(first);
  if (!e) return {};
  if (at(TokenKind::AndAnd) || at(TokenKind::OrOr)) {
    TokenKind chain = tok_.kind;
    BinaryOperator op = chain == TokenKind::AndAnd ? BinaryOperator::ShortCircuitAnd
                                                   : BinaryOperator::ShortCircuitOr;
    const char* production = chain == TokenKind::AndAnd ? "short_circuit_and_expression"
                                                        : "short_circuit_or_expression";
    while (accept(chain)) {
      uint32_t leftDepth = lastDepth_;
      ExpressionId r = parseRelational();
      e = binary(op, e, leftDepth, r);
      if (!e) return {};
    }
    if (at(TokenKind::AndAnd) || at(TokenKind::OrOr)) {
      error(tok_.span, "'&&' and '||' cannot be mixed without parentheses", production);
      return {};
    }
  }
  return e;
}

// bitwise_expression :
//   | binary_and_expression and unary_expression
//   | binary_or_expression or unary_expression
//   | binary_xor_expression xor unary_expression
ExpressionId Parser::parseBitwiseRest(ExpressionId first, bool inTemplate) {
  TokenKind opToken = atPrefix(TokenKind::And) ? TokenKind::And
                      : atPrefix(TokenKind::Or) ? TokenKind::Or
                                                : TokenKind::Xor;
  BinaryOperator op = opToken == TokenKind::And  ? BinaryOperator::And
                      : opToken == TokenKind::Or ? BinaryOperator::Or
                                                 : BinaryOperator::Xor;
  ExpressionId e = first;
  // After a bitwise chain only the same operator is valid, so `&&` here is `&` `&`.
  while (acceptSplit(opToken)) {
    uint32_t leftDepth = lastDepth_;
    ExpressionId r = parseUnary();
    e = binary(op, e, leftDepth, r);
    if (!e) return {};
  }
  if (inTemplate && atPrefix(TokenKind::GreaterThan)) return e;
  if (isBinaryOperatorToken(tok_.kind)) {
    error(tok_.span,
          "the operands of '" + std::string(spelling(op)) +
              "' are unary expressions: other binary operators need parentheses here",
          "bitwise_expression");
    return {};
  }
  return e;
}

// relational_expression :
//   | shift_expression
//   | shift_expression (less_than | greater_than | less_than_equal | greater_than_equal |
//                       equal_equal | not_equal) shift_expression
ExpressionId Parser::parseRelationalRest(ExpressionId first) {
  ExpressionId l = parseShiftRest(first);
  if (!l) return {};
  if (!isRelationalToken(tok_.kind)) return l;
  BinaryOperator op;
  switch (tok_.kind) {
    case TokenKind::LessThan: op = BinaryOperator::LessThan; break;
    case TokenKind::GreaterThan: op = BinaryOperator::GreaterThan; break;
    case TokenKind::LessThanEqual: op = BinaryOperator::LessThanEqual; break;
    case TokenKind::GreaterThanEqual: op = BinaryOperator::GreaterThanEqual; break;
    case TokenKind::EqualEqual: op = BinaryOperator::Equal; break;
    default: op = BinaryOperator::NotEqual; break;
  }
  advance();
  uint32_t leftDepth = lastDepth_;
  ExpressionId rFirst = parseUnary();
  if (!rFirst) return {};
  ExpressionId r = parseShiftRest(rFirst);
  ExpressionId e = binary(op, l, leftDepth, r);
  if (!e) return {};
  if (isRelationalToken(tok_.kind)) {
    error(tok_.span, "comparison operators do not associate: add parentheses",
          "relational_expression");
    return {};
  }
  return e;
}

ExpressionId Parser::parseRelational() {
  ExpressionId first = parseUnary();
  if (!first) return {};
  return parseRelationalRest(first);
}

// shift_expression :
//   | additive_expression
//   | unary_expression shift_left unary_expression
//   | unary_expression shift_right unary_expression
ExpressionId Parser::parseShiftRest(ExpressionId first) {
  if (at(TokenKind::ShiftLeft) || at(TokenKind::ShiftRight) || at(TokenKind::ShiftLeftEqual) ||
      at(TokenKind::ShiftRightEqual)) {
    BinaryOperator op = atPrefix(TokenKind::ShiftLeft) ? BinaryOperator::ShiftLeft
                                                       : BinaryOperator::ShiftRight;
    acceptSplit(op == BinaryOperator::ShiftLeft ? TokenKind::ShiftLeft : TokenKind::ShiftRight);
    uint32_t leftDepth = lastDepth_;
    ExpressionId r = parseUnary();
    ExpressionId e = binary(op, first, leftDepth, r);
    if (!e) return {};
    if (at(TokenKind::ShiftLeft) || at(TokenKind::ShiftRight)) {
      error(tok_.span, "shift operators do not associate: add parentheses", "shift_expression");
      return {};
    }
    return e;
  }
  ExpressionId e = parseAdditiveRest(parseMultiplicativeRest(first));
  if (e && e != first && (at(TokenKind::ShiftLeft) || at(TokenKind::ShiftRight))) {
    error(tok_.span, "the operands of a shift are unary expressions: add parentheses",
          "shift_expression");
    return {};
  }
  return e;
}

// additive_expression :
//   | multiplicative_expression
//   | additive_expression plus multiplicative_expression
//   | additive_expression minus multiplicative_expression
ExpressionId Parser::parseAdditiveRest(ExpressionId e) {
  while (e) {
    BinaryOperator op;
    // `++`, `+=`, `--`, `-=` and `->` are never valid after an operand inside an expression,
    // so they are split (#parsing): `a--b` is `a - -b`.
    if (acceptSplit(TokenKind::Plus)) op = BinaryOperator::Add;
    else if (acceptSplit(TokenKind::Minus)) op = BinaryOperator::Subtract;
    else return e;
    uint32_t leftDepth = lastDepth_;
    ExpressionId r = parseUnary();
    if (!r) return {};
    r = parseMultiplicativeRest(r);
    e = binary(op, e, leftDepth, r);
  }
  return {};
}

// multiplicative_expression :
//   | unary_expression
//   | multiplicative_expression (star | forward_slash | modulo) unary_expression
ExpressionId Parser::parseMultiplicativeRest(ExpressionId e) {
  while (e) {
    BinaryOperator op;
    if (acceptSplit(TokenKind::Star)) op = BinaryOperator::Multiply;
    else if (acceptSplit(TokenKind::ForwardSlash)) op = BinaryOperator::Divide;
    else if (acceptSplit(TokenKind::Modulo)) op = BinaryOperator::Modulo;
    else return e;
    uint32_t leftDepth = lastDepth_;
    ExpressionId r = parseUnary();
    e = binary(op, e, leftDepth, r);
  }
  return {};
}

// element_count_expression : additive_expression | bitwise_expression
ExpressionId Parser::parseElementCountExpression() {
  ExpressionId first = parseUnary();
  if (!first) return {};
  if (atPrefix(TokenKind::And) || atPrefix(TokenKind::Or) || atPrefix(TokenKind::Xor))
    return parseBitwiseRest(first, /*inTemplate=*/true);
  ExpressionId e = parseAdditiveRest(parseMultiplicativeRest(first));
  if (e && (at(TokenKind::ShiftLeft) || isRelationalToken(tok_.kind)) &&
      !atPrefix(TokenKind::GreaterThan)) {
    error(tok_.span,
          "an array element count is an additive or bitwise expression: add parentheses",
          "element_count_expression");
    return {};
  }
  return e;
}

// unary_expression :
//   | singular_expression
//   | minus unary_expression | bang unary_expression | tilde unary_expression
//   | star unary_expression | and unary_expression
// Prefix operators are collected in a loop (not by recursion) so that long chains cannot
// exhaust the stack; the expression depth limit still bounds the tree.
ExpressionId Parser::parseUnary() {
  struct Prefix {
    UnaryOperator op;
    uint32_t begin;
  };
  std::vector<Prefix> prefixes;
  for (;;) {
    uint32_t begin = tok_.span.begin;
    // In this position no longer token starting with these is valid: `--x` is `-(-x)`,
    // `&&x` is `&(&x)` (#parsing).
    if (acceptSplit(TokenKind::Minus)) prefixes.push_back({UnaryOperator::Negation, begin});
    else if (acceptSplit(TokenKind::Bang)) prefixes.push_back({UnaryOperator::LogicalNot, begin});
    else if (accept(TokenKind::Tilde)) prefixes.push_back({UnaryOperator::Complement, begin});
    else if (acceptSplit(TokenKind::Star)) prefixes.push_back({UnaryOperator::Indirection, begin});
    else if (acceptSplit(TokenKind::And)) prefixes.push_back({UnaryOperator::AddressOf, begin});
    else break;
    if (prefixes.size() > options_.maxExpressionDepth) {
      if (!depthReported_) {
        depthReported_ = true;
        ruleError(tok_.span,
                  "more than " + std::to_string(options_.maxExpressionDepth) +
                      " prefix operators in a row (an implementation limit)",
                  "processing-errors");
      }
      panic_ = true;
      return {};
    }
  }
  ExpressionId e = parseSingular();
  for (auto it = prefixes.rbegin(); it != prefixes.rend() && e; ++it) {
    Span s{it->begin, m_.expressions[e].span.end};
    e = addExpression(s, UnaryExpression{it->op, e}, lastDepth_);
  }
  return e;
}

// singular_expression : primary_expression postfix_expression ?
ExpressionId Parser::parseSingular() {
  ExpressionId p = parsePrimary();
  if (!p) return {};
  return parsePostfix(p);
}

// postfix_expression :
//   | bracket_left expression bracket_right postfix_expression ?
//   | period ident postfix_expression ?
ExpressionId Parser::parsePostfix(ExpressionId e) {
  while (e) {
    uint32_t begin = m_.expressions[e].span.begin;
    if (accept(TokenKind::BracketLeft)) {
      DepthGuard guard(*this, "postfix_expression");
      if (!guard.ok) return {};
      uint32_t baseDepth = lastDepth_;
      ExpressionId index = parseExpression();
      if (!index || !expect(TokenKind::BracketRight, "postfix_expression")) return {};
      e = addExpression(from(begin), IndexExpression{e, index}, std::max(baseDepth, lastDepth_));
    } else if (accept(TokenKind::Period)) {
      Symbol member;
      Span memberSpan;
      if (!expectIdentifier("postfix_expression", member, memberSpan)) return {};
      e = addExpression(from(begin), MemberExpression{e, member}, lastDepth_);
    } else {
      return e;
    }
  }
  return {};
}

ExpressionId Parser::parseLiteral() {
  Span s = tok_.span;
  LiteralExpression lit{LiteralKind::Int};
  switch (tok_.kind) {
    case TokenKind::KwTrue: lit = {LiteralKind::Bool, true}; break;
    case TokenKind::KwFalse: lit = {LiteralKind::Bool, false}; break;
    case TokenKind::IntLiteral: {
      char last = text(s).back();
      lit.suffix = last == 'i' ? LiteralSuffix::I : last == 'u' ? LiteralSuffix::U : LiteralSuffix::None;
      break;
    }
    case TokenKind::FloatLiteral:
      lit.kind = LiteralKind::Float;
      lit.suffix = classifyNumericLiteral(text(s)).suffix;
      break;
    default: errorExpected("a literal", "const_literal"); return {};
  }
  advance();
  return addExpression(s, lit, 0);
}

// bitcast less_than type_decl greater_than paren_expression, after `bitcast`.
ExpressionId Parser::parseBitcastRest(uint32_t begin) {
  if (!openTemplate("primary_expression")) return {};
  TypeId t = parseTypeDecl("primary_expression");
  if (!t || !closeTemplate("primary_expression")) return {};
  if (!at(TokenKind::ParenLeft)) {
    errorExpected("'(' after the bitcast type", "primary_expression");
    return {};
  }
  ExpressionId paren = parseParenExpression();
  if (!paren) return {};
  // The parentheses are part of the bitcast syntax; keep the operand inside them.
  ExpressionId operand = std::get<ParenthesizedExpression>(m_.expressions[paren].node).inner;
  return addExpression(from(begin), BitcastExpression{t, operand}, lastDepth_);
}

// paren_expression : paren_left expression paren_right
ExpressionId Parser::parseParenExpression() {
  uint32_t begin = tok_.span.begin;
  if (!expect(TokenKind::ParenLeft, "paren_expression")) return {};
  DepthGuard guard(*this, "paren_expression");
  if (!guard.ok) return {};
  ExpressionId inner = parseExpression();
  if (!inner || !expect(TokenKind::ParenRight, "paren_expression")) return {};
  return addExpression(from(begin), ParenthesizedExpression{inner}, lastDepth_);
}

// argument_expression_list :
//   | paren_left ( ( expression comma ) * expression comma ? ) ? paren_right
bool Parser::parseArguments(List<Expression>& arguments, uint32_t& depth) {
  if (!expect(TokenKind::ParenLeft, "argument_expression_list")) return false;
  DepthGuard guard(*this, "argument_expression_list");
  if (!guard.ok) return false;
  size_t mark = scratchExpressions_.size();
  depth = 0;
  while (!at(TokenKind::ParenRight)) {
    ExpressionId a = parseExpression();
    if (!a) {
      scratchExpressions_.resize(mark);
      return false;
    }
    depth = std::max(depth, lastDepth_);
    scratchExpressions_.push_back(a);
    if (!accept(TokenKind::Comma)) break;
  }
  if (!expect(TokenKind::ParenRight, "argument_expression_list")) {
    scratchExpressions_.resize(mark);
    return false;
  }
  arguments = m_.expressionLists.add(std::span(scratchExpressions_).subspan(mark));
  scratchExpressions_.resize(mark);
  return true;
}

// primary_expression :
//   | ident
//   | callable argument_expression_list
//   | const_literal
//   | paren_expression
//   | bitcast less_than type_decl greater_than paren_expression
// callable : ident | type_decl_without_ident | vec_prefix | mat_prefix
ExpressionId Parser::parsePrimary() {
  uint32_t begin = tok_.span.begin;
  switch (tok_.kind) {
    case TokenKind::Identifier: {
      if (revision_.predeclaredTypes) {
        // new#syntax-primary_expression : template_elaborated_ident | call_expression | ...
        // A predeclared type names a value constructor; `bitcast<T>(e)` is a predeclared
        // function with a template list (delta 1.1, 2.1).
        if (text(tok_.span) == "bitcast" && atPredeclaredBitcast()) {
          advance();
          return parseBitcastRest(begin);
        }
        if (atPredeclaredType() && !followedByTemplateOrCall()) {
          // A predeclared type generator written bare (`ptr`, `array`) is an identifier: a
          // user declaration may shadow it (new#declaration-and-scope: `let ptr = &v; *ptr`);
          // if none does, the checker says that a type is not a value.
          Symbol name = internCurrentWord();
          advance();
          return addExpression(from(begin), IdentifierExpression{name}, 0);
        }
        if (atPredeclaredType()) {
          Symbol name = internCurrentWord();
          TypeId t = parsePredeclaredType("callable", /*allowBarePrefix=*/true);
          if (!t) return {};
          if (at(TokenKind::ParenLeft)) {
            CallExpression call = CallExpression::toType(t, {});
            uint32_t depth = 0;
            if (!parseArguments(call.arguments, depth)) return {};
            ExpressionId e = addExpression(from(begin), call, depth);
            if (e && !text(m_.types[t].span).ends_with('>')) predeclaredTypeCalls_.push_back(e);
            return e;
          }
          // A name without a template list is an identifier expression: it may be a user
          // declaration that shadows the type (new#declaration-and-scope); if not, the checker
          // says that a type is not a value.
          if (!text(m_.types[t].span).ends_with('>'))
            return addExpression(from(begin), IdentifierExpression{name}, 0);
          errorExpected("'(' after the type (a value constructor needs arguments)",
                        "primary_expression");
          return {};
        }
      }
      Symbol name = internCurrentWord();
      advance();
      if (at(TokenKind::TemplateArgsStart) && revision_.bufferView &&
          (m_.name(name) == "bufferView" || m_.name(name) == "bufferArrayView"))
        return parseTemplatedBuiltinCall(begin, name);
      if (at(TokenKind::TemplateArgsStart)) {
        ruleError(tok_.span,
                  "'" + std::string(m_.name(name)) +
                      "' takes no template list (only predeclared types and functions do)",
                  "template-lists-sec");
        return {};
      }
      if (at(TokenKind::ParenLeft)) {
        CallExpression call = CallExpression::toName(name, {});
        uint32_t depth = 0;
        if (!parseArguments(call.arguments, depth)) return {};
        return addExpression(from(begin), call, depth);
      }
      return addExpression(from(begin), IdentifierExpression{name}, 0);
    }
    case TokenKind::IntLiteral:
    case TokenKind::FloatLiteral:
    case TokenKind::KwTrue:
    case TokenKind::KwFalse: return parseLiteral();
    case TokenKind::ParenLeft: return parseParenExpression();
    case TokenKind::KwBitcast:
      advance();
      return parseBitcastRest(begin);
    case TokenKind::Reserved:
      ruleError(tok_.span,
                "'" + std::string(text(tok_.span)) +
                    "' is a reserved word and cannot be used as a name",
                "reserved-words");
      return {};
    default:
      if (startsTypeDeclWithoutIdent(tok_.kind)) {
        TypeId t = parseTypeDeclWithoutIdent("callable", /*allowBarePrefix=*/true);
        if (!t) return {};
        if (!at(TokenKind::ParenLeft)) {
          errorExpected("'(' after the type (a type constructor needs arguments)",
                        "primary_expression");
          return {};
        }
        CallExpression call = CallExpression::toType(t, {});
        uint32_t depth = 0;
        if (!parseArguments(call.arguments, depth)) return {};
        return addExpression(from(begin), call, depth);
      }
      errorExpected("an expression", "primary_expression");
      return {};
  }
}

}  // namespace plumb
