// Presenting one execution: as text (events by thread with their reads-from sources and the
// key relations), as Graphviz DOT, and as JSON (docs/formats.md, "Litmus tests").
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "memmodel/litmus_runner.h"
#include "memmodel/program.h"

namespace plumb::memmodel {

/// "E3" style event name.
std::string eventName(EventId e);

/// The execution as indented text lines (each line starts with `indent`).
std::string witnessText(const Program& p, const Witness& w, const std::string& indent);

/// The execution as a Graphviz digraph: one cluster per thread, po, rf, asmo, fr, sw and dr.
std::string witnessDot(const Program& p, const Witness& w, const std::string& title);

/// The execution as JSON: events, rf (with "init"), asmo, and the named relations.
nlohmann::json witnessJson(const Program& p, const Witness& w);

/// The events of a program as JSON (thread number, groups, sets, variable and values).
nlohmann::json programJson(const Program& p);

}  // namespace plumb::memmodel
