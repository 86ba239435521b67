#include "semantics/source.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <sys/stat.h>

#include "semantics/utf8.h"

namespace plumb {

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {}

// #blankspace-and-line-breaks: a line break is LF, VT, FF, CR (alone or before LF), NEL, LS, PS.
// Returns the length in bytes of the line break starting at `i`, or 0.
static size_t lineBreakLength(std::string_view t, size_t i) {
  unsigned char c = static_cast<unsigned char>(t[i]);
  if (c == 0x0A || c == 0x0B || c == 0x0C) return 1;
  if (c == 0x0D) return (i + 1 < t.size() && t[i + 1] == '\n') ? 2 : 1;
  if (c == 0xC2 && i + 1 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0x85) return 2;
  if (c == 0xE2 && i + 2 < t.size() && static_cast<unsigned char>(t[i + 1]) == 0x80) {
    unsigned char d = static_cast<unsigned char>(t[i + 2]);
    if (d == 0xA8 || d == 0xA9) return 3;  // U+2028, U+2029
  }
  return 0;
}

void SourceFile::buildLineIndex() const {
  if (!lineStarts_.empty()) return;
  lineStarts_.push_back(0);
  std::string_view t = text_;
  for (size_t i = 0; i < t.size();) {
    size_t n = lineBreakLength(t, i);
    if (n) {
      i += n;
      lineStarts_.push_back(static_cast<uint32_t>(i));
    } else {
      ++i;
    }
  }
}

uint32_t SourceFile::lineStart(uint32_t offset) const {
  buildLineIndex();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  return *(it - 1);
}

std::string SourceFile::positionText(uint32_t offset) const {
  LineColumn lc = position(offset);
  return std::to_string(lc.line) + ":" + std::to_string(lc.column);
}

LineColumn SourceFile::position(uint32_t offset) const {
  buildLineIndex();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - lineStarts_.begin());
  uint32_t start = *(it - 1);
  // Columns count code points; invalid bytes count one each.
  uint32_t column = 1 + countCodePoints(std::string_view(text_).substr(start, offset - start));
  return {line, column};
}

std::string_view SourceFile::lineText(uint32_t offset) const {
  buildLineIndex();
  offset = std::min<uint32_t>(offset, static_cast<uint32_t>(text_.size()));
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  uint32_t start = *(it - 1);
  // The line ends where the next begins, less its line break (found through the index, so
  // that a long line is not scanned again for every diagnostic on it).
  std::string_view t = text_;
  size_t end = it == lineStarts_.end() ? t.size() : *it;
  if (it != lineStarts_.end()) {
    // Only the last few bytes can be the break: step back at most 3 bytes.
    size_t k = end >= 3 && end - 3 > start ? end - 3 : start;
    for (; k < end; ++k)
      if (lineBreakLength(t, k) == end - k) break;
    end = k;
  }
  return t.substr(start, end - start);
}

std::unique_ptr<SourceFile> readSourceFile(const std::string& path, std::string& error) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) {
    error = std::strerror(errno);
    return nullptr;
  }
  // fopen succeeds on a directory, and its "size" (SEEK_END) is huge: refuse it by name
  // before anything is reserved.
  struct stat st {};
  bool regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
  if (!regular && S_ISDIR(st.st_mode)) {
    if (f != stdin) std::fclose(f);
    error = std::strerror(EISDIR);
    return nullptr;
  }
  std::string data;
  // Reserve the whole size up front: growing by doubling would hold two copies at once.
  if (regular && f != stdin && std::fseek(f, 0, SEEK_END) == 0) {
    long size = std::ftell(f);
    if (size > 0) data.reserve(static_cast<size_t>(size));
    std::rewind(f);
  }
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
  bool failed = std::ferror(f);
  int readErrno = errno;
  if (f != stdin) std::fclose(f);
  if (failed) {
    error = readErrno ? std::strerror(readErrno) : "read error";
    return nullptr;
  }
  // Spans use 32-bit offsets; refuse files that cannot be addressed.
  if (data.size() >= 0xFFFFFFF0u) {
    error = "file larger than 4 GiB";
    return nullptr;
  }
  return std::make_unique<SourceFile>(path == "-" ? "<stdin>" : path, std::move(data));
}

}  // namespace plumb
