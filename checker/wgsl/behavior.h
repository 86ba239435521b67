// Behaviors (#behaviors): how execution may proceed after a statement or expression completes.
#pragma once

#include <cstdint>
#include <string>

namespace plumb {

/// A behavior: a set of the elements below. kNotAnalyzed marks statements the analysis did not
/// reach (none in a checked module: statically unreachable statements are still analyzed).
using Behavior = uint8_t;
// The elements (#behaviors: "A behavior is a set, whose elements may be ...").
inline constexpr Behavior kReturn = 1u << 0;
inline constexpr Behavior kDiscard = 1u << 1;
inline constexpr Behavior kBreak = 1u << 2;
inline constexpr Behavior kContinue = 1u << 3;
inline constexpr Behavior kFallthrough = 1u << 4;
inline constexpr Behavior kNext = 1u << 5;
inline constexpr Behavior kNotAnalyzed = 0x80;

/// "{Next, Return}": the elements in the order the spec lists them.
std::string behaviorText(Behavior b);

}  // namespace plumb
