// The Cg oracle's comparison and classification (docs/cg.md "Oracle").
#include "oracle/cg/cg_oracle.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "checker/cg/checker.h"
#include "checker/cg/profile.h"
#include "semantics/cg/parser.h"
#include "semantics/cg/preprocess.h"
#include "semantics/diagnostic.h"
#include "semantics/source.h"

namespace plumb::cg {
namespace {

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

bool accepted(const std::string& verdict) {
  return verdict == "accept" || verdict == "warn";
}

/// cgc's diagnostics for limits of a profile's hardware, which the seed leaves to each profile
/// ("compilers are permitted to issue error messages in these cases", "Minimum Array
/// Requirements"): register and instruction limits (C6xxx), and features a profile lacks
/// (C3004 a function "not supported in this profile", C5xxx a statement or operator the profile
/// does not support). Plumb models none of the profiles' separate specifications.
bool profileLimit(const CgcResult& r) {
  return std::any_of(r.errors.begin(), r.errors.end(), [](const CgcDiagnostic& d) {
    // C7002 as an error: "Loop counter initial value ... out of profile's supported range"
    // (vs_3_0/ps_3_0: "Data-dependent loops are allowed with a limit of 256 iterations").
    return d.code.rfind("C6", 0) == 0 || d.code.rfind("C5", 0) == 0 || d.code == "C3004" ||
           d.code == "C7002";
  });
}

/// Differences seen on real-world programs whose cause is known, each checked on the programs
/// it names in docs/cg.md ("Real-world Cg"): Plumb rejects by `rule` with a message containing
/// `contains`, cgc accepts. (`texture` as a name: with --strict-reserved only, C23.)
struct KnownDifference {
  const char* rule;
  const char* contains;
  const char* kind;
  const char* reason;
};
constexpr const char* kGlslNames =
    "a GLSL name (fract, mix, mod, inversesqrt, texelFetch, vec2-vec4, mat3x3): neither the seed "
    "nor the Cg 3.1 reference manual's standard library has it; cgc 3.1 accepts it, "
    "undocumented";
constexpr KnownDifference kKnownDifferences[] = {
    {"cg-operator-enhancements", "do not match", "cgc-deviation",
     "operands of different vector sizes: the seed requires matched sizes (docs/ambiguities.md "
     "C17); cgc 3.1 truncates the larger with a warning"},
    {"cg-statements-and-expressions", "found 'sampler'", "cgc-deviation",
     "the seed's `sampler` is a type name (Reserved Words); cgc 3.1 accepts it as a parameter "
     "name"},
    {"cg-types", "unknown type name 'vec", "cgc-deviation",
     "GLSL's type names (vec3, mat4, ivec2): no Cg document has them; cgc 3.1 accepts them"},
    {"cg-types", "unknown type name 'mat", "cgc-deviation",
     "GLSL's type names (vec3, mat4, ivec2): no Cg document has them; cgc 3.1 accepts them"},
    {"cg-reserved-words", "'texture'", "cgc-deviation",
     "the seed reserves `texture` (Reserved Words: \"texture*\"); cgc 3.1 accepts it as a name"},
    {"cg-statements-and-expressions", "found 'texture'", "cgc-deviation",
     "the seed reserves `texture` (Reserved Words: \"texture*\"); cgc 3.1 accepts it as a name"},
    {"cg-namespaces", "'fract' is not a declared function", "cgc-deviation", kGlslNames},
    {"cg-namespaces", "'mix' is not a declared function", "cgc-deviation", kGlslNames},
    {"cg-namespaces", "'mod' is not a declared function", "cgc-deviation", kGlslNames},
    {"cg-namespaces", "'inversesqrt' is not a declared function", "cgc-deviation", kGlslNames},
    {"cg-namespaces", "'texelFetch' is not a declared function", "cgc-deviation", kGlslNames},
    {"cg-namespaces", "'texelFetchOffset' is not a declared function", "cgc-deviation", kGlslNames},
    {"cg-types", "unknown type name 'vec", "cgc-deviation", kGlslNames},
    {"cg-types", "unknown type name 'mat", "cgc-deviation", kGlslNames},
    {"cg-reserved-words", "reserved word 'float' cannot be used as an expression", "cgc-deviation",
     "GLSL's array constructor `float[](...)`: neither the seed (C's grammar) nor the Cg 3.1 "
     "reference manual has it; cgc 3.1 accepts it"},
    {"cg-struct-and-interface-types", "is already defined", "cgc-deviation",
     "a structure defined twice: C, whose syntax and scoping the seed takes, defines a type's "
     "content at most once (C99 6.7.2.3); cgc 3.1 accepts a second definition with the same "
     "members (docs/ambiguities.md CGD-7)"},
    {"cg-namespaces", "does not reach; cgc 3.1 leaves such names unresolved", "cgc-deviation",
     "an undeclared name in a function the entry does not reach: the seed exempts only profile "
     "restrictions there (Profiles); cgc 3.1 does not resolve names there (docs/ambiguities.md "
     "CGO-7)"},
};

}  // namespace

std::string plumbProfileFor(const std::string& cgcProfile) {
  if (findProfile(cgcProfile)) return cgcProfile;
  // cgc's other profiles (checker/cg/profile.cpp has the ones NVIDIA's examples use), judged as
  // Plumb's modern pair of the same stage (docs/cg.md "Oracle").
  static const char* const fragment[] = {"fp20",    "fp30",   "fp30unlimited", "fp40unlimited",
                                         "gp4_1fp", "gpu_fp", "ps_2_x",        "hlslf",
                                         "hlsl10f", "glslf",  "dx9ps2"};
  // Geometry: Ogre's isosurf.cg lists `gpu_gp` (cgc: the latest geometry profile).
  static const char* const geometry[] = {"gpu_gp", "gp4_1gp", "glslg"};
  static const char* const vertex[] = {"vp20",  "vp30",    "gp4_1vp", "gpu_vp", "vs_2_x",
                                       "hlslv", "hlsl10v", "glslv",   "dxvs2"};
  for (const char* f : fragment) {
    if (cgcProfile == f) return "fp40";
  }
  for (const char* v : vertex) {
    if (cgcProfile == v) return "vp40";
  }
  for (const char* g : geometry) {
    if (cgcProfile == g) return "gp4gp";
  }
  return "";
}

PlumbJudgement judgeWithPlumb(const OracleProgram& program, const ParseOptions& parse) {
  PlumbJudgement j;
  j.profile = plumbProfileFor(program.profile);
  if (j.profile.empty()) {
    j.verdict = "unknown";
    j.message = "Plumb has no profile like " + program.profile +
                " (its geometry and tessellation profiles are cgc 3.1's gp4gp, gp5gp, gp5tcp, "
                "gp5tep, gs_4_0, gs_5_0, hs_5_0 and ds_5_0)";
    return j;
  }
  std::string text = program.source;
  std::string name = program.path.empty() ? program.name : program.path;
  if (!program.path.empty()) {
    std::string error;
    auto file = readSourceFile(program.path, error);
    if (!file) return {"unknown", "", "cannot read: " + error, j.profile};
    text = std::string(file->text());
  }
  SourceFile file(name, text);
  DiagnosticList diagnostics;
  std::unique_ptr<SourceFile> preprocessed;
  const SourceFile* parsed = &file;
  if (hasDirectives(text)) {
    PreprocessOptions options;
    options.defines = program.defines;
    options.includeDirs = program.includeDirs;
    if (!program.path.empty()) {
      options.directory = std::filesystem::path(program.path).parent_path().string();
    }
    preprocessed = preprocess(file, diagnostics, options);
    if (!preprocessed) {
      const Diagnostic* d = diagnostics.all().empty() ? nullptr : &diagnostics.all().front();
      return {"reject", d ? d->rule : kPreprocessorRule, d ? d->message : "preprocessing failed",
              j.profile};
    }
    parsed = preprocessed.get();
  }
  auto firstError = [&](const char* fallback) -> PlumbJudgement {
    for (const Diagnostic& d : diagnostics.all()) {
      if (d.severity == Severity::Error) {
        return {"reject", d.rule, parsed->positionText(d.span.begin) + ": " + d.message, j.profile};
      }
    }
    return {"reject", kSyntaxRule, fallback, j.profile};
  };
  std::optional<Program> p = parseProgram(*parsed, diagnostics, parse);
  if (!p || diagnostics.hasErrors()) return firstError("syntax error");
  CheckOptions options;
  options.profile = j.profile;
  options.entry = program.entry;
  options.dialect = parse.lex.dialect;
  std::optional<CheckedProgram> checked = checkProgram(*p, *parsed, diagnostics, options);
  if (!checked || diagnostics.hasErrors()) return firstError("rejected");
  const bool warned =
      std::any_of(diagnostics.all().begin(), diagnostics.all().end(),
                  [](const Diagnostic& d) { return d.severity == Severity::Warning; });
  j.verdict = warned ? "warn" : "accept";
  return j;
}

// The table (docs/cg.md "Oracle"):
//   Plumb unknown                                       -> unsupported
//   same verdict (warn counts as accept)                -> agree
//   cgc rejects for a profile's limit                   -> unsupported
//   the seed is silent there, or allows both verdicts   -> seed-defect
//   Plumb within the seed's reading, cgc outside        -> cgc-deviation
//   no seed reading, Plumb rejects for a known cause    -> that cause's class (kKnownDifferences)
//   Plumb outside the seed's reading, or no reading     -> plumb-bug
Classification classify(const OracleProgram& program, const PlumbJudgement& plumb,
                        const CgcResult& cgcResult) {
  if (!cgcResult.ran) return {"unsupported", "cgc did not run: " + cgcResult.failure};
  if (plumb.verdict == "unknown") return {"unsupported", plumb.message};
  if (accepted(plumb.verdict) == accepted(cgcResult.verdict)) return {"agree", ""};
  if (!plumb.profile.empty() && plumb.profile != program.profile) {
    return {"unsupported", "Plumb does not know profile " + program.profile + " and judged it as " +
                               plumb.profile + "; the difference may be the profile's"};
  }
  if (!accepted(cgcResult.verdict) && profileLimit(cgcResult)) {
    return {"unsupported", "cgc rejects for a limit of profile " + program.profile + " (" +
                               cgcResult.errors.front().code +
                               "), which the seed leaves to the "
                               "profile's own specification"};
  }
  if (program.seedSilent) {
    return {"seed-defect", "the seed is silent here (" + program.rule + "); Plumb " +
                               plumb.verdict + "s, cgc " + cgcResult.verdict + "s"};
  }
  auto within = [&](const std::string& v) {
    return contains(program.seedVerdicts, v) ||
           (v == "accept" && contains(program.seedVerdicts, "warn")) ||
           (v == "warn" && contains(program.seedVerdicts, "accept"));
  };
  if (!program.seedVerdicts.empty() && within(plumb.verdict) && within(cgcResult.verdict)) {
    return {"seed-defect", "the seed's reading (" + program.rule + ") allows both verdicts"};
  }
  if (!program.seedVerdicts.empty() && within(plumb.verdict) && !within(cgcResult.verdict)) {
    return {"cgc-deviation", "cgc " + cgcResult.verdict + "s where the seed's reading (" +
                                 program.rule + ") gives " + plumb.verdict};
  }
  if (!program.seedVerdicts.empty() && !within(plumb.verdict)) {
    return {"plumb-bug", "Plumb " + plumb.verdict + "s where the seed's reading (" + program.rule +
                             ") does not allow it"};
  }
  if (program.seedVerdicts.empty() && !accepted(plumb.verdict)) {
    for (const KnownDifference& k : kKnownDifferences) {
      if (plumb.rule == k.rule && plumb.message.find(k.contains) != std::string::npos) {
        return {k.kind, k.reason};
      }
    }
  }
  return {"plumb-bug", "Plumb " + plumb.verdict + "s (" + plumb.rule + ": " + plumb.message +
                           "), cgc " + cgcResult.verdict + "s, and no seed reading explains it"};
}

namespace {

bool loadJsonLines(const std::string& input, std::vector<nlohmann::json>& lines,
                   std::string& error) {
  std::ifstream in(input);
  if (!in) {
    error = "cannot read " + input;
    return false;
  }
  for (std::string l; std::getline(in, l);) {
    if (l.empty()) continue;
    nlohmann::json j = nlohmann::json::parse(l, nullptr, false);
    if (j.is_discarded()) {
      error = input + ": line " + std::to_string(lines.size() + 1) + " is not JSON";
      return false;
    }
    lines.push_back(std::move(j));
  }
  if (lines.empty() || !lines.front().is_object() || !lines.front().contains("format")) {
    error = input + ": no format header";
    return false;
  }
  return true;
}

OracleProgram fileProgram(const std::string& path, const std::string& profile,
                          const std::string& entry) {
  OracleProgram p;
  p.name = path;
  p.path = path;
  p.profile = profile;
  p.entry = entry;
  return p;
}

}  // namespace

bool loadOracleInputs(const std::string& input, const std::string& profile,
                      const std::string& entry, const std::string& root,
                      std::vector<OracleProgram>& programs, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(input, ec)) {
    std::vector<std::string> files;
    for (auto it = fs::recursive_directory_iterator(input, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (it->is_regular_file() && it->path().extension() == ".cg") files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    for (const std::string& f : files) programs.push_back(fileProgram(f, profile, entry));
    return true;
  }
  if (input.size() < 6 || input.substr(input.size() - 6) != ".jsonl") {
    if (!fs::is_regular_file(input, ec)) {
      error = "cannot read " + input;
      return false;
    }
    programs.push_back(fileProgram(input, profile, entry));
    return true;
  }
  std::vector<nlohmann::json> lines;
  if (!loadJsonLines(input, lines, error)) return false;
  const nlohmann::json& head = lines.front();
  const std::string format = head.value("format", "");
  const int version = head.value("version", 0);
  if (format == "plumb-cgc-verdicts" && version == 1) {
    for (size_t i = 1; i < lines.size(); ++i) {
      const nlohmann::json& r = lines[i];
      OracleProgram p;
      p.name = r.value("id", "");
      p.source = r.value("source", "");
      p.profile = r.value("profile", profile);
      p.entry = r.value("entry", entry);
      p.rule = r.value("rule", "");
      const nlohmann::json seed = r.value("seed", nlohmann::json::object());
      p.seedVerdicts = seed.value("verdicts", std::vector<std::string>{});
      p.seedSilent = seed.value("silent", false);
      p.fold = r.contains("fold");
      if (p.fold) p.seedValues = seed.value("values", std::vector<std::string>{});
      if (r.contains("cgc")) p.recordedCgcVerdict = r["cgc"].value("verdict", "");
      programs.push_back(std::move(p));
    }
    return true;
  }
  if (format == "plumb-cg-programs" && version == 1) {
    std::string base = root.empty() ? head.value("root", "") : root;
    // A relative root (plumb gen cg writes ".") is the manifest's own folder.
    if (root.empty() && fs::path(base).is_relative())
      base = (fs::path(input).parent_path() / base).lexically_normal().string();
    for (size_t i = 1; i < lines.size(); ++i) {
      const nlohmann::json& r = lines[i];
      OracleProgram p;
      p.name = r.value("file", "") + ":" + r.value("entry", "");
      p.path = (fs::path(base) / r.value("file", "")).string();
      p.profile = r.value("profile", profile);
      p.entry = r.value("entry", entry);
      p.defines = r.value("defines", std::vector<std::string>{});
      for (const std::string& d : r.value("include_dirs", std::vector<std::string>{}))
        p.includeDirs.push_back((fs::path(base) / d).string());
      for (size_t k = 0; k < p.defines.size(); ++k) p.name += (k ? "," : " -D") + p.defines[k];
      if (r.contains("cgc")) p.recordedCgcVerdict = r["cgc"].value("verdict", "");
      // Generated programs (plumb gen cg, docs/gen.md "Family cg") carry the generator's own
      // reading of the seed: the verdicts it allows and, for a closed expression, its values.
      if (r.contains("expect")) {
        const nlohmann::json& e = r["expect"];
        p.rule = r.value("rule", "");
        p.seedVerdicts = e.value("verdicts", std::vector<std::string>{});
        p.seedSilent = e.value("silent", false);
        p.fold = e.contains("values");
        if (p.fold) p.seedValues = e.value("values", std::vector<std::string>{});
      }
      programs.push_back(std::move(p));
    }
    return true;
  }
  error = input + ": format " + format + " version " + std::to_string(version) +
          " (expected plumb-cgc-verdicts or plumb-cg-programs, version 1)";
  return false;
}

nlohmann::json oracleReport(const std::vector<OracleItem>& items, const std::string& cgcVersion,
                            bool listAgreeing) {
  std::map<std::string, size_t> counts;
  for (const char* k : {"agree", "seed-defect", "cgc-deviation", "plumb-bug", "unsupported"}) {
    counts[k] = 0;
  }
  std::map<std::string, size_t> foldCounts;
  for (const char* k : {"agree", "plumb-wider", "not-folded", "seed-defect", "cgc-deviation",
                        "plumb-bug", "unsupported"}) {
    foldCounts[k] = 0;
  }
  size_t changed = 0;
  nlohmann::json list = nlohmann::json::array();
  for (const OracleItem& it : items) {
    ++counts[it.classification.kind];
    if (it.fold) ++foldCounts[it.fold->kind];
    const bool cgcChanged = it.program.recordedCgcVerdict && it.cgc.ran &&
                            *it.program.recordedCgcVerdict != it.cgc.verdict;
    changed += cgcChanged;
    const bool foldAgrees = !it.fold || it.fold->kind == "agree" || it.fold->kind == "not-folded";
    if (it.classification.kind == "agree" && foldAgrees && !listAgreeing && !cgcChanged) continue;
    nlohmann::json j = {{"program", it.program.name},
                        {"profile", it.program.profile},
                        {"entry", it.program.entry},
                        {"classification", it.classification.kind},
                        {"reason", it.classification.reason},
                        {"plumb",
                         {{"verdict", it.plumb.verdict},
                          {"rule", it.plumb.rule},
                          {"message", it.plumb.message},
                          {"profile", it.plumb.profile}}},
                        {"cgc", {{"verdict", it.cgc.ran ? it.cgc.verdict : "not run"}}}};
    nlohmann::json errors = nlohmann::json::array();
    for (size_t i = 0; i < it.cgc.errors.size() && i < 3; ++i) {
      const CgcDiagnostic& d = it.cgc.errors[i];
      errors.push_back({{"line", d.line}, {"code", d.code}, {"message", d.message}});
    }
    j["cgc"]["errors"] = errors;
    if (it.program.recordedCgcVerdict) {
      j["cgc"]["recorded_verdict"] = *it.program.recordedCgcVerdict;
    }
    if (!it.program.seedVerdicts.empty()) j["seed_verdicts"] = it.program.seedVerdicts;
    if (it.fold) j["fold"] = foldJson(*it.fold);
    if (!it.program.seedValues.empty()) j["seed_values"] = it.program.seedValues;
    list.push_back(std::move(j));
  }
  return {{"format", "plumb-cg-oracle-report"},
          {"version", 1},
          {"cgc_version", cgcVersion},
          {"programs", items.size()},
          {"counts", counts},
          {"fold_counts", foldCounts},
          {"cgc_changed_since_recorded", changed},
          {"items", list}};
}

}  // namespace plumb::cg
