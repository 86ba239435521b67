// Revision 2026's directives and filters (new#diagnostics, new#language-extensions-sec;
// delta 1.5, 1.6): `requires`, `diagnostic` directives and `@diagnostic` attributes, and the
// attributes written before statements. The filters are validated here; the uniformity
// analysis of 2026 applies them (checker/wgsl/uniformity_filters.cpp: the nearest enclosing filter
// of a call site; checker/wgsl/uniformity_current_tags.cpp: the severities).
#include "checker/wgsl/checker_impl.h"

namespace plumb {

using namespace ast;

// new#language-extensions-sec: "It is a shader-creation error if the implementation does not
// support a language extension named by a requires directive." Plumb supports every one of
// its revision's.
void Checker::checkRequires() {
  for (const RequiresDirective& d : m_.requiresDirectives) {
    std::string_view n = name(d.name);
    if (m_.revision().isLanguageFeature(n)) continue;
    std::string known;
    for (std::string_view f : m_.revision().languageFeatures)
      known += (known.empty() ? "" : ", ") + std::string(f);
    error(d.nameSpan,
          "unknown language extension '" + std::string(n) + "' (this revision has: " + known + ")",
          "language-extensions-sec");
  }
}

std::optional<DiagnosticFilter> Checker::checkDiagnosticControl(Symbol severity, Span severitySpan,
                                                                Symbol rule, Symbol member,
                                                                Span ruleSpan) {
  // new#diagnostic-severity: error, warning, info, off.
  std::optional<DiagnosticSeverity> s = parseDiagnosticSeverity(name(severity));
  if (!s) {
    error(severitySpan,
          "'" + std::string(name(severity)) +
              "' is not a diagnostic severity (error, warning, info or off)",
          "diagnostic-severity");
    return std::nullopt;
  }
  std::string ruleName(name(rule));
  if (member) ruleName += "." + std::string(name(member));
  // new#filterable-triggering-rules: "Using an unrecognized triggering rule consisting of a
  // single diagnostic name-token should trigger a warning"; the two-token form may not.
  if (!member && !m_.revision().isDiagnosticRule(ruleName)) {
    Diagnostic w;
    w.severity = Severity::Warning;
    w.file = &m_.file();
    w.span = ruleSpan;
    w.message = "unrecognized diagnostic rule '" + ruleName +
                "' (known: derivative_uniformity, subgroup_uniformity)";
    w.rule = "filterable-triggering-rules";
    diagnostics_.add(std::move(w));
  }
  return DiagnosticFilter{*s, ruleName, ruleSpan};
}

// new#diagnostic-filtering: "Diagnostic filters must not conflict": two filters of the same
// affected range and triggering rule with different severities.
void Checker::checkFilterConflicts(const std::vector<DiagnosticFilter>& filters) {
  for (size_t i = 0; i < filters.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (filters[i].rule == filters[j].rule && filters[i].severity != filters[j].severity) {
        error(filters[i].span,
              "conflicting diagnostic filters for '" + filters[i].rule +
                  "': the same range has two different severities",
              "diagnostic-filtering");
        note(filters[j].span, "the other filter");
        break;
      }
}

// A `@diagnostic(severity, rule)` attribute: its two arguments are names, which the parser
// kept as an identifier and an identifier or a member access (`a.b`).
std::optional<DiagnosticFilter> Checker::checkDiagnosticAttribute(const Attribute& attr) {
  std::span<const ExpressionId> args = m_[attr.arguments];
  auto identifier = [&](ExpressionId e) -> Symbol {
    if (const auto* id = std::get_if<IdentifierExpression>(&m_[e].node)) return id->name;
    return Symbol{};
  };
  if (args.size() != 2) {
    error(attr.span, "@diagnostic takes a severity and a rule name", "attribute-diagnostic");
    return std::nullopt;
  }
  Symbol severity = identifier(args[0]);
  Symbol rule = identifier(args[1]), member;
  if (!rule)
    if (const auto* m = std::get_if<MemberExpression>(&m_[args[1]].node)) {
      rule = identifier(m->base);
      member = m->member;
    }
  if (!severity || !rule) {
    error(severity ? m_[args[1]].span : m_[args[0]].span,
          "@diagnostic takes a severity name and a rule name (name or name.name)",
          "attribute-diagnostic");
    return std::nullopt;
  }
  return checkDiagnosticControl(severity, m_[args[0]].span, rule, member, m_[args[1]].span);
}

void Checker::checkDiagnosticFilters() {
  if (!m_.revision().diagnosticFilters) return;
  std::vector<DiagnosticFilter> global;
  for (const DiagnosticControl& d : m_.diagnosticDirectives)
    if (auto f =
            checkDiagnosticControl(d.severity, d.severitySpan, d.rule, d.ruleMember, d.ruleSpan))
      global.push_back(*f);
  checkFilterConflicts(global);
  out_.globalDiagnosticFilters = global;
  // new#syntax-statement: the attributes before a statement; new#attribute-diagnostic is the
  // only attribute allowed there. Attributes of one statement share a syntactic form.
  std::vector<DiagnosticFilter> range;
  uint32_t rangeEnd = 0;
  for (AttributeId a : m_.statementAttributes) {
    const Attribute& attr = m_[a];
    if (name(attr.name) != "diagnostic") {
      error(attr.nameSpan,
            "'@" + std::string(name(attr.name)) +
                "' is not allowed on a statement (only @diagnostic is)",
            "attributes");
      continue;
    }
    // Consecutive attributes (nothing but blankspace between them) apply to one statement.
    if (attr.span.begin > rangeEnd + 1 && !range.empty()) {
      bool adjacent = true;
      std::string_view gap = m_.file().text().substr(rangeEnd, attr.span.begin - rangeEnd);
      for (char c : gap)
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') adjacent = false;
      if (!adjacent) range.clear();
    }
    rangeEnd = attr.span.end;
    if (auto f = checkDiagnosticAttribute(attr)) {
      // new#attribute-diagnostic: "More than one diagnostic attribute may be specified on a
      // syntactic form, but they must specify different triggering rules."
      for (const DiagnosticFilter& other : range)
        if (other.rule == f->rule) {
          error(attr.span, "two @diagnostic attributes here name the rule '" + f->rule + "'",
                "attribute-diagnostic");
          note(other.span, "the other one");
          break;
        }
      range.push_back(*f);
    }
  }
}

}  // namespace plumb
