// Pictures out of the box (issue 16, item 8): the Graphviz DOT that `check
// --uniformity-graph`, `litmus --dot` and `explore --dot` write, rendered to SVG by Graphviz's
// `dot` when it is installed (scripts/deps.sh --pictures installs it).
#pragma once

#include <string>

namespace plumb::cli {

/// Graphviz's `dot` is on the PATH.
bool graphvizAvailable();

/// What to say when an SVG picture is asked for and `dot` is missing.
std::string graphvizMissingMessage();

/// Renders `dotText` to the SVG file `svgPath` with `dot -Tsvg`, whole or not at all; false
/// with `error` set on failure.
bool writeSvg(const std::string& svgPath, const std::string& dotText, std::string& error);

/// `path` names an SVG file (ends in `.svg`, any case).
bool isSvgPath(const std::string& path);

}  // namespace plumb::cli
