// Recording memory events of WGSL invocations for the memory model explorer (wgsl_trace.h).
#include "memmodel/wgsl/trace.h"

#include <algorithm>

namespace plumb::memmodel::wgsl {

namespace {

using interp::RValue;

/// More scalars than this in one access: the front end refuses the program (a bound).
constexpr size_t kMaxLeavesPerAccess = 256;

/// The scalar leaves of a value, with their paths below it (#memory-operation: an access of a
/// composite accesses exactly the locations of its components).
template <typename V, typename F>
void forEachLeaf(V& v, std::vector<uint32_t>& path, F&& f) {
  if (v.isComposite()) {
    auto& cs = v.components();
    for (uint32_t i = 0; i < cs.size(); ++i) {
      path.push_back(i);
      forEachLeaf(cs[i], path, f);
      path.pop_back();
    }
    return;
  }
  f(v, path);
}

size_t leafCount(const RValue& v) {
  if (!v.isComposite()) return 1;
  size_t n = 0;
  for (const RValue& c : v.components()) n += leafCount(c);
  return n;
}

bool sameData(const RValue& a, const RValue& b) {
  return a.data == b.data;
}

}  // namespace

std::string valueText(const TypeTable& types, const RValue& v) {
  RValue u = v;
  if (types.kind(u.type) == TypeKind::Atomic) u.type = types[u.type].element;
  return interp::formatRValue(types, u);
}

std::string TraceRecorder::nameOf(const interp::Allocation& a, const interp::Invocation& inv,
                                  const std::vector<uint32_t>& path) const {
  TypeTable& types = program_.checked.types;
  std::string name =
      a.declaration != UINT32_MAX
          ? std::string(program_.module.name(program_.checked.declarations[a.declaration].name))
          : "?";
  Type t = a.storeType;
  for (uint32_t i : path) {
    if (types.kind(t) == TypeKind::Struct) {
      const StructInfo& s = types.structInfo(t);
      name += "." + (i < s.members.size() ? s.members[i].name : std::to_string(i));
    } else {
      name += "[" + std::to_string(i) + "]";
    }
    t = interp::componentTypeAt(types, t, i);
  }
  if (a.space == ast::AddressSpace::Workgroup && workgroups_ > 1)
    name += "@wg" + std::to_string(inv.workgroup);
  return name;
}

uint32_t TraceRecorder::locationOf(const interp::Invocation& inv, const interp::Allocation& a,
                                   std::vector<uint32_t> path, const RValue& current,
                                   bool storage) {
  Location l;
  l.allocation = 0;
  l.workgroup = storage ? 0 : inv.workgroup;
  l.path = path;
  // The allocation is identified by its declaration (one allocation per module-scope variable,
  // per workgroup for workgroup variables: #memory-model-reference).
  l.allocation = a.declaration;
  auto [it, inserted] = index_.emplace(l, static_cast<uint32_t>(locations.size()));
  if (inserted && storage && (path.size() == 1 || path.size() == 2) &&
      program_.checked.types.kind(a.storeType) == TypeKind::Buffer) {
    // Revision 2026, buffer views: a word is the location `{word}` when accessed as a 32-bit
    // scalar and `{word, half}` when accessed as f16 halves. Memory locations are bytes
    // (new#memory-locations), so the two overlap; the model's locations are disjoint scalars,
    // so such a word is refused rather than explored with too few conflicts (M18).
    Location other = l;
    bool mixed = false;
    if (path.size() == 2) {
      other.path.pop_back();
      mixed = index_.count(other) > 0;
    } else {
      for (uint32_t h = 0; h < 2 && !mixed; ++h) {
        other.path = {path[0], h};
        mixed = index_.count(other) > 0;
      }
    }
    if (mixed)
      unmodelled.insert("bytes [" + std::to_string(4 * uint64_t(path[0])) + ", " +
                        std::to_string(4 * uint64_t(path[0]) + 4) + ") of buffer " +
                        nameOf(a, inv, {}) +
                        " accessed both as a 32-bit scalar and as f16 halves (memory locations "
                        "are bytes, new#memory-locations; the memory model's locations are "
                        "whole scalars, so the overlapping accesses are not modelled: "
                        "docs/ambiguities.md M18)");
  }
  if (inserted) {
    // First sighting: no write has reached memory yet (writes are reported before they change
    // memory), so the machine holds the location's initial value.
    LocationInfo info;
    info.location = l;
    info.storage = storage;
    info.initial = current;
    info.name = nameOf(a, inv, path);
    info.domain.push_back(current);
    locations.push_back(std::move(info));
    written_.emplace_back();
  }
  return it->second;
}

InvocationTrace& TraceRecorder::traceOf(uint32_t invocation, const interp::Invocation& inv) {
  auto [it, inserted] = current_.try_emplace(invocation);
  if (inserted) {
    it->second.invocation = invocation;
    it->second.workgroup = inv.workgroup;
    it->second.localId = inv.localId;
    it->second.workgroupId = inv.workgroupId;
  }
  return it->second;
}

void TraceRecorder::onRead(uint32_t invocation, const interp::Invocation& inv,
                           const interp::Allocation& a, const interp::MemoryView& v, bool atomic,
                           RValue& value, const interp::Chooser& choose) {
  if (leafCount(value) > kMaxLeavesPerAccess) {
    unmodelled.insert("a read of more than " + std::to_string(kMaxLeavesPerAccess) +
                      " scalars at once");
    return;
  }
  if (!unmodelled.empty()) aborted_ = true;
  if (aborted_) return;
  if (++reads_[invocation] > maxReadsPerInvocation) {
    unmodelled.insert(
        "invocation " + std::to_string(invocation) + " performs more than " +
        std::to_string(maxReadsPerInvocation) +
        " reads of shared memory in one execution (a loop whose control depends on values "
        "other invocations write, such as a spin loop, is beyond plumb explore's bounded "
        "exploration)");
    aborted_ = true;
    return;
  }
  bool storage = a.space == ast::AddressSpace::Storage;
  bool buffer = program_.checked.types.kind(a.storeType) == TypeKind::Buffer;
  std::vector<uint32_t> path = v.path;
  InvocationTrace& tr = traceOf(invocation, inv);
  forEachLeaf(value, path, [&](RValue& leaf, const std::vector<uint32_t>& p) {
    uint32_t loc = locationOf(inv, a, p, leaf, storage);
    const LocationInfo& info = locations[loc];
    // The value of a read is the value of the write it reads from (or the initial value): one
    // of the domain, a choice point the dispatch explores; the memory model validates it.
    uint32_t k = choose(static_cast<uint32_t>(info.domain.size()), "read of " + info.name);
    Type t = leaf.type;
    leaf = info.domain[std::min<size_t>(k, info.domain.size() - 1)];
    // A word of a buffer (revision 2026, buffer views) keeps the type it was written as, which
    // the view reading it reinterprets (interpreter/wgsl/buffer_views.h).
    if (!buffer) leaf.type = t;
    MemoryEvent e;
    e.kind = AccessKind::Read;
    e.atomic = atomic;
    e.location = loc;
    e.readValue = leaf;
    e.step = inv.steps;
    tr.events.push_back(std::move(e));
  });
}

void TraceRecorder::onWrite(uint32_t invocation, const interp::Invocation& inv,
                            const interp::Allocation& a, const interp::MemoryView& v, bool atomic,
                            const RValue& value) {
  if (leafCount(value) > kMaxLeavesPerAccess) {
    unmodelled.insert("a write of more than " + std::to_string(kMaxLeavesPerAccess) +
                      " scalars at once");
    return;
  }
  bool storage = a.space == ast::AddressSpace::Storage;
  const RValue* old = interp::locate(a.value, v.path, v.path.size());
  if (!old) return;  // cannot happen: the machine reports only valid views
  InvocationTrace& tr = traceOf(invocation, inv);
  std::vector<uint32_t> path = v.path;
  // Walk the old value and the new value together (same shape: the store type's).
  std::vector<std::pair<std::vector<uint32_t>, const RValue*>> oldLeaves;
  std::vector<uint32_t> p0 = v.path;
  forEachLeaf(*old, p0, [&](const RValue& leaf, const std::vector<uint32_t>& p) {
    oldLeaves.push_back({p, &leaf});
  });
  size_t n = 0;
  forEachLeaf(value, path, [&](const RValue& leaf, const std::vector<uint32_t>& p) {
    const RValue& before = n < oldLeaves.size() ? *oldLeaves[n].second : leaf;
    ++n;
    uint32_t loc = locationOf(inv, a, p, before, storage);
    // #memory-operation: an atomic read-modify-write is one operation that reads and writes;
    // the machine reports its read and its write within the same step.
    if (atomic && !tr.events.empty()) {
      MemoryEvent& last = tr.events.back();
      if (last.kind == AccessKind::Read && last.atomic && last.location == loc &&
          last.step == inv.steps) {
        last.kind = AccessKind::ReadModifyWrite;
        last.writeValue = leaf;
        auto& w = written_[loc];
        if (std::none_of(w.begin(), w.end(), [&](const RValue& x) { return sameData(x, leaf); }))
          w.push_back(leaf);
        return;
      }
    }
    MemoryEvent e;
    e.kind = AccessKind::Write;
    e.atomic = atomic;
    e.location = loc;
    e.writeValue = leaf;
    e.step = inv.steps;
    tr.events.push_back(std::move(e));
    auto& w = written_[loc];
    if (std::none_of(w.begin(), w.end(), [&](const RValue& x) { return sameData(x, leaf); }))
      w.push_back(leaf);
  });
}

void TraceRecorder::onBarrier(uint32_t invocation, const interp::Invocation& inv,
                              std::string_view name) {
  MemoryEvent e;
  e.kind = AccessKind::Barrier;
  e.barrier = std::string(name);
  e.step = inv.steps;
  traceOf(invocation, inv).events.push_back(std::move(e));
}

void TraceRecorder::onUnmodelled(uint32_t, const std::string& what) {
  unmodelled.insert(what);
}

void TraceRecorder::beginExecution() {
  current_.clear();
  reads_.clear();
}

void TraceRecorder::endExecution(const std::string& kind, const std::string& message,
                                 const interp::Stop* stop) {
  DispatchTrace t;
  t.kind = kind;
  t.message = kind == "finished" ? "" : message;
  if (stop) t.stop = *stop;
  const TypeTable& types = program_.checked.types;
  std::string key = t.kind + "|" + t.message + "|";
  for (auto& [i, tr] : current_) {
    key += "#" + std::to_string(i) + ":";
    for (const MemoryEvent& e : tr.events) {
      key += std::to_string(int(e.kind)) + (e.atomic ? "a" : "") + std::to_string(e.location) +
             e.barrier;
      if (e.kind == AccessKind::Read || e.kind == AccessKind::ReadModifyWrite)
        key += "r" + valueText(types, e.readValue);
      if (e.kind == AccessKind::Write || e.kind == AccessKind::ReadModifyWrite)
        key += "w" + valueText(types, e.writeValue);
      key += ";";
    }
    t.invocations.push_back(std::move(tr));
  }
  current_.clear();
  if (keys_.insert(key).second) traces.push_back(std::move(t));
}

bool TraceRecorder::inDomain(uint32_t l, const RValue& v) const {
  const auto& d = locations[l].domain;
  return std::any_of(d.begin(), d.end(), [&](const RValue& x) { return sameData(x, v); });
}

bool TraceRecorder::growDomains(const std::vector<std::vector<RValue>>& values) {
  bool grew = false;
  for (size_t l = 0; l < locations.size() && l < values.size(); ++l) {
    auto& d = locations[l].domain;
    for (const RValue& v : values[l]) {
      if (!inDomain(static_cast<uint32_t>(l), v)) {
        RValue u = v;
        u.type = d.front().type;
        d.push_back(std::move(u));
        grew = true;
      }
    }
  }
  return grew;
}

}  // namespace plumb::memmodel::wgsl
