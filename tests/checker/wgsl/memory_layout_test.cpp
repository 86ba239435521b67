// #memory-layouts: AlignOf and SizeOf of every host-shareable type shape, structure member
// offsets (the spec's two layout examples, read from their comments), array strides,
// @align/@size, and the address-space layout constraints of uniform and storage buffers.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "check_util.h"
#include "checker/wgsl/byte_size.h"
#include "test_data.h"

namespace plumb {
namespace {

using testing::checkSource;

// The layout of the type an alias names.
TypeLayout layoutOf(const std::string& type, bool f16 = false) {
  auto r = checkSource(std::string(f16 ? "enable f16;\n" : "") + "type T = " + type + ";\n");
  EXPECT_TRUE(r->valid()) << type << "\n" << r->text();
  if (!r->valid()) return {};
  return r->checked->layouts.of(r->declaration("T")->type);
}

struct Row {
  const char* type;
  uint64_t align, size;
};

// The table "Alignment and size for host-shareable types" (#alignment-and-size), every row,
// with the general forms expanded for i32, u32 and f32.
TEST(MemoryLayout, AlignmentAndSizeTable) {
  const Row rows[] = {
      {"i32", 4, 4}, {"u32", 4, 4}, {"f32", 4, 4}, {"f16", 2, 2},
      {"atomic<i32>", 4, 4}, {"atomic<u32>", 4, 4},
      {"vec2<i32>", 8, 8}, {"vec2<u32>", 8, 8}, {"vec2<f32>", 8, 8}, {"vec2<f16>", 4, 4},
      {"vec3<i32>", 16, 12}, {"vec3<u32>", 16, 12}, {"vec3<f32>", 16, 12}, {"vec3<f16>", 8, 6},
      {"vec4<i32>", 16, 16}, {"vec4<u32>", 16, 16}, {"vec4<f32>", 16, 16}, {"vec4<f16>", 8, 8},
      {"mat2x2<f32>", 8, 16}, {"mat2x2<f16>", 4, 8},
      {"mat3x2<f32>", 8, 24}, {"mat3x2<f16>", 4, 12},
      {"mat4x2<f32>", 8, 32}, {"mat4x2<f16>", 4, 16},
      {"mat2x3<f32>", 16, 32}, {"mat2x3<f16>", 8, 16},
      {"mat3x3<f32>", 16, 48}, {"mat3x3<f16>", 8, 24},
      {"mat4x3<f32>", 16, 64}, {"mat4x3<f16>", 8, 32},
      {"mat2x4<f32>", 16, 32}, {"mat2x4<f16>", 8, 16},
      {"mat3x4<f32>", 16, 48}, {"mat3x4<f16>", 8, 24},
      {"mat4x4<f32>", 16, 64}, {"mat4x4<f16>", 8, 32},
      // array<E, N>: AlignOf(E), N × roundUp(AlignOf(E), SizeOf(E)).
      {"array<f32, 8>", 4, 32}, {"array<vec3<f32>, 8>", 16, 128}, {"array<vec3<f16>, 3>", 8, 24},
      {"array<mat2x3<f32>, 2>", 16, 64}, {"array<array<vec2<f32>, 3>, 2>", 8, 48},
      {"array<f16, 5>", 2, 10}, {"array<atomic<u32>, 7>", 4, 28},
  };
  for (const Row& row : rows) {
    std::string type = row.type;
    TypeLayout l = layoutOf(type, type.find("f16") != std::string::npos);
    EXPECT_TRUE(l.defined) << type;
    EXPECT_EQ(l.align, row.align) << type;
    EXPECT_EQ(l.size, row.size) << type;
    EXPECT_FALSE(l.overflow) << type;
    EXPECT_EQ(l.runtimeStride, 0u) << type;
  }
}

TEST(MemoryLayout, RuntimeSizedArrays) {
  // #array-layout-examples: stride 4 and 16; SizeOf = N_runtime × stride.
  TypeLayout a = layoutOf("array<f32>");
  EXPECT_EQ(a.align, 4u);
  EXPECT_EQ(a.size, 0u);
  EXPECT_EQ(a.runtimeStride, 4u);
  TypeLayout b = layoutOf("array<vec3<f32>>");
  EXPECT_EQ(b.align, 16u);
  EXPECT_EQ(b.runtimeStride, 16u);
  // A structure ending in one: the fixed part is the last member's offset.
  auto r = checkSource("struct S { a: u32, b: array<vec4<f32>> }");
  ASSERT_TRUE(r->valid()) << r->text();
  Type s = r->declaration("S")->type;
  const TypeLayout& l = r->checked->layouts.of(s);
  EXPECT_EQ(l.align, 16u);
  EXPECT_EQ(l.size, 16u);
  EXPECT_EQ(l.runtimeStride, 16u);
  EXPECT_EQ(r->checked->layouts.members(s)[1].offset, 16u);
}

TEST(MemoryLayout, NotHostShareable) {
  for (const char* t : {"bool", "vec2<bool>", "array<bool, 2>", "sampler", "texture_2d<f32>"})
    EXPECT_FALSE(layoutOf(t).defined) << t;
  auto r = checkSource("struct S { a: f32, b: bool }");
  ASSERT_TRUE(r->valid());
  EXPECT_FALSE(r->checked->layouts.of(r->declaration("S")->type).defined);
  EXPECT_TRUE(r->checked->layouts.members(r->declaration("S")->type).empty());
}

using testing::readFile;

// The examples "Layout of structures using implicit member sizes and alignments" and "... with
// explicit member sizes and alignments" state every offset, alignment and size in comments:
// `u: f32, // offset(0) align(4) size(4)` and `struct A { // align(8) size(24)`. The layouts
// Plumb computes must match each comment.
void checkCommentedLayout(int example) {
  char name[32];
  std::snprintf(name, sizeof name, "/spec-examples/%03d.wgsl", example);
  std::string source = readFile(std::string(PLUMB_TEST_DATA_DIR) + name);
  ASSERT_FALSE(source.empty());
  auto r = checkSource(source);
  ASSERT_TRUE(r->valid()) << r->text();
  std::regex structLine(R"(^\s*struct (\w+) \{\s*// +align\((\d+)\) +size\((\d+)\))");
  std::regex memberLine(
      R"(^\s*(?:@\w+\(\d+\) )*(\w+): .*//.*offset\((\d+)\) +align\((\d+)\) +size\((\d+)\))");
  std::istringstream in(source);
  std::string line;
  Type current;
  size_t member = 0, checked = 0;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, structLine)) {
      current = r->declaration(m[1].str())->type;
      member = 0;
      const TypeLayout& l = r->checked->layouts.of(current);
      EXPECT_EQ(l.align, std::stoull(m[2])) << line;
      EXPECT_EQ(l.size, std::stoull(m[3])) << line;
      ++checked;
    } else if (current && std::regex_search(line, m, memberLine)) {
      const StructInfo& info = r->checked->types.structInfo(current);
      ASSERT_LT(member, info.members.size()) << line;
      EXPECT_EQ(info.members[member].name, m[1].str()) << line;
      const MemberLayout& ml = r->checked->layouts.members(current)[member];
      EXPECT_EQ(ml.offset, std::stoull(m[2])) << line;
      EXPECT_EQ(ml.align, std::stoull(m[3])) << line;
      EXPECT_EQ(ml.size, std::stoull(m[4])) << line;
      ++member;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 14u);  // two structures, 4 + 8 members
}

