#include "oracle/wgsl/revision_delta.h"

#include <functional>
#include <initializer_list>
#include <optional>
#include <set>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "interpreter/wgsl/run.h"
#include "semantics/diagnostic.h"
#include "semantics/source.h"
#include "semantics/wgsl/parser.h"
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

/// What a program contains, as far as the run-time deltas' rules are concerned: the
/// constructs at which the interpreter consults each dynamic field of Revision.
struct ProgramConstructs {
  std::set<std::string, std::less<>> calls;  // the names of the functions it calls
  bool assignment = false;                   // an assignment with a left-hand side (not `_ = e`)
  bool index = false;                        // an index expression `e[i]`
  bool componentWrite = false;               // a write to, or the address of, a member or element
  bool bitcast = false;
  bool discard = false;
  bool vertexStage = false;  // a @vertex entry point
  bool calls_(std::initializer_list<std::string_view> names) const {
    for (std::string_view n : names)
      if (calls.count(n)) return true;
    return false;
  }
};

/// The dynamic fields of Revision (docs/revision-2026.md "Run time"), their entries, and
/// whether a program can reach the rule each changes (where the interpreter consults the
/// field; when in doubt, it can).
struct DynamicEntry {
  bool Revision::*field;
  std::string_view entry;
  bool (*reached)(const ProgramConstructs&);
};
constexpr DynamicEntry kDynamicEntries[] = {
    // machine_statements.cpp: the order of an assignment's two sides.
    {&Revision::assignmentLeftHandSideFirst, "3.8 an assignment evaluates its left-hand side first",
     [](const ProgramConstructs& p) { return p.assignment; }},
    // machine.cpp: an invalid memory reference, made by an out-of-bounds index or buffer view.
    {&Revision::invalidReferenceInOriginatingVariable,
     "2.5 an out-of-bounds access of any variable may reach its other elements",
     [](const ProgramConstructs& p) {
       return p.index || p.calls_({"bufferView", "bufferArrayView"});
     }},
    {&Revision::textureStoreOutOfBoundsDiscarded,
     "2.6 an out-of-bounds textureStore is not executed",
     [](const ProgramConstructs& p) { return p.calls_({"textureStore"}); }},
    // runtime_float_builtins.cpp (acos, asin, atan2, tanh, and min and max, which clamp,
    // saturate and smoothstep use) and stage_fragment.cpp (the derivatives).
    {&Revision::currentAccuracyTable, "7.1 the accuracy table",
     [](const ProgramConstructs& p) {
       return p.calls_({"acos", "asin", "atan2", "tanh", "min", "max", "clamp", "saturate",
                        "smoothstep", "dpdx", "dpdxCoarse", "dpdxFine", "dpdy", "dpdyCoarse",
                        "dpdyFine", "fwidth", "fwidthCoarse", "fwidthFine"});
     }},
    {&Revision::outOfBoundsAccessIsDynamicError, "2.5 an out-of-bounds access is a dynamic error",
     [](const ProgramConstructs& p) {
       return p.index || p.calls_({"bufferView", "bufferArrayView"});
     }},
    {&Revision::bitcastMayFlush, "6.2 a bitcast may flush a subnormal",
     [](const ProgramConstructs& p) { return p.bitcast || p.calls_({"bitcast"}); }},
    {&Revision::frexpSubnormalIndeterminate, "6.2 frexp of a subnormal is indeterminate",
     [](const ProgramConstructs& p) { return p.calls_({"frexp"}); }},
    {&Revision::unpackNormalizedWithinThreeUlp,
     "7.1 unpack4x8snorm/unorm and unpack2x16snorm/unorm within 3 ULP",
     [](const ProgramConstructs& p) {
       return p.calls_({"unpack4x8snorm", "unpack4x8unorm", "unpack2x16snorm", "unpack2x16unorm"});
     }},
    {&Revision::vectorComponentWriteMayAccessVector,
     "7.2 a write to a vector component may access the whole vector",
     [](const ProgramConstructs& p) { return p.componentWrite; }},
    {&Revision::discardDemotesToHelper, "4.2 discard demotes the invocation to a helper",
     [](const ProgramConstructs& p) { return p.discard; }},
    {&Revision::positionWZeroIsDynamicError,
     "8 position.w = 0 in a vertex output is a dynamic error",
     [](const ProgramConstructs& p) { return p.vertexStage; }},
};

