// The language revision: one value that the lexer, parser and checker consult, so that later
// revisions are deltas over the baseline rather than forks of the code (design.md).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "semantics/hash.h"
#include "semantics/token.h"

namespace plumb {

/// Maps a word (identifier-shaped text) to the keyword it spells, TokenKind::Reserved for a
/// reserved word, or TokenKind::Identifier. Open addressing over hashName; built once.
class WordTable {
 public:
  WordTable() = default;
  void add(std::string_view word, TokenKind kind);
  TokenKind lookup(std::string_view word) const { return lookup(word, hashName(word)); }
  TokenKind lookup(std::string_view word, uint64_t hash) const;
  size_t size() const { return count_; }

 private:
  struct Slot {
    std::string_view word;
    TokenKind kind = TokenKind::Identifier;
  };
  std::vector<Slot> slots_;
  size_t count_ = 0;
};

struct Revision {
  /// "2022-06": the seed, gpuweb/gpuweb a83e9990 (wgsl-2022-06-07.bs).
  std::string_view name;
  /// Keywords and reserved words of this revision (#keyword-summary, #reserved-words).
  WordTable words;
  std::vector<TokenKind> keywords;
  std::vector<std::string_view> reservedWords;
  /// #extension-list: names accepted by `enable`.
  std::vector<std::string_view> extensions;

  TokenKind classifyWord(std::string_view word) const { return words.lookup(word); }
  TokenKind classifyWord(std::string_view word, uint64_t hash) const {
    return words.lookup(word, hash);
  }
  bool isExtension(std::string_view name) const;

  /// The baseline revision, the seed of 2022-06-07.
  static const Revision& wgsl2022_06();
  /// Looks a revision up by name; nullptr if unknown.
  static const Revision* byName(std::string_view name);
};

}  // namespace plumb
