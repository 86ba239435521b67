// cts_execution: runs Plumb's creation-time evaluator over the WebGPU CTS shader execution
// expectations of June 2022 (corpus/cts-2022-06/execution.jsonl.gz) and checks that every value
// Plumb computes is one the CTS accepts.
//
// Every row of the data was run by the CTS with the inputs as creation-time constants (its
// params include inputSource "const"), so each case is a creation-time expression
// (#creation-time-expr): the row's expression with each operand written as an exact literal of
// its parameter type (`0x1.8p+1f`, `(-3i)`, `4294967295u`, `vec2<bool>(true, false)`). It is
// parsed and checked as `plumb eval` does (parseExpression, checkExpression) and its value is
// compared with the case's expectation, the way the CTS's comparators of that month compare a
// device's result (gpuweb/cts src/webgpu/util/compare.ts and math.ts): `===` for "exact",
// correctlyRounded, ulpMatch, absMatch, ulpComparator, intervals, anyOf. Plumb computes one
// value, the exact result rounded once to nearest-even, so it agrees iff that value is accepted.
// Inputs that no creation-time expression can denote (infinities, NaN) are counted as "not
// expressible" and skipped.
//
// A disagreement is expected when the known-disagreements file lists it, either by its case
// key (`query expression`) or by its class (`query [class]`, with the number of cases of the
// class: a class entry is for a whole class that one documented rule explains). Exit status 0
// iff every disagreement is known, every listed key still disagrees and every listed class has
// exactly its number of cases; 1 otherwise; 2 on usage errors or unreadable data.
//
//   cts_execution [--data PATH] [--file NAME]... [--known PATH] [--report PATH]
//                 [--list-disagreements] [--emit-known REASON]

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/wgsl/checker.h"
#include "cts_math.h"
#include "cts_runner.h"
#include "semantics/wgsl/parser.h"

#ifndef PLUMB_CTS_EXECUTION_DATA
#define PLUMB_CTS_EXECUTION_DATA "corpus/cts-2022-06/execution.jsonl.gz"
#endif

