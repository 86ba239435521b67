// plumb tgsi oracle [FILE] [--opcodes all|LIST] [--runner PATH] [--glsl-runner PATH] [--glsl]
//                   [--random N] [--seed S] [--max-ulps N] [--format text|json] [--listed N]
// The TGSI seed's Mesa oracle (issue 18 item 6, docs/tgsi.md "The Mesa oracle"): translates to
// ARB assembly, or to GLSL for the integer opcodes and DDX, DDY ("The GLSL oracle"), runs on
// llvmpipe, compares with the evaluator's exact and ieee32 sets.
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "cli/commands.h"
#include "cli/input_files.h"
#include "cli/tgsi_command.h"
#include "oracle/tgsi/glsl_oracle.h"
#include "oracle/tgsi/mesa_oracle.h"
#include "semantics/tgsi/parser.h"

namespace plumb::cli {
namespace {

struct TgsiOracleOptions {
  std::string file;
  std::string opcodes;
  std::string runner;
  std::string glslRunner;
  bool glsl = false;
  size_t random = 256;
  uint64_t seed = 1;
  uint64_t maxUlps = 64;
  size_t listed = 10;
  std::string format = "text";
};

int runOracle(const TgsiOracleOptions& o) {
  const std::string command = "tgsi oracle";
  tgsi::OracleOptions options;
  options.runner = o.runner.empty() ? tgsi::defaultArbRunner() : o.runner;
  options.glslRunner = o.glslRunner.empty() ? tgsi::defaultGlslRunner() : o.glslRunner;
  options.random = o.random;
  options.seed = o.seed;
  options.maxUlps = o.maxUlps;

  // The programs: the file, or one generated program per opcode (and kind of program).
  struct Source {
    std::string name;
    std::unique_ptr<SourceFile> file;
    bool glsl = false;  // the GLSL oracle's
  };
  std::vector<Source> sources;
  if (!o.file.empty()) {
    std::unique_ptr<SourceFile> file = readTextFile(command, o.file);
    if (!file) return kUsage;
    sources.push_back({o.file, std::move(file), o.glsl});
  } else {
    std::vector<std::string> wanted;
    if (!o.opcodes.empty() && o.opcodes != "all") {
      std::stringstream list(o.opcodes);
      for (std::string op; std::getline(list, op, ',');) {
        for (char& c : op) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        wanted.push_back(op);
      }
    }
    for (const tgsi::OracleOpcode& op : tgsi::allOracleOpcodes()) {
      if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), op.opcode) == wanted.end())
        continue;
      std::string name = op.opcode + (op.saturate ? "_SAT" : "");
      sources.push_back(
          {name, std::make_unique<SourceFile>(
                     name, tgsi::opcodeProgramText(op.opcode, op.vertex, op.saturate))});
    }
    for (const std::string& op : tgsi::allGlslOpcodes()) {
      if (!wanted.empty() && std::find(wanted.begin(), wanted.end(), op) == wanted.end()) continue;
      sources.push_back(
          {op, std::make_unique<SourceFile>(op, tgsi::glslOpcodeProgramText(op)), true});
    }
    for (const std::string& w : wanted) {
      bool known = false;
      for (const tgsi::OracleOpcode& op : tgsi::allOracleOpcodes()) known |= op.opcode == w;
      for (const std::string& op : tgsi::allGlslOpcodes()) known |= op == w;
      if (!known) {
        printInputError(command, "'" + w +
                                     "' is not an opcode of the oracle's ARB or GLSL subset "
                                     "(docs/tgsi.md, \"The Mesa oracle\")");
        return kUsage;
      }
    }
  }

  std::vector<tgsi::ProgramReport> reports;
  std::string renderer;
  bool refused = false;
  for (const Source& s : sources) {
    DiagnosticList diagnostics;
    std::optional<tgsi::Program> program = tgsi::parseProgram(*s.file, diagnostics);
    // A program with an opcode ARB assembly cannot say (the integer set, DDX, DDY) goes to
    // the GLSL oracle.
    bool glsl = s.glsl;
    if (program)
      for (const tgsi::Instruction& i : program->instructions)
        glsl |= tgsi::arbOpcode(i.opcode, false).empty() && i.opcode != "NOP" &&
                tgsi::glslHasOpcode(i.opcode);
    std::optional<tgsi::ArbProgram> arb;
    std::optional<tgsi::GlslProgram> shader;
    if (program && glsl) shader = tgsi::translateToGlsl(*program, *s.file, diagnostics);
    if (program && !glsl) arb = tgsi::translateToArb(*program, *s.file, diagnostics);
    if (!arb && !shader) {
      for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
      refused = true;
      continue;
    }
    reports.push_back(shader
                          ? tgsi::compareGlslWithMesa(s.name, *program, *shader, options, renderer)
                          : tgsi::compareWithMesa(s.name, *program, *arb, options, renderer));
    if (!reports.back().error.empty() &&
        reports.back().error.find("not installed") != std::string::npos) {
      printInputError(command, reports.back().error);
      return kUsage;
    }
  }
  if (o.format == "json")
    std::cout << tgsi::reportJson(reports, renderer, options).dump(2) << "\n";
  else
    std::cout << tgsi::reportText(reports, renderer, o.listed);
  bool failed = refused;
  for (const tgsi::ProgramReport& r : reports) failed |= r.disagree > 0 || !r.error.empty();
  return failed ? kRejected : kOk;
}

}  // namespace

