#include "oracle/wgsl/revision_delta.h"

#include <set>
#include <string_view>
#include <utility>

#include "interpreter/wgsl/run.h"
#include "semantics/wgsl/revision.h"

namespace plumb::oracle {

namespace {

/// A rule anchor (or its part) and the delta entry that changes it. First match wins, so the
/// more specific parts come first.
constexpr std::pair<std::string_view, std::string_view> kEntries[] = {
    {"must-use", "4.4 @must_use and call statements"},
    {"function-call-statement", "4.4 @must_use and call statements"},
    {"static-assert", "4.5 assertions: staticAssert is const_assert"},
    {"const-assert", "4.5 assertions: staticAssert is const_assert"},
    {"fallthrough", "1.7 fallthrough is removed"},
    {"switch", "1.7, 4.3 switch selectors"},
    {"reserved", "1.3 reserved words"},
    {"keyword", "1.2 keywords"},
    {"type-alias", "1.7 type aliases: type is alias"},
    {"function-restriction", "2.5 pointer parameters (unrestricted_pointer_parameters)"},
    {"alias", "2.5 static alias analysis"},
    {"behavior", "4.1 the behavior set (discard is {Next})"},
    {"discard", "4.1, 4.2 discard demotes"},
    {"uniformity", "5 uniformity analysis"},
    {"diagnostic", "1.5, 1.6 diagnostic directives and attributes"},
    {"enable", "1.5 directives"},
    {"extension", "8 extensions and language features"},
    {"attribute", "1.6 attributes"},
    {"arithmetic-expr", "3.2 integer division and remainder"},
    {"bit-expr", "3.4 shifts"},
    {"floating-point", "3.5, 3.6 floating-point errors and conversions"},
    {"conversion", "3.6 conversions"},
    {"construct", "2.2 inferred and zero-argument constructors"},
    {"array-builtin", "2.2 array(...)"},
    {"declaration-and-scope", "2.4 shadowing of predeclared objects"},
    {"texture", "2.6 storage textures"},
    {"pointer", "2.5 pointers"},
    {"access-expr", "3.7 out-of-bounds indices at creation time"},
    {"builtin", "6 built-in functions"},
    {"syntax", "1.1 the parsing model, 1.7 declarations and statements"},
    {"limits", "1.8 limits"},
};

/// The dynamic fields of Revision (docs/revision-2026.md "Run time") and their entries.
constexpr std::pair<bool Revision::*, std::string_view> kDynamicEntries[] = {
    {&Revision::assignmentLeftHandSideFirst,
     "3.8 an assignment evaluates its left-hand side first"},
    {&Revision::invalidReferenceInOriginatingVariable,
     "2.5 an out-of-bounds access of any variable may reach its other elements"},
    {&Revision::textureStoreOutOfBoundsDiscarded,
     "2.6 an out-of-bounds textureStore is not executed"},
    {&Revision::currentAccuracyTable, "7.1 the accuracy table"},
    {&Revision::outOfBoundsAccessIsDynamicError, "2.5 an out-of-bounds access is a dynamic error"},
    {&Revision::bitcastMayFlush, "6.2 a bitcast may flush a subnormal"},
    {&Revision::frexpSubnormalIndeterminate, "6.2 frexp of a subnormal is indeterminate"},
    {&Revision::unpackNormalizedWithinThreeUlp,
     "7.1 unpack4x8snorm/unorm and unpack2x16snorm/unorm within 3 ULP"},
    {&Revision::vectorComponentWriteMayAccessVector,
     "7.2 a write to a vector component may access the whole vector"},
    {&Revision::discardDemotesToHelper, "4.2 discard demotes the invocation to a helper"},
    {&Revision::positionWZeroIsDynamicError,
     "8 position.w = 0 in a vertex output is a dynamic error"},
};

/// Which dynamic deltas alone explain a device output: the case run under `base` with one
/// field of the other revision at a time; the entries of those under which the output lies
/// in an outcome (empty when none does alone).
std::string dynamicEntries(const OracleCase& c, const Revision& base, const Revision& other,
                           const std::vector<DeviceBuffer>& device) {
  nlohmann::json bindings = nlohmann::json::array();
  std::set<std::pair<uint32_t, uint32_t>> uniform;
  for (const RunnerBinding& b : c.bindings) {
    // Textures and samplers as interpreter_outcomes.cpp passes them (textures are not read back).
    if (!b.texture.is_null()) {
      bindings.push_back(
          {{"group", b.group}, {"binding", b.binding}, {"texture", b.texture["plumb"]}});
      uniform.insert({b.group, b.binding});
      continue;
    }
    if (!b.sampler.is_null()) {
      bindings.push_back(
          {{"group", b.group}, {"binding", b.binding}, {"sampler", b.sampler["sampler"]}});
      continue;
    }
    nlohmann::json words = nlohmann::json::array();
    for (uint64_t i = 0; i < b.size / 4; ++i) words.push_back(i < b.words.size() ? b.words[i] : 0u);
    bindings.push_back({{"group", b.group}, {"binding", b.binding}, {"words", words}});
    if (b.kind == BufferKind::Uniform) uniform.insert({b.group, b.binding});
  }
  std::string out;
  for (const auto& [field, entry] : kDynamicEntries) {
    if (base.*field == other.*field) continue;
    Revision r = base;
    r.*field = other.*field;
    interp::RunRequest q;
    q.entry = c.entry;
    q.dispatch.dispatch = c.dispatch;
    q.dispatch.maxExecutions = 1000;
    q.dispatch.maxSteps = 1'000'000;
    q.bindings = {{"format", "plumb-bindings"}, {"version", 1}, {"bindings", bindings}};
    if (c.immediates) {
      q.bindings["version"] = 3;
      q.bindings["immediates"] = nlohmann::json::object();
      q.bindings["immediates"]["words"] = *c.immediates;
    }
    q.zeroMissingBindings = true;
    q.check.overrides = c.verdictOptions.overrides;
    q.revision = &r;
    SourceFile file(c.id + ".wgsl", c.wgsl);
    interp::RunReport report = interp::runShader(file, q);
    if (!report.ran) continue;
    // The runners read back storage buffers only (as interpreter_outcomes.cpp).
    for (nlohmann::json& o : report.json["outcomes"]) {
      nlohmann::json kept = nlohmann::json::array();
      for (nlohmann::json& b : o["buffers"])
        if (!uniform.count({b.value("group", 0u), b.value("binding", 0u)})) kept.push_back(b);
      o["buffers"] = kept;
    }
    if (compareWithOutcomes(report.json, device).status == OutcomeMatch::Status::Conformant)
      out += (out.empty() ? "delta " : "; delta ") + std::string(entry);
  }
  return out;
}

}  // namespace

std::string revisionDeltaEntry(const PlumbVerdict& a, const PlumbVerdict& b, const Revision* ra,
                               const Revision* rb) {
  const std::string kDocument = " (revision-delta-2022-06-to-2026.md)";
  if (a.valid && b.valid) {
    // Both accept: the outcome sets differ by a run-time delta, one of those on which the two
    // revisions differ (kDynamicEntries: "SECTION text"), each named with its section.
    std::string sections, texts;
    std::set<std::string_view> seen;
    for (const auto& [field, entry] : kDynamicEntries) {
      if (ra && rb && ra->*field == rb->*field) continue;
      size_t space = entry.find(' ');
      std::string_view section = entry.substr(0, space);
      if (seen.insert(section).second)
        sections += (sections.empty() ? "" : ", ") + std::string(section);
      texts += (texts.empty() ? "" : "; ") + std::string(entry.substr(space + 1));
    }
    if (sections.empty()) return "no run-time delta between the two revisions" + kDocument;
    return "delta " + sections + ": the dynamic semantics (" + texts + "; docs/revision-2026.md)" +
           kDocument;
  }
  const std::string& rule = a.valid ? b.rule : a.rule;
  for (const auto& [part, entry] : kEntries)
    if (rule.find(part) != std::string::npos) return "delta " + std::string(entry) + kDocument;
  return "the rule [" + rule + "]" + kDocument;
}

void labelRevisionDeltas(OracleRun& run, const OutcomeProvider& outcomes) {
  for (size_t i = 0; i < run.cases.size(); ++i) {
    const OracleCase& c = run.cases[i];
    if (!c.error.empty()) continue;
    bool disagreement = false;
    for (const BackendRun& b : run.backends)
      disagreement =
          disagreement || (i < b.results.size() && isDisagreement(b.results[i].classification));
    if (!disagreement) continue;
    for (std::string_view name : Revision::names()) {
      if (name == c.verdictOptions.revision) continue;
      // The same case under the other revision: its verdict and, when it runs, its outcomes.
      OracleCase other = c;
      other.verdictOptions.revision = std::string(name);
      other.verdict = plumbVerdict(c.wgslFile.empty() ? c.id + ".wgsl" : c.wgslFile, c.wgsl,
                                   other.verdictOptions);
      std::optional<nlohmann::json> otherOutcomes;
      std::string whyNot;
      if (other.verdict.valid && (other.mode == CaseMode::Run || other.mode == CaseMode::Draw))
        otherOutcomes = outcomes(other, whyNot);
      for (BackendRun& b : run.backends) {
        if (i >= b.results.size()) continue;
        BackendCaseResult& r = b.results[i];
        if (!isDisagreement(r.classification)) continue;
        BackendCaseResult again = r;
        classify(other, otherOutcomes, whyNot, again);
        bool compared = again.outcome.status != OutcomeMatch::Status::NotAvailable;
        bool wasCompared = r.outcome.status != OutcomeMatch::Status::NotAvailable;
        if (again.classification != Classification::Agree || (wasCompared && !compared)) continue;
        r.revisionDelta = {{"revision", std::string(name)},
                           {"classification", classificationName(r.classification)},
                           {"detail", again.detail},
                           {"entry", revisionDeltaEntry(c.verdict, other.verdict,
                                                        Revision::byName(c.verdictOptions.revision),
                                                        Revision::byName(name))}};
        // Outputs that differ: which dynamic delta alone explains this one, when one does.
        // (A dispatch's only: a draw's outputs are not buffers of the run.)
        if (c.verdict.valid && other.verdict.valid && compared && c.mode == CaseMode::Run)
          if (const Revision* base = Revision::byName(c.verdictOptions.revision))
            if (std::string which = dynamicEntries(c, *base, *Revision::byName(name), r.buffers);
                !which.empty())
              r.revisionDelta["entry"] = which + " (revision-delta-2022-06-to-2026.md)";
        r.detail = std::string(classificationName(r.classification)) + " under revision " +
                   c.verdictOptions.revision + " (" + r.detail + "); agrees under revision " +
                   std::string(name) + ": " + again.detail;
        r.classification = Classification::RevisionDelta;
      }
    }
  }
}

}  // namespace plumb::oracle
