// The built-in input and output values of entry points (#builtin-values), as data: the
// `builtin` attribute names one of them; entry-point checking reads stage, direction and type.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace plumb {

enum class ShaderStage : uint8_t { None, Vertex, Fragment, Compute };

std::string_view spelling(ShaderStage s);

struct BuiltinValue {
  std::string_view name;
  ShaderStage stage;
  bool input;             // input to the stage, else output
  std::string_view type;  // as WGSL spells it: "u32", "vec4<f32>", ...
  /// Revision 2026 only (Revision::currentBuiltinValues): new#builtin-inputs-outputs.
  bool current = false;
  /// The enable-extension the value needs (new#extension-list), or empty.
  std::string_view extension = {};
  /// A language feature the value also needs (new#language-extensions-sec), or empty: Plumb
  /// supports them all, so it is only documentation.
  std::string_view languageFeature = {};
};

/// The table "Built-in input and output values", one row per (name, stage, direction): the
/// name `position` has two rows (a vertex output and a fragment input).
std::span<const BuiltinValue> builtinValues();

/// True if `name` names a built-in value in some row (`current`: of revision 2026 too).
bool isBuiltinValueName(std::string_view name, bool current = false);

}  // namespace plumb
