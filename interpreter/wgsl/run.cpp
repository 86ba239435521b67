// `plumb run` as a library call.
#include "interpreter/wgsl/run.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <sstream>

#include "interpreter/wgsl/stage.h"
#include "semantics/json_text.h"
#include "semantics/wgsl/parser.h"

namespace plumb::interp {

namespace {

// The words of buffer `b` merged over the finished outcomes (plumb-run's `buffers`).
size_t mergedWordCount(const std::vector<Outcome>& outcomes, size_t b) {
  size_t n = 0;
  for (const Outcome& o : outcomes)
    if (o.kind == "finished") n = std::max(n, o.words[b].size());
  return n;
}

std::vector<const WordValue*> mergedWord(const std::vector<Outcome>& outcomes, size_t b, size_t i) {
  std::vector<const WordValue*> all;
  for (const Outcome& o : outcomes)
    if (o.kind == "finished" && i < o.words[b].size()) all.push_back(&o.words[b][i]);
  return all;
}

// A `words` member left to runReportJsonText (RunRequest::wordsAsText): a binary value whose
// subtype says whose words, (outcome + 1) << 32 | buffer, or buffer alone for the merged ones.
constexpr uint64_t kMergedWords = 0;

nlohmann::json buffersJson(const RunReport& r, const TypeTable& types,
                           const std::vector<std::vector<WordValue>>* words,
                           const std::vector<Outcome>* merge, bool wordsAsText,
                           uint64_t outcome = kMergedWords) {
  nlohmann::json out = nlohmann::json::array();
  for (size_t b = 0; b < r.buffers.size(); ++b) {
    const BoundBuffer& buf = r.buffers[b];
    nlohmann::json ws = nlohmann::json::array();
    if (wordsAsText) {
      ws = nlohmann::json::binary({}, (outcome << 32) | b);
    } else if (words) {
      for (const WordValue& w : (*words)[b]) ws.push_back(wordJson(w));
    } else {
      size_t n = mergedWordCount(*merge, b);
      for (size_t i = 0; i < n; ++i) ws.push_back(mergedWordJson(mergedWord(*merge, b, i)));
    }
    // Moved, not copied (an initializer list copies its elements; README "Performance").
    nlohmann::json j = {{"group", buf.group}, {"binding", buf.binding}, {"name", buf.name}};
    j["words"] = std::move(ws);
    if (!words) j["type"] = types.name(buf.storeType);
    out.push_back(std::move(j));
  }
  return out;
}

/// Version 4: each invocation's outputs merged word by word over the finished outcomes (each
/// outcome lists the same invocations in the same order).
nlohmann::json mergedInvocationsJson(const std::vector<Outcome>& outcomes) {
  nlohmann::json out = nlohmann::json::array();
  const Outcome* first = nullptr;
  for (const Outcome& o : outcomes)
    if (o.kind == "finished" && !first) first = &o;
  if (!first) return out;
  for (size_t i = 0; i < first->invocations.size(); ++i) {
    nlohmann::json j = first->invocations[i].id;
    bool discarded = false, kept = false;
    std::map<uint32_t, std::vector<std::vector<const WordValue*>>> locations;
    std::map<std::string, std::vector<std::vector<const WordValue*>>> builtins;
    for (const Outcome& o : outcomes) {
      if (o.kind != "finished" || i >= o.invocations.size()) continue;
      const InvocationOutputs& io = o.invocations[i];
      (io.discarded ? discarded : kept) = true;
      auto gather = [](auto& into, const auto& from) {
        for (const auto& [k, ws] : from) {
          auto& slots = into[k];
          slots.resize(std::max(slots.size(), ws.size()));
          for (size_t w = 0; w < ws.size(); ++w) slots[w].push_back(&ws[w]);
        }
      };
      gather(locations, io.locations);
      gather(builtins, io.builtins);
    }
    // A fragment discarded in some outcomes and not in others: `discarded` is "maybe".
    if (discarded) j["discarded"] = kept ? nlohmann::json("maybe") : nlohmann::json(true);
    auto words = [](const std::vector<std::vector<const WordValue*>>& slots) {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& s : slots) a.push_back(mergedWordJson(s));
      return a;
    };
    if (kept) {
      nlohmann::json l = nlohmann::json::object(), b = nlohmann::json::object();
      for (const auto& [k, slots] : locations) l[std::to_string(k)] = words(slots);
      for (const auto& [k, slots] : builtins) b[k] = words(slots);
      j["locations"] = std::move(l);
      j["builtins"] = std::move(b);
    }
    out.push_back(std::move(j));
  }
  return out;
}

}  // namespace

