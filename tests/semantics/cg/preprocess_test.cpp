// Cg preprocessing (semantics/cg/preprocess.h): pass-through without directives, cpp with
// realigned lines otherwise, located errors.
#include <gtest/gtest.h>

#include <unistd.h>

#include "semantics/cg/preprocess.h"

namespace plumb::cg {
namespace {

bool haveCpp() {
  return system("cpp --version > /dev/null 2>&1") == 0;
}

TEST(CgPreprocess, NoDirectivesIsUntouched) {
  SourceFile f("a.cg", "float4 main() : COLOR { return 1; } // #define X\n");
  DiagnosticList d;
  PreprocessOptions missing;
  missing.cpp = "/nonexistent/cpp";
  auto out = preprocess(f, d, missing);
  ASSERT_TRUE(out);
  EXPECT_EQ(out->text(), f.text());
  EXPECT_FALSE(hasDirectives("a # b\n"));
  EXPECT_TRUE(hasDirectives("x\n  #if 1\n"));
}

TEST(CgPreprocess, RealignKeepsMainLinesAndJoinsIncludes) {
  std::string cpp =
      "# 1 \"main\"\n"
      "# 1 \"<built-in>\"\n"
      "# 1 \"main\"\n"
      "\n"
      "# 1 \"inc.h\" 1\n"
      "float a;\n"
      "float b;\n"
      "# 3 \"main\" 2\n"
      "float c = 2;\n"
      "# 9 \"main\"\n"
      "float d;\n"
      "#pragma parameter X\n";
  EXPECT_EQ(realignPreprocessed(cpp, "main", 9),
            "\nfloat a; float b;\nfloat c = 2;\n\n\n\n\n\nfloat d;");
}

TEST(CgPreprocess, MacrosAndConditionalsThroughCpp) {
  if (!haveCpp()) GTEST_SKIP() << "no cpp";
  SourceFile f("a.cg",
               "#define SCALE(x) ((x) * 2.0)\n"
               "#ifdef NOPE\n"
               "bad bad bad\n"
               "#endif\n"
               "float4 main() : COLOR { return SCALE(1); }\n");
  DiagnosticList d;
  auto out = preprocess(f, d);
  ASSERT_TRUE(out) << (d.all().empty() ? "" : d.all().front().message);
  EXPECT_EQ(out->text(), "\n\n\n\nfloat4 main() : COLOR { return ((1) * 2.0); }");
}

TEST(CgPreprocess, ErrorsAreLocatedOnTheOriginalLine) {
  if (!haveCpp()) GTEST_SKIP() << "no cpp";
  SourceFile f("a.cg", "float a;\n#error stop here\n");
  DiagnosticList d;
  EXPECT_FALSE(preprocess(f, d));
  ASSERT_TRUE(d.hasErrors());
  EXPECT_EQ(d.all().front().rule, "cg-preprocessor");
  EXPECT_EQ(f.position(d.all().front().span.begin).line, 2u);
  EXPECT_NE(d.all().front().message.find("stop here"), std::string::npos);
}

}  // namespace
}  // namespace plumb::cg
