// Numeric literals (#literals): their form, and the shader-creation errors a literal's text
// alone can cause (#literals, the list after "Mapping literals to types").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace plumb {

enum class LiteralSuffix : uint8_t { None, I, U, F, H };

struct NumericLiteralForm {
  bool isFloat = false;
  bool isHex = false;
  LiteralSuffix suffix = LiteralSuffix::None;
};

/// The form of text the lexer matched as an int_literal or float_literal.
NumericLiteralForm classifyNumericLiteral(std::string_view text);

/// Length of the longest numeric literal at the start of `text` (int_literal,
/// decimal_float_literal or hex_float_literal), or 0. `isFloat` tells which kind matched.
size_t matchNumericLiteral(std::string_view text, bool& isFloat);

struct LiteralProblem {
  std::string message;  // empty when the literal is fine
  std::string rule;
};

/// Checks the representability rules of #literals:
///  - an integer literal with an `i`/`u` suffix must be representable in i32/u32;
///  - a hexadecimal float with `f`/`h` must not overflow and must be exact in f32/f16;
///  - a decimal float with `f`/`h` must not overflow f32/f16.
/// For unsuffixed literals the seed is silent (inventory C1); Plumb applies the reading of
/// the 2026 spec (docs/ambiguities.md): AbstractInt literals must lie in [0, 2^63) and
/// AbstractFloat literals must not exceed the largest finite binary64 value.
/// "Overflow" means the magnitude exceeds the largest finite value of the type.
LiteralProblem checkNumericLiteral(std::string_view text);

}  // namespace plumb
