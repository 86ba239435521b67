// cts_validation: runs Plumb over the WebGPU CTS shader validation expectations of June 2022
// (corpus/cts-2022-06/validation.jsonl.gz) and compares its verdicts with the CTS's.
//
// Each case is parsed and checked as `plumb check` does; Plumb accepts iff there is no error
// diagnostic. A disagreement is expected when its case key is in the known-disagreements file
// (`key<TAB>reason-id`, `#` comments). Exit status 0 iff every disagreement is known and every
// known key of the selected files still disagrees, so a fix forces the list to shrink;
// 1 otherwise; 2 on usage errors or unreadable data.
//
//   cts_validation [--data PATH] [--file NAME]... [--known PATH] [--report PATH]
//                  [--list-disagreements] [--emit-known REASON]

#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/checker.h"
#include "cts_runner.h"
#include "semantics/wgsl/parser.h"

#ifndef PLUMB_CTS_VALIDATION_DATA
#define PLUMB_CTS_VALIDATION_DATA "corpus/cts-2022-06/validation.jsonl.gz"
#endif

namespace {

using namespace plumb::cts;

void usage(std::ostream& out) {
  out << "usage: cts_validation [--data PATH] [--file NAME]... [--known PATH] [--report PATH]\n"
         "                      [--list-disagreements] [--emit-known REASON] [--sample N]\n"
         "  --data PATH            validation.jsonl.gz (default " PLUMB_CTS_VALIDATION_DATA ")\n"
         "  --file NAME            only the cases of this CTS file, e.g. parse,literal\n"
         "  --known PATH           known disagreements: lines 'key<TAB>reason-id', '#' comments\n"
         "  --report PATH          write a JSON report\n"
         "  --list-disagreements   print every disagreement, known or not\n"
         "  --emit-known REASON    print the known list for the current disagreements instead:\n"
         "                         listed keys keep their reason, new ones get REASON\n"
         "  --sample N             every Nth case of each CTS test only (known entries are\n"
         "                         then not checked for staleness)\n";
}

/// The CTS file of a query: `webgpu:shader,validation,parse,literal:abstract_int` -> `parse,literal`.
std::string ctsFile(std::string_view test) {
  return plumb::cts::ctsFile(test, "webgpu:shader,validation,");
}

/// The case key: the query, a space, the parameters as compact JSON with sorted keys and
/// non-ASCII characters escaped (so that the known list holds no invisible or line-breaking
/// characters such as U+2028).
std::string caseKey(const std::string& test, const nlohmann::json& params) {
  return test + " " + params.dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
}

struct Case {
  std::string file;
  std::string test;
  nlohmann::json params;
  std::string key;
  bool expected = false;
  std::string code;
};

struct Verdict {
  bool accepted = false;
  bool crashed = false;  // an exception escaped parse or check
  std::string message;   // first error diagnostic (or the exception)
  std::string rule;
  uint32_t line = 0;
  uint32_t column = 0;
};

Verdict runCase(const Case& c) {
  Verdict v;
  try {
    plumb::SourceFile file("cts.wgsl", c.code);
    plumb::DiagnosticList diagnostics;
    std::unique_ptr<plumb::ast::Module> module =
        plumb::parseModule(file, plumb::Revision::wgsl2022_06(), diagnostics);
    if (!diagnostics.hasErrors()) plumb::check(*module, diagnostics);
    v.accepted = !diagnostics.hasErrors();
    for (const plumb::Diagnostic& d : diagnostics.all()) {
      if (d.severity != plumb::Severity::Error) continue;
      v.message = d.message;
      v.rule = d.rule;
      plumb::LineColumn lc = file.position(d.span.begin);
      v.line = lc.line;
      v.column = lc.column;
      break;
    }
  } catch (const std::exception& e) {
    v.crashed = true;
    v.message = std::string("exception: ") + e.what();
  } catch (...) {
    v.crashed = true;
    v.message = "exception of unknown type";
  }
  return v;
}

std::string verdictName(bool accepted) { return accepted ? "accept" : "reject"; }

std::string describe(const Verdict& v) {
  if (v.crashed) return v.message;
  if (v.message.empty()) return "(no diagnostic)";
  return std::to_string(v.line) + ":" + std::to_string(v.column) + ": " + v.message + " [" +
         v.rule + "]";
}

struct FileStats {
  size_t total = 0;
  size_t agree = 0;
  size_t known = 0;       // disagreements listed in the known file
  size_t unexpected = 0;  // disagreements not listed, and crashes
  size_t stale = 0;       // listed keys that now agree or name no case
};

struct KnownEntry {
  std::string reason;
  size_t line = 0;
  bool seen = false;
};

bool readKnown(const std::string& path, std::map<std::string, KnownEntry>& known) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "cts_validation: cannot read known-disagreements file '" << path << "'\n";
    return false;
  }
  std::string line;
  size_t number = 0;
  bool ok = true;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    size_t tab = line.rfind('\t');
    if (tab == std::string::npos || tab == 0 || tab + 1 == line.size()) {
      std::cerr << path << ":" << number << ": expected 'key<TAB>reason-id'\n";
      ok = false;
      continue;
    }
    std::string key = line.substr(0, tab);
    auto [it, inserted] = known.emplace(key, KnownEntry{line.substr(tab + 1), number, false});
    if (!inserted) {
      std::cerr << path << ":" << number << ": duplicate key (first on line " << it->second.line
                << ")\n";
      ok = false;
    }
  }
  return ok;
}

