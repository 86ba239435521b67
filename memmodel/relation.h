// Sets of events and binary relations over events as bit matrices: the relational algebra of
// Alloy (spirv.als opens util/relation) over the small, fixed event universe of one execution.
//
// Alloy operators and their C++ spelling here:
//   r + s  union          r & s  intersection     r - s  difference    ~r  transpose
//   r . s  compose        ^r     closure          *r     reflexive-transitive closure
//   s -> t cross product  s <: iden  stor(s)      #r     count()
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <boost/container/small_vector.hpp>

namespace plumb::memmodel {

/// An event is an index into the events of one program: 0 .. n-1.
using EventId = uint32_t;

/// Bit storage kept inline up to `N` words: the explorer derives hundreds of relations per
/// candidate execution, and for programs of up to 64 events none of them allocates.
template <size_t N>
using Bits = boost::container::small_vector<uint64_t, N>;

/// A set of events (an Alloy `set E`).
class EventSet {
 public:
  EventSet() = default;
  explicit EventSet(uint32_t universe);

  uint32_t universe() const { return n_; }
  bool contains(EventId e) const { return (bits_[e >> 6] >> (e & 63)) & 1u; }
  void insert(EventId e) { bits_[e >> 6] |= uint64_t{1} << (e & 63); }
  void erase(EventId e) { bits_[e >> 6] &= ~(uint64_t{1} << (e & 63)); }
  bool empty() const;
  uint32_t count() const;
  /// The members in increasing order.
  std::vector<EventId> members() const;

  EventSet operator+(const EventSet& o) const;  // union
  EventSet operator&(const EventSet& o) const;  // intersection
  EventSet operator-(const EventSet& o) const;  // difference
  EventSet& operator+=(const EventSet& o);
  bool operator==(const EventSet& o) const = default;
  /// `this in o` (subset).
  bool in(const EventSet& o) const;

  const Bits<2>& words() const { return bits_; }

 private:
  friend class Relation;
  uint32_t n_ = 0;
  Bits<2> bits_;
};

/// A binary relation over the events (an Alloy `E -> E`), one bit row per event.
class Relation {
 public:
  Relation() = default;
  explicit Relation(uint32_t universe);

  /// `s <: iden`: the identity restricted to `s` (spirv.als `stor`, line 29).
  static Relation identity(const EventSet& s);
  /// `s -> t`: every pair of a member of s and a member of t.
  static Relation cross(const EventSet& s, const EventSet& t);

  uint32_t universe() const { return n_; }
  bool contains(EventId a, EventId b) const {
    return (bits_[a * words_ + (b >> 6)] >> (b & 63)) & 1u;
  }
  void insert(EventId a, EventId b) {
    diagonal_ = false;
    bits_[a * words_ + (b >> 6)] |= uint64_t{1} << (b & 63);
  }
  void erase(EventId a, EventId b) {
    diagonal_ = false;
    bits_[a * words_ + (b >> 6)] &= ~(uint64_t{1} << (b & 63));
  }
  bool empty() const;
  /// `#r`: the number of pairs.
  uint32_t count() const;
  /// The pairs in row-major order.
  std::vector<std::pair<EventId, EventId>> pairs() const;
  /// `e.r` for one event: the events related from `e`.
  EventSet successors(EventId e) const;
  /// `r.e` for one event: the events related to `e`.
  EventSet predecessors(EventId e) const;
  /// `s.r` (the image of a set).
  EventSet image(const EventSet& s) const;
  /// The domain (events with at least one successor).
  EventSet domain() const;

  Relation operator+(const Relation& o) const;
  Relation operator&(const Relation& o) const;
  Relation operator-(const Relation& o) const;
  Relation& operator+=(const Relation& o);
  Relation& operator&=(const Relation& o);
  Relation& operator-=(const Relation& o);
  bool operator==(const Relation& o) const { return n_ == o.n_ && bits_ == o.bits_; }
  /// `this in o` (subset).
  bool in(const Relation& o) const;

  /// `~r`.
  Relation transpose() const;
  /// `r . o` (relational join of binary relations).
  Relation compose(const Relation& o) const;
  /// `^r` (transitive closure, Warshall over bit rows).
  Relation closure() const;
  /// `*r` over the whole universe: `^r + iden`.
  Relation reflexiveClosure() const;
  /// `r + iden` over the universe.
  Relation withIdentity() const;
  /// True when `^r & iden` is empty (util/relation `acyclic[r, E]`).
  bool acyclic() const;
  /// The bit rows (n rows of ceil(n/64) words), e.g. as a key for memoizing.
  const Bits<64>& rowWords() const { return bits_; }
  /// True when `r.r in r` (util/relation `transitive`).
  bool transitive() const;
  /// Restricts the domain to `s`: `s <: r`.
  Relation domainRestrict(const EventSet& s) const;
  /// Restricts the range to `s`: `r :> s`.
  Relation rangeRestrict(const EventSet& s) const;

 private:
  uint32_t n_ = 0;
  uint32_t words_ = 0;
  Bits<64> bits_;  // n_ rows of words_ words
  // Set only by identity(): the relation is `stor[s]`, so composing with it is a restriction
  // (the common `r . (stor[S])` of spirv.als costs a mask instead of a join).
  bool diagonal_ = false;
  EventSet diagonalSet() const;
};

/// Alloy's `iden` over the universe (every event to itself).
Relation iden(uint32_t universe);
/// Every event of the universe (Alloy `EV` of the one execution).
EventSet allEvents(uint32_t universe);

}  // namespace plumb::memmodel
