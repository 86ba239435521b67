// `plumb explore` as a library call (wgsl_explore.h).
#include "memmodel/wgsl/explore.h"

#include <algorithm>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <set>

#include "checker/wgsl/checker.h"
#include "interpreter/wgsl/buffer_views.h"
#include "interpreter/wgsl/dispatch.h"
#include "interpreter/wgsl/host_buffer.h"
#include "interpreter/wgsl/memory.h"
#include "interpreter/wgsl/run.h"
#include "memmodel/explorer.h"
#include "memmodel/wgsl/mapping.h"
#include "memmodel/wgsl/trace.h"
#include "memmodel/witness.h"
#include "semantics/diagnostic_json.h"
#include "semantics/wgsl/parser.h"

namespace plumb::memmodel::wgsl {

namespace {

/// A bound of the exploration was hit: the answer is incomplete. `limits` says it for people,
/// `stops` as a typed Limit stop naming the bound (interpreter/wgsl/stop.h; plumb-explore version 3).
void hitLimit(ExploreResult& r, std::string_view bound, uint64_t value, std::string message) {
  r.complete = false;
  for (const interp::Stop& s : r.stops)
    if (s.bound == bound && s.message == message) return;
  r.limits.push_back(message);
  r.stops.push_back(interp::Stop::limit(std::string(bound), value, std::move(message)));
}

std::string invocationName(const InvocationTrace& t) {
  return "inv " + std::to_string(t.invocation) + " (wg " + std::to_string(t.workgroupId[0]) + "," +
         std::to_string(t.workgroupId[1]) + "," + std::to_string(t.workgroupId[2]) + " local " +
         std::to_string(t.localId[0]) + "," + std::to_string(t.localId[1]) + "," +
         std::to_string(t.localId[2]) + ")";
}

/// The entry point, as `plumb run` chooses it (interpreter/wgsl/run.cpp).
uint32_t findEntry(const ast::Module& module, const CheckedModule& checked,
                   const std::string& wanted, std::vector<std::string>& errors) {
  uint32_t entry = UINT32_MAX;
  for (const EntryPoint& e : checked.entryPoints) {
    std::string name(module.name(checked.declarations[e.function].name));
    if (wanted.empty() ? e.stage == ShaderStage::Compute : name == wanted) {
      if (entry != UINT32_MAX) {
        errors.push_back("the module has several compute entry points; choose one with --entry");
        return UINT32_MAX;
      }
      if (e.stage != ShaderStage::Compute) {
        errors.push_back("entry point '" + name + "' is not a compute shader");
        return UINT32_MAX;
      }
      entry = e.function;
    }
  }
  if (entry == UINT32_MAX)
    errors.push_back(wanted.empty() ? "the module has no compute entry point"
                                    : "no entry point '" + wanted + "'");
  return entry;
}

/// The final value of every output location in one consistent execution. The dispatch ends
/// and the host reads the buffers: the value of a location is that of a write no other write
/// to it follows in `locord + rf + fr + asmo` (the relation `consistent` requires to be
/// acyclic, spirv.als line 399), or the initial value when nothing writes it. When several
/// writes are maximal (unordered writes: a write-write race, or writes in different
/// workgroups without synchronization) each is a possible final value.
/// One possible final value of a location: as `plumb explore` prints it, and as the machine
/// holds it (for the buffer words of the state).
struct FinalValue {
  std::string text;
  interp::RValue value;
};

std::vector<std::vector<FinalValue>> finalValues(const CandidateExecution& c,
                                                  const MappedProgram& mp,
                                                  const DispatchTrace& trace,
                                                  const std::vector<LocationInfo>& locs,
                                                  const std::vector<uint32_t>& outputs,
                                                  const TypeTable& types) {
  Relation ord = (c.derived.locord + c.execution.rf + c.derived.fr + c.execution.asmo).closure();
  std::vector<std::vector<FinalValue>> perLocation;
  for (uint32_t l : outputs) {
    std::vector<EventId> writes;
    for (EventId e = 0; e < mp.origin.size(); ++e) {
      const MemoryEvent& m = trace.invocations[mp.origin[e].invocation].events[mp.origin[e].event];
      if (m.location == l && (m.kind == AccessKind::Write || m.kind == AccessKind::ReadModifyWrite))
        writes.push_back(e);
    }
    std::vector<FinalValue> values;
    if (writes.empty()) values.push_back({valueText(types, locs[l].initial), locs[l].initial});
    for (EventId w : writes) {
      bool maximal = std::none_of(writes.begin(), writes.end(),
                                  [&](EventId x) { return x != w && ord.contains(w, x); });
      if (!maximal) continue;
      const MemoryEvent& m = trace.invocations[mp.origin[w].invocation].events[mp.origin[w].event];
      std::string v = valueText(types, m.writeValue);
      if (std::none_of(values.begin(), values.end(),
                       [&](const FinalValue& f) { return f.text == v; }))
        values.push_back({v, m.writeValue});
    }
    perLocation.push_back(std::move(values));
  }
  return perLocation;
}

std::vector<std::string> witnessOf(const CandidateExecution& c, const MappedProgram& mp,
                                   const DispatchTrace& trace) {
  std::vector<std::string> lines;
  uint32_t current = UINT32_MAX;
  for (EventId e = 0; e < mp.origin.size(); ++e) {
    const InvocationTrace& t = trace.invocations[mp.origin[e].invocation];
    if (mp.origin[e].invocation != current) {
      current = mp.origin[e].invocation;
      lines.push_back(invocationName(t) + ":");
    }
    const Event& ev = mp.program.events[e];
    std::string line = "  E" + std::to_string(e) + " " + ev.text;
    if (ev.has(Attr::R)) {
      std::string from = "initial value";
      for (EventId w = 0; w < mp.origin.size(); ++w)
        if (c.execution.rf.contains(w, e)) from = "E" + std::to_string(w);
      line += "   (reads from " + from + ")";
    }
    lines.push_back(line);
  }
  return lines;
}

/// The words of every bound storage buffer in one final state, as `plumb run` reports an
/// outcome's buffers (docs/formats.md plumb-run): the buffer's initial contents with each
/// output location's final value written at its path. The oracle compares device outputs with
/// these (a location no invocation accesses keeps its initial words).
nlohmann::json stateBuffers(const std::vector<interp::BoundBuffer>& buffers,
                            const std::vector<std::optional<interp::RValue>>& initial,
                            const std::vector<LocationInfo>& locs,
                            const std::vector<uint32_t>& outputs,
                            const std::vector<const interp::RValue*>& finals, TypeTable& types,
                            MemoryLayouts& layouts) {
  nlohmann::json out = nlohmann::json::array();
  for (size_t b = 0; b < buffers.size(); ++b) {
    const interp::BoundBuffer& buf = buffers[b];
    if (buf.texture || buf.space != ast::AddressSpace::Storage || !initial[b]) continue;
    interp::RValue root = *initial[b];
    for (size_t k = 0; k < outputs.size(); ++k) {
      const LocationInfo& l = locs[outputs[k]];
      if (!l.storage || l.location.allocation != buf.declaration) continue;
      // A half of a buffer word (revision 2026, buffer views; M18): the word as its halves.
      if (l.location.path.size() == 2 && types.kind(buf.storeType) == TypeKind::Buffer)
        interp::splitIntoHalves(types, root, l.location.path[0]);
      if (interp::RValue* at = interp::locate(root, l.location.path, l.location.path.size()))
        *at = *finals[k];
    }
    nlohmann::json words = nlohmann::json::array();
    for (const interp::WordValue& w : interp::wordsOf(types, layouts, buf.storeType, root, buf.bytes))
      words.push_back(interp::wordJson(w));
    out.push_back({{"group", buf.group}, {"binding", buf.binding}, {"name", buf.name}, {"words", words}});
  }
  return out;
}

/// The values that writes store in consistent partial executions of this round's traces: per
/// trace, every po-closed prefix (the first p_i events of each invocation) is explored, reads
/// restricted to the kept writes of their value. A value some execution of the program reads
/// is written by a write whose (po + rf)-predecessors form such a prefix of some trace, and a
/// restriction of a consistent execution to a po- and rf-closed set of events is consistent
/// (every relation of the model only loses edges), so no needed value is missed; values that
/// only unrealizable guesses write (a fifth increment of a counter incremented four times)
/// are never justified, which lets the rounds end. Values out of thin air (self-justifying
/// cycles of po + rf, which spirv.als does not forbid) are never produced: a read returns the
/// initial value or a value a grounded write stores (docs/ambiguities.md).
std::vector<std::vector<interp::RValue>> justifiedValues(const TraceRecorder& recorder,
                                                         const TypeTable& types,
                                                         uint64_t maxExecutions, ExploreResult& r) {
  std::vector<std::vector<interp::RValue>> justified(recorder.locations.size());
  auto known = [&](uint32_t l, const interp::RValue& v) {
    if (recorder.inDomain(l, v)) return true;
    for (const interp::RValue& x : justified[l])
      if (x.data == v.data) return true;
    return false;
  };
  constexpr uint64_t kMaxPrefixesPerTrace = 4096;
  // Different guesses share prefixes (they differ only after some read): a prefix with the
  // same events in every invocation is the same partial execution, explored once.
  std::set<std::string> explored;
  auto prefixKey = [&](const DispatchTrace& trace, const std::vector<uint32_t>& prefix) {
    std::string key;
    for (size_t i = 0; i < trace.invocations.size(); ++i) {
      key += "#" + std::to_string(trace.invocations[i].invocation) + ":";
      for (uint32_t k = 0; k < prefix[i]; ++k) {
        const MemoryEvent& m = trace.invocations[i].events[k];
        key += std::to_string(int(m.kind)) + (m.atomic ? "a" : "") + std::to_string(m.location) +
               m.barrier;
        if (m.kind == AccessKind::Read || m.kind == AccessKind::ReadModifyWrite)
          key += "r" + valueText(types, m.readValue);
        if (m.kind == AccessKind::Write || m.kind == AccessKind::ReadModifyWrite)
          key += "w" + valueText(types, m.writeValue);
        key += ";";
      }
    }
    return key;
  };
  for (const DispatchTrace& trace : recorder.traces) {
    size_t n = trace.invocations.size();
    uint64_t vectors = 1;
    for (const InvocationTrace& t : trace.invocations) {
      vectors *= t.events.size() + 1;
      if (vectors > kMaxPrefixesPerTrace) break;
    }
    std::vector<uint32_t> prefix(n, 0);
    bool onlyFull = vectors > kMaxPrefixesPerTrace;
    if (onlyFull) {
      r.complete = false;
      hitLimit(r, "partial-executions", kMaxPrefixesPerTrace,
               "a trace has more than " + std::to_string(kMaxPrefixesPerTrace) +
                   " partial executions: only complete executions justify read values");
      for (size_t i = 0; i < n; ++i)
        prefix[i] = static_cast<uint32_t>(trace.invocations[i].events.size());
    }
    while (true) {
      // Only worth exploring if a kept write stores a value not yet justified.
      bool needed = false;
      for (size_t i = 0; i < n && !needed; ++i)
        for (uint32_t k = 0; k < prefix[i] && !needed; ++k) {
          const MemoryEvent& m = trace.invocations[i].events[k];
          if ((m.kind == AccessKind::Write || m.kind == AccessKind::ReadModifyWrite) &&
              !known(m.location, m.writeValue))
            needed = true;
        }
      if (needed && !explored.insert(prefixKey(trace, prefix)).second) needed = false;
      if (needed) {
        if (r.justificationCandidates >= maxExecutions) {
          r.complete = false;
          hitLimit(r, interp::kBoundExecutions, maxExecutions,
                   "candidate executions justifying read values reached --max-executions");
          return justified;
        }
        MappedProgram mp = buildProgram(trace, recorder.locations, types, &prefix);
        ExplorerOptions eo;
        eo.maxExecutions = maxExecutions - r.justificationCandidates;
        bool consistent = false;
        ExplorerStats stats = explore(mp.program, eo, [&](const CandidateExecution& c) {
          consistent = c.consistent;
          return consistent ? Visit::Stop : Visit::Continue;
        });
        r.justificationCandidates += stats.complete + stats.pruned;
        if (consistent) {
          for (size_t i = 0; i < n; ++i)
            for (uint32_t k = 0; k < prefix[i]; ++k) {
              const MemoryEvent& m = trace.invocations[i].events[k];
              if ((m.kind == AccessKind::Write || m.kind == AccessKind::ReadModifyWrite) &&
                  !known(m.location, m.writeValue))
                justified[m.location].push_back(m.writeValue);
            }
        }
      }
      if (onlyFull) break;
      size_t i = 0;  // next prefix vector (odometer)
      while (i < n && ++prefix[i] > trace.invocations[i].events.size()) prefix[i++] = 0;
      if (i == n) break;
    }
  }
  return justified;
}

}  // namespace

std::string stateLine(const FinalState& s) {
  std::string out;
  if (s.kind != "finished") out = s.kind + " (" + s.message + ")";
  for (const auto& [n, v] : s.values) out += (out.empty() ? "" : " ") + n + "=" + v;
  return out;
}

ExploreResult exploreShader(const SourceFile& file, const ExploreRequest& request) {
  ExploreResult r;
  const Revision& revision = request.revision ? *request.revision : Revision::wgsl2022_06();
  std::unique_ptr<ast::Module> module = parseModule(file, revision, r.diagnostics);
  if (r.diagnostics.hasErrors()) return r;
  CheckOptions checkOptions;
  checkOptions.pipelineCreation = true;
  std::unique_ptr<CheckedModule> checked = check(*module, r.diagnostics, checkOptions);
  if (r.diagnostics.hasErrors() || !checked) return r;
  uint32_t entry = findEntry(*module, *checked, request.entry, r.errors);
  if (entry == UINT32_MAX) return r;
  interp::Program program(*module, *checked);
  nlohmann::json bindings = request.bindings.is_null()
                                ? nlohmann::json{{"format", "plumb-bindings"},
                                                 {"version", 1},
                                                 {"bindings", nlohmann::json::array()}}
                                : request.bindings;
  std::vector<interp::BoundBuffer> buffers =
      interp::bindResources(program, bindings, request.zeroMissingBindings, r.errors,
                            request.allowUnusedBindings ? &r.warnings : nullptr);
  if (!r.errors.empty()) return r;
  const TypeTable& types = checked->types;

  uint32_t groups = request.dispatch[0] * request.dispatch[1] * request.dispatch[2];
  TraceRecorder recorder(program, groups);
  interp::DispatchOptions options;
  options.dispatch = request.dispatch;
  options.maxSteps = request.maxSteps;
  options.maxExecutions = request.maxExecutions;
  options.maxInvocations = request.maxInvocations;
  options.observer = &recorder;
  // Rounds: explore every guess of read values over the current domains; stop when no write
  // stores a value outside them (then every value a read can return has been tried).
  while (true) {
    recorder.clearTraces();
    ++r.rounds;
    if (request.progress)
      request.progress("round " + std::to_string(r.rounds) + " of dispatch executions (" +
                       std::to_string(r.dispatchExecutions) + " so far)");
    interp::DispatchResult d = interp::runDispatch(program, entry, buffers, options);
    if (!d.refused.empty()) {
      r.errors.push_back(d.refused);
      return r;
    }
    r.dispatchExecutions += d.explored;
    if (!recorder.unmodelled.empty()) {
      for (const std::string& u : recorder.unmodelled)
        r.errors.push_back("not modelled by plumb explore: " + u);
      return r;
    }
    if (!d.complete) {
      r.complete = false;
      hitLimit(r, interp::kBoundExecutions, request.maxExecutions,
               "a round of dispatch executions (guesses of read values) stopped at "
               "--max-executions (" +
                   std::to_string(request.maxExecutions) + ")");
      break;
    }
    if (!recorder.growDomains(justifiedValues(recorder, types, request.maxExecutions, r))) break;
    if (r.rounds >= request.maxRounds) {
      r.complete = false;
      hitLimit(r, "rounds", request.maxRounds,
               "the read values did not close after " + std::to_string(request.maxRounds) +
                   " rounds: writes keep storing new values, so some reads may return values not "
                   "tried");
      break;
    }
  }
  r.ran = true;
  r.traces = recorder.traces.size();

  // Output locations: the read_write storage locations accessed (the recorder sees only those
  // and workgroup locations), in location order.
  std::vector<uint32_t> outputs;
  for (uint32_t l = 0; l < recorder.locations.size(); ++l)
    if (recorder.locations[l].storage) outputs.push_back(l);
  std::sort(outputs.begin(), outputs.end(), [&](uint32_t a, uint32_t b) {
    return recorder.locations[a].location < recorder.locations[b].location;
  });

  // Each storage buffer's initial value, for the words of the final states.
  std::vector<std::optional<interp::RValue>> initialValues;
  for (const interp::BoundBuffer& b : buffers) {
    std::string unused;  // bindResources already accepted these bytes
    initialValues.push_back(b.texture ? std::nullopt
                                      : interp::valueFromBytes(checked->types, checked->layouts,
                                                               b.storeType, b.bytes, unused));
  }

  std::map<std::string, size_t> seen;
  std::map<std::string, bool> races;
  for (const DispatchTrace& trace : recorder.traces) {
    if (r.candidates >= request.maxExecutions) {
      r.complete = false;
      hitLimit(r, interp::kBoundExecutions, request.maxExecutions,
               "candidate executions of all traces reached --max-executions");
      break;
    }
    if (request.progress)
      request.progress("trace " + std::to_string(&trace - recorder.traces.data() + 1) + " of " +
                       std::to_string(recorder.traces.size()) + ": " +
                       std::to_string(r.candidates) + " candidate executions");
    MappedProgram mp = buildProgram(trace, recorder.locations, types);
    ExplorerOptions eo;
    eo.chainsSupported = true;
    eo.pruneInconsistent = true;
    eo.maxExecutions = request.maxExecutions - r.candidates;
    ExplorerStats stats = explore(mp.program, eo, [&](const CandidateExecution& c) {
      if (!c.consistent) return Visit::Continue;
      bool racy = false;
      for (EventId a = 0; a < mp.program.size(); ++a)
        for (EventId b = a + 1; b < mp.program.size(); ++b)
          if (c.derived.dr.contains(a, b) || c.derived.dr.contains(b, a)) {
            racy = true;
            // "LOCATION: write by inv A, read by inv B" (the events of one location).
            auto side = [&](EventId e) {
              const Event& ev = mp.program.events[e];
              return std::string(ev.has(Attr::R) && ev.has(Attr::W) ? "read-modify-write"
                                 : ev.has(Attr::W)                  ? "write"
                                                                    : "read") +
                     (ev.has(Attr::A) ? " (atomic)" : "") + " by inv " +
                     std::to_string(trace.invocations[mp.origin[e].invocation].invocation);
            };
            races[mp.program.events[a].variable + ": " + side(a) + ", " + side(b)] = true;
          }
      std::vector<std::vector<FinalValue>> values =
          finalValues(c, mp, trace, recorder.locations, outputs, types);
      // Every combination of the possible final values of the locations.
      std::vector<size_t> pick(values.size(), 0);
      while (true) {
        FinalState s;
        s.kind = trace.kind;
        s.message = trace.message;
        s.stop = trace.stop;
        std::vector<const interp::RValue*> finals;
        for (size_t k = 0; k < values.size(); ++k) {
          s.values.push_back({recorder.locations[outputs[k]].name, values[k][pick[k]].text});
          finals.push_back(&values[k][pick[k]].value);
        }
        std::string key = stateLine(s);
        auto [it, inserted] = seen.emplace(key, r.states.size());
        if (inserted) {
          s.witness = witnessOf(c, mp, trace);
          if (request.witnessDot)
            s.witnessDot =
                witnessDot(mp.program, Witness{c.statics, c.execution, c.derived, c.consistent},
                           file.name() + ": " + key);
          s.buffers = stateBuffers(buffers, initialValues, recorder.locations, outputs, finals,
                                   checked->types, checked->layouts);
          r.states.push_back(std::move(s));
        }
        FinalState& st = r.states[it->second];
        ++st.executions;
        st.racy |= racy;
        size_t k = 0;
        while (k < pick.size() && ++pick[k] == values[k].size()) pick[k++] = 0;
        if (k == pick.size()) break;
      }
      return Visit::Continue;
    });
    if (stats.programFact) {
      r.errors.push_back("internal: the mapped program violates a fact of spirv.als (" +
                         stats.programFact->fact + ", line " +
                         std::to_string(stats.programFact->line) + ")");
      r.ran = false;
      return r;
    }
    r.candidates += stats.complete + stats.pruned;
    r.consistent += stats.consistent;
    r.pruned += stats.pruned;
    if (stats.limitHit) {
      r.complete = false;
      hitLimit(r, interp::kBoundExecutions, request.maxExecutions,
               "candidate executions reached --max-executions");
      break;
    }
  }
  for (const auto& [k, v] : races) r.races.push_back(k);
  std::sort(r.limits.begin(), r.limits.end());
  r.limits.erase(std::unique(r.limits.begin(), r.limits.end()), r.limits.end());
  std::sort(r.states.begin(), r.states.end(),
            [](const FinalState& a, const FinalState& b) { return stateLine(a) < stateLine(b); });

  nlohmann::json states = nlohmann::json::array();
  for (const FinalState& s : r.states) {
    nlohmann::json vals = nlohmann::json::object();
    for (const auto& [n, v] : s.values) vals[n] = v;
    nlohmann::json j = {{"kind", s.kind},
                        {"values", vals},
                        {"racy", s.racy},
                        {"executions", s.executions},
                        {"witness", s.witness}};
    if (!s.message.empty()) j["message"] = s.message;
    if (s.stop) j["stop"] = interp::stopJson(*s.stop);
    states.push_back(std::move(j));
  }
  nlohmann::json stops = nlohmann::json::array();
  for (const interp::Stop& s : r.stops) stops.push_back(interp::explorationStopJson(s));
  r.json = {{"format", "plumb-explore"},
            {"version", kExploreReportVersion},
            {"revision", std::string(revision.name)},
            {"file", file.name()},
            {"ran", true},
            {"dispatch", request.dispatch},
            {"complete", r.complete},
            {"limits", r.limits},
            {"stops", stops},
            {"stats",
             {{"rounds", r.rounds},
              {"dispatchExecutions", r.dispatchExecutions},
              {"traces", r.traces},
              {"candidates", r.candidates},
              {"consistent", r.consistent},
              {"pruned", r.pruned},
              {"justificationCandidates", r.justificationCandidates}}},
            {"races", r.races},
            {"states", states}};
  if (!r.warnings.empty()) r.json["warnings"] = r.warnings;
  return r;
}

nlohmann::json asRunReport(const ExploreResult& r) {
  nlohmann::json outcomes = nlohmann::json::array();
  for (const FinalState& s : r.states) {
    nlohmann::json o = {{"kind", s.kind}, {"count", s.executions}, {"buffers", s.buffers}};
    if (!s.message.empty()) o["message"] = s.message;
    if (s.stop) o["stop"] = interp::stopJson(*s.stop);
    if (s.racy) o["racy"] = true;
    outcomes.push_back(std::move(o));
  }
  nlohmann::json executions = {{"complete", r.complete}, {"schedules", "memory-model"}};
  // An incomplete exploration names its bound (plumb-run version 3 `executions.stop`): the
  // first one hit.
  if (!r.stops.empty()) executions["stop"] = interp::explorationStopJson(r.stops.front());
  return {{"format", "plumb-run"},
          {"version", interp::kRunReportVersion},
          {"revision", r.json.value("revision", "2022-06")},
          {"source", "plumb explore: the final states the memory model allows"},
          {"dispatch", r.json.value("dispatch", nlohmann::json::array())},
          {"executions", executions},
          {"outcomes", std::move(outcomes)}};
}

void printExploreReport(const ExploreResult& r, std::ostream& out) {
  std::string revision = r.json.value("revision", "2022-06");
  out << r.states.size() << " final state" << (r.states.size() == 1 ? "" : "s")
      << " of the read_write storage buffers allowed by the memory model ("
      << (revision == "2022-06" ? "seed" : "revision " + revision)
      << " #memory-model;\n"
         "locations no invocation accesses keep their initial values and are not listed):\n";
  for (size_t i = 0; i < r.states.size(); ++i) {
    const FinalState& s = r.states[i];
    out << "state " << i + 1 << ": " << stateLine(s) << "   [" << s.executions
        << " consistent execution" << (s.executions == 1 ? "" : "s")
        << (s.racy ? ", with a data race" : "") << "]\n";
    out << "  witness:\n";
    for (const std::string& w : s.witness) out << "    " << w << "\n";
  }
  if (r.races.empty()) {
    out << "data races: none (every consistent execution is race-free)\n";
  } else {
    out << "data races (spirv.als `dr`; a racy read returns the value of a write it may read from, "
           "docs/ambiguities.md):\n";
    for (const std::string& s : r.races) out << "  " << s << "\n";
  }
  out << "explored: " << r.rounds << " round(s), " << r.dispatchExecutions
      << " dispatch executions, " << r.traces << " distinct traces, " << r.candidates
      << " candidate executions (" << r.consistent << " consistent, " << r.pruned << " pruned), "
      << r.justificationCandidates
      << " candidate executions of partial executions justifying read values\n";
  if (!r.complete) {
    out << "INCOMPLETE: a bound was hit; the states above are some, not necessarily all, allowed "
           "states:\n";
    for (const std::string& l : r.limits) out << "  " << l << "\n";
  }
}

}  // namespace plumb::memmodel::wgsl
