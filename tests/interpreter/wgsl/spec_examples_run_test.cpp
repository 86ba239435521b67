// Every spec example that can execute (wgsl-2022-06-07.bs example blocks that pass the static
// rules): each compute entry point is dispatched, and every function without parameters is
// called from an added compute entry point (function-body examples are wrapped in one). Each
// must run to the end in every outcome, except where this file says otherwise and why.
#include <gtest/gtest.h>

#include <map>

#include "checker/wgsl/checker.h"
#include "interpreter/wgsl/run.h"
#include "semantics/wgsl/parser.h"
#include "test_data.h"

namespace plumb::interp {
namespace {

using Example = testing::SpecExample;

// Outcomes other than "finished", by example, with the reason.
const std::map<int, std::string> kExpectedOutcome = {
    // `loop { if a == 5 { break; } else { continue; } a = a + 1; }` with a = 0 never ends: the
    // example illustrates behaviors, not a terminating program.
    {65, "limit"},
};

struct Plan {
  std::vector<std::string> entries;  // compute entry points to dispatch
  std::string source;                // the example, plus a caller of its functions
  std::string skipped;               // why nothing can run
  std::vector<std::pair<std::string, std::string>> overrides;  // overrides without a default: 1
};

Plan plan(const Example& e) {
  Plan p;
  std::string text = e.form == "function-body" ? "fn wrapper() {\n" + e.text + "}\n" : e.text;
  SourceFile file("example.wgsl", text);
  DiagnosticList d;
  auto module = parseModule(file, Revision::wgsl2022_06(), d);
  std::unique_ptr<CheckedModule> checked;
  if (!d.hasErrors()) checked = check(*module, d, {});
  if (!checked || d.hasErrors()) {
    p.skipped = "does not check";
    return p;
  }
  std::string calls;
  for (const ModuleDeclaration& decl : checked->declarations) {
    if (decl.kind == ModuleDeclaration::Override) {
      const auto& v = (*module)[std::get<ast::VariableId>((*module)[decl.global].node)];
      if (!v.initializer)
        p.overrides.emplace_back(decl.attributes.has(Attributes::Id) ? std::to_string(decl.attributes.id)
                                                                     : std::string(module->name(decl.name)),
                                 "1");
    }
    if (decl.kind != ModuleDeclaration::Function) continue;
    std::string name(module->name(decl.name));
    if (decl.attributes.stage == ShaderStage::Compute) {
      p.entries.push_back(name);
      continue;
    }
    if (decl.attributes.stage != ShaderStage::None) continue;
    // Arguments: the zero value of a constructible parameter type, the address of a new
    // function variable for a function-space pointer; other parameters cannot be supplied.
    const auto& f = std::get<ast::FunctionDeclaration>((*module)[decl.global].node);
    std::string args, vars;
    bool callable = true;
    for (ast::ParameterId param : (*module)[f.parameters]) {
      Type t = checked->parameters[param.value];
      std::string arg;
      const TypeNode& n = checked->types[t];
      if (isConstructible(checked->types, t)) {
        arg = checked->types.name(t) + "()";
      } else if (n.kind == TypeKind::Pointer && n.space == ast::AddressSpace::Function) {
        std::string v = "plumb_arg" + std::to_string(param.value);
        vars += "  var " + v + ": " + checked->types.name(n.element) + ";\n";
        arg = "&" + v;
      } else {
        callable = false;
      }
      args += (args.empty() ? "" : ", ") + arg;
    }
    if (!callable) continue;
    calls += "  {\n" + vars + (checked->types.kind(decl.type) == TypeKind::Void ? "  " : "  _ = ") + name + "(" +
             args + ");\n  }\n";
  }
  p.source = text;
  if (!calls.empty()) {
    p.source += "\n@compute @workgroup_size(1) fn plumb_example_caller() {\n" + calls + "}\n";
    p.entries.push_back("plumb_example_caller");
  }
  if (p.entries.empty()) p.skipped = "nothing to run: no compute entry point and no function (declarations only)";
  return p;
}

class SpecExampleRun : public ::testing::TestWithParam<Example> {};

TEST_P(SpecExampleRun, RunsToTheEnd) {
  const Example& e = GetParam();
  if (e.check != "ok" || (e.form != "module" && e.form != "function-body"))
    GTEST_SKIP() << "not a valid module or function body";
  Plan p = plan(e);
  if (!p.skipped.empty()) GTEST_SKIP() << p.skipped;
  SourceFile file("example.wgsl", p.source);
  for (const std::string& entry : p.entries) {
    RunRequest r;
    r.entry = entry;
    r.zeroMissingBindings = true;
    r.check.overrides = p.overrides;
    r.dispatch.maxSteps = 200000;
    r.dispatch.maxExecutions = 64;
    RunReport report = runShader(file, r);
    std::string why;
    for (const Diagnostic& d : report.diagnostics.all()) why += renderText(d);
    for (const std::string& s : report.errors) why += s + "\n";
    if (!report.ran) {
      // A function that uses fragment-only built-ins cannot be called from a compute shader.
      if (why.find("stage") != std::string::npos || why.find("only fragment shaders") != std::string::npos) continue;
      ADD_FAILURE() << "entry " << entry << ":\n" << why << p.source;
      continue;
    }
    auto expected = kExpectedOutcome.find(e.number);
    for (const auto& o : report.json["outcomes"]) {
      std::string kind = o["kind"];
      if (expected != kExpectedOutcome.end()) {
        EXPECT_EQ(kind, expected->second) << report.json.dump(1);
      } else {
        EXPECT_EQ(kind, "finished") << "entry " << entry << ": " << o.dump(1) << "\n" << p.source;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Wgsl20220607, SpecExampleRun, ::testing::ValuesIn(testing::loadSpecExamples()),
                         [](const ::testing::TestParamInfo<Example>& info) {
                           char name[16];
                           std::snprintf(name, sizeof name, "Example%03d", info.param.number);
                           return std::string(name);
                         });

}  // namespace
}  // namespace plumb::interp
