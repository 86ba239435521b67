// Data races in `plumb run` (#memory-model; docs/ambiguities.md M14): the conflicting accesses
// of an execution that no control barrier orders, found independently of the schedule the
// machine happened to run, and the values the racing accesses make possible.
//
// Happens-before in a WGSL compute dispatch of the seed: every atomic built-in is Relaxed
// (#memory-semantics), so only control barriers order the accesses of different invocations.
// A workgroupBarrier is AcquireRelease with WorkgroupMemory semantics, a storageBarrier with
// UniformMemory semantics, both with Workgroup execution and memory scope (#scoped-operations,
// #sync-builtin-functions): the k-th barrier of every invocation of a workgroup is one dynamic
// instance, and it orders the accesses of its address space program-ordered before it in one
// invocation before those program-ordered after it in another. So an access of invocation i
// to a location in address space S carries its *epoch*, the number of S's barriers i executed
// before it (workgroup memory: workgroupBarrier; storage: storageBarrier), and accesses a, b
// of different invocations are ordered iff they are in the same workgroup and their epochs
// differ. A data race (spirv.als `dr`) is a pair of accesses to one location, of different
// invocations, at least one a write, not both atomic, that are not so ordered.
//
// The texels of a storage texture that may be written (`write`, 2026's `read_write`) are
// locations too, one per channel: new#memory-model makes texture reads and writes non-private
// (delta 7.2, #4913), and in the seed, whose model is silent on them, two unordered stores to
// one texel still leave either value (never one schedule's). Only textureBarrier (revision
// 2026: AcquireRelease with ImageMemory semantics, new#sync-builtin-functions) orders them: its
// epochs are the texture epochs.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/container/small_vector.hpp>
#include <nlohmann/json.hpp>

#include "interpreter/wgsl/machine.h"

namespace plumb::interp {

/// Where an access happened: the redex of the machine's step (an expression or a statement).
struct AccessSite {
  uint32_t node = UINT32_MAX;
  bool statement = false;
};

/// The values each racy location's reads may return in the next round (docs/ambiguities.md
/// M14): by location key, the join of its initial value and every value written to it.
using RaceDomains = std::map<std::string, RValue>;

/// One racy location of a dispatch, with a witness pair of racing accesses.
struct RaceRecord {
  std::string key;         // the location (allocation, workgroup, path)
  std::string location;    // `rw[0]`, `tile[3]`, `m.x`
  std::string space;       // "storage" or "workgroup"
  int64_t workgroup = -1;  // workgroup memory: the workgroup's index
  bool buffer = false;     // a storage buffer: group, binding and word locate it
  uint32_t group = 0, binding = 0;
  int64_t word = -1;  // the 32-bit word of the buffer holding it (-1: not host-visible)
  struct Side {
    uint32_t invocation = 0;
    std::array<uint32_t, 3> workgroupId{}, localId{};
    std::string access;  // "read" or "write"
    bool atomic = false;
    std::string at;  // the position of the access (`5:3`)
    /// A draw's invocation (stage.h: {"x", "y"} or {"vertex", "instance"}), which has no
    /// workgroup; null in a dispatch.
    nlohmann::json stageId;
  };
  Side first, second;
  bool writeWrite = false;         // two racing writes
  bool readWrite = false;          // a read racing with a write
  uint32_t invocations = 0;        // invocations that access the location
  std::vector<std::string> sites;  // distinct accesses: "write at 5:3", "atomic read at 7:9"
  bool finalWidened = false;       // the final value is one of several racing writes'
  bool readsWidened = false;       // a read may return several values: reads return a domain
};

/// The race detector of one execution.
class RaceDetector {
 public:
  RaceDetector(Program& program, Configuration& config, const RaceDomains* domains);