nlohmann::json stopJson(const Stop& s) {
  // docs/formats.md `plumb-run` version 2: the typed stop of an outcome that did not finish.
  nlohmann::json j = {{"kind", stopKindName(s.kind)}};
  switch (s.kind) {
    case Stop::Kind::DynamicError:
      j["rule"] = s.rule;
      break;
    case Stop::Kind::Unsupported:
      j["feature"] = s.feature;
      if (!s.rule.empty()) j["rule"] = s.rule;
      break;
    case Stop::Kind::Limit:
      j["bound"] = s.bound;
      j["value"] = s.value;
      break;
    case Stop::Kind::Internal:
      break;
  }
  return j;
}

nlohmann::json explorationStopJson(const Stop& s) {
  // docs/formats.md `plumb-run` version 3 `executions.stop`: no outcome carries its message.
  nlohmann::json j = stopJson(s);
  j["message"] = s.message;
  return j;
}

namespace {

std::string wordText(const nlohmann::json& w) {
  if (w.contains("exact")) return w["exact"].get<std::string>();
  if (w.contains("any")) return "any";
  if (w.contains("set")) {
    std::string s = "{";
    for (size_t i = 0; i < w["set"].size(); ++i) s += (i ? ", " : "") + w["set"][i].get<std::string>();
    return s + "}";
  }
  if (w.contains("interval")) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "[%.9g, %.9g] (%s)", w["range"][0].get<double>(), w["range"][1].get<double>(),
                  w["type"].get<std::string>().c_str());
    return buf;
  }
  if (w.contains("f16")) return "f16 " + wordText(w["f16"][0]) + " | " + wordText(w["f16"][1]);
  return w.dump();
}

/// One buffer, `@group(0) @binding(1) name[: type]`, then its scalars as values, four to a
/// line (`name[0] = 1u`), or, for a texture or with `hex`, its words four to a line.
void printBuffer(const nlohmann::json& b, const std::vector<ScalarSlot>* slots, std::ostream& out) {
  out << "  @group(" << b["group"] << ") @binding(" << b["binding"] << ") " << b["name"].get<std::string>();
  if (b.contains("type")) out << ": " << b["type"].get<std::string>();
  else out << ":";
  const auto& words = b["words"];
  if (slots && !slots->empty()) {
    size_t k = 0;
    for (const ScalarSlot& s : *slots) {
      if (s.offset / 4 >= words.size()) break;
      out << (k % 4 == 0 ? "\n    " : "   ") << s.path << " = "
          << readableScalar(words[s.offset / 4], s.kind, static_cast<unsigned>(s.offset % 4) / 2);
      ++k;
    }
    out << "\n";
    return;
  }
  size_t k = 0;
  for (const auto& w : b["words"]) {
    if (k % 4 == 0) out << "\n   [" << k << "]";
    out << " " << wordText(w);
    ++k;
  }
  out << "\n";
}

/// The outputs of each invocation of a vertex or fragment stage, one line each:
/// `vertex 0 instance 0: position = (...) @location(0) = (...)`.
void printInvocations(const nlohmann::json& invocations, const nlohmann::json& types,
                      std::ostream& out) {
  // The scalar kind of an output's words (readable_values.h): its type's component type.
  auto kind = [&](const char* group, const std::string& name) {
    const nlohmann::json byName = types.value(group, nlohmann::json::object());
    std::string t = byName.value(name, "");
    return t.find("f32") != std::string::npos   ? 'f'
           : t.find("i32") != std::string::npos ? 'i'
                                                : 'u';
  };
  for (const auto& i : invocations) {
    out << "  ";
    if (i.contains("vertex"))
      out << "vertex " << i["vertex"] << " instance " << i["instance"];
    else
      out << "fragment (" << i["x"] << "," << i["y"] << ")";
    out << ":";
    if (i.contains("discarded")) {
      out << (i["discarded"] == true ? " discarded" : " discarded or not");
      if (!i.contains("locations")) {
        out << "\n";
        continue;
      }
      out << ";";
    }
    auto words = [&](const nlohmann::json& ws, char k) {
      std::string s = ws.size() == 1 ? "" : "(";
      for (size_t w = 0; w < ws.size(); ++w) s += (w ? ", " : "") + readableScalar(ws[w], k, 0);
      return s + (ws.size() == 1 ? "" : ")");
    };
    // value() returns a copy: keep it alive while its items are walked.
    const nlohmann::json builtins = i.value("builtins", nlohmann::json::object());
    const nlohmann::json locations = i.value("locations", nlohmann::json::object());
    for (const auto& [name, ws] : builtins.items())
      out << " " << name << " = " << words(ws, kind("builtins", name));
    for (const auto& [l, ws] : locations.items())
      out << " @location(" << l << ") = " << words(ws, kind("locations", l));
    out << "\n";
  }
}

}  // namespace

