// Text, DOT and JSON renderings of an execution (witness.h).
#include "memmodel/witness.h"

#include <sstream>

namespace plumb::memmodel {

std::string eventName(EventId e) {
  return "E" + std::to_string(e);
}

namespace {

// The relations a witness shows, by spirv.als name.
struct Shown {
  const char* name;
  const Relation* relation;
};

std::vector<Shown> shownRelations(const Witness& w) {
  return {{"asmo", &w.execution.asmo},
          {"sw", &w.derived.sw},
          {"fr", &w.derived.fr},
          {"locord", &w.derived.locord},
          {"dr", &w.derived.dr}};
}

std::string pairsText(const Relation& r) {
  std::string out;
  for (auto [a, b] : r.pairs())
    out += (out.empty() ? "" : ", ") + eventName(a) + "->" + eventName(b);
  return out.empty() ? "none" : out;
}

std::string source(const Witness& w, EventId read) {
  if (w.execution.RFINIT.contains(read)) return "init";
  EventSet from = w.execution.rf.predecessors(read);
  return from.empty() ? "?" : eventName(from.members().front());
}

std::string dotEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

}  // namespace

std::string witnessText(const Program& p, const Witness& w, const std::string& indent) {
  std::ostringstream o;
  o << indent << (w.consistent ? "consistent" : "inconsistent") << " execution:\n";
  for (EventId e = 0; e < p.size(); ++e) {
    const Event& ev = p.events[e];
    if (e == 0 || !p.sthd.contains(e - 1, e)) {
      o << indent << "  thread " << ev.thread;
      if (e == 0 || !p.ssg.contains(e - 1, e)) o << " (new subgroup)";
      if (e == 0 || !p.swg.contains(e - 1, e)) o << " (new workgroup)";
      o << "\n";
    }
    o << indent << "    " << eventName(e) << "  " << ev.text;
    if (ev.has(Attr::R)) o << "    [reads-from " << source(w, e) << "]";
    o << "\n";
  }
  for (const Shown& s : shownRelations(w))
    o << indent << "  " << s.name << ": " << pairsText(*s.relation) << "\n";
  return o.str();
}

std::string witnessDot(const Program& p, const Witness& w, const std::string& title) {
  std::ostringstream o;
  o << "digraph \"" << dotEscape(title)
    << "\" {\n  rankdir=TB;\n  node [shape=box, fontname=monospace];\n";
  o << "  label=\"" << dotEscape(title) << (w.consistent ? "" : " (inconsistent)") << "\";\n";
  uint32_t cluster = 0;
  for (EventId e = 0; e < p.size(); ++e) {
    if (e == 0 || !p.sthd.contains(e - 1, e)) {
      if (e != 0) o << "  }\n";
      o << "  subgraph cluster_" << cluster++ << " {\n    label=\"thread " << p.events[e].thread
        << "\";\n";
    }
    o << "    " << eventName(e) << " [label=\"" << eventName(e) << ": "
      << dotEscape(p.events[e].text) << "\"];\n";
  }
  if (p.size() != 0) o << "  }\n";
  if (!w.execution.RFINIT.empty()) o << "  init [shape=ellipse];\n";
  for (auto [a, b] : p.immpo.pairs())
    o << "  " << eventName(a) << " -> " << eventName(b) << " [label=po];\n";
  for (EventId r : w.execution.RFINIT.members())
    o << "  init -> " << eventName(r) << " [label=rf, color=red, fontcolor=red];\n";
  for (auto [a, b] : w.execution.rf.pairs())
    o << "  " << eventName(a) << " -> " << eventName(b)
      << " [label=rf, color=red, fontcolor=red];\n";
  struct Style {
    const Relation* r;
    const char* label;
    const char* attrs;
  };
  const Style styles[] = {
      {&w.execution.asmo, "asmo", "color=blue, fontcolor=blue"},
      {&w.derived.fr, "fr", "color=orange, fontcolor=orange"},
      {&w.derived.sw, "sw", "color=darkgreen, fontcolor=darkgreen"},
      {&w.derived.dr, "dr", "color=purple, fontcolor=purple, style=dashed, dir=none"}};
  for (const Style& s : styles)
    for (auto [a, b] : s.r->pairs()) {
      if (s.r == &w.derived.dr && b < a) continue;  // dr is symmetric: draw it once
      o << "  " << eventName(a) << " -> " << eventName(b) << " [label=" << s.label << ", "
        << s.attrs << "];\n";
    }
  o << "}\n";
  return o.str();
}

nlohmann::json programJson(const Program& p) {
  nlohmann::json events = nlohmann::json::array();
  for (EventId e = 0; e < p.size(); ++e) {
    const Event& ev = p.events[e];
    nlohmann::json sets = nlohmann::json::array();
    for (int a = 0; a < kAttrCount; ++a)
      if (ev.has(static_cast<Attr>(a))) sets.push_back(attrName(static_cast<Attr>(a)));
    nlohmann::json j = {
        {"id", eventName(e)}, {"text", ev.text}, {"thread", ev.thread}, {"sets", sets}};
    if (!ev.variable.empty()) j["variable"] = ev.variable;
    if (ev.readValue) j["readValue"] = *ev.readValue;
    if (ev.writeValue) j["writeValue"] = *ev.writeValue;
    if (ev.cbarInstance >= 0) j["cbarInstance"] = ev.cbarInstance;
    events.push_back(j);
  }
  return events;
}

nlohmann::json witnessJson(const Program& p, const Witness& w) {
  nlohmann::json rf = nlohmann::json::object();
  for (EventId e = 0; e < p.size(); ++e)
    if (p.events[e].has(Attr::R)) rf[eventName(e)] = source(w, e);
  nlohmann::json j = {{"consistent", w.consistent}, {"rf", rf}};
  for (const Shown& s : shownRelations(w)) {
    nlohmann::json pairs = nlohmann::json::array();
    for (auto [a, b] : s.relation->pairs()) pairs.push_back({eventName(a), eventName(b)});
    j[s.name] = pairs;
  }
  return j;
}

}  // namespace plumb::memmodel
