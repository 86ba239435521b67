// new#template-list-discovery: the notes' examples of the algorithm, and its linear time.
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "semantics/wgsl/template_list_discovery.h"

namespace plumb {
namespace {

/// The discovered lists as "start-end" offsets, in discovery order.
std::vector<std::pair<uint32_t, uint32_t>> lists(const std::string& text) {
  SourceFile file("t.wgsl", text);
  std::vector<std::pair<uint32_t, uint32_t>> out;
  for (const TemplateList& l : discoverTemplateLists(file, Revision::wgsl2026()))
    out.push_back({l.start, l.end});
  return out;
}

using Lists = std::vector<std::pair<uint32_t, uint32_t>>;

TEST(TemplateListDiscovery, TheSpecNotes) {
  // "In the phrase A ( B < C, D > ( E ) ), the segment < C, D > is a template list."
  EXPECT_EQ(lists("A ( B < C, D > ( E ) )"), (Lists{{6, 13}}));
  // "in array<i32,select(2,3,a>b)>, the template list has three parameters"
  EXPECT_EQ(lists("array<i32,select(2,3,a>b)>"), (Lists{{5, 25}}));
  // "a[b<d]>() does not contain a valid template list"
  EXPECT_EQ(lists("a[b<d]>()"), Lists{});
  // "A<B<<C>": the initial '<' and final '>' are the only delimiters.
  EXPECT_EQ(lists("A<B<<C>"), (Lists{{1, 6}}));
  EXPECT_EQ(lists("A<B<=C>"), (Lists{{1, 6}}));
  EXPECT_EQ(lists("A<(B>=C)>"), (Lists{{1, 8}}));
  EXPECT_EQ(lists("A<(B!=C)>"), (Lists{{1, 8}}));
  EXPECT_EQ(lists("A<(B==C)>"), (Lists{{1, 8}}));
  // "no template list will be found in the program fragment a<b || c>d"
  EXPECT_EQ(lists("a<b || c>d"), Lists{});
}

TEST(TemplateListDiscovery, NestingAndAssignments) {
  // `>>` closes two lists, one code point each.
  EXPECT_EQ(lists("array<vec4<f32>>"), (Lists{{10, 14}, {5, 15}}));
  // An assignment, ';', '{' and ':' clear the candidates.
  EXPECT_EQ(lists("a < b; c > d"), Lists{});
  EXPECT_EQ(lists("x = a < b; y = c > d;"), Lists{});
  // Literals are skipped: the f of 1.0f is not an identifier.
  EXPECT_EQ(lists("1.0f<2>"), Lists{});
  // Comments and blankspace between the identifier and '<'.
  EXPECT_EQ(lists("vec3 /* c */ <f32>"), (Lists{{13, 17}}));
  // `var<storage, read_write>`: keywords are ident_pattern_tokens too.
  EXPECT_EQ(lists("var<storage, read_write> b: i32;"), (Lists{{3, 23}}));
}

TEST(TemplateListDiscovery, LinearTime) {
  // Pathological input for a quadratic implementation: many unclosed candidates, then many
  // closers at other depths. One pass over 4 MB takes well under a second.
  std::string text;
  for (int i = 0; i < 400000; ++i) text += "a<(";
  for (int i = 0; i < 400000; ++i) text += ")>";
  auto start = std::chrono::steady_clock::now();
  auto found = lists(text);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(found.size(), 400000u);
  EXPECT_LT(seconds, 20.0);  // generous for sanitizer builds; typically ~0.1 s
}

}  // namespace
}  // namespace plumb
