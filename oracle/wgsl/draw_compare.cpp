// Comparing a draw with Plumb's outcome set (oracle/wgsl/draw_compare.h, docs/oracle.md "Draws").
#include "oracle/wgsl/draw_compare.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace plumb::oracle {

namespace {

std::string hexWord(uint32_t w) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "0x%08x", w);
  return buffer;
}

float f32Of(uint32_t w) {
  return std::bit_cast<float>(w);
}

uint32_t clampedBits(uint32_t w) {
  float f = f32Of(w);
  if (std::isnan(f)) return w;
  if (f < 0.0f) return 0u;  // -0 too: the attachment stores +0 or -0; both are the set's zero
  if (f > 1.0f) return std::bit_cast<uint32_t>(1.0f);
  return w;
}

/// The key of an invocation in a plumb-run report: its pixel or its vertex and instance.
std::pair<int64_t, int64_t> keyOf(const nlohmann::json& inv, ShaderStage stage) {
  if (stage == ShaderStage::Fragment)
    return {inv.value("x", int64_t(-1)), inv.value("y", int64_t(-1))};
  return {inv.value("vertex", int64_t(-1)), inv.value("instance", int64_t(-1))};
}

std::string whoText(std::pair<int64_t, int64_t> key, ShaderStage stage) {
  if (stage == ShaderStage::Fragment)
    return "pixel (" + std::to_string(key.first) + ", " + std::to_string(key.second) + ")";
  return "vertex " + std::to_string(key.first) + " of instance " + std::to_string(key.second);
}

std::string outputText(uint32_t binding) {
  if (binding == kFragDepthBinding) return "frag_depth";
  if (binding == kCoverageBinding) return "coverage (not discarded)";
  if (binding == kPositionBinding) return "position";
  return "@location(" + std::to_string(binding) + ")";
}

}  // namespace

nlohmann::json clampedDepthWord(const nlohmann::json& word) {
  if (!word.is_object()) return word;
  if (word.contains("exact") && word["exact"].is_string()) {
    uint32_t w = static_cast<uint32_t>(std::stoul(word["exact"].get<std::string>(), nullptr, 16));
    if (std::isnan(f32Of(w))) return {{"any", true}};
    uint32_t c = clampedBits(w);
    if (c == 0u) return {{"set", {"0x00000000", "0x80000000"}}};
    return {{"exact", hexWord(c)}};
  }
  if (word.contains("set") && word["set"].is_array()) {
    std::set<uint32_t> values;
    for (const nlohmann::json& s : word["set"]) {
      uint32_t w = static_cast<uint32_t>(std::stoul(s.get<std::string>(), nullptr, 16));
      if (std::isnan(f32Of(w))) return {{"any", true}};
      uint32_t c = clampedBits(w);
      values.insert(c);
      if (c == 0u) values.insert(0x80000000u);
    }
    nlohmann::json out = nlohmann::json::array();
    for (uint32_t v : values) out.push_back(hexWord(v));
    return {{"set", out}};
  }
  if (word.contains("interval") && word["interval"].is_array() && word["interval"].size() == 2) {
    uint32_t lo =
        static_cast<uint32_t>(std::stoul(word["interval"][0].get<std::string>(), nullptr, 16));
    uint32_t hi =
        static_cast<uint32_t>(std::stoul(word["interval"][1].get<std::string>(), nullptr, 16));
    float l = std::max(0.0f, std::min(1.0f, f32Of(lo))),
          h = std::max(0.0f, std::min(1.0f, f32Of(hi)));
    if (std::isnan(f32Of(lo)) || std::isnan(f32Of(hi))) return {{"any", true}};
    nlohmann::json out = word;
    out["interval"] = {hexWord(std::bit_cast<uint32_t>(l)), hexWord(std::bit_cast<uint32_t>(h))};
    out["range"] = {l, h};
    return out;
  }
  return word;  // any
}

