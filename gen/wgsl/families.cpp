#include "gen/wgsl/families.h"

namespace plumb::gen {

const std::vector<std::unique_ptr<Family>>& families() {
  static const std::vector<std::unique_ptr<Family>> all = [] {
    std::vector<std::unique_ptr<Family>> v;
    v.push_back(wgsl::makeNumericsFamily());
    v.push_back(wgsl::makeOverloadsFamily());
    v.push_back(wgsl::makeBehaviorFamily());
    v.push_back(wgsl::makeUniformityFamily());
    v.push_back(wgsl::makeRuntimeFamily());
    v.push_back(wgsl::makeLitmusFamily());
    return v;
  }();
  return all;
}

}  // namespace plumb::gen