  /// True if accesses of `a` can race: workgroup memory (when a workgroup has several
  /// invocations) and read_write storage buffers.
  bool tracks(const Allocation& a) const;
  /// True in a later round of a racy dispatch, where a read of a racy location returns its
  /// domain (a set, not the value read: read below).
  bool widensReads() const { return domains_ && !domains_->empty(); }
  /// A read access of `value`, read from memory at `path` of allocation `allocation` by
  /// invocation `invocation`. When the location's reads are widened (a racy location of an
  /// earlier round), `value`'s scalars become the join of what they are and the domain.
  void read(uint32_t invocation, uint32_t allocation, const std::vector<uint32_t>& path,
            RValue& value, bool atomic, AccessSite site);
  /// A write access of `value` to `path`; `current` is the memory's value there before it.
  void write(uint32_t invocation, uint32_t allocation, const std::vector<uint32_t>& path,
             const RValue& value, const RValue& current, bool atomic, AccessSite site);
  /// A control barrier executed by `invocation`: workgroupBarrier or storageBarrier.
  void barrier(uint32_t invocation, bool storage);
  /// textureBarrier (revision 2026) executed by `invocation`: it orders texel accesses.
  void textureBarrier(uint32_t invocation);

  struct Result {
    std::vector<RaceRecord> races;
    /// Buffer locations whose final value is one of several racing writes': the value to
    /// report (a join), by allocation id and path.
    std::vector<std::pair<std::pair<uint32_t, std::vector<uint32_t>>, RValue>> finalValues;
    /// Buffer words accessed both as 32-bit scalars and as f16 halves whose final value is one
    /// of several words (races_buffer_words.cpp): the word's value, type and all, by
    /// allocation id and word index.
    std::vector<std::pair<std::pair<uint32_t, uint32_t>, RValue>> wordValues;
    /// Locations some read of which may return several values, with every value written to
    /// them and their initial value (joined): the domains of the next round.
    RaceDomains domains;
  };
  /// After the execution: the races, the final values to widen and the new domains.
  Result analyze();

 private:
  enum Flag : uint8_t { NaRead = 1, NaWrite = 2, ARead = 4, AWrite = 8, ReadBeforeWrite = 16 };
  struct Segment {  // the accesses of one invocation to one location in one epoch
    uint32_t invocation, epoch, workgroup;
    uint8_t flags = 0;
    AccessSite sites[4];  // the first access of each kind (NaRead, NaWrite, ARead, AWrite)
    RValue last;          // the last value written
    // The distinct values written (up to kMaxAlternatives); most segments write one value, so
    // it is held inline (README "Performance": no allocation per access).
    boost::container::small_vector<RValue, 1> values;
    bool many = false;  // more values than that
  };
  struct Location {
    std::string key;
    uint32_t allocation = 0, workgroup = 0;
    boost::container::small_vector<uint32_t, 2> path;
    RValue initial;  // the value before the dispatch (its value at the first access)
    // Most locations have one to four segments (W3's `wg[lid]`: a write, then two reads after
    // the barrier), held inline: no allocation per location (README "Performance").
    boost::container::small_vector<uint32_t, 4> segments;
    uint32_t last = UINT32_MAX;  // the last segment touched (the common case)
  };
  // Concurrent: different invocations not ordered by a barrier of the location's address space
  // (same workgroup and same epoch, or different workgroups).
  static bool concurrent(const Segment& a, const Segment& b) {
    return a.invocation != b.invocation && (a.workgroup != b.workgroup || a.epoch == b.epoch);
  }
  // A conflicting pair: one writes, and not both accesses atomic (spirv.als `dr`,
  // `mutordatom`). Returns the flags of the pair, or {0, 0}.
  static std::pair<uint8_t, uint8_t> conflict(const Segment& a, const Segment& b) {
    static constexpr std::pair<uint8_t, uint8_t> kPairs[] = {
        {NaWrite, NaWrite}, {NaWrite, AWrite}, {AWrite, NaWrite},
        {NaWrite, NaRead},  {NaWrite, ARead},  {AWrite, NaRead},
        {NaRead, NaWrite},  {ARead, NaWrite},  {NaRead, AWrite}};
    for (auto [fa, fb] : kPairs)
      if ((a.flags & fa) && (b.flags & fb)) return {fa, fb};
    return {0, 0};
  }
  // The index of an access kind in Segment::sites.
  static int siteSlot(uint8_t flag) {
    return flag == NaRead ? 0 : flag == NaWrite ? 1 : flag == ARead ? 2 : 3;
  }
  // One side of a race record: the invocation and its access of kind `flag` (its first site).
  RaceRecord::Side raceSide(const Segment& s, uint8_t flag) const;
  // The race record's list of sites (up to eight, each once) and invocations, from a segment.
  void noteSegment(RaceRecord& rec, const Segment& g, std::vector<uint32_t>& invocations) const;
  void access(uint32_t invocation, uint32_t allocation, const std::vector<uint32_t>& path,
              const RValue& value, const RValue* current, uint8_t flag, AccessSite site);
  Location& location(uint32_t allocation, uint32_t workgroup, const std::vector<uint32_t>& path,
                     const RValue& initial);
  std::string key(uint32_t allocation, uint32_t workgroup, const std::vector<uint32_t>& path) const;
  /// key() written into `out` (a buffer reused across accesses: no allocation per lookup).
  static void writeKey(std::string& out, uint32_t allocation, uint32_t workgroup,
                       std::span<const uint32_t> path);
  std::string locationName(const Location& l) const;
  /// A buffer word accessed as a 32-bit scalar (`{word}`) and as f16 halves (`{word, half}`):
  /// the races between the two and the word's widening, over both (races_buffer_words.cpp).
  void analyzeBufferWords(Result& result);
  std::string siteText(AccessSite s) const;

