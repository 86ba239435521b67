// The helper functions and predicates spirv.als defines on relations (lines 13-51), over the
// events of one execution.
#pragma once

#include "memmodel/relation.h"

namespace plumb::memmodel {

/// spirv.als `pred is_acyclic` (line 13): `acyclic[r, E]`.
inline bool isAcyclic(const Relation& r) {
  return r.acyclic();
}

/// spirv.als `pred strict_partial_order` (line 17): acyclic and transitive.
inline bool strictPartialOrder(const Relation& r) {
  return r.acyclic() && r.transitive();
}

/// spirv.als `pred is_equivalence[r, s]` (line 22): an equivalence over s, within s->s.
bool isEquivalence(const Relation& r, const EventSet& s);

/// spirv.als `fun stor` (line 29): `s <: iden`, the [_] operator of Herd.
inline Relation stor(const EventSet& s) {
  return Relation::identity(s);
}

/// spirv.als `fun twoplus` (line 34): `r.^r`, chains of two or more hops.
inline Relation twoplus(const Relation& r) {
  return r.compose(r.closure());
}

/// spirv.als `fun imm` (line 39): `r - r.^r`, the immediate pairs of a transitive relation.
inline Relation imm(const Relation& r) {
  return r - twoplus(r);
}

/// spirv.als `fun rc` (line 44): `r + (E <: iden)`, the ?-operator of Herd.
inline Relation rc(const Relation& r) {
  return r.withIdentity();
}

/// spirv.als `fun rai` (line 49): `r + ~r`.
inline Relation rai(const Relation& r) {
  return r + r.transpose();
}

/// `s -> t`.
inline Relation cross(const EventSet& s, const EventSet& t) {
  return Relation::cross(s, t);
}

}  // namespace plumb::memmodel
