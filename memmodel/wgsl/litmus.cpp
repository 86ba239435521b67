// The WGSL litmus header and its verdict (wgsl_litmus.h).
#include "memmodel/wgsl/litmus.h"

#include <algorithm>
#include <set>
#include <sstream>

namespace plumb::memmodel::wgsl {

namespace {

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

std::string joined(const std::vector<std::string>& w) {
  std::string s;
  for (const std::string& x : w) s += (s.empty() ? "" : " ") + x;
  return s;
}

bool parseDispatchText(const std::string& text, std::array<uint32_t, 3>& out) {
  out = {1, 1, 1};
  std::istringstream d(text);
  std::string part;
  int k = 0;
  for (; std::getline(d, part, ','); ++k) {
    if (k == 3 || part.empty() || part.size() > 5 ||
        part.find_first_not_of("0123456789") != std::string::npos)
      return false;
    unsigned long v = std::stoul(part);
    if (v < 1 || v > 65535) return false;
    out[k] = static_cast<uint32_t>(v);
  }
  return k >= 1;
}

}  // namespace

LitmusHeader parseLitmusHeader(const std::string& text) {
  LitmusHeader h;
  std::istringstream in(text);
  int lineNo = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.starts_with("// @")) continue;
    std::vector<std::string> w = words(line.substr(4));
    if (w.empty()) continue;
    std::string where = "line " + std::to_string(lineNo) + ": ";
    const std::string& d = w[0];
    std::vector<std::string> rest(w.begin() + 1, w.end());
    if (d == "dispatch") {
      std::array<uint32_t, 3> size;
      if (rest.size() != 1 || !parseDispatchText(rest[0], size))
        h.errors.push_back(where + "@dispatch takes X[,Y[,Z]], each in [1, 65535]");
      else
        h.dispatch = size;
    } else if (d == "observe") {
      if (rest.empty()) h.errors.push_back(where + "@observe names at least one location");
      h.observe = rest;
    } else if (d == "allowed" || d == "forbidden") {
      (d == "allowed" ? h.allowed : h.forbidden).push_back(rest);
    } else if (d == "races") {
      if (rest.size() != 1 || (rest[0] != "some" && rest[0] != "none"))
        h.errors.push_back(where + "@races is 'some' or 'none'");
      else
        h.races = rest[0] == "some";
    } else {
      h.errors.push_back(where + "unknown directive '@" + d +
                         "' (known: @dispatch, @observe, @allowed, @forbidden, @races)");
      continue;
    }
    h.present = true;
  }
  if ((!h.allowed.empty() || !h.forbidden.empty()) && h.observe.empty())
    h.errors.push_back("@allowed and @forbidden need an @observe line naming the locations");
  for (const auto* outcomes : {&h.allowed, &h.forbidden})
    for (const auto& o : *outcomes)
      if (!h.observe.empty() && o.size() != h.observe.size())
        h.errors.push_back("the outcome '" + joined(o) + "' has " + std::to_string(o.size()) +
                           " values; @observe names " + std::to_string(h.observe.size()));
  return h;
}

std::vector<std::string> projectState(const FinalState& s,
                                      const std::vector<std::string>& observe) {
  std::vector<std::string> projected;
  for (const std::string& name : observe) {
    std::string value = "?";
    for (const auto& [n, v] : s.values)
      if (n == name) value = v;
    projected.push_back(value);
  }
  return projected;
}

LitmusVerdict judgeLitmus(const LitmusHeader& h, const ExploreResult& r) {
  LitmusVerdict v;
  for (const std::string& e : h.errors) v.reasons.push_back("malformed header: " + e);
  if (!r.ran) {
    v.reasons.push_back("the program was not explored");
    return v;
  }
  if (!r.complete)
    v.reasons.push_back(
        "the exploration is incomplete (a bound was hit): the states found are "
        "some, not all");
  std::set<std::vector<std::string>> found;
  for (const FinalState& s : r.states) {
    if (s.kind != "finished")
      v.reasons.push_back("a final state is a " + s.kind + ": " + stateLine(s));
    found.insert(projectState(s, h.observe));
  }
  if (!h.allowed.empty()) {
    std::set<std::vector<std::string>> allowed(h.allowed.begin(), h.allowed.end());
    for (const auto& o : allowed)
      if (!found.count(o)) v.reasons.push_back("allowed outcome not found: " + joined(o));
    for (const auto& o : found)
      if (!allowed.count(o))
        v.reasons.push_back("outcome found that is not @allowed: " + joined(o));
  }
  for (const auto& o : h.forbidden)
    if (found.count(o)) v.reasons.push_back("forbidden outcome found: " + joined(o));
  if (h.races && *h.races != !r.races.empty())
    v.reasons.push_back(*h.races ? "@races some, but every consistent execution is race-free"
                                 : "@races none, but some consistent execution has a data race");
  v.ok = v.reasons.empty();
  return v;
}

}  // namespace plumb::memmodel::wgsl
