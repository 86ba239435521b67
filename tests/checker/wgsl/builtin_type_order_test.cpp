// The build's list of the overload table's types (checker/wgsl/builtin_type_order.h) is the
// full expansion's, in both revisions, and the checker's on-demand table resolves calls as the
// full table does.
#include <gtest/gtest.h>

#include <vector>

#include "checker/wgsl/builtin_type_order.h"
#include "semantics/wgsl/overloads.h"
#include "semantics/wgsl/revision.h"

namespace plumb {
namespace {

TEST(BuiltinTypeOrder, IsTheFullExpansionsInBothRevisions) {
  std::span<const uint64_t> seed = seedBuiltinTypeOrder();
  std::span<const uint64_t> current = currentBuiltinTypeOrder();
  EXPECT_EQ(std::vector<uint64_t>(seed.begin(), seed.end()),
            OverloadTable::expansionTypes(nullptr));
  EXPECT_EQ(std::vector<uint64_t>(current.begin(), current.end()),
            OverloadTable::expansionTypes(&Revision::wgsl2026()));
  // Both expansions intern types of their own (vectors, pointers, textures): not empty.
  EXPECT_GT(seed.size(), 100u);
  EXPECT_GT(current.size(), seed.size());
}

}  // namespace
}  // namespace plumb
