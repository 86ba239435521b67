// Helpers for the memmodel tests: programs from litmus text, and hand-built executions.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "memmodel/litmus.h"
#include "memmodel/model.h"

namespace plumb::memmodel::testing {

/// Parses litmus text (which must be valid) into a test.
inline LitmusTest litmus(const std::string& text) {
  static std::vector<std::unique_ptr<SourceFile>> keep;  // diagnostics point into the file
  keep.push_back(std::make_unique<SourceFile>("test.test", text));
  DiagnosticList diags;
  std::optional<LitmusTest> t = parseLitmus(*keep.back(), diags);
  for (const Diagnostic& d : diags.all())
    if (d.severity == Severity::Error) ADD_FAILURE() << renderText(d);
  return t ? std::move(*t) : LitmusTest{};
}

/// A hand-built execution: rf edges, reads from init, asmo edges.
struct ExecutionSpec {
  std::vector<std::pair<EventId, EventId>> rf;
  std::vector<EventId> init;
  std::vector<std::pair<EventId, EventId>> asmo;
};

inline Execution execution(const Program& p, const ExecutionSpec& spec) {
  Execution x{Relation(p.size()), EventSet(p.size()), Relation(p.size())};
  for (auto [a, b] : spec.rf) x.rf.insert(a, b);
  for (EventId e : spec.init) x.RFINIT.insert(e);
  for (auto [a, b] : spec.asmo) x.asmo.insert(a, b);
  return x;
}

/// A relation from a list of pairs.
inline Relation rel(uint32_t n, std::initializer_list<std::pair<EventId, EventId>> pairs) {
  Relation r(n);
  for (auto [a, b] : pairs) r.insert(a, b);
  return r;
}

}  // namespace plumb::memmodel::testing
