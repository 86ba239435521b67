// Test access to the Checker's internal steps that the spec names on their own: the conversion
// rank of a pair of types (#conversion-rank) and overload resolution
// (#overload-resolution-section). Checker declares this struct its friend; only the tests use it.
#pragma once

#include "checker/wgsl/checker_impl.h"

namespace plumb {

struct CheckerTestAccess {
  static constexpr int kInfiniteRank = Checker::kInfiniteRank;

  static int conversionRank(const Checker& c, Type src, Type dst) {
    return c.conversionRank(src, dst);
  }

  template <class... Args>
  static auto selectOverload(Checker& c, Args&&... args) {
    return c.selectOverload(std::forward<Args>(args)...);
  }
};

}  // namespace plumb
