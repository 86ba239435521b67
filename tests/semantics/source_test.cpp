// Source positions: lines counted with the spec's line breaks, columns in code points.
#include <gtest/gtest.h>

#include "semantics/source.h"
#include "semantics/utf8.h"

namespace plumb {
namespace {

TEST(SourcePositions, EveryLineBreakStartsALine) {
  // #blankspace-and-line-breaks: LF, VT, FF, CR, CRLF, NEL, LS, PS.
  for (std::string br : {"\n", "\v", "\f", "\r", "\r\n", "\u0085", "\u2028", "\u2029"}) {
    SourceFile f("a.wgsl", "ab" + br + "cd");
    LineColumn lc = f.position(static_cast<uint32_t>(2 + br.size()));
    EXPECT_EQ(lc.line, 2u);
    EXPECT_EQ(lc.column, 1u);
    EXPECT_EQ(f.lineText(0), "ab");
    EXPECT_EQ(f.lineText(static_cast<uint32_t>(2 + br.size())), "cd");
  }
}

TEST(SourcePositions, CrLfIsOneLineBreak) {
  SourceFile f("a.wgsl", "a\r\nb\rc\nd");
  EXPECT_EQ(f.position(3).line, 2u);  // b
  EXPECT_EQ(f.position(5).line, 3u);  // c
  EXPECT_EQ(f.position(7).line, 4u);  // d
}

TEST(SourcePositions, ColumnsCountCodePoints) {
  SourceFile f("a.wgsl", "let Δέλτα = 1;");
  // "let Δέλτα = " is 12 code points; '1' is the 13th.
  size_t one = std::string_view(f.text()).find('1');
  EXPECT_EQ(f.position(static_cast<uint32_t>(one)).column, 13u);
}

TEST(SourcePositions, OffsetsPastTheEndClampToTheEnd) {
  SourceFile f("a.wgsl", "ab\ncd");
  EXPECT_EQ(f.position(100).line, 2u);
  EXPECT_EQ(f.position(100).column, 3u);
  SourceFile empty("e.wgsl", "");
  EXPECT_EQ(empty.position(0).line, 1u);
}

TEST(Utf8, DecodesAndRejects) {
  EXPECT_EQ(decodeUtf8("\u00e9", 0).codePoint, 0xE9u);
  EXPECT_EQ(decodeUtf8("\U00010C13", 0).length, 4u);
  EXPECT_EQ(decodeUtf8("\xc0\x80", 0).length, 0u);  // overlong NUL
  EXPECT_EQ(decodeUtf8("\xed\xbf\xbf", 0).length, 0u);  // surrogate
  EXPECT_EQ(findInvalidUtf8("ok \xff"), 3u);
  EXPECT_EQ(findInvalidUtf8("all good \u2028"), std::string("all good \u2028").size());
  EXPECT_EQ(countCodePoints("a\u00e9\U00010C13"), 3u);
}

}  // namespace
}  // namespace plumb
