// `plumb run` as a library call (interpreter/wgsl/run.h): the report written as text with its
// words straight from the outcomes (RunRequest::wordsAsText, runReportJsonText) is the complete
// report's dump, byte for byte.
#include <gtest/gtest.h>

#include <filesystem>

#include "interpreter/wgsl/run.h"
#include "semantics/wgsl/revision.h"
#include "test_data.h"

namespace plumb::interp {
namespace {

struct Case {
  std::string name, source;
  nlohmann::json bindings;  // null: zero-filled
  std::array<uint32_t, 3> dispatch{1, 1, 1};
  uint64_t maxSteps = 0;  // 0: the default
};

/// The report's text both ways: from the complete tree, and with the words left as text.
void expectSameText(const Case& c, const Revision* revision) {
  SCOPED_TRACE(c.name + (revision ? " (2026)" : ""));
  SourceFile file(c.name + ".wgsl", c.source);
  RunRequest request;
  request.bindings = c.bindings;
  request.zeroMissingBindings = true;
  request.dispatch.dispatch = c.dispatch;
  if (c.maxSteps) request.dispatch.maxSteps = c.maxSteps;
  request.revision = revision;
  RunReport tree = runShader(file, request);
  if (!tree.ran) return;  // an entry point to choose, a fragment stage without a draw
  request.wordsAsText = true;
  RunReport text = runShader(file, request);
  ASSERT_TRUE(text.ran);
  std::string expected = tree.json.dump(2);
  EXPECT_EQ(runReportJsonText(text), expected);
  EXPECT_EQ(runReportJsonText(tree), expected);
  // The placeholders are really there: the tree holds no buffer's words.
  for (const nlohmann::json& b : text.json["buffers"]) EXPECT_TRUE(b["words"].is_binary());
  for (const nlohmann::json& o : text.json["outcomes"])
    for (const nlohmann::json& b : o["buffers"]) EXPECT_TRUE(b["words"].is_binary());
}

TEST(RunReportText, IsTheCompleteReportsDumpForEveryKindOfWord) {
  std::vector<Case> cases = {
      // A racing store: one outcome whose word is a set; exact words around it.
      {"race", R"(
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 4>;
@compute @workgroup_size(8)
fn main(@builtin(local_invocation_index) lid: u32) {
  rw[0] = lid + 1u;
  rw[1 + (lid & 1u)] = 7u;
}
)",
       nullptr},
      // Float intervals, an indeterminate word and f16 halves, two buffers.
      {"floats", R"(
enable f16;
@group(0) @binding(0) var<storage, read_write> f: array<f32, 4>;
@group(0) @binding(1) var<storage, read_write> h: array<f16, 4>;
@compute @workgroup_size(1)
fn main() {
  f[0] = sin(f[1] + 0.5);
  f[2] = 1.0 / 3.0;
  f[3] = exp2(f[0] * 10.0);
  h[0] = f16(f[0]);
  h[3] = h[1] + 1.0h;
}
)",
       nullptr},
      // Several outcomes (out of bounds stores), merged word by word.
      {"outcomes", R"(
@group(0) @binding(0) var<storage, read_write> rw: array<u32, 3>;
@group(0) @binding(1) var<storage, read> idx: array<u32, 1>;
@compute @workgroup_size(1)
fn main() {
  rw[idx[0]] = 5u;
  rw[0] = rw[1] + 1u;
}
)",
       nlohmann::json::parse(R"({"format": "plumb-bindings", "version": 1, "bindings": [
         {"group": 0, "binding": 0, "size": 12}, {"group": 0, "binding": 1, "words": [7]}]})")},
  };
  // Stopped outcomes (no words) next to finished ones.
  Case bounded = cases[0];
  bounded.name = "bounded";
  bounded.maxSteps = 20;
  cases.push_back(bounded);
  for (const Case& c : cases)
    for (const Revision* revision : {static_cast<const Revision*>(nullptr), &Revision::wgsl2026()})
      expectSameText(c, revision);
}

TEST(RunReportText, IsTheCompleteReportsDumpForTheBundledExamples) {
  std::string dir = std::string(PLUMB_SOURCE_DIR) + "/corpus/examples/";
  size_t ran = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".wgsl") continue;
    std::string name = entry.path().stem().string();
    Case c{name, testing::readFile(entry.path().string()), nullptr};
    std::string bindings = dir + "bindings/" + name + ".json";
    if (std::filesystem::exists(bindings))
      c.bindings = nlohmann::json::parse(testing::readFile(bindings));
    expectSameText(c, nullptr);
    ++ran;
  }
  EXPECT_GE(ran, 5u);
}

}  // namespace
}  // namespace plumb::interp
