// Subgroups in a compute dispatch and in a draw's fragment stage (revision 2026, `enable
// subgroups`; new#subgroups,
// new#subgroup-builtin-functions, new#quad-builtin-functions): how the invocations of a
// workgroup are grouped into subgroups, and the collective step that completes a subgroup or
// quad operation for its active invocations.
//
// Everything the text leaves to the implementation is a choice point (design.md "Sets, not
// values"; docs/ambiguities.md G1-G4):
//  - the subgroup size, one per dispatch: every power of two in [4, 128] within the device's
//    [subgroupMinSize, subgroupMaxSize] (`--subgroup-min-size`, `--subgroup-max-size`);
//  - which invocations of a workgroup form each subgroup and their subgroup invocation IDs:
//    "There is no defined relationship between subgroup values ... and
//    local_invocation_index", and "each subgroup may contain fewer invocations than the
//    reported subgroup size". Every grouping into subgroups of at most that size, with every
//    dense numbering, is explored (`--subgroup-layout any`, the default); `linear` takes only
//    the grouping devices use (consecutive local_invocation_index, full subgroups but the
//    last), a narrower reading that is no longer "every result the spec allows";
//  - which invocations are active for an operation. An invocation that reaches a subgroup or
//    quad built-in waits there (InvocationStatus::AtSubgroupOperation); when no invocation can
//    run, the waiting operations are completed. Where every invocation of the subgroup waits
//    at the same call and no diagnostic filter lowers `subgroup_uniformity` (so the checker
//    proved the call to be in uniform control flow), all of them are active. Otherwise the
//    subgroup has diverged ("the subgroup may contain a different set of active invocations
//    than the shader author expects"): the operation completes for any subset of the
//    invocations waiting at the call holding the lowest-numbered of them, the others later.
//
// In a draw (chooseFragmentSubgroupLayout): "Each quad will be contained in a single
// subgroup", the subgroup size "may not be a uniform value within a draw command" (each
// subgroup its own size), and "Helper invocations may be active or inactive in an operation":
// every helper among the active invocations is a choice, an inactive one going on with an
// indeterminate result (docs/ambiguities.md G7). The quad operations act on the draw's quads
// (new#fragment-shaders-helper-invocations: quad invocation ID 0 upper-left ... 3
// lower-right), not on subgroup invocation IDs.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/stop.h"

