// `plumb explore`: the final states of a WGSL program under the memory model (issue 6, part 4),
// as text and JSON with witnesses, and the exit status for complete runs, refused programs,
// syntax errors and usage errors.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "cli_util.h"

namespace {

using cli_testing::plumb;
using cli_testing::Result;
using cli_testing::temp;

const std::string kCorpus = std::string(PLUMB_SOURCE_DIR) + "/corpus/litmus/wgsl/";

TEST(CliExplore, MessagePassingWithRelaxedAtomicsHasFourStates) {
  Result r = plumb("explore " + kCorpus + "mp.wgsl --dispatch 1,1,1");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("4 final states"), std::string::npos) << r.out;
  // The weak outcome of MP without synchronization, with its witness.
  EXPECT_NE(r.out.find("r[0]=1u r[1]=0u"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(reads from E1)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("data races: none"), std::string::npos) << r.out;
}

TEST(CliExplore, JsonReportHasEveryStateWithAWitness) {
  Result r = plumb("explore " + kCorpus + "mp.wgsl --dispatch 1,1,1 --format json");
  ASSERT_EQ(r.status, 0) << r.out;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["format"], "plumb-explore");
  EXPECT_EQ(j["version"], 3);
  EXPECT_EQ(j["complete"], true);
  ASSERT_EQ(j["states"].size(), 4u);
  for (const auto& s : j["states"]) EXPECT_FALSE(s["witness"].empty()) << s.dump();
  EXPECT_EQ(j["stats"]["consistent"], 4);
}

TEST(CliExplore, BoundHitExitsOne) {
  Result r = plumb("explore " + kCorpus + "mp.wgsl --max-executions 1");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("INCOMPLETE"), std::string::npos) << r.out;
}

TEST(CliExplore, TextureStoreIsRefusedByName) {
  std::string f = temp("explore_texture.wgsl", R"(
@group(0) @binding(0) var t: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(2) fn main(@builtin(local_invocation_index) i: u32) {
  textureStore(t, vec2<i32>(0, 0), vec4<f32>(1.0));
}
)");
  Result r = plumb("explore " + f + " --dispatch 1,1,1", true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("textureStore"), std::string::npos) << r.out;
}

TEST(CliExplore, SyntaxErrorIsLocatedAndUsageErrorIsTwo) {
  std::string f = temp("explore_bad.wgsl", "fn main( {\n");
  Result r = plumb("explore " + f + " --dispatch 1,1,1", true);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("explore_bad.wgsl:1:10: error:"), std::string::npos) << r.out;
  Result u = plumb("explore " + kCorpus + "mp.wgsl --dispatch 1,x", true);
  EXPECT_EQ(u.status, 2) << u.out;
}

}  // namespace

namespace {

// A state that did not finish carries its typed stop (docs/formats.md `plumb-explore` v2), and
// the exploration's answer is then incomplete: exit 1.
TEST(CliExplore, StatesThatStopSayWhy) {
  std::string f = temp("explore_spin.wgsl",
                       "@group(0) @binding(0) var<storage, read_write> o: array<u32, 1>;\n"
                       "@compute @workgroup_size(1) fn main() { var i = 1u; loop { i++; if i == 0u { break; } } o[0] = i; }\n");
  Result r = plumb("explore " + f + " --max-steps 50 --format json");
  EXPECT_EQ(r.status, 1) << r.out;
  nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["version"], 3);
  ASSERT_FALSE(j["states"].empty()) << r.out;
  EXPECT_EQ(j["states"][0]["kind"], "limit") << r.out;
  EXPECT_EQ(j["states"][0]["stop"], (nlohmann::json{{"kind", "limit"}, {"bound", "steps"}, {"value", 50}})) << r.out;
}

}  // namespace
