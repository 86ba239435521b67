// Cg preprocessing (seed "Preprocessor": "the full ANSI C standard preprocessor capabilities";
// how #include finds files is implementation-defined).
//
// Decision (docs/cg.md "Preprocessing"): Plumb runs the system C preprocessor (`cpp`, GCC's, as
// cgc itself embeds a C preprocessor) rather than a subset of its own: Cg programs in the wild
// (RetroArch, Ogre) use function-like macros, `#if` arithmetic and includes, which a subset would
// get wrong in ways cgc does not. A file without any directive line is passed through untouched
// (no process, exact spans). Otherwise cpp's output is realigned to the original lines through
// its line markers: every line of the main file stays on its line number (columns shift only
// where macros expand), and an included file's text is joined onto the line of its `#include`.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "semantics/diagnostic.h"
#include "semantics/source.h"

namespace plumb::cg {

struct PreprocessOptions {
  std::vector<std::string> defines;      // `NAME` or `NAME=VALUE` (cpp -D)
  std::vector<std::string> includeDirs;  // searched after the file's own directory
  std::string directory;                 // the file's directory (quoted includes); "" = cwd
  std::string cpp = "cpp";               // the preprocessor program
  int timeoutSeconds = 30;               // design.md "Bounded and total"
};

inline constexpr const char* kPreprocessorRule = "cg-preprocessor";

/// Whether `text` has a preprocessing directive (a line whose first non-blank character is #).
bool hasDirectives(std::string_view text);

/// The preprocessed file (same name as `file`), or nullptr after reporting why not (cpp's own
/// errors located on the original lines, rule kPreprocessorRule).
std::unique_ptr<SourceFile> preprocess(const SourceFile& file, DiagnosticList& diagnostics,
                                       const PreprocessOptions& options = {});

/// The realignment step alone (exposed for tests): `cppOutput` with line markers naming
/// `mainName` for the main file; `lineCount` the main file's number of lines.
std::string realignPreprocessed(std::string_view cppOutput, const std::string& mainName,
                                size_t lineCount);

}  // namespace plumb::cg
