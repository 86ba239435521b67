// Oracle cases (format `plumb-oracle-case` v1, docs/oracle.md): a WGSL program, its entry
// point, a dispatch size and its bindings (entries of `plumb-bindings` v1), and Plumb's own
// verdict on the program. `plumb oracle` resolves every binding to raw words and a buffer kind
// before handing the case to a runner.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/checker.h"
#include "oracle/wgsl/draw_plan.h"
#include "oracle/wgsl/pipeline_plan.h"

namespace plumb::oracle {

/// The WebGPU buffer binding type a runner creates for a binding (GPUBufferBindingType).
enum class BufferKind : uint8_t { Uniform, Storage, ReadOnlyStorage };
const char* bufferKindName(BufferKind k);  // "uniform", "storage", "read-only-storage"

/// One binding as a runner receives it: raw little-endian words, zero-padded to `size` bytes.
struct RunnerBinding {
  uint32_t group = 0;
  uint32_t binding = 0;
  BufferKind kind = BufferKind::Storage;
  uint64_t size = 0;            // bytes, a positive multiple of 4
  std::vector<uint32_t> words;  // at most size / 4
  std::string storeType;        // as Plumb's checker names it, when known
  /// A sampled or depth texture instead of a buffer (oracle/wgsl/runner_textures.h): what the runner
  /// creates, with the `plumb-bindings` texture the interpreter reads as "plumb".
  nlohmann::json texture;
  /// A sampler instead of a buffer: {"sampler": GPUSamplerDescriptor, "samplerType"}.
  nlohmann::json sampler;
  bool isBuffer() const { return texture.is_null() && sampler.is_null(); }
};

/// Plumb's static verdict on the program (#shader-creation-error): accepted, or rejected with
/// the first error's rule, message and position.
struct PlumbVerdict {
  bool valid = false;
  std::string stage;  // "parse", "check", or "pipeline" (a pipeline-creation error)
  std::string rule;
  std::string message;
  uint32_t line = 0;
  uint32_t column = 0;
  std::vector<nlohmann::json> diagnostics;  // every diagnostic, as `plumb check --format json`
};

/// Options of Plumb's checker that change the verdict (as `plumb check`'s flags).
struct VerdictOptions {
  bool strictUniformity = false;
  bool strictAliasing = false;
  /// Simulated pipeline creation (`plumb check --pipeline`) with these override values
  /// (KEY=VALUE, VALUE as WGSL text: a number, true or false); implied by any override.
  bool pipelineCreation = false;
  std::vector<std::pair<std::string, std::string>> overrides;
  bool literalShiftRight = false;  // `plumb check --literal-shift-right`
  /// The WGSL revision of the verdict and the outcome sets (semantics/wgsl/revision.h names).
  /// `revisionGiven`: chosen on the command line (`plumb oracle --revision`); otherwise a
  /// plumb-case's own "revision" decides.
  std::string revision = "2022-06";
  bool revisionGiven = false;
};

/// The revision `options.revision` names (the seed's when unknown: loadCase refuses those).
const Revision& revisionOf(const VerdictOptions& options);

/// What a runner does with a case (docs/oracle.md "Runner protocol").
enum class CaseMode : uint8_t {
  Run,        // create the compute pipeline of `entry`, dispatch, read the buffers back
  Module,     // create the shader module only and report its compilation messages
  Pipelines,  // create the module and one pipeline per entry point (`pipelines`); run nothing
  Draw,       // draw the vertex or fragment entry point `entry` (oracle/wgsl/draw_plan.h) and read
              // its outputs back
};
const char* caseModeName(CaseMode m);  // "run", "module", "pipelines", "draw"

struct OracleCase {
  std::string id;    // the case's name (its "name", else the file's stem)
  std::string file;  // the case file (or the .wgsl file)
  std::string format;  // "plumb-oracle-case", "plumb-case" or "wgsl"
  std::string description;
  std::string wgsl;      // the program's text
  std::string wgslFile;  // where it came from, when given by path
  std::string entry;     // entry point name (Run mode)
  std::array<uint32_t, 3> dispatch{1, 1, 1};
  std::vector<RunnerBinding> bindings;  // Run and Draw modes
  /// Revision 2026, immediate data (`var<immediate>`): the plumb-bindings "immediates" given
  /// with the case ({"words"} or {"value"}), and the words resolveBindings makes of it, which
  /// the runners pass with setImmediates(0, words) (docs/oracle.md).
  nlohmann::json immediatesGiven;
  std::optional<std::vector<uint32_t>> immediates;
  CaseMode mode = CaseMode::Run;
  std::vector<PipelinePlan> pipelines;  // Pipelines mode: one per entry point
  /// Draw mode: how the runners draw the entry point and what their outputs stand for.
  std::optional<DrawPlan> draw;
  /// Pipeline-overridable constants for the runner's pipeline stage (`constants` of
  /// GPUProgrammableStage): identifier string -> number. From the case's "constants", or the
  /// plumb-case's "options.overrides".
  nlohmann::json constants = nlohmann::json::object();
  VerdictOptions verdictOptions;  // what Plumb's verdict was computed with
  /// A `plumb-run` report given with the case (inline or by path): the allowed outcome sets
  /// to compare device outputs with, until the interpreter computes them (OutcomeProvider).
  std::optional<nlohmann::json> expect;
  std::string expectSource;  // where `expect` came from: "case file" or a path
  nlohmann::json known;      // "known" of the case file: documented backend behaviour
  /// "runnerTest" of the case file, passed to the runner as "test": "crash", "hang" or
  /// "garbage" make the runner misbehave (for the harness's own tests).
  std::string runnerTest;
  PlumbVerdict verdict;
  /// A plumb-case's own "expect" without its "run" (the verdict its generator derived:
  /// verdict, stage, rule, line, column), and what the case is about ("family", "rule",
  /// "twin"), for the report; null for other formats.
  nlohmann::json caseVerdict;
  nlohmann::json caseInfo;
  std::string error;  // non-empty: the case could not be prepared (it is not run)
};

/// Does Plumb's verdict match the verdict a plumb-case expects (valid, or invalid at the same
/// stage with the same rule and, when the case gives them, line and column)? Empty when it
/// matches or the case expects nothing; otherwise what differs.
std::string verdictMismatch(const OracleCase& c);

/// Loads one case: a `plumb-oracle-case` or `plumb-case` JSON file, or a .wgsl file (with
/// FILE.bindings.json beside it if present, else zero-filled buffers sized from the checker's
/// layouts). A case runs (CaseMode::Run) when it names its entry point, or when Plumb accepts
/// the program and it has exactly one entry point, a compute one; every other case is
/// verdict-only: Pipelines for the entry points Plumb finds, Module when it finds none or
/// cannot parse the program. Never throws; problems are reported in `error` (and such a case
/// is not run).
OracleCase loadCase(const std::string& path, const VerdictOptions& options);

/// The case files named by the command line: files as they are, directories expanded to
/// their *.json case files (and *.wgsl files that no case file names), sorted; a directory
/// with a `plumb-corpus` manifest (a `plumb gen` corpus) to the case files it lists.
std::vector<std::string> expandCasePaths(const std::vector<std::string>& paths, std::string& error);

/// The JSON line a runner receives for the case (protocol `plumb-oracle-runner` v1).
nlohmann::json runnerInput(const OracleCase& c);

/// Plumb's verdict on a program's text (parse and check, as `plumb check`).
PlumbVerdict plumbVerdict(const std::string& name, const std::string& text,
                          const VerdictOptions& options);

/// A non-negative JSON integer (nlohmann keeps parsed ones unsigned, built ones signed).
std::optional<uint64_t> asUnsigned(const nlohmann::json& j);

/// Parses a `plumb-bindings` word: a number 0 ≤ w < 2^32 or a string "0x…".
std::optional<uint32_t> parseWord(const nlohmann::json& w);

}  // namespace plumb::oracle
