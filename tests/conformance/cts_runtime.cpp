// cts_runtime: runs Plumb's run-time operations (interpreter/wgsl/runtime_operations.h) over the
// WebGPU CTS shader execution expectations of June 2022 (corpus/cts-2022-06/execution.jsonl.gz)
// and checks that every CTS expectation intersects Plumb's acceptance set.
//
// The CTS ran each row with its inputs as creation-time constants and also from uniform and
// storage buffers (params_list); a device evaluating at run time must return a value both the
// CTS and the spec accept. Each case is evaluated here as the machine would evaluate it at run
// time: the row's operator (`($0+$1)`, `-$0`) or built-in (`atan2($0, $1)`) applied with
// applyOperator or callBuiltin to the inputs as exact run-time values (an infinite or NaN
// input is any value, #floating-point-evaluation). Plumb's result is a list of alternatives,
// each a value whose floating-point components are sets of f32 values. The case agrees if some
// alternative has, in every component, a value the CTS's comparator of that month accepts
// (gpuweb/cts src/webgpu/util/compare.ts, math.ts: exact, correctlyRounded, ulpMatch,
// absMatch, intervals, anyOf, ulpComparator): the spec's acceptance set and the CTS's
// tolerance are both sets, and a conformant device must be able to satisfy both.
//
// Reported per CTS test: cases, agreements (and how many of those only because Plumb's set is
// "any value": an operand or result may be infinite or NaN, or the accuracy is undefined
// there), and how many of Plumb's sets lie wholly inside what the CTS accepts ("contained":
// Plumb is at least as strict as the CTS). A disagreement is expected when
// corpus/cts-2022-06/known_runtime_disagreements.tsv lists it, by case key
// (`query expression`) or class (`query [class]` with its count). Exit status 0 iff every
// disagreement is known and every known entry still holds; 1 otherwise; 2 on usage errors.
//
//   cts_runtime [--data PATH] [--file NAME]... [--known PATH] [--report PATH]
//               [--list-disagreements] [--emit-known REASON]

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cts_math.h"
#include "cts_runner.h"
#include "interpreter/wgsl/float_accuracy.h"
#include "interpreter/wgsl/runtime_operations.h"
#include "semantics/wgsl/overloads.h"
#include "semantics/wgsl/value.h"

#ifndef PLUMB_CTS_EXECUTION_DATA
#define PLUMB_CTS_EXECUTION_DATA "corpus/cts-2022-06/execution.jsonl.gz"
#endif

