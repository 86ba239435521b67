// The reducer (`plumb reduce`): shrinks a WGSL program while a property holds, with Plumb (and,
// through the caller's property, production backends) as the judge. Edits are taken from the
// syntax tree — remove a declaration, a statement, a structure member, an else branch; replace
// a statement by its body, an expression by one of its operands — and applied to the text, so
// every candidate is re-parsed; a candidate that no longer parses is never kept (unless the
// original did not parse either). Greedy, largest edit first, until a whole pass keeps none;
// finally the canonical printing (`plumb parse --print`) is kept if the property still holds.
#pragma once

#include <cstddef>
#include <functional>
#include <string>

#include "semantics/wgsl/revision.h"

namespace plumb::gen::wgsl {

/// True when the candidate program still has the property being kept.
using Property = std::function<bool(const std::string& wgsl)>;

struct ReduceOptions {
  size_t maxTests = 5000;  // property evaluations in all
  std::function<void(const std::string&)> progress;
  /// The grammar candidates are parsed (and printed) with (`plumb reduce --revision`).
  const Revision* revision = &Revision::wgsl2022_06();
};

struct ReduceResult {
  std::string wgsl;  // the smallest program found (the input when nothing could be removed)
  bool holdsInitially = false;
  size_t tests = 0;     // property evaluations
  size_t accepted = 0;  // edits kept
  bool limitReached = false;
};

ReduceResult reduceProgram(const std::string& wgsl, const Property& keep,
                           const ReduceOptions& options = {});

/// Whether `wgsl` parses under the revision's grammar (used to keep reductions syntax-valid).
bool parsesCleanly(const std::string& wgsl, const Revision& revision = Revision::wgsl2022_06());

}  // namespace plumb::gen::wgsl
