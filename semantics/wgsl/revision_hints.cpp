// Hints for current-WGSL words under the seed (revision_hints.h).
#include "semantics/wgsl/revision_hints.h"

namespace plumb {

namespace {

constexpr std::string_view kNoRevision =
    " (check current WGSL with --revision 2026; docs/revision-2026.md says what of it Plumb "
    "implements)";

// `vec3f` -> `vec3<f32>`, `mat2x4h` -> `mat2x4<f16>`: current WGSL's predeclared aliases.
std::optional<std::string> expandAlias(std::string_view w) {
  if (w.size() < 2) return std::nullopt;
  char suffix = w.back();
  std::string_view element = suffix == 'i'   ? "i32"
                             : suffix == 'u' ? "u32"
                             : suffix == 'f' ? "f32"
                             : suffix == 'h' ? "f16"
                                             : "";
  if (element.empty()) return std::nullopt;
  std::string_view base = w.substr(0, w.size() - 1);
  bool vector = base.size() == 4 && base.starts_with("vec") && base[3] >= '2' && base[3] <= '4';
  bool matrix = base.size() == 6 && base.starts_with("mat") && base[3] >= '2' && base[3] <= '4' &&
                base[4] == 'x' && base[5] >= '2' && base[5] <= '4';
  if (!vector && !(matrix && (suffix == 'f' || suffix == 'h'))) return std::nullopt;
  return std::string(base) + "<" + std::string(element) + ">";
}

}  // namespace

std::optional<std::string> currentWgslHint(std::string_view word) {
  std::string hint;
  if (std::optional<std::string> full = expandAlias(word))
    hint = "'" + std::string(word) +
           "' is a predeclared alias of current WGSL; the seed (revision "
           "2022-06) does not have it: write " +
           *full;
  else if (word == "alias")
    hint =
        "'alias' declares a type alias in current WGSL; the seed (revision 2022-06) writes "
        "'type NAME = TYPE;'";
  else if (word == "const_assert")
    hint =
        "'const_assert' is current WGSL; the seed (revision 2022-06) writes 'staticAssert "
        "EXPRESSION;' (#static-assert-statement)";
  else if (word == "diagnostic")
    hint =
        "diagnostic directives and attributes are current WGSL; the seed (revision 2022-06) "
        "has none, and a uniformity violation is always an error";
  else if (word == "requires")
    hint = "'requires' directives are current WGSL; the seed (revision 2022-06) has none";
  else
    return std::nullopt;
  return hint + std::string(kNoRevision);
}

}  // namespace plumb
