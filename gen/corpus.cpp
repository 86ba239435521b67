#include "gen/corpus.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "gen/derive.h"
#include "gen/family.h"
#include "gen/generator.h"
#include "semantics/atomic_file.h"

namespace plumb::gen {

namespace fs = std::filesystem;

namespace {

bool readText(const fs::path& p, std::string& out) {
  std::error_code ec;
  if (!fs::is_regular_file(p, ec)) return false;
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  out = s.str();
  return static_cast<bool>(in) || in.eof();
}

}  // namespace

Corpus loadCorpus(const std::string& dir) {
  Corpus corpus;
  corpus.dir = dir;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    corpus.errors.push_back("'" + dir + "' is not a directory");
    return corpus;
  }
  std::vector<fs::path> manifests;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    std::string n = e.path().filename().string();
    if (n.starts_with("manifest") && n.ends_with(".json")) manifests.push_back(e.path());
  }
  std::sort(manifests.begin(), manifests.end());
  if (manifests.empty())
    corpus.errors.push_back("'" + dir + "' has no manifest.json (plumb-corpus)");
  std::set<std::string> listed;
  for (const fs::path& m : manifests) {
    std::string text;
    nlohmann::json j;
    if (readText(m, text)) j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || j.value("format", "") != kCorpusFormat ||
        j.value("version", 0) != kCorpusVersion) {
      corpus.errors.push_back(m.string() + ": not a plumb-corpus v1 manifest");
      continue;
    }
    if (j.contains("families") && j["families"].is_object()) {
      for (const auto& [family, f] : j["families"].items()) {
        if (!f.contains("files")) continue;
        for (const nlohmann::json& file : f["files"]) {
          std::string rel = file.get<std::string>();
          if (!listed.insert(rel).second) continue;
          std::string caseText;
          if (!readText(fs::path(dir) / rel, caseText)) {
            corpus.errors.push_back(rel + ": listed in " + m.filename().string() + " but missing");
            continue;
          }
          nlohmann::json cj = nlohmann::json::parse(caseText, nullptr, false);
          std::string error;
          std::optional<GeneratedCase> c =
              cj.is_discarded() ? std::nullopt : caseFromJson(cj, error);
          if (!c) {
            corpus.errors.push_back(rel + ": " + (cj.is_discarded() ? "not JSON" : error));
            continue;
          }
          corpus.cases.push_back({rel, std::move(*c)});
        }
      }
    }
    corpus.manifests.push_back(std::move(j));
  }
  return corpus;
}

VerifyResult verifyCorpus(const Corpus& corpus,
                          const std::function<void(const std::string&)>& progress) {
  VerifyResult r;
  std::map<std::string, const GeneratedCase*> byName;  // family/name
  for (const LoadedCase& lc : corpus.cases) byName[lc.c.family + "/" + lc.c.name] = &lc.c;
  for (const std::string& e : corpus.errors) r.mismatches.push_back(e);
  for (const LoadedCase& lc : corpus.cases) {
    ++r.checked;
    const GeneratedCase& c = lc.c;
    std::string why;
    if (c.rule.side == Side::Valid && c.expect.value("verdict", "") == "invalid")
      why = "the case is on the valid side of its row but expects an invalid verdict";
    else if (c.rule.side == Side::Invalid && c.expect.value("verdict", "") != "invalid")
      why = "the case is on the invalid side of its row but expects a valid verdict";
    if (why.empty() && !c.twin.empty()) {
      auto it = byName.find(c.family + "/" + c.twin);
      if (it == byName.end())
        why = "its twin '" + c.twin + "' is not in the corpus";
      else if (it->second->rule.rowId != c.rule.rowId)
        why = "its twin '" + c.twin + "' is not in the same row";
      else if (it->second->rule.side == c.rule.side &&
               !(c.kind != CaseKind::Validation && it->second->kind == c.kind &&
                 it->second->expect != c.expect))
        // Run and explore twins may both be valid programs: they are then the two sides of
        // an outcome boundary, and their outcome sets must differ.
        why = "its twin '" + c.twin + "' is neither on the other side of the row nor a " +
              "runnable case with a different outcome set";
    }
    if (why.empty()) why = compareExpectations(c.expect, deriveExpectation(c));
    if (why.empty())
      ++r.matched;
    else
      r.mismatches.push_back(lc.file + ": " + why);
    if (progress && r.checked % 64 == 0)
      progress("verified " + std::to_string(r.checked) + "/" + std::to_string(corpus.cases.size()));
  }
  return r;
}

