// The WGSL families of `plumb gen` (docs/gen.md), one file each, in the order `all` runs them.
#pragma once

#include <memory>

#include "gen/family.h"

namespace plumb::gen::wgsl {

std::unique_ptr<Family> makeNumericsFamily();    // numerics.cpp
std::unique_ptr<Family> makeOverloadsFamily();   // overloads.cpp
std::unique_ptr<Family> makeBehaviorFamily();    // behavior.cpp
std::unique_ptr<Family> makeUniformityFamily();  // uniformity.cpp
std::unique_ptr<Family> makeRuntimeFamily();     // runtime.cpp
std::unique_ptr<Family> makeLitmusFamily();      // litmus.cpp

}  // namespace plumb::gen::wgsl