namespace plumb::interp {

/// The choices of the device that the text allows (new#subgroups).
struct SubgroupOptions {
  /// GPUAdapterInfo subgroupMinSize and subgroupMaxSize: the sizes are the powers of two in
  /// [4, 128] within them.
  uint32_t minSize = 4, maxSize = 128;
  /// Only the grouping by consecutive local_invocation_index (`--subgroup-layout linear`).
  bool linear = false;
  /// `--subgroups-across-draws` (docs/ambiguities.md G7): new#subgroups, "In a fragment shader,
  /// a subgroup might contain invocations from multiple draw commands": every subgroup of a
  /// draw may hold further active invocations of other draws, with unknown values. Each
  /// subgroup operation of a fragment invocation (reductions, ballots, broadcasts, shuffles,
  /// elect) is then any value of its type, and its subgroup_invocation_id any ID below its
  /// subgroup's size; the quad operations are unchanged (each quad is in one subgroup, and its
  /// four invocations are the draw's).
  bool acrossDraws = false;
};

/// The subgroups of one execution of a dispatch or a draw.
struct SubgroupLayout {
  uint32_t size = 0;  // the subgroup size (0: the program uses no subgroup operation)
  /// A draw's: each subgroup's own size (by subgroup); empty in a dispatch (`size`).
  std::vector<uint32_t> sizeOf;
  /// A draw's: each invocation's quad as 4 × quad + quad invocation ID, which the quad
  /// operations read; empty in a dispatch, where the quad of subgroup invocation ID i is
  /// IDs 4⌊i/4⌋ .. 4⌊i/4⌋ + 3 (docs/ambiguities.md G3).
  std::vector<uint32_t> quadKeyOf;
  /// Every subgroup of the dispatch, its invocations in subgroup invocation ID order; those of
  /// one workgroup consecutive, in subgroup ID order.
  std::vector<std::vector<uint32_t>> subgroups;
  std::vector<uint32_t> subgroupOf;  // by invocation
  std::vector<uint32_t> idOf;        // by invocation: its subgroup invocation ID
  /// A draw's subgroups may hold invocations of other draws (SubgroupOptions::acrossDraws):
  /// every subgroup operation but the quad operations gives any value.
  bool otherDraws = false;
};

/// The subgroup and quad built-ins (rows of semantics/wgsl/builtin_function_table_2026.cpp with the
/// extension `subgroups`).
bool isSubgroupOperation(const Overload& o);

/// True if some call of the program is a subgroup or quad built-in.
bool usesSubgroupOperations(const Program& program);

/// True if a diagnostic filter of the module (a directive or a function's attribute) gives
/// `subgroup_uniformity` a severity other than error: a subgroup operation may then be
/// reached in non-uniform control flow.
bool subgroupsMayDiverge(const CheckedModule& module);

/// Which subgroup built-in values (new#subgroup-builtin-values) the entry point reads, as
/// parameters or members of parameter structures.
struct SubgroupValuesRead {
  bool subgroupInvocationId = false, subgroupSize = false, subgroupId = false, numSubgroups = false;
  bool any() const { return subgroupInvocationId || subgroupSize || subgroupId || numSubgroups; }
};
SubgroupValuesRead subgroupValuesRead(const Program& program, uint32_t entry);

/// The sizes a dispatch explores: the powers of two in [4, 128] within the options' bounds.
/// Unless the program reads `subgroup_size`, those at least as large as every workgroup are
/// collapsed into the smallest of them (they group the invocations the same way). Empty when
/// no size is allowed.
std::vector<uint32_t> subgroupSizesToExplore(const SubgroupOptions& options,
                                             uint32_t workgroupInvocations,
                                             bool sizeIsRead = false);

/// Chooses the subgroup size and every workgroup's subgroups (choice points of `choose`).
/// Empty `sizes`: no layout (size 0). With `numberSubgroups` (the program reads `subgroup_id`)
/// and not `linear`, the subgroup IDs within each workgroup are a choice too: "There is no
/// defined relationship between subgroup values (i.e. subgroup_invocation_id and subgroup_id)
/// and local_invocation_index" (new#subgroups; docs/ambiguities.md G6).
SubgroupLayout chooseSubgroupLayout(const Configuration& config, const std::vector<uint32_t>& sizes,
                                    bool linear, const Chooser& choose,
                                    bool numberSubgroups = false);

/// A draw's subgroups (new#subgroups): each quad (its invocations by quad invocation ID,
/// StageInvocations::quads) joins a new subgroup of any size in `sizes` or an earlier one with
/// room for it, and, with `numbered`, every numbering of each subgroup's invocations is
/// explored (`linear`: the quads fill subgroups of one size in order, each in quad invocation
/// ID order).
SubgroupLayout chooseFragmentSubgroupLayout(const std::vector<std::array<uint32_t, 4>>& quads,
                                            size_t invocations, const std::vector<uint32_t>& sizes,
                                            bool linear, bool numbered, const Chooser& choose);

/// Whether some result of the program may depend on the subgroup invocation IDs: a subgroup
/// operation other than the reductions (subgroupAdd, subgroupMul, subgroupMin, subgroupMax,
/// subgroupAnd, subgroupOr, subgroupXor), subgroupAll, subgroupAny and the quad operations
/// (which read the quads), or a diverged subgroup (whose active sets are chosen from the
/// lowest ID). Otherwise the numbering of a subgroup's invocations is not a choice.
bool subgroupInvocationIdsMatter(const Program& program, bool mayDiverge);

/// Sets every invocation's subgroup built-in values from the layout: subgroup_invocation_id,
/// subgroup_size (the layout's size: "each subgroup may contain fewer invocations than the
/// reported subgroup size"), subgroup_id and num_subgroups (of its workgroup).
void giveSubgroupValues(const SubgroupLayout& layout, Configuration& config);

/// The outcome of one collective step.
struct SubgroupStep {
  std::vector<uint32_t> released;  // the invocations that go on (empty: none waited)
  std::optional<Stop> stop;        // a dynamic error (subgroupBroadcast of an inactive id)
  std::string trace;               // the step as --trace prints it
};

/// When no invocation can run: completes one waiting subgroup or quad operation for its
/// active invocations (pushing each one's result and setting it running), or reports that
/// none waits.
SubgroupStep completeSubgroupOperation(Program& program, Configuration& config,
                                       const SubgroupLayout& layout, bool mayDiverge,
                                       const Chooser& choose);

/// The collective step of a dispatch (runDispatch) or a draw (runDraw) once every invocation is
/// finished or waits: completeSubgroupOperation, with its line of `--trace` (`[execution]
/// rule ...`) written to `trace` (null: not tracing). The caller stops with its stop, or goes on
/// when it released invocations.
SubgroupStep subgroupCollectiveStep(Program& program, Configuration& config,
                                    const SubgroupLayout& layout, bool mayDiverge,
                                    const Chooser& choose, std::ostream* trace, uint64_t execution);

}  // namespace plumb::interp
