// Subgroups in a compute dispatch and a draw (subgroups.h): the layouts, and the collective step of
// the subgroup and quad built-ins (new#subgroup-builtin-functions, new#quad-builtin-functions).
#include "interpreter/wgsl/subgroups.h"

#include <algorithm>
#include <cmath>

#include "interpreter/wgsl/float_accuracy.h"
#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/runtime_float_builtins.h"

namespace plumb::interp {

namespace {

/// More invocations than this waiting at a diverged operation: the subsets are not
/// enumerated; all of them complete it together and every result is any value (a superset).
constexpr size_t kMaxDivergentChoiceBits = 10;

std::string positionOf(const Program& p, uint32_t expression) {
  return p.module.file().positionText(
      p.module.expressions[ast::ExpressionId{expression}].span.begin);
}

/// The scalars of a scalar or vector value, and back.
std::vector<RValue> scalarsOf(const RValue& v) {
  if (v.isComposite()) return v.components();
  return {v};
}
RValue withScalars(const TypeTable& types, Type t, std::vector<RValue> scalars) {
  const TypeNode& n = types[t];
  if (n.kind != TypeKind::Vector) {
    scalars[0].type = t;
    return scalars[0];
  }
  for (RValue& s : scalars) s.type = n.element;
  return RValue{t, Components(std::move(scalars))};
}

/// The reductions of new#subgroupadd-builtin ... new#subgroupxor-builtin over the values
/// `terms` (scalars of one type `t`, at least one). Integers are exact and wrap (#arithmetic-expr,
/// #bit-expr); the floating-point ones are "inherited from" the sum, product, min or max of
/// the terms in an order the text does not fix (new#concrete-float-accuracy, subgroup rows).
RValue reduceScalars(TypeTable& types, const Revision& revision, std::string_view op, Type t,
                     const std::vector<RValue>& terms) {
  TypeKind k = types.kind(t);
  if (k == TypeKind::F32 || k == TypeKind::F16) {
    const fp::Format& f = fp::formatOf(k);
    std::vector<FloatSet> sets;
    for (const RValue& x : terms) {
      FloatSet s = floatOf(x);
      if (s.any) return anyScalar(t);
      sets.push_back(fp::flush(f, s));  // inputs may be flushed
    }
    if (op == "+") {
      // Any association of the additions: exactly the hull over every binary tree up to 8
      // terms (fp::reassociatedSum); beyond, the exact sum widened by one ULP of the largest
      // partial sum per addition.
      if (sets.size() <= 8) return scalarFloat(t, fp::reassociatedSum(f, sets));
      double lo = 0, hi = 0, magnitude = 0;
      for (const FloatSet& s : sets) {
        lo += s.lo;
        hi += s.hi;
        magnitude += std::max(std::fabs(s.lo), std::fabs(s.hi));
      }
      if (!std::isfinite(magnitude) || magnitude > f.largest) return anyScalar(t);
      double error = static_cast<double>(sets.size()) * fp::ulp(f, magnitude) * 2;
      return scalarFloat(t, fp::withinAbsolute(f, lo, hi, error, false));
    }
    if (op == "*") {
      // Two terms: one correctly rounded product. More: the roundings of an unknown
      // association are not bounded here: any value (wider than the text, never narrower).
      if (sets.size() == 1) return scalarFloat(t, sets[0]);
      if (sets.size() == 2) return scalarFloat(t, fp::multiply(f, sets[0], sets[1]));
      return anyScalar(t);
    }
    // min, max: correctly rounded, in any order (the 2026 carve-out for two subnormals is
    // the float built-in's).
    RValue acc = terms[0];
    acc.type = t;
    for (size_t i = 1; i < terms.size(); ++i) {
      RValue pair[] = {acc, terms[i]};
      pair[1].type = t;
      OperationResult r = floatBuiltin(types, op == "min" ? "min" : "max", t, pair, revision);
      if (!r.ok()) return anyScalar(t);
      acc = merge(r.alternatives);
      acc.type = t;
    }
    return acc;
  }
  // i32, u32.
  RValue acc = terms[0];
  acc.type = t;
  for (size_t i = 1; i < terms.size(); ++i) {
    RValue b = terms[i];
    b.type = t;
    if (acc.isAny() || b.isAny()) return anyScalar(t);
    if (op == "min" || op == "max") {
      int64_t x = acc.intValue(), y = b.intValue();
      acc = scalarInt(t, op == "min" ? std::min(x, y) : std::max(x, y));
      continue;
    }
    Alternatives r = integerOrBoolOperator(types, op, acc, &b, false);
    if (r.size() != 1) return anyScalar(t);
    acc = r[0];
    acc.type = t;
  }
  return acc;
}

/// The reduction of scalar or vector values, component-wise; `identity` for none.
RValue reduce(TypeTable& types, const Revision& revision, std::string_view op, Type t,
              const std::vector<RValue>& values) {
  const TypeNode& n = types[t];
  Type scalarType = n.kind == TypeKind::Vector ? n.element : t;
  if (values.empty()) {
    // new#subgroupexclusiveadd-builtin: "T(0)" for the lowest active invocation;
    // new#subgroupexclusivemul-builtin: "T(1)".
    TypeKind k = types.kind(scalarType);
    RValue one = (k == TypeKind::F32 || k == TypeKind::F16)
                     ? scalarFloat(scalarType, FloatSet::exact(op == "*" ? 1 : 0))
                     : scalarInt(scalarType, op == "*" ? 1 : 0);
    return withScalars(types, t, std::vector<RValue>(n.kind == TypeKind::Vector ? n.size : 1, one));
  }
  size_t width = n.kind == TypeKind::Vector ? n.size : 1;
  std::vector<RValue> out;
  for (size_t c = 0; c < width; ++c) {
    std::vector<RValue> terms;
    for (const RValue& v : values) terms.push_back(scalarsOf(v)[c]);
    out.push_back(reduceScalars(types, revision, op, scalarType, terms));
  }
  return withScalars(types, t, std::move(out));
}

/// The operator of a reduction or scan built-in, or empty.
std::string_view reductionOperator(std::string_view name) {
  if (name.ends_with("Add")) return "+";
  if (name.ends_with("Mul")) return "*";
  if (name == "subgroupMin") return "min";
  if (name == "subgroupMax") return "max";
  if (name == "subgroupAnd") return "&";
  if (name == "subgroupOr") return "|";
  if (name == "subgroupXor") return "^";
  return {};
}

/// Each active invocation's result of the operation `name` (`active` in subgroup invocation
/// ID order, `ids` their IDs, `quadKeys` their quads as 4 × quad + quad invocation ID), or a
/// stop.
struct Results {
  std::vector<RValue> values;
  std::optional<Stop> stop;
};

Results compute(Program& program, const Configuration& config, std::string_view name, Type t,
                const std::vector<uint32_t>& active, const std::vector<uint32_t>& ids,
                const std::vector<uint32_t>& quadKeys) {
  TypeTable& types = program.checked.types;
  const Revision& revision = program.module.revision();
  Results out;
  auto arg = [&](size_t member, size_t k) -> const RValue& {
    return config.invocations[active[member]].collective[k];
  };
  // The active invocation with subgroup invocation ID `id`, if any.
  auto memberWithId = [&](int64_t id) -> std::optional<size_t> {
    for (size_t m = 0; m < active.size(); ++m)
      if (ids[m] == id) return m;
    return std::nullopt;
  };
  // The active invocation at quad position `key` (4 × quad + quad invocation ID), if any.
  auto memberAtQuadKey = [&](int64_t key) -> std::optional<size_t> {
    for (size_t m = 0; m < active.size(); ++m)
      if (quadKeys[m] == key) return m;
    return std::nullopt;
  };
  auto from = [&](std::optional<size_t> m) {
    // "An indeterminate value is returned if id does not select an active invocation."
    if (!m) return anyValueOf(types, t);
    RValue v = arg(*m, 0);
    v.type = t;
    return v;
  };
  std::string_view op = reductionOperator(name);
  for (size_t m = 0; m < active.size(); ++m) {
    RValue r;
    if (!op.empty()) {
      std::vector<RValue> values;
      for (size_t j = 0; j < active.size(); ++j) {
        // Reductions: every active invocation; scans: those with lower IDs (and its own,
        // inclusive).
        bool take = name.find("Exclusive") != std::string_view::npos   ? ids[j] < ids[m]
                    : name.find("Inclusive") != std::string_view::npos ? ids[j] <= ids[m]
                                                                       : true;
        if (take) values.push_back(arg(j, 0));
      }
      r = reduce(types, revision, op, t, values);
    } else if (name == "subgroupAll" || name == "subgroupAny") {
      bool all = name == "subgroupAll", unknown = false, decided = false;
      for (size_t j = 0; j < active.size(); ++j) {
        const RValue& e = arg(j, 0);
        if (e.isAny())
          unknown = true;
        else if (e.boolValue() != all)
          decided = true;
      }
      r = decided ? scalar(t, !all) : unknown ? anyScalar(t) : scalar(t, all);
    } else if (name == "subgroupBallot") {
      // "The x component of the return value contains invocations 0 through 31", ...
      Type u32 = types[t].element;
      std::vector<RValue> words(4, scalarInt(u32, 0));
      std::vector<uint32_t> bits(4, 0);
      std::vector<bool> unknown(4, false);
      for (size_t j = 0; j < active.size(); ++j) {
        const RValue& pred = arg(j, 0);
        uint32_t w = ids[j] / 32, b = ids[j] % 32;
        if (pred.isAny())
          unknown[w] = true;
        else if (pred.boolValue())
          bits[w] |= 1u << b;
      }
      for (size_t w = 0; w < 4; ++w)
        words[w] = unknown[w] ? anyScalar(u32) : scalarInt(u32, int64_t(bits[w]));
      r = RValue{t, Components(std::move(words))};
    } else if (name == "subgroupBroadcastFirst") {
      r = from(0);  // `active` is in ID order
    } else if (name == "subgroupElect") {
      r = scalar(t, m == 0);
    } else if (name == "subgroupBroadcast" || name == "quadBroadcast") {
      const RValue& id = arg(m, 1);
      int64_t target = id.isAny() ? -1 : id.intValue();
      std::optional<size_t> source;
      if (name == "quadBroadcast")
        source = target < 0 ? std::nullopt : memberAtQuadKey((quadKeys[m] & ~3u) + target);
      else
        source = target < 0 ? std::nullopt : memberWithId(target);
      if (!source && name == "subgroupBroadcast") {
        // new#subgroupbroadcast-builtin: "It is a dynamic error if id does not select an
        // active invocation."
        out.stop = Stop::dynamicError(
            "subgroupbroadcast-builtin",
            "subgroupBroadcast at " + positionOf(program, config.invocations[active[m]].barrier) +
                ": id " + (id.isAny() ? std::string("any") : std::to_string(id.intValue())) +
                " selects no active invocation");
        return out;
      }
      r = from(source);
    } else if (name == "subgroupShuffle") {
      const RValue& id = arg(m, 1);
      r = from(id.isAny() || id.intValue() < 0 ? std::nullopt : memberWithId(id.intValue()));
    } else if (name == "subgroupShuffleUp" || name == "subgroupShuffleDown" ||
               name == "subgroupShuffleXor") {
      // "An indeterminate value is returned if ... delta is not a uniform value within the
      // subgroup."
      bool uniform = true;
      for (size_t j = 0; j < active.size(); ++j)
        uniform = uniform && !arg(j, 1).isAny() && arg(j, 1).intValue() == arg(0, 1).intValue();
      int64_t d = arg(m, 1).isAny() ? 0 : arg(m, 1).intValue();
      int64_t target = name == "subgroupShuffleUp"     ? int64_t(ids[m]) - d
                       : name == "subgroupShuffleDown" ? int64_t(ids[m]) + d
                                                       : int64_t(ids[m] ^ uint32_t(d));
      r = from(!uniform || target < 0 ? std::nullopt : memberWithId(target));
    } else if (name == "quadSwapX" || name == "quadSwapY" || name == "quadSwapDiagonal") {
      // The quad of a compute invocation: subgroup invocation IDs 4q .. 4q + 3, its quad
      // invocation ID the ID mod 4 (docs/ambiguities.md G3); of a fragment, its quad in the
      // draw. "IDs 0 and 1 swap" (X), "0 and 2" (Y), "0 and 3" (diagonal). A partner that is
      // not active: indeterminate.
      uint32_t flip = name == "quadSwapX" ? 1 : name == "quadSwapY" ? 2 : 3;
      r = from(memberAtQuadKey(quadKeys[m] ^ flip));
    } else {
      out.stop =
          Stop::internal("a subgroup operation the machine does not know: " + std::string(name));
      return out;
    }
    r.type = t;
    out.values.push_back(std::move(r));
  }
  return out;
}

}  // namespace

bool isSubgroupOperation(const Overload& o) {
  return o.row && o.row->extension == "subgroups";
}

bool usesSubgroupOperations(const Program& program) {
  for (const Overload* o : program.checked.calls)
    if (o && isSubgroupOperation(*o)) return true;
  return false;
}

bool subgroupInvocationIdsMatter(const Program& program, bool mayDiverge) {
  if (mayDiverge) return true;
  for (const Overload* o : program.checked.calls) {
    if (!o || !isSubgroupOperation(*o)) continue;
    std::string_view n = o->row->name;
    bool reduction = n == "subgroupAdd" || n == "subgroupMul" || n == "subgroupMin" ||
                     n == "subgroupMax" || n == "subgroupAnd" || n == "subgroupOr" ||
                     n == "subgroupXor" || n == "subgroupAll" || n == "subgroupAny";
    if (!reduction && !n.starts_with("quad")) return true;
  }
  return false;
}

bool subgroupsMayDiverge(const CheckedModule& module) {
  auto lowers = [](const std::vector<DiagnosticFilter>& filters) {
    for (const DiagnosticFilter& f : filters)
      if (f.rule == "subgroup_uniformity" && f.severity != DiagnosticSeverity::Error) return true;
    return false;
  };
  if (lowers(module.globalDiagnosticFilters)) return true;
  for (const ModuleDeclaration& d : module.declarations)
    if (lowers(d.attributes.filters)) return true;
  return false;
}

SubgroupValuesRead subgroupValuesRead(const Program& program, uint32_t entry) {
  SubgroupValuesRead read;
  const CheckedModule& cm = program.checked;
  const auto* f =
      std::get_if<ast::FunctionDeclaration>(&program.module[cm.declarations[entry].global].node);
  if (!f) return read;
  auto note = [&](const Attributes& a) {
    if (!a.has(Attributes::Builtin)) return;
    read.subgroupInvocationId |= a.builtin == "subgroup_invocation_id";
    read.subgroupSize |= a.builtin == "subgroup_size";
    read.subgroupId |= a.builtin == "subgroup_id";
    read.numSubgroups |= a.builtin == "num_subgroups";
  };
  for (ast::ParameterId p : program.module[f->parameters]) {
    note(cm.parameterAttributes[p.value]);
    Type t = cm.parameters[p.value];
    if (cm.types.kind(t) == TypeKind::Struct)
      for (const MemberInfo& m : cm.types.structInfo(t).members)
        note(cm.memberAttributes[m.declaration.value]);
  }
  return read;
}

std::vector<uint32_t> subgroupSizesToExplore(const SubgroupOptions& options,
                                             uint32_t workgroupInvocations, bool sizeIsRead) {
  std::vector<uint32_t> sizes;
  for (uint32_t s = 4; s <= 128; s *= 2) {
    if (s < options.minSize || s > options.maxSize) continue;
    sizes.push_back(s);
    // Larger ones group the same way; only subgroup_size tells them apart.
    if (s >= workgroupInvocations && !sizeIsRead) break;
  }
  return sizes;
}

void giveSubgroupValues(const SubgroupLayout& layout, Configuration& config) {
  for (const Workgroup& w : config.workgroups) {
    if (w.invocations.empty()) continue;
    // The workgroup's subgroups are consecutive in the layout, in subgroup ID order.
    uint32_t first = UINT32_MAX, last = 0;
    for (uint32_t i : w.invocations) {
      first = std::min(first, layout.subgroupOf[i]);
      last = std::max(last, layout.subgroupOf[i]);
    }
    uint32_t count = last - first + 1;
    for (uint32_t i : w.invocations) {
      Invocation& inv = config.invocations[i];
      inv.subgroupInvocationId = layout.idOf[i];
      inv.subgroupSize = layout.size;
      inv.subgroupId = layout.subgroupOf[i] - first;
      inv.numSubgroups = count;
    }
  }
}

SubgroupLayout chooseSubgroupLayout(const Configuration& config, const std::vector<uint32_t>& sizes,
                                    bool linear, const Chooser& choose, bool numberSubgroups) {
  SubgroupLayout l;
  if (sizes.empty()) return l;
  uint32_t pick =
      sizes.size() > 1 ? choose(static_cast<uint32_t>(sizes.size()), "subgroup size") : 0;
  l.size = sizes[std::min<size_t>(pick, sizes.size() - 1)];
  l.subgroupOf.assign(config.invocations.size(), 0);
  l.idOf.assign(config.invocations.size(), 0);
  for (const Workgroup& w : config.workgroups) {
    std::vector<std::vector<uint32_t>> groups;
    for (uint32_t i : w.invocations) {
      bool lastHasRoom = !groups.empty() && groups.back().size() < l.size;
      if (linear) {
        if (!lastHasRoom) groups.emplace_back();
        groups.back().push_back(i);
        continue;
      }
      // Every grouping and numbering, each once: invocation i (in local_invocation_index
      // order) starts a new subgroup or takes any place in one with room. The first option
      // is the linear layout's (after the last member of the last subgroup), so that the
      // first execution is the grouping devices use.
      struct Place {
        size_t group, position;  // group == groups.size(): a new subgroup
      };
      std::vector<Place> places;
      if (lastHasRoom) places.push_back({groups.size() - 1, groups.back().size()});
      places.push_back({groups.size(), 0});
      for (size_t g = 0; g < groups.size(); ++g) {
        if (groups[g].size() >= l.size) continue;
        for (size_t p = 0; p <= groups[g].size(); ++p)
          if (!(g + 1 == groups.size() && p == groups[g].size())) places.push_back({g, p});
      }
      const Invocation& inv = config.invocations[i];
      uint32_t c = places.size() > 1
                       ? choose(static_cast<uint32_t>(places.size()),
                                "subgroup of local invocation (" + std::to_string(inv.localId[0]) +
                                    "," + std::to_string(inv.localId[1]) + "," +
                                    std::to_string(inv.localId[2]) + ")")
                       : 0;
      const Place& at = places[std::min<size_t>(c, places.size() - 1)];
      if (at.group == groups.size()) groups.emplace_back();
      groups[at.group].insert(groups[at.group].begin() + static_cast<std::ptrdiff_t>(at.position),
                              i);
    }
    // The subgroup IDs: every numbering of the workgroup's subgroups (G6), each chosen as
    // which of the remaining subgroups takes the next ID; the first choice keeps the order of
    // their first invocations (the devices' numbering).
    if (numberSubgroups && !linear && groups.size() > 1) {
      const Invocation& first = config.invocations[w.invocations.front()];
      std::string where = "subgroup_id in workgroup (" + std::to_string(first.workgroupId[0]) +
                          "," + std::to_string(first.workgroupId[1]) + "," +
                          std::to_string(first.workgroupId[2]) + ")";
      std::vector<std::vector<uint32_t>> numbered;
      while (!groups.empty()) {
        uint32_t c = groups.size() > 1 ? choose(static_cast<uint32_t>(groups.size()), where) : 0;
        c = std::min<uint32_t>(c, static_cast<uint32_t>(groups.size() - 1));
        numbered.push_back(std::move(groups[c]));
        groups.erase(groups.begin() + c);
      }
      groups = std::move(numbered);
    }
    for (auto& g : groups) {
      for (uint32_t id = 0; id < g.size(); ++id) {
        l.subgroupOf[g[id]] = static_cast<uint32_t>(l.subgroups.size());
        l.idOf[g[id]] = id;
      }
      l.subgroups.push_back(std::move(g));
    }
  }
  return l;
}

SubgroupLayout chooseFragmentSubgroupLayout(const std::vector<std::array<uint32_t, 4>>& quads,
                                            size_t invocations, const std::vector<uint32_t>& sizes,
                                            bool linear, bool numbered, const Chooser& choose) {
  SubgroupLayout l;
  if (sizes.empty()) return l;
  l.subgroupOf.assign(invocations, 0);
  l.idOf.assign(invocations, 0);
  l.quadKeyOf.assign(invocations, 0);
  auto chooseSize = [&](const std::string& what) {
    uint32_t pick = sizes.size() > 1 ? choose(static_cast<uint32_t>(sizes.size()), what) : 0;
    return sizes[std::min<size_t>(pick, sizes.size() - 1)];
  };
  // `linear`: one size for the draw, the quads filling subgroups in order (what devices do).
  uint32_t drawSize = linear ? chooseSize("subgroup size") : 0;
  std::vector<std::vector<uint32_t>> groups;
  for (size_t q = 0; q < quads.size(); ++q) {
    std::vector<uint32_t> members;
    for (uint32_t id = 0; id < 4; ++id) {
      if (quads[q][id] == UINT32_MAX) continue;
      members.push_back(quads[q][id]);
      l.quadKeyOf[quads[q][id]] = static_cast<uint32_t>(4 * q + id);
    }
    auto room = [&](size_t g) { return l.sizeOf[g] - groups[g].size() >= members.size(); };
    size_t g;
    if (linear) {
      if (groups.empty() || !room(groups.size() - 1)) {
        groups.emplace_back();
        l.sizeOf.push_back(drawSize);
      }
      g = groups.size() - 1;
      for (uint32_t i : members) groups[g].push_back(i);
      continue;
    }
    // "Each quad will be contained in a single subgroup": a new subgroup of any size (first,
    // so that the first execution gives each quad its own subgroup of the smallest size) or
    // any earlier subgroup with room for the quad.
    std::vector<size_t> places{groups.size()};
    for (size_t k = 0; k < groups.size(); ++k)
      if (room(k)) places.push_back(k);
    std::string where = "subgroup of the quad at invocation " + std::to_string(members[0]);
    uint32_t c = places.size() > 1 ? choose(static_cast<uint32_t>(places.size()), where) : 0;
    g = places[std::min<size_t>(c, places.size() - 1)];
    if (g == groups.size()) {
      groups.emplace_back();
      l.sizeOf.push_back(chooseSize("size of subgroup " + std::to_string(g)));
    }
    // Every numbering (subgroup invocation IDs): each invocation takes any place among those
    // already in the subgroup, the last place first.
    for (uint32_t i : members) {
      size_t n = groups[g].size();
      uint32_t p = n > 0 && numbered
                       ? choose(static_cast<uint32_t>(n + 1),
                                "subgroup invocation ID of invocation " + std::to_string(i))
                       : 0;
      size_t at = n - std::min<size_t>(p, n);
      groups[g].insert(groups[g].begin() + static_cast<std::ptrdiff_t>(at), i);
    }
  }
  for (size_t g = 0; g < groups.size(); ++g) {
    for (uint32_t id = 0; id < groups[g].size(); ++id) {
      l.subgroupOf[groups[g][id]] = static_cast<uint32_t>(g);
      l.idOf[groups[g][id]] = id;
    }
    l.size = std::max(l.size, l.sizeOf[g]);
    l.subgroups.push_back(std::move(groups[g]));
  }
  return l;
}

SubgroupStep completeSubgroupOperation(Program& program, Configuration& config,
                                       const SubgroupLayout& layout, bool mayDiverge,
                                       const Chooser& choose) {
  SubgroupStep step;
  for (const std::vector<uint32_t>& members : layout.subgroups) {
    std::vector<uint32_t> waiting;  // in subgroup invocation ID order
    for (uint32_t i : members)
      if (config.invocations[i].status == InvocationStatus::AtSubgroupOperation)
        waiting.push_back(i);
    if (waiting.empty()) continue;
    const Invocation& first = config.invocations[waiting[0]];
    uint32_t node = first.barrier;
    const Overload* o = program.checked.calls[node];
    if (!o) {
      step.stop = Stop::internal("a subgroup operation without a resolved overload");
      return step;
    }
    std::string_view name = o->row->name;
    Type t = program.checked.expressions[node].type;
    bool allHere = waiting.size() == members.size();
    for (uint32_t i : waiting) allHere = allHere && config.invocations[i].barrier == node;
    std::vector<uint32_t> active;
    bool indeterminate = false;
    if (allHere && !mayDiverge) {
      // Uniform control flow: every invocation of the subgroup is active.
      active = waiting;
    } else {
      // The subgroup has diverged (new#subgroups): any subset of the invocations waiting at a
      // call of the same built-in (a compiler may merge calls) holding the first of them.
      std::vector<uint32_t> candidates;
      for (uint32_t i : waiting) {
        uint32_t n = config.invocations[i].barrier;
        const Overload* other = program.checked.calls[n];
        if (other && other->row->name == name && program.checked.expressions[n].type == t)
          candidates.push_back(i);
      }
      size_t k = candidates.size() - 1;
      if (k > kMaxDivergentChoiceBits) {
        active = candidates;
        indeterminate = true;
      } else {
        uint32_t mask = k == 0 ? 0
                               : choose(1u << k, "active invocations of " + std::string(name) +
                                                     " at " + positionOf(program, node));
        active.push_back(candidates[0]);
        for (size_t j = 0; j < k; ++j)
          if (mask & (1u << j)) active.push_back(candidates[j + 1]);
      }
    }
    // new#subgroups: "Helper invocations may be active or inactive in an operation": each
    // helper among them is a choice (docs/ambiguities.md G7); an inactive one goes on with an
    // indeterminate result, as an operation it takes no part in gives it nothing.
    std::vector<uint32_t> inactiveHelpers;
    if (!indeterminate) {
      std::vector<size_t> helpers;
      for (size_t m = 0; m < active.size(); ++m)
        if (config.invocations[active[m]].helper) helpers.push_back(m);
      if (helpers.size() > kMaxDivergentChoiceBits) {
        indeterminate = true;
      } else if (!helpers.empty()) {
        uint32_t mask =
            choose(1u << helpers.size(), "active helper invocations of " + std::string(name) +
                                             " at " + positionOf(program, node));
        std::vector<uint32_t> kept;
        for (size_t m = 0, h = 0; m < active.size(); ++m) {
          bool isHelper = h < helpers.size() && helpers[h] == m;
          if (isHelper && !(mask & (1u << h++))) {
            inactiveHelpers.push_back(active[m]);
            continue;
          }
          kept.push_back(active[m]);
        }
        active = std::move(kept);
      }
    }
    for (uint32_t i : inactiveHelpers) {
      Invocation& inv = config.invocations[i];
      RValue v = anyValueOf(program.checked.types, t);
      v.type = t;
      inv.values.push_back(std::move(v));
      inv.collective.clear();
      inv.status = InvocationStatus::Running;
    }
    std::vector<uint32_t> ids, quadKeys;
    for (uint32_t i : active) {
      ids.push_back(layout.idOf[i]);
      quadKeys.push_back(layout.quadKeyOf.empty() ? layout.idOf[i] : layout.quadKeyOf[i]);
    }
    // SubgroupOptions::acrossDraws: further active invocations of other draws, with unknown
    // values, may take part (new#subgroups; docs/ambiguities.md G7): any result, except a quad
    // operation's, whose quad holds the draw's own four invocations.
    if (layout.otherDraws && !name.starts_with("quad")) indeterminate = true;
    Results r = indeterminate && layout.otherDraws
                    ? Results{}
                    : compute(program, config, name, t, active, ids, quadKeys);
    if (r.stop) {
      step.stop = std::move(r.stop);
      return step;
    }
    for (size_t m = 0; m < active.size(); ++m) {
      Invocation& inv = config.invocations[active[m]];
      RValue v = indeterminate ? anyValueOf(program.checked.types, t) : std::move(r.values[m]);
      v.type = t;
      inv.values.push_back(std::move(v));
      inv.collective.clear();
      inv.status = InvocationStatus::Running;
    }
    step.released = active;
    step.released.insert(step.released.end(), inactiveHelpers.begin(), inactiveHelpers.end());
    step.trace = "subgroup " + std::string(rule(RuleId::SubgroupOperationComplete).name) + "  " +
                 std::string(name) + " at " + positionOf(program, node) + " for " +
                 std::to_string(active.size()) + " of " + std::to_string(members.size()) +
                 " invocations";
    return step;
  }
  return step;
}

SubgroupStep subgroupCollectiveStep(Program& program, Configuration& config,
                                    const SubgroupLayout& layout, bool mayDiverge,
                                    const Chooser& choose, std::ostream* trace,
                                    uint64_t execution) {
  SubgroupStep s = completeSubgroupOperation(program, config, layout, mayDiverge, choose);
  if (trace && !s.trace.empty()) *trace << "[" << execution << "] " << s.trace << "\n";
  return s;
}

}  // namespace plumb::interp