std::optional<DrawComparison> drawComparison(const DrawPlan& plan, const nlohmann::json& plumbRun,
                                             const nlohmann::json& raw,
                                             const std::vector<DeviceBuffer>& buffers,
                                             std::string& whyNot) {
  if (!plumbRun.is_object() || !plumbRun.contains("outcomes") || !plumbRun["outcomes"].is_array()) {
    whyNot = "the plumb-run report has no \"outcomes\"";
    return std::nullopt;
  }
  const ShaderStage stage = plan.stage;
  // The invocations Plumb lists (helpers left out), in the report's order.
  std::vector<std::pair<int64_t, int64_t>> keys;
  for (const nlohmann::json& o : plumbRun["outcomes"]) {
    if (!o.contains("invocations") || !o["invocations"].is_array()) continue;
    for (const nlohmann::json& inv : o["invocations"]) keys.push_back(keyOf(inv, stage));
    break;
  }
  DrawComparison cmp;
  if (keys.empty()) {
    // No outcome lists its invocations: none finished (a typed stop ended each), and the
    // stops decide as they do for a dispatch (inconclusive, naming the feature or the bound).
    bool stopped = false;
    for (const nlohmann::json& o : plumbRun["outcomes"])
      stopped = stopped || o.value("kind", "finished") != "finished";
    if (!stopped) {
      whyNot = "Plumb's report lists no " +
               std::string(stage == ShaderStage::Fragment ? "fragment" : "vertex");
      return std::nullopt;
    }
    cmp.outcomes = plumbRun;
    cmp.device = buffers;
    return cmp;
  }
  cmp.invocations = keys.size();
  cmp.device = buffers;
  // The device's words per pseudo-buffer, in the order of `keys`.
  std::map<uint32_t, std::vector<uint32_t>> device;
  const nlohmann::json drawn = raw.value("draw", nlohmann::json());
  if (stage == ShaderStage::Fragment) {
    if (!drawn.is_object()) {
      whyNot = "the runner reported no draw";
      return std::nullopt;
    }
    uint32_t width = plan.width, height = plan.height;
    auto pixelIndex = [&](std::pair<int64_t, int64_t> k) -> std::optional<size_t> {
      if (k.first < 0 || k.second < 0 || k.first >= width || k.second >= height)
        return std::nullopt;
      return size_t(k.second) * width + size_t(k.first);
    };
    const nlohmann::json targets = drawn.value("targets", nlohmann::json::array());
    for (const DrawPlan::Output& out : plan.outputs) {
      const nlohmann::json* target = nullptr;
      for (const nlohmann::json& t : targets)
        if (t.value("location", UINT32_MAX) == out.binding) target = &t;
      if (!target || !(*target).contains("words") ||
          (*target)["words"].size() != size_t(width) * height * out.components) {
        whyNot = "the runner did not read back the target of @location(" +
                 std::to_string(out.binding) + ")";
        return std::nullopt;
      }
      std::vector<uint32_t>& words = device[out.binding];
      for (auto k : keys) {
        std::optional<size_t> p = pixelIndex(k);
        for (int c = 0; c < out.components; ++c)
          words.push_back(p ? (*target)["words"][*p * out.components + c].get<uint32_t>() : 0u);
      }
    }
    auto perPixel = [&](const char* member, uint32_t binding) {
      if (!drawn.contains(member) || drawn[member].size() != size_t(width) * height) return false;
      std::vector<uint32_t>& words = device[binding];
      for (auto k : keys) {
        std::optional<size_t> p = pixelIndex(k);
        words.push_back(p ? drawn[member][*p].get<uint32_t>() : 0u);
      }
      return true;
    };
    if (plan.fragDepth && !perPixel("depth", kFragDepthBinding)) {
      whyNot = "the runner did not read back the depth (frag_depth)";
      return std::nullopt;
    }
    // Without a stencil (no depth32float-stencil8 on the device) the coverage is not compared.
    perPixel("stencil", kCoverageBinding);
  } else {
    // The write-out buffer: wordsPerVertex words per invocation, instance after instance.
    const DeviceBuffer* out = nullptr;
    for (const DeviceBuffer& b : buffers)
      if (b.group == plan.writeOutGroup && b.binding == 0) out = &b;
    if (!out) {
      whyNot = "the runner did not read back the vertex write-out";
      return std::nullopt;
    }
    for (auto k : keys) {
      size_t base = (size_t(k.second) * plan.vertexCount + size_t(k.first)) * plan.wordsPerVertex;
      size_t offset = 0;
      for (const DrawPlan::Output& o : plan.outputs) {
        std::vector<uint32_t>& words = device[o.binding];
        for (int c = 0; c < o.components; ++c, ++offset)
          words.push_back(base + offset < out->words.size() ? out->words[base + offset] : 0u);
      }
    }
    cmp.device.erase(
        std::remove_if(cmp.device.begin(), cmp.device.end(),
                       [&](const DeviceBuffer& b) { return b.group == plan.writeOutGroup; }),
        cmp.device.end());
  }
  for (auto& [binding, words] : device) cmp.device.push_back({kDrawOutputs, binding, words});
  // Plumb's words per pseudo-buffer in each outcome, in the same order.
  cmp.outcomes = plumbRun;
  for (nlohmann::json& o : cmp.outcomes["outcomes"]) {
    std::map<std::pair<int64_t, int64_t>, const nlohmann::json*> byKey;
    if (o.contains("invocations") && o["invocations"].is_array())
      for (const nlohmann::json& inv : o["invocations"]) byKey[keyOf(inv, stage)] = &inv;
    std::map<uint32_t, nlohmann::json> words;
    for (const auto& [binding, unused] : device) words[binding] = nlohmann::json::array();
    for (size_t i = 0; i < keys.size(); ++i) {
      auto it = byKey.find(keys[i]);
      const nlohmann::json* inv = it == byKey.end() ? nullptr : it->second;
      bool discarded = inv && inv->value("discarded", false) == true;
      for (auto& [binding, list] : words) {
        size_t n = device[binding].size() / keys.size();
        for (size_t c = 0; c < n; ++c) {
          nlohmann::json word = {{"any", true}};
          if (binding == kCoverageBinding) {
            if (inv) word = {{"exact", discarded ? "0x00000000" : "0x00000001"}};
          } else if (inv && !discarded) {
            const nlohmann::json* ws = nullptr;
            if (binding == kFragDepthBinding || binding == kPositionBinding) {
              const char* name = binding == kFragDepthBinding ? "frag_depth" : "position";
              if (inv->contains("builtins") && (*inv)["builtins"].contains(name))
                ws = &(*inv)["builtins"][name];
            } else if (inv->contains("locations") &&
                       (*inv)["locations"].contains(std::to_string(binding))) {
              ws = &(*inv)["locations"][std::to_string(binding)];
            }
            if (ws && c < ws->size()) word = (*ws)[c];
            if (binding == kFragDepthBinding) word = clampedDepthWord(word);
          }
          if (cmp.where.size() < 100000)
            cmp.where[{binding, static_cast<uint32_t>(list.size())}] =
                whoText(keys[i], stage) + " " + outputText(binding) +
                (n > 1 ? " component " + std::to_string(c) : "");
          list.push_back(std::move(word));
        }
      }
    }
    if (!o.contains("buffers") || !o["buffers"].is_array()) o["buffers"] = nlohmann::json::array();
    for (auto& [binding, list] : words)
      o["buffers"].push_back(
          {{"group", kDrawOutputs}, {"binding", binding}, {"words", std::move(list)}});
  }
  return cmp;
}

