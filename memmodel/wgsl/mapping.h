// The WGSL front end of the memory model explorer, part 2: the seed's mapping of WGSL memory
// operations onto the Vulkan memory model (#memory-model, spirv.als), turning one
// DispatchTrace into a memmodel Program whose reads may only read from writes of the value
// the trace assumed.
#pragma once

#include <string>
#include <vector>

#include "memmodel/program.h"
#include "memmodel/wgsl/trace.h"

namespace plumb::memmodel::wgsl {

/// Where a memmodel event came from.
struct EventOrigin {
  uint32_t invocation = 0;  // index into DispatchTrace::invocations
  uint32_t event = 0;       // index into its events
};

struct MappedProgram {
  Program program;
  std::vector<EventOrigin> origin;  // by EventId
};

/// The spirv.als event of one WGSL memory event (#memory-model):
/// - #scoped-operations: an atomic has memory scope Workgroup (SCOPEWG) in the workgroup
///   address space and QueueFamily (SCOPEQF) in storage; #memory-semantics: Relaxed (no ACQ/REL,
///   no storage class semantics). Atomics are also AV (writes), VIS (reads) and NONPRIV, as the
///   litmus translator makes every atomic (docs/memmodel.md "Implicit sets").
/// - #private-vs-non-private: a non-atomic read is NONPRIV with MakePointerVisible at Workgroup
///   scope (VIS, SCOPEWG); a non-atomic write is NONPRIV with MakePointerAvailable at Workgroup
///   scope (AV, SCOPEWG).
/// - #scoped-operations, #memory-semantics: workgroupBarrier and storageBarrier are control
///   barriers (CBAR) with Workgroup execution and memory scope and AcquireRelease semantics
///   (ACQ, REL, hence a fence F) with WorkgroupMemory (SEMSC1) or UniformMemory (SEMSC0)
///   semantics, and no MakeAvailable/MakeVisible (no SEMAV/SEMVIS).
/// Storage classes: SC0 is the storage address space (StorageBuffer, UniformMemory
/// semantics), SC1 the workgroup address space (Workgroup, WorkgroupMemory semantics).
Event mapEvent(const MemoryEvent& e, const LocationInfo* location);

/// The Program of one trace: one queue family; one workgroup per WGSL workgroup; one subgroup
/// and thread per invocation that performs a memory access (an invocation with barriers only
/// adds no ordering between the others: every pair of its workgroup's barrier events of one
/// instance is already related by scbarinst). The k-th barrier an invocation executes is the
/// k-th dynamic instance of its workgroup (the machine releases a workgroup's barrier only when
/// every invocation waits at it: #barrier). Every read may only read from writes of the value it
/// returned, or from the initial value when that is the value
/// (ProgramBuilder::restrictReadSources). With `prefix`, only the first prefix[i] events of trace
/// invocation i are kept (a po-closed partial execution; reads may only read from kept writes).
MappedProgram buildProgram(const DispatchTrace& trace, const std::vector<LocationInfo>& locations,
                           const TypeTable& types, const std::vector<uint32_t>* prefix = nullptr);

}  // namespace plumb::memmodel::wgsl
