// The WGSL litmus corpus (corpus/litmus/wgsl): every file is explored with `plumb explore`'s
// library call, and the final states projected onto the file's `@observe` locations must be
// exactly its `@allowed` outcomes (so a missing allowed outcome and a forbidden outcome that
// appears both fail), with data races as `@races` says and the exploration complete.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <sstream>

#include "memmodel/wgsl/explore.h"
#include "memmodel/wgsl/litmus.h"
#include "test_data.h"

namespace plumb::memmodel::wgsl {
namespace {

const std::string kCorpus = std::string(PLUMB_SOURCE_DIR) + "/corpus/litmus/wgsl";

struct Expected {
  std::array<uint32_t, 3> dispatch{1, 1, 1};
  std::vector<std::string> observe;
  std::set<std::vector<std::string>> allowed;
  bool races = false;
  bool valid = false;
};

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

Expected parseHeader(const std::string& text) {
  Expected e;
  std::istringstream in(text);
  bool sawRaces = false;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("// @")) continue;
    std::vector<std::string> w = words(line.substr(4));
    if (w.empty()) continue;
    if (w[0] == "dispatch" && w.size() == 2) {
      std::istringstream d(w[1]);
      std::string part;
      for (int k = 0; k < 3 && std::getline(d, part, ','); ++k) e.dispatch[k] = std::stoul(part);
    } else if (w[0] == "observe") {
      e.observe.assign(w.begin() + 1, w.end());
    } else if (w[0] == "allowed") {
      e.allowed.insert(std::vector<std::string>(w.begin() + 1, w.end()));
    } else if (w[0] == "races" && w.size() == 2) {
      e.races = w[1] == "some";
      sawRaces = true;
    }
  }
  e.valid = !e.observe.empty() && !e.allowed.empty() && sawRaces;
  return e;
}

std::vector<std::string> corpusFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(kCorpus))
    if (entry.path().extension() == ".wgsl") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(WgslLitmusCorpus, EveryPatternEveryVariantIsPresent) {
  std::set<std::string> names;
  for (const std::string& f : corpusFiles())
    names.insert(std::filesystem::path(f).filename().string());
  for (const char* t :
       {"mp", "sb", "lb", "iriw", "2+2w", "s", "r", "corr", "coww", "cowr", "corw", "rmw"})
    for (const char* v : {".wgsl", ".barrier.wgsl", ".barrier.2wg.wgsl"})
      EXPECT_TRUE(names.count(std::string(t) + v)) << t << v;
}

TEST(WgslLitmusCorpus, ExactlyTheAllowedOutcomes) {
  std::vector<std::string> files = corpusFiles();
  ASSERT_GE(files.size(), 36u);
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    std::string text = plumb::testing::readFile(path);
    Expected e = parseHeader(text);
    ASSERT_TRUE(e.valid) << "header lacks @observe, @allowed or @races";
    SourceFile file(path, text);
    ExploreRequest request;
    request.dispatch = e.dispatch;
    ExploreResult r = exploreShader(file, request);
    for (const std::string& err : r.errors) ADD_FAILURE() << err;
    ASSERT_TRUE(r.ran);
    EXPECT_TRUE(r.complete);
    std::set<std::vector<std::string>> found;
    for (const FinalState& s : r.states) {
      EXPECT_EQ(s.kind, "finished") << stateLine(s);
      std::vector<std::string> projected;
      for (const std::string& name : e.observe) {
        std::string value = "?";
        for (const auto& [n, v] : s.values)
          if (n == name) value = v;
        projected.push_back(value);
      }
      found.insert(projected);
    }
    for (const auto& o : e.allowed)
      EXPECT_TRUE(found.count(o)) << "allowed outcome not found: " << ::testing::PrintToString(o);
    for (const auto& o : found)
      EXPECT_TRUE(e.allowed.count(o))
          << "outcome found that is not allowed: " << ::testing::PrintToString(o);
    EXPECT_EQ(!r.races.empty(), e.races);
    // The library's reading of the header (plumb explore's verdict) agrees: Ok.
    LitmusHeader h = parseLitmusHeader(text);
    EXPECT_TRUE(h.errors.empty()) << ::testing::PrintToString(h.errors);
    EXPECT_EQ(h.dispatch.value_or(std::array<uint32_t, 3>{1, 1, 1}), e.dispatch);
    LitmusVerdict v = judgeLitmus(h, r);
    EXPECT_TRUE(v.ok) << ::testing::PrintToString(v.reasons);
  }
}

// The verdict against hand-made results: each failed expectation is a reason.
TEST(WgslLitmusHeader, EachFailedExpectationIsAReason) {
  LitmusHeader h = parseLitmusHeader(
      "// plumb-explore-litmus v2\n// @dispatch 2,1\n// @observe a b\n// @allowed 0u 0u\n"
      "// @allowed 1u 1u\n// @forbidden 1u 0u\n// @races none\nfn f() {}\n");
  EXPECT_TRUE(h.present);
  EXPECT_TRUE(h.errors.empty());
  EXPECT_EQ(h.dispatch, (std::array<uint32_t, 3>{2, 1, 1}));
  ExploreResult r;
  r.ran = true;
  auto state = [](const std::string& a, const std::string& b) {
    FinalState s;
    s.values = {{"a", a}, {"b", b}};
    return s;
  };
  r.states = {state("0u", "0u"), state("1u", "1u")};
  EXPECT_TRUE(judgeLitmus(h, r).ok);
  r.states.push_back(state("1u", "0u"));
  r.races.push_back("a: write by inv 0, read by inv 1");
  LitmusVerdict v = judgeLitmus(h, r);
  EXPECT_FALSE(v.ok);
  std::string all = ::testing::PrintToString(v.reasons);
  EXPECT_NE(all.find("not @allowed: 1u 0u"), std::string::npos) << all;
  EXPECT_NE(all.find("forbidden outcome found: 1u 0u"), std::string::npos) << all;
  EXPECT_NE(all.find("@races none"), std::string::npos) << all;
  r.states = {state("0u", "0u")};
  r.races.clear();
  r.complete = false;
  v = judgeLitmus(h, r);
  all = ::testing::PrintToString(v.reasons);
  EXPECT_NE(all.find("allowed outcome not found: 1u 1u"), std::string::npos) << all;
  EXPECT_NE(all.find("incomplete"), std::string::npos) << all;
  r.ran = false;
  EXPECT_FALSE(judgeLitmus(h, r).ok);
}

TEST(WgslLitmusHeader, MalformedDirectivesAreNamed) {
  LitmusHeader h = parseLitmusHeader(
      "// @dispatch 0\n// @races maybe\n// @allow 1u\n"
      "// @observe x\n// @allowed 1u 2u\n");
  ASSERT_EQ(h.errors.size(), 4u) << ::testing::PrintToString(h.errors);
  EXPECT_NE(h.errors[0].find("line 1: @dispatch"), std::string::npos);
  EXPECT_NE(h.errors[1].find("line 2: @races"), std::string::npos);
  EXPECT_NE(h.errors[2].find("unknown directive '@allow'"), std::string::npos);
  EXPECT_NE(h.errors[3].find("has 2 values"), std::string::npos);
  EXPECT_FALSE(parseLitmusHeader("// a comment\nfn f() {}\n").present);
  LitmusHeader dispatchOnly = parseLitmusHeader("// @dispatch 4\n");
  EXPECT_TRUE(dispatchOnly.present);
  EXPECT_FALSE(dispatchOnly.judged());
}

}  // namespace
}  // namespace plumb::memmodel::wgsl
