#include "oracle/wgsl/report_merge.h"

#include "oracle/wgsl/oracle.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace plumb::oracle {

void markShard(nlohmann::json& report, size_t index, size_t count, const std::vector<size_t>& positions) {
  report["shard"] = {{"index", index}, {"count", count}};
  nlohmann::json& cases = report["cases"];
  for (size_t i = 0; i < cases.size() && i < positions.size(); ++i) cases[i]["position"] = positions[i];
}

namespace {

std::vector<std::string> backendNames(const nlohmann::json& report) {
  std::vector<std::string> names;
  for (const nlohmann::json& b : report.value("backends", nlohmann::json::array()))
    names.push_back(b.value("name", ""));
  return names;
}

double number(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_number() ? j[key].get<double>() : 0.0;
}

}  // namespace

std::optional<nlohmann::json> mergeReports(const std::vector<nlohmann::json>& reports, std::string& error) {
  if (reports.empty()) {
    error = "no report to merge";
    return std::nullopt;
  }
  for (size_t r = 0; r < reports.size(); ++r) {
    const nlohmann::json& j = reports[r];
    if (!j.is_object() || j.value("format", "") != "plumb-oracle-report" || j.value("version", 0) != 1) {
      error = "report " + std::to_string(r + 1) + " is not a plumb-oracle-report of version 1";
      return std::nullopt;
    }
    if (j.value("revision", "") != reports[0].value("revision", "")) {
      error = "report " + std::to_string(r + 1) + " is of revision " + j.value("revision", "?") +
              ", report 1 of " + reports[0].value("revision", "?") + ": they cannot be merged";
      return std::nullopt;
    }
    if (backendNames(j) != backendNames(reports[0])) {
      error = "report " + std::to_string(r + 1) + " ran other backends than report 1";
      return std::nullopt;
    }
  }
  // Shards: all of one count, each index once. Reports without a shard mark keep their order.
  bool sharded = reports[0].contains("shard");
  std::set<size_t> indexes;
  for (size_t r = 0; r < reports.size(); ++r) {
    const nlohmann::json& j = reports[r];
    if (j.contains("shard") != sharded) {
      error = "reports 1 and " + std::to_string(r + 1) + ": one is a shard, the other not";
      return std::nullopt;
    }
    if (!sharded) continue;
    size_t count = j["shard"].value("count", 0), index = j["shard"].value("index", 0);
    if (count != reports[0]["shard"].value("count", size_t{0})) {
      error = "report " + std::to_string(r + 1) + " is a shard of " + std::to_string(count) +
              ", report 1 of " + std::to_string(reports[0]["shard"].value("count", 0));
      return std::nullopt;
    }
    if (!indexes.insert(index).second) {
      error = "shard " + std::to_string(index) + "/" + std::to_string(count) + " is given twice";
      return std::nullopt;
    }
  }

  nlohmann::json merged = reports[0];
  merged.erase("shard");
  // Cases, each once, in the order of one run.
  std::vector<nlohmann::json> cases;
  std::set<std::string> ids;
  for (const nlohmann::json& j : reports)
    for (const nlohmann::json& c : j.value("cases", nlohmann::json::array())) {
      std::string key = c.value("file", "") + "\n" + c.value("id", "");
      if (!ids.insert(key).second) {
        error = "case '" + c.value("id", "") + "' (" + c.value("file", "") + ") is in two reports";
        return std::nullopt;
      }
      cases.push_back(c);
    }
  if (sharded)
    std::stable_sort(cases.begin(), cases.end(), [](const nlohmann::json& a, const nlohmann::json& b) {
      return a.value("position", size_t(0)) < b.value("position", size_t(0));
    });
  for (nlohmann::json& c : cases) c.erase("position");
  merged["cases"] = cases;

  // Backends: counters summed.
  nlohmann::json& backends = merged["backends"];
  for (size_t b = 0; b < backends.size(); ++b) {
    nlohmann::json& m = backends[b];
    double seconds = 0, start = 0;
    long casesRun = 0, restarts = 0;
    bool available = true;
    std::string errors;
    for (const nlohmann::json& j : reports) {
      const nlohmann::json& x = j["backends"][b];
      seconds += number(x, "seconds");
      start += number(x, "startSeconds");
      casesRun += static_cast<long>(number(x, "casesRun"));
      restarts += static_cast<long>(number(x, "restarts"));
      available = available && x.value("available", true);
      if (x.contains("error") && errors.find(x.value("error", "")) == std::string::npos)
        errors += (errors.empty() ? "" : "; ") + x.value("error", "");
    }
    m["seconds"] = std::round(seconds * 1000) / 1000;
    m["startSeconds"] = std::round(start * 1000) / 1000;
    m["casesRun"] = casesRun;
    m["restarts"] = restarts;
    m["available"] = available;
    if (!errors.empty()) m["error"] = errors;
    m.erase("casesPerSecond");
    if (casesRun > 0 && seconds > 0) m["casesPerSecond"] = std::round(casesRun / seconds * 10) / 10;
  }

  // The outcome comparison and the summary, from the joined cases (as for one run).
  summarizeReport(merged);
  return merged;
}

}  // namespace plumb::oracle
