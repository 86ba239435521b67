// The WGSL front end of the memory model explorer, part 1: recording what each invocation does
// to memory that other invocations can see (seed #memory-model, #memory-operation), with the
// value of every read chosen by the explorer instead of by an interleaving.
//
// The recorder is the interpreter's MemoryObserver (interpreter/wgsl/machine.h). Every read access
// of a scalar memory location returns one value of the location's *value domain*: its initial
// value and every value any write to it has been seen to store. The dispatch explores the
// choices depth first, so one dispatch execution is one guess of all read values, and it
// yields one DispatchTrace: each invocation's events, in program order, with concrete read
// and write values. The memory model then decides which guesses some consistent execution
// justifies (wgsl_mapping.h restricts every read to the writes of its value). Control flow
// that depends on a read value is therefore followed for every value (speculate and validate:
// docs/memmodel.md "WGSL programs"). Domains grow by rounds with the values that writes store
// in consistent partial executions, until no new value is justified (wgsl_explore.cpp).
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "interpreter/wgsl/machine.h"

namespace plumb::memmodel::wgsl {

/// One scalar memory location (#memory-locations-section): an allocation, the workgroup whose
/// instance it is (0 for buffers), and the component path from the allocation's root.
struct Location {
  uint32_t allocation = 0;
  uint32_t workgroup = 0;
  std::vector<uint32_t> path;
  auto operator<=>(const Location&) const = default;
};

struct LocationInfo {
  Location location;
  bool storage = false;  // the storage address space (else workgroup)
  interp::RValue initial;
  std::string name;  // `out[1]`, `s.flag`, `x@wg1` (a workgroup variable of workgroup 1)
  std::vector<interp::RValue> domain;  // the values a read may return (initial first)
};

enum class AccessKind : uint8_t { Read, Write, ReadModifyWrite, Barrier };

/// One memory model event of one invocation (#memory-operation; barriers #sync-builtin-functions).
struct MemoryEvent {
  AccessKind kind = AccessKind::Read;
  bool atomic = false;
  uint32_t location = UINT32_MAX;  // index into TraceRecorder::locations (not for barriers)
  interp::RValue readValue, writeValue;
  std::string barrier;  // workgroupBarrier or storageBarrier
  uint64_t step = 0;    // the invocation's step (an atomic RMW reads and writes in one step)
};

struct InvocationTrace {
  uint32_t invocation = 0, workgroup = 0;
  std::array<uint32_t, 3> localId{}, workgroupId{};
  std::vector<MemoryEvent> events;
};

/// What one dispatch execution did: every invocation's events and how the dispatch ended.
struct DispatchTrace {
  std::vector<InvocationTrace> invocations;  // by invocation index; only those with events
  std::string kind;  // "finished", or the stop's kind (interpreter/wgsl/stop.h stopKindName)
  std::string message;
  std::optional<interp::Stop> stop;  // why it did not finish
};

class TraceRecorder : public interp::MemoryObserver {
 public:
  TraceRecorder(interp::Program& program, uint32_t workgroups)
      : program_(program), workgroups_(workgroups) {}

  void onRead(uint32_t invocation, const interp::Invocation& inv, const interp::Allocation& a,
              const interp::MemoryView& v, bool atomic, interp::RValue& value,
              const interp::Chooser& choose) override;
  void onWrite(uint32_t invocation, const interp::Invocation& inv, const interp::Allocation& a,
               const interp::MemoryView& v, bool atomic, const interp::RValue& value) override;
  void onBarrier(uint32_t invocation, const interp::Invocation& inv,
                 std::string_view name) override;
  void onUnmodelled(uint32_t invocation, const std::string& what) override;
  void beginExecution() override;
  void endExecution(const std::string& kind, const std::string& message,
                    const interp::Stop* stop) override;

  /// Adds `values` (per location: values some consistent partial execution writes) to the
  /// domains; true if some domain grew.
  bool growDomains(const std::vector<std::vector<interp::RValue>>& values);
  /// Whether `v` is in location `l`'s domain.
  bool inDomain(uint32_t l, const interp::RValue& v) const;
  /// Forgets the traces (a new round re-explores with the grown domains).
  void clearTraces() {
    traces.clear();
    keys_.clear();
  }

  std::vector<LocationInfo> locations;
  std::vector<DispatchTrace> traces;  // distinct traces of this round
  std::set<std::string> unmodelled;   // accesses the front end cannot represent (refused)
  /// Reads one invocation may perform in one dispatch execution before the recorder gives up
  /// (a loop whose control depends on racy reads would otherwise branch without end).
  uint32_t maxReadsPerInvocation = 256;

 private:
  uint32_t locationOf(const interp::Invocation& inv, const interp::Allocation& a,
                      std::vector<uint32_t> path, const interp::RValue& current, bool storage);
  InvocationTrace& traceOf(uint32_t invocation, const interp::Invocation& inv);
  std::string nameOf(const interp::Allocation& a, const interp::Invocation& inv,
                     const std::vector<uint32_t>& path) const;

  interp::Program& program_;
  uint32_t workgroups_;
  std::map<Location, uint32_t> index_;
  std::vector<std::vector<interp::RValue>> written_;  // per location, values written this round
  std::map<uint32_t, InvocationTrace> current_;
  std::map<uint32_t, uint32_t> reads_;  // per invocation, in this execution
  /// Set once the program is refused: reads then make no choice points, so the dispatch's
  /// depth-first exploration ends after the current execution.
  bool aborted_ = false;
  std::set<std::string> keys_;
};

/// A value's data as text for keys and reports (`1u`, `-2i`, `any`).
std::string valueText(const TypeTable& types, const interp::RValue& v);

}  // namespace plumb::memmodel::wgsl