namespace {

using nlohmann::json;
using namespace plumb::cts;
using plumb::Type;
using plumb::TypeKind;
using plumb::interp::FloatSet;
using plumb::interp::RValue;

constexpr std::string_view kQueryPrefix = "webgpu:shader,execution,";

void usage(std::ostream& out) {
  out << "usage: cts_runtime [--data PATH] [--file NAME]... [--known PATH] [--report PATH]\n"
         "                   [--list-disagreements] [--emit-known REASON] [--sample N]\n"
         "  --data PATH            execution.jsonl.gz (default " PLUMB_CTS_EXECUTION_DATA
         ")\n"
         "  --file NAME            only the rows of this CTS file, e.g.\n"
         "                         expression,call,builtin,atan2\n"
         "  --known PATH           known disagreements: 'query expression<TAB>reason' or\n"
         "                         'query [class]<TAB>reason<TAB>count', '#' comments\n"
         "  --report PATH          write a JSON report\n"
         "  --list-disagreements   print every disagreement, known or not\n"
         "  --emit-known REASON    print the known list for the current disagreements\n"
         "  --sample N             every Nth case of each CTS test only (known entries are\n"
         "                         then not checked for staleness)\n";
}

// ------------------------------------------------------------------ acceptance regions

/// A closed interval of reals (possibly infinite ends) that the CTS accepts.
struct Region {
  double lo, hi;
};

/// The regions of f32 results a float comparator accepts for the expected value `t`.
/// correctlyRounded (math.ts correctlyRoundedImpl, with and without flushing): t itself if it
/// is an f32 value, else its two neighbours; with flushing, a subnormal result counts as 0.
std::vector<Region> floatRegions(const json& cmp, double t) {
  if (std::isnan(t)) return {};
  if (cmp.is_string()) return {{t, t}};  // "exact": JavaScript ===, -0 == +0
  if (cmp.contains("correctlyRounded")) {
    std::vector<Region> out;
    if (std::isinf(t)) return {{t, t}};
    for (bool flush : {false, true}) {
      double target = flush ? flushSubnormal(t) : t;
      double t32 = toF32(target);
      Region r{t32, t32};
      if (t32 != target) {
        r = t32 > target ? Region{nextAfter(t32, false, flush), t32}
                         : Region{t32, nextAfter(t32, true, flush)};
      }
      // Flushed, a subnormal result is 0: zero in the region admits every subnormal.
      if (flush && r.lo <= 0 && r.hi >= 0)
        r = {std::min(r.lo, -0x1p-126 + 0x1p-149), std::max(r.hi, 0x1p-126 - 0x1p-149)};
      out.push_back(r);
    }
    return out;
  }
  if (cmp.contains("ulpMatch")) {
    double n = cmp.at("ulpMatch").get<double>();
    if (std::isinf(t)) return {{t, t}};
    double ulp = std::max(oneUlp(t, true), oneUlp(t, false));
    return {{t - n * ulp, t + n * ulp}};
  }
  if (cmp.contains("absMatch")) {
    double d = cmp.at("absMatch").get<double>();
    if (std::isinf(t)) return {{t, t}};
    return {{t - d, t + d}};
  }
  throw std::runtime_error("unknown cmpFloats " + cmp.dump());
}


/// Whether some f32 value of `s` lies in one of the regions; `contained`: every value does
/// (in one region).
void meet(const FloatSet& s, const std::vector<Region>& regions, bool& meets, bool& contained) {
  const plumb::interp::fp::Format& f = plumb::interp::fp::formatOf(TypeKind::F32);
  meets = contained = false;
  if (s.any) {
    meets = !regions.empty();
    return;
  }
  for (const Region& r : regions) {
    double a = std::max(s.lo, r.lo), b = std::min(s.hi, r.hi);
    if (a <= b && plumb::interp::fp::roundUp(f, a) <= b) meets = true;
    if (r.lo <= s.lo && s.hi <= r.hi) contained = true;
  }
}

struct Verdict {
  bool meets = true;
  bool contained = true;
  bool viaAny = false;  // some float component met only because it is any value
};

/// One component or value of Plumb's against one expected value (scalar or vector).
Verdict compare(const RValue& got, const json& expected, const json& cmp) {
  Verdict v;
  if (expected.contains("elements")) {
    const json& elements = expected.at("elements");
    if (!got.isComposite() || got.components().size() != elements.size()) return {false, false};
    for (size_t i = 0; i < elements.size(); ++i) {
      Verdict c = compare(got.components()[i], elements[i], cmp);
      v.meets = v.meets && c.meets;
      v.contained = v.contained && c.contained;
      v.viaAny = v.viaAny || c.viaAny;
    }
    return v;
  }
  std::string type = expected.at("type").get<std::string>();
  const json& value = expected.at("value");
  if (type == "f32" || type == "f64") {  // f64: a target the CTS computed in binary64
    if (!std::holds_alternative<FloatSet>(got.data)) return {false, false};
    meet(got.floatSet(), floatRegions(cmp, jsonNumber(value)), v.meets, v.contained);
    v.viaAny = got.floatSet().any;
    return v;
  }
  if (got.isAny()) return {true, false, true};
  if (type == "bool")
    return std::holds_alternative<bool>(got.data) && got.boolValue() == value.get<bool>()
               ? Verdict{true, true}
               : Verdict{false, false};
  if (type == "i32" || type == "u32")
    return std::holds_alternative<int64_t>(got.data) && got.intValue() == value.get<int64_t>()
               ? Verdict{true, true}
               : Verdict{false, false};
  throw std::runtime_error("unsupported expected type " + type);
}

/// An expectation: a value, anyOf, an interval or an ulpComparator.
Verdict accepts(const RValue& got, const json& expected, const json& cmp) {
  if (expected.contains("anyOf")) {
    Verdict best{false, false};
    for (const json& e : expected.at("anyOf")) {
      Verdict v = accepts(got, e, cmp);
      if (v.meets &&
          (!best.meets || (v.contained && !best.contained) || (best.viaAny && !v.viaAny)))
        best = v;
    }
    return best;
  }
  if (expected.contains("ulpComparator")) {
    const json& u = expected.at("ulpComparator");
    return compare(got, u.at("target"), json{{"ulpMatch", jsonNumber(u.at("ulps"))}});
  }
  if (expected.contains("interval")) {
    if (!std::holds_alternative<FloatSet>(got.data)) return {false, false};
    Verdict v;
    Region r{jsonNumber(expected.at("interval").at(0)), jsonNumber(expected.at("interval").at(1))};
    meet(got.floatSet(), {r}, v.meets, v.contained);
    v.viaAny = got.floatSet().any;
    return v;
  }
  if (!expected.contains("elements") && !expected.contains("type"))
    throw std::runtime_error("unknown expectation " + expected.dump());
  // A row's interval cmpFloats applies to the whole row.
  if (cmp.is_object() && cmp.contains("interval")) {
    if (!std::holds_alternative<FloatSet>(got.data)) return {false, false};
    Verdict v;
    Region r{jsonNumber(cmp.at("interval").at(0)), jsonNumber(cmp.at("interval").at(1))};
    meet(got.floatSet(), {r}, v.meets, v.contained);
    return v;
  }
  return compare(got, expected, cmp);
}

// ------------------------------------------------------------------ operands and operations

class Evaluator {
 public:
  Evaluator() : overloads_(types_) {}

