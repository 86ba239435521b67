// plumb corpus verify|coverage|export DIR: the tools for generated corpora (issue 13,
// docs/gen.md). verify derives every expectation again; coverage counts the cases of every
// rule row on each side; export writes a corpus in the CTS's or Tint's test layout.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "gen/corpus.h"

namespace plumb::cli {

namespace {

struct CorpusOptionsCli {
  std::string dir;
  std::string format = "text";
  std::string exportFormat;
  std::string out;
  bool quiet = false;
};

int runVerify(const CorpusOptionsCli& o) {
  gen::Corpus corpus = gen::loadCorpus(o.dir);
  if (corpus.manifests.empty()) {
    for (const std::string& e : corpus.errors) std::cerr << "plumb corpus: error: " << e << "\n";
    return kUsage;
  }
  std::function<void(const std::string&)> progress;
  bool tty = !o.quiet && ::isatty(STDERR_FILENO);
  if (tty) progress = [](const std::string& l) { std::fprintf(stderr, "\r\033[K%s", l.c_str()); };
  gen::VerifyResult r = gen::verifyCorpus(corpus, progress);
  if (tty) std::fprintf(stderr, "\r\033[K");
  if (o.format == "json") {
    nlohmann::json j = {{"format", "plumb-corpus-verify"},
                        {"version", 1},
                        {"corpus", o.dir},
                        {"checked", r.checked},
                        {"matched", r.matched},
                        {"mismatches", r.mismatches},
                        {"ok", r.ok()}};
    std::cout << j.dump(1) << "\n";
  } else {
    for (const std::string& m : r.mismatches) std::cout << "mismatch: " << m << "\n";
    std::cout << o.dir << ": " << r.matched << " of " << r.checked
              << " cases match their expectation" << (r.ok() ? "" : " (FAILED)") << "\n";
  }
  if (!corpus.errors.empty() && corpus.cases.empty()) return kUsage;
  return r.ok() ? kOk : kRejected;
}

int runCoverage(const CorpusOptionsCli& o) {
  gen::Corpus corpus = gen::loadCorpus(o.dir);
  if (corpus.manifests.empty()) {
    for (const std::string& e : corpus.errors) std::cerr << "plumb corpus: error: " << e << "\n";
    return kUsage;
  }
  std::vector<gen::CoverageRow> rows = gen::corpusCoverage(corpus);
  uint64_t uncovered = 0;
  auto missing = [](const gen::CoverageRow& r, bool valid) {
    return valid ? (r.valid == 0 && r.noValid.empty()) : (r.invalid == 0 && r.noInvalid.empty());
  };
  for (const gen::CoverageRow& r : rows) uncovered += missing(r, true) || missing(r, false);
  if (o.format == "json") {
    nlohmann::json j = {{"format", "plumb-corpus-coverage"},
                        {"version", 1},
                        {"corpus", o.dir},
                        {"rows", nlohmann::json::array()},
                        {"uncoveredRows", uncovered}};
    for (const gen::CoverageRow& r : rows) {
      nlohmann::json row = {{"family", r.family}, {"id", r.id},       {"anchor", r.anchor},
                            {"row", r.row},       {"valid", r.valid}, {"invalid", r.invalid}};
      if (!r.noValid.empty()) row["noValid"] = r.noValid;
      if (!r.noInvalid.empty()) row["noInvalid"] = r.noInvalid;
      j["rows"].push_back(row);
    }
    std::cout << j.dump(1) << "\n";
  } else {
    std::string family;
    for (const gen::CoverageRow& r : rows) {
      if (r.family != family) std::cout << (family.empty() ? "" : "\n") << r.family << "\n";
      family = r.family;
      char counts[64];
      std::snprintf(counts, sizeof counts, "%6llu valid %6llu invalid  ",
                    static_cast<unsigned long long>(r.valid),
                    static_cast<unsigned long long>(r.invalid));
      std::cout << "  " << counts << r.id << " [" << r.anchor << "] " << r.row << "\n";
      if (r.valid == 0)
        std::cout << "      no valid case: " << (r.noValid.empty() ? "MISSING" : r.noValid) << "\n";
      if (r.invalid == 0)
        std::cout << "      no invalid case: " << (r.noInvalid.empty() ? "MISSING" : r.noInvalid)
                  << "\n";
    }
    std::cout << "\n"
              << rows.size() << " rows, " << uncovered
              << " with a side that has no case and no reason\n";
  }
  return uncovered == 0 ? kOk : kRejected;
}

int runExport(const CorpusOptionsCli& o) {
  gen::Corpus corpus = gen::loadCorpus(o.dir);
  if (corpus.manifests.empty()) {
    for (const std::string& e : corpus.errors) std::cerr << "plumb corpus: error: " << e << "\n";
    return kUsage;
  }
  std::string error = gen::exportCorpus(corpus, o.exportFormat, o.out);
  if (!error.empty()) {
    std::cerr << "plumb corpus export: error: " << error << "\n";
    return kUsage;
  }
  std::cout << "exported " << corpus.cases.size() << " cases to " << o.out << " (" << o.exportFormat
            << ")\n";
  return kOk;
}

}  // namespace

void registerCorpus(CLI::App& app, int& exitCode) {
  CLI::App* corpus = app.add_subcommand(
      "corpus",
      "Verify, measure and export generated corpora.\n"
      "Exit status: 0 all good, 1 a case that does not verify or a row without cases or reason,\n"
      "2 on usage and input errors (no corpus at DIR).");
  corpus->require_subcommand(1);

  auto verify = std::make_shared<CorpusOptionsCli>();
  CLI::App* v = corpus->add_subcommand(
      "verify", "derive every expectation again; exit 0 only when all match");
  v->add_option("dir", verify->dir, "corpus directory")->required();
  v->add_option("--format", verify->format, "output format")
      ->check(CLI::IsMember({"text", "json"}));
  v->add_flag("--quiet", verify->quiet, "no progress line");
  v->callback([verify, &exitCode] { exitCode = runVerify(*verify); });

  auto coverage = std::make_shared<CorpusOptionsCli>();
  CLI::App* c =
      corpus->add_subcommand("coverage", "valid and invalid cases per rule row; rows without");
  c->add_option("dir", coverage->dir, "corpus directory")->required();
  c->add_option("--format", coverage->format, "output format")
      ->check(CLI::IsMember({"text", "json"}));
  c->callback([coverage, &exitCode] { exitCode = runCoverage(*coverage); });

  auto exporter = std::make_shared<CorpusOptionsCli>();
  CLI::App* e = corpus->add_subcommand(
      "export", "write the corpus as CTS-style JSON lines or Tint-style test folders");
  e->add_option("dir", exporter->dir, "corpus directory")->required();
  e->add_option("--format", exporter->exportFormat, "cts or tint")
      ->required()
      ->check(CLI::IsMember({"cts", "tint"}));
  e->add_option("--out", exporter->out, "output directory")->required();
  e->callback([exporter, &exitCode] { exitCode = runExport(*exporter); });
}

}  // namespace plumb::cli
