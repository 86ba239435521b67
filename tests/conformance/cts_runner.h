// What the CTS conformance runners (cts_validation, cts_execution) share: exit codes, the
// command-line options, reading the gzip data, the CTS file of a query, naming the running case
// when the process dies, and writing the JSON report.
#pragma once

#include <iosfwd>
#include <set>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace plumb::cts {

constexpr int kOk = 0;
constexpr int kFailed = 1;
constexpr int kUsage = 2;

struct Options {
  std::string data;             // the .jsonl.gz file
  std::set<std::string> files;  // empty: all
  std::string known;
  std::string report;
  bool listDisagreements = false;
  std::string emitKnown;  // reason for unlisted disagreements in --emit-known output
  /// --sample N: run every Nth case of each CTS test (its first, its N+1st, ...), so that a
  /// slow build (the sanitizers) still runs every test and operation with a fraction of the
  /// cases. 1 runs them all. Whether a known disagreement still holds cannot be judged from a
  /// sample, so those checks are skipped; an unexpected disagreement still fails.
  size_t sample = 1;
  /// cts_current: the revision to check under (--revision), and the agreement (percent) below
  /// which the run fails (--min-agreement; 0: never).
  std::string revision = "2022-06";
  double minAgreement = 0;
  bool sampled() const { return sample > 1; }
  /// Is the case at `index` (within its CTS test) in the sample?
  bool runs(size_t index) const { return sample <= 1 || index % sample == 0; }
};

/// Parses `--data --file --known --report --emit-known --list-disagreements --sample --help` into
/// `options` (whose `data` holds the default), installs crash reporting and calls `run`.
/// Returns the exit status: run's, kOk after --help, kUsage on a bad argument or an exception.
int runnerMain(int argc, char** argv, const char* program, Options options,
               void (*usage)(std::ostream&), int (*run)(const Options&));

/// Names the case being run (a string that lives until the next call), or none (nullptr), so
/// that a fatal signal or a sanitizer report, which no try/catch can turn into a failure,
/// still says which case it was.
void setCurrentCase(const char* key);

/// Reads a gzip-compressed (or plain) file whole. Returns false with `error` set on failure.
bool readGzip(const std::string& path, std::string& out, std::string& error);

/// The CTS file of a query: with `prefix` "webgpu:shader,validation,",
/// `webgpu:shader,validation,parse,literal:abstract_int` -> `parse,literal`; "" without it.
std::string ctsFile(std::string_view test, std::string_view prefix);

/// Writes `report` as indented JSON; false (after saying so on stderr) if it cannot.
bool writeReport(const char* program, const std::string& path, const nlohmann::json& report);

}  // namespace plumb::cts
