// The lexer (#textual-structure). It yields the longest token at the current position
// (after blankspace and comments); the parser implements the context-aware part of
// #parsing ("the longest token candidate that is also a valid lookahead") by consuming a
// shorter syntactic token where only that is valid there (see Parser::acceptSplit).
#pragma once

#include <vector>

#include <cstdint>

#include "semantics/diagnostic.h"
#include "semantics/wgsl/revision.h"
#include "semantics/source.h"
#include "semantics/wgsl/token.h"

namespace plumb {

class Lexer {
 public:
  Lexer(const SourceFile& file, const Revision& revision, DiagnosticList& diagnostics);

  /// The next token. Reports lexical errors (invalid code points, unterminated comments,
  /// reserved identifiers, unrepresentable literals) as it goes; never fails.
  Token next();

  /// Revision 2026: the per-byte marks of template list discovery
  /// (template_list_discovery.h); a marked '<' or '>' is lexed as _template_args_start or
  /// _template_args_end (new#template-lists-sec).
  void setTemplateListMarks(std::vector<uint8_t> marks) { templateMarks_ = std::move(marks); }

  /// Continue lexing at `offset` (used to split a token in two).
  void resetTo(uint32_t offset) { pos_ = offset; }
  uint32_t offset() const { return pos_; }

  const SourceFile& file() const { return file_; }
  std::string_view text(Span s) const { return text_.substr(s.begin, s.size()); }

 private:
  void skipBlankspaceAndComments();
  bool skipBlockComment();
  uint32_t checkCommentCodePoint();
  Token lexWord(uint32_t start);
  Token lexNumber(uint32_t start);
  Token lexPunctuation(uint32_t start);
  Token lexInvalid(uint32_t start);
  bool error(Span span, std::string message, std::string rule);

  const SourceFile& file_;
  std::string_view text_;
  const Revision& revision_;
  DiagnosticList& diagnostics_;
  uint32_t pos_ = 0;
  uint32_t size_ = 0;
  std::vector<uint8_t> templateMarks_;  // empty unless the revision discovers template lists
};

/// Tokenizes a whole file without a parser (maximal munch); for tests and `--tokens`.
std::vector<Token> tokenize(const SourceFile& file, const Revision& revision,
                            DiagnosticList& diagnostics);

}  // namespace plumb
