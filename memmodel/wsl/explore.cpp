// WSL programs on the memory model explorer (see explore.h).
#include "memmodel/wsl/explore.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "interpreter/wsl/machine.h"
#include "memmodel/explorer.h"
#include "memmodel/program.h"

namespace plumb::memmodel::wsl {

using plumb::wsl::Address;
using plumb::wsl::AddressSpace;
using plumb::wsl::CheckedProgram;
using plumb::wsl::Function;
using plumb::wsl::MemoryEvent;
using plumb::wsl::Outcome;
using plumb::wsl::RunOptions;
using plumb::wsl::RunResult;
using plumb::wsl::Type;
using plumb::wsl::TypeP;
using plumb::wsl::Value;

namespace {

// Where shared memory starts: above every thread store identifier, so that a pointer into a
// buffer is never a thread address (interpreter/wsl: thread stores occupy [0, storeEnd)).
constexpr Address kSharedBase = Address(1) << 40;

/// One scalar location of a shared buffer.
struct Location {
  Address address = 0;
  TypeP type;
  Value initial;
  std::string name;  // `buf[2]`, `counter`
  AddressSpace space = AddressSpace::Device;
};

/// One scalar memory event of one invocation (a buffer store of an aggregate is split by
/// location; a barrier has no location).
struct Access {
  enum class Kind { Read, Write, ReadModifyWrite, Barrier } kind = Kind::Read;
  bool atomic = false;
  uint32_t location = UINT32_MAX;
  Value read, written;
  std::string barrier;  // the barrier's name and call site (one control barrier instruction)
};

struct Trace {
  std::vector<Access> accesses;
  std::string status;  // returned, discarded, stuck, step-limit
  std::string key;
};

std::string accessKey(const Access& a) {
  return std::to_string(int(a.kind)) + (a.atomic ? "a" : "") + ":" + std::to_string(a.location) +
         ":" + plumb::wsl::valueText(a.read) + ":" + plumb::wsl::valueText(a.written) + ":" +
         a.barrier;
}

class Explorer {
 public:
  Explorer(const CheckedProgram& p, const WslExploreRequest& request) : p_(p), request_(request) {}

  WslExploreResult run();

 private:
  bool prepareEntry();
  void addLocations(const TypeP& t, Address at, const std::string& name, AddressSpace space);
  std::optional<uint32_t> locationAt(Address a) const {
    auto it = byAddress_.find(a);
    if (it == byAddress_.end()) return std::nullopt;
    return it->second;
  }
  void flatten(const Value& v, Address at, std::vector<std::pair<Address, Value>>& out) const;
  bool translate(const std::vector<MemoryEvent>& events, Trace& t) const;
  void exploreCombination(const std::vector<const Trace*>& combination);
  struct Placed {
    EventId id;
    const Access* access;
  };
  /// The Program of a combination, each invocation's trace cut after `prefix[i]` accesses (a
  /// po-closed part of an execution; reads may only read from kept writes of their value).
  Program buildProgram(const std::vector<const Trace*>& combination,
                       const std::vector<size_t>& prefix, std::vector<Placed>& placed) const;
  /// Adds to justified_ the values written by the writes of `combination` that some consistent
  /// prefix execution contains (as `plumb explore` justifies values by partial executions).
  void justifyByPrefixes(const std::vector<const Trace*>& combination);

