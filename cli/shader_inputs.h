// Inputs shared by the subcommands that run a shader (`run`, `explore`) or check it (`check`):
// the dispatch size, the bindings file, override values, and the report of a shader that did
// not run. Each prints its usage error as `plumb COMMAND: ...`.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "semantics/diagnostic.h"
#include "semantics/source.h"

namespace plumb::cli {

/// `X[,Y[,Z]]`, each in [1, 65535]; false (after printing why) otherwise.
bool parseDispatch(const char* command, const std::string& text, std::array<uint32_t, 3>& out);

/// `KEY=VALUE` overrides; false (after printing why) on a malformed one.
bool parseOverrides(const char* command, const std::vector<std::string>& given,
                    std::vector<std::pair<std::string, std::string>>& out);

/// Reads a bindings file as JSON into `out` (left null when `path` is empty). Returns kOk, or
/// kUsage (cannot be read, not UTF-8, not JSON) after printing why.
int readBindingsFile(const char* command, const std::string& path, nlohmann::json& out);

/// A shader that did not run: its diagnostics and errors, as text on stderr or as the
/// report `{format, version, revision, file, ran: false, diagnostics, errors}` on stdout
/// (`version`: the format's current version; `revision`: the WGSL revision's name).
void printNotRun(const char* format, int version, const SourceFile& file,
                 const DiagnosticList& diagnostics, const std::vector<std::string>& errors,
                 bool json, std::string_view revision = "2022-06");

}  // namespace plumb::cli
