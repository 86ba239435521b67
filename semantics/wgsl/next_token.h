// Where the next token starts (#blankspace-and-line-breaks, #comments), for code that walks a
// parsed module's text between its spans (the printer and the syntax-tree dump find a body's
// attributes after a `loop`, `continuing` or switch selector this way).
#pragma once

#include <cstdint>

#include "semantics/source.h"
#include "semantics/wgsl/revision.h"

namespace plumb {

/// The offset of the first character at or after `offset` in `file` that is neither blankspace
/// nor part of a comment (block comments nest): where the lexer's next token starts, or the
/// text's size at its end. The lexer decides it, so the blankspace set and the comment rules
/// are the lexer's; its diagnostics are dropped (the module was lexed, and they reported, once).
uint32_t nextTokenStart(const SourceFile& file, const Revision& revision, uint32_t offset);

}  // namespace plumb
