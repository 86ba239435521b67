// JSON text written without nlohmann's serializer (semantics/json_text.h): the same bytes as
// `dump(indent)` for every kind of value, and placeholders the caller writes.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "semantics/json_text.h"

namespace plumb {
namespace {

nlohmann::json everyKind() {
  nlohmann::json j = nlohmann::json::parse(R"({
    "format": "plumb-run", "version": 4, "negative": -17, "zero": 0,
    "empty object": {}, "empty array": [], "null": null, "yes": true, "no": false,
    "nested": {"b": [1, [2, [3, {}]], {"x": []}], "a": {"z": {"y": "w"}}},
    "words": [{"exact": "0x00000001"}, {"set": ["0x1", "0x2"]}, {"any": true}]
  })");
  j["floats"] = {0.1,
                 1.0,
                 -2.5e-300,
                 3.4028234663852886e38,
                 1e21,
                 123456789.0,
                 std::numeric_limits<double>::quiet_NaN(),
                 INFINITY};
  j["unsigned"] = std::numeric_limits<uint64_t>::max();
  j["most negative"] = std::numeric_limits<int64_t>::min();
  // Strings that nlohmann escapes: quotes, backslashes, control characters, DEL, UTF-8.
  j["strings"] = {"plain",
                  "a \"quoted\" \\ word",
                  "tab\there\nnewline",
                  std::string("\x01\x1f"),
                  "\x7f",
                  "λ ünïcode ✓",
                  ""};
  j["keys"] = {{"with \"quote\"", 1}, {"é", 2}, {"\n", 3}};
  return j;
}

TEST(JsonText, IsWhatDumpWritesForEveryKindOfValue) {
  nlohmann::json j = everyKind();
  for (int indent : {0, 1, 2, 4}) EXPECT_EQ(jsonText(j, indent), j.dump(indent)) << indent;
  for (const auto& [key, member] : j.items()) EXPECT_EQ(jsonText(member, 2), member.dump(2)) << key;
  EXPECT_EQ(jsonText(nlohmann::json(), 2), "null");
  EXPECT_EQ(jsonText(nlohmann::json::array({nlohmann::json::object()}), 2), "[\n  {}\n]");
}

TEST(JsonText, InvalidUtf8ThrowsAsDumpThrows) {
  nlohmann::json j = {{"bad", std::string("\xff\xfe")}};
  EXPECT_THROW(j.dump(2), nlohmann::json::type_error);
  EXPECT_THROW(jsonText(j, 2), nlohmann::json::type_error);
}

TEST(JsonText, BinaryValuesAreDumpsOwnAtTheirIndentationOrPlaceholders) {
  nlohmann::json j = {{"a", {{"b", nlohmann::json::binary({1, 2, 3}, 7)}}},
                      {"c", nlohmann::json::binary({4})}};
  EXPECT_EQ(jsonText(j, 2), j.dump(2));
  // With a placeholder: values with a subtype are the caller's, at their level.
  nlohmann::json k = {{"a", {{"b", nlohmann::json::binary({1, 2, 3}, 7)}}}, {"c", 5}};
  std::vector<std::pair<uint64_t, int>> calls;
  JsonPlaceholder write = [&](std::string& out, uint64_t subtype, int level) {
    calls.push_back({subtype, level});
    out += "\"placeholder " + std::to_string(subtype) + "\"";
  };
  std::string out;
  appendJsonText(out, k, 2, 0, &write);
  nlohmann::json expected = k;
  expected["a"]["b"] = "placeholder 7";
  EXPECT_EQ(out, expected.dump(2));
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(calls[0], (std::pair<uint64_t, int>{7, 4}));
}

}  // namespace
}  // namespace plumb
