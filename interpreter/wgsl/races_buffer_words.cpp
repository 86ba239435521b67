// Data races on a buffer word accessed both as a 32-bit scalar and as f16 halves (revision 2026,
// buffer views; docs/ambiguities.md M18).
//
// Memory locations are bytes (new#memory-locations, and the seed's #memory-locations), and two
// accesses conflict when their byte ranges overlap. The race detector keys a whole-word access
// of a buffer variable `{word}` and an access of one f16 half `{word, half}` (the word is then
// held as its halves: interpreter/wgsl/buffer_views.h), so its per-location analysis
// (races.cpp) sees the two as different locations. This pass joins them: for each word that
// has both kinds of location, the bytes of half h are accessed by the segments of `{word}` and
// of `{word, h}`, which it checks pair by pair for a race, and it recomputes what the word may
// hold at the end (the per-half values of the writes no other write to those bytes follows)
// and what its reads may return, over both.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "interpreter/wgsl/host_buffer.h"
#include "interpreter/wgsl/races.h"

namespace plumb::interp {

using namespace plumb::ast;

namespace {

/// The 16-bit patterns that half `half` (0: the word's bytes 0 and 1) of a buffer word may hold,
/// from `v`: the whole word (a 32-bit scalar, or vec2<f16> when held as halves) or, when
/// `isHalf`, that f16 half itself. False when they are not a few known patterns (an interval of
/// floats, an indeterminate value).
bool wordHalfPatterns(TypeTable& types, const RValue& v, int half, bool isHalf,
                      std::vector<uint32_t>& out) {
  if (v.isComposite()) {
    if (isHalf || v.components().size() != 2) return false;
    return wordHalfPatterns(types, v.components()[size_t(half)], half, true, out);
  }
  if (const auto* f = std::get_if<FloatSet>(&v.data)) {
    if (!f->isExact() || !std::isfinite(f->lo)) return false;
    if (!isHalf && types.kind(v.type) != TypeKind::F32) return false;
  } else if (isHalf) {
    return false;  // a half holds an f16
  }
  // The bits as host_buffer.cpp writes the value into a buffer (a zero's two encodings).
  WordValue w = scalarWord(types, v);
  if (w.kind == WordValue::Exact)
    w.set = {w.bits};
  else if (w.kind != WordValue::Set)
    return false;
  for (uint32_t bits : w.set) out.push_back(isHalf ? bits : half ? bits >> 16 : bits & 0xFFFFu);
  return true;
}

}  // namespace

void RaceDetector::analyzeBufferWords(Result& result) {
  // The words with a half location, by (allocation, word): their locations {word}, {word, 0},
  // {word, 1} (UINT32_MAX: none). Only buffer variables (revision 2026) have halves.
  constexpr uint32_t kNone = UINT32_MAX;
  std::map<std::pair<uint32_t, uint32_t>, std::array<uint32_t, 3>> words;
  TypeTable& types = program_.checked.types;
  // Most dispatches have no buffer variable: nothing to look at (README "Performance").
  if (std::none_of(config_.buffers.begin(), config_.buffers.end(), [&](const Allocation& a) {
        return types.kind(a.storeType) == TypeKind::Buffer;
      }))
    return;
  auto bufferVariable = [&](const Location& l) {
    uint32_t index = indexOf(l.allocation);
    return regionOf(l.allocation) == Region::Buffer && index < config_.buffers.size() &&
           types.kind(config_.buffers[index].storeType) == TypeKind::Buffer;
  };
  for (uint32_t i = 0; i < locations_.size(); ++i) {
    const Location& l = locations_[i];
    if (l.path.size() != 2 || l.path[1] > 1 || !bufferVariable(l)) continue;
    auto [it, inserted] = words.try_emplace({l.allocation, l.path[0]});
    if (inserted) it->second = {kNone, kNone, kNone};
    it->second[1 + l.path[1]] = i;
  }
  if (words.empty()) return;
  for (uint32_t i = 0; i < locations_.size(); ++i) {
    const Location& l = locations_[i];
    if (l.path.size() != 1) continue;
    if (auto it = words.find({l.allocation, l.path[0]}); it != words.end()) it->second[0] = i;
  }

  auto isWrite = [](const Segment& s) { return (s.flags & (NaWrite | AWrite)) != 0; };
  auto isRead = [](const Segment& s) { return (s.flags & (NaRead | ARead)) != 0; };

  for (auto& [where, locs] : words) {
    if (locs[0] == kNone) continue;  // halves only: races.cpp's per-location analysis is exact
    const Location& whole = locations_[locs[0]];
    uint32_t word = where.second;
    // The segments accessing half h's bytes: the whole word's and the half's.
    std::array<std::vector<uint32_t>, 2> bytes;
    for (int h = 0; h < 2; ++h) {
      bytes[h].assign(whole.segments.begin(), whole.segments.end());
      if (locs[1 + h] != kNone)
        bytes[h].insert(bytes[h].end(), locations_[locs[1 + h]].segments.begin(),
                        locations_[locs[1 + h]].segments.end());
    }
    std::string halfKey[2];
    for (int h = 0; h < 2; ++h) {
      std::vector<uint32_t> path{word, static_cast<uint32_t>(h)};
      halfKey[h] = key(whole.allocation, whole.workgroup, path);
    }
    // Did races.cpp widen the word's final value or a read of it (over one representation
    // only: redone below over both)?
    bool widenedAlready = false;
    for (const auto& [at, value] : result.finalValues)
      widenedAlready = widenedAlready || (at.first == whole.allocation && !at.second.empty() &&
                                          at.second[0] == word && at.second.size() <= 2);
    widenedAlready = widenedAlready || result.domains.count(whole.key) ||
                     result.domains.count(halfKey[0]) || result.domains.count(halfKey[1]);

    // A race between the whole word and a half: a pair of concurrent conflicting segments.
    RaceRecord rec;
    bool found = false;
    for (int h = 0; h < 2 && !found; ++h) {
      if (locs[1 + h] == kNone) continue;
      for (uint32_t sw : whole.segments) {
        for (uint32_t sh : locations_[locs[1 + h]].segments) {
          const Segment& a = segments_[sw];
          const Segment& b = segments_[sh];
          if (!concurrent(a, b)) continue;
          auto [fa, fb] = conflict(a, b);
          if (!fa) continue;
          found = true;
          rec.first = raceSide(a, fa);
          rec.second = raceSide(b, fb);
          break;
        }
        if (found) break;
      }
    }
    if (!found && !widenedAlready) continue;

    // Per half, each writing segment's last value there, and whether a read may return
    // several values (races.cpp's rules, over the segments of both representations).
    bool writeWrite = false, readWrite = false;
    bool ambiguous = result.domains.count(whole.key) || result.domains.count(halfKey[0]) ||
                     result.domains.count(halfKey[1]);
    bool finalsKnown = true, widenFinal = false;
    std::array<std::vector<uint32_t>, 2> finals;
    for (int h = 0; h < 2; ++h) {
      const std::vector<uint32_t>& segs = bytes[h];
      // bytes[h] lists the whole word's segments first, then the half's.
      auto isHalfSegment = [&](size_t i) { return i >= whole.segments.size(); };
      for (size_t i = 0; i < segs.size(); ++i)
        for (size_t j = 0; j < segs.size(); ++j) {
          const Segment& a = segments_[segs[i]];
          const Segment& b = segments_[segs[j]];
          if (i == j || !concurrent(a, b) || !conflict(a, b).first) continue;
          if (isWrite(a) && isWrite(b)) writeWrite = true;
          if (isRead(a) && isWrite(b)) readWrite = ambiguous = true;
        }
      // The final value (L7): the writes of the highest epoch of each workgroup.
      std::map<uint32_t, uint32_t> maxEpoch;
      for (uint32_t s : segs) {
        const Segment& g = segments_[s];
        if (!isWrite(g)) continue;
        auto [it, inserted] = maxEpoch.emplace(g.workgroup, g.epoch);
        if (!inserted) it->second = std::max(it->second, g.epoch);
      }
      bool nonAtomic = false;
      size_t writers = 0;
      for (size_t i = 0; i < segs.size(); ++i) {
        const Segment& g = segments_[segs[i]];
        if (!isWrite(g) || g.epoch != maxEpoch[g.workgroup]) continue;
        ++writers;
        nonAtomic = nonAtomic || (g.flags & NaWrite);
        finalsKnown =
            finalsKnown && wordHalfPatterns(types, g.last, h, isHalfSegment(i), finals[h]);
      }
      // A read whose latest earlier writes (in happens-before) are several segments.
      for (uint32_t s : segs) {
        const Segment& r = segments_[s];
        if (!isRead(r) || !(r.flags & ReadBeforeWrite)) continue;
        uint32_t best = 0, count = 0;
        for (uint32_t t : segs) {
          const Segment& w = segments_[t];
          if (!isWrite(w) || w.workgroup != r.workgroup || w.epoch >= r.epoch) continue;
          if (!count || w.epoch > best) best = w.epoch, count = 0;
          if (w.epoch == best) ++count;
        }
        ambiguous = ambiguous || count > 1;
      }
      if (writers == 0) {
        // Nothing writes these bytes: they keep what memory holds.
        const Allocation& a = config_.buffers[indexOf(whole.allocation)];
        const RValue* now = a.value.isComposite() && word < a.value.components().size()
                                ? &a.value.components()[word]
                                : nullptr;
        finalsKnown = finalsKnown && now && wordHalfPatterns(types, *now, h, false, finals[h]);
      }
      std::sort(finals[h].begin(), finals[h].end());
      finals[h].erase(std::unique(finals[h].begin(), finals[h].end()), finals[h].end());
      // Atomic writes alone are ordered (M3: the schedule's order), as in races.cpp.
      widenFinal =
          widenFinal || (writers > 1 && nonAtomic && (!finalsKnown || finals[h].size() != 1));
    }
    // The word's final value: every pair of half patterns (a superset of the pairs some
    // execution leaves), or any value; replacing races.cpp's widening of either
    // representation, which did not see the other's writes.
    std::erase_if(result.finalValues, [&](const auto& f) {
      return f.first.first == whole.allocation && !f.first.second.empty() &&
             f.first.second[0] == word && f.first.second.size() <= 2;
    });
    if (widenFinal || (widenedAlready && (finals[0].size() > 1 || finals[1].size() > 1))) {
      RValue value{types.u32(), AnyScalar{}};
      if (finalsKnown && finals[0].size() * finals[1].size() <= kMaxAlternatives) {
        std::vector<int64_t> set;
        for (uint32_t lo : finals[0])
          for (uint32_t hi : finals[1]) set.push_back(int64_t(lo | (hi << 16)));
        std::sort(set.begin(), set.end());
        value = set.size() == 1 ? RValue{types.u32(), set[0]}
                                : RValue{types.u32(), IntegerSet{std::move(set)}};
      }
      rec.finalWidened = true;
      result.wordValues.push_back({{whole.allocation, word}, std::move(value)});
    }
    // Reads of either representation return any value of the word's bytes in the next round
    // (docs/ambiguities.md M14: a domain; the values of the other representation's writes
    // are not kept as a set here).
    if (ambiguous) {
      rec.readsWidened = true;
      result.domains[whole.key] = RValue{types.u32(), AnyScalar{}};
      for (int h = 0; h < 2; ++h)
        result.domains[halfKey[h]] = RValue{types.f16(), FloatSet::anyValue()};
    }
    if (!found) continue;

    // The report: the word, as races.cpp names a buffer's word.
    rec.writeWrite = writeWrite;
    rec.readWrite = readWrite || !writeWrite;
    rec.key = whole.key;
    rec.location = locationName(whole);
    rec.space = "storage";
    const Allocation& a = config_.buffers[indexOf(whole.allocation)];
    rec.buffer = true;
    rec.group = a.group;
    rec.binding = a.binding;
    rec.word = word;
    std::vector<uint32_t> invs;
    for (int h = 0; h < 2; ++h)
      for (uint32_t s : bytes[h]) noteSegment(rec, segments_[s], invs);
    std::sort(invs.begin(), invs.end());
    rec.invocations = static_cast<uint32_t>(std::unique(invs.begin(), invs.end()) - invs.begin());
    result.races.push_back(std::move(rec));
  }
}

}  // namespace plumb::interp
