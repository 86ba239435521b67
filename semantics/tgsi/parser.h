// The parser of Mesa's TGSI text format (the subset of docs/tgsi.md, "The text format"). Every
// rejection is a located diagnostic naming its rule: a `tgsi-text-*` production of docs/tgsi.md,
// or the seed's opcode heading ("TEX - Texture Lookup") for an opcode Plumb refuses. Never
// throws on bad input; stops recording after the DiagnosticList's error limit.
#pragma once

#include <optional>

#include "semantics/diagnostic.h"
#include "semantics/source.h"
#include "semantics/tgsi/program.h"

namespace plumb::tgsi {

/// Parses and checks a program. Returns nullopt when any error was reported.
std::optional<Program> parseProgram(const SourceFile& file, DiagnosticList& diagnostics);

}  // namespace plumb::tgsi
