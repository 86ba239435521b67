// plumb check FILE... [--revision R] [--override NAME=VALUE]... [--format text|json]
// [--strict-uniformity]
//   [--uniformity-graph FILE.dot] [--annotate-uniformity] [--strict-aliasing]
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "checker/wgsl/checker.h"
#include "checker/wgsl/uniformity.h"
#include "cli/commands.h"
#include "cli/graphviz.h"
#include "cli/input_files.h"
#include "cli/shader_inputs.h"
#include "semantics/atomic_file.h"
#include "semantics/diagnostic_json.h"
#include "semantics/wgsl/parser.h"

namespace plumb::cli {

namespace {

struct CheckOptionsCli {
  std::vector<std::string> files;
  std::vector<std::string> overrides;
  std::string format = "text";
  bool literalShiftRight = false;
  bool pipeline = false;
  bool strictUniformity = false;
  bool strictAliasing = false;
  bool annotateUniformity = false;
  std::string uniformityGraph;
  std::string revision = "2022-06";
};

/// --uniformity-graph: the graph of the first function the analysis rejected (its violating
/// path in red), else every function's graph; written whole or not at all, as DOT, or as SVG
/// (rendered by Graphviz's dot) when the file name ends in `.svg`.
bool writeGraphs(const CheckedModule& checked, const std::string& path, std::string& error) {
  const UniformityResult& r = *checked.uniformity;
  std::ostringstream out;
  bool violation = false;
  for (uint32_t f = 0; f < r.graphs.size() && !violation; ++f)
    if (uniformityRejected(r, f)) violation = writeUniformityDot(checked, r, f, out);
  if (!violation)
    for (uint32_t f = 0; f < r.graphs.size(); ++f) writeUniformityDot(checked, r, f, out);
  if (isSvgPath(path)) return writeSvg(path, out.str(), error);
  return writeFileAtomically(path, out.str(), error);
}

/// --annotate-uniformity: each function's tags, then each statement's control flow.
nlohmann::json annotation(const CheckedModule& checked, const SourceFile& file, bool print) {
  const UniformityResult& r = *checked.uniformity;
  nlohmann::json functions = nlohmann::json::array();
  for (uint32_t i = 0; i < r.functions.size(); ++i) {
    const FunctionUniformity& f = r.functions[i];
    if (!f.analyzed) continue;
    std::string name(checked.module.name(checked.declarations[i].name));
    if (checked.module.revision().currentUniformityAnalysis) {
      // Revision 2026's tags (new#uniformity-function), at the workgroup or draw scope.
      CurrentTagSpellings t = spellings(f.current[0]);
      functions.push_back({{"function", name},
                           {"callSiteTag", t.callSite},
                           {"functionTag", t.function},
                           {"parameterTags", t.parameters},
                           {"parameterReturnTags", t.parameterReturns},
                           {"pointerParameterTags", t.pointerParameters}});
      if (print) {
        std::cout << file.name() << ": fn " << name << ": " << t.callSite << ", " << t.function;
        for (size_t p = 0; p < t.parameters.size(); ++p)
          std::cout << (p ? ", " : "; parameters: ") << t.parameters[p] << " "
                    << t.parameterReturns[p];
        std::cout << "\n";
      }
      continue;
    }
    nlohmann::json params = nlohmann::json::array();
    for (ParameterTag t : f.parameters) params.push_back(std::string(spelling(t)));
    functions.push_back({{"function", name},
                         {"callSiteTag", std::string(spelling(f.callSite))},
                         {"functionTag", std::string(spelling(f.function))},
                         {"parameterTags", params}});
    if (print) {
      std::cout << file.name() << ": fn " << name << ": " << spelling(f.callSite) << ", "
                << spelling(f.function);
      for (size_t p = 0; p < f.parameters.size(); ++p)
        std::cout << (p ? ", " : "; parameters: ") << spelling(f.parameters[p]);
      std::cout << "\n";
    }
  }
  nlohmann::json points = nlohmann::json::array();
  for (const UniformityAnnotation& a : r.annotations) {
    LineColumn lc = file.position(a.span.begin);
    points.push_back({{"line", lc.line}, {"column", lc.column}, {"uniform", a.uniform}});
    if (print) {
      std::string_view line = file.lineText(a.span.begin);
      size_t first = line.find_first_not_of(" \t");
      std::cout << file.name() << ":" << lc.line << ":" << lc.column << ": "
                << (a.uniform ? "uniform     " : "non-uniform ") << " "
                << (first == std::string_view::npos ? line : line.substr(first)) << "\n";
    }
  }
  return {{"functions", functions}, {"points", points}};
}

int runCheck(const CheckOptionsCli& o) {
  const Revision* found = Revision::byName(o.revision);
  if (!found) {
    std::cerr << "plumb check: unknown revision '" << o.revision << "' (known: 2022-06, 2026)\n";
    return kUsage;
  }
  const Revision& revision = *found;
  CheckOptions options;
  options.literalShiftRight = o.literalShiftRight;
  if (!parseOverrides("check", o.overrides, options.overrides)) return kUsage;
  options.pipelineCreation = o.pipeline || !options.overrides.empty();
  options.strictUniformity = o.strictUniformity;
  options.aliasingAsErrors = o.strictAliasing;
  options.annotateUniformity = o.annotateUniformity;
  options.keepUniformityGraphs = !o.uniformityGraph.empty();
  if (!o.uniformityGraph.empty() && o.files.size() != 1) {
    std::cerr << "plumb check: --uniformity-graph needs exactly one file\n";
    return kUsage;
  }
  std::string graphProblem = o.uniformityGraph.empty() ? "" : outputFileProblem(o.uniformityGraph);
  if (graphProblem.empty() && isSvgPath(o.uniformityGraph) && !graphvizAvailable())
    graphProblem = graphvizMissingMessage();
  if (!graphProblem.empty()) {
    printInputError("check", "cannot write '" + o.uniformityGraph + "': " + graphProblem);
    return kUsage;
  }
  bool json = o.format == "json";
  nlohmann::json files = nlohmann::json::array();
  int exitCode = kOk;
  for (const std::string& path : o.files) {
    std::unique_ptr<SourceFile> file = readWgslFile("check", path);
    if (!file) return kUsage;
    DiagnosticList diagnostics;
    std::unique_ptr<ast::Module> module = parseModule(*file, revision, diagnostics);
    std::unique_ptr<CheckedModule> checked;
    if (!diagnostics.hasErrors()) checked = check(*module, diagnostics, options);
    bool ok = !diagnostics.hasErrors();
    bool analyzed = checked && checked->uniformity;
    // A program valid only through a documented hole of the seed's uniformity analysis
    // (docs/ambiguities.md U1–U13): say that the strict reading, which today's compilers
    // follow, rejects it (issue 16 item 4).
    if (ok && analyzed && !o.strictUniformity) {
      CheckOptions strict = options;
      strict.strictUniformity = true;
      strict.annotateUniformity = false;
      strict.keepUniformityGraphs = false;
      DiagnosticList strictDiagnostics;
      check(*module, strictDiagnostics, strict);
      for (const Diagnostic& d : strictDiagnostics.all()) {
        if (d.severity != Severity::Error || !d.rule.starts_with("uniformity")) continue;
        Diagnostic note = d;
        note.severity = Severity::Note;
        note.message =
            "valid only through a hole in the seed's uniformity analysis "
            "(docs/ambiguities.md U1-U13): --strict-uniformity rejects it: " +
            d.message;
        diagnostics.add(std::move(note));
        break;
      }
    }
    std::string graphError;
    if (analyzed && !o.uniformityGraph.empty() &&
        !writeGraphs(*checked, o.uniformityGraph, graphError)) {
      printInputError("check", "cannot write '" + o.uniformityGraph + "': " + graphError);
      return kUsage;
    }
    if (!ok) exitCode = kRejected;
    if (json) {
      nlohmann::json f = {{"file", file->name()}, {"valid", ok}};
      nlohmann::json diags = nlohmann::json::array();
      for (const Diagnostic& d : diagnostics.all()) diags.push_back(toJson(d));
      f["diagnostics"] = diags;
      if (analyzed && o.annotateUniformity) f["uniformity"] = annotation(*checked, *file, false);
      files.push_back(f);
      continue;
    }
    for (const Diagnostic& d : diagnostics.all()) std::cerr << renderText(d);
    if (analyzed && o.annotateUniformity) annotation(*checked, *file, true);
    std::cout << file->name() << ": "
              << (ok ? "valid"
                     : std::to_string(diagnostics.errorCount()) + " error" +
                           (diagnostics.errorCount() == 1 ? "" : "s"))
              << "\n";
  }
  if (json) {
    nlohmann::json report = {
        {"format", "plumb-check"}, {"version", 1}, {"revision", std::string(revision.name)}};
    report["files"] = files;
    std::cout << report.dump(2) << "\n";
  }
  return exitCode;
}

}  // namespace

void registerCheck(CLI::App& app, int& exitCode) {
  auto o = std::make_shared<CheckOptionsCli>();
  CLI::App* cmd = app.add_subcommand(
      "check",
      "Check WGSL files against the static rules of the revision: names, types, conversions and\n"
      "overloads, creation-time values, declarations and statements, behaviors, entry points\n"
      "and the shader interface, aliasing, and the uniformity analysis.\n"
      "Exit status: 0 if every file is valid, 1 if any is not, 2 on usage and input errors.");
  cmd->add_option("files", o->files, "WGSL source files ('-' reads standard input)")->required();
  cmd->add_option("--override", o->overrides,
                  "KEY=VALUE: a pipeline-overridable constant's value (KEY is its @id if it has\n"
                  "one, else its name; VALUE a number, true or false); implies --pipeline");
  cmd->add_flag("--pipeline", o->pipeline,
                "also apply the rules of pipeline creation: every override has a value (given\n"
                "or its default), and override expressions are evaluated with them");
  cmd->add_option("--revision", o->revision,
                  "WGSL revision: 2022-06 (the seed, default) or 2026 (current WGSL)");
  cmd->add_option("--format", o->format, "diagnostics as 'text' or 'json'")
      ->check(CLI::IsMember({"text", "json"}));
  cmd->add_flag("--literal-shift-right", o->literalShiftRight,
                "evaluate >> on i32 and AbstractInt as the seed's text says (zero bits in)");
  cmd->add_flag("--strict-uniformity", o->strictUniformity,
                "close the holes of the seed's uniformity analysis with the fixes of\n"
                "docs/ambiguities.md U1-U13 (user-defined inputs, pointer parameters, ...)");
  cmd->add_option(
      "--uniformity-graph", o->uniformityGraph,
      "FILE.dot: write the uniformity graph of the rejected function (the violating\n"
      "path in red), or of every function if none is rejected (Graphviz DOT; FILE.svg:\n"
      "a picture, drawn by Graphviz's dot)");
  cmd->add_flag("--annotate-uniformity", o->annotateUniformity,
                "print each function's uniformity tags and, for each statement, whether the\n"
                "analysis proves its control flow uniform (#uniformity-optional-diagnosis-mode)");
  cmd->add_flag("--strict-aliasing", o->strictAliasing,
                "report aliasing memory views as errors (the 2026 rule) instead of warnings\n"
                "about a possible dynamic error (the seed; docs/ambiguities.md X1)");
  cmd->callback([o, &exitCode] { exitCode = runCheck(*o); });
}

}  // namespace plumb::cli
