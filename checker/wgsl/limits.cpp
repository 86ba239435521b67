// #limits and new#limits (delta 1.8): the quantifiable shader complexity limits.
//
// The seed's limits are maxima: "A program must satisfy the following limits", a
// shader-creation error beyond them. Current WGSL's are minimums every implementation supports:
// "A WGSL implementation will support shaders that satisfy the following limits. A WGSL
// implementation may support shaders that go beyond the specified limits" (and "should issue
// an error if it does not support a shader that goes beyond" them). Beyond a 2026 minimum both
// verdicts are allowed, so Plumb accepts the shader (a verdict is never narrower than the set
// the text allows) and warns, naming the limit (rule `limits`; docs/ambiguities.md A8, S24).
#include <algorithm>

#include "checker/wgsl/checker_impl.h"

namespace plumb {

using namespace ast;

namespace {

struct LimitRow {
  const char* what;
  uint64_t seedMaximum;     // old#limits; 0: no such limit
  uint64_t currentMinimum;  // new#limits; 0: no such limit
};

// One row per line of the two tables, in the order of new#limits.
constexpr LimitRow kLimits[] = {
    {"members in a structure type", 16383, 1023},
    {"nesting depth of a composite type", 255, 15},
    {"nesting depth of brace-enclosed statements in a function", 0, 127},
    {"parameters of a function", 255, 255},
    {"case selector values in a switch statement", 16383, 1023},
    {"elements of an array value constructor", 0, 2047},
};

}  // namespace

void Checker::checkLimit(Span span, Limit limit, uint64_t value) {
  const LimitRow& row = kLimits[static_cast<size_t>(limit)];
  if (!m_.revision().limitsAreMinimumSupported) {
    if (row.seedMaximum && value > row.seedMaximum)
      error(span,
            "the " + std::string(row.what) + " is at most " + std::to_string(row.seedMaximum) +
                ", not " + std::to_string(value),
            "limits");
    return;
  }
  if (!row.currentMinimum || value <= row.currentMinimum) return;
  Diagnostic w;
  w.severity = Severity::Warning;
  w.file = &m_.file();
  w.span = span;
  w.message = std::to_string(value) + " " + std::string(row.what) +
              " is beyond the minimum every implementation supports (" +
              std::to_string(row.currentMinimum) + "): an implementation may reject this shader";
  w.rule = "limits";
  diagnostics_.add(std::move(w));
}

// new#limits: "Maximum nesting depth of brace-enclosed statements in a function": the body of
// the function is depth 1, and each compound statement, body of an if, else, switch, case,
// loop, continuing, for or while inside it one more.
size_t Checker::braceDepth(StatementId id) const {
  if (!id) return 0;
  size_t inner = 0;
  auto list = [&](List<Statement> statements) {
    for (StatementId s : m_[statements]) inner = std::max(inner, braceDepth(s));
  };
  const Statement& s = m_[id];
  if (auto* c = std::get_if<CompoundStatement>(&s.node)) {
    list(c->statements);
    return inner + 1;
  }
  if (auto* i = std::get_if<IfStatement>(&s.node))
    return std::max(braceDepth(i->body), braceDepth(i->elseBranch));
  if (auto* w = std::get_if<WhileStatement>(&s.node)) return braceDepth(w->body);
  if (auto* f = std::get_if<ForStatement>(&s.node)) return braceDepth(f->body);
  if (auto* sw = std::get_if<SwitchStatement>(&s.node)) {
    for (ClauseId c : m_[sw->clauses]) inner = std::max(inner, braceDepth(m_[c].body));
    return inner + 1;  // the switch body's braces
  }
  if (auto* l = std::get_if<LoopStatement>(&s.node)) {
    list(l->statements);
    if (l->continuing) inner = std::max(inner, braceDepth(l->continuing));
    return inner + 1;
  }
  if (auto* c = std::get_if<ContinuingStatement>(&s.node)) {
    list(c->statements);
    return inner + 1;
  }
  return 0;
}

}  // namespace plumb
