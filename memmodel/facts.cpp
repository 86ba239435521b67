// The facts of `sig Exec` (facts.h), checked one by one in the order spirv.als states them.
#include "memmodel/facts.h"

#include "memmodel/alloy_functions.h"

namespace plumb::memmodel {

namespace {

// Collects the first violated fact.
class FactChecker {
 public:
  /// `a in b` for sets; remembers the first member of a outside b.
  void subset(const EventSet& a, const EventSet& b, const char* fact, int line) {
    check(a - b, fact, line);
  }
  /// `no s`.
  void none(const EventSet& s, const char* fact, int line) { check(s, fact, line); }
  /// `no r` for relations.
  void none(const Relation& r, const char* fact, int line) {
    if (violation_ || r.empty()) return;
    violation_ = FactViolation{fact, line, r.pairs().front().first};
  }
  void require(bool holds, const char* fact, int line) {
    if (!violation_ && !holds) violation_ = FactViolation{fact, line, std::nullopt};
  }
  std::optional<FactViolation> result() const { return violation_; }

 private:
  void check(const EventSet& offenders, const char* fact, int line) {
    if (violation_ || offenders.empty()) return;
    violation_ = FactViolation{fact, line, offenders.members().front()};
  }
  std::optional<FactViolation> violation_;
};

}  // namespace

std::optional<FactViolation> checkProgramFacts(const Program& p, const StaticRelations& s) {
  auto S = [&](Attr a) { return p.set(a); };
  const EventSet EV = s.EV;
  const EventSet R = S(Attr::R), W = S(Attr::W), F = S(Attr::F), A = S(Attr::A);
  const EventSet ACQ = S(Attr::ACQ), REL = S(Attr::REL), CBAR = S(Attr::CBAR);
  const EventSet SC0 = S(Attr::SC0), SC1 = S(Attr::SC1);
  const EventSet SEMSC0 = S(Attr::SEMSC0), SEMSC1 = S(Attr::SEMSC1);
  const EventSet SG = S(Attr::SCOPESG), WG = S(Attr::SCOPEWG), QF = S(Attr::SCOPEQF),
                 DEV = S(Attr::SCOPEDEV);
  const EventSet AVDEVICE = S(Attr::AVDEVICE), VISDEVICE = S(Attr::VISDEVICE);
  const EventSet AV = S(Attr::AV), VIS = S(Attr::VIS);
  const uint32_t n = p.size();
  FactChecker c;

  c.subset(EV, R + W + F + CBAR + AVDEVICE + VISDEVICE, "R+W+F+CBAR+AVDEVICE+VISDEVICE = EV", 125);
  c.none((R + W) & (F + CBAR), "no ((R+W)&(F+CBAR))", 129);
  c.require(s.po.in(p.sthd), "po in sthd", 132);
  c.require(strictPartialOrder(s.po), "strict_partial_order[po]", 139);
  c.require(p.sthd - iden(n) == rai(s.po), "(sthd - iden) = rai[po]", 141);
  c.require(isEquivalence(p.sthd, EV), "is_equivalence[sthd, EV]", 144);
  c.require(isEquivalence(s.sloc, R + W), "is_equivalence[sloc, R+W]", 150);
  c.require(p.sthd.in(p.ssg), "sthd in ssg", 174);
  c.require(p.ssg.in(p.swg), "ssg in swg", 175);
  c.require(p.swg.in(p.sqf), "swg in sqf", 176);
  c.require(isEquivalence(p.ssg, EV), "is_equivalence[ssg, EV]", 179);
  c.require(isEquivalence(p.swg, EV), "is_equivalence[swg, EV]", 180);
  c.require(isEquivalence(p.sqf, EV), "is_equivalence[sqf, EV]", 181);
  c.subset(R & W, A, "(R&W) in A", 198);
  c.subset(A, R + W, "A in R+W", 201);
  c.subset(ACQ, (R & A) + F, "ACQ in ((R&A)+F)", 204);
  c.subset(REL, (W & A) + F, "REL in ((W&A)+F)", 207);
  c.subset(F, ACQ + REL, "F in (ACQ+REL)", 210);
  c.subset(AV, W, "AV in W", 213);
  c.subset(VIS, R, "VIS in R", 214);
  c.subset(S(Attr::NONPRIV), R + W, "NONPRIV in R+W", 217);
  c.subset(A, S(Attr::NONPRIV), "A in NONPRIV", 222);
  c.subset(W & A, AV, "(W&A) in AV", 225);
  c.subset(R & A, VIS, "(R&A) in VIS", 226);
  c.subset(S(Attr::SEMAV), REL, "SEMAV in REL", 229);
  c.subset(S(Attr::SEMVIS), ACQ, "SEMVIS in ACQ", 230);
  c.none((R + W + F + CBAR + AV + VIS + ACQ + REL + SC0 + SC1 + SEMSC0 + SEMSC1) &
             (AVDEVICE + VISDEVICE),
         "no (R+W+F+CBAR+AV+VIS+RFINIT+ACQ+REL+SC0+SC1+SEMSC0+SEMSC1)&(AVDEVICE+VISDEVICE)", 248);
  c.none(AVDEVICE & VISDEVICE, "no AVDEVICE&VISDEVICE", 249);
  c.require(isEquivalence(p.scbarinst, CBAR), "is_equivalence[scbarinst, CBAR]", 252);
  c.none(p.scbarinst & rai(s.po), "no scbarinst & rai[po]", 254);
  c.none(s.po.compose(p.scbarinst).compose(s.po) & p.scbarinst, "no (po.scbarinst.po & scbarinst)",
         257);
  struct SameOnInstance {
    EventSet set;
    const char* fact;
    int line;
  };
  const SameOnInstance same[] = {{DEV, "no scbarinst & (SCOPEDEV -> (EV-SCOPEDEV))", 259},
                                 {QF, "no scbarinst & (SCOPEQF -> (EV-SCOPEQF))", 260},
                                 {WG, "no scbarinst & (SCOPEWG -> (EV-SCOPEWG))", 261},
                                 {SG, "no scbarinst & (SCOPESG -> (EV-SCOPESG))", 262},
                                 {ACQ, "no scbarinst & (ACQ -> (EV-ACQ))", 263},
                                 {REL, "no scbarinst & (REL -> (EV-REL))", 264},
                                 {SEMSC0, "no scbarinst & (SEMSC0 -> (EV-SEMSC0))", 265},
                                 {SEMSC1, "no scbarinst & (SEMSC1 -> (EV-SEMSC1))", 266}};
  for (const SameOnInstance& x : same)
    c.none(p.scbarinst & cross(x.set, EV - x.set), x.fact, x.line);
  c.subset(R + W, SC0 + SC1, "SC0+SC1 = R+W", 269);
  c.subset(SC0 + SC1, R + W, "SC0+SC1 = R+W", 269);
  c.none(SC0 & SC1, "no SC0&SC1", 270);
  c.subset(ACQ + REL, SEMSC0 + SEMSC1, "ACQ+REL = SEMSC0+SEMSC1", 273);
  c.subset(SEMSC0 + SEMSC1, ACQ + REL, "ACQ+REL = SEMSC0+SEMSC1", 273);
  c.subset(A + F + CBAR, SG + WG + QF + DEV, "A+F+CBAR in SCOPESG+SCOPEWG+SCOPEQF+SCOPEDEV", 277);
  c.none(QF & DEV, "no SCOPEQF&SCOPEDEV", 278);
  c.none(WG & DEV, "no SCOPEWG&SCOPEDEV", 279);
  c.none(SG & DEV, "no SCOPESG&SCOPEDEV", 280);
  c.none(WG & QF, "no SCOPEWG&SCOPEQF", 281);
  c.none(SG & QF, "no SCOPESG&SCOPEQF", 282);
  c.none(SG & WG, "no SCOPESG&SCOPEWG", 283);
  return c.result();
}

std::optional<FactViolation> checkExecutionFacts(const Program& p, const StaticRelations& s,
                                                 const Execution& x) {
  const EventSet R = p.set(Attr::R), W = p.set(Attr::W), A = p.set(Attr::A);
  const uint32_t n = p.size();
  FactChecker c;
  c.require(x.rf.in(cross(W, R - x.RFINIT) & (s.sloc - iden(n))),
            "rf in (W->(R-RFINIT)) & (sloc-iden)", 185);
  c.require(x.rf.compose(x.rf.transpose()).in(iden(n)), "rf . ~rf in iden", 188);
  c.subset(x.RFINIT, R, "RFINIT in R", 191);
  c.require((x.rf + stor(x.RFINIT)).count() == R.count(), "#(rf + (stor[RFINIT])) = #R", 195);
  c.require(strictPartialOrder(x.asmo), "strict_partial_order[asmo]", 301);
  c.require(rai(x.asmo) == (cross(A & W, A & W) & s.mutordatom),
            "rai[asmo] = ((A&W) -> (A&W)) & mutordatom", 302);
  return c.result();
}

}  // namespace plumb::memmodel