TEST(MemoryLayout, SpecExampleImplicitSizesAndAlignments) { checkCommentedLayout(16); }
TEST(MemoryLayout, SpecExampleExplicitSizesAndAlignments) { checkCommentedLayout(17); }

TEST(MemoryLayout, ArrayStrideComments) {
  // "element stride 24" / "element stride 32" in the same examples.
  for (auto [example, stride] : {std::pair{16, 24u}, std::pair{17, 32u}}) {
    char name[32];
    std::snprintf(name, sizeof name, "/spec-examples/%03d.wgsl", example);
    auto r = checkSource(readFile(std::string(PLUMB_TEST_DATA_DIR) + name));
    ASSERT_TRUE(r->valid());
    Type b = r->declaration("B")->type;
    EXPECT_EQ(r->checked->layouts.strideOf(r->checked->types.structInfo(b).members[6].type),
              stride);
  }
}

// ----------------------------------------------------------------- @align and @size

struct Case {
  const char* source;
  const char* rule;  // nullptr: valid
};

void expectCases(std::initializer_list<Case> cases) {
  for (const Case& c : cases) {
    auto r = checkSource(c.source);
    if (!c.rule) {
      EXPECT_TRUE(r->valid()) << c.source << "\n" << r->text();
    } else {
      ASSERT_FALSE(r->valid()) << c.source;
      EXPECT_EQ(r->rules().front(), c.rule) << c.source << "\n" << r->text();
    }
  }
}

