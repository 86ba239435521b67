// cts_current: runs Plumb over the WebGPU CTS shader-validation expectations of 2025-11
// (corpus/cts-current/validation.jsonl.gz, from shared/conformance/cts-current) under a chosen
// revision, and reports how often Plumb agrees, by CTS directory and file, with the rules of
// Plumb's first error where it rejects what the CTS accepts (docs/revision-2026.md).
//
// Line kinds: "compile" (the module must be valid iff expected), "pipeline" (the module must
// be valid and a compute pipeline with the constants must be created iff expected: Plumb
// checks with pipeline creation and the overrides), "warn" (the module must be valid, with a
// warning iff expected). Exit status 0 iff the agreement is at least --min-agreement percent
// and nothing crashed; 1 otherwise; 2 on usage errors or unreadable data.
//
//   cts_current [--data PATH] [--file NAME]... [--revision R] [--min-agreement PCT]
//               [--report PATH] [--list-disagreements] [--sample N]

#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/checker.h"
#include "cts_runner.h"
#include "semantics/wgsl/parser.h"

#ifndef PLUMB_CTS_CURRENT_DATA
#define PLUMB_CTS_CURRENT_DATA "corpus/cts-current/validation.jsonl.gz"
#endif

namespace {

using namespace plumb::cts;

void usage(std::ostream& out) {
  out << "usage: cts_current [--data PATH] [--file NAME]... [--revision R] [--min-agreement PCT]\n"
         "                   [--report PATH] [--list-disagreements] [--sample N]\n"
         "  --data PATH            validation.jsonl.gz (default " PLUMB_CTS_CURRENT_DATA
         ")\n"
         "  --file NAME            only the cases of this CTS file, e.g. parse,requires\n"
         "  --revision R           2022-06 or 2026 (default 2022-06)\n"
         "  --min-agreement PCT    fail when fewer cases agree (default 0)\n"
         "  --report PATH          write a JSON report with every disagreement\n"
         "  --list-disagreements   print every disagreement\n"
         "  --sample N             every Nth case of each CTS test only\n";
}

struct Stats {
  size_t total = 0, agree = 0;
  size_t falseReject = 0;  // the CTS expects success, Plumb reports an error
  size_t falseAccept = 0;  // the CTS expects an error (or a warning), Plumb has none
};

/// A pipeline constant as the WGSL text CheckOptions::overrides takes; empty if it has none
/// (NaN and the infinities cannot be written in WGSL).
std::string constantText(const nlohmann::json& v) {
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  if (v.is_number_unsigned()) return std::to_string(v.get<uint64_t>());
  if (v.is_number_float()) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v.get<double>());
    std::string s = buf;
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    return s;
  }
  if (v.is_string()) {
    std::string s = v.get<std::string>();
    if (s == "_negzero_") return "-0.0";
    if (!s.empty() && s.back() == 'n') return s.substr(0, s.size() - 1);  // a bigint
  }
  return "";
}

