// Reading the oracle's case file formats (docs/oracle.md): `plumb-oracle-case` v1, written by
// hand, and `plumb-case` v1, written by `plumb gen` (docs/formats.md). Each reader fills the
// parts of an OracleCase a file states (program, entry point, dispatch, expected results,
// options) and hands back the file's bindings unresolved; oracle_case.cpp then asks Plumb
// about the program and prepares the case. Internal to the oracle library.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "oracle/wgsl/oracle_case.h"

namespace plumb::oracle::detail {

bool readText(const std::filesystem::path& p, std::string& out);

/// What a case file says that is not a field of OracleCase: its bindings, unresolved, and the
/// mode it asks for ("mode"), if any.
struct CaseFileParts {
  nlohmann::json bindings = nlohmann::json::array();
  std::optional<CaseMode> mode;
  /// The `vertex` and `fragment` sections (docs/formats.md) of the case or of its bindings
  /// file: {"vertex": {...}, "fragment": {...}}; a draw's stage inputs.
  nlohmann::json stageInputs = nlohmann::json::object();
};

/// A `plumb-oracle-case` v1 object. False with `c.error` set when the file is malformed.
bool readOracleCaseFile(const nlohmann::json& j, const std::filesystem::path& path, OracleCase& c,
                        CaseFileParts& parts);

/// A `plumb-case` v1 object, read by the generator's reader (gen/case.h; unknown fields are
/// ignored). Its options decide Plumb's verdict (`c.verdictOptions`), its overrides become the
/// runner's `constants`, and `expect.run` is the outcome set. False with `c.error` set when
/// the file is malformed.
bool readPlumbCaseFile(const nlohmann::json& j, const std::filesystem::path& path, OracleCase& c,
                       CaseFileParts& parts);

/// The number a runner passes to WebGPU for an override value given as WGSL text (as
/// `plumb check --override` reads it: a decimal or hexadecimal number, true or false).
std::optional<double> constantValue(const std::string& text);

}  // namespace plumb::oracle::detail
