// Files named on the command line, read the same way by every subcommand. A file that cannot
// be used — missing, a directory, unreadable, not UTF-8 where text is required, not JSON where
// JSON is required — gets one message naming it, `plumb COMMAND: error: cannot read 'PATH': WHY`,
// and the caller exits 2 (kUsage): an input error, not a finding about a program.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "semantics/source.h"

namespace plumb::cli {

/// Prints `plumb COMMAND: error: MESSAGE` on standard error.
void printInputError(const std::string& command, const std::string& message);

/// A WGSL source file ('-' reads standard input). Ill-formed UTF-8 is not refused here: the
/// spec makes it a property of the program (#textual-structure), which the parser reports as
/// a located diagnostic (exit 1).
std::unique_ptr<SourceFile> readWgslFile(const std::string& command, const std::string& path,
                                         std::string* message = nullptr);

/// Any other text input (litmus tests, JSON): must be UTF-8 as well. `message`, if given,
/// receives the message printed on failure.
std::unique_ptr<SourceFile> readTextFile(const std::string& command, const std::string& path,
                                         std::string* message = nullptr);

/// A JSON input file (bindings, cases): readable, UTF-8 and JSON.
std::optional<nlohmann::json> readJsonFile(const std::string& command, const std::string& path);

/// The reason `path` cannot be written as an output file, or empty: a directory, or a file
/// in a directory that does not exist. Checked before work starts so that a long run does not
/// end in "cannot write".
std::string outputFileProblem(const std::string& path);

/// The reason `path` cannot be used as an output directory (it exists and is not a
/// directory), or empty.
std::string outputDirectoryProblem(const std::string& path);

}  // namespace plumb::cli
