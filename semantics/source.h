// Source text, byte spans and line:column positions.
//
// Lines are counted with the spec's line breaks (#blankspace-and-line-breaks: LF, VT, FF,
// CR not followed by LF, CRLF, NEL, LS, PS). Columns count code points from 1.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace plumb {

/// A half-open byte range [begin, end) within one source file.
struct Span {
  uint32_t begin = 0;
  uint32_t end = 0;
  uint32_t size() const { return end - begin; }
  bool operator==(const Span&) const = default;
};

inline Span join(Span a, Span b) { return Span{a.begin < b.begin ? a.begin : b.begin,
                                              a.end > b.end ? a.end : b.end}; }

/// A 1-based line and column (column in code points).
struct LineColumn {
  uint32_t line = 1;
  uint32_t column = 1;
};

/// One source file: its name and its bytes. Immutable once created.
class SourceFile {
 public:
  SourceFile(std::string name, std::string text);

  const std::string& name() const { return name_; }
  std::string_view text() const { return text_; }

  /// The position of a byte offset; offsets past the end map to the end.
  LineColumn position(uint32_t offset) const;
  /// "line:column" of a byte offset, as diagnostics and explanations write positions.
  std::string positionText(uint32_t offset) const;
  /// The text of the line containing `offset`, without its line break.
  std::string_view lineText(uint32_t offset) const;
  /// Byte offset of the start of the line containing `offset`.
  uint32_t lineStart(uint32_t offset) const;

 private:
  void buildLineIndex() const;
  std::string name_;
  std::string text_;
  mutable std::vector<uint32_t> lineStarts_;  // built on first use
};

/// Reads a file into a SourceFile. Returns nullptr and sets `error` when it cannot be read.
std::unique_ptr<SourceFile> readSourceFile(const std::string& path, std::string& error);

}  // namespace plumb