RunReport runShader(const SourceFile& file, const RunRequest& request) {
  RunReport r;
  const Revision& revision = request.revision ? *request.revision : Revision::wgsl2022_06();
  if (request.check.literalShiftRight && revision.shiftRightCopiesSignBit) {
    r.errors.push_back(
        "--literal-shift-right reads the seed's text of `>>` (docs/ambiguities.md S3); revision " +
        std::string(revision.name) +
        " defines `>>` on signed integers as copying the sign bit (new#bit-expr)");
    return r;
  }
  std::unique_ptr<ast::Module> module = parseModule(file, revision, r.diagnostics);
  if (r.diagnostics.hasErrors()) return r;
  CheckOptions options = request.check;
  options.pipelineCreation = true;
  // The pipeline's entry point: its shader's override-expressions decide pipeline-creation
  // errors (revision 2026, new#pipeline-creation-error).
  options.pipelineEntryPoint = request.entry;
  std::unique_ptr<CheckedModule> checked = check(*module, r.diagnostics, options);
  if (r.diagnostics.hasErrors() || !checked) return r;
  // The entry point: by name, or the only compute entry point, or (a module without compute
  // entry points) the only entry point.
  uint32_t entry = UINT32_MAX;
  ShaderStage stage = ShaderStage::None;
  std::vector<std::string> names;
  size_t computeCount = 0;
  for (const EntryPoint& e : checked->entryPoints) computeCount += e.stage == ShaderStage::Compute;
  for (const EntryPoint& e : checked->entryPoints) {
    std::string name(module->name(checked->declarations[e.function].name));
    names.push_back(name);
    bool wanted = !request.entry.empty() ? name == request.entry
                  : computeCount         ? e.stage == ShaderStage::Compute
                                         : true;
    if (!wanted) continue;
    if (entry != UINT32_MAX && request.entry.empty()) {
      r.errors.push_back(std::string("the module has several ") + (computeCount ? "compute " : "") +
                         "entry points; choose one with --entry");
      return r;
    }
    entry = e.function;
    stage = e.stage;
  }
  if (entry == UINT32_MAX) {
    std::string known;
    for (const std::string& n : names) known += (known.empty() ? "" : ", ") + n;
    r.errors.push_back(request.entry.empty()
                           ? "the module has no entry point"
                           : "no entry point '" + request.entry + "'" +
                                 (known.empty() ? "" : " (entry points: " + known + ")"));
    return r;
  }
  r.entry = std::string(module->name(checked->declarations[entry].name));
  Program program(*module, *checked);
  program.literalShiftRight = options.literalShiftRight;
  nlohmann::json bindings = request.bindings.is_null()
                                ? nlohmann::json{{"format", "plumb-bindings"}, {"version", 1}, {"bindings", nlohmann::json::array()}}
                                : request.bindings;
  r.buffers = bindResources(program, bindings, request.zeroMissingBindings, r.errors,
                            request.allowUnusedBindings ? &r.warnings : nullptr);
  if (!r.errors.empty()) return r;
  // A vertex or fragment entry point runs as a draw (stage.h): its invocations from the
  // bindings' `vertex` or `fragment` section.
  StageInvocations draw;
  if (stage == ShaderStage::Vertex) draw = vertexInvocations(program, entry, bindings, r.errors);
  if (stage == ShaderStage::Fragment)
    draw = fragmentInvocations(program, entry, bindings, r.errors);
  if (!r.errors.empty()) return r;
  r.result = stage == ShaderStage::Compute
                 ? runDispatch(program, entry, r.buffers, request.dispatch)
                 : runStage(program, entry, draw, r.buffers, request.dispatch);
  if (!r.result.refused.empty()) {
    r.errors.push_back(r.result.refused);
    return r;
  }
  r.ran = true;
  const DispatchResult& d = r.result;
  // The text report's readable values only: a report whose words are left to
  // runReportJsonText is printed as JSON (W3's 4,096 words: README "Performance").
  if (!request.wordsAsText)
    for (const BoundBuffer& b : r.buffers)
      r.slots.push_back(b.texture ? std::vector<ScalarSlot>{}
                                  : scalarSlots(checked->types, checked->layouts, b.storeType,
                                                b.name, b.bytes.size()));
  // Which interleavings the outcomes cover (docs/ambiguities.md M3): only the order of atomic
  // operations can change an outcome of a data-race-free program; without --all-schedules,
  // a program that calls an atomic built-in is explored in one schedule.
  bool atomics = false;
  for (const Overload* o : checked->calls)
    atomics = atomics || (o && o->row && o->row->name.starts_with("atomic"));
  const char* schedules = request.dispatch.allSchedules ? "all" : atomics ? "one" : "not-needed";
  nlohmann::json outcomes = nlohmann::json::array();
  for (const Outcome& o : d.outcomes) {
    nlohmann::json j = {{"kind", o.kind}, {"count", o.count}, {"choices", o.choices}};
    j["buffers"] = buffersJson(r, checked->types, &o.words, nullptr, request.wordsAsText,
                               static_cast<uint64_t>(&o - d.outcomes.data()) + 1);
    if (!o.message.empty()) j["message"] = o.message;
    if (o.stop) j["stop"] = stopJson(*o.stop);
    if (o.racy) j["racy"] = true;
    if (stage != ShaderStage::Compute) {
      // Version 4: the outputs of every invocation (helpers left out), and the quads whose
      // invocations diverged at a derivative (#derivatives).
      nlohmann::json invocations = nlohmann::json::array();
      for (const InvocationOutputs& io : o.invocations)
        invocations.push_back(invocationOutputsJson(io));
      j["invocations"] = std::move(invocations);
      if (!o.divergentQuads.empty()) {
        nlohmann::json quads = nlohmann::json::array();
        for (const DivergentQuad& d : o.divergentQuads) quads.push_back(divergentQuadJson(d));
        j["divergentQuads"] = std::move(quads);
      }
    }
    outcomes.push_back(std::move(j));
  }
  r.json = {{"format", "plumb-run"},
            {"version", kRunReportVersion},
            {"revision", std::string(revision.name)},
            {"file", file.name()},
            {"entry", r.entry},
            {"stage", std::string(spelling(stage))},
            {"executions",
             {{"explored", d.explored},
              {"complete", d.complete},
              {"limit", request.dispatch.maxExecutions},
              {"schedules", schedules}}},
            {"steps", d.steps}};
  r.json["outcomes"] = std::move(outcomes);
  r.json["buffers"] = buffersJson(r, checked->types, nullptr, &d.outcomes, request.wordsAsText);
  if (stage == ShaderStage::Compute) {
    r.json["dispatch"] = request.dispatch.dispatch;
    r.json["workgroupSize"] = d.workgroupSize;
  } else {
    size_t helpers = 0;
    for (const StageInvocation& si : draw.invocations) helpers += si.helper;
    nlohmann::json drawJson = {{"invocations", draw.invocations.size() - helpers}};
    if (stage == ShaderStage::Fragment) {
      drawJson["helpers"] = helpers;
      drawJson["quads"] = draw.quads.size();
      if (draw.width) drawJson["viewport"] = {draw.width, draw.height};
    }
    r.json["draw"] = std::move(drawJson);
    r.json["outputs"] = stageOutputTypes(program, entry);
    r.json["invocations"] = mergedInvocationsJson(d.outcomes);
  }
  // #memory-model: the data races, only when there are some (docs/formats.md: a race-free
  // report is what it was before races were detected).
  // --all-schedules: whether the partial-order reduction chose the orders explored
  // (interpreter/wgsl/partial_order_reduction.h) and how many executions it abandoned as reorderings
  // of explored ones.
  if (request.dispatch.allSchedules) {
    r.json["executions"]["reduction"] = d.reduced ? "partial-order" : "none";
    if (d.reduced) r.json["executions"]["abandoned"] = d.abandoned;
  }
  // Version 3: the bound that stopped an incomplete exploration, as a typed stop.
  if (d.limit) r.json["executions"]["stop"] = explorationStopJson(*d.limit);
  if (!d.races.empty()) {
    r.json["races"] = racesJson(d.races);
    r.json["executions"]["rounds"] = d.rounds;
    if (d.roundsExhausted) r.json["executions"]["roundsExhausted"] = true;
  }
  // Revision 2026, subgroups (interpreter/wgsl/subgroups.h): the device choices explored.
  if (!d.subgroupSizes.empty())
    r.json["subgroups"] = {{"minSize", request.dispatch.subgroups.minSize},
                           {"maxSize", request.dispatch.subgroups.maxSize},
                           {"layout", request.dispatch.subgroups.linear ? "linear" : "any"},
                           {"sizes", d.subgroupSizes}};
  if (!d.subgroupSizes.empty() && request.dispatch.subgroups.acrossDraws &&
      r.json.contains("stage") && r.json["stage"] == "fragment")
    r.json["subgroups"]["acrossDraws"] = true;
  if (!r.warnings.empty()) r.json["warnings"] = r.warnings;
  return r;
}