namespace {

using nlohmann::json;

using namespace plumb::cts;

// ------------------------------------------------------------------ options and data

void usage(std::ostream& out) {
  out << "usage: cts_execution [--data PATH] [--file NAME]... [--known PATH] [--report PATH]\n"
         "                     [--list-disagreements] [--emit-known REASON] [--sample N]\n"
         "  --data PATH            execution.jsonl.gz (default " PLUMB_CTS_EXECUTION_DATA
         ")\n"
         "  --file NAME            only the rows of this CTS file, e.g.\n"
         "                         expression,call,builtin,atan2\n"
         "  --known PATH           known disagreements: lines 'query expression<TAB>reason' or\n"
         "                         'query [class]<TAB>reason<TAB>count', '#' comments\n"
         "  --report PATH          write a JSON report\n"
         "  --list-disagreements   print every disagreement, known or not\n"
         "  --emit-known REASON    print the known list for the current disagreements instead:\n"
         "                         listed keys and classes keep their reason, new ones get\n"
         "                         REASON (classes of more than 8 cases are listed as classes)\n"
         "  --sample N             every Nth case of each CTS test only (known entries are\n"
         "                         then not checked for staleness)\n";
}

/// The CTS file of a query: `webgpu:shader,execution,expression,call,builtin,abs:f32` ->
/// `expression,call,builtin,abs`.
constexpr std::string_view kQueryPrefix = "webgpu:shader,execution,";

std::string ctsFile(std::string_view test) {
  return plumb::cts::ctsFile(test, kQueryPrefix);
}

/// The query of a data line without parsing it whole: every line starts `{"test":"...`, and
/// most runs select one file, so the other lines are skipped unparsed. Empty if the line does
/// not start that way (it is then parsed).
std::string_view quickTest(std::string_view line) {
  constexpr std::string_view start = "{\"test\":";
  if (line.substr(0, start.size()) != start) return {};
  size_t open = line.find_first_not_of(' ', start.size());
  if (open == std::string_view::npos || line[open] != '"') return {};
  size_t end = line.find_first_of("\"\\", open + 1);
  if (end == std::string_view::npos || line[end] != '"') return {};
  return line.substr(open + 1, end - open - 1);
}

// ------------------------------------------------------------------ f32 as the CTS sees it

// The CTS of June 2022 computes in JavaScript numbers (binary64) and quantizes to binary32 with
// Float32Array; these helpers reproduce its math.ts so that Plumb's value is judged by exactly
// the acceptance rule the CTS applies to a device's result.

/// math.ts withinULP: |got - target| <= n ulp(target), the larger ulp of flushing or not.
bool withinUlp(double got, double target, double n) {
  if (std::isnan(got) || std::isnan(target)) return false;
  double ulp = std::max(oneUlp(target, true), oneUlp(target, false));
  if (std::isnan(ulp)) return false;
  if (got == target) return true;
  return std::fabs(got - target) <= n * ulp;
}

/// math.ts correctlyRoundedImpl: got is target if target is a binary32 value, else one of the
/// two binary32 values around it.
bool correctlyRoundedImpl(double got, double target, bool flush) {
  if (std::isnan(target)) return std::isnan(got);
  if (std::isinf(target)) return got == target;
  if (flush) {
    // flushSubnormalScalar: a subnormal (or zero) got becomes +0.
    if ((f32Bits(got) & 0x7f800000u) == 0) got = 0;
    target = flushSubnormal(target);
  }
  double target32 = toF32(target);
  if (target32 == target) return got == target32;
  double before, after;
  if (target32 > target) {
    after = target32;
    before = nextAfter(target32, false, flush);
  } else {
    after = nextAfter(target32, true, flush);
    before = target32;
  }
  return got == before || got == after;
}

bool correctlyRounded(double got, double target) {
  return correctlyRoundedImpl(got, target, true) || correctlyRoundedImpl(got, target, false);
}

// ------------------------------------------------------------------ comparators

/// How the row compares floating-point results (`cmpFloats`). The CTS's default, "exact", is
/// JavaScript `===`: +0 and -0 are equal and NaN equals nothing.
struct FloatMatch {
  enum Kind { Exact, CorrectlyRounded, UlpMatch, AbsMatch, Interval } kind = Exact;
  double a = 0, b = 0;  // ulps; absolute difference; interval bounds
  // Not the CTS's rule: distinguish -0 from +0 where the expectation is a zero, to count the
  // cases that agree only because the CTS (like #floating-point-evaluation: "Implementations
  // may ignore the sign of a zero") does not.
  bool signedZero = false;

