// JSON text of an nlohmann::json value, byte for byte what `value.dump(indent)` writes, written
// without nlohmann's serializer (an output adapter per character and a UTF-8 decoder per string)
// and with placeholders that the caller writes itself: a report of thousands of words writes
// them straight from its own data instead of building a tree of them first (README
// "Performance", `plumb run --format json`).
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

namespace plumb {

/// Writes the text of a placeholder: a binary value of `value` whose subtype is `subtype`
/// (nlohmann would write its bytes), at nesting `level` (the indentation of the line it
/// starts on, in spaces).
using JsonPlaceholder = std::function<void(std::string& out, uint64_t subtype, int level)>;

/// Appends `value.dump(indent)` (indent >= 0: pretty-printed) to `out`, as if `value` started
/// at indentation `level`. Keys come in nlohmann's order (sorted); strings of printable ASCII
/// are copied, others and floats are written by nlohmann (so its escapes, its shortest float
/// form, and its exception on invalid UTF-8, are the same). A binary value with a subtype
/// calls `placeholder` when one is given.
void appendJsonText(std::string& out, const nlohmann::json& value, int indent, int level = 0,
                    const JsonPlaceholder* placeholder = nullptr);

/// `value.dump(indent)`, through appendJsonText.
std::string jsonText(const nlohmann::json& value, int indent);

}  // namespace plumb
