// The corpus tools (`plumb corpus verify|coverage|export`): a corpus is a directory with one
// or more manifests (`plumb-corpus` v1, one per shard) and the plumb-case files they list.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gen/case.h"

namespace plumb::gen {

struct LoadedCase {
  std::string file;  // relative to the corpus directory
  GeneratedCase c;
};

struct Corpus {
  std::string dir;
  std::vector<nlohmann::json> manifests;
  std::vector<LoadedCase> cases;
  std::vector<std::string> errors;  // unreadable or malformed files, missing files
};

/// Reads every manifest in `dir` and the cases they list (in manifest order, then file order).
Corpus loadCorpus(const std::string& dir);

struct VerifyResult {
  uint64_t checked = 0, matched = 0;
  std::vector<std::string> mismatches;  // "file: what differs"
  bool ok() const { return mismatches.empty() && checked == matched; }
};

/// Derives every case's expectation again and compares it with the stored one; also checks
/// that each case's twin exists and lies on the other side of the same row.
VerifyResult verifyCorpus(const Corpus& corpus,
                          const std::function<void(const std::string&)>& progress = {});

struct CoverageRow {
  std::string family, id, anchor, row;
  uint64_t valid = 0, invalid = 0;
  std::string noValid, noInvalid;  // the family's reason where a side cannot exist
};

/// Per rule row of every family that has cases in the corpus (every row of its table, also
/// those without cases), the number of valid and invalid cases.
std::vector<CoverageRow> corpusCoverage(const Corpus& corpus);

/// Writes the corpus in another test suite's format: "cts" (JSON lines in the shape of the
/// WebGPU CTS expectations: test, params, kind, expected, code[, constants]) or "tint" (one
/// folder per family with NAME.wgsl and NAME.wgsl.expected.txt). Returns an error text or "".
std::string exportCorpus(const Corpus& corpus, const std::string& format,
                         const std::string& outDir);

}  // namespace plumb::gen
