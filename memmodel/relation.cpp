// Bit-matrix relational algebra (relation.h).
#include "memmodel/relation.h"

#include <bit>

namespace plumb::memmodel {

namespace {
uint32_t wordsFor(uint32_t n) {
  return (n + 63) / 64;
}
}  // namespace

// --- EventSet ---------------------------------------------------------------------------------

EventSet::EventSet(uint32_t universe) : n_(universe), bits_(wordsFor(universe), 0) {}

bool EventSet::empty() const {
  for (uint64_t w : bits_)
    if (w) return false;
  return true;
}

uint32_t EventSet::count() const {
  uint32_t c = 0;
  for (uint64_t w : bits_) c += static_cast<uint32_t>(std::popcount(w));
  return c;
}

std::vector<EventId> EventSet::members() const {
  std::vector<EventId> out;
  for (uint32_t i = 0; i < bits_.size(); ++i)
    for (uint64_t w = bits_[i]; w; w &= w - 1) out.push_back(i * 64 + std::countr_zero(w));
  return out;
}

EventSet EventSet::operator+(const EventSet& o) const {
  EventSet r = *this;
  r += o;
  return r;
}

EventSet& EventSet::operator+=(const EventSet& o) {
  for (size_t i = 0; i < bits_.size(); ++i) bits_[i] |= o.bits_[i];
  return *this;
}

EventSet EventSet::operator&(const EventSet& o) const {
  EventSet r = *this;
  for (size_t i = 0; i < bits_.size(); ++i) r.bits_[i] &= o.bits_[i];
  return r;
}

EventSet EventSet::operator-(const EventSet& o) const {
  EventSet r = *this;
  for (size_t i = 0; i < bits_.size(); ++i) r.bits_[i] &= ~o.bits_[i];
  return r;
}

bool EventSet::in(const EventSet& o) const {
  for (size_t i = 0; i < bits_.size(); ++i)
    if (bits_[i] & ~o.bits_[i]) return false;
  return true;
}

EventSet allEvents(uint32_t universe) {
  EventSet s(universe);
  for (EventId e = 0; e < universe; ++e) s.insert(e);
  return s;
}

// --- Relation ---------------------------------------------------------------------------------

Relation::Relation(uint32_t universe)
    : n_(universe), words_(wordsFor(universe)), bits_(size_t{universe} * wordsFor(universe), 0) {}

Relation Relation::identity(const EventSet& s) {
  Relation r(s.universe());
  for (EventId e = 0; e < r.n_; ++e)
    if (s.contains(e)) r.insert(e, e);
  r.diagonal_ = true;
  return r;
}

EventSet Relation::diagonalSet() const {
  EventSet s(n_);
  for (EventId e = 0; e < n_; ++e)
    if (contains(e, e)) s.insert(e);
  return s;
}

Relation Relation::cross(const EventSet& s, const EventSet& t) {
  Relation r(s.universe());
  for (EventId e = 0; e < r.n_; ++e)
    if (s.contains(e))
      for (uint32_t w = 0; w < r.words_; ++w) r.bits_[e * r.words_ + w] = t.bits_[w];
  return r;
}

Relation iden(uint32_t universe) {
  Relation r(universe);
  for (EventId e = 0; e < universe; ++e) r.insert(e, e);
  return r;
}

bool Relation::empty() const {
  for (uint64_t w : bits_)
    if (w) return false;
  return true;
}

uint32_t Relation::count() const {
  uint32_t c = 0;
  for (uint64_t w : bits_) c += static_cast<uint32_t>(std::popcount(w));
  return c;
}

std::vector<std::pair<EventId, EventId>> Relation::pairs() const {
  std::vector<std::pair<EventId, EventId>> out;
  for (EventId a = 0; a < n_; ++a)
    for (uint32_t i = 0; i < words_; ++i)
      for (uint64_t w = bits_[a * words_ + i]; w; w &= w - 1)
        out.emplace_back(a, i * 64 + std::countr_zero(w));
  return out;
}

EventSet Relation::successors(EventId e) const {
  EventSet s(n_);
  for (uint32_t i = 0; i < words_; ++i) s.bits_[i] = bits_[e * words_ + i];
  return s;
}

EventSet Relation::predecessors(EventId e) const {
  EventSet s(n_);
  for (EventId a = 0; a < n_; ++a)
    if (contains(a, e)) s.insert(a);
  return s;
}

EventSet Relation::image(const EventSet& s) const {
  EventSet out(n_);
  for (EventId e = 0; e < n_; ++e)
    if (s.contains(e))
      for (uint32_t i = 0; i < words_; ++i) out.bits_[i] |= bits_[e * words_ + i];
  return out;
}

EventSet Relation::domain() const {
  EventSet out(n_);
  for (EventId a = 0; a < n_; ++a)
    for (uint32_t i = 0; i < words_; ++i)
      if (bits_[a * words_ + i]) {
        out.insert(a);
        break;
      }
  return out;
}

Relation Relation::operator+(const Relation& o) const {
  Relation r = *this;
  r += o;
  return r;
}

Relation Relation::operator&(const Relation& o) const {
  Relation r = *this;
  r &= o;
  return r;
}

Relation Relation::operator-(const Relation& o) const {
  Relation r = *this;
  r -= o;
  return r;
}

Relation& Relation::operator+=(const Relation& o) {
  diagonal_ = false;
  for (size_t i = 0; i < bits_.size(); ++i) bits_[i] |= o.bits_[i];
  return *this;
}

Relation& Relation::operator&=(const Relation& o) {
  diagonal_ = false;
  for (size_t i = 0; i < bits_.size(); ++i) bits_[i] &= o.bits_[i];
  return *this;
}

Relation& Relation::operator-=(const Relation& o) {
  diagonal_ = false;
  for (size_t i = 0; i < bits_.size(); ++i) bits_[i] &= ~o.bits_[i];
  return *this;
}

bool Relation::in(const Relation& o) const {
  for (size_t i = 0; i < bits_.size(); ++i)
    if (bits_[i] & ~o.bits_[i]) return false;
  return true;
}

Relation Relation::transpose() const {
  Relation r(n_);
  for (EventId a = 0; a < n_; ++a)
    for (uint32_t i = 0; i < words_; ++i)
      for (uint64_t w = bits_[a * words_ + i]; w; w &= w - 1)
        r.insert(i * 64 + std::countr_zero(w), a);
  return r;
}

Relation Relation::compose(const Relation& o) const {
  if (diagonal_) return o.domainRestrict(diagonalSet());   // stor[s] . o
  if (o.diagonal_) return rangeRestrict(o.diagonalSet());  // r . stor[s]
  Relation r(n_);
  for (EventId a = 0; a < n_; ++a) {
    uint64_t* out = &r.bits_[a * words_];
    for (uint32_t i = 0; i < words_; ++i)
      for (uint64_t w = bits_[a * words_ + i]; w; w &= w - 1) {
        EventId b = i * 64 + std::countr_zero(w);
        const uint64_t* row = &o.bits_[b * words_];
        for (uint32_t j = 0; j < words_; ++j) out[j] |= row[j];
      }
  }
  return r;
}

Relation Relation::closure() const {
  Relation r = *this;
  r.diagonal_ = false;
  // Warshall: after step k, r relates a to b when a path a -> b exists through 0..k.
  for (EventId k = 0; k < n_; ++k) {
    const uint64_t* rowK = &r.bits_[k * words_];
    for (EventId a = 0; a < n_; ++a)
      if (r.contains(a, k)) {
        uint64_t* rowA = &r.bits_[a * words_];
        for (uint32_t j = 0; j < words_; ++j) rowA[j] |= rowK[j];
      }
  }
  return r;
}

Relation Relation::reflexiveClosure() const {
  Relation r = closure();
  for (EventId e = 0; e < n_; ++e) r.insert(e, e);
  return r;
}

Relation Relation::withIdentity() const {
  Relation r = *this;
  for (EventId e = 0; e < n_; ++e) r.insert(e, e);
  return r;
}

bool Relation::acyclic() const {
  Relation c = closure();
  for (EventId a = 0; a < n_; ++a)
    if (c.contains(a, a)) return false;
  return true;
}

bool Relation::transitive() const {
  return compose(*this).in(*this);
}

Relation Relation::domainRestrict(const EventSet& s) const {
  Relation r(n_);
  for (EventId a = 0; a < n_; ++a)
    if (s.contains(a))
      for (uint32_t i = 0; i < words_; ++i) r.bits_[a * words_ + i] = bits_[a * words_ + i];
  return r;
}

Relation Relation::rangeRestrict(const EventSet& s) const {
  Relation r = *this;
  r.diagonal_ = false;
  for (EventId a = 0; a < n_; ++a)
    for (uint32_t i = 0; i < words_; ++i) r.bits_[a * words_ + i] &= s.bits_[i];
  return r;
}

}  // namespace plumb::memmodel
