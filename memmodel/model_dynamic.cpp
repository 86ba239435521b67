// Derived dynamic relations and the predicates of spirv.als (model.h): what follows from the
// explorer's choice of rf, RFINIT and asmo.
//
// Every relation here is monotone in rf and RFINIT (they occur only positively), so a partial
// execution that is already inconsistent stays inconsistent however its remaining reads are
// resolved: the explorer relies on this to prune (explorer.cpp).
#include "memmodel/alloy_functions.h"
#include "memmodel/model.h"

namespace plumb::memmodel {

namespace {
EventSet set(const Program& p, Attr a) {
  return p.set(a);
}

// `*r`: reflexive-transitive closure over the universe.
Relation star(const Relation& r) {
  return r.reflexiveClosure();
}

// `r1 . r2 . ...` left to right.
template <typename... Rs>
Relation join(const Relation& first, const Rs&... rest) {
  Relation out = first;
  ((out = out.compose(rest)), ...);
  return out;
}
}  // namespace

Relation releaseSequence(const Program& p, const Relation& asmo) {
  EventSet relA = set(p, Attr::REL) & set(p, Attr::A);
  EventSet rmw = set(p, Attr::R) & set(p, Attr::W);
  return stor(relA).compose(star(imm(asmo).compose(stor(rmw))));
}

Relation hypotheticalReleaseSequence(const Program& p, const Relation& asmo) {
  EventSet wA = set(p, Attr::W) & set(p, Attr::A);
  EventSet rmw = set(p, Attr::R) & set(p, Attr::W);
  return stor(wA).compose(star(imm(asmo).compose(stor(rmw))));
}

Relation synchronizesWith(const Program& p, const StaticRelations& s, const Execution& x,
                          const Relation& rs, const Relation& hypors) {
  EventSet A = set(p, Attr::A), F = set(p, Attr::F);
  EventSet REL = set(p, Attr::REL), ACQ = set(p, Attr::ACQ);
  EventSet W = set(p, Attr::W), R = set(p, Attr::R), CBAR = set(p, Attr::CBAR);
  const uint32_t n = p.size();
  Relation rfMo = x.rf & s.mutordatom;
  Relation relA = stor(REL & A), relF = stor(REL & F);
  Relation acqA = stor(ACQ & A), acqF = stor(ACQ & F);
  Relation aw = stor(A & W), ar = stor(A & R);
  Relation sw(n);
  sw += join(relA, rs, rfMo, acqA);                                        // atomic->atomic
  sw += join(relF, s.posemtosc, aw, hypors, rfMo, acqA);                   // fence->atomic
  sw += join(relA, rs, rfMo, ar, s.posctosem, acqF);                       // atomic->fence
  sw += join(relF, s.posemtosc, aw, hypors, rfMo, ar, s.posctosem, acqF);  // fence->fence
  Relation sameInstance = (p.scbarinst & s.inscope) - iden(n);
  sw += join(relF, rc(s.po), stor(CBAR), sameInstance, stor(CBAR), rc(s.po), acqF);  // cbar
  return s.inscope & sw;
}

SynchronizesWithFactors synchronizesWithFactors(const Program& p, const StaticRelations& s,
                                                const Relation& rs, const Relation& hypors) {
  EventSet A = set(p, Attr::A), F = set(p, Attr::F);
  EventSet REL = set(p, Attr::REL), ACQ = set(p, Attr::ACQ);
  EventSet W = set(p, Attr::W), R = set(p, Attr::R), CBAR = set(p, Attr::CBAR);
  const uint32_t n = p.size();
  Relation relF = stor(REL & F), acqF = stor(ACQ & F);
  SynchronizesWithFactors f;
  f.release = synchronizesWithRelease(p, s, rs, hypors);
  f.acquire = stor(ACQ & A) + join(stor(A & R), s.posctosem, acqF);
  Relation sameInstance = (p.scbarinst & s.inscope) - iden(n);
  f.controlBarrier = join(relF, rc(s.po), stor(CBAR), sameInstance, stor(CBAR), rc(s.po), acqF);
  return f;
}

Relation synchronizesWithRelease(const Program& p, const StaticRelations& s, const Relation& rs,
                                 const Relation& hypors) {
  EventSet A = set(p, Attr::A), F = set(p, Attr::F), REL = set(p, Attr::REL), W = set(p, Attr::W);
  return join(stor(REL & A), rs) + join(stor(REL & F), s.posemtosc, stor(A & W), hypors);
}

Relation synchronizesWith(const StaticRelations& s, const SynchronizesWithFactors& f,
                          const Relation& rf) {
  return s.inscope & (join(f.release, rf & s.mutordatom, f.acquire) + f.controlBarrier);
}

Relation interThreadHappensBefore(const Program& p, const StaticRelations& s, const Relation& sw,
                                  SemanticsMask mask) {
  // The storage classes (SC) and semantics (SEMSC) the template is instantiated with.
  EventSet sc(p.size()), semsc(p.size());
  switch (mask) {
    case SemanticsMask::SC0:
      sc = set(p, Attr::SC0);
      semsc = set(p, Attr::SEMSC0);
      break;
    case SemanticsMask::SC1:
      sc = set(p, Attr::SC1);
      semsc = set(p, Attr::SEMSC1);
      break;
    case SemanticsMask::SC01:
      sc = set(p, Attr::SC0) + set(p, Attr::SC1);
      semsc = s.SEMSC01;
      break;
  }
  EventSet REL = set(p, Attr::REL), ACQ = set(p, Attr::ACQ);
  Relation step = p.ssw;
  step += join(stor(semsc), sw, stor(semsc));
  step += join(stor(sc + semsc), s.po, stor(REL & semsc));
  step += join(stor(ACQ & semsc), s.po, stor(sc + semsc));
  return step.closure();
}

Relation happensBefore(const StaticRelations& s, const Relation& ithb0, const Relation& ithb1,
                       const Relation& ithb01) {
  return ithb0 + ithb1 + ithb01 + s.po;
}

Relation availabilityChainSubgroup(const StaticRelations& s) {
  return stor(s.AVSG);
}

namespace {
// `hb & group & avvisinc`: one hop of an availability/visibility chain within a group instance.
Relation chainHop(const Relation& hb, const Relation& group, const StaticRelations& s) {
  return hb & group & s.avvisinc;
}
}  // namespace

Relation availabilityChainWorkgroup(const Program& p, const StaticRelations& s, const Relation& hb,
                                    const Relation& avsg) {
  Relation chain = s.chains & rc(avsg.compose(chainHop(hb, p.ssg, s)));
  return chain.compose(stor(s.AVWG));
}

Relation availabilityChainQueueFamily(const Program& p, const StaticRelations& s,
                                      const Relation& hb, const Relation& avsg,
                                      const Relation& avwg) {
  Relation chain = s.chains & join(rc(avsg.compose(chainHop(hb, p.ssg, s))),
                                   rc(avwg.compose(chainHop(hb, p.swg, s))));
  return chain.compose(stor(s.AVQF));
}

Relation availabilityChainShader(const Program& p, const StaticRelations& s, const Relation& hb,
                                 const Relation& avsg, const Relation& avwg, const Relation& avqf) {
  Relation chain = s.chains & join(rc(avsg.compose(chainHop(hb, p.ssg, s))),
                                   rc(avwg.compose(chainHop(hb, p.swg, s))),
                                   rc(avqf.compose(chainHop(hb, p.sqf, s))));
  return chain.compose(stor(s.AVSHADER));
}

Relation availabilityDevice(const Program& p) {
  return stor(set(p, Attr::AVDEVICE));
}

Relation visibilityChainSubgroup(const StaticRelations& s) {
  return stor(s.VISSG);
}

Relation visibilityChainWorkgroup(const Program& p, const StaticRelations& s, const Relation& hb,
                                  const Relation& vissg) {
  return stor(s.VISWG).compose(s.chains & rc(chainHop(hb, p.ssg, s).compose(vissg)));
}

Relation visibilityChainQueueFamily(const Program& p, const StaticRelations& s, const Relation& hb,
                                    const Relation& vissg, const Relation& viswg) {
  Relation chain = s.chains & join(rc(chainHop(hb, p.swg, s).compose(viswg)),
                                   rc(chainHop(hb, p.ssg, s).compose(vissg)));
  return stor(s.VISQF).compose(chain);
}

Relation visibilityChainShader(const Program& p, const StaticRelations& s, const Relation& hb,
                               const Relation& vissg, const Relation& viswg,
                               const Relation& visqf) {
  Relation chain = s.chains & join(rc(chainHop(hb, p.sqf, s).compose(visqf)),
                                   rc(chainHop(hb, p.swg, s).compose(viswg)),
                                   rc(chainHop(hb, p.ssg, s).compose(vissg)));
  return stor(s.VISSHADER).compose(chain);
}

Relation visibilityDevice(const Program& p) {
  return stor(set(p, Attr::VISDEVICE));
}

Relation locationOrdered(const Program& p, const StaticRelations& s, const DynamicRelations& d) {
  const uint32_t n = p.size();
  EventSet R = set(p, Attr::R), W = set(p, Attr::W);
  Relation wNp = stor(W - s.PRIV), rNp = stor(R - s.PRIV);
  Relation poAv = rc(s.po) & s.avvisinc;  // (rc[po] & avvisinc)
  const Relation& hb = d.hb;

  Relation ordered(n);
  ordered += hb & p.sthd & s.sref;                         // single-thread case
  ordered += join(rNp, hb, stor((R + W) - s.PRIV));        // RaR, WaR (non-private)
  ordered += join(stor(R), p.ssw.closure(), stor(R + W));  // RaR, WaR (any)
  // WaW and RaW through the subgroup, workgroup, queue family and shader domains: a write made
  // available to the domain, happening before a write, or made visible to a read.
  struct Domain {
    const Relation& av;
    Relation hbIn;
    const Relation& vis;
  };
  const Domain domains[] = {{d.avsg, hb & p.ssg, d.vissg},
                            {d.avwg, hb & p.swg, d.viswg},
                            {d.avqf, hb & p.sqf, d.visqf},
                            {d.avsh, hb, d.vissh}};
  for (const Domain& dom : domains) {
    ordered += s.sref & join(wNp, poAv, dom.av, dom.hbIn, wNp);                 // WaW
    ordered += s.sref & join(wNp, poAv, dom.av, dom.hbIn, dom.vis, poAv, rNp);  // RaW
  }
  Relation hbAv = hb & s.avvisinc;
  ordered += join(stor(W), hbAv, d.avdv, hb, stor(W));                 // WaW (device)
  ordered += join(stor(W), hbAv, d.avdv, hb, d.visdv, hbAv, stor(R));  // RaW (device)
  return s.sloc & ordered;
}

Relation fromRead(const Program& p, const StaticRelations& s, const Execution& x,
                  const Relation& locord) {
  EventSet W = set(p, Attr::W);
  Relation rfInv = x.rf.transpose();
  Relation fr = rfInv.compose(cross(W, W) & locord);
  fr += rfInv.compose(x.asmo);
  fr += join(stor(x.RFINIT), s.sloc, stor(W));
  return fr - iden(p.size());
}

Relation dataRace(const Program& p, const StaticRelations& s, const Relation& locord) {
  EventSet W = set(p, Attr::W), R = set(p, Attr::R);
  Relation conflicting = cross(W, W) + cross(W, R) + cross(R, W);
  conflicting -= s.mutordatom;
  conflicting -= iden(p.size());
  conflicting -= rai(locord);
  return s.sloc & conflicting;
}

Relation visibleTo(const Program& p, const Relation& locord) {
  return imm(stor(set(p, Attr::W)).compose(locord)).compose(stor(set(p, Attr::R)));
}

DynamicRelations deriveDynamic(const Program& p, const StaticRelations& s, const Execution& x) {
  DynamicRelations d;
  d.rs = releaseSequence(p, x.asmo);
  d.hypors = hypotheticalReleaseSequence(p, x.asmo);
  d.sw = synchronizesWith(p, s, x, d.rs, d.hypors);
  deriveFromSynchronizesWith(p, s, d);
  d.fr = fromRead(p, s, x, d.locord);
  d.dr = dataRace(p, s, d.locord);
  d.visto = visibleTo(p, d.locord);
  return d;
}

void deriveFromSynchronizesWith(const Program& p, const StaticRelations& s, DynamicRelations& d) {
  d.ithbsemsc0 = interThreadHappensBefore(p, s, d.sw, SemanticsMask::SC0);
  d.ithbsemsc1 = interThreadHappensBefore(p, s, d.sw, SemanticsMask::SC1);
  d.ithbsemsc01 = interThreadHappensBefore(p, s, d.sw, SemanticsMask::SC01);
  d.hb = happensBefore(s, d.ithbsemsc0, d.ithbsemsc1, d.ithbsemsc01);
  d.avsg = availabilityChainSubgroup(s);
  d.avwg = availabilityChainWorkgroup(p, s, d.hb, d.avsg);
  d.avqf = availabilityChainQueueFamily(p, s, d.hb, d.avsg, d.avwg);
  d.avsh = availabilityChainShader(p, s, d.hb, d.avsg, d.avwg, d.avqf);
  d.avdv = availabilityDevice(p);
  d.vissg = visibilityChainSubgroup(s);
  d.viswg = visibilityChainWorkgroup(p, s, d.hb, d.vissg);
  d.visqf = visibilityChainQueueFamily(p, s, d.hb, d.vissg, d.viswg);
  d.vissh = visibilityChainShader(p, s, d.hb, d.vissg, d.viswg, d.visqf);
  d.visdv = visibilityDevice(p);
  d.locord = locationOrdered(p, s, d);
}

bool consistent(const Program& p, const Execution& x, const DynamicRelations& d) {
  if (!isAcyclic(d.locord + x.rf + d.fr + x.asmo)) return false;
  EventSet nonAtomicReads = set(p, Attr::R) - set(p, Attr::A);
  Relation rfNonAtomic = x.rf.compose(stor(nonAtomicReads));
  Relation shadowed = twoplus(stor(set(p, Attr::W)).compose(d.locord));
  return (rfNonAtomic & shadowed).empty();
}

bool racefree(const DynamicRelations& d) {
  return d.dr.empty();
}

bool locordcomplete(const Program& p, const StaticRelations& s, const DynamicRelations& d) {
  EventSet pureReads = set(p, Attr::R) - set(p, Attr::W);
  Relation readRead = cross(pureReads, pureReads);
  Relation lhs = (rai(d.locord) + s.mutordatom) - readRead;
  Relation rhs = (s.sloc - iden(p.size())) - readRead;
  return lhs == rhs;
}

}  // namespace plumb::memmodel
