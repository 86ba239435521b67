// A compute dispatch: invocations and workgroups (#compute-shader-workgroups), the built-in
// input values (#builtin-values), the scheduler and control barriers (#barrier), and the
// exploration of choice points (design.md "Choice points").
#include "interpreter/wgsl/dispatch.h"
#include "interpreter/wgsl/partial_order_reduction.h"
#include "interpreter/wgsl/race_rounds.h"
#include "interpreter/wgsl/races.h"
#include "interpreter/wgsl/stage_outputs.h"
#include "interpreter/wgsl/textures.h"

#include <algorithm>
#include <map>

namespace plumb::interp {

using namespace plumb::ast;

namespace {

/// A vec3<u32> built-in input; `t` is its type when the caller has it (the parameter's), else
/// null. Its components are made in place (each of a dispatch's invocations has some).
RValue uvec3(TypeTable& types, const std::array<uint32_t, 3>& v, Type t = {}) {
  Type u = types.u32();
  Components parts(3);
  for (int k = 0; k < 3; ++k) {
    parts[k].type = u;
    parts[k].data = int64_t(v[k]);
  }
  return RValue{t ? t : types.vector(3, u), std::move(parts)};
}

/// The zero value of a workgroup variable's store type (#address-spaces: workgroup memory is
/// zero-initialised), with each override-sized array (#array-types) given the element count of
/// its override at pipeline creation.
RValue workgroupZeroValue(const CheckedModule& cm, Type t) {
  const TypeTable& types = cm.types;
  const TypeNode& n = types[t];
  if (n.kind == TypeKind::Array && n.arrayCount == ArrayCount::Override) {
    auto it = cm.overrideArrayCounts.find(n.count);
    uint64_t count = it == cm.overrideArrayCounts.end() ? 0 : it->second;
    Components parts(count, zeroValue(types, n.element));
    return RValue{t, std::move(parts)};
  }
  if (n.kind == TypeKind::Buffer && n.arrayCount == ArrayCount::Override) {
    // Revision 2026 (new#buffer-types): buffer<N> with N an override, "all zero bytes".
    auto it = cm.overrideArrayCounts.find(n.count);
    uint64_t bytes = it == cm.overrideArrayCounts.end() ? 0 : it->second;
    Components words((bytes + 3) / 4, RValue{types.u32(), int64_t(0)});
    return RValue{t, std::move(words)};
  }
  if (n.kind == TypeKind::Struct) {
    RValue v = zeroValue(types, t);
    const auto& members = types.structInfo(t).members;
    for (size_t i = 0; i < members.size() && i < v.components().size(); ++i) {
      v.components()[i] = workgroupZeroValue(cm, members[i].type);
      v.components()[i].type = members[i].type;
    }
    return v;
  }
  return zeroValue(types, t);
}

/// The scalars of a workgroup variable of store type `t` (override-sized arrays counted).
uint64_t workgroupScalarCount(const CheckedModule& cm, Type t) {
  const TypeNode& n = cm.types[t];
  if (n.kind == TypeKind::Array && n.arrayCount == ArrayCount::Override) {
    auto it = cm.overrideArrayCounts.find(n.count);
    uint64_t count = it == cm.overrideArrayCounts.end() ? 0 : it->second;
    uint64_t each = scalarCount(cm.types, n.element);
    return each && count > UINT64_MAX / each ? UINT64_MAX : count * each;
  }
  if (n.kind == TypeKind::Buffer && n.arrayCount == ArrayCount::Override) {
    auto it = cm.overrideArrayCounts.find(n.count);
    return it == cm.overrideArrayCounts.end() ? 0 : (it->second + 3) / 4;
  }
  return scalarCount(cm.types, t);
}

}  // namespace

void Machine::start(uint32_t i, uint32_t entry) {
  Invocation& inv = config_.invocations[i];
  const CheckedModule& cm = program_.checked;
  const auto& f =
      std::get<FunctionDeclaration>(program_.module[cm.declarations[entry].global].node);
  Frame frame{entry, std::vector<RValue>(program_.frameSize[entry]), UINT32_MAX};
  // #builtin-values: the compute stage's inputs.
  std::array<uint32_t, 3> numWorkgroups{};
  for (int k = 0; k < 3; ++k) numWorkgroups[k] = static_cast<uint32_t>(numWorkgroups_[k]);
  auto builtin = [&](std::string_view name, Type t) -> RValue {
    // The common inputs first, by the name's length (each invocation of a dispatch asks).
    if (name.size() == 22 && name == "local_invocation_index")
      return RValue{types_.u32(), int64_t(inv.localIndex)};
    if (name.size() == 20 && name == "global_invocation_id") return uvec3(types_, inv.globalId, t);
    if (name.size() == 12 && name == "workgroup_id") return uvec3(types_, inv.workgroupId, t);
    if (name == "local_invocation_id") return uvec3(types_, inv.localId, t);
    if (name == "num_workgroups") return uvec3(types_, numWorkgroups, t);
    // Revision 2026 (new#subgroup-builtin-values): the execution's subgroup layout
    // (subgroups.h), whose sizes, groupings and numberings are choice points.
    if (name == "subgroup_invocation_id")
      return RValue{types_.u32(), int64_t(inv.subgroupInvocationId)};
    if (name == "subgroup_size") return RValue{types_.u32(), int64_t(inv.subgroupSize)};
    if (name == "subgroup_id") return RValue{types_.u32(), int64_t(inv.subgroupId)};
    if (name == "num_subgroups") return RValue{types_.u32(), int64_t(inv.numSubgroups)};
    return anyValueOf(types_, t);
  };
  // The entry point's parameters, resolved on the machine's first start (every invocation of a
  // dispatch starts at the same entry point): the common built-in inputs by kind, each made in
  // its slot (README "Performance": 4,096 invocations start per W3 dispatch).
  if (entryInputsOf_ != entry) {
    entryInputsOf_ = entry;
    entryInputs_.clear();
    for (ParameterId p : program_.module[f.parameters]) {
      const Attributes& a = cm.parameterAttributes[p.value];
      EntryInput in{p.value, EntryInput::Other};
      if (a.has(Attributes::Builtin) && a.builtin == "local_invocation_index")
        in.kind = EntryInput::LocalInvocationIndex;
      else if (a.has(Attributes::Builtin) && a.builtin == "global_invocation_id")
        in.kind = EntryInput::GlobalInvocationId;
      else if (a.has(Attributes::Builtin) && a.builtin == "workgroup_id")
        in.kind = EntryInput::WorkgroupId;
      entryInputs_.push_back(in);
    }
  }
  for (const EntryInput& in : entryInputs_) {
    const ParameterId p{in.parameter};
    Type t = cm.parameters[p.value];
    RValue& slot = frame.slots[program_.parameterSlot[p.value]];
    if (in.kind == EntryInput::LocalInvocationIndex) {
      slot = RValue{t, int64_t(inv.localIndex)};
      continue;
    }
    if (in.kind != EntryInput::Other) {
      slot = uvec3(types_,
                   in.kind == EntryInput::GlobalInvocationId ? inv.globalId : inv.workgroupId, t);
      continue;
    }
    RValue v;
    const Attributes& a = cm.parameterAttributes[p.value];
    if (a.has(Attributes::Builtin)) {
      v = builtin(a.builtin, t);
    } else if (types_.kind(t) == TypeKind::Struct) {
      Components parts;
      for (const MemberInfo& m : types_.structInfo(t).members) {
        const Attributes& ma = cm.memberAttributes[m.declaration.value];
        parts.push_back(ma.has(Attributes::Builtin) ? builtin(ma.builtin, m.type)
                                                    : anyValueOf(types_, m.type));
        parts.back().type = m.type;
      }
      v = RValue{t, std::move(parts)};
    } else {
      v = anyValueOf(types_, t);
    }
    v.type = t;
    slot = std::move(v);
  }
  // Room for a typical invocation's continuation, values and variables at once, rather than
  // growing each by doubling (README "Performance": 4,096 invocations start per W3 dispatch),
  // and no more: every invocation of a dispatch is alive at its first barrier, and the pages
  // they touch cost system time (a W3 run: about 6,500 minor page faults).
  inv.tasks.reserve(16);
  inv.values.reserve(4);
  inv.function.reserve(std::min<uint32_t>(program_.frameSize[entry], 8));
  inv.frames.reserve(2);
  inv.frames.push_back(std::move(frame));
  forgetVarLocations();
  inv.tasks.push_back({TaskKind::FunctionMarker, UINT32_MAX});
  inv.tasks.push_back({TaskKind::Exec, f.body.value});
}

namespace {

/// Appends `w` to an outcome's key: an exact word as `E` and its eight hex digits (the common
/// case, without building its JSON: README "Performance"), any other as `J` and its JSON text
/// (self-delimiting), so that equal keys are equal words.
void appendWordKey(std::string& key, const WordValue& w) {
  if (w.kind == WordValue::Exact) {
    static const char kHex[] = "0123456789abcdef";
    char text[10] = {'E'};
    for (int i = 0; i < 8; ++i) text[1 + i] = kHex[(w.bits >> (28 - 4 * i)) & 0xF];
    text[9] = ',';
    key.append(text, 10);
    return;
  }
  key += 'J';
  key += wordJson(w).dump();
  key += ',';
}

std::string describe(const Program& p, uint32_t expression) {
  if (expression == UINT32_MAX) return "?";
  return p.module.file().positionText(p.module.expressions[ExpressionId{expression}].span.begin);
}

}  // namespace

void addOutcome(Program& program, const std::vector<BoundBuffer>& buffers,
                const Configuration& config, Outcome&& outcome, std::map<std::string, size_t>& seen,
                DispatchResult& result) {
  CheckedModule& cm = program.checked;
  for (const BoundBuffer& b : buffers) {
    const Allocation& a = config.buffers[indexOf(program.variableAllocation[b.declaration])];
    outcome.words.push_back(b.texture
                                ? textureWords(cm.types, a.value)
                                : wordsOf(cm.types, cm.layouts, b.storeType, a.value, b.bytes));
  }
  std::string key = outcome.kind + "\n" + outcome.message + "\n" + (outcome.racy ? "racy\n" : "");
  for (const auto& ws : outcome.words)
    for (const WordValue& w : ws) appendWordKey(key, w);
  for (const InvocationOutputs& o : outcome.invocations) key += invocationOutputsJson(o).dump();
  for (const DivergentQuad& d : outcome.divergentQuads) key += divergentQuadJson(d).dump();
  auto [it, inserted] = seen.emplace(key, result.outcomes.size());
  if (inserted) {
    outcome.count = 1;
    result.outcomes.push_back(std::move(outcome));
  } else {
    ++result.outcomes[it->second].count;
  }
}

void placeBoundResources(Program& program, const std::vector<BoundBuffer>& buffers,
                         Configuration& initial) {
  CheckedModule& cm = program.checked;
  TypeTable& types = cm.types;
  for (const BoundBuffer& b : buffers) {
    Allocation a;
    a.storeType = b.storeType;
    a.space = b.space;
    a.access = b.access;
    a.declaration = b.declaration;
    a.group = b.group;
    a.binding = b.binding;
    if (b.texture) {
      a.value = b.texels;
    } else {
      std::string error;
      std::optional<RValue> v = valueFromBytes(types, cm.layouts, b.storeType, b.bytes, error);
      a.value = v ? std::move(*v) : zeroValue(types, b.storeType);
    }
    uint32_t index = indexOf(program.variableAllocation[b.declaration]);
    if (initial.buffers.size() <= index) initial.buffers.resize(index + 1);
    initial.buffers[index] = std::move(a);
  }
  // Revision 2026: each var<immediate> holds the immediate data from offset 0
  // (Program::immediates), read-only (new#address-space).
  if (program.immediates.empty()) return;
  for (uint32_t d = 0; d < cm.declarations.size(); ++d) {
    const ModuleDeclaration& decl = cm.declarations[d];
    if (decl.kind != ModuleDeclaration::Variable ||
        types[decl.type].space != ast::AddressSpace::Immediate)
      continue;
    Allocation a;
    a.storeType = types[decl.type].element;
    a.space = ast::AddressSpace::Immediate;
    a.access = ast::AccessMode::Read;
    a.declaration = d;
    std::string error;
    std::optional<RValue> v =
        valueFromBytes(types, cm.layouts, a.storeType, program.immediates, error);
    a.value = v ? std::move(*v) : zeroValue(types, a.storeType);
    uint32_t index = indexOf(program.variableAllocation[d]);
    if (initial.buffers.size() <= index) initial.buffers.resize(index + 1);
    initial.buffers[index] = std::move(a);
  }
}

std::vector<Allocation> initialPrivateVariables(Program& program) {
  CheckedModule& cm = program.checked;
  TypeTable& types = cm.types;
  std::vector<Allocation> privateTemplate;
  for (uint32_t d : program.privateVariables) {
    Allocation a;
    a.storeType = types[cm.declarations[d].type].element;
    a.space = ast::AddressSpace::Private;
    a.declaration = d;
    const auto& var =
        program.module
            .variables[std::get<VariableId>(program.module[cm.declarations[d].global].node)];
    // A creation-time initializer: its value as the machine has it (program.constants, with
    // the f32/f16 sets of creation_time_values.h).
    // Others (a bitcast, a pack*, which the machine leaves to its rules): the checker's value.
    std::optional<Value> init;
    uint32_t k = var.initializer ? program.constantIndex[var.initializer.value] : UINT32_MAX;
    if (var.initializer && k == UINT32_MAX) {
      auto it = cm.convertedValues.find(var.initializer.value);
      init = it != cm.convertedValues.end() ? std::optional<Value>(it->second)
                                            : cm.expressions[var.initializer.value].value;
    }
    a.value = k != UINT32_MAX ? program.constants[k]
              : init          ? fromValue(*init)
                              : zeroValue(types, a.storeType);
    a.value.type = a.storeType;
    privateTemplate.push_back(std::move(a));
  }
  return privateTemplate;
}

DispatchResult runDispatch(Program& program, uint32_t entry,
                           const std::vector<BoundBuffer>& buffers,
                           const DispatchOptions& options) {
  DispatchResult result;
  CheckedModule& cm = program.checked;
  TypeTable& types = cm.types;
  const EntryPoint* ep = nullptr;
  for (const EntryPoint& e : cm.entryPoints)
    if (e.function == entry) ep = &e;
  if (!ep || ep->stage != ShaderStage::Compute) {
    result.refused = "the entry point is not a compute shader";
    return result;
  }
  for (int k = 0; k < 3; ++k) {
    if (!ep->workgroupSize[k].value) {
      if (ep->workgroupSize[k].expression) {
        result.refused =
            "the workgroup size depends on an override without a value (give it with --override)";
        return result;
      }
      result.workgroupSize[k] = 1;
    } else {
      result.workgroupSize[k] = static_cast<uint32_t>(*ep->workgroupSize[k].value);
    }
  }
  uint64_t perGroup =
      uint64_t(result.workgroupSize[0]) * result.workgroupSize[1] * result.workgroupSize[2];
  uint64_t groups = uint64_t(options.dispatch[0]) * options.dispatch[1] * options.dispatch[2];
  if (groups == 0) {
    result.refused = "the dispatch has no workgroups";
    return result;
  }
  if (perGroup * groups > options.maxInvocations && !options.force) {
    result.refused = "the dispatch has " + std::to_string(perGroup * groups) +
                     " invocations, more than the limit of " +
                     std::to_string(options.maxInvocations) + " (use --force to run it anyway)";
    return result;
  }

  // Module-scope variables must fit the machine (memory.h kMaxScalarsPerValue).
  for (uint32_t d : program.workgroupVariables) {
    Type t = types[cm.declarations[d].type].element;
    if (workgroupScalarCount(cm, t) > kMaxScalarsPerValue) {
      result.refused = "workgroup variable '" +
                       std::string(program.module.name(cm.declarations[d].name)) +
                       "' holds more than 2^22 scalars, the machine's limit";
      return result;
    }
  }
  for (uint32_t d : program.privateVariables) {
    Type t = types[cm.declarations[d].type].element;
    if (scalarCount(types, t) * perGroup * groups > (kMaxScalarsPerValue << 2)) {
      result.refused = "private variable '" +
                       std::string(program.module.name(cm.declarations[d].name)) +
                       "' in every invocation holds more than 2^24 scalars, the machine's limit";
      return result;
    }
  }

  // The initial configuration, built once (#memory: workgroup variables zero-initialised, private
  // variables initialised by their initializer or zero).
  Configuration initial;
  placeBoundResources(program, buffers, initial);
  initial.workgroups.reserve(groups);
  std::vector<Allocation> privateTemplate = initialPrivateVariables(program);
  for (uint32_t g = 0; g < groups; ++g) {
    Workgroup w;
    for (uint32_t d : program.workgroupVariables) {
      Allocation a;
      a.storeType = types[cm.declarations[d].type].element;
      a.space = ast::AddressSpace::Workgroup;
      a.declaration = d;
      a.value = workgroupZeroValue(cm, a.storeType);
      w.variables.push_back(std::move(a));
    }
    initial.workgroups.push_back(std::move(w));
  }
  // The invocations are made in each execution's configuration (addInvocations), not copied
  // from `initial`: a copy and its destruction cost as much as making them, and the 4,096
  // invocations of W3 would be held twice (README "Performance").
  const uint32_t invocationCount = static_cast<uint32_t>(perGroup * groups);
  for (uint32_t g = 0; g < groups; ++g) {
    std::vector<uint32_t>& members = initial.workgroups[g].invocations;
    members.reserve(perGroup);
    for (uint32_t l = 0; l < perGroup; ++l)
      members.push_back(static_cast<uint32_t>(g * perGroup + l));
  }
  auto addInvocations = [&](Configuration& c) {
    c.invocations.reserve(invocationCount);
    for (uint32_t g = 0; g < groups; ++g) {
      std::array<uint32_t, 3> wid{g % options.dispatch[0],
                                  (g / options.dispatch[0]) % options.dispatch[1],
                                  g / (options.dispatch[0] * options.dispatch[1])};
      for (uint32_t l = 0; l < perGroup; ++l) {
        Invocation& inv = c.invocations.emplace_back();
        inv.workgroup = g;
        inv.localIndex = l;
        inv.localId = {l % result.workgroupSize[0],
                       (l / result.workgroupSize[0]) % result.workgroupSize[1],
                       l / (result.workgroupSize[0] * result.workgroupSize[1])};
        inv.workgroupId = wid;
        for (int k = 0; k < 3; ++k)
          inv.globalId[k] = wid[k] * result.workgroupSize[k] + inv.localId[k];
        inv.privates = privateTemplate;
      }
    }
  };

  // Subgroups (revision 2026, subgroups.h): the sizes to explore, and whether a subgroup
  // operation may be reached in non-uniform control flow.
  SubgroupValuesRead read = subgroupValuesRead(program, entry);
  bool subgroups = usesSubgroupOperations(program) || read.any();
  bool mayDiverge = subgroups && subgroupsMayDiverge(cm);
  std::vector<uint32_t> subgroupSizes;
  if (subgroups) {
    // new#subgroup-size-attr: `@subgroup_size(n)` "specifies the subgroup size": the one size
    // explored; outside the device's [subgroupMinSize, subgroupMaxSize] (the options) it is a
    // pipeline-creation error, so nothing runs.
    SubgroupOptions sizes = options.subgroups;
    if (std::optional<uint64_t> fixed = ep->subgroupSize.value) {
      if (*fixed < sizes.minSize || *fixed > sizes.maxSize) {
        result.refused = "@subgroup_size(" + std::to_string(*fixed) +
                         ") is outside the device's subgroup sizes (--subgroup-min-size, "
                         "--subgroup-max-size): a pipeline-creation error "
                         "(new#subgroup-size-attr)";
        return result;
      }
      sizes.minSize = sizes.maxSize = static_cast<uint32_t>(*fixed);
    }
    subgroupSizes =
        subgroupSizesToExplore(sizes, static_cast<uint32_t>(perGroup), read.subgroupSize);
    result.subgroupSizes = subgroupSizes;
    if (subgroupSizes.empty()) {
      result.refused =
          "no subgroup size: the sizes are the powers of two in [4, 128] within "
          "--subgroup-min-size and --subgroup-max-size (new#subgroups)";
      return result;
    }
  }

  // Partial-order reduction of --all-schedules (partial_order_reduction.h). Not with the memory
  // model's observer (plumb explore records every access in the order the machine runs it),
  // nor beyond kMaxReducedInvocations (its happens-before clocks hold a word per invocation
  // for every atomic step): there every schedule is explored.
  bool reduce = options.allSchedules && options.reduceSchedules && !options.observer &&
                invocationCount <= kMaxReducedInvocations;
  result.reduced = reduce;

  // One round: every execution over every choice (depth first), with racy reads returning the
  // values of `domains` (docs/ambiguities.md M14).
  auto exploreRound = [&](const RaceDomains& domains, RaceDomains& newDomains,
                          std::map<std::string, RaceRecord>& races) {
    ExplorationTree log(reduce, invocationCount,
                        options.maxReductionClockWords);
    std::map<std::string, size_t> seen;  // outcome key -> index
    // The races after the reduction's clocks outgrew their bound were not analysed: orders
    // they need may be missing, so the exploration stops here, incomplete.
    auto clocksExhausted = [&] {
      if (!log.exhausted()) return false;
      result.complete = false;
      result.limit = Stop::limit(
          std::string(kBoundReductionClocks), options.maxReductionClockWords,
          "the partial-order reduction's clocks outgrew their bound in one execution: the "
          "exploration stopped (--no-reduction explores every order instead)");
      return true;
    };
    while (true) {
      if (result.explored >= options.maxExecutions) {
        result.complete = false;
        result.limit =
            Stop::limit(std::string(kBoundExecutions), options.maxExecutions,
                        "the exploration stopped after " + std::to_string(options.maxExecutions) +
                            " executions (--max-executions): more outcomes may exist");
        break;
      }
      ++result.explored;
      Configuration config = initial;  // every execution starts from the same state
      addInvocations(config);
      Machine machine(program, config, [&log](uint32_t count, const std::string& what) {
        return log.choose(count, what);
      });
      machine.setDispatchSize(options.dispatch);
      machine.setObserver(options.observer);
      // Fused steps (machine_fusion.cpp): only when no one looks at each step.
      machine.setFusion(!options.trace && !options.observer && !options.allSchedules,
                        options.maxSteps);
      // #memory-model: data races (not with the memory model's own observer, plumb explore).
      std::optional<RaceDetector> detector;
      if (!options.observer && config.invocations.size() > 1) {
        detector.emplace(program, config, &domains);
        machine.setRaceDetector(&*detector);
      }
      if (options.observer) options.observer->beginExecution();
      Chooser chooser = [&log](uint32_t count, const std::string& what) {
        return log.choose(count, what);
      };
      SubgroupLayout layout;
      if (subgroups) {
        layout = chooseSubgroupLayout(config, subgroupSizes, options.subgroups.linear, chooser,
                                      read.subgroupId);
        giveSubgroupValues(layout, config);
      }
      for (uint32_t i = 0; i < config.invocations.size(); ++i) machine.start(i, entry);

      Outcome outcome;
      outcome.kind = "finished";
      auto stopWith = [&](Stop s) {
        outcome.kind = stopKindName(s.kind);
        outcome.message = s.message;
        outcome.stop = std::move(s);
      };
      // --trace: the step's rule and redex, then the values it consumed and produced — the
      // invocation's value stack before and after the step, beyond their common part.
      auto trace = [&](uint32_t i, const std::vector<RValue>& before) {
        if (!options.trace) return;
        const Invocation& inv = config.invocations[i];
        *options.trace << "[" << result.explored << "] (" << inv.workgroupId[0] << ","
                       << inv.workgroupId[1] << "," << inv.workgroupId[2] << ")/(" << inv.localId[0]
                       << "," << inv.localId[1] << "," << inv.localId[2] << ") "
                       << machine.lastRule() << "  " << machine.lastRedex();
        const std::vector<RValue>& after = inv.values;
        size_t common = 0;
        while (common < before.size() && common < after.size() && before[common] == after[common])
          ++common;
        auto list = [&](const std::vector<RValue>& vs) {
          std::string s;
          for (size_t k = common; k < vs.size(); ++k)
            s += (k > common ? ", " : "") + formatRValue(types, vs[k]);
          return s;
        };
        if (before.size() > common) *options.trace << "  consumed " << list(before);
        if (after.size() > common) *options.trace << "  produced " << list(after);
        *options.trace << "\n";
      };
      // A stop that is no step of the machine (a bound), in the trace where a rule would be.
      auto traceStop = [&](uint32_t i) {
        const Invocation& inv = config.invocations[i];
        *options.trace << "[" << result.explored << "] (" << inv.workgroupId[0] << ","
                       << inv.workgroupId[1] << "," << inv.workgroupId[2] << ")/(" << inv.localId[0]
                       << "," << inv.localId[1] << "," << inv.localId[2] << ") "
                       << stopTraceName(Stop::Kind::Limit) << "  " << machine.lastRedex() << "\n";
      };
      // True (and the outcome says why) when the execution stops after invocation i's step `r`.
      auto stopsAfter = [&](uint32_t i, const StepResult& r) -> bool {
        if (r.kind == StepResult::Stopped) {
          stopWith(std::move(*r.stop));
          return true;
        }
        if (config.invocations[i].steps > options.maxSteps) {
          stopWith(Stop::limit(std::string(kBoundSteps), options.maxSteps,
                               "an invocation took more than " + std::to_string(options.maxSteps) +
                                   " steps (--max-steps) at " + machine.lastRedex()));
          if (options.trace) traceStop(i);
          return true;
        }
        return false;
      };
      auto run = [&](uint32_t i) -> bool {  // one step; false when the execution must stop
        std::vector<RValue> before;
        if (options.trace) before = config.invocations[i].values;
        StepResult r = machine.step(i);
        ++result.steps;
        trace(i, before);
        return !stopsAfter(i, r);
      };
      bool stop = false;
      bool asleep = false;  // every poised invocation sleeps: a reordering already explored
      while (!stop) {
        // Local steps commute with other invocations' steps: run every invocation up to its
        // next shared access (all of it in the default schedule).
        std::vector<uint32_t> poised;
        for (uint32_t i = 0; i < config.invocations.size() && !stop; ++i) {
          Invocation& inv = config.invocations[i];
          if (!options.trace && !options.allSchedules) {
            // The same steps without the per-step hooks (the machine's hot loop, README
            // "Performance"): nothing to trace and no scheduling point to stop at.
            uint64_t before = inv.steps;
            while (inv.status == InvocationStatus::Running) {
              StepResult r = machine.step(i);
              if (r.kind == StepResult::Stopped || inv.steps > options.maxSteps) {
                stop = stopsAfter(i, r);
                break;
              }
            }
            result.steps += inv.steps - before;
            continue;
          }
          while (inv.status == InvocationStatus::Running && !stop) {
            if (options.allSchedules && machine.nextStepIsShared(i)) {
              poised.push_back(i);
              break;
            }
            stop = !run(i);
          }
        }
        if (stop) break;
        if (!poised.empty()) {
          std::optional<uint32_t> k = log.chooseSchedule(poised, program, config);
          if (!k) {
            asleep = true;
            if (options.trace)
              *options.trace << "[" << result.explored
                             << "] schedule:asleep  every poised invocation's step was explored "
                                "from an equivalent order (partial-order reduction)\n";
            break;
          }
          stop = !run(poised[*k]);
          continue;
        }
        // Every invocation is finished or waits. First the subgroup and quad operations
        // (revision 2026): one completes for the active invocations of its subgroup.
        if (subgroups) {
          SubgroupStep s = subgroupCollectiveStep(program, config, layout, mayDiverge, chooser,
                                                  options.trace, result.explored);
          if (s.stop) {
            stopWith(std::move(*s.stop));
            break;
          }
          if (!s.released.empty()) {
            log.barrierReleased(s.released);
            continue;
          }
        }
        // Every invocation is finished or waits at a barrier: the global rule of control
        // barriers (#barrier: executed by all invocations of the workgroup "as if concurrently").
        bool released = false, waiting = false;
        for (Workgroup& w : config.workgroups) {
          uint32_t barrier = UINT32_MAX;
          bool finished = false, mixed = false, any = false;
          for (uint32_t i : w.invocations) {
            const Invocation& inv = config.invocations[i];
            if (inv.status == InvocationStatus::Finished) {
              finished = true;
            } else {
              any = true;
              if (barrier != UINT32_MAX && barrier != inv.barrier) mixed = true;
              barrier = inv.barrier;
            }
          }
          if (!any) continue;
          waiting = true;
          if (finished || mixed) {
            // #barrier: a control barrier "is executed by all invocations in the same workgroup
            // as if it were executed concurrently"; these never can (docs/ambiguities.md M4).
            stopWith(Stop::dynamicError(
                "barrier",
                finished
                    ? "deadlock: some invocations of a workgroup finished while others wait at "
                      "the barrier at " +
                          describe(program, barrier)
                    : "deadlock: the invocations of a workgroup wait at different barriers"));
            if (options.trace)
              *options.trace << "[" << result.explored << "] workgroup "
                             << stopTraceName(Stop::Kind::DynamicError) << "  "
                             << describe(program, barrier) << "\n";
            stop = true;
            break;
          }
          for (uint32_t i : w.invocations) config.invocations[i].status = InvocationStatus::Running;
          log.barrierReleased(w.invocations);
          released = true;
          if (options.trace)
            *options.trace << "[" << result.explored << "] workgroup "
                           << rule(RuleId::ControlBarrierRelease).name << "  "
                           << describe(program, barrier) << "\n";
        }
        if (stop || !released) {
          (void)waiting;
          break;
        }
      }
      if (asleep) {
        // Partial-order reduction (partial_order_reduction.h): this execution only reorders
        // independent steps of one explored before; it adds no outcome.
        ++result.abandoned;
        if (clocksExhausted()) break;
        if (!log.next()) break;
        continue;
      }
      if (options.observer)
        options.observer->endExecution(outcome.kind, outcome.message,
                                       outcome.stop ? &*outcome.stop : nullptr);
      if (detector) foldRaceAnalysis(*detector, config, outcome, races, newDomains);
      outcome.choices = log.choiceTexts();
      addOutcome(program, buffers, config, std::move(outcome), seen, result);
      if (clocksExhausted()) break;
      if (!log.next()) break;
    }
  };

  exploreInRounds(result, exploreRound);
  return result;
}

}  // namespace plumb::interp
