// Program and ProgramBuilder (program.h): the static relations of a candidate execution, built
// the way the reference litmus translator (Vulkan-MemoryModel alloy/litmus.cpp) fixes them.
#include "memmodel/program.h"

#include <algorithm>
#include <map>

namespace plumb::memmodel {

const char* attrName(Attr a) {
  static const char* const kNames[kAttrCount] = {
      "W",      "R",      "F",       "A",        "ACQ",       "REL",      "SC0",  "SC1",
      "SEMSC0", "SEMSC1", "SCOPESG", "SCOPEWG",  "SCOPEQF",   "SCOPEDEV", "CBAR", "AV",
      "VIS",    "SEMAV",  "SEMVIS",  "AVDEVICE", "VISDEVICE", "NONPRIV"};
  return kNames[static_cast<int>(a)];
}

void Program::indexSets() {
  attrSets.assign(kAttrCount, EventSet(size()));
  for (EventId e = 0; e < size(); ++e)
    for (int a = 0; a < kAttrCount; ++a)
      if (events[e].has(static_cast<Attr>(a))) attrSets[a].insert(e);
}

void ProgramBuilder::beginThread(uint32_t threadNumber) {
  bool currentHasEvents = !events_.empty() && events_.back().threadSeq == threadSeq_;
  if (threadNumbers_.empty()) {
    threadNumbers_.push_back(threadNumber);
  } else if (currentHasEvents) {
    ++threadSeq_;
    threadNumbers_.push_back(threadNumber);
  } else {
    threadNumbers_[threadSeq_] = threadNumber;  // an empty thread is renumbered, not kept
  }
  threadOpen_ = true;
}

bool ProgramBuilder::hasThread(uint32_t threadNumber) const {
  for (uint32_t seq = 0; seq < threadNumbers_.size(); ++seq)
    if (threadNumbers_[seq] == threadNumber)
      for (const Placed& p : events_)
        if (p.threadSeq == seq) return true;
  return false;
}

EventId ProgramBuilder::addEvent(Event e, const std::string& reference) {
  if (!threadOpen_) beginThread(0);  // events before any NEWTHREAD belong to thread 0
  e.thread = threadNumbers_[threadSeq_];
  events_.push_back(Placed{std::move(e), reference, threadSeq_, sg_, wg_, qf_});
  return static_cast<EventId>(events_.size() - 1);
}

void ProgramBuilder::sameLocation(const std::string& a, const std::string& b) {
  slocs_.emplace_back(a, b);
}

void ProgramBuilder::systemSynchronizes(uint32_t from, uint32_t to) {
  ssws_.emplace_back(from, to);
}

void ProgramBuilder::restrictReadSources(EventId read, ReadSources sources) {
  restrictions_.emplace_back(read, std::move(sources));
}

Program ProgramBuilder::build() const {
  const uint32_t n = eventCount();
  Program p;
  for (const Placed& pl : events_) p.events.push_back(pl.event);
  p.sthd = p.immpo = p.pgmsloc = p.ssg = p.swg = p.sqf = p.ssw = p.scbarinst = p.pgmsref =
      Relation(n);

  // Groups are contiguous runs of events (the translator closes a group at each NEW*).
  for (EventId a = 0; a < n; ++a)
    for (EventId b = 0; b < n; ++b) {
      const Placed& x = events_[a];
      const Placed& y = events_[b];
      if (x.threadSeq == y.threadSeq) p.sthd.insert(a, b);
      if (x.sg == y.sg) p.ssg.insert(a, b);
      if (x.wg == y.wg) p.swg.insert(a, b);
      if (x.qf == y.qf) p.sqf.insert(a, b);
    }
  for (EventId a = 0; a + 1 < n; ++a)
    if (events_[a].threadSeq == events_[a + 1].threadSeq) p.immpo.insert(a, a + 1);

  // pgmsref: every later use of a reference relates to its first use (as the translator
  // writes it); sref closes it into an equivalence (spirv.als line 154).
  std::map<std::string, EventId> firstUse;
  for (EventId e = 0; e < n; ++e) {
    const std::string& ref = events_[e].reference;
    if (ref.empty()) continue;
    auto [it, inserted] = firstUse.emplace(ref, e);
    if (!inserted) p.pgmsref.insert(e, it->second);
  }
  p.pgmsloc = p.pgmsref;
  for (const auto& [a, b] : slocs_)
    for (EventId i = 0; i < n; ++i)
      for (EventId j = 0; j < n; ++j)
        if (events_[i].reference == a && events_[j].reference == b) p.pgmsloc.insert(i, j);

  for (const auto& [from, to] : ssws_)
    for (EventId i = 0; i < n; ++i)
      for (EventId j = 0; j < n; ++j)
        if (events_[i].event.thread == from && events_[j].event.thread == to) p.ssw.insert(i, j);

  // scbarinst: the equivalence over CBAR events with equal instance numbers.
  for (EventId i = 0; i < n; ++i)
    for (EventId j = 0; j < n; ++j) {
      const Event& x = events_[i].event;
      const Event& y = events_[j].event;
      if (x.has(Attr::CBAR) && y.has(Attr::CBAR) && x.cbarInstance == y.cbarInstance)
        p.scbarinst.insert(i, j);
    }

  p.readSources.assign(n, ReadSources{false, EventSet(n), true});
  for (const auto& [read, sources] : restrictions_) {
    ReadSources& rs = p.readSources[read];
    if (!rs.constrained) {
      rs = sources;
      rs.constrained = true;
    } else {  // several constraints all hold: intersect them
      rs.writes = rs.writes & sources.writes;
      rs.initAllowed = rs.initAllowed && sources.initAllowed;
    }
  }
  p.indexSets();
  return p;
}

}  // namespace plumb::memmodel