  Type typeNamed(const std::string& name) {
    if (name == "f32") return types_.f32();
    if (name == "i32") return types_.i32();
    if (name == "u32") return types_.u32();
    if (name == "bool") return types_.boolType();
    // vecN<T>
    if (name.size() > 6 && name.substr(0, 3) == "vec" && name[3] >= '2' && name[3] <= '4' &&
        name[4] == '<' && name.back() == '>')
      return types_.vector(static_cast<uint8_t>(name[3] - '0'),
                           typeNamed(name.substr(5, name.size() - 6)));
    throw std::runtime_error("unsupported type " + name);
  }

  /// An input as an exact run-time value (an infinity or NaN is any value).
  RValue operand(const json& v) {
    Type t = typeNamed(v.at("type").get<std::string>());
    if (v.contains("elements")) {
      plumb::interp::Components parts;
      for (const json& e : v.at("elements")) parts.push_back(operand(e));
      return RValue{t, std::move(parts)};
    }
    const json& value = v.at("value");
    switch (types_.kind(t)) {
      case TypeKind::Bool:
        return RValue{t, value.get<bool>()};
      case TypeKind::I32:
      case TypeKind::U32:
        return RValue{t, value.get<int64_t>()};
      case TypeKind::F32: {
        uint32_t bits =
            static_cast<uint32_t>(std::stoul(v.at("bits").get<std::string>(), nullptr, 16));
        return RValue{t, FloatSet::exact(fromF32Bits(bits))};
      }
      default:
        throw std::runtime_error("unsupported operand " + v.dump());
    }
  }

  std::string text(const RValue& v) { return plumb::interp::formatRValue(types_, v); }

  /// The operation of a row's expression: an operator spelling or a built-in name.
  struct Operation {
    bool builtin = false;
    bool unary = false;
    std::string name;
  };