TEST(MemoryLayout, AlignAndSizeAttributes) {
  expectCases({
      {"struct S { @align(16) a: f32 }", nullptr},
      {"struct S { @align(1) a: vec4<f32> }", nullptr},  // no constraint outside buffers
      {"struct S { @align(3) a: f32 }", "attribute-align"},
      {"struct S { @align(0) a: f32 }", "attribute-align"},
      {"struct S { @align(16u) a: f32 }", "attribute-align"},
      {"struct S { @align(16i) a: f32 }", nullptr},
      {"struct S { @align(2147483648) a: f32 }", "attribute-align"},
      {"const n = 16; struct S { @align(n) a: f32 }", "attribute-align"},
      {"struct S { @align(4, 4) a: f32 }", "attribute-align"},
      {"struct S { @size(4) a: f32 }", nullptr},
      {"struct S { @size(3) a: f32 }", "attribute-size"},
      {"struct S { @size(11) a: vec3<f32> }", "attribute-size"},
      {"struct S { @size(12) a: vec3<f32> }", nullptr},
      {"struct S { @size(0) a: f32 }", "attribute-size"},
      {"struct S { @size(64) a: array<f32> }", "attribute-size"},
      {"struct S { @size(1) a: bool }", nullptr},  // SizeOf(bool) undefined: docs/ambiguities.md
      {"struct S { @size(4) @size(4) a: f32 }", "attributes"},
      {"@size(4) var<private> x: f32;", "attribute-size"},
      {"fn f(@align(4) x: f32) {}", "attribute-align"},
  });
  auto r = checkSource("struct S { a: f32, @align(32) @size(20) b: f32, c: f32 }");
  ASSERT_TRUE(r->valid()) << r->text();
  Type s = r->declaration("S")->type;
  auto m = r->checked->layouts.members(s);
  EXPECT_EQ(m[1].offset, 32u);
  EXPECT_EQ(m[1].size, 20u);
  EXPECT_EQ(m[2].offset, 52u);
  EXPECT_EQ(r->checked->layouts.of(s).align, 32u);
  EXPECT_EQ(r->checked->layouts.of(s).size, 64u);
}

