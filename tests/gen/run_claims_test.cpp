// The generator's claims about the words of a run (gen/family.h IntendedWord, checked by
// gen/derive.cpp compareWithIntended): one allowed value in Plumb's set, every allowed value,
// exactly the allowed values (also for an f32 interval), or any value.
#include <gtest/gtest.h>

#include "gen/derive.h"

namespace plumb::gen {
namespace {

/// A Plumb expectation of a run whose output buffer 0/1 holds the one word `word`.
nlohmann::json runWith(const nlohmann::json& word) {
  nlohmann::json outcome = {{"kind", "finished"},
                            {"buffers", {{{"group", 0}, {"binding", 1}, {"words", {word}}}}}};
  return {{"verdict", "valid"},
          {"run", {{"complete", true}, {"schedules", "not-needed"}, {"outcomes", {outcome}}}}};
}

nlohmann::json interval(const char* lo, const char* hi) {
  return {{"interval", {lo, hi}}, {"type", "f32"}};
}

Intended claim(std::vector<uint32_t> allowed, bool every, bool tight, bool anyValue = false) {
  Intended i;
  IntendedWord w;
  w.binding = 1;
  w.allowed = std::move(allowed);
  w.every = every;
  w.tight = tight;
  w.anyValue = anyValue;
  i.words.push_back(w);
  return i;
}

TEST(RunClaims, OneAllowedValueIsEnoughUnlessEveryIsClaimed) {
  nlohmann::json one = runWith(interval("0x3f800000", "0x3f800001"));
  EXPECT_EQ(compareWithIntended(claim({0x3f800000, 0x40000000}, false, false), one), "");
  EXPECT_NE(compareWithIntended(claim({0x3f800000, 0x40000000}, true, false), one), "");
  EXPECT_EQ(compareWithIntended(claim({0x3f800000, 0x3f800001}, true, false), one), "");
}

TEST(RunClaims, TightComparesAnF32IntervalValueByValue) {
  // [1, 1 + 2^-23] holds exactly two values.
  nlohmann::json two = runWith(interval("0x3f800000", "0x3f800001"));
  EXPECT_EQ(compareWithIntended(claim({0x3f800000, 0x3f800001}, true, true), two), "");
  // Wider than the claim: a third value.
  nlohmann::json three = runWith(interval("0x3f800000", "0x3f800002"));
  EXPECT_NE(compareWithIntended(claim({0x3f800000, 0x3f800001}, true, true), three), "");
  // An interval through zero holds both zeros (the sign of a zero is not tracked).
  nlohmann::json zero = runWith(interval("0x80000001", "0x00000001"));
  EXPECT_EQ(compareWithIntended(claim({0x80000001, 0x80000000, 0x00000000, 0x00000001}, true, true),
                                zero),
            "");
  EXPECT_NE(compareWithIntended(claim({0x80000001, 0x00000000, 0x00000001}, true, true), zero), "");
  // A finite set, as before.
  nlohmann::json exact = runWith({{"exact", "0x00000007"}});
  EXPECT_EQ(compareWithIntended(claim({7}, true, true), exact), "");
  EXPECT_NE(compareWithIntended(claim({7, 8}, true, true), exact), "");
}

TEST(RunClaims, AnyValueNeedsPlumbsAny) {
  EXPECT_EQ(compareWithIntended(claim({}, false, false, true), runWith({{"any", true}})), "");
  EXPECT_NE(compareWithIntended(claim({}, false, false, true), runWith({{"exact", "0x00000000"}})),
            "");
  EXPECT_NE(compareWithIntended(claim({}, false, false, true),
                                runWith(interval("0x00000000", "0x7f7fffff"))),
            "");
}

}  // namespace
}  // namespace plumb::gen
