// The syntax-tree dump (`plumb parse --ast`, docs/formats.md "Syntax-tree dump", version 2)
// under revision 2026: the directives `requires` and `diagnostic`, `alias`, `const_assert`,
// statement and body attributes, and the template list of a call (Module::callTemplates).
#include <gtest/gtest.h>

#include "semantics/wgsl/parser.h"
#include "semantics/wgsl/printer.h"

namespace plumb {
namespace {

std::string dumped(const Revision& revision, const std::string& text) {
  SourceFile file("t.wgsl", text);
  DiagnosticList diagnostics;
  std::unique_ptr<ast::Module> m = parseModule(file, revision, diagnostics);
  EXPECT_FALSE(diagnostics.hasErrors()) << text;
  return dumpModule(*m);
}

TEST(AstDump, CurrentDirectivesAndDeclarations) {
  std::string out = dumped(Revision::wgsl2026(),
                           "enable f16; requires buffer_view; "
                           "diagnostic(off, derivative_uniformity); "
                           "diagnostic(warning, chromium.unreachable_code); "
                           "alias T = i32; const_assert 1 < 2;");
  EXPECT_EQ(out,
            "(module\n (enable f16)\n (requires buffer_view)\n"
            " (diagnostic off derivative_uniformity)\n"
            " (diagnostic warning chromium.unreachable_code)\n"
            " (alias T i32)\n (const_assert (< 1 2)))\n");
  // The seed's spelling stays.
  EXPECT_EQ(dumped(Revision::wgsl2022_06(), "type T = i32; staticAssert 1 < 2;"),
            "(module\n (type T i32)\n (staticAssert (< 1 2)))\n");
}

TEST(AstDump, StatementAndBodyAttributes) {
  std::string out = dumped(Revision::wgsl2026(),
                           "fn f(c: bool, x: i32) {"
                           " @diagnostic(off, derivative_uniformity) if c {}"
                           " switch x @diagnostic(warning, derivative_uniformity) { default {} }"
                           " loop @diagnostic(off, derivative_uniformity) { break; }"
                           " const_assert 2 > 1; }");
  EXPECT_NE(out.find("(attributed (attributes (@ diagnostic (args off derivative_uniformity))) "
                     "(if c (block)))"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("(switch x (attributes (@ diagnostic (args warning derivative_uniformity)))"
                     " (default (block)))"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("(loop (attributes (@ diagnostic (args off derivative_uniformity))) (break))"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("(const_assert (> 2 1))"), std::string::npos) << out;
  // #comments: a nested block comment before a body's attributes.
  out = dumped(Revision::wgsl2026(),
               "fn f() { loop /* a /* nested */ comment */ @diagnostic(off, derivative_uniformity)"
               " { break; } }");
  EXPECT_NE(out.find("(loop (attributes (@ diagnostic (args off derivative_uniformity))) (break))"),
            std::string::npos)
      << out;
}

// new#buffer-view-builtin-functions: `bufferView<T>(p, o)` keeps T (Module::callTemplates).
TEST(AstDump, CallTemplateList) {
  std::string out = dumped(Revision::wgsl2026(),
                           "requires buffer_view;"
                           " @group(0) @binding(0) var<storage> b: buffer<16>;"
                           " fn f() -> u32 { return *bufferView<u32>(&b, 4); }");
  EXPECT_NE(out.find("(deref (call bufferView u32 (addr b) 4))"), std::string::npos) << out;
}

}  // namespace
}  // namespace plumb
