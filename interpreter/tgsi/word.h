// A register component as the evaluator knows it: a 32-bit word, or a set of words where the
// seed allows more than one (any NaN; any word at all), or not written yet.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace plumb::tgsi {

struct Word {
  enum class Kind : uint8_t {
    Bits,       // exactly `bits`
    AnyNaN,     // any binary32 NaN: the seed never says which NaN an operation gives
    Any,        // any word: the seed leaves the value unspecified (docs/tgsi.md)
    Unwritten,  // an OUT or TEMP component no instruction wrote
  };
  Kind kind = Kind::Unwritten;
  uint32_t bits = 0;
  static Word of(uint32_t b) { return Word{Kind::Bits, b}; }
  static Word any() { return Word{Kind::Any, 0}; }
  bool operator==(const Word&) const = default;
  auto operator<=>(const Word&) const = default;
};

using Register = std::array<Word, 4>;

/// The choice points of a run: where the seed allows more than one result (ROUND's ties, a
/// defect's two readings), the rule asks for one of `n` alternatives; the machine runs the
/// program once per path (docs/tgsi.md, "Sets, not values").
class Chooser {
 public:
  int choose(int n);
  /// Moves to the next unexplored path; false when every path was run.
  bool next();
  void restart() { depth_ = 0; }

 private:
  std::vector<int> path_;
  std::vector<int> arity_;
  size_t depth_ = 0;
};

}  // namespace plumb::tgsi
