// Derived sets and derived static relations of spirv.als (model.h): everything the program
// alone fixes, computed once per program and litmus line.
#include "memmodel/alloy_functions.h"
#include "memmodel/model.h"

namespace plumb::memmodel {

bool isEquivalence(const Relation& r, const EventSet& s) {
  // util/relation `equivalence[r, s]`: reflexive over s, symmetric, transitive; and r in s->s.
  if (!r.in(cross(s, s))) return false;
  if (!stor(s).in(r)) return false;
  if (!(r.transpose() == r)) return false;
  return r.transitive();
}

namespace {
EventSet set(const Program& p, Attr a) {
  return p.set(a);
}
EventSet readsWrites(const Program& p) {
  return p.set(Attr::R) + p.set(Attr::W);
}
}  // namespace

EventSet privateAccesses(const Program& p) {
  return readsWrites(p) - p.set(Attr::NONPRIV);
}

EventSet semanticsBothClasses(const Program& p) {
  return p.set(Attr::SEMSC0) & p.set(Attr::SEMSC1);
}

void availabilityDomains(const Program& p, StaticRelations& s) {
  EventSet av = set(p, Attr::AV) + set(p, Attr::SEMAV);
  EventSet dev = set(p, Attr::SCOPEDEV);
  EventSet qf = dev + set(p, Attr::SCOPEQF);
  EventSet wg = qf + set(p, Attr::SCOPEWG);
  s.AVSHADER = av & dev;  // line 234
  s.AVQF = av & qf;       // line 237
  s.AVWG = av & wg;       // line 240
  s.AVSG = av;            // line 243
}

void visibilityDomains(const Program& p, StaticRelations& s) {
  EventSet vis = set(p, Attr::VIS) + set(p, Attr::SEMVIS);
  EventSet dev = set(p, Attr::SCOPEDEV);
  EventSet qf = dev + set(p, Attr::SCOPEQF);
  EventSet wg = qf + set(p, Attr::SCOPEWG);
  s.VISSHADER = vis & dev;  // line 235
  s.VISQF = vis & qf;       // line 238
  s.VISWG = vis & wg;       // line 241
  s.VISSG = vis;            // line 244
}

Relation programOrder(const Program& p) {
  return p.immpo.closure();
}

Relation sameLocation(const Program& p) {
  return rai(p.pgmsloc).closure() + stor(readsWrites(p));
}

Relation sameReference(const Program& p) {
  return rai(p.pgmsref).closure() + stor(readsWrites(p));
}

Relation availabilityVisibilityIncludes(const Program& p, const Relation& sloc,
                                        const Relation& sref) {
  EventSet sc = set(p, Attr::SC0) + set(p, Attr::SC1);
  EventSet semav = set(p, Attr::SEMAV), semvis = set(p, Attr::SEMVIS);
  EventSet semsc0 = set(p, Attr::SEMSC0), semsc1 = set(p, Attr::SEMSC1);
  Relation r = cross(sc, set(p, Attr::AVDEVICE));  // (SC0+SC1)->AVDEVICE
  r += cross(set(p, Attr::VISDEVICE), sc);         // VISDEVICE->(SC0+SC1)
  r += cross(set(p, Attr::SC0), semsc0 & semav);   // SC0->(SEMSC0&SEMAV)
  r += cross(semsc0 & semvis, set(p, Attr::SC0));  // (SEMSC0&SEMVIS)->SC0
  r += cross(set(p, Attr::SC1), semsc1 & semav);   // SC1->(SEMSC1&SEMAV)
  r += cross(semsc1 & semvis, set(p, Attr::SC1));  // (SEMSC1&SEMVIS)->SC1
  EventSet avvis = set(p, Attr::AV) + set(p, Attr::VIS);
  r += rai(stor(avvis).compose(sref & sloc));  // rai[stor[AV+VIS] . (sref & sloc)]
  return r;
}

Relation inScope(const Program& p) {
  EventSet dev = set(p, Attr::SCOPEDEV);
  EventSet qf = dev + set(p, Attr::SCOPEQF);
  EventSet wg = qf + set(p, Attr::SCOPEWG);
  EventSet sg = wg + set(p, Attr::SCOPESG);
  return cross(dev, dev) + (p.sqf & cross(qf, qf)) + (p.swg & cross(wg, wg)) +
         (p.ssg & cross(sg, sg));
}

Relation mutuallyOrderedAtomics(const Program& p, const Relation& sloc, const Relation& sref,
                                const Relation& inscope) {
  EventSet a = set(p, Attr::A);
  return (sloc & sref & cross(a, a) & inscope) - iden(p.size());
}

Relation programOrderClassToSemantics(const Program& p, const Relation& po) {
  return po & (cross(set(p, Attr::SC0), set(p, Attr::SEMSC0)) +
               cross(set(p, Attr::SC1), set(p, Attr::SEMSC1)));
}

Relation programOrderSemanticsToClass(const Program& p, const Relation& po) {
  return po & (cross(set(p, Attr::SEMSC0), set(p, Attr::SC0)) +
               cross(set(p, Attr::SEMSC1), set(p, Attr::SC1)));
}

Relation supportedChains(const Program& p, bool chainsSupported) {
  EventSet ev = allEvents(p.size());
  return chainsSupported ? cross(ev, ev) : stor(ev);
}

StaticRelations deriveStatic(const Program& p, bool chainsSupported) {
  StaticRelations s;
  s.EV = allEvents(p.size());
  s.PRIV = privateAccesses(p);
  s.SEMSC01 = semanticsBothClasses(p);
  availabilityDomains(p, s);
  visibilityDomains(p, s);
  s.po = programOrder(p);
  s.sloc = sameLocation(p);
  s.sref = sameReference(p);
  s.avvisinc = availabilityVisibilityIncludes(p, s.sloc, s.sref);
  s.inscope = inScope(p);
  s.mutordatom = mutuallyOrderedAtomics(p, s.sloc, s.sref, s.inscope);
  s.posctosem = programOrderClassToSemantics(p, s.po);
  s.posemtosc = programOrderSemanticsToClass(p, s.po);
  s.chains = supportedChains(p, chainsSupported);
  return s;
}

}  // namespace plumb::memmodel