  bool operator()(double got, double expected) const {
    if (signedZero && (kind == Exact || kind == CorrectlyRounded) && got == 0 && expected == 0)
      return std::signbit(got) == std::signbit(expected);
    switch (kind) {
      case Exact:
        return got == expected;
      case CorrectlyRounded:
        return correctlyRounded(got, expected);
      case UlpMatch:
        return got == expected || withinUlp(got, expected, a);
      case AbsMatch:
        if (got == expected) return true;
        if (!std::isfinite(got) || !std::isfinite(expected)) return false;
        return std::fabs(got - expected) <= a;
      case Interval:
        return a <= got && got <= b;
    }
    return false;
  }
};

/// A JSON number, or the strings the data uses for non-finite values and -0.

FloatMatch parseFloatMatch(const json& j) {
  FloatMatch m;
  if (j.is_string()) {
    if (j.get<std::string>() != "exact") throw std::runtime_error("unknown cmpFloats " + j.dump());
    return m;
  }
  if (j.contains("correctlyRounded")) {
    m.kind = FloatMatch::CorrectlyRounded;
  } else if (j.contains("ulpMatch")) {
    m.kind = FloatMatch::UlpMatch;
    m.a = jsonNumber(j.at("ulpMatch"));
  } else if (j.contains("absMatch")) {
    m.kind = FloatMatch::AbsMatch;
    m.a = jsonNumber(j.at("absMatch"));
  } else if (j.contains("interval")) {
    m.kind = FloatMatch::Interval;
    m.a = jsonNumber(j.at("interval").at(0));
    m.b = jsonNumber(j.at("interval").at(1));
  } else {
    throw std::runtime_error("unknown cmpFloats " + j.dump());
  }
  return m;
}

bool isFloatTypeName(std::string_view t) {
  return t == "f32" || t == "f64" || t == "f16";
}

/// compare.ts compare(): a scalar or vector result against an expected value.
bool compareValue(const plumb::TypeTable& types, const plumb::Value& got, const json& expected,
                  const FloatMatch& cmp) {
  if (expected.contains("elements")) {
    if (!got.isComposite()) return false;
    const json& elements = expected.at("elements");
    if (got.elements().size() != elements.size()) return false;
    for (size_t i = 0; i < elements.size(); ++i)
      if (!compareValue(types, got.elements()[i], elements[i], cmp)) return false;
    return true;
  }
  std::string type = expected.at("type").get<std::string>();
  plumb::TypeKind kind = types.kind(got.type);
  bool gotFloat = kind == plumb::TypeKind::F32 || kind == plumb::TypeKind::F16;
  if (gotFloat != isFloatTypeName(type)) return false;
  if (gotFloat) return cmp(got.floatValue(), jsonNumber(expected.at("value")));
  if (type == "bool")
    return kind == plumb::TypeKind::Bool && got.boolValue() == expected.at("value").get<bool>();
  if (type == "i32")
    return kind == plumb::TypeKind::I32 && got.intValue() == expected.at("value").get<int64_t>();
  if (type == "u32")
    return kind == plumb::TypeKind::U32 && got.intValue() == expected.at("value").get<int64_t>();
  return false;
}

/// A case's expectation: a value, anyOf (possibly nested), an interval or an ulpComparator
/// (which compares with its own ulpMatch whatever the row's cmpFloats).
bool accepts(const plumb::TypeTable& types, const plumb::Value& got, const json& expected,
             const FloatMatch& cmp) {
  if (expected.contains("anyOf")) {
    for (const json& e : expected.at("anyOf"))
      if (accepts(types, got, e, cmp)) return true;
    return false;
  }
  if (expected.contains("ulpComparator")) {
    const json& u = expected.at("ulpComparator");
    FloatMatch ulps{FloatMatch::UlpMatch, jsonNumber(u.at("ulps"))};
    return compareValue(types, got, u.at("target"), ulps);
  }
  if (expected.contains("interval")) {
    if (!got.isScalar() || !std::holds_alternative<double>(got.data)) return false;
    FloatMatch in{FloatMatch::Interval, jsonNumber(expected.at("interval").at(0)),
                  jsonNumber(expected.at("interval").at(1))};
    return in(got.floatValue(), 0);
  }
  return compareValue(types, got, expected, cmp);
}

/// Whether a floating-point component of the value is a zero.
bool hasFloatZero(const plumb::Value& v) {
  if (v.isComposite()) {
    for (const plumb::Value& e : v.elements())
      if (hasFloatZero(e)) return true;
    return false;
  }
  return std::holds_alternative<double>(v.data) && v.floatValue() == 0;
}

/// Whether some value the expectation names is finite (an expected value, an anyOf member,
/// an interval bound, an ulpComparator target), or, for non-float expectations, any value.
bool namesFiniteValue(const json& expected) {
  if (expected.contains("anyOf")) {
    for (const json& e : expected.at("anyOf"))
      if (namesFiniteValue(e)) return true;
    return false;
  }
  if (expected.contains("ulpComparator"))
    return namesFiniteValue(expected.at("ulpComparator").at("target"));
  if (expected.contains("interval"))
    return std::isfinite(jsonNumber(expected.at("interval").at(0))) ||
           std::isfinite(jsonNumber(expected.at("interval").at(1)));
  if (expected.contains("elements")) {
    for (const json& e : expected.at("elements"))
      if (!namesFiniteValue(e)) return false;
    return true;
  }
  if (!isFloatTypeName(expected.at("type").get<std::string>())) return true;
  return std::isfinite(jsonNumber(expected.at("value")));
}

/// The expectation as short text for messages: values as the data gives them.
std::string describeExpected(const json& e) {
  if (e.contains("anyOf")) {
    std::set<std::string> options;  // the CTS lists flushed and unflushed results, often equal
    for (const json& x : e.at("anyOf")) options.insert(describeExpected(x));
    std::string out;
    for (const std::string& o : options) out += (out.empty() ? "" : " or ") + o;
    return options.size() == 1 ? out : "{" + out + "}";
  }
  if (e.contains("ulpComparator")) {
    const json& u = e.at("ulpComparator");
    return "within " + u.at("ulps").dump() + " ulp of " + describeExpected(u.at("target"));
  }
  if (e.contains("interval"))
    return "[" + e.at("interval").at(0).dump() + ", " + e.at("interval").at(1).dump() + "]";
  if (e.contains("elements")) {
    std::string out = e.at("type").get<std::string>() + "(";
    for (size_t i = 0; i < e.at("elements").size(); ++i)
      out += (i ? ", " : "") + describeExpected(e.at("elements")[i]);
    return out + ")";
  }
  const json& v = e.at("value");
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::string describeFloatMatch(const json& j) {
  return j.is_string() ? j.get<std::string>() : j.dump();
}

// ------------------------------------------------------------------ WGSL operands

/// The scalar as a WGSL creation-time expression of its type, or nullopt if it has none
/// (infinities and NaN: #floating-point-evaluation gives literals finite values only).
/// Negative values are parenthesized so that `-$0` and `$0-$1` stay what they say (`--` is
/// the decrement token). i32's minimum has no literal (#literals: `2147483648i` is out of
/// range), so it is the AbstractInt converted.
std::optional<std::string> scalarOperand(const json& v) {
  std::string type = v.at("type").get<std::string>();
  const json& value = v.at("value");
  if (type == "bool") return value.get<bool>() ? "true" : "false";
  if (type == "u32") return std::to_string(value.get<uint64_t>()) + "u";
  if (type == "i32") {
    int64_t i = value.get<int64_t>();
    if (i == -2147483648LL) return "i32(-2147483648)";
    if (i < 0) return "(-" + std::to_string(-i) + "i)";
    return std::to_string(i) + "i";
  }
  if (type == "f32") {
    // The bits are the value's encoding; the value may be a string ("-0", "Infinity", "NaN").
    uint32_t bits = static_cast<uint32_t>(std::stoul(v.at("bits").get<std::string>(), nullptr, 16));
    double d = fromF32Bits(bits);
    if (!std::isfinite(d)) return std::nullopt;
    double stated = jsonNumber(value);
    if (stated != d || std::signbit(stated) != std::signbit(d))
      throw std::runtime_error("f32 value and bits differ: " + v.dump());
    std::string text = plumb::hexFloat(d) + "f";
    return std::signbit(d) ? "(" + text + ")" : text;
  }
  throw std::runtime_error("unsupported parameter type " + type);
}

std::optional<std::string> operand(const json& v) {
  if (!v.contains("elements")) return scalarOperand(v);
  std::string out = v.at("type").get<std::string>() + "(";
  bool first = true;
  for (const json& e : v.at("elements")) {
    std::optional<std::string> s = scalarOperand(e);
    if (!s) return std::nullopt;
    out += (first ? "" : ", ") + *s;
    first = false;
  }
  return out + ")";
}

/// The row's expression with `$i` replaced by the operands.
std::string substitute(const std::string& pattern, const std::vector<std::string>& operands) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] == '$' && i + 1 < pattern.size() && std::isdigit(uint8_t(pattern[i + 1]))) {
      size_t j = i + 1;
      size_t index = 0;
      while (j < pattern.size() && std::isdigit(uint8_t(pattern[j])))
        index = index * 10 + size_t(pattern[j++] - '0');
      if (index >= operands.size())
        throw std::runtime_error("operand $" + std::to_string(index) + " out of range in " +
                                 pattern);
      out += operands[index];
      i = j - 1;
      continue;
    }
    out += pattern[i];
  }
  return out;
}

