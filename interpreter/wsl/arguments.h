// The arguments of `plumb wsl run --args`: each a literal of a scalar parameter type (`42`, `7u`,
// `1.5`, `true`, an enum element `Foo.A`), or `TYPE:VALUE` (`uint:7`, `float:-0.5`), or JSON
// (docs/wsl.md, "Arguments"): an array for a vector, matrix, array or struct by value and for the
// host buffer behind a pointer or array reference, the RI's fixture object for a texture, its
// options object for a sampler; and the reports of a run (text, and JSON `plumb-wsl-run`
// version 2, docs/formats.md).
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

/// What the host passes besides values: the textures and samplers, and the buffers behind pointer
/// and array reference arguments (stored before the call and observed after it, each element
/// named `arg<i>[<k>]`, and each texel of an RW texture `tex<i>[..]`).
struct HostArguments {
  Resources resources;
  std::vector<std::pair<Address, Value>> initialMemory;
  std::vector<std::pair<Address, TypeP>> observe;
  std::vector<std::string> observeNames;
};

/// The value of the JSON `j` as a value of type `t` (scalars as their text, aggregates as arrays),
/// or nullopt with `error` set. With `resources`, a texture or sampler anywhere inside (a struct's
/// field) is the RI's fixture or options object, added to them (docs/wsl.md, "Arguments").
std::optional<Value> jsonArgument(const CheckedProgram& p, const TypeP& t, const nlohmann::json& j,
                                  std::string& error, Resources* resources = nullptr);

/// Chooses the function `name` whose parameters the texts parse as (like the reference
/// implementation, by name and argument types): its typed arguments, or an error. With `host`,
/// JSON texts also give textures, samplers and buffers (filled in for the chosen function).
std::optional<std::vector<Value>> typedArguments(const CheckedProgram& p, const std::string& name,
                                                 const std::vector<std::string>& texts,
                                                 std::string& error, HostArguments* host = nullptr);

/// `observeNames` name Outcome::observed's values in the reports (default `#<i>`).
std::string runReportText(const RunResult& r, const std::vector<std::string>& observeNames = {});
nlohmann::json runReportJson(const RunResult& r, const std::string& entry,
                             const std::vector<std::string>& observeNames = {});
nlohmann::json valueJson(const Value& v);

}  // namespace plumb::wsl
