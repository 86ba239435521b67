// The static part of a candidate execution: the events a program performs and the relations
// the program text fixes (spirv.als, `sig Exec`, lines 57-96: the event sets and the
// "relations statically defined by a program"). The dynamic part (rf, asmo, RFINIT) is chosen
// by the explorer (explorer.h) and lives in `Execution` (execution.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "memmodel/relation.h"

namespace plumb::memmodel {

/// The event sets of `sig Exec` that a program fixes (spirv.als lines 58-73). An event may be
/// in several; which combinations are legal is checked by `checkProgramFacts` (facts.h).
enum class Attr : uint8_t {
  W,          // write
  R,          // read
  F,          // fence (a membar, or a cbar with acquire/release semantics)
  A,          // atomic
  ACQ,        // acquire
  REL,        // release
  SC0,        // storage class 0
  SC1,        // storage class 1
  SEMSC0,     // storage class 0 in the memory semantics
  SEMSC1,     // storage class 1 in the memory semantics
  SCOPESG,    // Subgroup scope
  SCOPEWG,    // Workgroup scope
  SCOPEQF,    // QueueFamily scope
  SCOPEDEV,   // Device scope
  CBAR,       // control barrier
  AV,         // per-instruction availability operation
  VIS,        // per-instruction visibility operation
  SEMAV,      // availability operation in the memory semantics
  SEMVIS,     // visibility operation in the memory semantics
  AVDEVICE,   // device-domain availability operation
  VISDEVICE,  // device-domain visibility operation
  NONPRIV,    // non-private: obeys inter-thread ordering
};
inline constexpr int kAttrCount = 22;

/// The spirv.als name of an attribute set ("W", "SCOPEWG", ...).
const char* attrName(Attr a);

/// One event (an Alloy `E` atom): its sets and where it sits. Group numbers identify the
/// thread, subgroup, workgroup and queue family instance; equal numbers mean "same".
struct Event {
  uint32_t attrs = 0;  // bit (1 << Attr)
  bool has(Attr a) const { return (attrs >> static_cast<int>(a)) & 1u; }
  void set(Attr a) { attrs |= 1u << static_cast<int>(a); }

  // Presentation only (the model never reads these): the instruction as written, the
  // variable it names, and the values the litmus test or front end attached.
  std::string text;
  std::string variable;
  std::optional<int64_t> readValue;
  std::optional<int64_t> writeValue;
  int64_t cbarInstance = -1;
  uint32_t thread = 0;  // the thread *number* (SSW uses it), as the test names it
};

/// The reads-from candidates the program text allows for one read (the litmus translator's
/// `(Ew->Er) in X.rf` and `Er in X.RFINIT` constraints, or a front end's value filter). An
/// unconstrained read may read from any write to the same location (`sloc`) or from init.
struct ReadSources {
  bool constrained = false;
  EventSet writes;          // allowed writers when constrained
  bool initAllowed = true;  // may read-from the initial value when constrained
};

/// The static description of a candidate execution (spirv.als lines 58-85).
struct Program {
  std::vector<Event> events;

  // Relations statically defined by a program (spirv.als lines 76-85).
  Relation sthd;       // same thread
  Relation immpo;      // immediate program order
  Relation pgmsloc;    // same location specified in program source
  Relation ssg;        // same subgroup
  Relation swg;        // same workgroup
  Relation sqf;        // same queue family
  Relation ssw;        // system-synchronizes-with
  Relation scbarinst;  // same control barrier dynamic instance
  Relation pgmsref;    // same reference specified in program source

  /// Per event: the reads-from sources the program allows (ignored for non-reads).
  std::vector<ReadSources> readSources;

  uint32_t size() const { return static_cast<uint32_t>(events.size()); }
  /// The events in an attribute set (e.g. `X.W`); valid after `indexSets()`.
  const EventSet& set(Attr a) const { return attrSets[static_cast<int>(a)]; }
  /// Recomputes the attribute sets from the events (ProgramBuilder::build calls it).
  void indexSets();

  std::vector<EventSet> attrSets;  // one per Attr
};

/// Builds a Program from per-thread event sequences: the interface a front end (the litmus
/// parser, later the WGSL interpreter) uses. Groups nest: queue family > workgroup > subgroup
/// > thread; each `begin*` opens a new instance of that level (and of nothing below it: the
/// caller opens the lower levels, as the litmus format requires).
class ProgramBuilder {
 public:
  void beginQueueFamily() { ++qf_; }
  void beginWorkgroup() { ++wg_; }
  void beginSubgroup() { ++sg_; }
  /// Opens a new thread with the given number (used by `systemSynchronizes`).
  void beginThread(uint32_t threadNumber);

  /// Appends an event to the current thread, after its previous event in program order.
  /// `reference` names the reference the access uses (same name = same reference and same
  /// location, as in the litmus format); empty for barriers.
  EventId addEvent(Event e, const std::string& reference = "");
  /// Declares that two references access the same location (litmus `SLOC a b`).
  void sameLocation(const std::string& a, const std::string& b);
  /// Every event of thread `from` system-synchronizes-with every event of thread `to`.
  void systemSynchronizes(uint32_t from, uint32_t to);
  /// Restricts what a read may read from.
  void restrictReadSources(EventId read, ReadSources sources);

  uint32_t eventCount() const { return static_cast<uint32_t>(events_.size()); }
  bool hasThread(uint32_t threadNumber) const;
  /// The finished Program (static relations filled in).
  Program build() const;

 private:
  struct Placed {
    Event event;
    std::string reference;
    uint32_t threadSeq, sg, wg, qf;
  };
  std::vector<Placed> events_;
  std::vector<std::pair<std::string, std::string>> slocs_;
  std::vector<std::pair<uint32_t, uint32_t>> ssws_;
  std::vector<std::pair<EventId, ReadSources>> restrictions_;
  std::vector<uint32_t> threadNumbers_;  // per thread sequence number
  uint32_t qf_ = 0, wg_ = 0, sg_ = 0;
  uint32_t threadSeq_ = 0;
  bool threadOpen_ = false;
};

}  // namespace plumb::memmodel
