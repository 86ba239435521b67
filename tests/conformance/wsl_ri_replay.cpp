// Replays the test suite of WebKit's WSL reference implementation (gpuweb/WSL 943222d, Test.mjs,
// recorded as data in tests/data/wsl-ri/cases.jsonl.gz; README there) against Plumb's WSL
// (issue 20, ctest label wsl-ri).
//
// Every case gets one class:
//   pass         Plumb's verdict is the RI's (a value case: the RI's value is Plumb's only outcome,
//                or one of Plumb's outcomes when the seed allows several);
//   difference   Plumb follows WSL.ott / the seed where the RI does not, as docs/ambiguities.md
//                records (the entry is named);
//   unsupported  the case needs what Plumb's WSL does not implement (the diagnostic rule
//                `wsl-unsupported`, an argument or buffer the replay cannot build), so it says
//                nothing either way; no recorded case is, and one that becomes so fails the run
//                (issue 20's bar: every case passes or is a documented difference);
//   fail         anything else.
// Exit status 0 when every case passes or is a documented difference; `--verbose` lists the
// failures and unsupported cases, `--list CLASS` one class.
#include <zlib.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "checker/wsl/checked_program.h"
#include "interpreter/wsl/machine.h"
#include "interpreter/wsl/texture.h"
#include "semantics/wsl/lexer.h"
#include "semantics/wsl/parser.h"

using namespace plumb;
using namespace plumb::wsl;

namespace {

struct Verdict {
  std::string cls;     // pass, difference, unsupported, fail
  std::string reason;  // for difference: the ambiguity entry; else a note
};

bool readGzipLines(const std::string& path, std::vector<std::string>& lines) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) return false;
  std::string data;
  char buffer[1 << 16];
  int n;
  while ((n = gzread(f, buffer, sizeof buffer)) > 0) data.append(buffer, size_t(n));
  gzclose(f);
  size_t start = 0;
  while (start < data.size()) {
    size_t end = data.find('\n', start);
    if (end == std::string::npos) end = data.size();
    if (end > start) lines.push_back(data.substr(start, end - start));
    start = end + 1;
  }
  return true;
}

bool hasRule(const DiagnosticList& d, const std::string& rule) {
  for (const Diagnostic& x : d.all())
    if (x.rule == rule) return true;
  return false;
}

std::string firstMessage(const DiagnosticList& d) {
  return d.all().empty() ? "" : d.all().front().rule + ": " + d.all().front().message;
}

// The RI's value as a Plumb value of the entry's parameter or result type.
std::optional<Value> argument(const CheckedProgram& p, const nlohmann::json& a) {
  std::string type = a.value("type", "");
  const nlohmann::json& v = a["value"];
  auto number = [&]() -> double {
    if (v.is_string()) {
      std::string s = v.get<std::string>();
      if (s == "NaN") return NAN;
      if (s == "Infinity") return INFINITY;
      if (s == "-Infinity") return -INFINITY;
      if (s == "-0") return -0.0;
    }
    return v.is_number() ? v.get<double>() : 0.0;
  };
  if (type == "int") return Value::makeInt(int32_t(int64_t(number())));
  if (type == "uint") return Value::makeUint(uint32_t(int64_t(number())));
  if (type == "uchar") return Value::makeUchar(uint8_t(int64_t(number())));
  if (type == "bool") return Value::makeBool(v.is_boolean() ? v.get<bool>() : number() != 0);
  if (type == "float") return Value::makeFloat(float(number()));
  if (type == "half") return Value::makeHalf(float(number()));
  if (type == "char") return Value::makeInteger(charType(), int64_t(number()));
  if (type == "short") return Value::makeInteger(shortType(), int64_t(number()));
  if (type == "ushort") return Value::makeInteger(ushortType(), int64_t(number()));
  for (const EnumInfo& e : p.enums)
    if (e.name == type) return Value::makeEnum(e.type, int64_t(number()));
  return std::nullopt;
}

