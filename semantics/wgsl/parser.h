// The WGSL parser (#parsing, #grammar): recursive descent over the productions of the
// seed's grammar, with the context-aware tokenization the seed describes and error recovery
// so that one run reports several syntax errors.
#pragma once

#include <memory>
#include <utility>

#include "semantics/wgsl/ast.h"
#include "semantics/diagnostic.h"
#include "semantics/wgsl/revision.h"
#include "semantics/source.h"

namespace plumb {

/// Implementation limits (#processing-errors: exceeding them is an uncategorized error).
/// They bound every recursive walk over the tree, so no input can exhaust the stack.
struct ParseOptions {
  /// Nesting of brackets, blocks, else-if chains and template lists.
  uint32_t maxNestingDepth = 255;
  /// Depth of an expression tree, including left-deep chains such as a+b+c+...
  uint32_t maxExpressionDepth = 1024;
};

/// Parses a translation_unit. Always returns a module (possibly partial); the module is
/// valid syntax iff no errors were added to `diagnostics`.
std::unique_ptr<ast::Module> parseModule(const SourceFile& file, const Revision& revision,
                                         DiagnosticList& diagnostics,
                                         const ParseOptions& options = {});

/// Parses the whole file as one `expression` (for `plumb eval` and tests).
std::pair<std::unique_ptr<ast::Module>, ast::ExpressionId> parseExpression(
    const SourceFile& file, const Revision& revision, DiagnosticList& diagnostics,
    const ParseOptions& options = {});

/// Parses the whole file as one `type_decl` (for tests).
std::pair<std::unique_ptr<ast::Module>, ast::TypeId> parseTypeDecl(
    const SourceFile& file, const Revision& revision, DiagnosticList& diagnostics,
    const ParseOptions& options = {});

}  // namespace plumb
