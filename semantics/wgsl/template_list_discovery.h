// Template list discovery (new#template-list-discovery, revision 2026; delta 1.1): which '<'
// and '>' code points of a program delimit template lists. Runs before parsing, in time
// linear in the text: one lexing pass that skips blankspace, comments, literals and words
// as tokens, and the algorithm's single pass over the punctuation with a stack of pending
// candidates.
#pragma once

#include <cstdint>
#include <vector>

#include "semantics/wgsl/revision.h"
#include "semantics/source.h"

namespace plumb {

/// One discovered template list: the offsets of its '<' and its '>'.
struct TemplateList {
  uint32_t start = 0;
  uint32_t end = 0;
};

/// Per byte of the text: kTemplateStart at the '<' of a template list, kTemplateEnd at its
/// '>', else 0. The lexer maps those code points to _template_args_start/_end tokens.
enum : uint8_t { kTemplateStart = 1, kTemplateEnd = 2 };

/// The algorithm of new#template-list-discovery. Lexical errors are not reported here (the
/// parser's own lexer reports them).
std::vector<TemplateList> discoverTemplateLists(const SourceFile& file, const Revision& revision);

/// The discovered lists as the per-byte marks the lexer reads.
std::vector<uint8_t> templateListMarks(const SourceFile& file, const Revision& revision);

}  // namespace plumb