std::vector<CoverageRow> corpusCoverage(const Corpus& corpus) {
  std::vector<CoverageRow> out;
  std::map<std::pair<std::string, std::string>, size_t> index;
  std::set<std::string> familiesSeen;
  for (const LoadedCase& lc : corpus.cases) familiesSeen.insert(lc.c.family);
  for (const nlohmann::json& m : corpus.manifests)
    if (m.contains("families"))
      for (const auto& [name, f] : m["families"].items()) familiesSeen.insert(name);
  for (const std::string& name : familiesSeen) {
    const Family* family = familyByName(name);
    if (!family) continue;
    for (const RuleRow& row : family->rows()) {
      index[{name, row.id}] = out.size();
      out.push_back({name, row.id, row.anchor, row.row, 0, 0, row.noValid, row.noInvalid});
    }
  }
  for (const LoadedCase& lc : corpus.cases) {
    auto it = index.find({lc.c.family, lc.c.rule.rowId});
    if (it == index.end()) {
      index[{lc.c.family, lc.c.rule.rowId}] = out.size();
      out.push_back({lc.c.family, lc.c.rule.rowId, lc.c.rule.anchor, lc.c.rule.row, 0, 0, "",
                     "(a row the current Plumb does not list)"});
      it = index.find({lc.c.family, lc.c.rule.rowId});
    }
    CoverageRow& row = out[it->second];
    ++(lc.c.rule.side == Side::Valid ? row.valid : row.invalid);
  }
  return out;
}

std::string exportCorpus(const Corpus& corpus, const std::string& format,
                         const std::string& outDir) {
  std::error_code ec;
  fs::create_directories(outDir, ec);
  if (ec) return "cannot create '" + outDir + "': " + ec.message();
  std::string error;
  if (format == "cts") {
    // One file of JSON lines, in the shape of ../shared/conformance (test, params, kind,
    // expected, code, constants).
    std::string lines;
    for (const LoadedCase& lc : corpus.cases) {
      const GeneratedCase& c = lc.c;
      bool pipeline = c.options.pipelineCreation;
      nlohmann::json row = {
          {"test", "plumb:gen," + c.family + "," + c.rule.rowId},
          {"params",
           {{"name", c.name}, {"side", sideName(c.rule.side)}, {"anchor", c.rule.anchor}}},
          {"kind", pipeline ? "pipeline" : "compile"},
          {"expected", c.expect.value("verdict", "") != "invalid"},
          {"code", c.wgsl}};
      if (pipeline && !c.options.overrides.empty()) {
        nlohmann::json constants = nlohmann::json::object();
        for (const auto& [k, v] : c.options.overrides) constants[k] = v;
        row["constants"] = constants;
      }
      if (c.options.strictUniformity) row["params"]["strictUniformity"] = true;
      lines += row.dump() + "\n";
    }
    if (!writeFileAtomically((fs::path(outDir) / "validation.jsonl").string(), lines, error))
      return error;
    return "";
  }
  if (format == "tint") {
    // Tint's end-to-end layout: a folder per family of NAME.wgsl files, each with an
    // expectation file beside it: "valid", or "error: LINE:COLUMN [rule]".
    for (const LoadedCase& lc : corpus.cases) {
      const GeneratedCase& c = lc.c;
      fs::path dir = fs::path(outDir) / c.family;
      fs::create_directories(dir, ec);
      fs::path wgsl = dir / (c.name + ".wgsl");
      std::string expected;
      if (c.expect.value("verdict", "") == "invalid")
        expected = "error: " + std::to_string(c.expect.value("line", 0)) + ":" +
                   std::to_string(c.expect.value("column", 0)) + " [" + c.expect.value("rule", "") +
                   "]\n";
      else
        expected = "valid\n";
      if (!writeFileAtomically(wgsl.string(), c.wgsl, error)) return error;
      if (!writeFileAtomically(wgsl.string() + ".expected.txt", expected, error)) return error;
    }
    return "";
  }
  return "unknown export format '" + format + "' (cts or tint)";
}

}  // namespace plumb::gen