// ------------------------------------------------------------------ running a case

/// What Plumb makes of a case's expression.
struct Outcome {
  enum Kind { Value, Error, Unevaluated, NotConstant, Crash } kind = Crash;
  std::optional<plumb::Value> value;
  std::string type;  // the expression's static type
  std::string text;  // the value (exact form) or the first error diagnostic
  std::string rule;
};

std::string exactText(const plumb::TypeTable& types, const plumb::Value& v) {
  if (std::holds_alternative<double>(v.data)) {
    std::string suffix = types.kind(v.type) == plumb::TypeKind::F16 ? "h" : "f";
    return plumb::hexFloat(v.floatValue()) + suffix;
  }
  if (v.isComposite()) {
    std::string out = types.name(v.type) + "(";
    for (size_t i = 0; i < v.elements().size(); ++i)
      out += (i ? ", " : "") + exactText(types, v.elements()[i]);
    return out + ")";
  }
  switch (types.kind(v.type)) {
    case plumb::TypeKind::Bool:
      return v.boolValue() ? "true" : "false";
    case plumb::TypeKind::I32:
      return std::to_string(v.intValue()) + "i";
    case plumb::TypeKind::U32:
      return std::to_string(v.intValue()) + "u";
    default:
      return std::to_string(v.intValue());
  }
}

