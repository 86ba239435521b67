#include "oracle/revision_delta.h"

#include <string_view>
#include <utility>

#include "semantics/revision.h"

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

}  // namespace

std::string revisionDeltaEntry(const PlumbVerdict& a, const PlumbVerdict& b) {
  const std::string kDocument = " (revision-delta-2022-06-to-2026.md)";
  if (a.valid && b.valid)
    return "delta 2.5, 2.6, 3.8, 7.1: the dynamic semantics (out-of-bounds accesses of "
           "variables, textureStore out of bounds, the order of an assignment's sides, the "
           "accuracy table; docs/revision-2026.md)" +
           kDocument;
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
      if (other.verdict.valid && other.mode == CaseMode::Run)
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
                           {"entry", revisionDeltaEntry(c.verdict, other.verdict)}};
        r.detail = std::string(classificationName(r.classification)) + " under revision " +
                   c.verdictOptions.revision + " (" + r.detail + "); agrees under revision " +
                   std::string(name) + ": " + again.detail;
        r.classification = Classification::RevisionDelta;
      }
    }
  }
}

}  // namespace plumb::oracle