std::string runReportJsonText(const RunReport& report) {
  const std::vector<Outcome>& outcomes = report.result.outcomes;
  JsonPlaceholder words = [&](std::string& out, uint64_t subtype, int level) {
    // As appendJsonText writes an array of wordJson's objects (two spaces a level).
    size_t b = subtype & 0xFFFFFFFFu;
    uint64_t outcome = subtype >> 32;
    size_t n = outcome == kMergedWords ? mergedWordCount(outcomes, b)
                                       : outcomes[outcome - 1].words[b].size();
    if (n == 0) {
      out += "[]";
      return;
    }
    out += "[\n";
    for (size_t i = 0; i < n; ++i) {
      if (i) out += ",\n";
      out.append(static_cast<size_t>(level + 2), ' ');
      if (outcome != kMergedWords) {
        appendWordJsonText(out, outcomes[outcome - 1].words[b][i], 2, level + 2);
        continue;
      }
      // mergedWord's words, compared in place (no list per word: README "Performance").
      const WordValue* first = nullptr;
      bool same = true;
      for (const Outcome& o : outcomes)
        if (o.kind == "finished" && i < o.words[b].size()) {
          if (!first)
            first = &o.words[b][i];
          else
            same = same && o.words[b][i] == *first;
        }
      if (first && same)  // mergedWordJson of equal words: the word's own
        appendWordJsonText(out, *first, 2, level + 2);
      else
        appendJsonText(out, mergedWordJson(mergedWord(outcomes, b, i)), 2, level + 2);
    }
    out += '\n';
    out.append(static_cast<size_t>(level), ' ');
    out += ']';
  };
  std::string out;
  appendJsonText(out, report.json, 2, 0, &words);
  return out;
}

