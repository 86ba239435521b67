#include "semantics/round_trip.h"

namespace plumb::testing {

std::string Parsed::messages() const {
  std::string out;
  for (const Diagnostic& d : diagnostics->all()) out += renderText(d);
  return out;
}

std::string Parsed::firstRule() const {
  for (const Diagnostic& d : diagnostics->all())
    if (d.severity == Severity::Error) return d.rule;
  return "";
}

Parsed parseText(const std::string& text, const std::string& name) {
  Parsed p;
  p.file = std::make_unique<SourceFile>(name, text);
  p.diagnostics = std::make_unique<DiagnosticList>();
  p.module = parseModule(*p.file, Revision::wgsl2022_06(), *p.diagnostics);
  return p;
}

std::string roundTripProblem(const std::string& text) {
  Parsed first = parseText(text);
  if (!first.ok()) return "the input does not parse:\n" + first.messages();
  std::string printed = printModule(*first.module);
  Parsed second = parseText(printed, "printed.wgsl");
  if (!second.ok())
    return "the printed text does not parse:\n" + second.messages() + "printed:\n" + printed;
  std::string a = dumpModule(*first.module);
  std::string b = dumpModule(*second.module);
  if (a != b) return "trees differ\nbefore: " + a + "after:  " + b + "printed:\n" + printed;
  std::string reprinted = printModule(*second.module);
  if (reprinted != printed)
    return "printing is not idempotent\nfirst:\n" + printed + "second:\n" + reprinted;
  return "";
}

}  // namespace plumb::testing
