// Overload resolution (#overload-resolution-section) over the rows of the one overload table
// (semantics/wgsl/builtin_table.h), with conversion ranks (#conversion-rank).
#include <array>

#include "checker/wgsl/checker_impl.h"
#include "semantics/wgsl/builtin_table.h"

namespace plumb {

std::string Checker::describeCall(std::string_view name, const std::vector<Operand>& operands) const {
  // Operands as the values the user wrote: a reference is shown as its store type, which the
  // Load Rule gives a value parameter (`x` is an i32, not `ref<function, i32, read_write>`).
  std::string s = std::string(name) + "(";
  for (size_t i = 0; i < operands.size(); ++i) {
    if (i) s += ", ";
    Type t = operands[i].type;
    if (t && types_[t].kind == TypeKind::Reference) t = types_[t].element;
    s += typeName(t);
  }
  return s + ")";
}

/// A note listing the rows of the table for `name`, in the spec's notation, so that a failed
/// call shows what the function accepts (`plumb builtins NAME` has the same rows).
void Checker::noteCandidates(OverloadKind kind, std::string_view name, Span span) {
  constexpr size_t kShown = 8;
  std::string text;
  size_t rows = 0;
  for (const OverloadRow& r : overloadRows()) {
    if (r.kind != kind || r.name != name) continue;
    if (++rows > kShown) continue;
    text += "\n    " + std::string(name) + std::string(r.signature);
    if (!r.parameterization.empty()) text += "  where " + std::string(r.parameterization);
  }
  if (rows == 0) return;
  if (rows > kShown) text += "\n    ... and " + std::to_string(rows - kShown) + " more";
  std::string what = kind == OverloadKind::Builtin ? "plumb builtins " + std::string(name)
                                                   : "plumb builtins '" + std::string(name) + "'";
  note(span, "the candidates (" + what + "):" + text);
}

std::optional<Checker::Selection> Checker::selectOverload(OverloadKind kind, std::string_view name,
                                                          const std::vector<Operand>& operands,
                                                          Span span, const char* rule) {
  // Overload resolution depends only on the name and the operands' types: the result is
  // remembered per (kind, name, types), so that the common `a + b` on u32 is resolved once.
  std::string key;
  key.reserve(name.size() + 1 + 4 * operands.size());
  key.push_back(static_cast<char>(kind));
  key.append(name);
  for (const Operand& o : operands) key.append(reinterpret_cast<const char*>(&o.type.id), 4);
  // Revision 2026: whether every operand is a const-expression matters too (below).
  bool eliminateAbstract = m_.revision().abstractCandidatesNeedConstOperands;
  bool allConst = true;
  for (const Operand& o : operands) allConst = allConst && o.stage == EvaluationStage::Constant;
  if (eliminateAbstract) key.push_back(allConst ? 'c' : 'r');
  if (auto it = selections_.find(key); it != selections_.end()) return it->second;

  constexpr size_t kMaxParameters = 8;  // the most any operator or built-in takes is 7
  struct Candidate {
    const Overload* overload;
    std::array<int, kMaxParameters> ranks;
    Bindings bindings;
  };
  std::vector<Candidate> feasible;
  if (operands.size() <= kMaxParameters) {
    for (const Overload& o : out_.overloads.candidates(kind, name)) {
      if (o.parameters.size() != operands.size()) continue;
      Candidate c{&o, {}, {}};
      bool ok = true, exact = true;
      for (size_t i = 0; i < operands.size() && ok; ++i) {
        const TypePattern& p = o.parameters[i];
        int rank;
        if (p.concrete()) {
          rank = conversionRank(operands[i].type, p.type);
        } else {
          // Patterns with wildcards (pointers to any runtime-sized array, ...) match exactly.
          rank = matchPattern(types_, p, operands[i].type, c.bindings) ? 0 : kInfiniteRank;
        }
        ok = rank < kInfiniteRank;
        exact = exact && rank == 0;
        c.ranks[i] = rank;
      }
      if (!ok) continue;
      if (eliminateAbstract && !allConst) {
        // new#overload-resolution-section, step 1: an abstract parameter with an operand
        // that is not a const-expression eliminates the candidate.
        bool abstractParameter = false;
        for (const TypePattern& p : o.parameters)
          abstractParameter = abstractParameter || (p.concrete() && isAbstract(types_, p.type));
        if (abstractParameter) continue;
      }
      if (exact) {
        // Every rank is 0: this candidate is preferred over every other, since no two
        // overloads take the same parameter types (the table test checks it).
        feasible.clear();
        feasible.push_back(std::move(c));
        break;
      }
      feasible.push_back(std::move(c));
    }
  }
  auto render = [&](const Overload& o) {
    std::string s = std::string(name) + "(";
    for (size_t i = 0; i < o.parameters.size(); ++i) {
      if (i) s += ", ";
      s += o.parameters[i].concrete() ? typeName(o.parameters[i].type) : "...";
    }
    return s + ")";
  };
  if (feasible.empty()) {
    std::string kindText = kind == OverloadKind::Builtin ? "built-in function" : "operator";
    error(span, "no overload of " + kindText + " '" + std::string(name) + "' accepts " +
                    describeCall(name, operands),
          rule);
    noteCandidates(kind, name, span);
    return std::nullopt;
  }
  // "C1 is preferred over C2 if for each expression position i, C1.R(i) <= C2.R(i), and
  // there is at least one position where C1.R(i) < C2.R(i)."
  auto preferred = [](const Candidate& a, const Candidate& b) {
    bool strictly = false;
    for (size_t i = 0; i < a.overload->parameters.size(); ++i) {
      if (a.ranks[i] > b.ranks[i]) return false;
      if (a.ranks[i] < b.ranks[i]) strictly = true;
    }
    return strictly;
  };
  const Candidate* best = nullptr;
  for (const Candidate& c : feasible) {
    bool overAll = true;
    for (const Candidate& d : feasible)
      if (&c != &d && !preferred(c, d)) {
        overAll = false;
        break;
      }
    if (overAll) {
      best = &c;
      break;
    }
  }
  if (!best) {
    // "Otherwise, overload resolution fails."
    error(span,
          "the call " + describeCall(name, operands) + " is ambiguous: no overload is preferred "
          "over all others",
          "overload-resolution-section");
    for (size_t i = 0; i < feasible.size() && i < 4; ++i) note(span, "candidate " + render(*feasible[i].overload));
    return std::nullopt;
  }
  Selection s;
  s.overload = best->overload;
  s.bindings = best->bindings;
  for (const TypePattern& p : best->overload->parameters)
    s.parameterTypes.push_back(instantiate(types_, p, s.bindings));
  s.result = instantiate(types_, best->overload->result, s.bindings);
  selections_.emplace(std::move(key), s);
  return s;
}

}  // namespace plumb
