// The printer: canonical text, idempotence, and the round-trip property on tricky inputs.
#include <gtest/gtest.h>

#include "semantics/round_trip.h"

namespace plumb {
namespace {

std::string printed(const std::string& text) {
  testing::Parsed p = testing::parseText(text);
  EXPECT_TRUE(p.ok()) << p.messages();
  return printModule(*p.module);
}

// Revision 2026: the module is printed in its revision's spelling (`alias`, `const_assert`,
// `requires`, `diagnostic`, statement attributes, `case 1, default`), and the text parses back
// to the same printing.
std::string printed2026(const std::string& text) {
  SourceFile file("t.wgsl", text);
  DiagnosticList diagnostics;
  std::unique_ptr<ast::Module> m = parseModule(file, Revision::wgsl2026(), diagnostics);
  EXPECT_FALSE(diagnostics.hasErrors()) << text;
  return printModule(*m);
}

TEST(Printer, CurrentSpelling) {
  const char* text =
      "enable f16;requires pointer_composite_access;diagnostic(off,derivative_uniformity);"
      "alias T=i32;const_assert 1<2;"
      "fn f(c:bool,x:i32){@diagnostic(off,derivative_uniformity) if c {} "
      "switch x { case 1, default: {} } const_assert 2>1;}";
  std::string out = printed2026(text);
  EXPECT_EQ(out,
            "enable f16;\nrequires pointer_composite_access;\n"
            "diagnostic(off, derivative_uniformity);\nalias T = i32;\nconst_assert 1 < 2;\n\n"
            "fn f(c: bool, x: i32) {\n  @diagnostic(off, derivative_uniformity) if c {\n  }\n"
            "  switch x {\n    case 1, default: {\n    }\n  }\n  const_assert 2 > 1;\n}\n");
  EXPECT_EQ(printed2026(out), out);
  // The seed keeps its own spelling.
  EXPECT_EQ(printed("type T = i32; staticAssert 1 < 2;"), "type T = i32;\nstaticAssert 1 < 2;\n");
}

// new#syntax-switch_body, new#syntax-loop_statement, new#syntax-continuing_compound_statement,
// new#syntax-compound_statement: the attributes of a body (`switch x @diagnostic(...) {`,
// `loop @diagnostic(...) {`, the bodies of if, else, case, for, while and functions) are
// printed where they were written, so the printed text parses back to the same printing.
TEST(Printer, BodyAttributes) {
  const char* text =
      "fn f(c:bool,x:i32) @diagnostic(off,derivative_uniformity) {"
      "switch x @diagnostic(off,derivative_uniformity) { case 1: @diagnostic(info,"
      "derivative_uniformity) {} default {} }"
      "switch (x) /* a comment */ @diagnostic(warning,derivative_uniformity) { default {} }"
      "@diagnostic(off,derivative_uniformity) loop @diagnostic(warning,derivative_uniformity) {"
      "break; continuing @diagnostic(info,derivative_uniformity) { break if c; } }"
      "if c @diagnostic(off,derivative_uniformity) {} else @diagnostic(info,"
      "derivative_uniformity) {}"
      "while c @diagnostic(off,derivative_uniformity) { break; }"
      "for (;c;) @diagnostic(off,derivative_uniformity) { break; } }";
  std::string out = printed2026(text);
  EXPECT_EQ(out,
            "fn f(c: bool, x: i32) @diagnostic(off, derivative_uniformity) {\n"
            "  switch x @diagnostic(off, derivative_uniformity) {\n"
            "    case 1: @diagnostic(info, derivative_uniformity) {\n    }\n"
            "    default: {\n    }\n  }\n"
            "  switch (x) @diagnostic(warning, derivative_uniformity) {\n"
            "    default: {\n    }\n  }\n"
            "  @diagnostic(off, derivative_uniformity) loop @diagnostic(warning, "
            "derivative_uniformity) {\n    break;\n"
            "    continuing @diagnostic(info, derivative_uniformity) {\n      break if c;\n    }\n"
            "  }\n"
            "  if c @diagnostic(off, derivative_uniformity) {\n  } else @diagnostic(info, "
            "derivative_uniformity) {\n  }\n"
            "  while c @diagnostic(off, derivative_uniformity) {\n    break;\n  }\n"
            "  for (; c; ) @diagnostic(off, derivative_uniformity) {\n    break;\n  }\n}\n");
  EXPECT_EQ(printed2026(out), out);
}

// #comments: block comments nest, and a line-ending comment ends at any line break; the
// attributes after such comments are still the body's (the lexer finds them: next_token.h).
TEST(Printer, BodyAttributesAfterNestedAndLineComments) {
  std::string out = printed2026(
      "fn f() { loop /* a /* nested */ comment */ @diagnostic(off,derivative_uniformity) {"
      " break; continuing // a line comment\v"
      "@diagnostic(info,derivative_uniformity) { break if true; } } }");
  EXPECT_EQ(out,
            "fn f() {\n  loop @diagnostic(off, derivative_uniformity) {\n    break;\n"
            "    continuing @diagnostic(info, derivative_uniformity) {\n      break if true;\n"
            "    }\n  }\n}\n");
}

TEST(Printer, CanonicalLayout) {
  EXPECT_EQ(printed("fn   main( )  {return  ;}"), "fn main() {\n  return;\n}\n");
  EXPECT_EQ(printed("struct S{a:f32,b:i32,}"), "struct S {\n  a: f32,\n  b: i32,\n}\n");
  EXPECT_EQ(printed("var<storage,read_write>b:array<u32>;"),
            "var<storage, read_write> b: array<u32>;\n");
  EXPECT_EQ(printed("@group(0)@binding(1,)var t:texture_2d<f32>;"),
            "@group(0) @binding(1) var t: texture_2d<f32>;\n");
  EXPECT_EQ(printed("// comment\nconst /* inner */ c = 1;"), "const c = 1;\n");
}

TEST(Printer, KeepsTokensApart) {
  // `- -x` and `& &x` must not print as `--x` / `&&x`.
  EXPECT_EQ(printed("fn f() { let a = - -x; let b = & &y; let c = a--b; }"),
            "fn f() {\n  let a = - -x;\n  let b = & &y;\n  let c = a - -b;\n}\n");
}

TEST(Printer, IntegerLiteralBeforeAMemberAccess) {
  // Found by the corpus triage: `1 .x` printed as `1.x` lexes as the float `1.` then `x`.
  EXPECT_EQ(printed("const a = 1 .x;"), "const a = 1 .x;\n");
  for (const char* text : {"const a = 1 .x;", "const a = 0 .flat;", "const a = 0x1F .c;",
                           "const a = 1 .e5;", "const a = 0x1 .p3;", "const a = 7u.x;",
                           "const a = 1..x;", "const a = 1e5.x;", "const a = (1).x;"}) {
    EXPECT_EQ(testing::roundTripProblem(text), "") << text;
  }
}

TEST(Printer, Statements) {
  std::string text = R"(fn f() {
  loop {
    if i >= 4 {
      break;
    } else if i == 2 {
      continue;
    } else {
      discard;
    }
    continuing {
      i++;
      break if i > 9;
    }
  }
  for (var i = 0; i < 4; i += 1) {
    x[i] = 1;
  }
  for (; ; ) {
  }
  switch x {
    case 1, 2: {
      fallthrough;
    }
    default: {
    }
  }
  while a {
  }
  _ = f(1, 2);
  g();
  *p = 1;
  (*q).x -= 2;
  staticAssert true;
  ;
  {
  }
}
)";
  EXPECT_EQ(printed(text), text);
}

