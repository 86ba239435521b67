// Running a program under a revision and reading its outcomes' words, for the tests of the
// 2026 dynamic semantics (runtime_builtins_2026_test.cpp, subgroups_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "interpreter/wgsl/run.h"

namespace plumb::interp::testing2026 {

struct Ran {
  RunReport report;
  std::string errors;
};

/// `bindings`: a plumb-bindings document (null: none; missing bindings are zero either way).
inline Ran run(const Revision& revision, const std::string& source,
               const DispatchOptions& dispatch = {}, const nlohmann::json& bindings = nullptr) {
  auto file = std::make_unique<SourceFile>("t.wgsl", source);
  RunRequest request;
  request.revision = &revision;
  request.bindings = bindings;
  request.zeroMissingBindings = true;
  request.dispatch = dispatch;
  Ran r{runShader(*file, request), ""};
  for (const Diagnostic& d : r.report.diagnostics.all()) r.errors += renderText(d);
  for (const std::string& e : r.report.errors) r.errors += e + "\n";
  return r;
}

/// The words of buffer `b` of every finished outcome, each word as its JSON
/// (`{"exact": "0000002a"}`, `{"set": [...]}`, `{"interval": ...}`, `{"any": true}`), dumped.
inline std::set<std::vector<std::string>> wordSets(const Ran& r, size_t b = 0) {
  std::set<std::vector<std::string>> out;
  EXPECT_TRUE(r.report.ran) << r.errors;
  if (!r.report.ran) return out;
  for (const auto& o : r.report.json["outcomes"]) {
    if (o["kind"] != "finished") continue;
    std::vector<std::string> words;
    for (const auto& w : o["buffers"][b]["words"]) words.push_back(w.dump());
    out.insert(words);
  }
  return out;
}

/// Every finished outcome as the exact words of buffer `b` (a word that is not exact fails).
inline std::set<std::vector<uint32_t>> exactOutcomes(const Ran& r, size_t b = 0) {
  std::set<std::vector<uint32_t>> out;
  EXPECT_TRUE(r.report.ran) << r.errors;
  if (!r.report.ran) return out;
  for (const auto& o : r.report.json["outcomes"]) {
    EXPECT_EQ(o["kind"], "finished") << o.dump();
    std::vector<uint32_t> words;
    for (const auto& w : o["buffers"][b]["words"]) {
      EXPECT_TRUE(w.contains("exact")) << w.dump();
      if (w.contains("exact"))
        words.push_back(
            static_cast<uint32_t>(std::stoul(w["exact"].get<std::string>(), nullptr, 16)));
    }
    out.insert(words);
  }
  return out;
}

using Words = std::set<std::vector<uint32_t>>;

}  // namespace plumb::interp::testing2026
