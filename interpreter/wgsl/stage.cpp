// The vertex and fragment stages (stage.h): the entry point's pipeline inputs
// (#pipeline-inputs-outputs), the executions over every choice, and the outputs of each
// invocation as words.
#include "interpreter/wgsl/stage.h"
#include "interpreter/wgsl/subgroups.h"

#include <cmath>
#include <map>
#include <ostream>

#include "checker/float_rounding.h"
#include "interpreter/wgsl/partial_order_reduction.h"
#include "interpreter/wgsl/race_rounds.h"
#include "interpreter/wgsl/textures.h"

namespace plumb::interp {

using namespace plumb::ast;

namespace {

const FunctionDeclaration& entryFunction(const Program& program, uint32_t entry) {
  const CheckedModule& cm = program.checked;
  return std::get<FunctionDeclaration>(program.module[cm.declarations[entry].global].node);
}

}  // namespace

StageInterface stageInterface(const Program& program, uint32_t entry) {
  StageInterface out;
  const CheckedModule& cm = program.checked;
  const TypeTable& types = cm.types;
  auto add = [&](const Attributes& a, Type t) {
    if (a.has(Attributes::Builtin))
      out.inputBuiltins.emplace(std::string(a.builtin), t);
    else if (a.has(Attributes::Location))
      out.inputLocations.emplace(a.location, t);
  };
  for (ParameterId p : program.module[entryFunction(program, entry).parameters]) {
    Type t = cm.parameters[p.value];
    if (types.kind(t) == TypeKind::Struct) {
      for (const MemberInfo& m : types.structInfo(t).members)
        add(cm.memberAttributes[m.declaration.value], m.type);
    } else {
      add(cm.parameterAttributes[p.value], t);
    }
  }
  return out;
}

nlohmann::json stageOutputTypes(const Program& program, uint32_t entry) {
  const CheckedModule& cm = program.checked;
  const TypeTable& types = cm.types;
  nlohmann::json out = {{"locations", nlohmann::json::object()},
                        {"builtins", nlohmann::json::object()}};
  auto add = [&](const Attributes& a, Type t) {
    if (a.has(Attributes::Builtin))
      out["builtins"][std::string(a.builtin)] = types.name(t);
    else if (a.has(Attributes::Location))
      out["locations"][std::to_string(a.location)] = types.name(t);
  };
  Type rt = cm.declarations[entry].type;
  if (types.kind(rt) == TypeKind::Struct) {
    for (const MemberInfo& m : types.structInfo(rt).members)
      add(cm.memberAttributes[m.declaration.value], m.type);
  } else if (types.kind(rt) != TypeKind::Void) {
    add(cm.declarations[entry].returnAttributes, rt);
  }
  return out;
}

std::optional<RValue> stageInputValue(TypeTable& types, Type t, const nlohmann::json& j,
                                      std::string& error) {
  const TypeNode& n = types[t];
  if (n.kind == TypeKind::Vector) {
    if (!j.is_array() || j.size() != n.size) {
      error = "a " + types.name(t) + " is an array of " + std::to_string(n.size) +
              " numbers, not " + j.dump();
      return std::nullopt;
    }
    Components parts;
    for (const nlohmann::json& c : j) {
      std::optional<RValue> v = stageInputValue(types, n.element, c, error);
      if (!v) return std::nullopt;
      parts.push_back(std::move(*v));
    }
    return RValue{t, std::move(parts)};
  }
  if (!j.is_number()) {
    error = "a " + types.name(t) + " is a number, not " + j.dump();
    return std::nullopt;
  }
  switch (n.kind) {
    case TypeKind::F32:
    case TypeKind::F16: {
      // The value the invocation sees is one value of its type: the nearest to the number.
      double x = j.get<double>();
      double r = n.kind == TypeKind::F32 ? roundToF32(x) : roundToF16(x);
      if (!std::isfinite(r) || std::fabs(r) > (n.kind == TypeKind::F32 ? kMaxF32 : kMaxF16)) {
        error = j.dump() + " is not a finite " + types.name(t);
        return std::nullopt;
      }
      return RValue{t, FloatSet::exact(r)};
    }
    case TypeKind::I32:
    case TypeKind::U32: {
      double x = j.get<double>();
      bool i32 = n.kind == TypeKind::I32;
      if (x != std::floor(x) || x < (i32 ? -2147483648.0 : 0.0) ||
          x > (i32 ? 2147483647.0 : 4294967295.0)) {
        error = j.dump() + " is not a " + types.name(t);
        return std::nullopt;
      }
      return RValue{t, static_cast<int64_t>(x)};
    }
    default:
      error = "an input of type " + types.name(t) + " cannot be given";
      return std::nullopt;
  }
}

namespace {

/// #pipeline-inputs-outputs: the parameter slots of the entry point's frame get the
/// invocation's inputs (Machine::start gave them the compute stage's, or any value).
void bindInputs(Program& program, Invocation& inv, uint32_t entry, const StageInvocation& si) {
  const CheckedModule& cm = program.checked;
  const TypeTable& types = cm.types;
  auto value = [&](const Attributes& a, Type t) -> RValue {
    RValue v;
    if (a.has(Attributes::Builtin)) {
      auto it = si.builtins.find(a.builtin);
      v = it != si.builtins.end() ? it->second : anyValueOf(types, t);
    } else if (a.has(Attributes::Location)) {
      auto it = si.locations.find(a.location);
      v = it != si.locations.end() ? it->second : anyValueOf(types, t);
    } else {
      v = anyValueOf(types, t);
    }
    v.type = t;
    return v;
  };
  Frame& frame = inv.frames.front();
  for (ParameterId p : program.module[entryFunction(program, entry).parameters]) {
    Type t = cm.parameters[p.value];
    RValue v;
    if (types.kind(t) == TypeKind::Struct) {
      Components parts;
      for (const MemberInfo& m : types.structInfo(t).members)
        parts.push_back(value(cm.memberAttributes[m.declaration.value], m.type));
      v = RValue{t, std::move(parts)};
    } else {
      v = value(cm.parameterAttributes[p.value], t);
    }
    frame.slots[program.parameterSlot[p.value]] = std::move(v);
  }
}

/// The words of an output value of type `t` (a numeric scalar or vector: host-shareable).
std::vector<WordValue> outputWords(Program& program, Type t, const RValue& v) {
  CheckedModule& cm = program.checked;
  const TypeLayout& layout = cm.layouts.of(t);
  std::vector<uint8_t> zero(layout.defined ? layout.size : 4, 0);
  RValue typed = v;
  typed.type = t;
  return wordsOf(cm.types, cm.layouts, t, typed, zero);
}

/// #pipeline-inputs-outputs: the entry point's return value, by the attributes of the return
/// type or of its structure's members.
InvocationOutputs collectOutputs(Program& program, uint32_t entry, const Invocation& inv,
                                 const StageInvocation& si) {
  InvocationOutputs out;
  out.id = si.id;
  if (inv.discarded) {
    // #discard-statement: the fragment is thrown away (and in revision 2026 the helper's
    // return value "will not be further processed downstream").
    out.discarded = true;
    return out;
  }
  CheckedModule& cm = program.checked;
  TypeTable& types = cm.types;
  Type rt = cm.declarations[entry].type;
  if (types.kind(rt) == TypeKind::Void || inv.values.empty()) return out;
  const RValue& value = inv.values.back();
  auto add = [&](const Attributes& a, Type t, const RValue& v) {
    if (a.has(Attributes::Builtin))
      out.builtins[std::string(a.builtin)] = outputWords(program, t, v);
    else if (a.has(Attributes::Location))
      out.locations[a.location] = outputWords(program, t, v);
  };
  if (types.kind(rt) == TypeKind::Struct) {
    const auto& members = types.structInfo(rt).members;
    for (size_t k = 0; k < members.size() && value.isComposite() && k < value.components().size();
         ++k)
      add(cm.memberAttributes[members[k].declaration.value], members[k].type,
          value.components()[k]);
  } else {
    add(cm.declarations[entry].returnAttributes, rt, value);
  }
  return out;
}

}  // namespace

nlohmann::json invocationOutputsJson(const InvocationOutputs& o) {
  nlohmann::json j = o.id;
  if (o.discarded) {
    j["discarded"] = true;
    return j;
  }
  nlohmann::json locations = nlohmann::json::object(), builtins = nlohmann::json::object();
  for (const auto& [l, ws] : o.locations) {
    nlohmann::json a = nlohmann::json::array();
    for (const WordValue& w : ws) a.push_back(wordJson(w));
    locations[std::to_string(l)] = std::move(a);
  }
  for (const auto& [name, ws] : o.builtins) {
    nlohmann::json a = nlohmann::json::array();
    for (const WordValue& w : ws) a.push_back(wordJson(w));
    builtins[name] = std::move(a);
  }
  j["locations"] = std::move(locations);
  j["builtins"] = std::move(builtins);
  return j;
}

nlohmann::json divergentQuadJson(const DivergentQuad& d) {
  return {{"quad", d.origin},     {"call", d.call},           {"function", d.function},
          {"waiting", d.waiting}, {"elsewhere", d.elsewhere}, {"rule", "derivatives"}};
}

DispatchResult runStage(Program& program, uint32_t entry, const StageInvocations& draw,
                        const std::vector<BoundBuffer>& buffers, const DispatchOptions& options) {
  DispatchResult result;
  if (draw.invocations.size() > options.maxInvocations && !options.force) {
    result.refused = "the draw has " + std::to_string(draw.invocations.size()) +
                     " invocations, more than the limit of " +
                     std::to_string(options.maxInvocations) + " (use --force to run it anyway)";
    return result;
  }
  // Revision 2026's subgroups (new#subgroups) in a fragment stage (subgroups.h): the sizes
  // explored, each quad in one subgroup, every numbering, helpers active or not.
  SubgroupValuesRead read = subgroupValuesRead(program, entry);
  bool subgroups = usesSubgroupOperations(program) || read.any();
  bool mayDiverge = subgroups && subgroupsMayDiverge(program.checked);
  bool numbered = read.subgroupInvocationId || subgroupInvocationIdsMatter(program, mayDiverge);
  std::vector<uint32_t> subgroupSizes;
  if (subgroups) {
    if (draw.stage != ShaderStage::Fragment) {  // the checker allows them nowhere else
      result.refused = "subgroup operations and values are for compute and fragment shaders";
      return result;
    }
    subgroupSizes = subgroupSizesToExplore(
        options.subgroups, static_cast<uint32_t>(draw.invocations.size()), read.subgroupSize);
    result.subgroupSizes = subgroupSizes;
    if (subgroupSizes.empty()) {
      result.refused =
          "no subgroup size: the sizes are the powers of two in [4, 128] within "
          "--subgroup-min-size and --subgroup-max-size (new#subgroups)";
      return result;
    }
  }
  // The initial configuration: the bound resources, the private variables, and one
  // workgroup without variables (vertex and fragment shaders have no workgroup memory:
  // #address-spaces).
  Configuration initial;
  placeBoundResources(program, buffers, initial);
  std::vector<Allocation> privateTemplate = initialPrivateVariables(program);
  initial.workgroups.emplace_back();
  for (const StageInvocation& si : draw.invocations) {
    Invocation inv;
    inv.privates = privateTemplate;
    inv.helper = si.helper;
    initial.workgroups[0].invocations.push_back(static_cast<uint32_t>(initial.invocations.size()));
    initial.invocations.push_back(std::move(inv));
  }

  // #memory-model: the invocations of a draw are unordered — no barrier exists in these
  // stages — so two of them accessing one storage location, one a write, not both atomic,
  // race; the race detector and the rounds of a dispatch apply (race_rounds.h,
  // docs/ambiguities.md D5).
  auto exploreRound = [&](const RaceDomains& domains, RaceDomains& newDomains,
                          std::map<std::string, RaceRecord>& races) {
    ExplorationTree log(false, static_cast<uint32_t>(initial.invocations.size()));
    std::map<std::string, size_t> seen;
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
      Configuration config = initial;
      Machine machine(program, config, [&log](uint32_t count, const std::string& what) {
        return log.choose(count, what);
      });
      machine.setFusion(!options.trace, options.maxSteps);
      std::optional<RaceDetector> detector;
      if (config.invocations.size() > 1) {
        detector.emplace(program, config, &domains);
        machine.setRaceDetector(&*detector);
      }
      Chooser chooser = [&log](uint32_t count, const std::string& what) {
        return log.choose(count, what);
      };
      SubgroupLayout layout;
      if (subgroups) {
        layout = chooseFragmentSubgroupLayout(draw.quads, config.invocations.size(), subgroupSizes,
                                              options.subgroups.linear, numbered, chooser);
        layout.otherDraws = options.subgroups.acrossDraws;
      }
      for (uint32_t i = 0; i < config.invocations.size(); ++i) {
        machine.start(i, entry);
        if (!subgroups) {
          bindInputs(program, config.invocations[i], entry, draw.invocations[i]);
          continue;
        }
        // new#subgroup-builtin-values: the invocation's subgroup invocation ID and its
        // subgroup's size, from this execution's layout.
        StageInvocation si = draw.invocations[i];
        Type u32 = program.checked.types.u32();
        uint32_t size = layout.sizeOf[layout.subgroupOf[i]];
        RValue id{u32, int64_t(layout.idOf[i])};
        if (options.subgroups.acrossDraws) {
          // Other draws' invocations may hold any of the subgroup's IDs (SubgroupOptions::
          // acrossDraws): any ID below the size.
          IntegerSet ids;
          for (uint32_t k = 0; k < size; ++k) ids.values.push_back(k);
          id = size <= kMaxAlternatives ? RValue{u32, std::move(ids)} : RValue{u32, AnyScalar{}};
        }
        si.builtins.insert_or_assign("subgroup_invocation_id", std::move(id));
        si.builtins.insert_or_assign("subgroup_size",
                                     RValue{u32, int64_t(layout.sizeOf[layout.subgroupOf[i]])});
        bindInputs(program, config.invocations[i], entry, si);
      }
      Outcome outcome;
      outcome.kind = "finished";
      auto stopWith = [&](Stop s) {
        outcome.kind = stopKindName(s.kind);
        outcome.message = s.message;
        outcome.stop = std::move(s);
      };
      bool stop = false;
      while (!stop) {
        // Invocations of a vertex or fragment stage share no memory they write but storage
        // buffers; each runs until it finishes or waits for its quad (#derivatives).
        for (uint32_t i = 0; i < config.invocations.size() && !stop; ++i) {
          Invocation& inv = config.invocations[i];
          uint64_t before = inv.steps;
          while (inv.status == InvocationStatus::Running) {
            StepResult r = machine.step(i);
            if (options.trace) {
              *options.trace << "[" << result.explored << "] " << draw.invocations[i].who << " "
                             << machine.lastRule() << "  " << machine.lastRedex() << "\n";
            }
            if (r.kind == StepResult::Stopped) {
              stopWith(std::move(*r.stop));
              stop = true;
              break;
            }
            if (inv.steps > options.maxSteps) {
              stopWith(Stop::limit(std::string(kBoundSteps), options.maxSteps,
                                   "an invocation took more than " +
                                       std::to_string(options.maxSteps) +
                                       " steps (--max-steps) at " + machine.lastRedex()));
              if (options.trace)
                *options.trace << "[" << result.explored << "] " << draw.invocations[i].who << " "
                               << stopTraceName(Stop::Kind::Limit) << "  " << machine.lastRedex()
                               << "\n";
              stop = true;
              break;
            }
          }
          result.steps += inv.steps - before;
        }
        if (stop) break;
        // Every invocation is finished or waits: first a subgroup or quad operation (revision
        // 2026) completes for the active invocations of its subgroup, then the quads'
        // derivatives.
        if (subgroups) {
          SubgroupStep s = subgroupCollectiveStep(program, config, layout, mayDiverge, chooser,
                                                  options.trace, result.explored);
          if (s.stop) {
            stopWith(std::move(*s.stop));
            break;
          }
          if (!s.released.empty()) continue;
        }
        StepResult quadStop;
        bool released = draw.stage == ShaderStage::Fragment &&
                        releaseQuads(program, config, draw, outcome.divergentQuads, quadStop,
                                     options.trace, result.explored);
        if (quadStop.kind == StepResult::Stopped) {
          stopWith(std::move(*quadStop.stop));
          break;
        }
        if (!released) break;
      }
      if (!stop && outcome.kind == "finished" && draw.stage == ShaderStage::Vertex &&
          program.module.revision().positionWZeroIsDynamicError) {
        // new#position-builtin-value: "A dynamic error occurs if the w coordinate is zero".
        // One choice for the draw when some vertex's w may be zero and none must be: the
        // finished outcome, or the dynamic error (after which any output is allowed).
        std::optional<uint32_t> must, may;
        for (uint32_t i = 0; i < config.invocations.size() && !must; ++i) {
          if (config.invocations[i].status != InvocationStatus::Finished) continue;
          PositionW w = positionW(program, entry, config.invocations[i]);
          if (w.mustBeZero) must = i;
          if (w.mayBeZero && !may) may = i;
        }
        std::optional<uint32_t> error = must;
        if (!error && may &&
            chooser(2, "dynamic error of a zero position.w at " + draw.invocations[*may].who) == 1)
          error = may;
        if (error) {
          const std::string& who = draw.invocations[*error].who;
          stopWith(
              Stop::dynamicError("position-builtin-value",
                                 "the w coordinate of " + who +
                                     "'s position output is zero: a dynamic error in revision 2026 "
                                     "(new#position-builtin-value): any output"));
          if (options.trace)
            *options.trace << "[" << result.explored << "] " << who << " "
                           << stopTraceName(Stop::Kind::DynamicError) << "  position.w = 0\n";
        }
      }
      if (!stop && outcome.kind == "finished") {
        for (uint32_t i = 0; i < config.invocations.size(); ++i) {
          const Invocation& inv = config.invocations[i];
          if (inv.status != InvocationStatus::Finished) {
            stopWith(Stop::internal(
                "an invocation of the draw neither finished nor waits for its quad"));
            break;
          }
          // new#fragment-shaders-helper-invocations: a helper's return value "will not be
          // further processed downstream"; a helper that was a fragment (2026 discard) is
          // reported as discarded.
          if (draw.invocations[i].helper) continue;
          outcome.invocations.push_back(collectOutputs(program, entry, inv, draw.invocations[i]));
        }
      }
      if (detector) foldRaceAnalysis(*detector, config, outcome, races, newDomains);
      outcome.choices = log.choiceTexts();
      addOutcome(program, buffers, config, std::move(outcome), seen, result);
      if (!log.next()) break;
    }
  };
  exploreInRounds(result, exploreRound);
  // The races' invocations by their draw's ids (a vertex or fragment has no workgroup).
  for (RaceRecord& r : result.races)
    for (RaceRecord::Side* side : {&r.first, &r.second})
      if (side->invocation < draw.invocations.size())
        side->stageId = draw.invocations[side->invocation].id;
  return result;
}

}  // namespace plumb::interp