// #structure-member-layout is computed once (placeMembers): the layouts of host-shareable
// structures and the fixed-footprint sizes of new#limits (byteSizeOf, which also sizes bool
// as 4 bytes aligned to 4) place the same members at the same offsets.
TEST(MemoryLayout, StructurePlacementIsSharedWithFixedFootprintSizes) {
  const char* shapes[] = {
      "a: f32, @align(32) @size(20) b: X, c: f32",
      "a: vec3<f32>, b: X",
      "@size(6) a: X, b: vec2<u32>, @align(64) c: X",
      "a: X, b: array<X, 3>, c: vec3<u32>",
  };
  for (const char* shape : shapes) {
    std::string u32 = std::regex_replace(shape, std::regex("X"), "u32");
    std::string b = std::regex_replace(shape, std::regex("X"), "bool");
    auto r = checkSource("struct U { " + u32 + " }\nstruct B { " + b + " }\n");
    ASSERT_TRUE(r->valid()) << shape << "\n" << r->text();
    Type u = r->declaration("U")->type, bs = r->declaration("B")->type;
    const TypeLayout l = r->checked->layouts.of(u);  // a copy: of(bs) below may grow the table
    ASSERT_TRUE(l.defined) << shape;
    EXPECT_FALSE(r->checked->layouts.of(bs).defined) << shape;  // bool is not host-shareable
    EXPECT_EQ(byteSizeOf(*r->checked, bs), l.size) << shape;
    // placeMembers itself, with bool sized as u32: the members MemoryLayouts keeps.
    std::optional<StructurePlacement> p =
        placeMembers(r->checked->types.structInfo(bs), [&](Type t) -> std::optional<AlignAndSize> {
          if (t == r->checked->types.boolType()) return AlignAndSize{4, 4};
          const TypeLayout& ml = r->checked->layouts.of(t);
          if (!ml.defined) return std::nullopt;  // array<bool, 3>
          return AlignAndSize{ml.align, ml.size};
        });
    std::span<const MemberLayout> members = r->checked->layouts.members(u);
    if (std::string(shape).find("array") != std::string::npos) {
      EXPECT_FALSE(p) << shape;
      continue;
    }
    ASSERT_TRUE(p) << shape;
    ASSERT_EQ(p->members.size(), members.size()) << shape;
    for (size_t i = 0; i < members.size(); ++i) {
      EXPECT_EQ(p->members[i].offset, members[i].offset) << shape << " #" << i;
      EXPECT_EQ(p->members[i].size, members[i].size) << shape << " #" << i;
    }
    EXPECT_EQ(p->align, l.align) << shape;
  }
}

// ----------------------------------------------------------------- #address-space-layout-constraints

TEST(MemoryLayout, UniformConstraints) {
  expectCases({
      // The spec's examples "Satisfying offset requirements" and "... stride requirements".
      {"struct S { x: f32 }\nstruct Invalid { a: S, b: f32 }\n"
       "@group(0) @binding(0) var<uniform> invalid: Invalid;",
       "address-space-layout-constraints"},
      {"struct S { x: f32 }\nstruct Valid { a: S, @align(16) b: f32 }\n"
       "@group(0) @binding(1) var<uniform> valid: Valid;",
       nullptr},
      {"struct small_stride { a: array<f32,8> }\n"
       "@group(0) @binding(0) var<uniform> invalid: small_stride;",
       "address-space-layout-constraints"},
      {"struct wrapped_f32 { @size(16) elem: f32 }\nstruct big_stride { a: array<wrapped_f32,8> }\n"
       "@group(0) @binding(1) var<uniform> valid: big_stride;",
       nullptr},
      // The same types are fine in storage buffers.
      {"struct S { x: f32 }\nstruct T { a: S, b: f32 }\n"
       "@group(0) @binding(0) var<storage> v: T;",
       nullptr},
      {"struct T { a: array<f32,8> }\n@group(0) @binding(0) var<storage> v: T;", nullptr},
      // An array as the whole store type.
      {"@group(0) @binding(0) var<uniform> v: array<vec2<f32>, 4>;",
       "address-space-layout-constraints"},
      {"@group(0) @binding(0) var<uniform> v: array<vec4<f32>, 4>;", nullptr},
      // A structure member of array or structure type needs offset ≡ 0 mod 16 in uniform.
      {"struct T { a: f32, b: array<vec4<f32>, 2> }\n@group(0) @binding(0) var<uniform> v: T;",
       nullptr},  // b is at 16 (AlignOf(vec4) = 16)
      {"struct U { x: f32 }\nstruct T { a: f32, b: U }\n@group(0) @binding(0) var<uniform> v: T;",
       "address-space-layout-constraints"},  // b at 4, RequiredAlignOf(U, uniform) = 16
      {"struct U { x: f32 }\nstruct T { a: f32, @align(16) b: U }\n"
       "@group(0) @binding(0) var<uniform> v: T;",
       nullptr},
      // The last member may be followed by less than roundUp(16, SizeOf(S)).
      {"struct U { x: f32 }\nstruct T { @align(16) a: U }\n@group(0) @binding(0) var<uniform> v: T;",
       nullptr},
      // Nested: the constraint applies to types referenced indirectly.
      {"struct U { a: array<f32, 4> }\nstruct T { @align(16) u: U }\n"
       "@group(0) @binding(0) var<uniform> v: T;",
       "address-space-layout-constraints"},
  });
}