/// One expression evaluated the way `plumb eval` does (cli/eval_command.cpp): parsed on its
/// own and checked with checkExpression. Declared in lifetime order: the module refers to the
/// source file, the checked module to the module, and the value's types to the checked
/// module's type table.
struct Evaluation {
  std::unique_ptr<plumb::SourceFile> file;
  std::unique_ptr<plumb::ast::Module> module;
  std::unique_ptr<plumb::CheckedModule> checked;
  Outcome outcome;

  explicit Evaluation(const std::string& expression) {
    Outcome& o = outcome;
    try {
      file = std::make_unique<plumb::SourceFile>("<cts>", expression);
      plumb::DiagnosticList diagnostics;
      auto [parsed, e] = plumb::parseExpression(*file, plumb::Revision::wgsl2022_06(), diagnostics);
      module = std::move(parsed);
      if (!diagnostics.hasErrors()) checked = plumb::checkExpression(*module, e, diagnostics);
      for (const plumb::Diagnostic& d : diagnostics.all()) {
        if (d.severity != plumb::Severity::Error) continue;
        o.kind = Outcome::Error;
        o.text = d.message;
        o.rule = d.rule;
        return;
      }
      const plumb::ExpressionInfo& info = (*checked)[e];
      o.type = info.type ? checked->types.name(info.type) : "";
      if (info.stage != plumb::EvaluationStage::Constant) {
        o.kind = Outcome::NotConstant;
        o.text = "not a creation-time expression";
      } else if (!info.value) {
        o.kind = Outcome::Unevaluated;
        o.text = "no value (a built-in without an evaluator)";
      } else {
        o.kind = Outcome::Value;
        o.value = info.value;
        o.text = exactText(checked->types, *info.value);
      }
    } catch (const std::exception& ex) {
      o.kind = Outcome::Crash;
      o.text = std::string("exception: ") + ex.what();
    } catch (...) {
      o.kind = Outcome::Crash;
      o.text = "exception of unknown type";
    }
  }
};

// ------------------------------------------------------------------ disagreement classes

/// The class of a disagreement, which a known-list entry may name for a whole CTS test:
///   plumb-error-cts-nonfinite  Plumb reports a creation-time error; every value the CTS
///                              names is an infinity or NaN (its own result overflowed)
///   plumb-error                Plumb reports a creation-time error; the CTS names a finite
///                              value
///   value                      Plumb's value is not one the CTS accepts
///   type                       Plumb's result type is not the row's return type
///   unevaluated, not-constant, crash
std::string disagreementClass(const Outcome& o, const json& expected) {
  switch (o.kind) {
    case Outcome::Error:
      return namesFiniteValue(expected) ? "plumb-error" : "plumb-error-cts-nonfinite";
    case Outcome::Value:
      return "value";
    case Outcome::Unevaluated:
      return "unevaluated";
    case Outcome::NotConstant:
      return "not-constant";
    case Outcome::Crash:
      return "crash";
  }
  return "crash";
}

// ------------------------------------------------------------------ known list

struct KnownEntry {
  std::string reason;
  size_t line = 0;
  std::optional<size_t> count;  // class entries: the number of cases of the class
  size_t seen = 0;              // disagreements it matched
  bool stillDisagrees = false;
};

struct KnownList {
  std::map<std::string, KnownEntry> entries;  // by key: `query expression` or `query [class]`
};

bool isClassKey(std::string_view key) {
  size_t space = key.find(' ');
  return space != std::string_view::npos && key.size() > space + 2 && key[space + 1] == '[' &&
         key.back() == ']' && key.find(' ', space + 1) == std::string_view::npos;
}