/// The constructs of `wgsl` under `revision`; nothing when it does not parse.
std::optional<ProgramConstructs> constructsOf(const std::string& wgsl, const Revision& revision) {
  using namespace ast;
  SourceFile file("case.wgsl", wgsl);
  DiagnosticList diagnostics;
  std::unique_ptr<Module> m = parseModule(file, revision, diagnostics);
  if (!m || diagnostics.hasErrors()) return std::nullopt;
  ProgramConstructs out;
  // Whether an expression has a member or index access in it (a component of something).
  std::function<bool(ExpressionId)> accesses = [&](ExpressionId id) -> bool {
    if (!id) return false;
    return std::visit(
        [&](const auto& n) -> bool {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, IndexExpression> || std::is_same_v<N, MemberExpression>)
            return true;
          else if constexpr (std::is_same_v<N, ParenthesizedExpression>)
            return accesses(n.inner);
          else if constexpr (std::is_same_v<N, UnaryExpression>)
            return accesses(n.operand);
          else
            return false;
        },
        (*m)[id].node);
  };
  for (uint32_t i = 0; i < m->expressions.size(); ++i) {
    const Expression& e = (*m)[ExpressionId{i}];
    if (const auto* call = std::get_if<CallExpression>(&e.node)) {
      if (Symbol f = call->function()) out.calls.insert(std::string(m->name(f)));
    } else if (std::holds_alternative<IndexExpression>(e.node)) {
      out.index = true;
    } else if (std::holds_alternative<BitcastExpression>(e.node)) {
      out.bitcast = true;
    } else if (const auto* u = std::get_if<UnaryExpression>(&e.node)) {
      if (u->op == UnaryOperator::AddressOf && accesses(u->operand)) out.componentWrite = true;
    }
  }
  for (uint32_t i = 0; i < m->statements.size(); ++i) {
    const Statement& s = (*m)[StatementId{i}];
    if (const auto* a = std::get_if<AssignmentStatement>(&s.node)) {
      out.assignment = out.assignment || bool(a->target);
      out.componentWrite = out.componentWrite || accesses(a->target);
    } else if (const auto* inc = std::get_if<IncrementStatement>(&s.node)) {
      out.componentWrite = out.componentWrite || accesses(inc->target);
    } else if (const auto* dec = std::get_if<DecrementStatement>(&s.node)) {
      out.componentWrite = out.componentWrite || accesses(dec->target);
    } else if (std::holds_alternative<DiscardStatement>(s.node)) {
      out.discard = true;
    }
  }
  for (uint32_t i = 0; i < m->attributes.size(); ++i)
    if (m->name((*m)[AttributeId{i}].name) == "vertex") out.vertexStage = true;
  return out;
}

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
  for (const auto& [field, entry, reached] : kDynamicEntries) {
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
                               const Revision* rb, const std::string* wgsl) {
  const std::string kDocument = " (revision-delta-2022-06-to-2026.md)";
  if (a.valid && b.valid) {
    // Both accept: the outcome sets differ by a run-time delta, one of those on which the two
    // revisions differ (kDynamicEntries: "SECTION text"), each named with its section; with
    // the program, only those whose rule it can reach, when it reaches one (else every one:
    // never an empty explanation).
    std::optional<ProgramConstructs> program;
    if (wgsl && ra) program = constructsOf(*wgsl, *ra);
    bool reachesOne = false;
    for (const auto& [field, entry, reached] : kDynamicEntries)
      reachesOne =
          reachesOne || (program && reached(*program) && !(ra && rb && ra->*field == rb->*field));
    std::string sections, texts;
    std::set<std::string_view> seen;
    for (const auto& [field, entry, reached] : kDynamicEntries) {
      if (ra && rb && ra->*field == rb->*field) continue;
      if (reachesOne && !reached(*program)) continue;
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
                                                        Revision::byName(name), &c.wgsl)}};
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
