// The litmus test format of the Vulkan memory model (Vulkan-MemoryModel alloy/litmus.cpp;
// shared/spec/vulkan-memory-model/litmus-format.txt; docs/formats.md "Litmus tests"): parsed
// into a Program with the exact static relations and reads-from constraints the reference
// translator emits, and one test per SATISFIABLE/NOSOLUTION line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "memmodel/predicate.h"
#include "memmodel/program.h"
#include "semantics/diagnostic.h"
#include "semantics/source.h"

namespace plumb::memmodel {

/// One SATISFIABLE/NOSOLUTION line: an independent test.
struct LitmusLine {
  bool expectSatisfiable = true;
  bool noChains = false;  // NOCHAINS: X.chains = stor[X.EV]
  std::string text;       // the whole line as written
  std::string predicateText;
  FormulaPtr predicate;
  uint32_t line = 0;  // 1-based
};

struct LitmusTest {
  std::string name;
  Program program;
  std::vector<LitmusLine> lines;
  std::vector<uint32_t> eventLines;  // the source line of each event
};

/// Bounds that keep malformed or huge inputs from exhausting memory.
inline constexpr uint32_t kMaxLitmusEvents = 256;

/// Parses a litmus test. Errors (and warnings, which mirror the translator's
/// InstructionState::warn) go to `diagnostics`; returns nullopt when there was an error.
std::optional<LitmusTest> parseLitmus(const SourceFile& file, DiagnosticList& diagnostics);

}  // namespace plumb::memmodel