bool readKnown(const std::string& path, KnownList& known) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "cts_execution: cannot read known-disagreements file '" << path << "'\n";
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
    bool isClass = !fields.empty() && isClassKey(fields[0]);
    bool shapeOk = isClass ? fields.size() == 3 : fields.size() == 2;
    for (const std::string& f : fields) shapeOk = shapeOk && !f.empty();
    KnownEntry entry{shapeOk ? fields[1] : "", number, std::nullopt, 0, false};
    if (shapeOk && isClass) {
      char* end = nullptr;
      unsigned long long n = std::strtoull(fields[2].c_str(), &end, 10);
      if (*end != '\0') shapeOk = false;
      entry.count = static_cast<size_t>(n);
    }
    if (!shapeOk) {
      std::cerr << path << ":" << number
                << ": expected 'query expression<TAB>reason' or "
                   "'query [class]<TAB>reason<TAB>count'\n";
      ok = false;
      continue;
    }
    auto [it, inserted] = known.entries.emplace(fields[0], entry);
    if (!inserted) {
      std::cerr << path << ":" << number << ": duplicate key (first on line " << it->second.line
                << ")\n";
      ok = false;
    }
  }
  return ok;
}

// ------------------------------------------------------------------ the run

struct Row {
  std::string test;
  std::string file;
  std::string expression;
  std::vector<std::string> parameterTypes;
  std::string returnType;
  json cmpFloatsJson;
  FloatMatch cmpFloats;
  json cases;
};

struct TestStats {
  size_t total = 0;
  size_t notExpressible = 0;
  size_t agree = 0;
  size_t agreeIgnoringZeroSign = 0;       // of `agree`: only because -0 == +0 (see FloatMatch)
  size_t known = 0;                       // disagreements the known list explains
  size_t unexpected = 0;                  // disagreements it does not, and crashes
  std::map<std::string, size_t> classes;  // disagreements by class
};

struct Disagreement {
  std::string test;
  std::string key;
  std::string cls;
  std::string line;  // for --list-disagreements and failures
  json record;
  const KnownEntry* known = nullptr;
};

