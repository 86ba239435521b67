// Runs an ARB program through the Mesa runner (oracle/tgsi/arb_runner.c, compiled by
// scripts/tgsi_oracle_setup.sh) on a list of cases and reads back what it wrote
// (docs/tgsi.md, "The Mesa oracle").
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "interpreter/tgsi/machine.h"
#include "oracle/tgsi/arb_translation.h"

namespace plumb::tgsi {

/// What Mesa wrote for one case: discarded, or each OUT register of ArbProgram::outputs.
struct MesaResult {
  bool discarded = false;
  std::vector<std::array<uint32_t, 4>> outputs;
};

struct MesaRun {
  std::string renderer;  // GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::vector<MesaResult> results;
  std::string error;  // why the runner failed; empty on success
};

/// A runner's arguments go through /bin/sh: `s` in single quotes.
std::string shellQuoted(const std::string& s);
/// The bytes of a file the runner wrote ("" when it is missing).
std::string readWholeFile(const std::filesystem::path& p);

/// Runs `command` (quoted) with `dir`/inputs.txt as its standard input, reads its standard
/// output into `results` and removes `dir`; false with `error` ("the WHAT failed ...: its
/// standard error") when it exits with another status than 0.
bool runInDirectory(const std::string& command, const std::filesystem::path& dir,
                    const std::string& what, std::string& results, std::string& error);

/// The runner's default path: PLUMB_TGSI_RUNNER, else oracle/tgsi/bin/tgsi_arb_runner of the
/// source tree.
std::string defaultArbRunner();

/// Runs `arb` on `cases` (the values of the IN and CONST registers; the immediates come from
/// `program`). Every input must be a known word (the edge inputs are).
MesaRun runArb(const std::string& runner, const ArbProgram& arb, const Program& program,
               const std::vector<RegisterValues>& cases);

}  // namespace plumb::tgsi