bool matchesScalar(const Value& got, const std::string& type, const nlohmann::json& v);

bool matches(const Value& got, const nlohmann::json& expected) {
  std::string type = expected.value("type", "");
  if (!got.type || typeName(*got.type) != type) return false;
  if (got.unspecified) return false;
  const nlohmann::json& v = expected["value"];
  if (got.type->kind == Type::Kind::Vector) {
    // `checkFloat4` and the like: the RI's elements, in order.
    if (!v.is_array() || v.size() != got.elements.size()) return false;
    for (size_t i = 0; i < got.elements.size(); ++i)
      if (got.elements[i].unspecified ||
          !matchesScalar(got.elements[i], typeName(*got.type->element), v[i]))
        return false;
    return true;
  }
  return matchesScalar(got, type, v);
}

bool matchesScalar(const Value& got, const std::string& type, const nlohmann::json& v) {
  if (type == "float" || type == "half") {
    if (v.is_string()) {
      std::string s = v.get<std::string>();
      if (s == "NaN") return std::isnan(got.real);
      if (s == "Infinity") return got.real == INFINITY;
      if (s == "-Infinity") return got.real == -INFINITY;
      if (s == "-0") return got.real == 0 && std::signbit(got.real);
    }
    return v.is_number() && float(v.get<double>()) == got.real;
  }
  if (type == "bool") return v.is_boolean() && (got.integer != 0) == v.get<bool>();
  if (!v.is_number()) return false;
  if (got.kind == Value::Kind::Int) return int64_t(int32_t(got.integer)) == v.get<int64_t>();
  return got.integer == v.get<int64_t>();
}

// A program the RI accepts and Plumb rejects, by a rule of the seed the RI does not apply: the
// docs/ambiguities.md entry that records it, or "" (each test below is one such entry).
std::string knownDifference(const DiagnosticList& d, const std::string& kind,
                            const std::string& program) {
  auto has = [&](const std::string& rule, const std::string& text) {
    for (const Diagnostic& x : d.all())
      if (x.rule == rule && x.message.find(text) != std::string::npos) return true;
    return false;
  };
  // W18: null pointers and the `trap;` statement are the RI's, not the seed's.
  if (kind == "trap" &&
      (program.find("null") != std::string::npos || program.find("trap;") != std::string::npos ||
       has("wsl-typing-variable_decl", "needs an initial value")))
    return "W18";
  if (program.find("null") != std::string::npos && has("wsl-typing-variable_name", "'null'"))
    return "W18";
  // W22: `while (true) { return x; }` ends a non-void function in the RI; by the seed's rules the
  // desugared `if (true) do .. while (true); else {}` may end normally.
  if (has("wsl-validation-typing-of-functions", "control may reach the end")) return "W22";
  // W23: a switch case falling off its end without `fallthrough;`.
  if (has("wsl-typing-switch_break", "every case of a switch must end") ||
      has("wsl-typing-switch_no_break", "every case of a switch must end"))
    return "W23";
  // W24: the RI's `e.value` of an enum.
  if (has("wsl-typing-dot", "address-taker 'value'")) return "W24";
  // W25: a non-bool loop condition (`for (..; i--; )`).
  if (has("wsl-typing-for", "expected bool") || has("wsl-typing-do_while", "expected bool") ||
      has("wsl-typing-if", "expected bool"))
    return "W25";
  // W26: unnamed parameters (`int foo(int)`).
  if (has("wsl-syntax-parameter", "expected an identifier")) return "W26";
  // W27: pointers or array references out of branches, loops and ?:.
  if (has("wsl-typing-if", "must not return a pointer") ||
      has("wsl-typing-ternary_no_int_literals", "pointer") ||
      has("wsl-typing-for", "must not return a pointer") ||
      has("wsl-typing-do_while", "must not return a pointer"))
    return "W27";
  // W28: pointers or array references inside structs and arrays.
  if (has("wsl-validation-no-pointers-or-array-references-in-structs-and-arrays", "")) return "W28";
  // W29: `@` of a pointer value, and address-takers taking an array reference.
  if (has("wsl-typing-take_ref_lval", "needs a left value") ||
      has("wsl-typing-call", "[] thread)") ||
      has("wsl-validation-building-the-global-typing-environment", "must be a pointer"))
    return "W29";
  return "";
}