void registerTgsiOracle(CLI::App* tgsi, int& exitCode) {
  auto o = std::make_shared<TgsiOracleOptions>();
  CLI::App* c = tgsi->add_subcommand(
      "oracle",
      "Run TGSI programs of the ARB and GLSL subsets in Mesa (llvmpipe) on edge inputs and "
      "compare with the evaluator");
  c->add_option("FILE", o->file,
                "a TGSI program of the ARB subset (default: one program per opcode)");
  c->add_option("--opcodes", o->opcodes,
                "without FILE: 'all' (default) or a comma-separated list (MOV,ADD,...)");
  c->add_option("--runner", o->runner,
                "the Mesa runner (default: PLUMB_TGSI_RUNNER, else oracle/tgsi/bin/"
                "tgsi_arb_runner, installed by scripts/tgsi_oracle_setup.sh)");
  c->add_option("--glsl-runner", o->glslRunner,
                "the GLSL runner (default: PLUMB_TGSI_GLSL_RUNNER, else oracle/tgsi/bin/"
                "tgsi_glsl_runner, installed by scripts/tgsi_oracle_setup.sh)");
  c->add_flag("--glsl", o->glsl,
              "run FILE through GLSL (the default for programs with integer opcodes, DDX, DDY)");
  c->add_option("--random", o->random, "random edge-value cases after the pairwise grid")
      ->check(CLI::Range(0, 60000));
  c->add_option("--seed", o->seed, "seed of the random cases");
  c->add_option("--max-ulps", o->maxUlps,
                "the accuracy class's bound for the approximate opcodes, in binary32 steps");
  c->add_option("--listed", o->listed, "disagreements listed per program in the text output");
  c->add_option("--format", o->format, "output format")->check(CLI::IsMember({"text", "json"}));
  c->footer(
      "Classifies each case as agree, flushed (Mesa flushed a subnormal), accuracy (an\n"
      "approximate opcode within --max-ulps) or disagree (docs/tgsi.md, \"The Mesa oracle\").\n"
      "Exit status: 0 no disagreement, 1 a disagreement, a program outside the ARB subset\n"
      "(located diagnostics) or a runner failure, 2 on usage errors or without the runner.");
  c->callback([o, &exitCode] { exitCode = runOracle(*o); });
}

}  // namespace plumb::cli