TEST(MemoryLayout, AlignMustSatisfyRequiredAlignment) {
  expectCases({
      // #attribute-align: n = k × RequiredAlignOf(T, C) for a struct used in C.
      {"struct T { @align(8) a: vec4<f32> }\n@group(0) @binding(0) var<storage> v: T;",
       "attribute-align"},
      {"struct T { @align(8) a: vec4<f32> }\nvar<private> v: T;", nullptr},
      {"struct U { x: f32 }\nstruct T { @align(8) a: U }\n@group(0) @binding(0) var<storage> v: T;",
       nullptr},
      {"struct U { x: f32 }\nstruct T { @align(8) a: U }\n@group(0) @binding(0) var<uniform> v: T;",
       "attribute-align"},
      // An offset that is not a multiple of AlignOf(T) in storage: @align lowered it.
      {"struct T { a: f32, @align(4) b: vec4<f32> }\n@group(0) @binding(0) var<storage> v: T;",
       "address-space-layout-constraints"},
  });
}

TEST(MemoryLayout, ReportsEachViolationOnce) {
  auto r = checkSource(
      "struct S { x: f32 }\nstruct Invalid { a: S, b: f32 }\n"
      "@group(0) @binding(0) var<uniform> u0: Invalid;\n"
      "@group(0) @binding(1) var<uniform> u1: Invalid;\n");
  EXPECT_EQ(r->rules().size(), 1u) << r->text();
}

TEST(MemoryLayout, SizesThatDoNotFitReportAnError) {
  auto r = checkSource(
      "@group(0) @binding(0) var<storage> v: "
      "array<array<array<f32, 2147483647>, 2147483647>, 2147483647>;");
  ASSERT_FALSE(r->valid());
  EXPECT_EQ(r->rules().front(), "memory-layouts") << r->text();
  // Declaring such a type elsewhere is fine: its layout is never needed.
  EXPECT_TRUE(checkSource("type T = array<array<array<f32, 2147483647>, 2147483647>, 2147483647>;")
                  ->valid());
}

TEST(MemoryLayout, StructuresUsingStructuresManyTimesAreLinear) {
  // S1 holds two S0, S2 two S1, ...: 2^60 leaves, but each structure's layout and predicates
  // are computed once.
  std::string src = "struct S0 { x: f32 }\n";
  for (int i = 1; i <= 60; ++i)
    src += "struct S" + std::to_string(i) + " { a: S" + std::to_string(i - 1) + ", b: S" +
           std::to_string(i - 1) + " }\n";
  src += "@group(0) @binding(0) var<storage> v: S20;\n";
  auto r = checkSource(src);
  EXPECT_TRUE(r->valid()) << r->text();
  EXPECT_EQ(r->checked->layouts.of(r->declaration("S20")->type).size, 4u << 20);
}

}  // namespace
}  // namespace plumb
