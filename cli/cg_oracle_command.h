// `plumb cg oracle` (issue 21 item 4, docs/cg.md "Oracle"): NVIDIA's cgc against Plumb's Cg
// front end. Kept apart from the other `plumb cg` subcommands (cg_front's) so that either can
// be registered first: it joins the `cg` group if there is one and creates it otherwise.
#pragma once

#include <CLI/CLI.hpp>

namespace plumb::cli {

void registerCgOracle(CLI::App& app, int& exitCode);  // cg_oracle_command.cpp

/// Exit status when cgc is not installed (ctest's SKIP_RETURN_CODE for the cg-oracle label).
inline constexpr int kCgcAbsent = 77;

}  // namespace plumb::cli