int run(const Options& o) {
  std::string text, error;
  if (!readGzip(o.data, text, error)) {
    std::cerr << "cts_execution: cannot read '" << o.data << "': " << error << "\n";
    return kUsage;
  }
  KnownList known;
  if (!o.known.empty() && !readKnown(o.known, known)) return kUsage;

  // Parse the selected rows; a malformed line is a usage error (the data file is broken).
  std::vector<Row> rows;
  std::set<std::string> allFiles;
  size_t lineNumber = 0;
  std::string_view all(text);
  for (size_t start = 0; start < all.size();) {
    size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    std::string_view line = all.substr(start, end - start);
    start = end + 1;
    ++lineNumber;
    if (line.empty()) continue;
    std::string file = ctsFile(quickTest(line));
    if (!file.empty()) {
      allFiles.insert(file);
      if (!o.files.empty() && !o.files.count(file)) continue;
    }
    try {
      json j = json::parse(line);
      Row r;
      r.test = j.at("test").get<std::string>();
      r.file = ctsFile(r.test);
      allFiles.insert(r.file);
      if (!o.files.empty() && !o.files.count(r.file)) continue;
      r.expression = j.at("expression").get<std::string>();
      r.parameterTypes = j.at("parameterTypes").get<std::vector<std::string>>();
      r.returnType = j.at("returnType").get<std::string>();
      r.cmpFloatsJson = j.at("cmpFloats");
      r.cmpFloats = parseFloatMatch(r.cmpFloatsJson);
      // The data was recorded with the inputs as creation-time constants: that is what this
      // runner checks, so a row without that input source is not for it.
      bool constSource = false;
      for (const json& p : j.at("params_list"))
        constSource = constSource || p.value("inputSource", "") == "const";
      if (!constSource) throw std::runtime_error("no params with inputSource \"const\"");
      r.cases = std::move(j.at("cases"));
      rows.push_back(std::move(r));
    } catch (const std::exception& e) {
      std::cerr << o.data << ":" << lineNumber << ": malformed row: " << e.what() << "\n";
      return kUsage;
    }
  }
  for (const std::string& f : o.files) {
    if (!allFiles.count(f)) {
      std::cerr << "cts_execution: no rows for CTS file '" << f << "'\n";
      return kUsage;
    }
  }

  std::map<std::string, TestStats> stats;  // by query
  std::vector<Disagreement> disagreements;
  std::vector<std::string> failures;  // printed after the summary
  std::set<std::string> selectedTests;
  for (const Row& r : rows) {
    selectedTests.insert(r.test);
    TestStats& s = stats[r.test];
    size_t caseIndex = 0;
    for (const json& c : r.cases) {
      if (!o.runs(caseIndex++)) continue;
      ++s.total;
      std::vector<std::string> operands;
      bool expressible = true;
      try {
        for (const json& v : c.at("input")) {
          std::optional<std::string> text = operand(v);
          if (!text) {
            expressible = false;
            break;
          }
          operands.push_back(*text);
        }
      } catch (const std::exception& e) {
        std::cerr << o.data << ": " << r.test << ": malformed case: " << e.what() << "\n";
        return kUsage;
      }
      if (!expressible) {
        ++s.notExpressible;
        continue;
      }
      std::string expression = substitute(r.expression, operands);
      std::string key = r.test + " " + expression;
      const json& expected = c.at("expected");

      setCurrentCase(key.c_str());
      Evaluation evaluation(expression);
      const Outcome& out = evaluation.outcome;
      bool agree = false;
      if (out.kind == Outcome::Value) {
        if (out.type != r.returnType) {
          agree = false;
        } else {
          try {
            agree = accepts(evaluation.checked->types, *out.value, expected, r.cmpFloats);
          } catch (const std::exception& e) {
            std::cerr << o.data << ": " << key << ": malformed expectation: " << e.what() << "\n";
            return kUsage;
          }
        }
      }
      setCurrentCase(nullptr);
      if (agree) {
        ++s.agree;
        FloatMatch strict = r.cmpFloats;
        strict.signedZero = true;
        if (hasFloatZero(*out.value) &&
            !accepts(evaluation.checked->types, *out.value, expected, strict))
          ++s.agreeIgnoringZeroSign;
        continue;
      }

      Disagreement d;
      d.test = r.test;
      d.key = key;
      d.cls = out.kind == Outcome::Value && out.type != r.returnType
                  ? "type"
                  : disagreementClass(out, expected);
      ++s.classes[d.cls];
      std::string plumbText = out.kind == Outcome::Value
                                  ? out.text + " (" + out.type + ")"
                                  : out.text + (out.rule.empty() ? "" : " [" + out.rule + "]");
      d.line = key + "\n  [" + d.cls + "] expected " + describeExpected(expected) + " (" +
               describeFloatMatch(r.cmpFloatsJson) + "), Plumb " + plumbText;
      d.record = {{"test", r.test},
                  {"expression", expression},
                  {"key", key},
                  {"class", d.cls},
                  {"input", c.at("input")},
                  {"expected", expected},
                  {"cmpFloats", r.cmpFloatsJson}};
      if (out.kind == Outcome::Value) {
        d.record["plumb"] = {{"value", out.text}, {"type", out.type}};
      } else {
        d.record["plumb"] = {{"error", out.text}, {"rule", out.rule}};
      }
      // An entry for the case itself takes precedence over one for its class.
      auto k = known.entries.find(key);
      if (k == known.entries.end() && d.cls != "crash")
        k = known.entries.find(r.test + " [" + d.cls + "]");
      if (k != known.entries.end()) {
        ++k->second.seen;
        k->second.stillDisagrees = true;
        d.known = &k->second;
        ++s.known;
      } else {
        ++s.unexpected;
      }
      disagreements.push_back(std::move(d));
    }
  }

  // With --emit-known, stdout is the new known list and the rest goes to stderr.
  bool emit = !o.emitKnown.empty();
  std::ostream& out = emit ? std::cerr : std::cout;

  // Disagreements, and the list to emit.
  std::map<std::pair<std::string, std::string>, std::vector<const Disagreement*>> byClass;
  for (const Disagreement& d : disagreements) {
    if (d.known) {
      if (o.listDisagreements) std::cout << "known (" << d.known->reason << ") " << d.line << "\n";
    } else if (o.listDisagreements) {
      std::cout << "UNEXPECTED " << d.line << "\n";
    } else {
      failures.push_back("UNEXPECTED " + d.line);
    }
    byClass[{d.test, d.cls}].push_back(&d);
  }
  if (emit) {
    // Class entries for classes already listed as classes or too large to list case by case.
    constexpr size_t kClassThreshold = 8;
    for (const auto& [testClass, list] : byClass) {
      std::string classKey = testClass.first + " [" + testClass.second + "]";
      auto k = known.entries.find(classKey);
      bool asClass = testClass.second != "crash" &&
                     (k != known.entries.end() || list.size() > kClassThreshold);
      if (asClass) {
        std::cout << classKey << "\t" << (k != known.entries.end() ? k->second.reason : o.emitKnown)
                  << "\t" << list.size() << "\n";
        continue;
      }
      for (const Disagreement* d : list) {
        auto kk = known.entries.find(d->key);
        std::cout << d->key << "\t" << (kk != known.entries.end() ? kk->second.reason : o.emitKnown)
                  << "\n";
      }
    }
  }

  // Known entries that no longer hold: keys that agree or name no case, classes whose number
  // of cases changed. Only entries for the selected queries are judged.
  for (const auto& [key, entry] : known.entries) {
    if (o.sampled()) break;  // a sample cannot tell whether a known disagreement is gone
    std::string test = key.substr(0, key.find(' '));
    if (!selectedTests.count(test)) {
      if (o.files.empty() || o.files.count(ctsFile(test)))
        failures.push_back(o.known + ":" + std::to_string(entry.line) +
                           ": names no test of the data: " + key);
      continue;
    }
    if (entry.count) {
      if (entry.seen != *entry.count)
        failures.push_back(o.known + ":" + std::to_string(entry.line) + ": class " + key +
                           " lists " + std::to_string(*entry.count) + " cases, found " +
                           std::to_string(entry.seen) + " (update the count, reason " +
                           entry.reason + ")");
    } else if (!entry.stillDisagrees) {
      failures.push_back("NOW AGREES or names no case (remove from the known list, reason " +
                         entry.reason + "): " + key);
    }
  }

  if (!emit)
    for (const std::string& f : failures) out << f << "\n";
  bool ok = failures.empty();
  json testReport = json::object();
  size_t sumTotal = 0, sumAgree = 0, sumNot = 0, sumKnown = 0, sumUnexpected = 0, sumZero = 0;
  for (const auto& [test, s] : stats) {
    size_t expressible = s.total - s.notExpressible;
    out << test.substr(kQueryPrefix.size()) << ": " << s.agree << "/" << expressible << " agree";
    if (s.known || s.unexpected) {
      out << " (";
      bool first = true;
      for (const auto& [cls, n] : s.classes) {
        out << (first ? "" : ", ") << n << " " << cls;
        first = false;
      }
      out << "; " << s.known << " known";
      if (s.unexpected) out << ", " << s.unexpected << " UNEXPECTED";
      out << ")";
    }
    if (s.notExpressible) out << ", " << s.notExpressible << " not expressible";
    if (s.agreeIgnoringZeroSign)
      out << "; " << s.agreeIgnoringZeroSign << " agree only as -0 == +0";
    out << "\n";
    if (s.unexpected) ok = false;
    testReport[test] = {{"total", s.total},
                        {"notExpressible", s.notExpressible},
                        {"agree", s.agree},
                        {"disagree", expressible - s.agree},
                        {"agreeIgnoringZeroSign", s.agreeIgnoringZeroSign},
                        {"known", s.known},
                        {"unexpected", s.unexpected},
                        {"classes", s.classes}};
    sumTotal += s.total;
    sumAgree += s.agree;
    sumNot += s.notExpressible;
    sumKnown += s.known;
    sumUnexpected += s.unexpected;
    sumZero += s.agreeIgnoringZeroSign;
  }
  out << "total: " << sumAgree << "/" << (sumTotal - sumNot) << " agree (" << sumKnown << " known, "
      << sumUnexpected << " unexpected), " << sumNot << " not expressible, " << sumTotal
      << " cases; " << sumZero << " agree only as -0 == +0\n";

  if (!o.report.empty()) {
    json list = json::array();
    for (const Disagreement& d : disagreements) {
      json r = d.record;
      r["known"] = d.known ? json(d.known->reason) : json(nullptr);
      list.push_back(std::move(r));
    }
    json report = {{"format", "plumb-cts-execution"},
                   {"version", 1},
                   {"revision", "2022-06"},
                   {"data", o.data},
                   {"tests", testReport},
                   {"disagreements", list}};
    if (!writeReport("cts_execution", o.report, report)) return kUsage;
  }
  if (emit) return kOk;
  return ok ? kOk : kFailed;
}

}  // namespace

int main(int argc, char** argv) {
  Options defaults;
  defaults.data = PLUMB_CTS_EXECUTION_DATA;
  return runnerMain(argc, argv, "cts_execution", defaults, usage, run);
}
