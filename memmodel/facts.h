// The facts of `sig Exec` (spirv.als lines 122-395): constraints every execution satisfies.
// A program that violates a static fact has no execution at all, which Alloy reports as "no
// instance"; Plumb names the fact instead.
#pragma once

#include <optional>
#include <string>

#include "memmodel/model.h"
#include "memmodel/program.h"

namespace plumb::memmodel {

/// A violated fact: its spirv.als text and line, and the offending event when there is one.
struct FactViolation {
  std::string fact;  // e.g. "F in (ACQ+REL)"
  int line = 0;      // line in spirv.als
  std::optional<EventId> event;
};

/// The facts that involve only the program (lines 125-293). The first violation, if any.
std::optional<FactViolation> checkProgramFacts(const Program& p, const StaticRelations& s);

/// The facts on the dynamic choices: rf (lines 185-195), RFINIT (191) and asmo (301-302).
std::optional<FactViolation> checkExecutionFacts(const Program& p, const StaticRelations& s,
                                                 const Execution& x);

}  // namespace plumb::memmodel
