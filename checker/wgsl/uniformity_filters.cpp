// Revision 2026's diagnostic filters on statements (new#diagnostic-filtering): "the affected
// range" of a `@diagnostic` attribute is the syntactic form it is written on: a compound
// statement, an if, switch, loop, for or while statement, or the body of one of these
// (`if c @diagnostic(...) { }`: the body, not the condition). The parser keeps the attributes
// of statements as one module list (Module::statementAttributes); the syntactic form is found
// here from the spans: the statement that starts right after the attribute, or else (`loop
// @diagnostic(...) {`, `switch e @diagnostic(...) {`) the rest of the statement around it.
#include <algorithm>

#include "checker/wgsl/uniformity_current_internal.h"

namespace plumb {

using namespace ast;

namespace {

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

std::vector<StatementFilter> statementFilters(const CheckedModule& out) {
  const Module& m = out.module;
  std::vector<StatementFilter> result;
  if (m.statementAttributes.empty()) return result;
  std::string_view text = m.file().text();
  // The attribute texts are blanked so that several attributes of one form count as blank.
  std::string masked(text);
  for (AttributeId a : m.statementAttributes)
    for (uint32_t i = m[a].span.begin; i < m[a].span.end && i < masked.size(); ++i) masked[i] = ' ';
  for (AttributeId a : m.statementAttributes) {
    const Attribute& attr = m[a];
    if (m.name(attr.name) != "diagnostic") continue;
    std::span<const ExpressionId> args = m[attr.arguments];
    if (args.size() != 2) continue;
    const auto* sev = std::get_if<IdentifierExpression>(&m[args[0]].node);
    if (!sev) continue;
    std::optional<DiagnosticSeverity> s = parseDiagnosticSeverity(m.name(sev->name));
    if (!s) continue;
    std::string rule;
    if (const auto* id = std::get_if<IdentifierExpression>(&m[args[1]].node)) {
      rule = m.name(id->name);
    } else if (const auto* mem = std::get_if<MemberExpression>(&m[args[1]].node)) {
      const auto* base = std::get_if<IdentifierExpression>(&m[mem->base].node);
      if (!base) continue;
      rule = std::string(m.name(base->name)) + "." + std::string(m.name(mem->member));
    } else {
      continue;
    }
    // The first non-blank position after the attribute (other attributes blanked).
    uint32_t next = attr.span.end;
    while (next < masked.size() && blank(masked[next])) ++next;
    std::optional<Span> form, around;
    for (uint32_t i = 0; i < m.statements.size(); ++i) {
      Span s = m.statements[StatementId{i}].span;
      if (s.begin == next && (!form || s.end > form->end)) form = s;
      if (s.begin < attr.span.begin && s.end > attr.span.end &&
          (!around || s.end - s.begin < around->end - around->begin))
        around = s;
    }
    Span range;
    if (form)
      range = *form;
    else if (around)
      range = Span{attr.span.end, around->end};
    else
      continue;
    result.push_back({range, DiagnosticFilter{*s, rule, m[args[1]].span}});
  }
  return result;
}

std::optional<DiagnosticSeverity> nearestEnclosingFilter(
    const CheckedModule& out, const std::vector<StatementFilter>& filters, uint32_t function,
    Span location, std::string_view rule) {
  // new#diagnostic-filtering: "the nearest enclosing diagnostic filter": the innermost
  // affected range that contains the location.
  const StatementFilter* best = nullptr;
  for (const StatementFilter& f : filters)
    if (f.filter.rule == rule && f.range.begin <= location.begin && location.end <= f.range.end &&
        (!best || f.range.end - f.range.begin < best->range.end - best->range.begin))
      best = &f;
  if (best) return best->filter.severity;
  for (const DiagnosticFilter& f : out.declarations[function].attributes.filters)
    if (f.rule == rule) return f.severity;
  for (const DiagnosticFilter& f : out.globalDiagnosticFilters)
    if (f.rule == rule) return f.severity;
  return std::nullopt;
}

}  // namespace plumb