TEST(Printer, RoundTripsTrickyForms) {
  for (const char* text : {
           "var<private> a: array<vec4<f32>>;",
           "fn f() { let v: vec2<f32>= x; }",
           "fn f() { let p: ptr<function, array<vec2<f32>>>= &a; }",
           "fn f() { let b = bitcast<vec4<u32>>(x); }",
           "fn f() { let c = a & b&&c; }",
           "fn f() { x >>= 1u; x <<= 2u; }",
           "const m = mat2x2(1.0, 2.0, 3.0, 4.0);",
           "const v = vec3<f32>(1.0, 2e-3, 0x1p4f);",
           "fn f() -> @location(0) @interpolate(flat) vec4<u32> { return v; }",
           "@compute @workgroup_size(8, 8, 1) fn main(@builtin(local_invocation_id) l: vec3<u32>) {}",
           "type T = ptr<storage, atomic<u32>, read_write>;",
           "var t: texture_storage_2d_array<rgba8unorm, write>;",
           "var t: texture_depth_multisampled_2d;",
           "var s: sampler_comparison;",
           "var t: texture_multisampled_2d<i32>;",
           "var e: texture_external;",
           "fn f() { a[0][1].x.yz[2] = 1; }",
           "enable f16; const h = 1.5h;",
           "override o: f32;",
           "@id(3) override o = 4;",
           "staticAssert 1 < 2;",
           "fn f() { var<function> x: i32 = 1; const c = 2; }",
           "fn f() { if (a) { } else { } }",
       }) {
    EXPECT_EQ(testing::roundTripProblem(text), "") << text;
  }
}

}  // namespace
}  // namespace plumb
