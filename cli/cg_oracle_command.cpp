// plumb cg oracle INPUT... [--cgc PATH] [--profile P] [--entry E | --noentry] [--root DIR]
//                 [--report FILE.json] [--format text|json] [--all] [--known-bugs FILE]
// Runs cgc and Plumb's Cg front end on each program of the inputs (a .cg file, a directory of
// them, the recorded edge programs tests/data/cg/cgc_verdicts.jsonl, or a plumb-cg-programs
// manifest of scripts/cg_realworld.py or plumb gen cg), compares the verdicts and, for programs
// that return a closed expression, the value cgc folds with Plumb's evaluator's set, and
// classifies each difference (docs/cg.md "Oracle", "Folded values"). Exit 0 when nothing is
// classified plumb-bug, verdict or value (with --known-bugs: exactly
// the listed programs are) and cgc's verdicts match the recorded ones, 1 otherwise, 2 on a usage
// error, 77 when cgc is not installed.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "cli/cg_command.h"
#include "cli/cg_oracle_command.h"
#include "cli/commands.h"
#include "cli/progress.h"
#include "oracle/cg/cg_oracle.h"
#include "semantics/atomic_file.h"

namespace plumb::cli {
namespace {

struct CgOracleOptions {
  std::vector<std::string> inputs;
  std::string cgc;
  std::string profile = "gp4fp";
  std::string entry = "main";
  bool noEntry = false;
  std::string root;
  std::string report;
  std::string format = "text";
  bool all = false;
  std::string knownBugs;
  bool strictReserved = false;
  std::string dialect = "seed";
};

/// The program names of a known-bugs file: one a line, `#` starts a comment.
std::set<std::string> readKnownBugs(const std::string& path, bool& ok) {
  std::set<std::string> names;
  std::ifstream in(path);
  ok = static_cast<bool>(in);
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    size_t b = line.find_first_not_of(" \t"), e = line.find_last_not_of(" \t\r");
    if (b != std::string::npos) names.insert(line.substr(b, e - b + 1));
  }
  return names;
}

int runCgOracle(const CgOracleOptions& o) {
  std::optional<std::string> cgc = cg::findCgc(o.cgc);
  if (!cgc) {
    std::cerr << "plumb cg oracle: cgc is not installed"
              << (o.cgc.empty() ? " (not on PATH)" : " (" + o.cgc + " is not executable)")
              << "; scripts/cg_oracle_setup.sh installs it\n";
    return kCgcAbsent;
  }
  std::vector<cg::OracleProgram> programs;
  for (const std::string& input : o.inputs) {
    std::string error;
    if (!cg::loadOracleInputs(input, o.profile, o.noEntry ? "" : o.entry, o.root, programs,
                              error)) {
      std::cerr << "plumb cg oracle: " << error << "\n";
      return kUsage;
    }
  }
  std::vector<cg::OracleItem> items;
  items.reserve(programs.size());
  for (cg::OracleProgram& p : programs) {
    cg::OracleItem item;
    item.program = p;
    // A program given by its text (the recorded edge programs) is compiled from a temporary
    // file; a file is compiled where it is, so that its includes resolve.
    std::string path = p.path;
    std::string temporary;
    if (path.empty()) {
      temporary = (std::filesystem::temp_directory_path() /
                   ("plumb-cg-oracle-" + std::to_string(::getpid()) + ".cg"))
                      .string();
      std::string error;
      if (!writeFileAtomically(temporary, p.source, error)) {
        std::cerr << "plumb cg oracle: " << error << "\n";
        return kUsage;
      }
      path = temporary;
    }
    cg::CgcInvocation invocation;
    invocation.file = path;
    invocation.profile = p.profile;
    invocation.entry = p.entry;
    invocation.defines = p.defines;
    invocation.includeDirs = p.includeDirs;
    item.cgc = cg::runCgc(*cgc, invocation);
    if (!temporary.empty()) std::filesystem::remove(temporary);
    cg::ParseOptions parse;
    parse.lex.strictReservedWords = o.strictReserved;
    parse.lex.dialect = *cg::dialectNamed(o.dialect);
    item.plumb = cg::judgeWithPlumb(p, parse);
    item.classification = cg::classify(p, item.plumb, item.cgc);
    // A closed expression: the value cgc folds against Plumb's set (docs/cg.md "Folded values").
    if (p.fold) item.fold = cg::compareFold(p, cg::foldWithPlumb(p), item.cgc);
    items.push_back(std::move(item));
  }
  nlohmann::json report = cg::oracleReport(items, cg::cgcVersion(*cgc), o.all);
  report["dialect"] = o.dialect;
  if (!o.report.empty()) {
    std::string error;
    if (!writeFileAtomically(o.report, report.dump(2) + "\n", error)) {
      std::cerr << "plumb cg oracle: " << error << "\n";
      return kUsage;
    }
  }
  if (o.format == "json") {
    std::cout << report.dump(2) << "\n";
  } else {
    std::cout << "cgc " << report["cgc_version"].get<std::string>() << ", " << items.size()
              << " programs" << (o.dialect == "seed" ? "" : " (dialect " + o.dialect + ")") << ":";
    for (const auto& [kind, n] : report["counts"].items()) std::cout << " " << kind << " " << n;
    std::cout << "\n";
    size_t folds = 0;
    for (const auto& [kind, n] : report["fold_counts"].items()) folds += n.get<size_t>();
    if (folds > 0) {
      std::cout << folds << " folded values:";
      for (const auto& [kind, n] : report["fold_counts"].items())
        std::cout << " " << kind << " " << n;
      std::cout << "\n";
    }
    for (const nlohmann::json& it : report["items"]) {
      const std::string kind = it["classification"];
      if (it.contains("fold")) {
        const std::string fk = it["fold"]["classification"];
        if (fk != "agree" && fk != "not-folded") {
          std::cout << "  value " << fk << ": " << it["program"].get<std::string>() << " ["
                    << it["profile"].get<std::string>() << "]\n    "
                    << it["fold"]["reason"].get<std::string>() << "\n";
        } else if (o.all) {
          std::cout << "  value " << fk << ": " << it["program"].get<std::string>() << "\n";
        }
      }
      if (kind == "agree" && !o.all) continue;
      std::cout << "  " << kind << ": " << it["program"].get<std::string>() << " ["
                << it["profile"].get<std::string>() << "] plumb "
                << it["plumb"]["verdict"].get<std::string>() << ", cgc "
                << it["cgc"]["verdict"].get<std::string>();
      if (!it["cgc"]["errors"].empty()) {
        std::cout << " (" << it["cgc"]["errors"][0]["code"].get<std::string>() << ": "
                  << it["cgc"]["errors"][0]["message"].get<std::string>() << ")";
      }
      std::cout << "\n    " << it["reason"].get<std::string>() << "\n";
    }
    if (report["cgc_changed_since_recorded"].get<size_t>() > 0) {
      std::cout << report["cgc_changed_since_recorded"].get<size_t>()
                << " programs where cgc's verdict differs from the recorded one\n";
    }
  }
  bool bugs = report["counts"]["plumb-bug"].get<size_t>() > 0 ||
              report["fold_counts"]["plumb-bug"].get<size_t>() > 0;
  if (!o.knownBugs.empty()) {
    // Known open Plumb bugs (tests/data/cg/known_plumb_bugs.txt): the run passes when the
    // plumb-bug programs are exactly these, so a new bug and a fixed one both show.
    bool ok = false;
    std::set<std::string> known = readKnownBugs(o.knownBugs, ok);
    if (!ok) {
      std::cerr << "plumb cg oracle: cannot read " << o.knownBugs << "\n";
      return kUsage;
    }
    std::set<std::string> found;
    for (const cg::OracleItem& it : items) {
      if (it.classification.kind == "plumb-bug") found.insert(it.program.name);
      // A value Plumb gets wrong is listed as "NAME value".
      if (it.fold && it.fold->kind == "plumb-bug") found.insert(it.program.name + " value");
    }
    bugs = false;
    for (const std::string& f : found) {
      if (!known.count(f)) {
        std::cout << "new plumb-bug: " << f << "\n";
        bugs = true;
      }
    }
    for (const std::string& k : known) {
      if (!found.count(k)) {
        std::cout << "fixed (remove it from " << o.knownBugs << "): " << k << "\n";
        bugs = true;
      }
    }
  }
  const bool changed = report["cgc_changed_since_recorded"].get<size_t>() > 0;
  return bugs || changed ? kRejected : kOk;
}

}  // namespace

