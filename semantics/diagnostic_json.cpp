#include "semantics/diagnostic_json.h"

namespace plumb {

nlohmann::json toJson(const Diagnostic& d) {
  nlohmann::json j;
  j["severity"] = severityName(d.severity);
  j["message"] = d.message;
  j["rule"] = d.rule;
  auto place = [&](nlohmann::json& into, Span span) {
    if (!d.file) return;
    LineColumn b = d.file->position(span.begin);
    LineColumn e = d.file->position(span.end);
    into["file"] = d.file->name();
    into["offset"] = span.begin;
    into["length"] = span.size();
    into["line"] = b.line;
    into["column"] = b.column;
    into["endLine"] = e.line;
    into["endColumn"] = e.column;
  };
  place(j, d.span);
  nlohmann::json notes = nlohmann::json::array();
  for (const DiagnosticNote& n : d.notes) {
    nlohmann::json nj;
    nj["message"] = n.message;
    place(nj, n.span);
    notes.push_back(nj);
  }
  if (!notes.empty()) j["notes"] = notes;
  return j;
}

}  // namespace plumb