  static Operation parse(const std::string& e) {
    Operation op;
    if (e.rfind("-$0", 0) == 0 && e.size() == 3) return {false, true, "-"};
    if (e.size() > 6 && e.front() == '(' && e.back() == ')' && e.rfind("($0", 0) == 0) {
      std::string middle = e.substr(3, e.size() - 3 - 3);  // between $0 and $1)
      if (e.substr(e.size() - 3) != "$1)") throw std::runtime_error("expression " + e);
      return {false, false, middle};
    }
    size_t paren = e.find('(');
    if (paren == std::string::npos) throw std::runtime_error("expression " + e);
    return {true, false, e.substr(0, paren)};
  }

  plumb::interp::OperationResult run(const Operation& op, const std::vector<RValue>& args) {
    plumb::OverloadKind kind = op.builtin ? plumb::OverloadKind::Builtin
                               : op.unary ? plumb::OverloadKind::UnaryOperator
                                          : plumb::OverloadKind::BinaryOperator;
    for (const plumb::Overload& o : overloads_.candidates(kind, op.name)) {
      if (o.parameters.size() != args.size()) continue;
      plumb::Bindings b(o.wildcards);
      bool match = true;
      for (size_t i = 0; i < args.size() && match; ++i)
        match = plumb::matchPattern(types_, o.parameters[i], args[i].type, b);
      if (!match) continue;
      Type result = plumb::instantiate(types_, o.result, b);
      if (op.builtin) return plumb::interp::callBuiltin(types_, o, result, args);
      return plumb::interp::applyOperator(types_, op.name, result, args);
    }
    return {{}, "no overload of " + op.name + " for these operand types"};
  }

 private:
  plumb::TypeTable types_;
  plumb::OverloadTable overloads_;
};

// ------------------------------------------------------------------ known list

struct KnownEntry {
  std::string reason;
  size_t line = 0;
  std::optional<size_t> count;
  size_t seen = 0;
};

bool readKnown(const std::string& path, std::map<std::string, KnownEntry>& known) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "cts_runtime: cannot read known-disagreements file '" << path << "'\n";
    return false;
  }
  std::string line;
  size_t number = 0;
  bool ok = true;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    for (size_t start = 0;;) {
      size_t tab = line.find('\t', start);
      fields.push_back(line.substr(start, tab == std::string::npos ? tab : tab - start));
      if (tab == std::string::npos) break;
      start = tab + 1;
    }
    bool isClass = fields[0].find(" [") != std::string::npos && fields[0].back() == ']';
    if (fields.size() != (isClass ? 3u : 2u) || fields[1].empty()) {
      std::cerr << path << ":" << number << ": malformed entry\n";
      ok = false;
      continue;
    }
    KnownEntry e{fields[1], number, std::nullopt, 0};
    if (isClass) e.count = std::stoull(fields[2]);
    if (!known.emplace(fields[0], e).second) {
      std::cerr << path << ":" << number << ": duplicate key\n";
      ok = false;
    }
  }
  return ok;
}

// ------------------------------------------------------------------ the run

struct Stats {
  size_t total = 0, agree = 0, viaAny = 0, contained = 0, known = 0, unexpected = 0;
  std::map<std::string, size_t> classes;
};

