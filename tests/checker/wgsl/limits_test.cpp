// #limits (the seed: maxima, errors beyond them) and new#limits (revision 2026, delta 1.8:
// minimum supported values; beyond them an implementation may accept or reject, so Plumb
// accepts with a warning naming the limit): each limit on both sides of both boundaries.
#include <gtest/gtest.h>

#include "check_util.h"

namespace plumb {
namespace {

using testing::checkSourceIn;

size_t limitWarnings(const testing::CheckResult& r) {
  size_t n = 0;
  for (const Diagnostic& d : r.diagnostics.all())
    if (d.severity == Severity::Warning && d.rule == "limits") ++n;
  return n;
}

std::string structWithMembers(size_t n) {
  std::string s = "struct S {";
  for (size_t i = 0; i < n; ++i) s += " m" + std::to_string(i) + ": i32,";
  return s + " }";
}

// `depth` levels of composite nesting: S0 holds an array of arrays ... of i32.
std::string nestedComposite(size_t depth) {
  std::string t = "i32";
  for (size_t i = 1; i < depth; ++i) t = "array<" + t + ", 1>";
  return "struct S { m: " + t + " }";
}

std::string nestedBraces(size_t depth) {
  std::string body;
  for (size_t i = 1; i < depth; ++i) body += "{";
  for (size_t i = 1; i < depth; ++i) body += "}";
  return "fn f() {" + body + "}";
}

std::string switchWithSelectors(size_t cases) {
  std::string s = "fn f(x: i32) { switch x { case ";
  for (size_t i = 0; i < cases; ++i) s += (i ? ", " : "") + std::to_string(i);
  return s + " {} default {} } }";
}

std::string arrayOfElements(size_t n) {
  std::string s = "fn f() { let a = array<i32, " + std::to_string(n) + ">(";
  for (size_t i = 0; i < n; ++i) s += i ? ",0" : "0";
  return s + "); }";
}

struct LimitCase {
  const char* limit;
  std::string source;
  bool seedValid;
  bool currentWarns;  // 2026: valid either way; a `limits` warning beyond the minimum
};

TEST(Limits, BothRevisions) {
  const LimitCase cases[] = {
      {"1023 members", structWithMembers(1023), true, false},
      {"1024 members", structWithMembers(1024), true, true},
      {"16384 members", structWithMembers(16384), false, true},
      {"composite nesting 15", nestedComposite(15), true, false},
      {"composite nesting 16", nestedComposite(16), true, true},
      {"brace nesting 127", nestedBraces(127), true, false},
      {"brace nesting 128", nestedBraces(128), true, true},
      {"1022 case selectors and default", switchWithSelectors(1022), true, false},
      {"1023 case selectors and default", switchWithSelectors(1023), true, true},
      {"2047 array constructor elements", arrayOfElements(2047), true, false},
      {"2048 array constructor elements", arrayOfElements(2048), true, true},
  };
  for (const LimitCase& c : cases) {
    auto seed = checkSourceIn(Revision::wgsl2022_06(), c.source);
    EXPECT_EQ(seed->valid(), c.seedValid) << c.limit << " under 2022-06\n" << seed->text();
    if (!c.seedValid && !seed->rules().empty()) {
      EXPECT_EQ(seed->rules()[0], "limits") << c.limit;
    }
    EXPECT_EQ(limitWarnings(*seed), 0u) << c.limit;
    auto current = checkSourceIn(Revision::wgsl2026(), c.source);
    EXPECT_TRUE(current->valid()) << c.limit << " under 2026\n" << current->text();
    EXPECT_EQ(limitWarnings(*current), c.currentWarns ? 1u : 0u) << c.limit << " under 2026\n"
                                                                 << current->text();
  }
}

// new#limits' byte sizes (revision 2026): the private variables a shader statically accesses
// (8192), the function-scope variables of one function (8192), the workgroup variables a
// shader statically accesses (16384) and an immediate data variable (64), each by SizeOf
// (new#alignment-and-size; bool is 4 bytes). The seed has no such limit: valid, no warning.
TEST(Limits, ByteSizesBothRevisions) {
  auto compute = [](const std::string& declarations, const std::string& body) {
    return declarations + " @compute @workgroup_size(1) fn main() { " + body + " }";
  };
  const LimitCase cases[] = {
      {"8192 private bytes", compute("var<private> a: array<u32, 2048>;", "a[0] = 1u;"), true,
       false},
      {"8196 private bytes", compute("var<private> a: array<u32, 2049>;", "a[0] = 1u;"), true,
       true},
      {"8196 private bytes, not statically accessed",
       compute("var<private> a: array<u32, 2049>;", ""), true, false},
      {"8196 private bytes of bool", compute("var<private> a: array<bool, 2049>;", "a[0] = true;"),
       true, true},
      {"4096 + 4100 private bytes, one through a function",
       "var<private> a: array<u32, 1024>; var<private> b: array<vec4<u32>, 256>;"
       " var<private> c: u32; fn f() { c = 1u; }" +
           compute("", "a[0] = 1u; b[0].x = 1u; f();"),
       true, true},
      {"8192 function-scope bytes", "fn f() { var a: array<u32, 1024>; var b: array<u32, 1024>; }",
       true, false},
      {"8196 function-scope bytes",
       "fn f() { var a: array<u32, 1024>; { var b: array<u32, 1025>; } }", true, true},
      {"16384 workgroup bytes", compute("var<workgroup> w: array<u32, 4096>;", "w[0] = 1u;"), true,
       false},
      {"16400 workgroup bytes (4096 u32 and a vec3<u32>, rounded up to 16)",
       compute("struct S { a: array<u32, 4096>, b: vec3<u32> } var<workgroup> w: S;",
               "w.b.x = 1u;"),
       true, true},
  };
  for (const LimitCase& c : cases) {
    auto seed = checkSourceIn(Revision::wgsl2022_06(), c.source);
    EXPECT_EQ(seed->valid(), c.seedValid) << c.limit << " under 2022-06\n" << seed->text();
    EXPECT_EQ(limitWarnings(*seed), 0u) << c.limit;
    auto current = checkSourceIn(Revision::wgsl2026(), c.source);
    EXPECT_TRUE(current->valid()) << c.limit << " under 2026\n" << current->text();
    EXPECT_EQ(limitWarnings(*current), c.currentWarns ? 1u : 0u) << c.limit << " under 2026\n"
                                                                 << current->text();
  }
}

// new#limits: "Maximum byte-size of an immediate data variable" (64): a structure of four
// vec4<u32> (64 bytes), and with one more u32 (80 bytes: rounded up to its alignment, 16).
TEST(Limits, ImmediateDataBytes) {
  auto source = [](bool more) {
    return std::string("struct S { a: vec4u, b: vec4u, c: vec4u, d: vec4u,") +
           (more ? " e: u32," : "") +
           " } var<immediate> d: S; @compute @workgroup_size(1) fn main() { let x = d.a; }";
  };
  auto at = checkSourceIn(Revision::wgsl2026(), source(false));
  EXPECT_TRUE(at->valid()) << at->text();
  EXPECT_EQ(limitWarnings(*at), 0u) << at->text();
  auto beyond = checkSourceIn(Revision::wgsl2026(), source(true));
  EXPECT_TRUE(beyond->valid()) << beyond->text();
  EXPECT_EQ(limitWarnings(*beyond), 1u) << beyond->text();
}

// new#limits: for the workgroup limit "a fixed-footprint array is treated as a creation-fixed
// footprint array when substituting the override value": known at pipeline creation only.
TEST(Limits, WorkgroupBytesOfAnOverrideSizedArrayAtPipelineCreation) {
  std::string source =
      "override n = 4097; var<workgroup> w: array<u32, n>;"
      " @compute @workgroup_size(1) fn main() { w[0] = 1u; }";
  auto shader = checkSourceIn(Revision::wgsl2026(), source);
  EXPECT_TRUE(shader->valid()) << shader->text();
  EXPECT_EQ(limitWarnings(*shader), 0u) << shader->text();
  CheckOptions pipeline;
  pipeline.pipelineCreation = true;
  auto beyond = checkSourceIn(Revision::wgsl2026(), source, pipeline);
  EXPECT_TRUE(beyond->valid()) << beyond->text();
  EXPECT_EQ(limitWarnings(*beyond), 1u) << beyond->text();
  pipeline.overrides = {{"n", "4096"}};
  auto within = checkSourceIn(Revision::wgsl2026(), source, pipeline);
  EXPECT_TRUE(within->valid()) << within->text();
  EXPECT_EQ(limitWarnings(*within), 0u) << within->text();
}

TEST(Limits, BraceDepthCountsEveryBody) {
  // The function body, the loop, the continuing statement and the if's body: 4 levels; the
  // switch, its case body and the else-if's body also count.
  std::string loop = "fn f(x: i32) { loop { continuing { if x > 0 { } break if true; } } }";
  std::string deep = "fn f(x: i32) { switch x { default { if x > 1 { } else if x > 2 { {} } } } }";
  for (const std::string& s : {loop, deep})
    EXPECT_TRUE(checkSourceIn(Revision::wgsl2026(), s)->valid()) << s;
  // 125 levels of braces inside a loop body inside the function: 127, within the limit; one
  // more is beyond it.
  auto wrap = [](size_t n) {
    std::string open, close;
    for (size_t i = 0; i < n; ++i) open += "{", close += "}";
    return "fn f() { loop { " + open + close + " break; } }";
  };
  EXPECT_EQ(limitWarnings(*checkSourceIn(Revision::wgsl2026(), wrap(125))), 0u);
  EXPECT_EQ(limitWarnings(*checkSourceIn(Revision::wgsl2026(), wrap(126))), 1u);
}

}  // namespace
}  // namespace plumb
