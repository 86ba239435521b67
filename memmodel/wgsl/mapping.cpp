// The seed's §13 mapping onto spirv.als (wgsl_mapping.h).
#include "memmodel/wgsl/mapping.h"

#include <map>

namespace plumb::memmodel::wgsl {

namespace {

std::optional<int64_t> intOf(const interp::RValue& v) {
  if (const int64_t* i = std::get_if<int64_t>(&v.data)) return *i;
  if (const bool* b = std::get_if<bool>(&v.data)) return *b ? 1 : 0;
  return std::nullopt;
}

}  // namespace

Event mapEvent(const MemoryEvent& m, const LocationInfo* location) {
  Event e;
  if (m.kind == AccessKind::Barrier) {
    // #memory-semantics: AcquireRelease with WorkgroupMemory (workgroupBarrier) or
    // UniformMemory (storageBarrier); #scoped-operations: Workgroup scopes.
    e.set(Attr::CBAR);
    e.text = m.barrier;
    if (m.barrier == "textureBarrier") {
      // Revision 2026: ImageMemory semantics only (new#memory-semantics); texel accesses are
      // not modelled here, so for storage and workgroup memory it is a control barrier
      // without memory semantics.
      e.set(Attr::SCOPEWG);
      return e;
    }
    e.set(Attr::F);  // a cbar with acquire/release semantics is also a fence (spirv.als `F`)
    e.set(Attr::ACQ);
    e.set(Attr::REL);
    e.set(Attr::SCOPEWG);
    e.set(m.barrier == "storageBarrier" ? Attr::SEMSC0 : Attr::SEMSC1);
    return e;
  }
  bool reads = m.kind == AccessKind::Read || m.kind == AccessKind::ReadModifyWrite;
  bool writes = m.kind == AccessKind::Write || m.kind == AccessKind::ReadModifyWrite;
  if (reads) e.set(Attr::R);
  if (writes) e.set(Attr::W);
  e.set(location->storage ? Attr::SC0 : Attr::SC1);
  e.set(Attr::NONPRIV);
  if (m.atomic) {
    // #scoped-operations: Workgroup scope in workgroup memory, QueueFamily in storage.
    e.set(Attr::A);
    e.set(location->storage ? Attr::SCOPEQF : Attr::SCOPEWG);
  } else {
    // #private-vs-non-private: NonPrivatePointer with MakePointerAvailable/Visible, Workgroup.
    e.set(Attr::SCOPEWG);
  }
  if (writes) e.set(Attr::AV);
  if (reads) e.set(Attr::VIS);
  e.variable = location->name;
  if (reads) e.readValue = intOf(m.readValue);
  if (writes) e.writeValue = intOf(m.writeValue);
  return e;
}

MappedProgram buildProgram(const DispatchTrace& trace, const std::vector<LocationInfo>& locations,
                           const TypeTable& types, const std::vector<uint32_t>* prefix) {
  MappedProgram out;
  ProgramBuilder b;
  b.beginQueueFamily();
  std::map<uint32_t, std::vector<uint32_t>> byWorkgroup;  // workgroup -> trace invocation indices
  for (uint32_t i = 0; i < trace.invocations.size(); ++i) {
    bool accesses = false;
    uint32_t kept =
        prefix ? (*prefix)[i] : static_cast<uint32_t>(trace.invocations[i].events.size());
    for (uint32_t k = 0; k < kept; ++k)
      accesses |= trace.invocations[i].events[k].kind != AccessKind::Barrier;
    if (accesses) byWorkgroup[trace.invocations[i].workgroup].push_back(i);
  }
  struct Pending {
    EventId id;
    const MemoryEvent* event;
  };
  std::vector<Pending> all;
  for (const auto& [wg, invs] : byWorkgroup) {
    b.beginWorkgroup();
    for (uint32_t i : invs) {
      const InvocationTrace& tr = trace.invocations[i];
      b.beginSubgroup();
      b.beginThread(tr.invocation);
      int64_t barriers = 0;
      uint32_t kept = prefix ? (*prefix)[i] : static_cast<uint32_t>(tr.events.size());
      for (uint32_t k = 0; k < kept; ++k) {
        const MemoryEvent& m = tr.events[k];
        const LocationInfo* loc = m.kind == AccessKind::Barrier ? nullptr : &locations[m.location];
        Event e = mapEvent(m, loc);
        e.thread = tr.invocation;
        if (m.kind == AccessKind::Barrier) {
          // The instance: (workgroup, k-th barrier). Instances of different workgroups differ.
          e.cbarInstance = int64_t(wg) * (int64_t(1) << 32) + barriers++;
        } else {
          std::string what = m.kind == AccessKind::Read    ? "R"
                             : m.kind == AccessKind::Write ? "W"
                                                           : "RMW";
          e.text = std::string(m.atomic ? "atomic " : "") + what + " " + loc->name;
          if (m.kind != AccessKind::Write) e.text += " ->" + valueText(types, m.readValue);
          if (m.kind != AccessKind::Read) e.text += " <-" + valueText(types, m.writeValue);
        }
        // Same name = same reference and location (one location per reference: each scalar
        // location is reached through its own variable's reference, #memory-model-reference).
        EventId id = b.addEvent(e, loc ? "L" + std::to_string(m.location) : "");
        out.origin.push_back({i, k});
        all.push_back({id, &m});
      }
    }
  }
  uint32_t n = b.eventCount();
  for (const Pending& r : all) {
    const MemoryEvent& m = *r.event;
    if (m.kind != AccessKind::Read && m.kind != AccessKind::ReadModifyWrite) continue;
    // The read returned m.readValue: it reads from a write of that value or from the initial
    // value when that is the value (the litmus translator's value constraints, in WGSL terms).
    ReadSources s;
    s.constrained = true;
    s.writes = EventSet(n);
    for (const Pending& w : all) {
      const MemoryEvent& x = *w.event;
      if (w.id == r.id || x.location != m.location) continue;
      if (x.kind != AccessKind::Write && x.kind != AccessKind::ReadModifyWrite) continue;
      if (x.writeValue.data == m.readValue.data) s.writes.insert(w.id);
    }
    s.initAllowed = locations[m.location].initial.data == m.readValue.data;
    b.restrictReadSources(r.id, std::move(s));
  }
  out.program = b.build();
  return out;
}

}  // namespace plumb::memmodel::wgsl