void registerCgOracle(CLI::App& app, int& exitCode) {
  CLI::App* cg = nullptr;
  try {
    cg = app.get_subcommand("cg");
  } catch (const CLI::OptionNotFound&) {  // no `cg` group yet: this command creates it
  }
  if (!cg) {
    cg = app.add_subcommand("cg", "The Cg 2.0 seed (issue 21)");
    cg->require_subcommand(1);
  }
  auto o = std::make_shared<CgOracleOptions>();
  CLI::App* c = cg->add_subcommand(
      "oracle", "Compare Plumb's Cg verdicts with NVIDIA's cgc (scripts/cg_oracle_setup.sh)");
  c->add_option("inputs", o->inputs,
                "A .cg file, a directory, tests/data/cg/cgc_verdicts.jsonl or a plumb-cg-programs "
                "manifest (scripts/cg_realworld.py, plumb gen cg)")
      ->required();
  c->add_option("--cgc", o->cgc, "The cgc to run (default: cgc on PATH)");
  c->add_option("--profile", o->profile, "Profile of .cg files and directories (default gp4fp)");
  c->add_option("--entry", o->entry, "Entry function of .cg files and directories (default main)");
  c->add_flag("--noentry", o->noEntry, "Check every function, no entry (cgc -noentry -nocode)");
  c->add_option("--root", o->root, "Root of a manifest's collection (default: the one it names)");
  c->add_option("--report", o->report, "Write the JSON report (plumb-cg-oracle-report v1)");
  c->add_option("--format", o->format, "text or json")->check(CLI::IsMember({"text", "json"}));
  c->add_flag("--all", o->all, "List the agreeing programs too");
  c->add_flag("--strict-reserved", o->strictReserved,
              "Plumb rejects every reserved word of the seed as a name, also those cgc accepts "
              "(texture, string, __x)");
  addCgDialectOption(*c, o->dialect);
  c->add_option("--known-bugs", o->knownBugs,
                "A file of the programs known as plumb-bug: exit 0 when exactly these are");
  c->callback([o, &exitCode] { exitCode = runCgOracle(*o); });
}

}  // namespace plumb::cli
