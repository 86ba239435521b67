// NVIDIA's Cg compiler as the oracle of the Cg seed (issue 21 item 4, docs/cg.md "Oracle"):
// finding cgc, running it on one program for a profile, reading its diagnostics and the values
// it folds. cgc 3.1 comes from Debian's non-free nvidia-cg-toolkit (scripts/cg_oracle_setup.sh);
// nothing here needs it at build time.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace plumb::cg {

/// One line of cgc's diagnostics: `FILE(LINE) : error C1060: incompatible types in ...`.
struct CgcDiagnostic {
  int line = 0;
  std::string severity;  // "error", "warning", "fatal error"
  std::string code;      // "C1060"
  std::string message;
};

/// cgc's verdict on a program: "accept", "warn" (accepted with warnings) or "reject".
struct CgcResult {
  bool ran = false;  // false: cgc could not be run (`failure` says why)
  std::string failure;
  int exitCode = 0;
  std::string verdict;
  std::vector<CgcDiagnostic> errors;
  std::vector<CgcDiagnostic> warnings;
  std::string output;  // the generated code (stdout)
};

/// The cgc to run: `requested` when given, else `cgc` on PATH; nullopt when there is none.
std::optional<std::string> findCgc(const std::string& requested = "");
/// "3.1.0013" (from `cgc -v`), or "" when it cannot be read.
std::string cgcVersion(const std::string& cgc);

struct CgcInvocation {
  std::string file;  // the program's path
  std::string profile = "gp4fp";
  std::string entry = "main";  // empty: `-noentry -nocode` (every function checked, no code)
  std::vector<std::string> includeDirs;
  std::vector<std::string> defines;  // `NAME` or `NAME=VALUE` (`-DNAME=VALUE`)
  int timeoutSeconds = 60;           // design.md "Bounded and total": a hung cgc is killed
};
/// Runs `cgc -quiet -profile P -entry E FILE` in the file's directory (so that its quoted
/// includes resolve as cgc's own command line would).
CgcResult runCgc(const std::string& cgc, const CgcInvocation& invocation);

/// The diagnostics in cgc's output (other lines are ignored).
std::vector<CgcDiagnostic> parseCgcDiagnostics(const std::string& text);
/// The verdict the exit status and diagnostics give.
std::string cgcVerdict(int exitCode, const std::vector<CgcDiagnostic>& errors,
                       const std::vector<CgcDiagnostic>& warnings);

/// The components of the constant a `return <expr>;` folds to in cgc's `hlslf` output, which
/// prints floats with 18 significant digits (exact for binary32) and integers exactly:
/// `return float4( 3.33333343267440796E-01f, ...);` gives {"3.33333343267440796E-01", ...}.
/// nullopt when the returned expression is not a constant (cgc did not fold it).
std::optional<std::vector<std::string>> hlslFoldedValues(const std::string& output);

}  // namespace plumb::cg