  const CheckedProgram& p_;
  const WslExploreRequest& request_;
  WslExploreResult result_;
  int entry_ = -1;
  std::vector<std::vector<Value>> arguments_;  // per invocation
  std::vector<Location> locations_;
  std::map<Address, uint32_t> byAddress_;
  std::vector<std::vector<Value>> domains_;  // per location
  std::vector<std::vector<Trace>> traces_;   // per invocation: its distinct traces
  std::map<std::string, size_t> stateIndex_;
  std::vector<std::vector<Value>> justified_;  // per location: values consistent executions write
  bool unsupported_ = false;
  std::string unsupportedWhy_;
};

void Explorer::addLocations(const TypeP& t, Address at, const std::string& name,
                            AddressSpace space) {
  if (t->kind == Type::Kind::Array || t->kind == Type::Kind::Vector) {
    uint32_t stride = plumb::wsl::sizeOf(p_, *t->element);
    for (uint32_t i = 0; i < t->size; ++i)
      addLocations(t->element, at + Address(i) * stride, name + "[" + std::to_string(i) + "]",
                   space);
    return;
  }
  if (t->kind == Type::Kind::Struct) {
    for (const auto& f : p_.structs[size_t(t->declaration)].fields)
      addLocations(f.type, at + f.offset, name + "." + f.name, space);
    return;
  }
  TypeP scalar = t->kind == Type::Kind::Atomic ? t->element : t;
  Location l{at, scalar, plumb::wsl::defaultValue(p_, scalar), name, space};
  byAddress_[at] = uint32_t(locations_.size());
  domains_.push_back({l.initial});
  locations_.push_back(std::move(l));
}

// The entry's parameters: a device or threadgroup pointer or array reference gets its own
// zero-filled buffer, shared by every invocation (seed "Resources ... data races may occur
// between read-write resources"); a uint or uint3 with the semantic SV_DispatchThreadID,
// SV_GroupThreadID or SV_GroupIndex (or no semantic) gets the invocation's index.
bool Explorer::prepareEntry() {
  std::vector<int> candidates;
  for (int id : p_.lookup(request_.entry)) {
    const Function& f = p_.functions[size_t(id)];
    if (f.origin == Function::Origin::User) candidates.push_back(id);
  }
  if (candidates.size() != 1) {
    result_.error = candidates.empty() ? "no function '" + request_.entry + "'"
                                       : "'" + request_.entry + "' is overloaded";
    return false;
  }
  entry_ = candidates.front();
  const Function& f = p_.functions[size_t(entry_)];
  Address next = kSharedBase;
  std::vector<Value> shared;  // per parameter: the buffer pointer, or Void for the index
  for (size_t i = 0; i < f.parameters.size(); ++i) {
    const TypeP& t = f.parameters[i];
    const std::string name =
        i < f.parameterNames.size() ? f.parameterNames[i] : "p" + std::to_string(i);
    if ((t->kind == Type::Kind::Pointer || t->kind == Type::Kind::ArrayRef) &&
        (t->space == AddressSpace::Device || t->space == AddressSpace::Threadgroup)) {
      uint32_t n = t->kind == Type::Kind::ArrayRef ? request_.bufferLength : 1;
      uint32_t stride = plumb::wsl::sizeOf(p_, *t->element);
      next = (next + 15) / 16 * 16;
      Address base = next;
      if (t->kind == Type::Kind::ArrayRef)
        addLocations(plumb::wsl::arrayOf(t->element, n), base, name, t->space);
      else
        addLocations(t->element, base, name, t->space);
      next += Address(n) * std::max<uint32_t>(stride, 1);
      shared.push_back(t->kind == Type::Kind::ArrayRef
                           ? Value::makeRef(base, n, t->space, t->element)
                           : Value::makePtr(base, t->space, t->element));
    } else if (sameType(t, plumb::wsl::uintType()) ||
               sameType(t, plumb::wsl::vectorOf(plumb::wsl::uintType(), 3))) {
      shared.push_back(Value::makeVoid());
    } else {
      result_.error = "parameter '" + name + "' of type " + typeName(*t) +
                      ": an invocation's parameters are device or threadgroup buffers and its "
                      "index (uint or uint3)";
      return false;
    }
  }
  // The threadgroup variables (W49): one location each, shared by every invocation.
  for (const plumb::wsl::ThreadgroupVariable& v : p_.threadgroupVariables)
    addLocations(v.type, v.address, v.name, AddressSpace::Threadgroup);
  for (uint32_t inv = 0; inv < request_.invocations; ++inv) {
    std::vector<Value> args;
    for (size_t i = 0; i < f.parameters.size(); ++i) {
      if (shared[i].kind != Value::Kind::Void) {
        args.push_back(shared[i]);
      } else if (f.parameters[i]->kind == Type::Kind::Vector) {
        Value v;
        v.kind = Value::Kind::Aggregate;
        v.type = f.parameters[i];
        v.elements = {Value::makeUint(inv), Value::makeUint(0), Value::makeUint(0)};
        args.push_back(v);
      } else {
        args.push_back(Value::makeUint(inv));
      }
    }
    arguments_.push_back(std::move(args));
  }
  return true;
}

void Explorer::flatten(const Value& v, Address at,
                       std::vector<std::pair<Address, Value>>& out) const {
  if (v.kind != Value::Kind::Aggregate) {
    out.push_back({at, v});
    return;
  }
  if (v.type->kind == Type::Kind::Struct) {
    const auto& fields = p_.structs[size_t(v.type->declaration)].fields;
    for (size_t i = 0; i < v.elements.size() && i < fields.size(); ++i)
      flatten(v.elements[i], at + fields[i].offset, out);
    return;
  }
  uint32_t stride = plumb::wsl::sizeOf(p_, *v.type->element);
  for (size_t i = 0; i < v.elements.size(); ++i)
    flatten(v.elements[i], at + Address(i) * stride, out);
}

// The machine's events of one execution on shared memory, as accesses of scalar locations.
bool Explorer::translate(const std::vector<MemoryEvent>& events, Trace& t) const {
  for (const MemoryEvent& e : events) {
    Access a;
    a.atomic = e.atomic;
    switch (e.kind) {
      case MemoryEvent::Kind::Barrier:
        a.kind = Access::Kind::Barrier;
        a.barrier = e.barrier;
        t.accesses.push_back(a);
        continue;
      case MemoryEvent::Kind::Load:
        a.kind = Access::Kind::Read;
        a.read = e.value;
        break;
      case MemoryEvent::Kind::ReadModifyWrite:
        a.kind = Access::Kind::ReadModifyWrite;
        a.read = e.read;
        a.written = e.value;
        break;
      case MemoryEvent::Kind::Store: {
        std::vector<std::pair<Address, Value>> parts;
        flatten(e.value, e.address, parts);
        for (const auto& [address, value] : parts) {
          auto l = locationAt(address);
          if (!l) return false;
          Access w;
          w.kind = Access::Kind::Write;
          w.location = *l;
          w.written = value;
          t.accesses.push_back(w);
        }
        continue;
      }
    }
    auto l = locationAt(e.address);
    if (!l || a.read.kind == Value::Kind::Aggregate) return false;
    a.location = *l;
    t.accesses.push_back(a);
  }
  for (const Access& a : t.accesses) t.key += accessKey(a) + ";";
  t.key += t.status;
  return true;
}

// The seed's memory model is unfinished ("Rewrite the rest of the model here"); Plumb takes
// WGSL's mapping onto spirv.als (memmodel/wgsl/mapping.h, docs/ambiguities.md WSL W38): the
// device space is storage class 0 (QueueFamily scope for atomics), threadgroup memory class 1
// (Workgroup scope); non-atomic accesses are non-private with availability/visibility at
// Workgroup scope; atomics are relaxed; the three barriers are control barriers with
// acquire-release semantics on device memory, threadgroup memory or both.
Event mapAccess(const Access& a, const Location* l) {
  Event e;
  if (a.kind == Access::Kind::Barrier) {
    e.set(Attr::CBAR);
    e.set(Attr::F);
    e.set(Attr::ACQ);
    e.set(Attr::REL);
    e.set(Attr::SCOPEWG);
    const std::string& name = a.barrier;
    if (name.rfind("Group", 0) != 0) e.set(Attr::SEMSC0);   // Device.. and All..
    if (name.rfind("Device", 0) != 0) e.set(Attr::SEMSC1);  // Group.. and All..
    e.text = name.substr(0, name.find('@'));
    return e;
  }
  bool reads = a.kind != Access::Kind::Write, writes = a.kind != Access::Kind::Read;
  bool storage = l->space == AddressSpace::Device;
  if (reads) e.set(Attr::R);
  if (writes) e.set(Attr::W);
  e.set(storage ? Attr::SC0 : Attr::SC1);
  e.set(Attr::NONPRIV);
  if (a.atomic) {
    e.set(Attr::A);
    e.set(storage ? Attr::SCOPEQF : Attr::SCOPEWG);
  } else {
    e.set(Attr::SCOPEWG);
  }
  if (writes) e.set(Attr::AV);
  if (reads) e.set(Attr::VIS);
  e.variable = l->name;
  if (reads && !a.read.unspecified) e.readValue = a.read.integer;
  if (writes && !a.written.unspecified) e.writeValue = a.written.integer;
  std::string what = a.kind == Access::Kind::Read    ? "R"
                     : a.kind == Access::Kind::Write ? "W"
                                                     : "RMW";
  e.text = std::string(a.atomic ? "atomic " : "") + what + " " + l->name;
  if (reads) e.text += " -> " + plumb::wsl::valueText(a.read);
  if (writes) e.text += " <- " + plumb::wsl::valueText(a.written);
  return e;
}

Program Explorer::buildProgram(const std::vector<const Trace*>& combination,
                               const std::vector<size_t>& prefix,
                               std::vector<Placed>& placed) const {
  ProgramBuilder b;
  b.beginQueueFamily();
  b.beginWorkgroup();  // one threadgroup: the invocations (seed: "all other threads in its
                       // threadgroup")
  for (uint32_t i = 0; i < combination.size(); ++i) {
    b.beginSubgroup();
    b.beginThread(i);
    int64_t barriers = 0;
    for (size_t k = 0; k < prefix[i]; ++k) {
      const Access& a = combination[i]->accesses[k];
      const Location* l = a.kind == Access::Kind::Barrier ? nullptr : &locations_[a.location];
      Event e = mapAccess(a, l);
      e.thread = i;
      if (a.kind == Access::Kind::Barrier) e.cbarInstance = barriers++;
      EventId id = b.addEvent(e, l ? "L" + std::to_string(a.location) : "");
      placed.push_back({id, &a});
    }
  }
  uint32_t n = b.eventCount();
  for (const Placed& r : placed) {
    const Access& m = *r.access;
    if (m.kind != Access::Kind::Read && m.kind != Access::Kind::ReadModifyWrite) continue;
    ReadSources s;
    s.constrained = true;
    s.writes = EventSet(n);
    for (const Placed& w : placed) {
      const Access& x = *w.access;
      if (w.id == r.id || x.location != m.location) continue;
      if (x.kind != Access::Kind::Write && x.kind != Access::Kind::ReadModifyWrite) continue;
      if (plumb::wsl::sameValue(x.written, m.read)) s.writes.insert(w.id);
    }
    s.initAllowed = plumb::wsl::sameValue(locations_[m.location].initial, m.read);
    b.restrictReadSources(r.id, std::move(s));
  }
  return b.build();
}

void Explorer::justifyByPrefixes(const std::vector<const Trace*>& combination) {
  const size_t n = combination.size();
  for (size_t i = 0; i < n; ++i) {
    const auto& accesses = combination[i]->accesses;
    for (size_t k = 0; k < accesses.size(); ++k) {
      const Access& w = accesses[k];
      // An unspecified or bounded value (W45) is a value of the domain too: a read that returns
      // it reads from the write of the same set.
      if (w.kind != Access::Kind::Write && w.kind != Access::Kind::ReadModifyWrite) continue;
      auto& d = justified_[w.location];
      if (std::any_of(d.begin(), d.end(),
                      [&](const Value& v) { return plumb::wsl::sameValue(v, w.written); }))
        continue;
      // Invocation i up to the write, every other invocation cut anywhere.
      std::vector<size_t> prefix(n, 0);
      prefix[i] = k + 1;
      bool found = false;
      uint64_t tried = 0;
      while (!found && tried++ < request_.maxExecutions) {
        std::vector<Placed> placed;
        Program program = buildProgram(combination, prefix, placed);
        ExplorerOptions options;
        options.maxExecutions = request_.maxExecutions;
        explore(program, options, [&](const CandidateExecution& c) {
          if (!c.consistent) return Visit::Continue;
          found = true;
          return Visit::Stop;
        });
        size_t j = 0;
        while (j < n) {
          if (j == i) {
            ++j;
            continue;
          }
          if (++prefix[j] <= combination[j]->accesses.size()) break;
          prefix[j++] = 0;
        }
        if (j == n) break;
      }
      if (found) d.push_back(w.written);
    }
  }
}

void Explorer::exploreCombination(const std::vector<const Trace*>& combination) {
  ++result_.combinations;
  // A barrier is released when every invocation waits at it (seed "Barriers and discard"):
  // the invocations must meet the same barriers in the same order, else the combination is
  // stuck (a barrier in non-uniform control flow).
  std::vector<std::vector<std::string>> barriers;
  for (const Trace* t : combination) {
    barriers.emplace_back();
    for (const Access& a : t->accesses)
      if (a.kind == Access::Kind::Barrier) barriers.back().push_back(a.barrier);
  }
  std::string stuck;
  for (size_t i = 1; i < barriers.size() && stuck.empty(); ++i)
    if (barriers[i] != barriers[0])
      stuck = "invocations 0 and " + std::to_string(i) +
              " reach different barriers (a barrier in non-uniform control flow)";
  for (const Trace* t : combination)
    if (t->status == "stuck" && stuck.empty()) stuck = "an invocation is stuck";

  std::vector<size_t> full;
  for (const Trace* t : combination) full.push_back(t->accesses.size());
  if (!stuck.empty()) {
    // The first barrier position where the invocations differ: each waits there for ever (its
    // later accesses never happen); one that has no barrier there has finished.
    size_t position = 0;
    while (true) {
      bool same = true;
      for (const auto& b : barriers)
        same &= position < b.size() && position < barriers[0].size() &&
                b[position] == barriers[0][position];
      if (!same) break;
      ++position;
    }
    for (size_t i = 0; i < combination.size(); ++i) {
      size_t seen = 0;
      const auto& accesses = combination[i]->accesses;
      for (size_t k = 0; k < accesses.size(); ++k)
        if (accesses[k].kind == Access::Kind::Barrier && seen++ == position) {
          full[i] = k;
          break;
        }
    }
  }
  std::vector<Placed> placed;
  Program program = buildProgram(combination, full, placed);
  ExplorerOptions options;
  options.maxExecutions = request_.maxExecutions;
  ExplorerStats stats = explore(program, options, [&](const CandidateExecution& c) {
    ++result_.candidates;
    if (!c.consistent) return Visit::Continue;
    ++result_.consistent;
    // Final values: per location, a write no other write follows in locord + rf + fr + asmo
    // (as `plumb explore` computes them, wgsl_explore.cpp); several when unordered.
    Relation ord = (c.derived.locord + c.execution.rf + c.derived.fr + c.execution.asmo).closure();
    std::vector<std::vector<std::string>> finals(locations_.size());
    std::set<uint32_t> written;
    for (const Placed& w : placed)
      if (w.access->kind == Access::Kind::Write || w.access->kind == Access::Kind::ReadModifyWrite)
        written.insert(w.access->location);
    for (uint32_t l = 0; l < locations_.size(); ++l) {
      std::vector<EventId> writes;
      for (const Placed& w : placed)
        if (w.access->location == l && (w.access->kind == Access::Kind::Write ||
                                        w.access->kind == Access::Kind::ReadModifyWrite))
          writes.push_back(w.id);
      if (writes.empty()) finals[l].push_back(plumb::wsl::valueText(locations_[l].initial));
      for (EventId w : writes) {
        bool maximal = std::none_of(writes.begin(), writes.end(),
                                    [&](EventId x) { return x != w && ord.contains(w, x); });
        if (!maximal) continue;
        std::string v;
        for (const Placed& x : placed)
          if (x.id == w) v = plumb::wsl::valueText(x.access->written);
        if (std::find(finals[l].begin(), finals[l].end(), v) == finals[l].end())
          finals[l].push_back(v);
      }
    }
    bool racy = !c.derived.dr.empty();
    for (const Placed& w : placed) {
      const Access& a = *w.access;
      if (a.kind != Access::Kind::Write && a.kind != Access::Kind::ReadModifyWrite) continue;
      auto& d = justified_[a.location];
      if (std::none_of(d.begin(), d.end(),
                       [&](const Value& v) { return plumb::wsl::sameValue(v, a.written); }))
        d.push_back(a.written);
    }
    // Every combination of the locations' possible final values is a state.
    std::vector<size_t> pick(locations_.size(), 0);
    while (true) {
      WslFinalState s;
      if (!stuck.empty()) {
        s.status = "stuck";
        s.message = stuck;
      } else {
        for (const Trace* t : combination)
          if (t->status != "returned") s.status = t->status;
      }
      for (uint32_t l = 0; l < locations_.size(); ++l)
        s.values.push_back({locations_[l].name, finals[l][pick[l]]});
      std::string key = s.status + "|";
      for (const auto& [name, v] : s.values) key += name + "=" + v + " ";
      auto it = stateIndex_.find(key);
      if (it == stateIndex_.end()) {
        s.racy = racy;
        s.executions = 1;
        uint32_t current = UINT32_MAX;
        for (const Placed& x : placed) {
          uint32_t thread = program.events[x.id].thread;
          if (thread != current) {
            current = thread;
            s.witness.push_back("invocation " + std::to_string(thread) + ":");
          }
          std::string line = "  E" + std::to_string(x.id) + " " + program.events[x.id].text;
          if (program.events[x.id].has(Attr::R)) {
            std::string from = "initial value";
            for (const Placed& w : placed)
              if (c.execution.rf.contains(w.id, x.id)) from = "E" + std::to_string(w.id);
            line += "   (reads from " + from + ")";
          }
          s.witness.push_back(line);
        }
        stateIndex_[key] = result_.states.size();
        result_.states.push_back(std::move(s));
      } else {
        WslFinalState& st = result_.states[it->second];
        ++st.executions;
        st.racy |= racy;
      }
      size_t k = 0;
      while (k < pick.size() && ++pick[k] == finals[k].size()) pick[k++] = 0;
      if (k == pick.size()) break;
    }
    return Visit::Continue;
  });
  if (stats.programFact) {
    // The mapping built a program spirv.als rejects: a bug of this front end, never silent.
    result_.complete = false;
    result_.limits.push_back("internal: the mapped program violates spirv.als fact '" +
                             stats.programFact->fact + "' (line " +
                             std::to_string(stats.programFact->line) + ")");
  }
  if (stats.limitHit) {
    result_.complete = false;
    result_.limits.push_back("max-executions (candidate executions of one combination)");
  }
}

WslExploreResult Explorer::run() {
  if (request_.invocations == 0 || request_.invocations > 16) {
    result_.error = "--invocations must be between 1 and 16";
    return result_;
  }
  if (!prepareEntry()) return result_;
  // Rounds: run every invocation with the current domains; explore every combination of their
  // traces; grow the domains by the values that consistent executions write (a read may only
  // return a value some consistent execution justifies), until they no longer grow.
  for (uint32_t round = 0; round < request_.maxRounds; ++round) {
    ++result_.rounds;
    traces_.assign(request_.invocations, {});
    std::vector<std::set<std::string>> seen(request_.invocations);
    for (uint32_t inv = 0; inv < request_.invocations; ++inv) {
      RunOptions o;
      o.entry = request_.entry;
      o.arguments = arguments_[inv];
      o.maxSteps = request_.maxSteps;
      o.maxExecutions = request_.maxExecutions;
      o.shared.begin = kSharedBase;
      o.shared.domain = [&](Address a, const TypeP&) -> std::vector<Value> {
        auto l = locationAt(a);
        if (!l) return {};
        return domains_[*l];
      };
      o.onExecution = [&](const Outcome& outcome, const std::vector<MemoryEvent>& events) {
        Trace t;
        t.status = plumb::wsl::statusName(outcome.status);
        if (outcome.status == plumb::wsl::Outcome::Status::Unsupported) {
          unsupported_ = true;
          unsupportedWhy_ = outcome.unsupported;
          return;
        }
        if (!translate(events, t)) {
          unsupported_ = true;
          unsupportedWhy_ = "an access of shared memory that is not one scalar location";
          return;
        }
        if (seen[inv].insert(t.key).second) traces_[inv].push_back(std::move(t));
      };
      RunResult r = plumb::wsl::runFunction(p_, o);
      if (!r.error.empty()) {
        result_.error = r.error;
        return result_;
      }
      if (r.executionLimitReached) {
        result_.complete = false;
        result_.limits.push_back("max-executions (executions of invocation " + std::to_string(inv) +
                                 ")");
      }
    }
    if (unsupported_) {
      result_.error = unsupportedWhy_;
      return result_;
    }
    result_.states.clear();
    stateIndex_.clear();
    result_.traces = result_.combinations = result_.candidates = result_.consistent = 0;
    justified_ = domains_;
    for (const auto& t : traces_) result_.traces += t.size();
    bool any =
        std::all_of(traces_.begin(), traces_.end(), [](const auto& t) { return !t.empty(); });
    std::vector<size_t> pick(traces_.size(), 0);
    while (any) {
      if (result_.combinations >= request_.maxExecutions) {
        result_.complete = false;
        result_.limits.push_back("max-executions (combinations of invocation traces)");
        break;
      }
      std::vector<const Trace*> combination;
      for (size_t i = 0; i < traces_.size(); ++i) combination.push_back(&traces_[i][pick[i]]);
      exploreCombination(combination);
      justifyByPrefixes(combination);
      size_t k = 0;
      while (k < pick.size() && ++pick[k] == traces_[k].size()) pick[k++] = 0;
      if (k == pick.size()) break;
    }
    bool grew = false;
    for (size_t l = 0; l < justified_.size(); ++l)
      grew |= justified_[l].size() != domains_[l].size();
    if (!grew) break;
    domains_ = justified_;
    if (round + 1 == request_.maxRounds) {
      result_.complete = false;
      result_.limits.push_back("max-rounds (the value domains still grew)");
    }
  }
  std::sort(result_.states.begin(), result_.states.end(),
            [](const WslFinalState& a, const WslFinalState& b) {
              return std::tie(a.status, a.values) < std::tie(b.status, b.values);
            });
  std::sort(result_.limits.begin(), result_.limits.end());
  result_.limits.erase(std::unique(result_.limits.begin(), result_.limits.end()),
                       result_.limits.end());
  return result_;
}

}  // namespace

WslExploreResult exploreWsl(const CheckedProgram& p, const WslExploreRequest& request) {
  return Explorer(p, request).run();
}

std::string wslExploreText(const WslExploreResult& r) {
  if (!r.error.empty()) return "error: " + r.error + "\n";
  std::string s =
      std::to_string(r.states.size()) + " final state" + (r.states.size() == 1 ? "" : "s") + " (" +
      std::to_string(r.consistent) + " consistent of " + std::to_string(r.candidates) +
      " candidate executions, " + std::to_string(r.combinations) + " trace combinations, " +
      std::to_string(r.rounds) + " rounds)" + (r.complete ? "" : "; incomplete: bounds hit") + "\n";
  for (const WslFinalState& st : r.states) {
    s += "  " + st.status;
    for (const auto& [name, v] : st.values) s += " " + name + "=" + v;
    if (!st.message.empty()) s += "  (" + st.message + ")";
    if (st.racy) s += "  [data race]";
    s += "  (" + std::to_string(st.executions) +
         (st.executions == 1 ? " execution)\n" : " executions)\n");
  }
  for (const std::string& l : r.limits) s += "  limit: " + l + "\n";
  return s;
}

nlohmann::json wslExploreJson(const WslExploreResult& r) {
  nlohmann::json j;
  j["format"] = "plumb-wsl-explore";
  j["version"] = 1;
  if (!r.error.empty()) {
    j["error"] = r.error;
    return j;
  }
  j["complete"] = r.complete;
  j["limits"] = r.limits;
  j["rounds"] = r.rounds;
  j["traces"] = r.traces;
  j["combinations"] = r.combinations;
  j["candidates"] = r.candidates;
  j["consistent"] = r.consistent;
  j["states"] = nlohmann::json::array();
  for (const WslFinalState& st : r.states) {
    nlohmann::json s;
    s["status"] = st.status;
    if (!st.message.empty()) s["message"] = st.message;
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [name, v] : st.values) values[name] = v;
    s["values"] = values;
    s["racy"] = st.racy;
    s["executions"] = st.executions;
    s["witness"] = st.witness;
    j["states"].push_back(s);
  }
  return j;
}

}  // namespace plumb::memmodel::wsl
