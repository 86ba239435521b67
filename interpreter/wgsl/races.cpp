// Data races in `plumb run` (#memory-model; docs/ambiguities.md M14).
#include "interpreter/wgsl/races.h"

#include <algorithm>
#include <cstring>

namespace plumb::interp {

using namespace plumb::ast;

namespace {

/// Visits the scalars (and atomics) of `v` with their paths below `path`.
template <class F>
void forScalars(RValue& v, std::vector<uint32_t>& path, const F& f) {
  if (!v.isComposite()) {
    f(v, path);
    return;
  }
  Components& parts = v.components();
  for (uint32_t i = 0; i < parts.size(); ++i) {
    path.push_back(i);
    forScalars(parts[i], path, f);
    path.pop_back();
  }
}

/// The byte offset of the scalar at `path` in a host-shareable value of type `t`
/// (#memory-layouts), or -1.
int64_t byteOffset(TypeTable& types, MemoryLayouts& layouts, Type t,
                   std::span<const uint32_t> path) {
  uint64_t offset = 0;
  for (uint32_t k : path) {
    const TypeNode& n = types[t];
    switch (n.kind) {
      case TypeKind::Array:
        offset += uint64_t(k) * layouts.strideOf(t);
        t = n.element;
        break;
      case TypeKind::Struct: {
        auto members = layouts.members(t);
        if (k >= members.size()) return -1;
        offset += members[k].offset;
        t = types.structInfo(t).members[k].type;
        break;
      }
      case TypeKind::Vector:
        offset += uint64_t(k) * layouts.of(n.element).size;
        t = n.element;
        break;
      case TypeKind::Buffer:
        // revision 2026: a buffer variable's 32-bit words, a word held as f16 halves a vec2<f16>
        // (interpreter/wgsl/buffer_views.h)
        offset += uint64_t(k) * 4;
        t = types.vector(2, types.f16());
        break;
      case TypeKind::Matrix: {
        Type column = types.vector(n.rows, n.element);
        const TypeLayout& l = layouts.of(column);
        uint64_t stride = (l.size + l.align - 1) / l.align * l.align;
        offset += uint64_t(k) * stride;
        t = column;
        break;
      }
      default:
        return -1;
    }
  }
  return static_cast<int64_t>(offset);
}

}  // namespace

RValue anyScalarLike(const RValue& v) {
  if (std::holds_alternative<FloatSet>(v.data)) return RValue{v.type, FloatSet::anyValue()};
  return RValue{v.type, AnyScalar{}};
}

RValue joinScalars(const std::vector<RValue>& values, size_t limit) {
  if (values.empty()) return RValue{};
  Type t = values[0].type;
  bool allEqual = true;
  for (const RValue& v : values) allEqual = allEqual && v.data == values[0].data;
  if (allEqual) return values[0];
  std::vector<int64_t> ints;
  bool floats = false, integers = false, other = false;
  FloatSet hull;
  bool first = true;
  for (const RValue& v : values) {
    if (v.isAny()) return RValue{t, AnyScalar{}};
    if (const auto* f = std::get_if<FloatSet>(&v.data)) {
      floats = true;
      if (f->any) return RValue{t, FloatSet::anyValue()};
      hull = first ? *f : FloatSet::range(std::min(hull.lo, f->lo), std::max(hull.hi, f->hi));
      first = false;
    } else if (const auto* s = std::get_if<IntegerSet>(&v.data)) {
      integers = true;
      ints.insert(ints.end(), s->values.begin(), s->values.end());
    } else if (const auto* i = std::get_if<int64_t>(&v.data)) {
      integers = true;
      ints.push_back(*i);
    } else {
      other = true;  // booleans that differ
    }
  }
  if (other || (floats && integers)) return RValue{t, AnyScalar{}};
  if (floats) return RValue{t, hull};
  std::sort(ints.begin(), ints.end());
  ints.erase(std::unique(ints.begin(), ints.end()), ints.end());
  if (ints.size() == 1) return RValue{t, ints[0]};
  if (ints.size() > limit) return RValue{t, AnyScalar{}};
  return RValue{t, IntegerSet{std::move(ints)}};
}

RaceDetector::RaceDetector(Program& program, Configuration& config, const RaceDomains* domains)
    : program_(program), config_(config), domains_(domains) {
  for (const Workgroup& w : config.workgroups)
    workgroupsShared_ = workgroupsShared_ || w.invocations.size() > 1;
  workgroupEpoch_.assign(config.invocations.size(), 0);
  storageEpoch_.assign(config.invocations.size(), 0);
  textureEpoch_.assign(config.invocations.size(), 0);
  // Room for a location and a segment per invocation or two without regrowing (moving them)
  // on the way; untouched room costs no memory.
  if (config.invocations.size() > 1) {
    locations_.reserve(2 * config.invocations.size());
    segments_.reserve(4 * config.invocations.size());
  }
}

bool RaceDetector::tracks(const Allocation& a) const {
  if (config_.invocations.size() < 2) return false;
  if (a.space == AddressSpace::Workgroup) return workgroupsShared_;
  if (a.space == AddressSpace::Handle) {
    // A storage texture that may be written (races.h): its texels.
    const TypeNode& n = program_.checked.types[a.storeType];
    return n.kind == TypeKind::StorageTexture && n.access != AccessMode::Read;
  }
  return a.space == AddressSpace::Storage && a.access == AccessMode::ReadWrite;
}

void RaceDetector::barrier(uint32_t invocation, bool storage) {
  // #memory-semantics: workgroupBarrier orders workgroup memory, storageBarrier storage memory.
  ++(storage ? storageEpoch_ : workgroupEpoch_)[invocation];
}

void RaceDetector::textureBarrier(uint32_t invocation) {
  // new#memory-semantics: textureBarrier is AcquireRelease with ImageMemory semantics.
  ++textureEpoch_[invocation];
}

std::vector<uint32_t>& RaceDetector::epochsOf(uint32_t allocation) {
  if (regionOf(allocation) == Region::Workgroup) return workgroupEpoch_;
  uint32_t index = indexOf(allocation);
  if (index < config_.buffers.size() && config_.buffers[index].space == AddressSpace::Handle)
    return textureEpoch_;
  return storageEpoch_;
}

void RaceDetector::writeKey(std::string& k, uint32_t allocation, uint32_t workgroup,
                            std::span<const uint32_t> path) {
  k.resize(sizeof(uint32_t) * (2 + path.size()));
  std::memcpy(k.data(), &allocation, 4);
  std::memcpy(k.data() + 4, &workgroup, 4);
  if (!path.empty()) std::memcpy(k.data() + 8, path.data(), 4 * path.size());
}

std::string RaceDetector::key(uint32_t allocation, uint32_t workgroup,
                              const std::vector<uint32_t>& path) const {
  std::string k;
  writeKey(k, allocation, workgroup, path);
  return k;
}

std::vector<uint32_t>& RaceDetector::denseLocations(uint32_t allocation, uint32_t workgroup) {
  uint64_t owner = (uint64_t(allocation) << 32) | workgroup;
  if (denseOwner_[0] == owner && denseTable_[0]) return *denseTable_[0];
  if (denseOwner_[1] != owner || !denseTable_[1]) {
    // Nodes of the map never move: the pointer stays valid.
    denseOwner_[1] = owner;
    denseTable_[1] = &denseLocations_[owner];
  }
  std::swap(denseOwner_[0], denseOwner_[1]);
  std::swap(denseTable_[0], denseTable_[1]);
  return *denseTable_[0];
}

RaceDetector::Location& RaceDetector::location(uint32_t allocation, uint32_t workgroup,
                                               const std::vector<uint32_t>& path,
                                               const RValue& initial) {
  // Found without building a key string or a map node (README "Performance").
  uint32_t* slot = nullptr;
  if (dense(path)) {
    std::vector<uint32_t>& dense = denseLocations(allocation, workgroup);
    if (path[0] >= dense.size()) dense.resize(std::max<size_t>(path[0] + 1, 2 * dense.size()), 0);
    slot = &dense[path[0]];
    if (*slot) return locations_[*slot - 1];
    writeKey(keyBuffer_, allocation, workgroup, path);
    *slot = static_cast<uint32_t>(locations_.size()) + 1;
  } else {
    writeKey(keyBuffer_, allocation, workgroup, path);
    if (auto it = locationIndex_.find(keyBuffer_); it != locationIndex_.end())
      return locations_[it->second];
    locationIndex_.emplace(keyBuffer_, static_cast<uint32_t>(locations_.size()));
  }
  // Made in place: a Location is costly to move (README "Performance").
  Location& l = locations_.emplace_back();
  l.key = keyBuffer_;
  l.allocation = allocation;
  l.workgroup = workgroup;
  l.path.assign(path.begin(), path.end());
  l.initial = initial;  // the first access sees the location's value before the dispatch
  return l;
}

void RaceDetector::access(uint32_t invocation, uint32_t allocation,
                          const std::vector<uint32_t>& path, const RValue& value,
                          const RValue* current, uint8_t flag, AccessSite site) {
  uint32_t wg = config_.invocations[invocation].workgroup;
  bool workgroupMemory = regionOf(allocation) == Region::Workgroup;
  Location& l =
      location(allocation, workgroupMemory ? wg : UINT32_MAX, path, current ? *current : value);
  uint32_t epoch = epochsOf(allocation)[invocation];
  uint32_t s = l.last;
  if (s == UINT32_MAX || segments_[s].invocation != invocation || segments_[s].epoch != epoch) {
    uint32_t li = static_cast<uint32_t>(&l - locations_.data());  // its index (location())
    auto indexKey = [&](uint32_t x) {
      return std::make_pair((uint64_t(li) << 32) | segments_[x].invocation, segments_[x].epoch);
    };
    // The segment of (location, invocation, epoch): a location's few segments are searched in
    // place (most locations have one or two: README "Performance"); beyond kIndexedSegments
    // they are found by segmentIndex_.
    constexpr size_t kIndexedSegments = 8;
    s = UINT32_MAX;
    if (l.segments.size() <= kIndexedSegments) {
      for (uint32_t x : l.segments)
        if (segments_[x].invocation == invocation && segments_[x].epoch == epoch) s = x;
    } else if (auto it =
                   segmentIndex_.find(std::make_pair((uint64_t(li) << 32) | invocation, epoch));
               it != segmentIndex_.end()) {
      s = it->second;
    }
    if (s == UINT32_MAX) {
      s = static_cast<uint32_t>(segments_.size());
      Segment& seg = segments_.emplace_back();  // in place: costly to move
      seg.invocation = invocation;
      seg.epoch = epoch;
      seg.workgroup = wg;
      l.segments.push_back(s);
      if (l.segments.size() == kIndexedSegments + 1) {
        for (uint32_t x : l.segments) segmentIndex_.emplace(indexKey(x), x);
      } else if (l.segments.size() > kIndexedSegments + 1) {
        segmentIndex_.emplace(indexKey(s), s);
      }
    }
    l.last = s;
  }
  Segment& seg = segments_[s];
  bool isWrite = flag == NaWrite || flag == AWrite;
  if (!isWrite && !(seg.flags & (NaWrite | AWrite))) seg.flags |= ReadBeforeWrite;
  int slot = flag == NaRead ? 0 : flag == NaWrite ? 1 : flag == ARead ? 2 : 3;
  if (!(seg.flags & flag)) seg.sites[slot] = site;
  seg.flags |= flag;
  if (isWrite) {
    seg.last = value;
    if (!seg.many && std::find(seg.values.begin(), seg.values.end(), value) == seg.values.end()) {
      if (seg.values.size() < kMaxAlternatives)
        seg.values.push_back(value);
      else
        seg.many = true;
    }
  }
}

void RaceDetector::read(uint32_t invocation, uint32_t allocation, const std::vector<uint32_t>& path,
                        RValue& value, bool atomic, AccessSite site) {
  uint32_t wg = config_.invocations[invocation].workgroup;
  bool workgroupMemory = regionOf(allocation) == Region::Workgroup;
  auto widen = [&](RValue& scalar, const std::vector<uint32_t>& at) {
    access(invocation, allocation, at, scalar, nullptr, atomic ? ARead : NaRead, site);
    if (domains_ && !domains_->empty()) {
      // A location some read of which may return several values (an earlier round): every read
      // of it returns any value of its domain (docs/ambiguities.md M14).
      auto it = domains_->find(key(allocation, workgroupMemory ? wg : UINT32_MAX, at));
      if (it != domains_->end()) {
        Type t = scalar.type;
        scalar = joinScalars({scalar, it->second}, kMaxAlternatives);
        scalar.type = t;
      }
    }
  };
  // A scalar (the common case) is its own location: no copy of its path.
  if (!value.isComposite()) {
    widen(value, path);
    return;
  }
  std::vector<uint32_t> p = path;
  forScalars(value, p, widen);
}

void RaceDetector::write(uint32_t invocation, uint32_t allocation,
                         const std::vector<uint32_t>& path, const RValue& value,
                         const RValue& current, bool atomic, AccessSite site) {
  if (!value.isComposite()) {  // a scalar: the location itself, without copies
    access(invocation, allocation, path, value, &current, atomic ? AWrite : NaWrite, site);
    return;
  }
  std::vector<uint32_t> p = path;
  RValue v = value;
  RValue old = current;
  forScalars(v, p, [&](RValue& scalar, const std::vector<uint32_t>& at) {
    // `at` is below `path`: the current scalar relative to the written view.
    std::vector<uint32_t> rel(at.begin() + static_cast<std::ptrdiff_t>(path.size()), at.end());
    const RValue* before = locate(old, rel, rel.size());
    access(invocation, allocation, at, scalar, before, atomic ? AWrite : NaWrite, site);
  });
}

std::string RaceDetector::siteText(AccessSite s) const {
  if (s.node == UINT32_MAX) return "?";
  Span span = s.statement ? program_.module.statements[StatementId{s.node}].span
                          : program_.module.expressions[ExpressionId{s.node}].span;
  return program_.module.file().positionText(span.begin);
}

std::string RaceDetector::locationName(const Location& l) const {
  const CheckedModule& cm = program_.checked;
  uint32_t index = indexOf(l.allocation);
  const Allocation* a = nullptr;
  if (regionOf(l.allocation) == Region::Buffer && index < config_.buffers.size())
    a = &config_.buffers[index];
  if (regionOf(l.allocation) == Region::Workgroup && l.workgroup < config_.workgroups.size() &&
      index < config_.workgroups[l.workgroup].variables.size())
    a = &config_.workgroups[l.workgroup].variables[index];
  if (!a || a->declaration == UINT32_MAX) return "?";
  std::string name(program_.module.name(cm.declarations[a->declaration].name));
  Type t = a->storeType;
  const TypeTable& types = cm.types;
  for (uint32_t k : l.path) {
    const TypeNode& n = types[t];
    if (n.kind == TypeKind::Struct) {
      const MemberInfo& m = types.structInfo(t).members[k];
      name += "." + m.name;
      t = m.type;
    } else if (n.kind == TypeKind::Buffer) {
      // revision 2026: a buffer's 32-bit words (interpreter/wgsl/buffer_views.h)
      name += " bytes [" + std::to_string(4 * uint64_t(k)) + ", " +
              std::to_string(4 * uint64_t(k) + 4) + ")";
      t = const_cast<TypeTable&>(types).vector(2, types.f16());
    } else {
      name += "[" + std::to_string(k) + "]";
      t = n.kind == TypeKind::Matrix ? const_cast<TypeTable&>(types).vector(n.rows, n.element)
                                     : n.element;
    }
  }
  return name;
}

static const char* const kAccessKindText[] = {"read", "write", "read", "write"};

RaceRecord::Side RaceDetector::raceSide(const Segment& s, uint8_t flag) const {
  RaceRecord::Side x;
  const Invocation& inv = config_.invocations[s.invocation];
  x.invocation = s.invocation;
  x.workgroupId = inv.workgroupId;
  x.localId = inv.localId;
  int slot = siteSlot(flag);
  x.access = kAccessKindText[slot];
  x.atomic = slot >= 2;
  x.at = siteText(s.sites[slot]);
  return x;
}

void RaceDetector::noteSegment(RaceRecord& rec, const Segment& g,
                               std::vector<uint32_t>& invocations) const {
  invocations.push_back(g.invocation);
  for (int slot = 0; slot < 4; ++slot) {
    if (!(g.flags & (1u << slot)) || rec.sites.size() >= 8) continue;
    std::string text = std::string(slot >= 2 ? "atomic " : "") + kAccessKindText[slot] + " at " +
                       siteText(g.sites[slot]);
    if (std::find(rec.sites.begin(), rec.sites.end(), text) == rec.sites.end())
      rec.sites.push_back(text);
  }
}

RaceDetector::Result RaceDetector::analyze() {
  Result result;
  TypeTable& types = program_.checked.types;
  for (const Location& l : locations_) {
    if (l.segments.size() < 2) continue;
    bool anyWrite = false;
    for (uint32_t s : l.segments) anyWrite = anyWrite || (segments_[s].flags & (NaWrite | AWrite));
    if (!anyWrite) continue;
    bool storage = regionOf(l.allocation) == Region::Buffer;
    // Most locations have a few segments none of which race (W3: a write, then reads after a
    // barrier): when no pair of them is concurrent and conflicting, the search below finds
    // none either (it considers some of these pairs), so the location is done.
    if (l.segments.size() <= 16) {
      bool racing = false;
      for (size_t i = 0; i < l.segments.size() && !racing; ++i)
        for (size_t j = i + 1; j < l.segments.size() && !racing; ++j) {
          const Segment& a = segments_[l.segments[i]];
          const Segment& b = segments_[l.segments[j]];
          racing = concurrent(a, b) && (conflict(a, b).first || conflict(b, a).first);
        }
      if (!racing) continue;
    }
    // Candidate pairs: within a workgroup, segments of the same epoch; across workgroups (storage
    // only), any. Keyed so that the search is linear: per group, the first two segments of
    // each access kind.
    RaceRecord rec;
    bool found = false;
    auto consider = [&](uint32_t sa, uint32_t sb) {
      const Segment& a = segments_[sa];
      const Segment& b = segments_[sb];
      if (!concurrent(a, b)) return;
      auto [fa, fb] = conflict(a, b);
      if (!fa) return;
      bool ww = (fa == NaWrite || fa == AWrite) && (fb == NaWrite || fb == AWrite);
      if (ww)
        rec.writeWrite = true;
      else
        rec.readWrite = true;
      // Check the other kind of race too (both can hold).
      if (ww && (((a.flags & NaRead) && (b.flags & (NaWrite | AWrite))) ||
                 ((b.flags & NaRead) && (a.flags & (NaWrite | AWrite))) ||
                 ((a.flags & ARead) && (b.flags & NaWrite)) ||
                 ((b.flags & ARead) && (a.flags & NaWrite))))
        rec.readWrite = true;
      if (found) return;
      found = true;
      rec.first = raceSide(a, fa);
      rec.second = raceSide(b, fb);
    };
    {
      // Group the segments by (workgroup, epoch); keep up to two representatives per flag.
      std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> groups;
      for (uint32_t s : l.segments)
        groups[{segments_[s].workgroup, segments_[s].epoch}].push_back(s);
      auto representatives = [&](const std::vector<uint32_t>& segs, auto distinct) {
        std::vector<uint32_t> reps;
        for (uint8_t f : {NaRead, NaWrite, ARead, AWrite}) {
          int n = 0;
          for (uint32_t s : segs) {
            if (!(segments_[s].flags & f)) continue;
            bool dup = false;
            for (uint32_t r : reps)
              if ((segments_[r].flags & f) && !distinct(segments_[r], segments_[s])) dup = true;
            if (dup && n > 0) continue;
            reps.push_back(s);
            if (++n == 2) break;
          }
        }
        std::sort(reps.begin(), reps.end());
        reps.erase(std::unique(reps.begin(), reps.end()), reps.end());
        return reps;
      };
      for (auto& [k, segs] : groups) {
        if (segs.size() < 2) continue;
        auto reps = representatives(
            segs, [](const Segment& a, const Segment& b) { return a.invocation != b.invocation; });
        for (size_t i = 0; i < reps.size(); ++i)
          for (size_t j = 0; j < reps.size(); ++j)
            if (i != j) consider(reps[i], reps[j]);
      }
      if (storage) {
        // Across workgroups every pair is concurrent: per workgroup, representatives of each
        // kind; then pairs from different workgroups.
        std::map<uint32_t, std::vector<uint32_t>> byWorkgroup;
        for (uint32_t s : l.segments) byWorkgroup[segments_[s].workgroup].push_back(s);
        if (byWorkgroup.size() > 1) {
          std::vector<uint32_t> all;
          for (auto& [w, segs] : byWorkgroup) {
            auto reps = representatives(segs, [](const Segment& a, const Segment& b) {
              return a.invocation != b.invocation;
            });
            all.insert(all.end(), reps.begin(), reps.end());
          }
          auto reps = representatives(
              all, [](const Segment& a, const Segment& b) { return a.workgroup != b.workgroup; });
          for (size_t i = 0; i < reps.size(); ++i)
            for (size_t j = 0; j < reps.size(); ++j)
              if (i != j && segments_[reps[i]].workgroup != segments_[reps[j]].workgroup)
                consider(reps[i], reps[j]);
        }
      }
    }
    if (!found) continue;

    // The final value (#memory-model; docs/ambiguities.md L7): that of a write no other write
    // follows in happens-before. Within a workgroup the writes of the highest epoch; across
    // workgroups, each workgroup's.
    if (storage) {
      std::map<uint32_t, uint32_t> maxEpoch;  // workgroup -> highest epoch with a write
      for (uint32_t s : l.segments) {
        const Segment& g = segments_[s];
        if (!(g.flags & (NaWrite | AWrite))) continue;
        auto [it, inserted] = maxEpoch.emplace(g.workgroup, g.epoch);
        if (!inserted) it->second = std::max(it->second, g.epoch);
      }
      std::vector<RValue> finals;
      bool nonAtomic = false;
      for (uint32_t s : l.segments) {
        const Segment& g = segments_[s];
        if (!(g.flags & (NaWrite | AWrite)) || g.epoch != maxEpoch[g.workgroup]) continue;
        finals.push_back(g.last);
        nonAtomic = nonAtomic || (g.flags & NaWrite);
      }
      // Atomic writes alone are ordered (their order is the schedule's, M3): no widening.
      bool same = true;
      for (const RValue& f : finals) same = same && f.data == finals[0].data;
      if (finals.size() > 1 && nonAtomic && !same) {
        RValue joined = joinScalars(finals, 1u << 16);
        joined.type = finals[0].type;
        rec.finalWidened = true;
        result.finalValues.push_back(
            {{l.allocation, std::vector<uint32_t>(l.path.begin(), l.path.end())},
             std::move(joined)});
      }
    }

    // Reads that may return several values: a read racing with a write (the write's values),
    // or a read whose happens-before-latest writes are several racing writes.
    bool ambiguous = false;
    std::map<uint32_t, std::vector<uint32_t>> writesByWorkgroup;
    for (uint32_t s : l.segments)
      if (segments_[s].flags & (NaWrite | AWrite))
        writesByWorkgroup[segments_[s].workgroup].push_back(s);
    for (uint32_t s : l.segments) {
      const Segment& r = segments_[s];
      if (!(r.flags & (NaRead | ARead)) || ambiguous) continue;
      std::vector<RValue> candidates;
      bool many = false;
      for (uint32_t t : l.segments) {
        const Segment& w = segments_[t];
        if (!(w.flags & (NaWrite | AWrite)) || !concurrent(r, w)) continue;
        if (!(r.flags & NaRead) && !(w.flags & NaWrite)) continue;  // atomic with atomic: ordered
        candidates.insert(candidates.end(), w.values.begin(), w.values.end());
        many = many || w.many;
      }
      if (r.flags & (NaWrite | AWrite)) {  // a read after its own write may return it
        candidates.insert(candidates.end(), r.values.begin(), r.values.end());
        many = many || r.many;
      }
      if (r.flags & ReadBeforeWrite) {
        // The writes that happen before it and that no other such write follows: those of the
        // highest earlier epoch in its workgroup; none: the initial value.
        uint32_t best = 0;
        bool any = false;
        for (uint32_t t : writesByWorkgroup[r.workgroup]) {
          const Segment& w = segments_[t];
          if (w.epoch < r.epoch && (!any || w.epoch > best)) best = w.epoch, any = true;
        }
        if (!any) {
          candidates.push_back(l.initial);
        } else {
          for (uint32_t t : writesByWorkgroup[r.workgroup])
            if (segments_[t].epoch == best) candidates.push_back(segments_[t].last);
        }
      }
      if (many) {
        ambiguous = true;
        break;
      }
      for (const RValue& c : candidates) ambiguous = ambiguous || !(c.data == candidates[0].data);
    }
    if (ambiguous) {
      rec.readsWidened = true;
      std::vector<RValue> domain{l.initial};
      bool many = false;
      for (uint32_t s : l.segments) {
        domain.insert(domain.end(), segments_[s].values.begin(), segments_[s].values.end());
        many = many || segments_[s].many;
      }
      if (domains_)
        if (auto it = domains_->find(l.key); it != domains_->end()) domain.push_back(it->second);
      RValue joined = many ? anyScalarLike(l.initial) : joinScalars(domain, kMaxAlternatives);
      joined.type = l.initial.type;
      result.domains[l.key] = std::move(joined);
    }

    // The report.
    rec.key = l.key;
    rec.location = locationName(l);
    rec.space = storage ? "storage" : "workgroup";
    if (!storage) rec.workgroup = l.workgroup;
    if (storage && indexOf(l.allocation) < config_.buffers.size()) {
      const Allocation& a = config_.buffers[indexOf(l.allocation)];
      rec.buffer = true;
      rec.group = a.group;
      rec.binding = a.binding;
      int64_t off = byteOffset(types, program_.checked.layouts, a.storeType,
                               std::span<const uint32_t>(l.path.data(), l.path.size()));
      rec.word = off < 0 ? -1 : off / 4;
    }
    std::vector<uint32_t> invs;
    for (uint32_t s : l.segments) noteSegment(rec, segments_[s], invs);
    std::sort(invs.begin(), invs.end());
    rec.invocations = static_cast<uint32_t>(std::unique(invs.begin(), invs.end()) - invs.begin());
    result.races.push_back(std::move(rec));
  }
  // Memory locations are bytes: a word's whole-word and half locations overlap (M18).
  analyzeBufferWords(result);
  return result;
}

nlohmann::json racesJson(const std::vector<RaceRecord>& races) {
  nlohmann::json out = nlohmann::json::array();
  auto side = [](const RaceRecord::Side& s) {
    if (!s.stageId.is_null())
      return nlohmann::json{
          {"invocation", s.stageId}, {"access", s.access}, {"atomic", s.atomic}, {"at", s.at}};
    return nlohmann::json{{"workgroupId", s.workgroupId},
                          {"localId", s.localId},
                          {"access", s.access},
                          {"atomic", s.atomic},
                          {"at", s.at}};
  };
  for (const RaceRecord& r : races) {
    nlohmann::json j = {{"location", r.location},
                        {"space", r.space},
                        {"kind", r.writeWrite && r.readWrite ? "write-write, read-write"
                                 : r.writeWrite              ? "write-write"
                                                             : "read-write"},
                        {"accesses", {side(r.first), side(r.second)}},
                        {"invocations", r.invocations},
                        {"sites", r.sites},
                        {"widened", r.readsWidened   ? "reads"
                                    : r.finalWidened ? "final-value"
                                                     : "none"}};
    if (r.workgroup >= 0) j["workgroup"] = r.workgroup;
    if (r.buffer) {
      j["group"] = r.group;
      j["binding"] = r.binding;
      if (r.word >= 0) j["word"] = r.word;
    }
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace plumb::interp