/// Says which alternative an out-of-bounds choice took, where the text of the choice
/// (`out-of-bounds store at 8:3 3/5`) tells: a store's alternatives are "not executed", then
/// each in-bounds element of the array in index order (machine.cpp, inBoundsPaths); a load's
/// first alternative is the zero value (#invalid-memory-reference); a textureStore's are "not
/// executed", then each texel.
std::string choiceText(const std::string& c) {
  size_t slash = c.rfind('/'), space = c.rfind(' ');
  if (slash == std::string::npos || space == std::string::npos || space > slash) return c;
  unsigned long k = std::strtoul(c.c_str() + space + 1, nullptr, 10);
  if (c.starts_with("out-of-bounds store ")) {
    if (k == 1) return c + " (not executed)";
    return c + " (stored to element [" + std::to_string(k - 2) + "] of the array)";
  }
  if (c.starts_with("out-of-bounds load ")) {
    // machine.cpp (loadLegend): `{zero|(0,0,0,1)|[0..5]|[7]}` names each alternative in turn.
    size_t open = c.find(" {"), close = c.rfind('}');
    if (open == std::string::npos || close == std::string::npos || close < open)
      return k == 1 ? c + " (the zero value)" : c;
    std::string shown = c.substr(0, open) + c.substr(close + 1);
    std::stringstream items(c.substr(open + 2, close - open - 2));
    unsigned long n = 0;
    for (std::string item; std::getline(items, item, '|');) {
      unsigned long a = 0, b = 0;
      bool range = item.starts_with("[") &&
                   std::sscanf(item.c_str(), "[%lu..%lu]", &a, &b) == 2 && b >= a;
      if (!range && item.starts_with("[") && std::sscanf(item.c_str(), "[%lu]", &a) == 1) {
        b = a;
        range = true;
      }
      if (!range) {
        if (++n == k)
          return shown + (item == "zero" ? " (the zero value)" : " (the vector " + item + ")");
        continue;
      }
      if (k > n && k <= n + (b - a + 1))
        return shown + " (the value of element [" + std::to_string(a + (k - n - 1)) +
               "] of the array)";
      n += b - a + 1;
    }
    return shown;
  }
  // Revision 2026: the first branch does the listed load or store, the second is the
  // dynamic error (Machine::outOfBoundsError).
  if (c.starts_with("dynamic error of an out-of-bounds "))
    return c + (k == 1 ? " (no: a listed outcome)" : " (yes: the execution stops)");
  // stage.cpp: the first branch is the finished draw, the second the dynamic error of a
  // vertex's position.w (new#position-builtin-value).
  if (c.starts_with("dynamic error of a zero position.w "))
    return c + (k == 1 ? " (no: w is not zero)" : " (yes: the draw stops)");
  // #texturestore: "not executed", then every in-bounds texel in the report's texel order
  // (level, layer, row, column: machine_textures.cpp, everyTexel).
  if (c.starts_with("out-of-bounds textureStore ")) {
    if (k == 1) return c + " (not executed)";
    return c + " (stored to texel " + std::to_string(k - 2) + " in the report's texel order)";
  }
  return c;
}

