// Diagnostics as JSON for tools (`--format json`; docs/formats.md, "diagnostic", version 1).
#pragma once

#include <nlohmann/json.hpp>

#include "semantics/diagnostic.h"

namespace plumb {

nlohmann::json toJson(const Diagnostic& d);

}  // namespace plumb
