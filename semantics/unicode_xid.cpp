#include "semantics/unicode_xid.h"

#include <algorithm>
#include <iterator>

namespace plumb {
namespace {
#include "semantics/unicode_xid_tables.inc"

template <size_t N>
bool inRanges(const CodePointRange (&table)[N], char32_t c) {
  auto it = std::upper_bound(std::begin(table), std::end(table), c,
                             [](char32_t v, const CodePointRange& r) { return v < r.first; });
  return it != std::begin(table) && c <= (it - 1)->last;
}
}  // namespace

bool isXidStart(char32_t c) {
  if (c < 0x80) return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  return inRanges(kXidStart, c);
}

bool isXidContinue(char32_t c) {
  if (c < 0x80)
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  return inRanges(kXidContinue, c);
}

}  // namespace plumb