namespace {

/// Why an exploration is incomplete, from `executions.stop` (version 3): the bound, its value.
std::string incomplete(const nlohmann::json& executions) {
  const nlohmann::json stop = executions.value("stop", nlohmann::json::object());
  std::string bound = stop.value("bound", "executions");
  std::string value = stop.contains("value") ? stop["value"].dump() : "?";
  if (bound == "executions")
    return " (incomplete: stopped at the limit executions = " + value +
           ", --max-executions: more outcomes may exist)";
  return " (incomplete: stopped at the limit " + bound + " = " + value + ")";
}

}  // namespace

void printRunReport(const RunReport& report, std::ostream& out, bool hex) {
  const nlohmann::json& j = report.json;
  out << j["file"].get<std::string>() << ": entry " << j["entry"].get<std::string>();
  if (j.contains("dispatch")) {
    out << ", dispatch " << j["dispatch"][0] << "," << j["dispatch"][1] << "," << j["dispatch"][2]
        << ", workgroup size " << j["workgroupSize"][0] << "," << j["workgroupSize"][1] << ","
        << j["workgroupSize"][2];
  } else {
    const nlohmann::json& d = j["draw"];
    std::string stage = j["stage"].get<std::string>();
    out << ", " << stage << " stage, " << d["invocations"]
        << (stage == "vertex" ? " vertices" : " fragments");
    if (d.contains("quads"))
      out << " in " << d["quads"] << " quads (" << d["helpers"] << " helper invocations)";
    if (d.contains("viewport")) out << ", viewport " << d["viewport"][0] << "x" << d["viewport"][1];
  }
  // The seed's revision is the default and goes unsaid; another is named on the first line.
  if (j.value("revision", "2022-06") != "2022-06")
    out << ", revision " << j["revision"].get<std::string>();
  out << "\n";
  const auto& e = j["executions"];
  out << "executions: " << e["explored"] << " explored"
      << (e["complete"].get<bool>() ? " (every choice)" : incomplete(e)) << ", " << j["steps"]
      << " steps"
      << (e.value("schedules", "") == "one"
              ? "; one order of the atomic operations (--all-schedules explores every order)"
              : "")
      << (e.value("reduction", "") == "partial-order"
              ? "; every order of dependent atomic operations (partial-order reduction, " +
                    e["abandoned"].dump() + " abandoned as reorderings)"
              : "")
      << "\n";
  if (j.contains("races")) {
    // #memory-model: each racy location with a witness pair, and what its race does to the
    // outcomes (docs/ambiguities.md M14).
    const auto& races = j["races"];
    out << "data races: " << races.size() << (races.size() == 1 ? " location" : " locations")
        << " accessed by different invocations without a barrier between them (#memory-model)";
    if (e.contains("rounds") && e["rounds"].get<int>() > 1)
      out << "; explored in " << e["rounds"] << " rounds";
    if (e.value("roundsExhausted", false))
      out << " (the racy reads' values still grew: incomplete)";
    out << "\n";
    auto inv = [](const nlohmann::json& a) {
      // A draw's invocation: its pixel or vertex (stage.h).
      if (a.contains("invocation")) {
        const auto& id = a["invocation"];
        if (id.contains("x")) return "fragment(" + id["x"].dump() + "," + id["y"].dump() + ")";
        return "vertex(" + id.value("vertex", nlohmann::json(0)).dump() + "," +
               id.value("instance", nlohmann::json(0)).dump() + ")";
      }
      return "(" + std::to_string(a["workgroupId"][0].get<uint32_t>()) + "," +
             std::to_string(a["workgroupId"][1].get<uint32_t>()) + "," +
             std::to_string(a["workgroupId"][2].get<uint32_t>()) + ")/(" +
             std::to_string(a["localId"][0].get<uint32_t>()) + "," +
             std::to_string(a["localId"][1].get<uint32_t>()) + "," +
             std::to_string(a["localId"][2].get<uint32_t>()) + ")";
    };
    for (const auto& r : races) {
      const auto& a = r["accesses"];
      out << "  " << r["location"].get<std::string>() << " (" << r["space"].get<std::string>();
      if (r.contains("word")) out << ", word " << r["word"];
      out << "): " << r["kind"].get<std::string>() << ", " << r["invocations"]
          << " invocations; e.g. " << (a[0]["atomic"].get<bool>() ? "atomic " : "")
          << a[0]["access"].get<std::string>() << " at " << a[0]["at"].get<std::string>() << " by "
          << inv(a[0]) << " and " << (a[1]["atomic"].get<bool>() ? "atomic " : "")
          << a[1]["access"].get<std::string>() << " at " << a[1]["at"].get<std::string>() << " by "
          << inv(a[1]);
      std::string w = r["widened"].get<std::string>();
      out << (w == "reads" ? "; its reads may return any value written to it (or its initial value)"
              : w == "final-value" ? "; its final value is any of the racing writes'"
                                   : "; every racing access has the same value");
      out << "\n";
    }
  }
  size_t n = j["outcomes"].size();
  for (size_t i = 0; i < n; ++i) {
    const auto& o = j["outcomes"][i];
    out << "outcome " << i + 1 << " of " << n << ": " << o["kind"].get<std::string>();
    // What stopped it (docs/formats.md version 2): the feature, the bound.
    const nlohmann::json stop = o.value("stop", nlohmann::json::object());
    if (stop.contains("feature")) out << ": " << stop["feature"].get<std::string>();
    if (stop.contains("bound"))
      out << ": " << stop["bound"].get<std::string>() << " = " << stop["value"];
    out << " (" << o["count"] << (o["count"].get<uint64_t>() == 1 ? " execution" : " executions")
        << ")";
    if (o.contains("message")) out << ": " << o["message"].get<std::string>();
    if (stop.contains("rule")) out << " [" << stop["rule"].get<std::string>() << "]";
    if (o.value("racy", false)) out << ", with data races";
    out << "\n";
    if (!o["choices"].empty()) {
      out << "  choices:";
      for (const auto& c : o["choices"]) out << " " << choiceText(c.get<std::string>()) << ";";
      out << "\n";
    }
    for (size_t b = 0; b < o["buffers"].size(); ++b)
      printBuffer(o["buffers"][b], hex || b >= report.slots.size() ? nullptr : &report.slots[b],
                  out);
    if (o.contains("divergentQuads")) {
      for (const auto& d : o["divergentQuads"]) {
        out << "  divergent quad at (" << d["quad"][0] << "," << d["quad"][1]
            << "): " << d["function"].get<std::string>() << " at " << d["call"].get<std::string>()
            << " called by quad invocations " << d["waiting"].dump() << " but not "
            << d["elsewhere"].dump()
            << ": non-uniform control flow, an indeterminate value [derivatives]\n";
      }
    }
    if (o.contains("invocations")) printInvocations(o["invocations"], j["outputs"], out);
  }
  if (n > 1) {
    out << "merged over the finished outcomes (compare a device with one outcome, not these):\n";
    for (size_t b = 0; b < j["buffers"].size(); ++b)
      printBuffer(j["buffers"][b], hex || b >= report.slots.size() ? nullptr : &report.slots[b],
                  out);
    if (j.contains("invocations")) printInvocations(j["invocations"], j["outputs"], out);
  }
}

}  // namespace plumb::interp
