// Name suggestions (suggest.h).
#include "semantics/suggest.h"

#include <algorithm>

namespace plumb {

size_t editDistance(std::string_view a, std::string_view b) {
  // Three rows of the dynamic-programming table: the transposition looks two rows back.
  std::vector<size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    current[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        current[j] = std::min(current[j], before[j - 2] + 1);
    }
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return previous[b.size()];
}

std::optional<std::string> closestName(std::string_view name,
                                       const std::vector<std::string_view>& candidates) {
  size_t limit = std::max<size_t>(1, name.size() / 3);
  std::optional<std::string> best;
  size_t bestDistance = limit + 1;
  for (std::string_view c : candidates) {
    if (c == name) continue;
    // The length difference bounds the distance from below: skip hopeless candidates cheaply.
    size_t gap = c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (gap >= bestDistance) continue;
    size_t d = editDistance(name, c);
    if (d < bestDistance) {
      bestDistance = d;
      best = std::string(c);
    }
  }
  return best;
}

}  // namespace plumb
