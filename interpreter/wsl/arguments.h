// The arguments of `plumb wsl run --args`: each a literal of a scalar parameter type (`42`, `7u`,
// `1.5`, `true`, an enum element `Foo.A`), or `TYPE:VALUE` (`uint:7`, `float:-0.5`); and the
// reports of a run (text, and JSON `plumb-wsl-run` version 1, docs/formats.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "interpreter/wsl/machine.h"

namespace plumb::wsl {

/// The value of `text` as an argument of type `t`, or nullopt (with `error` set).
std::optional<Value> parseArgument(const CheckedProgram& p, const TypeP& t, const std::string& text,
                                   std::string& error);

/// Chooses the function `name` whose parameters the texts parse as (like the reference
/// implementation, by name and argument types): its typed arguments, or an error.
std::optional<std::vector<Value>> typedArguments(const CheckedProgram& p, const std::string& name,
                                                 const std::vector<std::string>& texts,
                                                 std::string& error);

std::string runReportText(const RunResult& r);
nlohmann::json runReportJson(const RunResult& r, const std::string& entry);
nlohmann::json valueJson(const Value& v);

}  // namespace plumb::wsl
