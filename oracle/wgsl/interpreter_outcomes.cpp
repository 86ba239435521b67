// Plumb's own outcome sets for oracle cases: each case runs on the interpreter (`plumb run`,
// issue 5) with the same words the runners get, and its plumb-run report is what device
// outputs are compared with (design.md: a device output must lie in one outcome).
#include <set>
#include <utility>

#include "interpreter/wgsl/run.h"
#include "memmodel/wgsl/explore.h"
#include "oracle/wgsl/compare.h"

namespace plumb::oracle {

OutcomeProvider interpreterOutcomeProvider() {
  OutcomeProvider fallback = defaultOutcomeProvider();
  return [fallback](const OracleCase& c, std::string& whyNot) -> std::optional<nlohmann::json> {
    // The bindings as the runners see them: raw words, zero-padded to the buffer's size.
    nlohmann::json bindings = nlohmann::json::array();
    for (const RunnerBinding& b : c.bindings) {
      if (!b.texture.is_null()) {
        bindings.push_back({{"group", b.group}, {"binding", b.binding}, {"texture", b.texture["plumb"]}});
        continue;
      }
      if (!b.sampler.is_null()) {
        bindings.push_back({{"group", b.group}, {"binding", b.binding}, {"sampler", b.sampler["sampler"]}});
        continue;
      }
      nlohmann::json words = nlohmann::json::array();
      for (uint64_t i = 0; i < b.size / 4; ++i) words.push_back(i < b.words.size() ? b.words[i] : 0u);
      bindings.push_back({{"group", b.group}, {"binding", b.binding}, {"words", words}});
    }
    nlohmann::json bindingsDocument = {
        {"format", "plumb-bindings"}, {"version", 1}, {"bindings", bindings}};
    if (c.immediates) {
      // Version 3: the immediate data the runners pass (setImmediates).
      bindingsDocument["version"] = 3;
      bindingsDocument["immediates"] = nlohmann::json::object();
      bindingsDocument["immediates"]["words"] = *c.immediates;
    }
    // A draw: the stage inputs the runners reproduce (oracle/wgsl/draw_plan.h).
    if (c.mode == CaseMode::Draw && c.draw)
      for (const auto& [stage, section] : c.draw->stageInputs.items())
        bindingsDocument[stage] = section;
    SourceFile file(c.wgslFile.empty() ? c.file : c.wgslFile, c.wgsl);
    // A generated litmus case (plumb-case kind "explore") is compared with every final state the
    // memory model allows (plumb explore), not with the interleavings `plumb run` executes: a
    // device may show a state no interleaving gives (docs/oracle.md).
    if (c.caseInfo.is_object() && c.caseInfo.value("kind", "") == "explore" &&
        c.verdictOptions.overrides.empty()) {
      memmodel::wgsl::ExploreRequest e;
      e.entry = c.entry;
      e.dispatch = c.dispatch;
      e.bindings = bindingsDocument;
      e.zeroMissingBindings = true;
      e.revision = &revisionOf(c.verdictOptions);
      memmodel::wgsl::ExploreResult x = memmodel::wgsl::exploreShader(file, e);
      if (x.ran) return memmodel::wgsl::asRunReport(x);
      // Not modelled by the explorer (a texture, a spin loop): `plumb run`'s set below.
    }
    interp::RunRequest r;
    r.entry = c.entry;
    r.dispatch.dispatch = c.dispatch;
    r.dispatch.maxExecutions = 1000;
    r.dispatch.maxSteps = 1'000'000;
    r.bindings = bindingsDocument;
    r.zeroMissingBindings = true;
    // The values the runners pass as the pipeline's constants.
    r.check.overrides = c.verdictOptions.overrides;
    r.check.literalShiftRight = c.verdictOptions.literalShiftRight;
    r.revision = &revisionOf(c.verdictOptions);
    interp::RunReport report = interp::runShader(file, r);
    if (report.ran) {
      // The runners read back the storage buffers only (docs/oracle.md "Runner protocol"): a
      // uniform buffer, which no invocation can write, is left out of the outcomes, or no
      // device output could be compared with them.
      std::set<std::pair<uint32_t, uint32_t>> uniform;
      // Nor are textures read back (they are sampled, never written).
      for (const RunnerBinding& b : c.bindings)
        if (b.kind == BufferKind::Uniform || !b.texture.is_null()) uniform.insert({b.group, b.binding});
      auto dropUniform = [&](nlohmann::json& buffers) {
        if (!buffers.is_array()) return;
        nlohmann::json kept = nlohmann::json::array();
        for (nlohmann::json& b : buffers)
          if (!uniform.count({b.value("group", 0u), b.value("binding", 0u)})) kept.push_back(std::move(b));
        buffers = std::move(kept);
      };
      if (!uniform.empty()) {
        if (report.json.contains("buffers")) dropUniform(report.json["buffers"]);
        if (report.json.contains("outcomes") && report.json["outcomes"].is_array())
          for (nlohmann::json& o : report.json["outcomes"])
            if (o.contains("buffers")) dropUniform(o["buffers"]);
      }
      return report.json;
    }
    std::string why;
    for (const std::string& e : report.errors) why += (why.empty() ? "" : "; ") + e;
    if (why.empty()) why = "the program does not pass Plumb's static rules";
    // A hand-written expectation in the case file, if any, still applies.
    std::string fallbackWhy;
    if (auto expected = fallback(c, fallbackWhy)) return expected;
    whyNot = "the interpreter did not run the case: " + why;
    return std::nullopt;
  };
}

}  // namespace plumb::oracle