int run(const Options& o) {
  const plumb::Revision* revision = plumb::Revision::byName(o.revision);
  if (!revision) {
    std::cerr << "cts_current: unknown revision '" << o.revision << "' (known: 2022-06, 2026)\n";
    return kUsage;
  }
  std::string text, error;
  if (!readGzip(o.data, text, error)) {
    std::cerr << "cts_current: cannot read '" << o.data << "': " << error << "\n";
    return kUsage;
  }
  std::map<std::string, Stats> byFile, byDirectory, byKind;
  std::map<std::string, size_t> rejectRules;  // first error rule of false rejections
  std::map<std::string, size_t> caseIndex;
  Stats all;
  size_t crashes = 0, skipped = 0, lineNumber = 0;
  nlohmann::json disagreements = nlohmann::json::array();
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    ++lineNumber;
    if (line.empty()) continue;
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(line);
    } catch (const std::exception& e) {
      std::cerr << o.data << ":" << lineNumber << ": malformed line: " << e.what() << "\n";
      return kUsage;
    }
    std::string test = j.at("test").get<std::string>();
    std::string file = ctsFile(test, "webgpu:shader,validation,");
    if (!o.files.empty() && !o.files.count(file)) continue;
    if (!o.runs(caseIndex[test]++)) continue;
    std::string kind = j.at("kind").get<std::string>();
    bool expected = j.at("expected").get<bool>();
    plumb::CheckOptions options;
    if (kind == "pipeline") {
      options.pipelineCreation = true;
      bool expressible = true;
      if (j.contains("constants"))
        for (const auto& [name, value] : j["constants"].items()) {
          std::string t = constantText(value);
          if (t.empty()) expressible = false;
          options.overrides.push_back({name, t});
        }
      if (!expressible) {
        ++skipped;
        continue;
      }
    }
    std::string key =
        test + " " + j.at("params").dump(-1, ' ', true, nlohmann::json::error_handler_t::replace);
    bool plumbOk = false;
    bool warned = false;
    std::string firstRule, firstMessage;
    setCurrentCase(key.c_str());
    try {
      plumb::SourceFile source("cts.wgsl", j.at("code").get<std::string>());
      plumb::DiagnosticList diagnostics;
      auto module = plumb::parseModule(source, *revision, diagnostics);
      if (!diagnostics.hasErrors()) plumb::check(*module, diagnostics, options);
      plumbOk = !diagnostics.hasErrors();
      for (const plumb::Diagnostic& d : diagnostics.all()) {
        if (d.severity == plumb::Severity::Warning) warned = true;
        if (d.severity == plumb::Severity::Error && firstRule.empty()) {
          firstRule = d.rule;
          firstMessage = d.message;
        }
      }
    } catch (const std::exception& e) {
      ++crashes;
      std::cout << "CRASH " << key << ": " << e.what() << "\n";
      setCurrentCase(nullptr);
      continue;
    }
    setCurrentCase(nullptr);
    // A warn line expects a valid module with (or without) a warning.
    bool agree = kind == "warn" ? plumbOk && warned == expected : plumbOk == expected;
    std::string directory = file.substr(0, file.find(','));
    for (Stats* s : {&all, &byFile[file], &byDirectory[directory], &byKind[kind]}) {
      ++s->total;
      if (agree)
        ++s->agree;
      else if (!plumbOk && (expected || kind == "warn"))
        ++s->falseReject;
      else
        ++s->falseAccept;
    }
    if (agree) continue;
    if (!plumbOk && expected) ++rejectRules[firstRule];
    if (o.listDisagreements)
      std::cout << (plumbOk ? "ACCEPTS " : "REJECTS ") << key << " [" << kind << ", expected "
                << expected << "]" << (plumbOk ? "" : ": " + firstMessage + " [" + firstRule + "]")
                << "\n";
    if (!o.report.empty())
      disagreements.push_back({{"test", test},
                               {"params", j["params"]},
                               {"kind", kind},
                               {"expected", expected},
                               {"plumb", plumbOk},
                               {"rule", firstRule},
                               {"message", firstMessage}});
  }
  auto percent = [](const Stats& s) { return s.total ? 100.0 * s.agree / s.total : 100.0; };
  auto print = [&](const std::string& name, const Stats& s) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "%-44s %7zu/%-7zu %6.2f%%  (Plumb rejects %zu, accepts %zu)",
                  name.c_str(), s.agree, s.total, percent(s), s.falseReject, s.falseAccept);
    std::cout << buf << "\n";
  };
  std::cout << "revision " << revision->name << ": cases by kind\n";
  for (const auto& [k, s] : byKind) print(k, s);
  std::cout << "by CTS directory\n";
  for (const auto& [d, s] : byDirectory) print(d, s);
  if (o.files.size() != 1) {
    std::cout << "files with disagreements, most first\n";
    std::vector<std::pair<std::string, Stats>> files(byFile.begin(), byFile.end());
    std::stable_sort(files.begin(), files.end(), [](const auto& a, const auto& b) {
      return a.second.total - a.second.agree > b.second.total - b.second.agree;
    });
    for (const auto& [f, s] : files)
      if (s.agree != s.total) print(f, s);
  }
  std::cout << "first error rule where Plumb rejects a case the CTS accepts, most first\n";
  std::vector<std::pair<std::string, size_t>> rules(rejectRules.begin(), rejectRules.end());
  std::stable_sort(rules.begin(), rules.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  for (const auto& [r, n] : rules)
    std::cout << "  " << n << "  " << (r.empty() ? "(none)" : r) << "\n";
  print("TOTAL", all);
  if (skipped) std::cout << skipped << " pipeline cases skipped (NaN or infinite constants)\n";
  if (crashes) std::cout << crashes << " crashes\n";
  if (!o.report.empty()) {
    nlohmann::json files = nlohmann::json::object();
    for (const auto& [f, s] : byFile)
      files[f] = {{"total", s.total},
                  {"agree", s.agree},
                  {"plumbRejects", s.falseReject},
                  {"plumbAccepts", s.falseAccept}};
    nlohmann::json report = {{"format", "plumb-cts-validation"},
                             {"version", 1},
                             {"revision", std::string(revision->name)},
                             {"data", o.data},
                             {"sample", o.sample},
                             {"files", files},
                             {"disagreements", disagreements}};
    if (!writeReport("cts_current", o.report, report)) return kUsage;
  }
  bool ok = crashes == 0 && percent(all) >= o.minAgreement;
  if (percent(all) < o.minAgreement)
    std::cout << "FAIL: agreement " << percent(all) << "% is below --min-agreement "
              << o.minAgreement << "%\n";
  return ok ? kOk : kFailed;
}

}  // namespace

int main(int argc, char** argv) {
  Options defaults;
  defaults.data = PLUMB_CTS_CURRENT_DATA;
  return runnerMain(argc, argv, "cts_current", defaults, usage, run);
}
