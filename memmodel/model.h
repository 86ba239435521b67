// The Vulkan memory model of spirv.als as functions: one per Alloy definition, each citing it.
//
// A candidate execution is a Program (the static sets and relations, program.h) plus the
// dynamic choices of `Execution` (rf, RFINIT, asmo). The derived static relations depend on
// the program only (and on whether availability/visibility chains are supported); the derived
// dynamic relations depend on the choices too.
#pragma once

#include <optional>
#include <string>

#include "memmodel/program.h"
#include "memmodel/relation.h"

namespace plumb::memmodel {

/// The dynamic relations an explorer chooses (spirv.als lines 65, 99-100).
struct Execution {
  Relation rf;      // reads-from: write -> read
  EventSet RFINIT;  // reads that read-from the initial value
  Relation asmo;    // A's scoped modification order
};

/// Derived sets and derived static relations (spirv.als lines 67-73, 88-96, 85).
struct StaticRelations {
  EventSet EV, PRIV, SEMSC01;
  EventSet AVSHADER, VISSHADER, AVQF, VISQF, AVWG, VISWG, AVSG, VISSG;
  Relation po, posctosem, posemtosc, inscope, mutordatom, sloc, sref, avvisinc, chains;
};

/// Derived dynamic relations (spirv.als lines 101-121).
struct DynamicRelations {
  Relation rs, hypors, sw, ithbsemsc0, ithbsemsc1, ithbsemsc01, hb;
  Relation avsg, avwg, avqf, avsh, avdv, vissg, viswg, visqf, vissh, visdv;
  Relation locord, fr, dr, visto;
};

// --- derived sets (spirv.als lines 219-244, 274) ---------------------------------------------

/// `PRIV = R+W-NONPRIV` (line 219).
EventSet privateAccesses(const Program& p);
/// `SEMSC01 = SEMSC0&SEMSC1` (line 274).
EventSet semanticsBothClasses(const Program& p);
/// `AVSHADER = (AV+SEMAV) & SCOPEDEV` (line 234) and its siblings AVQF, AVWG, AVSG (237-243).
void availabilityDomains(const Program& p, StaticRelations& s);
/// `VISSHADER = (VIS+SEMVIS) & SCOPEDEV` (line 235) and VISQF, VISWG, VISSG (238-244).
void visibilityDomains(const Program& p, StaticRelations& s);

// --- derived static relations ------------------------------------------------------------------

/// `po = ^immpo` (line 136).
Relation programOrder(const Program& p);
/// `sloc = ^(rai[pgmsloc]) + stor[R+W]` (line 148).
Relation sameLocation(const Program& p);
/// `sref = ^(rai[pgmsref]) + stor[R+W]` (line 154).
Relation sameReference(const Program& p);
/// `avvisinc` (line 168): relates av/vis operations with the operations they may include.
Relation availabilityVisibilityIncludes(const Program& p, const Relation& sloc,
                                        const Relation& sref);
/// `inscope` (line 287): both in each other's memory scope instance.
Relation inScope(const Program& p);
/// `mutordatom = (sloc & sref & (A -> A) & inscope) - iden` (line 293).
Relation mutuallyOrderedAtomics(const Program& p, const Relation& sloc, const Relation& sref,
                                const Relation& inscope);
/// `posctosem = po & ((SC0 -> SEMSC0) + (SC1 -> SEMSC1))` (line 295).
Relation programOrderClassToSemantics(const Program& p, const Relation& po);
/// `posemtosc = po & ((SEMSC0 -> SC0) + (SEMSC1 -> SC1))` (line 296).
Relation programOrderSemanticsToClass(const Program& p, const Relation& po);
/// `chains` (line 85): `EV -> EV` when chains are supported, `stor[EV]` when not (NOCHAINS).
Relation supportedChains(const Program& p, bool chainsSupported);

/// All derived static relations and sets of a program.
StaticRelations deriveStatic(const Program& p, bool chainsSupported);

// --- derived dynamic relations -----------------------------------------------------------------

/// `rs = (stor[REL&A]) . *((imm[asmo]) . (stor[R&W]))` (line 309): release sequences.
Relation releaseSequence(const Program& p, const Relation& asmo);
/// `hypors = (stor[W&A]) . *((imm[asmo]) . (stor[R&W]))` (line 310).
Relation hypotheticalReleaseSequence(const Program& p, const Relation& asmo);
/// `sw` (line 313): synchronizes-with, five cases (atomic/fence x atomic/fence, and
/// fence->cbar->cbar->fence).
Relation synchronizesWith(const Program& p, const StaticRelations& s, const Execution& x,
                          const Relation& rs, const Relation& hypors);
/// The factors of `sw` (line 313) that do not depend on rf. Composition distributes over
/// union, so the five cases of line 313 are
///   sw = inscope & (release . (rf & mutordatom) . acquire + controlBarrier)
/// with release = stor[REL&A].rs + stor[REL&F].posemtosc.stor[A&W].hypors (an atomic release,
/// or a release fence before an atomic write, heading a (hypothetical) release sequence),
/// acquire = stor[ACQ&A] + stor[A&R].posctosem.stor[ACQ&F] (an atomic acquire, or an atomic
/// read before an acquire fence), and controlBarrier the fence->cbar->cbar->fence case. The
/// explorer computes them once per asmo and then sw once per read (explorer.cpp).
struct SynchronizesWithFactors {
  Relation release, acquire, controlBarrier;
};
SynchronizesWithFactors synchronizesWithFactors(const Program& p, const StaticRelations& s,
                                                const Relation& rs, const Relation& hypors);
/// The `release` factor alone: the only one that depends on asmo (through rs and hypors).
Relation synchronizesWithRelease(const Program& p, const StaticRelations& s, const Relation& rs,
                                 const Relation& hypors);
/// `sw` (line 313) from its factors: equal to `synchronizesWith(p, s, x, rs, hypors)`.
Relation synchronizesWith(const StaticRelations& s, const SynchronizesWithFactors& f,
                          const Relation& rf);
/// Which storage-class mask an inter-thread-happens-before is templated by (lines 333-346).
enum class SemanticsMask { SC0, SC1, SC01 };
/// `ithbsemsc0`, `ithbsemsc1`, `ithbsemsc01` (lines 333-346).
Relation interThreadHappensBefore(const Program& p, const StaticRelations& s, const Relation& sw,
                                  SemanticsMask mask);
/// `hb = ithbsemsc0 + ithbsemsc1 + ithbsemsc01 + po` (line 349).
Relation happensBefore(const StaticRelations& s, const Relation& ithb0, const Relation& ithb1,
                       const Relation& ithb01);
/// `avsg = stor[AVSG]` (line 356).
Relation availabilityChainSubgroup(const StaticRelations& s);
/// `avwg` (line 357).
Relation availabilityChainWorkgroup(const Program& p, const StaticRelations& s, const Relation& hb,
                                    const Relation& avsg);
/// `avqf` (line 358).
Relation availabilityChainQueueFamily(const Program& p, const StaticRelations& s,
                                      const Relation& hb, const Relation& avsg,
                                      const Relation& avwg);
/// `avsh` (line 359).
Relation availabilityChainShader(const Program& p, const StaticRelations& s, const Relation& hb,
                                 const Relation& avsg, const Relation& avwg, const Relation& avqf);
/// `avdv = stor[AVDEVICE]` (line 360).
Relation availabilityDevice(const Program& p);
/// `vissg = stor[VISSG]` (line 362).
Relation visibilityChainSubgroup(const StaticRelations& s);
/// `viswg` (line 363).
Relation visibilityChainWorkgroup(const Program& p, const StaticRelations& s, const Relation& hb,
                                  const Relation& vissg);
/// `visqf` (line 364).
Relation visibilityChainQueueFamily(const Program& p, const StaticRelations& s, const Relation& hb,
                                    const Relation& vissg, const Relation& viswg);
/// `vissh` (line 365).
Relation visibilityChainShader(const Program& p, const StaticRelations& s, const Relation& hb,
                               const Relation& vissg, const Relation& viswg, const Relation& visqf);
/// `visdv = stor[VISDEVICE]` (line 366).
Relation visibilityDevice(const Program& p);
/// `locord` (line 368): location-ordered, the thirteen ways two accesses to one location are
/// ordered (single thread, RaR/WaR, system-synchronizes-with, WaW/RaW via each domain).
Relation locationOrdered(const Program& p, const StaticRelations& s, const DynamicRelations& d);
/// `fr` (line 387): from-read.
Relation fromRead(const Program& p, const StaticRelations& s, const Execution& x,
                  const Relation& locord);
/// `dr` (line 391): data race.
Relation dataRace(const Program& p, const StaticRelations& s, const Relation& locord);
/// `visto = imm[(stor[W]) . locord] . (stor[R])` (line 394): visible-to.
Relation visibleTo(const Program& p, const Relation& locord);

/// All derived dynamic relations of one (possibly partial) execution, each from its definition.
DynamicRelations deriveDynamic(const Program& p, const StaticRelations& s, const Execution& x);
/// The relations that follow from `sw` alone: ithbsemsc0/1/01, hb, the availability and
/// visibility chains and locord (lines 333-385), into `d` (whose rs, hypors, sw are set).
void deriveFromSynchronizesWith(const Program& p, const StaticRelations& s, DynamicRelations& d);

// --- predicates (spirv.als lines 397-413) ------------------------------------------------------

/// `pred consistent` (line 397): locord+rf+fr+asmo acyclic, and a non-atomic read does not
/// read-from a write that another location-ordered write shadows.
bool consistent(const Program& p, const Execution& x, const DynamicRelations& d);
/// `pred racefree` (line 405): `no X.dr`.
bool racefree(const DynamicRelations& d);
/// `pred locordcomplete` (line 409).
bool locordcomplete(const Program& p, const StaticRelations& s, const DynamicRelations& d);

}  // namespace plumb::memmodel