// The texture fixtures (tests/data/wsl-ri/fixtures.json), by id.
const nlohmann::json& fixtures() {
  static const nlohmann::json all = [] {
    std::ifstream in(std::string(PLUMB_TEST_DATA_DIR) + "/wsl-ri/fixtures.json");
    nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
    return j.is_discarded() ? nlohmann::json::object() : j;
  }();
  return all;
}

Verdict replay(const nlohmann::json& c) {
  const std::string kind = c.value("kind", "");
  const std::string program = c.value("program", "");
  const std::string id = c.value("test", "") + "#" + std::to_string(c.value("order", 0));
  std::set<std::string> depends;
  if (c.contains("depends"))
    for (const auto& d : c["depends"]) depends.insert(d.get<std::string>());

  auto file = std::make_shared<SourceFile>("ri.wsl", program);
  if (kind == "lexer") {
    DiagnosticList d;
    std::vector<Token> tokens = tokenize(*file, d);
    const nlohmann::json& e = c["expected"];
    size_t i = e.value("token", 0);
    if (i >= tokens.size()) return {"fail", "fewer tokens"};
    std::string text = e.value("text", "");
    if (tokens[i].text == text && tokens[i].span.begin == e.value("index", 0u)) return {"pass", ""};
    // The RI lexes `-` into a following number (the seed's greedy rule); Plumb never does (W2).
    if (!text.empty() && text[0] == '-' && tokens[i].text == "-") return {"difference", "W2"};
    return {"fail", "token " + std::to_string(i) + " is '" + tokens[i].text + "', the RI's is '" +
                        text + "'"};
  }

  DiagnosticList diagnostics;
  std::optional<Program> parsed = parseProgram(*file, diagnostics);
  std::shared_ptr<const CheckedProgram> checked;
  if (parsed) checked = checkProgram(file, *parsed, diagnostics);
  const bool unsupported = hasRule(diagnostics, "wsl-unsupported");

  if (kind == "type-error" || kind == "syntax-error" || kind == "lexical-error" ||
      kind == "other-error") {
    if (!checked) return {"pass", ""};
    // W30: the RI refuses user-defined `==` on references; the seed has no such rule.
    if (c["ri"].value("message", "").find("User-specified reference equality") != std::string::npos)
      return {"difference", "W30"};
    return {"fail", "Plumb accepts what the RI rejects (" + c["ri"].value("message", "") + ")"};
  }
  if (!checked) {
    if (unsupported) return {"unsupported", firstMessage(diagnostics)};
    for (const Diagnostic& x : diagnostics.all())
      if (x.rule == "wsl-typing-call" && x.message.find("call Sample") != std::string::npos)
        return {"unsupported",
                "texture sampling (Sample, SampleBias, SampleGrad, SampleLevel, SampleCmp)"};
    if (std::string w = knownDifference(diagnostics, kind, program); !w.empty())
      return {"difference", w};
    return {"fail", "Plumb rejects: " + firstMessage(diagnostics)};
  }
  if (kind == "compile") return {"pass", ""};

  RunOptions options;
  options.entry = c.value("entry", "");
  options.maxSteps = 2000000;
  options.maxExecutions = 64;
  for (const auto& a : c["args"]) {
    if (a.value("fixture", "") == "texture") {
      // fixtures.json: the texture's maker, element type and data.
      std::string error;
      auto it = fixtures().find(a.value("ref", ""));
      std::optional<TextureData> t;
      if (it != fixtures().end()) t = textureFromFixture(*it, error);
      if (!t) return {"fail", "texture fixture: " + error};
      options.arguments.push_back(
          Value::makeResource(t->type(), int64_t(options.resources.textures.size())));
      options.resources.textures.push_back(std::move(*t));
      continue;
    }
    if (a.value("fixture", "") == "sampler") {
      options.arguments.push_back(
          Value::makeResource(samplerType(), int64_t(options.resources.samplers.size())));
      options.resources.samplers.push_back(
          samplerFromOptions(a.value("options", nlohmann::json::object())));
      continue;
    }
    if (a.value("fixture", "") == "raw") {
      // A host buffer: an array passed by value (`int[intLiteral<3>]`), or the memory behind a
      // pointer or array reference argument, stored before the call.
      std::string type = a.value("type", "");
      TypeP element = type.rfind("float", 0) == 0 || type.find(" float") != std::string::npos
                          ? floatType()
                          : intType();
      std::vector<Value> values;
      for (const auto& x : a["buffer"]) {
        if (!x.is_number()) return {"unsupported", "a buffer with unspecified elements"};
        values.push_back(element->kind == Type::Kind::Float ? Value::makeFloat(x.get<float>())
                                                            : Value::makeInt(x.get<int32_t>()));
      }
      if (type.find("[intLiteral<") != std::string::npos) {
        Value v;
        v.kind = Value::Kind::Aggregate;
        v.type = arrayOf(element, uint32_t(values.size()));
        v.elements = values;
        options.arguments.push_back(v);
        continue;
      }
      AddressSpace space =
          type.rfind("device", 0) == 0 ? AddressSpace::Device : AddressSpace::Thread;
      Address base = (Address(1) << 40) + Address(options.arguments.size()) * 4096;
      for (size_t i = 0; i < values.size(); ++i)
        options.initialMemory.push_back({base + Address(i) * 4, values[i]});
      // The buffer after the call (the suite inspected it in JavaScript: `ri.buffersAfter`).
      for (size_t i = 0; i < values.size(); ++i)
        options.observe.push_back({base + Address(i) * 4, element});
      Address at = base + Address(a.value("offset", 0)) * 4;
      if (a.value("pointee", "") == "arrayRef")
        options.arguments.push_back(Value::makeRef(at, a.value("length", 0u), space, element));
      else
        options.arguments.push_back(Value::makePtr(at, space, element));
      continue;
    }
    if (a.contains("fixture") || a.contains("ref"))
      return {"unsupported", "pointer, buffer or texture argument"};
    std::optional<Value> v = argument(*checked, a);
    if (!v) return {"unsupported", "argument of type " + a.value("type", "")};
    options.arguments.push_back(*v);
  }
  {
    const std::string type = c["expected"].value("type", "");
    options.observePointee =
        c["expected"].value("unchecked", false) && !type.empty() && type.back() == '*';
  }
  RunResult r = runFunction(*checked, options);
  if (!r.error.empty()) return {"fail", r.error};
  if (kind == "trap") {
    // WSL.ott has no trap: an out-of-bounds index is clamped (array_ref_clamped).
    if (depends.count("oob-index") && r.rulesFired.count("array_ref_clamped"))
      return {"difference", "W19"};
    return {"fail", "the RI traps; Plumb's outcomes: " + std::to_string(r.outcomes.size())};
  }
  const nlohmann::json& expected = c["expected"];
  if (expected.value("unchecked", false)) {
    // The suite inspected the call's effect in JavaScript: the buffers after it (`ri.buffersAfter`,
    // a null element is one the RI never wrote: any value), or the value a returned pointer
    // points to (`simpleMakePtr`: `result.value.loadValue() == 42`).
    nlohmann::json after = nlohmann::json::array();
    if (c.contains("ri") && c["ri"].contains("buffersAfter"))
      for (const auto& buffer : c["ri"]["buffersAfter"])
        for (const auto& x : buffer) after.push_back(x);
    const std::string type = expected.value("type", "");
    const bool pointer = type.size() > 1 && type.back() == '*';
    if (pointer && expected["value"].is_object()) {
      // The test's own check (Test.mjs simpleMakePtr): an int pointer whose pointee is 42.
      if (program.find("int x = 42;") == std::string::npos)
        return {"unsupported", "a returned pointer the suite inspected in JavaScript"};
      after.push_back(42);
    }
    if (after.empty()) return {"unsupported", "a result the suite inspected in JavaScript"};
    const RunResult& again = r;
    std::string got;
    for (const Outcome& o : again.outcomes) {
      bool ok = o.status == Outcome::Status::Returned && o.observed.size() == after.size();
      if (ok && pointer)
        ok = o.value.kind == Value::Kind::Ptr && typeName(*o.value.type) == "int* thread";
      for (size_t i = 0; ok && i < after.size(); ++i)
        ok = after[i].is_null() ||
             (!o.observed[i].unspecified &&
              matchesScalar(o.observed[i], typeName(*o.observed[i].type), after[i]));
      if (ok) return {"pass", "the memory after the call"};
      got += std::string(got.empty() ? "" : "; ") + statusName(o.status) + " " + valueText(o.value);
      for (const Value& v : o.observed) got += " " + valueText(v);
    }
    return {"fail", "RI memory after " + after.dump() + ", Plumb {" + got + "}"};
  }
  bool any = false, all = !r.outcomes.empty();
  std::string got;
  for (const Outcome& o : r.outcomes) {
    bool m = o.status == Outcome::Status::Returned && matches(o.value, expected);
    any |= m;
    all &= m;
    got += (got.empty() ? "" : ", ") + std::string(statusName(o.status)) + " " + valueText(o.value);
  }
  if (any)
    return {"pass", all ? "" : "one of Plumb's " + std::to_string(r.outcomes.size()) + " outcomes"};
  if (depends.count("arg-order")) return {"difference", "W20"};
  return {"fail", "RI " + expected.dump() + ", Plumb {" + got + "}"};
}

}  // namespace

