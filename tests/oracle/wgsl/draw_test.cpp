// Draws in the oracle (oracle/wgsl/draw_plan.h, oracle/wgsl/draw_compare.h, docs/oracle.md
// "Draws"): the plans the runners get for the bundled draw cases (corpus/oracle/draw), the
// refusals, the per-pixel comparison with Plumb's outcome sets, and the vertex write-out, which
// runs on Plumb's own interpreter here and must give words inside the vertex stage's outcome set.
#include <unistd.h>
#include <bit>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "interpreter/wgsl/run.h"
#include "oracle/wgsl/compare.h"
#include "oracle/wgsl/draw_compare.h"
#include "oracle/wgsl/oracle_case.h"

namespace plumb::oracle {
namespace {

namespace fs = std::filesystem;
const std::string kDraw = std::string(PLUMB_SOURCE_DIR) + "/corpus/oracle/draw";

std::string writeCase(const std::string& name, const nlohmann::json& j) {
  fs::path dir =
      fs::temp_directory_path() / ("plumb-oracle-draw-test-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::path p = dir / (name + ".json");
  nlohmann::json c = j;
  c["format"] = "plumb-oracle-case";
  c["version"] = 1;
  std::ofstream(p) << c.dump();
  return p.string();
}

uint32_t bits(float f) {
  return std::bit_cast<uint32_t>(f);
}

const char* kFragment = R"(
@fragment
fn main(@builtin(position) p: vec4<f32>, @location(0) v: vec2<f32>) -> @location(0) vec4<f32> {
  let d = dpdx(v.x);
  if (p.x > 3.0 && p.y > 1.0) {
    discard;
  }
  return vec4<f32>(v, d, p.y);
}
)";

/// A 4x2 fragment draw of kFragment: v = (0.5 + x, 2 y).
OracleCase fragmentCase() {
  return loadCase(
      writeCase("fragment",
                {{"wgsl", kFragment},
                 {"entry", "main"},
                 {"fragment",
                  {{"viewport", {4, 2}},
                   {"inputs",
                    {{"0", {{"at", {0.5, 0.0}}, {"ddx", {1.0, 0.0}}, {"ddy", {0.0, 2.0}}}}}}}}}),
      {});
}

/// What a correct device reads back from the draw of fragmentCase().
nlohmann::json fragmentDevice() {
  nlohmann::json words = nlohmann::json::array(), stencil = nlohmann::json::array();
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 4; ++x) {
      bool discarded = x == 3 && y == 1;
      for (float f : {0.5f + x, 2.0f * y, 1.0f, y + 0.5f})
        words.push_back(discarded ? 0u : bits(f));
      stencil.push_back(discarded ? 0 : 1);
    }
  return {{"status", "executed"},
          {"draw",
           {{"size", {4, 2}},
            {"targets", {{{"location", 0}, {"components", 4}, {"words", words}}}},
            {"stencil", stencil}}}};
}

TEST(OracleDraw, AFragmentCaseIsDrawnOverItsViewport) {
  OracleCase c = fragmentCase();
  ASSERT_EQ(c.error, "");
  ASSERT_EQ(c.mode, CaseMode::Draw);
  ASSERT_TRUE(c.draw);
  EXPECT_EQ(c.draw->width, 4u);
  EXPECT_EQ(c.draw->height, 2u);
  EXPECT_EQ(c.draw->inexact, "");
  nlohmann::json in = runnerInput(c);
  EXPECT_EQ(in["mode"], "draw");
  EXPECT_EQ(in["stage"], "fragment");
  EXPECT_EQ(in["draw"]["frontFace"], "cw");
  EXPECT_EQ(in["draw"]["targets"][0]["format"], "rgba32float");
  EXPECT_EQ(in["draw"]["depthStencil"]["format"], "stencil8");
  // The generated vertex stage is WGSL Plumb accepts, with the fragment input's value at the
  // corners of the target: at (0, 0) the value at pixel centre (0.5, 0.5) less half a step.
  std::string partner = in["draw"]["vertex"]["wgsl"];
  EXPECT_TRUE(plumbVerdict("partner.wgsl", partner, {}).valid) << partner;
  EXPECT_NE(partner.find("vec2<f32>(0x0p+0f, -0x1p+0f)"), std::string::npos) << partner;
  EXPECT_NE(partner.find("vec2<f32>(0x1p+2f, 0x1.8p+1f)"), std::string::npos) << partner;
}

TEST(OracleDraw, EachPixelIsComparedWithPlumbsSet) {
  OracleCase c = fragmentCase();
  ASSERT_EQ(c.error, "");
  std::string whyNot;
  std::optional<nlohmann::json> outcomes = interpreterOutcomeProvider()(c, whyNot);
  ASSERT_TRUE(outcomes) << whyNot;
  nlohmann::json raw = fragmentDevice();
  OutcomeMatch m = compareDraw(*c.draw, *outcomes, raw, {});
  EXPECT_EQ(m.status, OutcomeMatch::Status::Conformant) << m.note;
  EXPECT_NE(m.note.find("8 pixel(s) compared"), std::string::npos) << m.note;

  // A wrong derivative at one pixel: outside, and the diff names the pixel and the output.
  nlohmann::json wrong = raw;
  wrong["draw"]["targets"][0]["words"][4 * 5 + 2] = bits(0.5f);
  m = compareDraw(*c.draw, *outcomes, wrong, {});
  ASSERT_EQ(m.status, OutcomeMatch::Status::Outside) << m.note;
  ASSERT_EQ(m.diffs.size(), 1u);
  EXPECT_EQ(m.diffs[0].where, "pixel (1, 1) @location(0) component 2");

  // A fragment the device did not discard, or one it discarded that Plumb keeps.
  nlohmann::json kept = raw;
  kept["draw"]["stencil"][7] = 1;
  m = compareDraw(*c.draw, *outcomes, kept, {});
  ASSERT_EQ(m.status, OutcomeMatch::Status::Outside);
  EXPECT_EQ(m.diffs[0].where, "pixel (3, 1) coverage (not discarded)");
  nlohmann::json dropped = raw;
  dropped["draw"]["stencil"][0] = 0;
  EXPECT_EQ(compareDraw(*c.draw, *outcomes, dropped, {}).status, OutcomeMatch::Status::Outside);

  // A discarded pixel's colour is not compared: whatever the target kept is fine.
  nlohmann::json other = raw;
  other["draw"]["targets"][0]["words"][4 * 7] = bits(42.0f);
  EXPECT_EQ(compareDraw(*c.draw, *outcomes, other, {}).status, OutcomeMatch::Status::Conformant);

  // Without the draw, nothing can be compared (and the classification says so).
  EXPECT_EQ(compareDraw(*c.draw, *outcomes, nlohmann::json::object(), {}).status,
            OutcomeMatch::Status::NotAvailable);
}

TEST(OracleDraw, WhenNoOutcomeFinishedTheTypedStopsDecide) {
  OracleCase c = fragmentCase();
  ASSERT_TRUE(c.draw);
  nlohmann::json run = {{"format", "plumb-run"},
                        {"version", 4},
                        {"stage", "fragment"},
                        {"outcomes",
                         {{{"kind", "unsupported"},
                           {"count", 1},
                           {"message", "textureSample needs a quad"},
                           {"stop", {{"kind", "unsupported"}, {"feature", "textureSample"}}},
                           {"buffers", nlohmann::json::array()}}}}};
  OutcomeMatch m = compareDraw(*c.draw, run, fragmentDevice(), {});
  EXPECT_EQ(m.status, OutcomeMatch::Status::Inconclusive) << m.note;
  EXPECT_EQ(m.stop, "unsupported");
}

TEST(OracleDraw, InputsTheDeviceMayRoundMakeOutsideInconclusive) {
  OracleCase c = loadCase(
      writeCase("inexact", {{"wgsl", kFragment},
                            {"entry", "main"},
                            {"fragment",
                             {{"viewport", {4, 2}},
                              {"inputs", {{"0", {{"at", {0.1, 0.0}}, {"ddx", {0.3, 0.0}}}}}}}}}),
      {});
  ASSERT_EQ(c.error, "");
  ASSERT_TRUE(c.draw);
  EXPECT_NE(c.draw->inexact.find("@location(0)"), std::string::npos);
  std::string whyNot;
  std::optional<nlohmann::json> outcomes = interpreterOutcomeProvider()(c, whyNot);
  ASSERT_TRUE(outcomes) << whyNot;
  nlohmann::json raw = fragmentDevice();  // not this draw's values: outside, but inconclusive
  OutcomeMatch m = compareDraw(*c.draw, *outcomes, raw, {});
  EXPECT_EQ(m.status, OutcomeMatch::Status::Inconclusive) << m.note;
  EXPECT_NE(m.note.find("interpolation"), std::string::npos) << m.note;
}

TEST(OracleDraw, DrawsTheRunnersCannotReproduceAreRefusedWithTheReason) {
  auto refused = [](const std::string& name, const nlohmann::json& fragment) {
    OracleCase c = loadCase(
        writeCase(name, {{"wgsl", kFragment}, {"entry", "main"}, {"fragment", fragment}}), {});
    return c.error;
  };
  EXPECT_NE(refused("per-fragment",
                    {{"fragments", {{0, 0}}}, {"inputs", {{"0", {{"values", {{1.0, 2.0}}}}}}}})
                .find("one value per fragment"),
            std::string::npos);
  EXPECT_NE(refused("w", {{"w", 3.0}, {"inputs", {{"0", {1.0, 2.0}}}}}).find("power of two"),
            std::string::npos);
  EXPECT_NE(refused("missing", nlohmann::json::object()).find("no input @location(0)"),
            std::string::npos);
  EXPECT_NE(refused("own-facing", {{"fragments", {{{"x", 0}, {"y", 0}, {"frontFacing", false}}}},
                                   {"inputs", {{"0", {1.0, 2.0}}}}})
                .find("frontFacing"),
            std::string::npos);
  // Without a fragment section the entry point's pipeline is only created (verdict-only).
  OracleCase c = loadCase(writeCase("verdict", {{"wgsl", kFragment}, {"entry", "main"}}), {});
  EXPECT_EQ(c.mode, CaseMode::Pipelines);
}

TEST(OracleDraw, FragDepthIsComparedAsTheAttachmentStoresIt) {
  EXPECT_EQ(clampedDepthWord({{"exact", "0x3fc00000"}}), nlohmann::json({{"exact", "0x3f800000"}}));
  EXPECT_EQ(clampedDepthWord({{"exact", "0xbf800000"}}),
            nlohmann::json({{"set", {"0x00000000", "0x80000000"}}}));
  EXPECT_EQ(clampedDepthWord({{"exact", "0x3f000000"}}), nlohmann::json({{"exact", "0x3f000000"}}));
  EXPECT_EQ(clampedDepthWord({{"exact", "0x7fc00000"}}), nlohmann::json({{"any", true}}));
  nlohmann::json i =
      clampedDepthWord({{"interval", {"0x3f000000", "0x40000000"}}, {"type", "f32"}});
  EXPECT_EQ(i["interval"], nlohmann::json({"0x3f000000", "0x3f800000"}));
  EXPECT_EQ(clampedDepthWord({{"any", true}}), nlohmann::json({{"any", true}}));
}

TEST(OracleDraw, BundledDrawCasesLoad) {
  std::string error;
  std::vector<std::string> paths = expandCasePaths({kDraw}, error);
  ASSERT_EQ(error, "");
  ASSERT_GE(paths.size(), 3u);
  OutcomeProvider plumb = interpreterOutcomeProvider();
  for (const std::string& p : paths) {
    OracleCase c = loadCase(p, {});
    ASSERT_EQ(c.error, "") << p;
    EXPECT_TRUE(c.verdict.valid) << p << ": " << c.verdict.message;
    EXPECT_EQ(c.mode, CaseMode::Draw) << p;
    EXPECT_EQ(c.draw->inexact, "") << p;
    std::string whyNot;
    std::optional<nlohmann::json> outcomes = plumb(c, whyNot);
    ASSERT_TRUE(outcomes) << p << ": " << whyNot;
    EXPECT_EQ((*outcomes)["stage"], std::string(spelling(c.draw->stage))) << p;
  }
}

/// The vertex write-out is WGSL Plumb accepts; run on Plumb's own interpreter as the runners
/// run it on a device, its words lie in the vertex stage's outcome set.
TEST(OracleDraw, TheVertexWriteOutGivesTheVertexStagesOutputs) {
  OracleCase c = loadCase(kDraw + "/vertex-instanced-transform.json", {});
  ASSERT_EQ(c.error, "");
  ASSERT_TRUE(c.draw);
  ASSERT_EQ(c.draw->stage, ShaderStage::Vertex);
  nlohmann::json in = runnerInput(c);
  const nlohmann::json& w = in["draw"]["writeOut"];
  std::string program = w["wgsl"];
  PlumbVerdict v = plumbVerdict("write-out.wgsl", program, {});
  ASSERT_TRUE(v.valid) << v.rule << ": " << v.message << "\n" << program;
  EXPECT_EQ(in["draw"]["vertexBuffers"].size(), 3u);
  EXPECT_EQ(in["draw"]["vertexBuffers"][1]["stepMode"], "instance");

  // The write-out on Plumb's machine: every outcome's words, taken as a device's.
  interp::RunRequest r;
  r.entry = "plumb_vertex_write_out";
  r.dispatch.dispatch = {w["dispatch"][0].get<uint32_t>(), w["dispatch"][1].get<uint32_t>(), 1};
  nlohmann::json bindings = nlohmann::json::array();
  for (const nlohmann::json& b : w["bindings"]) {
    nlohmann::json words = b.value("words", nlohmann::json::array());
    while (words.size() * 4 < b["size"].get<uint64_t>()) words.push_back(0);
    bindings.push_back({{"group", b["group"]}, {"binding", b["binding"]}, {"words", words}});
  }
  r.bindings = {{"format", "plumb-bindings"}, {"version", 1}, {"bindings", bindings}};
  SourceFile file("write-out.wgsl", program);
  interp::RunReport report = interp::runShader(file, r);
  ASSERT_TRUE(report.ran);
  std::string whyNot;
  std::optional<nlohmann::json> outcomes = interpreterOutcomeProvider()(c, whyNot);
  ASSERT_TRUE(outcomes) << whyNot;
  // The write-out's f32 results are intervals; a device writes one value of each: the lower
  // ends stand for one.
  std::vector<DeviceBuffer> device;
  for (const nlohmann::json& b : report.json["outcomes"][0]["buffers"]) {
    DeviceBuffer d{b["group"].get<uint32_t>(), b["binding"].get<uint32_t>(), {}};
    for (const nlohmann::json& word : b["words"]) {
      std::string hex = word.contains("exact")      ? word["exact"].get<std::string>()
                        : word.contains("interval") ? word["interval"][0].get<std::string>()
                        : word.contains("set")      ? word["set"][0].get<std::string>()
                                                    : "0x0";
      d.words.push_back(static_cast<uint32_t>(std::stoul(hex, nullptr, 16)));
    }
    device.push_back(std::move(d));
  }
  OutcomeMatch m = compareDraw(*c.draw, *outcomes, {{"status", "executed"}}, device);
  EXPECT_EQ(m.status, OutcomeMatch::Status::Conformant) << m.note;
  EXPECT_NE(m.note.find("8 vertex invocation(s) compared"), std::string::npos) << m.note;
  // One wrong word is named by its vertex and output.
  for (DeviceBuffer& d : device)
    if (d.group == c.draw->writeOutGroup && d.binding == 0)
      d.words[c.draw->wordsPerVertex + 4] ^= 0x00400000;
  m = compareDraw(*c.draw, *outcomes, {{"status", "executed"}}, device);
  ASSERT_EQ(m.status, OutcomeMatch::Status::Outside) << m.note;
  EXPECT_EQ(m.diffs[0].where, "vertex 1 of instance 0 @location(0) component 0");
}

// Revision 2026 (Revision::positionWZeroIsDynamicError, new#position-builtin-value): a vertex
// whose position.w is zero is a dynamic error, after which any output is allowed
// (new#errors): the draw comparison finds any device output conformant through that outcome
// and says so. Under the seed the same output is outside Plumb's set.
TEST(OracleDraw, AZeroPositionWAllowsAnyOutputIn2026) {
  nlohmann::json vertexCase = {
      {"wgsl",
       "@vertex fn vs(@location(0) a: f32) -> @builtin(position) vec4<f32> {\n"
       "  return vec4<f32>(a, 0.5, 0.5, a);\n}\n"},
      {"entry", "vs"},
      {"vertex",
       {{"version", 1},
        {"vertexCount", 2},
        {"attributes", {{"0", {{"stepMode", "vertex"}, {"values", {0.0, 1.0}}}}}}}}};
  auto compare = [&](const char* revision) {
    VerdictOptions options;
    options.revision = revision;
    options.revisionGiven = true;
    OracleCase c = loadCase(writeCase(std::string("w-zero-") + revision, vertexCase), options);
    EXPECT_EQ(c.error, "");
    if (!c.draw) return OutcomeMatch{};
    std::string whyNot;
    std::optional<nlohmann::json> outcomes = interpreterOutcomeProvider()(c, whyNot);
    EXPECT_TRUE(outcomes) << whyNot;
    if (!outcomes) return OutcomeMatch{};
    // A device's write-out that is no vertex's outputs.
    DeviceBuffer out{c.draw->writeOutGroup, 0,
                     std::vector<uint32_t>(2 * c.draw->wordsPerVertex, 0x12345678u)};
    return compareDraw(*c.draw, *outcomes, {{"status", "executed"}}, {out});
  };
  OutcomeMatch now = compare("2026");
  EXPECT_EQ(now.status, OutcomeMatch::Status::Conformant) << now.note;
  EXPECT_EQ(now.stop, "dynamic error");
  EXPECT_NE(now.note.find("position-builtin-value"), std::string::npos) << now.note;
  OutcomeMatch seed = compare("2022-06");
  EXPECT_EQ(seed.status, OutcomeMatch::Status::Outside) << seed.note;
}

}  // namespace
}  // namespace plumb::oracle
