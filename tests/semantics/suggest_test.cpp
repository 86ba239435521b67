// Name suggestions (semantics/suggest.h) and the current-WGSL hints (semantics/wgsl/revision_hints.h).
#include <gtest/gtest.h>

#include "semantics/wgsl/revision_hints.h"
#include "semantics/suggest.h"

namespace plumb {
namespace {

TEST(Suggest, EditDistanceCountsAdjacentTranspositionsOnce) {
  EXPECT_EQ(editDistance("scael", "scale"), 1u);
  EXPECT_EQ(editDistance("clmap", "clamp"), 1u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(editDistance("same", "same"), 0u);
}

TEST(Suggest, ClosestNameIsCloseEnoughOrNothing) {
  EXPECT_EQ(closestName("scael", {"s", "scale", "color"}), "scale");
  EXPECT_EQ(closestName("chek", {"parse", "check", "eval"}), "check");
  EXPECT_EQ(closestName("xyzzy", {"x", "y", "scale"}), std::nullopt);
  EXPECT_EQ(closestName("ab", {"ab"}), std::nullopt);  // never the name itself
  // Ties: the first candidate (the innermost scope) wins.
  EXPECT_EQ(closestName("val", {"vaa", "vbl"}), "vaa");
}

TEST(RevisionHints, CurrentWgslWordsAndAliases) {
  ASSERT_TRUE(currentWgslHint("vec3f"));
  EXPECT_NE(currentWgslHint("vec3f")->find("write vec3<f32>"), std::string::npos);
  EXPECT_NE(currentWgslHint("mat4x2h")->find("write mat4x2<f16>"), std::string::npos);
  EXPECT_NE(currentWgslHint("vec2i")->find("--revision 2026"), std::string::npos);
  EXPECT_NE(currentWgslHint("alias")->find("'type NAME = TYPE;'"), std::string::npos);
  EXPECT_NE(currentWgslHint("const_assert")->find("staticAssert"), std::string::npos);
  EXPECT_TRUE(currentWgslHint("diagnostic"));
  EXPECT_TRUE(currentWgslHint("requires"));
  EXPECT_FALSE(currentWgslHint("mat2x2i"));  // no integer matrices
  EXPECT_FALSE(currentWgslHint("vec5f"));
  EXPECT_FALSE(currentWgslHint("scale"));
}

}  // namespace
}  // namespace plumb