  Program& program_;
  Configuration& config_;
  const RaceDomains* domains_;
  bool workgroupsShared_ = false;  // a workgroup has several invocations
  std::vector<uint32_t> workgroupEpoch_, storageEpoch_, textureEpoch_;  // by invocation
  /// The epochs of an access to `allocation` (a texture's, a workgroup variable's or a
  /// buffer's).
  std::vector<uint32_t>& epochsOf(uint32_t allocation);
  std::vector<Location> locations_;
  /// The locations whose path is one small index (an element of an array of scalars, the
  /// common case: `wg[lid]`, `out[gid.x]`; dense() says which): per allocation and workgroup, a
  /// flat table by that index of 1 + the location's index (0: none yet), found without a key
  /// or a hash of it (README "Performance"). Every other location is found by locationIndex_.
  bool dense(const std::vector<uint32_t>& path) const {
    // Decided by the path alone, so a location is always found the same way. A table grows to
    // its largest index (at most 256 KiB): workgroup memory's arrays of 32-bit scalars have at
    // most 4,096 elements (#limits: 16 KiB), storage buffers are few.
    return path.size() == 1 && path[0] < (1u << 16);
  }
  std::vector<uint32_t>& denseLocations(uint32_t allocation, uint32_t workgroup);
  std::unordered_map<uint64_t, std::vector<uint32_t>> denseLocations_;
  uint64_t denseOwner_[2] = {UINT64_MAX, UINT64_MAX};  // the last two tables found
  std::vector<uint32_t>* denseTable_[2] = {nullptr, nullptr};
  std::unordered_map<std::string, uint32_t> locationIndex_;
  std::string keyBuffer_;  // location()'s lookup key
  std::vector<Segment> segments_;
  struct SegmentKeyHash {
    size_t operator()(const std::pair<uint64_t, uint32_t>& k) const {
      return std::hash<uint64_t>()(k.first * 0x9E3779B97F4A7C15ull ^ k.second);
    }
  };
  std::unordered_map<std::pair<uint64_t, uint32_t>, uint32_t, SegmentKeyHash> segmentIndex_;
};

/// One of `values` (scalars of one type): exact when they are all equal; otherwise an
/// IntegerSet of the distinct integers (any beyond `limit` of them), the hull of float sets,
/// or any value (booleans that differ, an indeterminate value among them).
RValue joinScalars(const std::vector<RValue>& values, size_t limit);
/// Any value of the scalar type of `v`.
RValue anyScalarLike(const RValue& v);

/// The races of a dispatch as the `races` member of a plumb-run report (docs/formats.md).
nlohmann::json racesJson(const std::vector<RaceRecord>& races);

}  // namespace plumb::interp
