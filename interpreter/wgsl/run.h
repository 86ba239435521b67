// `plumb run` as a library call: check a module (with pipeline creation), bind its resources,
// run a compute dispatch over every choice, and report the outcome set (docs/formats.md
// `plumb-run`). Used by the CLI, the oracle and the tests.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/checker.h"
#include "interpreter/wgsl/dispatch.h"
#include "interpreter/wgsl/readable_values.h"
#include "semantics/diagnostic.h"
#include "semantics/source.h"

namespace plumb::interp {

struct RunRequest {
  std::string entry;              // empty: the module's only compute entry point
  DispatchOptions dispatch;
  nlohmann::json bindings;        // a plumb-bindings document; null: no bindings given
  bool zeroMissingBindings = false;
  bool allowUnusedBindings = false;  // a binding without a variable: a warning, not an error
  CheckOptions check;             // pipelineCreation is forced on
  /// The words of the report's buffers (`words` of each outcome's and of the merged
  /// `buffers`) are left out of RunReport::json, as placeholders that runReportJsonText writes
  /// from the outcomes themselves (`plumb run --format json`: a report of thousands of words
  /// is not built as a tree first; README "Performance"). Off: RunReport::json is complete.
  bool wordsAsText = false;
  /// The WGSL revision the module is parsed, checked and run under (semantics/wgsl/revision.h);
  /// null: the seed, 2022-06.
  const Revision* revision = nullptr;
};

struct RunReport {
  /// Why the dispatch did not run: syntax or static errors (in `diagnostics`), a binding that
  /// does not match (in `errors`), an entry point that does not exist, a refused dispatch.
  bool ran = false;
  DiagnosticList diagnostics;
  std::vector<std::string> errors;
  std::vector<std::string> warnings;  // bindings ignored by allowUnusedBindings
  std::string entry;
  std::vector<BoundBuffer> buffers;
  DispatchResult result;
  nlohmann::json json;  // the plumb-run report (when ran)
  /// Per bound buffer, the scalars its store type lays out (empty for textures): the text
  /// report prints each word as their values (readable_values.h). None with
  /// RunRequest::wordsAsText, whose report is JSON.
  std::vector<std::vector<ScalarSlot>> slots;
};

RunReport runShader(const SourceFile& file, const RunRequest& request);

/// The version of the `plumb-run` report runShader writes (docs/formats.md): 2 since outcomes
/// that do not finish carry a typed stop (`stop`, interpreter/wgsl/stop.h); 3 since an incomplete
/// exploration says which bound stopped it (`executions.stop`) and --all-schedules whether the
/// partial-order reduction chose the orders (`executions.reduction`); 4 since vertex and
/// fragment entry points run (`stage`, `draw`, each outcome's `invocations` and
/// `divergentQuads`, the merged `invocations`; `dispatch` and `workgroupSize` for compute only).
inline constexpr int kRunReportVersion = 4;

/// `report.json.dump(2)`, byte for byte, with the words of its buffers written from the
/// outcomes where the report was run with RunRequest::wordsAsText (semantics/json_text.h).
std::string runReportJsonText(const RunReport& report);

/// The `stop` member of an outcome that did not finish (docs/formats.md `plumb-run`).
nlohmann::json stopJson(const Stop& s);
/// The stop of a whole exploration (a bound it hit: `executions.stop` of `plumb-run`, `stops`
/// of `plumb-explore`, a litmus line's `stats.stop`): stopJson with the `message`.
nlohmann::json explorationStopJson(const Stop& s);

/// The report as text: each outcome with its buffers, then the buffers merged over outcomes;
/// each buffer as the values of its scalars (`out[0] = -1i`), or as hex words when `hex`.
void printRunReport(const RunReport& report, std::ostream& out, bool hex = false);

}  // namespace plumb::interp