OutcomeMatch compareDraw(const DrawPlan& plan, const nlohmann::json& plumbRun,
                         const nlohmann::json& raw, const std::vector<DeviceBuffer>& buffers) {
  std::string why;
  std::optional<DrawComparison> cmp = drawComparison(plan, plumbRun, raw, buffers, why);
  if (!cmp) {
    OutcomeMatch m;
    m.status = OutcomeMatch::Status::NotAvailable;
    m.note = why;
    return m;
  }
  OutcomeMatch m = compareWithOutcomes(cmp->outcomes, cmp->device);
  for (WordDiff& d : m.diffs)
    if (d.group == kDrawOutputs) {
      auto it = cmp->where.find({d.binding, d.index});
      if (it != cmp->where.end()) d.where = it->second;
    }
  std::string what = std::to_string(cmp->invocations) +
                     (plan.stage == ShaderStage::Fragment ? " pixel(s)" : " vertex invocation(s)") +
                     " compared";
  if (m.status == OutcomeMatch::Status::Outside && !plan.inexact.empty()) {
    m.status = OutcomeMatch::Status::Inconclusive;
    m.note = "outside the closest outcome (" + std::to_string(m.outcome) + ") at " +
             std::to_string(m.diffCount) + " word(s), but " + plan.inexact;
  }
  m.note += "; " + what;
  return m;
}

}  // namespace plumb::oracle
