// The Cg oracle (issue 21 item 4, docs/cg.md "Oracle"): runs NVIDIA's cgc and Plumb on each
// program, compares their verdicts (and the values cgc folds, where Plumb evaluates them) and
// classifies every difference:
//   agree          the same verdict
//   seed-defect    the seed is silent or contradicts itself there (the program's record says
//                  so): Plumb's reading and cgc's differ, the decision belongs in ambiguities.md
//   cgc-deviation  Plumb follows the seed's reading and cgc departs from it (cgc 3.1 is later
//                  than the 2.0 text, and applies rules the seed does not have)
//   plumb-bug      Plumb departs from the seed's reading, or from cgc where the seed gives no
//                  reading of its own and nothing explains the difference
//   unsupported    Plumb cannot judge the program (a profile Plumb does not know, a profile's
//                  resource limits, a stage outside the seed)
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "oracle/cg/cg_fold.h"
#include "oracle/cg/cgc.h"
#include "semantics/cg/parser.h"

namespace plumb::cg {

/// One program to judge.
struct OracleProgram {
  std::string name;  // the case id or the file's path
  std::string path;  // a file to compile; empty: `source` is written to one
  std::string source;
  std::string profile = "gp4fp";
  std::string entry = "main";
  /// Macros the program is compiled with (`NAME` or `NAME=VALUE`: an Ogre program's
  /// `preprocessor_defines`), for cgc and Plumb's preprocessor alike.
  std::vector<std::string> defines;
  /// Directories searched for `#include` after the file's own (Ogre's resource locations).
  std::vector<std::string> includeDirs;
  /// The seed's reading, when the program comes with one (tests/data/cg/cgc_verdicts.jsonl):
  /// the verdicts it allows ("accept", "warn", "reject") and whether the seed is silent there.
  std::vector<std::string> seedVerdicts;
  bool seedSilent = false;
  std::string rule;  // the seed section the program probes
  /// The entry returns a closed expression: compare the value cgc folds with Plumb's set
  /// (cg_fold.h), against `seedValues` (the seed's reading of the value: numbers, "inf",
  /// "any"; from the program's record or the generator's own derivation).
  bool fold = false;
  std::vector<std::string> seedValues;
  /// cgc's verdict as recorded with the program (compared with cgc's verdict today: a changed
  /// cgc is reported, not hidden).
  std::optional<std::string> recordedCgcVerdict;
};

/// Plumb's verdict: "accept", "warn", "reject", or "unknown" with the reason Plumb cannot judge.
struct PlumbJudgement {
  std::string verdict;
  std::string rule;     // the rule of the first rejection
  std::string message;  // its message, or why the verdict is unknown
  std::string profile;  // the profile Plumb checked it for (plumbProfileFor)
};

/// The profile Plumb checks a program for that cgc compiles for `cgcProfile`: the same when
/// Plumb knows it (checker/cg/profile.h), else the modern profile of its stage (fp40, vp40), or
/// "" for a stage outside the seed (geometry, tessellation).
std::string plumbProfileFor(const std::string& cgcProfile);

/// Plumb's Cg front end on one program: the system preprocessor (when the text has
/// directives), the parser of semantics/cg and the checker of checker/cg for the entry.
/// `parse.lex.strictReservedWords`: `--strict-reserved` (docs/ambiguities.md C23);
/// `parse.lex.dialect`: `--dialect` (the checker reads the same, semantics/cg/dialect.h).
PlumbJudgement judgeWithPlumb(const OracleProgram& program, const ParseOptions& parse = {});

struct Classification {
  std::string kind;  // agree, seed-defect, cgc-deviation, plumb-bug, unsupported
  std::string reason;
};

/// The classification of one program from Plumb's and cgc's verdicts and the seed's reading
/// (the table of cg_oracle.cpp); `cgcResult` supplies the diagnostics that identify a
/// profile's resource limits.
Classification classify(const OracleProgram& program, const PlumbJudgement& plumb,
                        const CgcResult& cgcResult);

/// The programs of an input: a `.cg` file (judged with `profile` and `entry`), a directory
/// (its `.cg` files, recursively, in path order), a plumb-cgc-verdicts file
/// (tests/data/cg/cgc_verdicts.jsonl) or a plumb-cg-programs manifest
/// (scripts/cg_realworld.py; `root` overrides the collection's root it names).
/// False with `error` when the input cannot be read or has another format or version.
bool loadOracleInputs(const std::string& input, const std::string& profile,
                      const std::string& entry, const std::string& root,
                      std::vector<OracleProgram>& programs, std::string& error);

struct OracleItem {
  OracleProgram program;
  CgcResult cgc;
  PlumbJudgement plumb;
  Classification classification;
  std::optional<FoldComparison> fold;  // programs with `fold`
};

/// The report (format plumb-cg-oracle-report, version 1, docs/formats.md): the cgc version,
/// counts per classification (of the verdicts, and of the folded values), and each program with
/// both verdicts (and both values). `listAgreeing`: also the programs where both agree
/// (otherwise only their count).
nlohmann::json oracleReport(const std::vector<OracleItem>& items, const std::string& cgcVersion,
                            bool listAgreeing);

}  // namespace plumb::cg
