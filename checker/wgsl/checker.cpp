#include "checker/wgsl/checker.h"

#include "checker/wgsl/analyses.h"
#include "checker/wgsl/builtin_type_order.h"
#include "checker/wgsl/checker_impl.h"
#include "checker/wgsl/uniformity.h"

namespace plumb {

using namespace ast;

namespace {

// The operator and built-in overload table is the same for every module, so it is built once
// per process, over a type table that each module's table starts from (Type handles stay valid
// in the copies). It is expanded on demand (a name's rows on its first lookup: README
// "Performance"), with the types of a full expansion interned first in their order
// (builtin_type_order.h), so that lookups intern nothing and the copies hold every type an
// overload names. One per set of rows: the seed's, and current WGSL's
// (Revision::currentBuiltins).
struct Predeclared {
  explicit Predeclared(const Revision* revision)
      : overloads(types, revision, revision ? currentBuiltinTypeOrder() : seedBuiltinTypeOrder()) {}
  TypeTable types;
  OverloadTable overloads;
};

const Predeclared& predeclared(const Revision& revision) {
  // Never destroyed: used until exit.
  if (!revision.currentBuiltins) {
    static const Predeclared* seed = new Predeclared(nullptr);
    return *seed;
  }
  static const Predeclared* current = new Predeclared(&revision);  // the one such revision
  return *current;
}

}  // namespace

CheckedModule::CheckedModule(const Module& m)
    : module(m),
      types(predeclared(m.revision()).types),
      overloads(predeclared(m.revision()).overloads) {
  expressions.resize(m.expressions.size());
  identifiers.resize(m.expressions.size());
  calls.resize(m.expressions.size(), nullptr);
  typeNames.resize(m.types.size());
  typeDecls.resize(m.types.size());
  variables.resize(m.variables.size());
  parameters.resize(m.parameters.size());
  parameterAttributes.resize(m.parameters.size());
  memberAttributes.resize(m.members.size());
  statementBehaviors.resize(m.statements.size(), kNotAnalyzed);
  expressionBehaviors.resize(m.expressions.size(), kNotAnalyzed);
}

std::unique_ptr<CheckedModule> check(const Module& module, DiagnosticList& diagnostics,
                                     const CheckOptions& options) {
  auto out = std::make_unique<CheckedModule>(module);
  Checker(*out, diagnostics, options).run();
  // The analyses need a well-typed module (checker/wgsl/analyses.h).
  if (diagnostics.hasErrors()) return out;
  analyzeBehaviors(*out, diagnostics);
  // The uniformity analysis needs the behaviors; the other analyses are independent.
  bool behaviorsValid = !diagnostics.hasErrors();
  checkShaderInterface(*out, diagnostics);
  // #function-aliasing: a dynamic error in the seed, so warnings (docs/ambiguities.md X1).
  checkAliasing(*out, diagnostics,
                options.aliasingAsErrors || module.revision().staticAliasAnalysis);
  if (behaviorsValid) {
    UniformityOptions u;
    u.strict = options.strictUniformity;
    u.keepGraphs = options.keepUniformityGraphs;
    u.annotate = options.annotateUniformity;
    out->uniformity = analyzeUniformity(*out, diagnostics, u);
  }
  return out;
}

Checker::Checker(CheckedModule& out, DiagnosticList& diagnostics, const CheckOptions& options)
    : out_(out),
      m_(out.module),
      types_(out.types),
      diagnostics_(diagnostics),
      options_(options) {
  typeDeclDone_.resize(m_.types.size(), 0);
  expressionDone_.resize(m_.expressions.size(), 0);
  locals_.resize(m_.variables.size());
  shadowedTypes_.resize(m_.types.size(), 0);
}

void Checker::error(Span span, std::string message, const char* rule) {
  lastErrorPending_ = overrideEvaluation_ > 0;
  if (lastErrorPending_) {
    pendingPipelineErrors_.push_back({current_, span, std::move(message), rule, {}});
    return;
  }
  diagnostics_.error(&m_.file(), span, std::move(message), rule);
}

void Checker::note(Span span, std::string message) {
  if (lastErrorPending_) {
    pendingPipelineErrors_.back().notes.push_back(DiagnosticNote{span, std::move(message)});
    return;
  }
  diagnostics_.noteOnLast(DiagnosticNote{span, std::move(message)});
}

// #enable-directive-section, #extension-list: the seed's only extension is f16; revision
// 2026's are in its Revision (new#enable-extensions-sec).
void Checker::checkDirectives() {
  for (const EnableDirective& d : m_.directives) {
    std::string_view n = name(d.name);
    if (m_.revision().isExtension(n)) {
      if (n == "f16") f16Enabled_ = true;
      enabledExtensions_.push_back(n);
      // new#extension-list: "The subgroups [extension] will be automatically enabled when
      // subgroup_size_control is enabled."
      if (n == "subgroup_size_control" && m_.revision().subgroupSizeAttribute)
        enabledExtensions_.push_back("subgroups");
    } else {
      std::string known;
      for (std::string_view e : m_.revision().extensions)
        known += (known.empty() ? "" : ", ") + std::string(e);
      error(d.nameSpan,
            "unknown extension '" + std::string(n) + "' (this revision has: " + known + ")",
            "enable-directive-section");
    }
  }
  checkRequires();
  checkDiagnosticFilters();
}

std::unique_ptr<CheckedModule> checkExpression(const Module& module, ExpressionId e,
                                               DiagnosticList& diagnostics,
                                               const CheckOptions& options) {
  auto out = std::make_unique<CheckedModule>(module);
  Checker(*out, diagnostics, options).runExpression(e);
  return out;
}

void Checker::runExpression(ExpressionId e) {
  f16Enabled_ = options_.enableF16;
  uses_.resize(1);
  resolveExpression(e);
  if (!diagnostics_.hasErrors()) typeExpression(e);
}

void Checker::run() {
  f16Enabled_ = options_.enableF16;
  checkDirectives();
  collectModuleScope();
  uses_.resize(out_.declarations.size());
  for (uint32_t i = 0; i < out_.declarations.size(); ++i) resolveDeclaration(i);
  orderDeclarations();
  for (uint32_t index : out_.order) {
    current_ = index;
    checkDeclaration(index);
  }
  checkModuleAttributes();
  checkPipelineKeys();
  reportPipelineErrors();
}

}  // namespace plumb
