// XID_Start / XID_Continue of Unicode 14.0.0 (#identifiers).
#include <gtest/gtest.h>

#include "semantics/unicode_xid.h"

namespace plumb {
namespace {

TEST(UnicodeXid, Ascii) {
  EXPECT_TRUE(isXidStart('a'));
  EXPECT_TRUE(isXidStart('Z'));
  EXPECT_FALSE(isXidStart('_'));  // the grammar adds '_' to <Start> itself
  EXPECT_FALSE(isXidStart('1'));
  EXPECT_TRUE(isXidContinue('1'));
  EXPECT_TRUE(isXidContinue('_'));
  EXPECT_FALSE(isXidContinue('-'));
}

TEST(UnicodeXid, BeyondAscii) {
  EXPECT_TRUE(isXidStart(0x0394));    // GREEK CAPITAL LETTER DELTA
  EXPECT_TRUE(isXidStart(0x671D));    // CJK ideograph
  EXPECT_TRUE(isXidStart(0x10C13));   // OLD TURKIC LETTER
  EXPECT_FALSE(isXidStart(0x0301));   // COMBINING ACUTE ACCENT
  EXPECT_TRUE(isXidContinue(0x0301));
  EXPECT_FALSE(isXidStart(0x00A0));   // NO-BREAK SPACE
  EXPECT_FALSE(isXidContinue(0x2028));
  EXPECT_FALSE(isXidStart(0x1F600));  // emoji
  // New in Unicode 14.0: U+0870 ARABIC LETTER ALEF WITH ATTACHED FATHA.
  EXPECT_TRUE(isXidStart(0x0870));
  // New in Unicode 15.0 (not in 14): U+11F04 KAWI LETTER A.
  EXPECT_FALSE(isXidStart(0x11F04));
}

}  // namespace
}  // namespace plumb