int run(const Options& o) {
  std::string text, error;
  if (!readGzip(o.data, text, error)) {
    std::cerr << "cts_validation: cannot read '" << o.data << "': " << error << "\n";
    return kUsage;
  }
  std::map<std::string, KnownEntry> known;
  if (!o.known.empty() && !readKnown(o.known, known)) return kUsage;

  // Parse the data; a malformed line is a usage error (the data file is broken).
  std::vector<Case> cases;
  std::set<std::string> allFiles;
  size_t lineNumber = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    ++lineNumber;
    if (line.empty()) continue;
    try {
      nlohmann::json j = nlohmann::json::parse(line);
      Case c;
      c.test = j.at("test").get<std::string>();
      c.params = j.at("params");
      c.expected = j.at("expected").get<bool>();
      c.code = j.at("code").get<std::string>();
      c.file = ctsFile(c.test);
      c.key = caseKey(c.test, c.params);
      allFiles.insert(c.file);
      if (!o.files.empty() && !o.files.count(c.file)) continue;
      cases.push_back(std::move(c));
    } catch (const std::exception& e) {
      std::cerr << o.data << ":" << lineNumber << ": malformed case: " << e.what() << "\n";
      return kUsage;
    }
  }
  for (const std::string& f : o.files) {
    if (!allFiles.count(f)) {
      std::cerr << "cts_validation: no cases for CTS file '" << f << "'\n";
      return kUsage;
    }
  }

  std::map<std::string, FileStats> stats;
  nlohmann::json disagreements = nlohmann::json::array();
  std::vector<std::string> failures;  // printed after the summary
  std::vector<std::string> emitted;   // --emit-known lines
  std::map<std::string, size_t> caseIndex;  // by CTS test, for --sample
  for (const Case& c : cases) {
    if (!o.runs(caseIndex[c.test]++)) continue;
    FileStats& s = stats[c.file];
    ++s.total;
    setCurrentCase(c.key.c_str());
    Verdict v = runCase(c);
    setCurrentCase(nullptr);
    auto k = known.find(c.key);
    if (k != known.end()) k->second.seen = true;
    if (v.crashed) {
      ++s.unexpected;
      failures.push_back("CRASH " + c.key + "\n  " + v.message);
      disagreements.push_back({{"test", c.test}, {"params", c.params}, {"key", c.key},
                               {"expected", c.expected}, {"plumb", nullptr},
                               {"crash", v.message}});
      continue;
    }
    if (v.accepted == c.expected) {
      ++s.agree;
      if (k != known.end()) {
        ++s.stale;
        failures.push_back("NOW AGREES (remove from the known list, reason " +
                           k->second.reason + "): " + c.key);
      }
      continue;
    }
    std::string line = c.key + "\n  expected " + verdictName(c.expected) + ", Plumb " +
                       verdictName(v.accepted) + ": " + describe(v);
    nlohmann::json d = {{"test", c.test}, {"params", c.params}, {"key", c.key},
                        {"expected", c.expected}, {"plumb", v.accepted}};
    if (!v.accepted) d["diagnostic"] = {{"message", v.message}, {"rule", v.rule},
                                        {"line", v.line}, {"column", v.column}};
    if (!o.emitKnown.empty())
      emitted.push_back(c.key + "\t" + (k != known.end() ? k->second.reason : o.emitKnown));
    if (k != known.end()) {
      ++s.known;
      d["known"] = k->second.reason;
      if (o.listDisagreements) std::cout << "known (" << k->second.reason << ") " << line << "\n";
    } else {
      ++s.unexpected;
      d["known"] = nullptr;
      if (o.listDisagreements)
        std::cout << "UNEXPECTED " << line << "\n";
      else
        failures.push_back("UNEXPECTED " + line);
    }
    disagreements.push_back(std::move(d));
  }
  // Known keys of the selected files that name no case at all.
  for (const auto& [key, entry] : known) {
    if (entry.seen || o.sampled()) continue;
    std::string file = ctsFile(key.substr(0, key.find(' ')));
    if (!o.files.empty() && !o.files.count(file)) continue;
    ++stats[file].stale;
    failures.push_back(o.known + ":" + std::to_string(entry.line) +
                       ": key names no case: " + key);
  }

  // With --emit-known, stdout is the new known list and the rest goes to stderr.
  bool emit = !o.emitKnown.empty();
  std::ostream& out = emit ? std::cerr : std::cout;
  if (emit) {
    for (const std::string& e : emitted) std::cout << e << "\n";
  } else {
    for (const std::string& f : failures) out << f << "\n";
  }
  bool ok = true;
  nlohmann::json fileReport = nlohmann::json::object();
  for (const auto& [file, s] : stats) {
    size_t disagree = s.total - s.agree;
    out << (file.empty() ? "(unknown)" : file) << ": " << s.agree << "/" << s.total
              << " agree (" << s.known << " known";
    if (s.unexpected) out << ", " << s.unexpected << " unexpected";
    if (s.stale) out << ", " << s.stale << " stale";
    out << ")\n";
    if (s.unexpected || s.stale) ok = false;
    fileReport[file] = {{"total", s.total}, {"agree", s.agree}, {"disagree", disagree},
                        {"known", s.known}, {"unexpected", s.unexpected}, {"stale", s.stale}};
  }

  if (!o.report.empty()) {
    nlohmann::json report = {{"format", "plumb-cts-validation"}, {"version", 1},
                             {"revision", "2022-06"}, {"data", o.data},
                             {"files", fileReport}, {"disagreements", disagreements}};
    if (!writeReport("cts_validation", o.report, report)) return kUsage;
  }
  if (emit) return kOk;
  return ok ? kOk : kFailed;
}

}  // namespace

int main(int argc, char** argv) {
  Options defaults;
  defaults.data = PLUMB_CTS_VALIDATION_DATA;
  return runnerMain(argc, argv, "cts_validation", defaults, usage, run);
}