int main(int argc, char** argv) {
  std::string path = std::string(PLUMB_TEST_DATA_DIR) + "/wsl-ri/cases.jsonl.gz";
  bool verbose = false;
  std::string list;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--verbose")
      verbose = true;
    else if (a == "--list" && i + 1 < argc)
      list = argv[++i];
    else
      path = a;
  }
  std::vector<std::string> lines;
  if (!readGzipLines(path, lines)) {
    std::cerr << "wsl_ri_replay: cannot read " << path << "\n";
    return 2;
  }
  std::map<std::string, int> counts;
  std::map<std::string, int> reasons;
  for (const std::string& line : lines) {
    nlohmann::json c = nlohmann::json::parse(line, nullptr, false);
    if (c.is_discarded()) continue;
    if (std::getenv("WSL_RI_DEBUG"))
      std::cerr << c.value("test", "") << "#" << c.value("order", 0) << "\n";
    Verdict v = replay(c);
    ++counts[v.cls];
    std::string id = c.value("test", "") + "#" + std::to_string(c.value("order", 0));
    if (v.cls == "difference" || v.cls == "unsupported")
      ++reasons[v.cls + " " + v.reason.substr(0, 90)];
    if ((verbose && (v.cls == "fail" || v.cls == "unsupported")) || v.cls == list)
      std::cout << v.cls << " " << id << " [" << c.value("kind", "") << "]: " << v.reason << "\n";
  }
  std::cout << "wsl-ri: " << lines.size() << " cases: " << counts["pass"] << " pass, "
            << counts["difference"] << " documented differences, " << counts["unsupported"]
            << " unsupported, " << counts["fail"] << " fail\n";
  for (const auto& [reason, n] : reasons) std::cout << "  " << n << "  " << reason << "\n";
  return counts["fail"] == 0 && counts["unsupported"] == 0 ? 0 : 1;
}
