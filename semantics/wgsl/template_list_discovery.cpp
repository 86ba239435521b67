// new#template-list-discovery (template_list_discovery.h).
#include "semantics/wgsl/template_list_discovery.h"

#include <string_view>

#include "semantics/diagnostic.h"
#include "semantics/wgsl/lexer.h"

namespace plumb {

std::vector<TemplateList> discoverTemplateLists(const SourceFile& file, const Revision& revision) {
  // The seed's lexer splits the text into tokens by maximal munch: a word token is exactly an
  // ident_pattern_token (keywords and reserved words match it too), literals are skipped
  // whole ("so the f in 1.0f is not an identifier"), and blankspace and comments are never
  // seen. The algorithm's code-point steps run over the text of punctuation tokens.
  DiagnosticList scratch;  // the parser's lexer reports lexical errors once
  Lexer lexer(file, revision, scratch);
  std::string_view text = file.text();
  const uint32_t size = static_cast<uint32_t>(text.size());
  struct UnclosedCandidate {
    uint32_t position;
    uint32_t depth;
  };
  std::vector<UnclosedCandidate> pending;
  std::vector<TemplateList> discovered;
  uint32_t nestingDepth = 0;
  auto at = [&](uint32_t i, char c) { return i < size && text[i] == c; };
  // "Pop entries from the Pending stack until it is empty, or until its top entry has
  // depth < NestingDepth."
  auto popToDepth = [&] {
    while (!pending.empty() && pending.back().depth >= nestingDepth) pending.pop_back();
  };
  auto clearAll = [&] {
    nestingDepth = 0;
    pending.clear();
  };
  uint32_t skipTo = 0;  // code points before this were consumed by a two-code-point step
  bool afterWord = false;
  for (;;) {
    Token t = lexer.next();
    if (t.kind == TokenKind::EndOfFile) break;
    bool word = t.kind == TokenKind::Identifier || t.kind == TokenKind::Reserved ||
                isKeyword(t.kind) || t.kind == TokenKind::Underscore;
    bool literal = t.kind == TokenKind::IntLiteral || t.kind == TokenKind::FloatLiteral;
    if (word || literal || t.kind == TokenKind::Error) {
      // `_` alone is not an ident_pattern_token, but nothing after it can be a template list
      // that a word could start either; treat only real words as candidates.
      afterWord = word && t.kind != TokenKind::Underscore;
      continue;
    }
    uint32_t i = t.span.begin > skipTo ? t.span.begin : skipTo;
    if (afterWord && i == t.span.begin && at(i, '<')) {
      // "If '<' appears at CurrentPosition": a candidate start.
      afterWord = false;
      pending.push_back({i, nestingDepth});
      ++i;
      if (at(i, '<') || at(i, '=')) {
        // `<<` or `<=`: the previous code point cannot start a template list.
        pending.pop_back();
        ++i;
      }
    }
    afterWord = false;
    for (; i < t.span.end; ++i) {
      char c = text[i];
      switch (c) {
        case '>':
          if (!pending.empty() && pending.back().depth == nestingDepth) {
            discovered.push_back({pending.back().position, i});
            pending.pop_back();
          } else if (at(i + 1, '=')) {
            ++i;  // `>=`: not an assignment
          }
          break;
        case '(':
        case '[':
          ++nestingDepth;
          break;
        case ')':
        case ']':
          popToDepth();
          if (nestingDepth > 0) --nestingDepth;
          break;
        case '!':
          if (at(i + 1, '=')) ++i;  // `!=`
          break;
        case '=':
          if (at(i + 1, '=')) {
            ++i;  // `==`
            break;
          }
          clearAll();  // an assignment
          break;
        case ';':
        case '{':
        case ':':
          clearAll();
          break;
        case '&':
        case '|':
          if (at(i + 1, c)) {
            // `&&` and `||` have lower precedence than comparisons.
            popToDepth();
            ++i;
          }
          break;
        default:
          break;
      }
    }
    skipTo =
        i;  // a skipped '=' may lie past this token (`>` `=` lexed apart cannot: both one token)
  }
  return discovered;
}

std::vector<uint8_t> templateListMarks(const SourceFile& file, const Revision& revision) {
  std::vector<uint8_t> marks(file.text().size(), 0);
  for (const TemplateList& l : discoverTemplateLists(file, revision)) {
    marks[l.start] = kTemplateStart;
    marks[l.end] = kTemplateEnd;
  }
  return marks;
}

}  // namespace plumb
