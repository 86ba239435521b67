// plumb tgsi run FILE --inputs I.json [--numerics exact|ieee32] [--format text|json]
// plumb tgsi opcodes [--format text|markdown|json]
// The TGSI seed's reference evaluator (issue 18, docs/tgsi.md).
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/tgsi_command.h"
#include "interpreter/tgsi/machine.h"
#include "interpreter/tgsi/opcode_rules.h"
#include "semantics/diagnostic_json.h"
#include "semantics/tgsi/opcode_table.h"
#include "semantics/tgsi/parser.h"

namespace plumb::cli {
namespace {

struct TgsiRunOptions {
  std::string file;
  std::string inputs;
  std::string numerics = "exact";
  std::string format = "text";
};

int runTgsi(const TgsiRunOptions& o) {
  const std::string command = "tgsi run";
  std::unique_ptr<SourceFile> file = readTextFile(command, o.file);
  if (!file) return kUsage;
  tgsi::RunInputs values;
  if (!o.inputs.empty()) {
    std::optional<nlohmann::json> j = readJsonFile(command, o.inputs);
    if (!j) return kUsage;
    std::string error;
    if (!tgsi::readInputs(*j, values, error)) {
      printInputError(command, "'" + o.inputs + "': " + error);
      return kUsage;
    }
  }
  DiagnosticList diagnostics;
  std::optional<tgsi::Program> program = tgsi::parseProgram(*file, diagnostics);
  if (!program) {
    if (o.format == "json") {
      nlohmann::json j = {
          {"format", "plumb-tgsi-run"}, {"version", 2}, {"diagnostics", nlohmann::json::array()}};
      for (const Diagnostic& d : diagnostics.all()) j["diagnostics"].push_back(toJson(d));
      std::cout << j.dump(2) << "\n";
    } else {
      for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
    }
    return kRejected;
  }
  tgsi::RunOptions options;
  options.numerics = o.numerics == "ieee32"       ? tgsi::Numerics::Ieee32
                     : o.numerics == "ieee32-ftz" ? tgsi::Numerics::Ieee32Ftz
                                                  : tgsi::Numerics::Exact;
  tgsi::RunResult result = tgsi::run(*program, values, options);
  if (result.outcomes.empty()) {  // a declared input not given: nothing was run
    for (const std::string& e : result.errors) printInputError(command, e);
    return kUsage;
  }
  if (o.format == "json")
    std::cout << tgsi::toJson(result, options.numerics).dump(2) << "\n";
  else
    std::cout << tgsi::toText(result);
  // An incomplete answer is exit 1 (README, exit status): the path limit cut the set, or a path
  // stopped at the step or stack limit.
  bool stopped = false;
  for (const tgsi::Outcome& o : result.outcomes) stopped |= !o.stopped.empty();
  return result.errors.empty() && !stopped ? kOk : kRejected;
}

std::string statusName(tgsi::OpcodeStatus s) {
  switch (s) {
    case tgsi::OpcodeStatus::Evaluated:
      return "evaluated";
    case tgsi::OpcodeStatus::Tbd:
      return "TBD (refused)";
    case tgsi::OpcodeStatus::NotEvaluated:
      return "not evaluated";
  }
  return "?";
}
const char* className(tgsi::OpcodeClass c) {
  switch (c) {
    case tgsi::OpcodeClass::A:
      return "A";
    case tgsi::OpcodeClass::B:
      return "B";
    case tgsi::OpcodeClass::C:
      return "C";
    case tgsi::OpcodeClass::D:
      return "D";
  }
  return "?";
}

int printOpcodes(const std::string& format) {
  nlohmann::json all = nlohmann::json::array();
  if (format == "markdown")
    std::cout << "| opcode | heading (rule anchor) | origin | dst, src | class | status | "
                 "evaluator | formula | reading |\n|---|---|---|---|---|---|---|---|---|\n";
  for (const tgsi::OpcodeInfo& info : tgsi::opcodeTable()) {
    const tgsi::OpcodeRule* rule = tgsi::findRule(info.name);
    std::string function = rule ? std::string(rule->function) : "";
    if (format == "json") {
      all.push_back({{"name", info.name},
                     {"heading", info.heading},
                     {"origin", info.origin},
                     {"destinations", info.destinations},
                     {"sources", info.sources},
                     {"integer", info.integer},
                     {"class", className(info.cls)},
                     {"status", statusName(info.status)},
                     {"function", function},
                     {"formula", info.formula},
                     {"note", info.note}});
    } else if (format == "markdown") {
      std::string formula(info.formula);
      for (size_t p = 0; (p = formula.find('|', p)) != std::string::npos; p += 2)
        formula.replace(p, 1, "\\|");
      std::cout << "| " << info.name << " | " << info.heading << " | " << info.origin << " | "
                << info.destinations << ", " << info.sources << " | " << className(info.cls)
                << " | " << statusName(info.status) << " | "
                << (function.empty() ? "" : "`" + function + "`") << " | `" << formula << "` | "
                << info.note << " |\n";
    } else {
      std::cout << info.name << "\t" << className(info.cls) << "\t" << statusName(info.status)
                << "\t" << function << "\t" << info.formula << "\n";
    }
  }
  if (format == "json")
    std::cout << nlohmann::json{{"format", "plumb-tgsi-opcodes"}, {"version", 1}, {"opcodes", all}}
                     .dump(2)
              << "\n";
  return kOk;
}

}  // namespace

void registerTgsi(CLI::App& app, int& exitCode) {
  CLI::App* tgsi = app.add_subcommand(
      "tgsi", "The TGSI seed (Gallium's shader IR): a reference evaluator (docs/tgsi.md)");
  tgsi->require_subcommand(1);

  auto run = std::make_shared<TgsiRunOptions>();
  CLI::App* r = tgsi->add_subcommand(
      "run", "Evaluate a TGSI program (Mesa's text format) by the seed's formulas");
  r->add_option("FILE", run->file, "TGSI text file ('-' for standard input)")->required();
  r->add_option("--inputs", run->inputs, "IN and CONST values (plumb-tgsi-inputs JSON)");
  r->add_option("--numerics", run->numerics,
                "exact: the formula exactly, rounded once to binary32; ieee32: every "
                "operation in binary32; ieee32-ftz: ieee32 with subnormals flushed to zero")
      ->check(CLI::IsMember({"exact", "ieee32", "ieee32-ftz"}));
  r->add_option("--format", run->format, "output format")->check(CLI::IsMember({"text", "json"}));
  r->footer(
      "Prints the OUT registers of every outcome the seed's formulas allow (docs/tgsi.md).\n"
      "Exit status: 0 evaluated, 1 the program is rejected (located diagnostics) or a limit\n"
      "stopped the evaluation (4,096 paths, 100,000 steps, a stack of 1,024), 2 on usage and\n"
      "input errors (an input file or a declared input missing).");
  r->callback([run, &exitCode] { exitCode = runTgsi(*run); });

  auto format = std::make_shared<std::string>("text");
  CLI::App* ops = tgsi->add_subcommand(
      "opcodes", "The seed's 105 opcodes: class, status, evaluator function, formula");
  ops->add_option("--format", *format, "output format")
      ->check(CLI::IsMember({"text", "markdown", "json"}));
  ops->footer("Exit status: 0, or 2 on usage errors.");
  ops->callback([format, &exitCode] { exitCode = printOpcodes(*format); });

  registerTgsiOracle(tgsi, exitCode);
}

}  // namespace plumb::cli