int run(const Options& o) {
  std::string text, error;
  if (!readGzip(o.data, text, error)) {
    std::cerr << "cts_runtime: cannot read '" << o.data << "': " << error << "\n";
    return kUsage;
  }
  std::map<std::string, KnownEntry> known;
  if (!o.known.empty() && !readKnown(o.known, known)) return kUsage;

  Evaluator evaluator;
  // Diagnostics for spec readers: with CTS_RUNTIME_LIST_WIDER set, print each agreeing case
  // whose acceptance set is wider than what the CTS accepts.
  const bool listWider = std::getenv("CTS_RUNTIME_LIST_WIDER") != nullptr;
  std::map<std::string, Stats> stats;
  std::set<std::string> files, selectedTests;
  std::vector<std::string> failures;
  std::map<std::pair<std::string, std::string>, std::vector<std::string>> byClass;
  std::string_view all(text);
  size_t lineNumber = 0;
  json disagreements = json::array();
  for (size_t start = 0; start < all.size();) {
    size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    std::string_view line = all.substr(start, end - start);
    start = end + 1;
    ++lineNumber;
    if (line.empty()) continue;
    // Most runs select one file: skip the other lines unparsed (every line starts with its
    // query, `{"test":"...`).
    constexpr std::string_view kStart = "{\"test\":\"";
    if (!o.files.empty() && line.substr(0, kStart.size()) == kStart) {
      size_t close = line.find('"', kStart.size());
      if (close != std::string_view::npos) {
        std::string quick =
            ctsFile(line.substr(kStart.size(), close - kStart.size()), kQueryPrefix);
        if (!quick.empty() && !o.files.count(quick)) {
          files.insert(quick);
          continue;
        }
      }
    }
    json row;
    try {
      row = json::parse(line);
    } catch (const std::exception& e) {
      std::cerr << o.data << ":" << lineNumber << ": malformed row: " << e.what() << "\n";
      return kUsage;
    }
    std::string test = row.at("test").get<std::string>();
    std::string file = ctsFile(test, kQueryPrefix);
    files.insert(file);
    if (!o.files.empty() && !o.files.count(file)) continue;
    selectedTests.insert(test);
    Stats& s = stats[test];
    std::string expression = row.at("expression").get<std::string>();
    const json& cmp = row.at("cmpFloats");
    Evaluator::Operation op;
    try {
      op = Evaluator::parse(expression);
    } catch (const std::exception& e) {
      std::cerr << o.data << ":" << lineNumber << ": " << e.what() << "\n";
      return kUsage;
    }
    size_t caseIndex = 0;
    for (const json& c : row.at("cases")) {
      if (!o.runs(caseIndex++)) continue;
      ++s.total;
      std::vector<RValue> args;
      std::string key = test + " " + op.name + "(";
      try {
        for (const json& v : c.at("input")) {
          args.push_back(evaluator.operand(v));
          key += (args.size() > 1 ? ", " : "") + evaluator.text(args.back());
        }
      } catch (const std::exception& e) {
        std::cerr << o.data << ": " << test << ": malformed case: " << e.what() << "\n";
        return kUsage;
      }
      key += ")";
      setCurrentCase(key.c_str());
      plumb::interp::OperationResult r = evaluator.run(op, args);
      std::string cls;
      Verdict best{false, false};
      std::string plumbText;
      if (!r.ok()) {
        cls = "unsupported";
        plumbText = "unsupported: " + r.unsupported;
      } else {
        for (const RValue& alternative : r.alternatives) {
          Verdict v;
          try {
            v = accepts(alternative, c.at("expected"), cmp);
          } catch (const std::exception& e) {
            std::cerr << o.data << ": " << key << ": malformed expectation: " << e.what() << "\n";
            return kUsage;
          }
          if (v.meets && (!best.meets || (best.viaAny && !v.viaAny))) best = v;
          plumbText += (plumbText.empty() ? "" : " | ") + evaluator.text(alternative);
        }
        if (!best.meets) cls = "disjoint";
      }
      setCurrentCase(nullptr);
      if (cls.empty()) {
        ++s.agree;
        if (best.viaAny) ++s.viaAny;
        // Every alternative's set inside what the CTS accepts.
        bool allContained = true;
        for (const RValue& alternative : r.alternatives)
          allContained = allContained && accepts(alternative, c.at("expected"), cmp).contained;
        if (allContained) ++s.contained;
        if (!allContained && listWider)
          std::cout << "wider " << key << ": expected " << c.at("expected").dump() << " ("
                    << cmp.dump() << "), Plumb " << plumbText << "\n";
        continue;
      }
      ++s.classes[cls];
      std::string detail = key + "\n  [" + cls + "] expected " + c.at("expected").dump() + " (" +
                           cmp.dump() + "), Plumb " + plumbText;
      auto k = known.find(key);
      if (k == known.end()) k = known.find(test + " [" + cls + "]");
      if (k != known.end()) {
        ++k->second.seen;
        ++s.known;
        if (o.listDisagreements)
          std::cout << "known (" << k->second.reason << ") " << detail << "\n";
      } else {
        ++s.unexpected;
        (o.listDisagreements ? std::cout : std::cerr) << "UNEXPECTED " << detail << "\n";
      }
      byClass[{test, cls}].push_back(key);
      disagreements.push_back(
          {{"key", key},
           {"class", cls},
           {"expected", c.at("expected")},
           {"cmpFloats", cmp},
           {"plumb", plumbText},
           {"known", k != known.end() ? json(k->second.reason) : json(nullptr)}});
    }
  }
  for (const std::string& f : o.files)
    if (!files.count(f)) {
      std::cerr << "cts_runtime: no rows for CTS file '" << f << "'\n";
      return kUsage;
    }
  if (!o.emitKnown.empty()) {
    for (const auto& [testClass, keys] : byClass) {
      std::string classKey = testClass.first + " [" + testClass.second + "]";
      if (keys.size() > 8 || known.count(classKey)) {
        auto k = known.find(classKey);
        std::cout << classKey << "\t" << (k != known.end() ? k->second.reason : o.emitKnown) << "\t"
                  << keys.size() << "\n";
      } else {
        for (const std::string& key : keys) {
          auto k = known.find(key);
          std::cout << key << "\t" << (k != known.end() ? k->second.reason : o.emitKnown) << "\n";
        }
      }
    }
    return kOk;
  }
  for (const auto& [key, entry] : known) {
    std::string test = key.substr(0, key.find(' '));
    if (!selectedTests.count(test) || o.sampled()) continue;
    if (entry.count ? entry.seen != *entry.count : entry.seen == 0)
      failures.push_back(o.known + ":" + std::to_string(entry.line) + ": " + key + " matched " +
                         std::to_string(entry.seen) + " disagreements" +
                         (entry.count ? ", listed " + std::to_string(*entry.count) : "") +
                         " (update the known list)");
  }
  bool ok = failures.empty();
  Stats sum;
  json report = json::object();
  for (const auto& [test, s] : stats) {
    std::cout << test.substr(kQueryPrefix.size()) << ": " << s.agree << "/" << s.total << " agree ("
              << s.viaAny << " only as any value; " << s.contained
              << " within the CTS's tolerance)";
    if (s.known || s.unexpected) {
      std::cout << "; disagree:";
      for (const auto& [cls, n] : s.classes) std::cout << " " << n << " " << cls;
      std::cout << " (" << s.known << " known"
                << (s.unexpected ? ", " + std::to_string(s.unexpected) + " UNEXPECTED" : "") << ")";
    }
    std::cout << "\n";
    ok = ok && s.unexpected == 0;
    report[test] = {{"total", s.total},         {"agree", s.agree}, {"agreeAsAny", s.viaAny},
                    {"contained", s.contained}, {"known", s.known}, {"unexpected", s.unexpected},
                    {"classes", s.classes}};
    sum.total += s.total, sum.agree += s.agree, sum.viaAny += s.viaAny;
    sum.contained += s.contained, sum.known += s.known, sum.unexpected += s.unexpected;
  }
  std::cout << "total: " << sum.agree << "/" << sum.total << " agree (" << sum.viaAny
            << " only as any value; " << sum.contained << " within the CTS's tolerance), "
            << sum.known << " known, " << sum.unexpected << " unexpected disagreements\n";
  for (const std::string& f : failures) std::cout << f << "\n";
  if (!o.report.empty()) {
    json out = {{"format", "plumb-cts-runtime"},
                {"version", 1},
                {"revision", "2022-06"},
                {"data", o.data},
                {"tests", report},
                {"disagreements", disagreements}};
    if (!writeReport("cts_runtime", o.report, out)) return kUsage;
  }
  return ok ? kOk : kFailed;
}

}  // namespace

int main(int argc, char** argv) {
  Options defaults;
  defaults.data = PLUMB_CTS_EXECUTION_DATA;
  return runnerMain(argc, argv, "cts_runtime", defaults, usage, run);
}
