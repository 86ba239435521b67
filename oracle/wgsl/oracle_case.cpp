// Loading oracle cases and resolving their bindings to raw words (docs/oracle.md).
#include "oracle/wgsl/oracle_case.h"
#include "oracle/wgsl/runner_textures.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "interpreter/wgsl/host_buffer.h"
#include "oracle/wgsl/case_formats.h"
#include "semantics/diagnostic_json.h"
#include "semantics/wgsl/parser.h"
#include "semantics/wgsl/revision.h"

namespace plumb::oracle {

namespace fs = std::filesystem;

const char* bufferKindName(BufferKind k) {
  switch (k) {
    case BufferKind::Uniform:
      return "uniform";
    case BufferKind::Storage:
      return "storage";
    case BufferKind::ReadOnlyStorage:
      return "read-only-storage";
  }
  return "storage";
}

namespace {

std::optional<BufferKind> parseKind(const std::string& s) {
  if (s == "uniform") return BufferKind::Uniform;
  if (s == "storage") return BufferKind::Storage;
  if (s == "read-only-storage") return BufferKind::ReadOnlyStorage;
  return std::nullopt;
}

/// A binding variable of the module as the checker sees it.
struct ModuleBinding {
  uint32_t group = 0, binding = 0;
  std::string name;
  std::optional<BufferKind> kind;  // absent: not a buffer (a texture or sampler)
  std::string storeType;
  Type type;                   // the store type, in facts.checkedModule's type table
  uint64_t fixedSize = 0;      // SizeOf the store type (its fixed part for runtime-sized)
  uint64_t runtimeStride = 0;  // non-zero when runtime-sized
};

/// What the checker tells about the program: its binding variables and entry points.
struct ModuleFacts {
  bool checked = false;  // parsed and checked (possibly with errors)
  std::vector<ModuleBinding> bindings;
  std::vector<std::string> computeEntryPoints;
  std::vector<PipelinePlan> pipelines;  // every entry point, in source order
  // Kept for typed "value" bindings, laid out by the store type (interp::bytesFromJson).
  std::shared_ptr<SourceFile> file;
  std::shared_ptr<ast::Module> module;
  std::shared_ptr<CheckedModule> checkedModule;
};

ModuleFacts moduleFacts(const std::string& name, const std::string& text,
                        const CheckOptions& options, const Revision& revision) {
  ModuleFacts facts;
  facts.file = std::make_shared<SourceFile>(name, text);
  DiagnosticList diagnostics;
  std::shared_ptr<ast::Module> module = parseModule(*facts.file, revision, diagnostics);
  if (!module || diagnostics.hasErrors()) return facts;
  facts.module = module;
  std::shared_ptr<CheckedModule> checked = check(*module, diagnostics, options);
  if (!checked) return facts;
  facts.checkedModule = checked;
  facts.checked = true;
  for (const ModuleDeclaration& d : checked->declarations) {
    if (d.kind != ModuleDeclaration::Variable) continue;
    if (!d.attributes.has(Attributes::Group) || !d.attributes.has(Attributes::Binding)) continue;
    ModuleBinding b;
    b.group = d.attributes.group;
    b.binding = d.attributes.binding;
    b.name = std::string(checked->module.name(d.name));
    if (d.type && checked->types.kind(d.type) == TypeKind::Reference) {
      const TypeNode& ref = checked->types[d.type];
      b.storeType = checked->types.name(ref.element);
      b.type = ref.element;
      if (ref.space == ast::AddressSpace::Uniform) b.kind = BufferKind::Uniform;
      if (ref.space == ast::AddressSpace::Storage)
        b.kind = ref.access == ast::AccessMode::ReadWrite ? BufferKind::Storage
                                                          : BufferKind::ReadOnlyStorage;
      if (b.kind) {
        const TypeLayout& layout = checked->layouts.of(ref.element);
        if (layout.defined && !layout.overflow) {
          b.fixedSize = layout.size;
          b.runtimeStride = layout.runtimeStride;
        }
      }
    }
    facts.bindings.push_back(std::move(b));
  }
  for (const EntryPoint& e : checked->entryPoints)
    if (e.stage == ShaderStage::Compute)
      facts.computeEntryPoints.emplace_back(
          checked->module.name(checked->declarations[e.function].name));
  facts.pipelines = planPipelines(*checked);
  return facts;
}

/// The size of a zero-filled buffer for a binding the case does not give: the store type's
/// size, with 4 elements for a runtime-sized array; a multiple of 4 bytes, at least 4.
uint64_t defaultSize(const ModuleBinding& b) {
  uint64_t size = b.fixedSize + 4 * b.runtimeStride;
  size = (size + 3) / 4 * 4;
  return std::max<uint64_t>(size, 4);
}

std::string where(const nlohmann::json& entry) {
  std::string g = entry.contains("group") ? entry["group"].dump() : "?";
  std::string b = entry.contains("binding") ? entry["binding"].dump() : "?";
  return "binding @group(" + g + ") @binding(" + b + ")";
}

/// One `plumb-bindings` entry to a runner binding; `error` names the problem.
std::optional<RunnerBinding> resolveBinding(const nlohmann::json& entry, const ModuleFacts& facts,
                                            std::string& error) {
  if (!entry.is_object() || !entry.contains("group") || !entry.contains("binding") ||
      !asUnsigned(entry["group"]) || !asUnsigned(entry["binding"]) ||
      *asUnsigned(entry["group"]) > 0xffffffffu || *asUnsigned(entry["binding"]) > 0xffffffffu) {
    error = "a binding needs \"group\" and \"binding\" (non-negative integers)";
    return std::nullopt;
  }
  RunnerBinding r;
  r.group = static_cast<uint32_t>(*asUnsigned(entry["group"]));
  r.binding = static_cast<uint32_t>(*asUnsigned(entry["binding"]));
  const ModuleBinding* known = nullptr;
  for (const ModuleBinding& b : facts.bindings)
    if (b.group == r.group && b.binding == r.binding) known = &b;
  if (known) r.storeType = known->storeType;
  if (entry.contains("texture") || entry.contains("sampler")) {
    // A sampled texture or a sampler (docs/oracle.md, capability "textures").
    bool texture = entry.contains("texture");
    if (!known || !known->type || !facts.checkedModule ||
        !(texture ? isTexture(facts.checkedModule->types, known->type)
                  : isSampler(facts.checkedModule->types, known->type))) {
      error = where(entry) + ": a \"" + (texture ? "texture" : "sampler") + "\" binding needs a " +
              (texture ? "texture" : "sampler") + " variable of a checked program there";
      return std::nullopt;
    }
    TypeTable& types = facts.checkedModule->types;
    std::string why;
    std::optional<nlohmann::json> made =
        texture ? runnerTexture(types, known->type, entry["texture"], why)
                : runnerSampler(entry["sampler"],
                                types.kind(known->type) == TypeKind::SamplerComparison, why);
    if (!made) {
      error = where(entry) + ": " + why;
      return std::nullopt;
    }
    (texture ? r.texture : r.sampler) = std::move(*made);
    return r;
  }
  if (entry.contains("kind")) {
    std::optional<BufferKind> k =
        entry["kind"].is_string() ? parseKind(entry["kind"].get<std::string>()) : std::nullopt;
    if (!k) {
      error = where(entry) + ": \"kind\" must be \"uniform\", \"storage\" or \"read-only-storage\"";
      return std::nullopt;
    }
    r.kind = *k;
  } else if (known && known->kind) {
    r.kind = *known->kind;
  } else if (known) {
    error = where(entry) + ": '" + known->name +
            "' is not a buffer: give it \"texture\" or \"sampler\"";
    return std::nullopt;
  } else {
    error = where(entry) +
            ": Plumb could not check the program, so the buffer kind is unknown; give \"kind\" "
            "(uniform, storage or read-only-storage)";
    return std::nullopt;
  }
  int contents = entry.contains("words") + entry.contains("value") + entry.contains("size");
  if (contents != 1) {
    error = where(entry) + ": give exactly one of \"words\", \"value\" or \"size\"";
    return std::nullopt;
  }
  if (entry.contains("value")) {
    // A typed value, laid out by the store type's memory layout (#memory-layouts), as
    // `plumb run` reads it (docs/formats.md plumb-bindings).
    if (!known || !known->type || !facts.checkedModule) {
      error =
          where(entry) + ": a typed \"value\" needs a buffer variable of a checked program there";
      return std::nullopt;
    }
    std::string why;
    auto bytes = interp::bytesFromJson(facts.checkedModule->types, facts.checkedModule->layouts,
                                       known->type, entry["value"], why);
    if (!bytes) {
      error = where(entry) + ": " + why;
      return std::nullopt;
    }
    bytes->resize((bytes->size() + 3) / 4 * 4, 0);
    for (size_t i = 0; i < bytes->size(); i += 4)
      r.words.push_back(uint32_t((*bytes)[i]) | uint32_t((*bytes)[i + 1]) << 8 |
                        uint32_t((*bytes)[i + 2]) << 16 | uint32_t((*bytes)[i + 3]) << 24);
    r.size = std::max<uint64_t>(4, 4 * r.words.size());
    return r;
  }
  if (entry.contains("words")) {
    const nlohmann::json& words = entry["words"];
    if (!words.is_array() || words.empty()) {
      error = where(entry) + ": \"words\" must be a non-empty array";
      return std::nullopt;
    }
    for (const nlohmann::json& w : words) {
      std::optional<uint32_t> v = parseWord(w);
      if (!v) {
        error = where(entry) + ": word " + w.dump() +
                " is not a number 0 ≤ w < 2^32 or a \"0x…\" string";
        return std::nullopt;
      }
      r.words.push_back(*v);
    }
    r.size = 4 * r.words.size();
  } else {
    std::optional<uint64_t> size = asUnsigned(entry["size"]);
    if (!size || *size == 0 || *size % 4 != 0 || *size > (uint64_t{1} << 28)) {
      error = where(entry) + ": \"size\" must be a positive multiple of 4 (at most 256 MiB)";
      return std::nullopt;
    }
    r.size = *size;
  }
  return r;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::optional<uint64_t> asUnsigned(const nlohmann::json& j) {
  if (j.is_number_unsigned()) return j.get<uint64_t>();
  if (j.is_number_integer() && j.get<int64_t>() >= 0)
    return static_cast<uint64_t>(j.get<int64_t>());
  return std::nullopt;
}

std::optional<uint32_t> parseWord(const nlohmann::json& w) {
  if (std::optional<uint64_t> u = asUnsigned(w)) {
    uint64_t v = *u;
    if (v > 0xffffffffull) return std::nullopt;
    return static_cast<uint32_t>(v);
  }
  if (w.is_string()) {
    std::string s = lower(w.get<std::string>());
    if (s.size() < 3 || s.size() > 10 || s.compare(0, 2, "0x") != 0) return std::nullopt;
    uint64_t v = 0;
    for (size_t i = 2; i < s.size(); ++i) {
      char c = s[i];
      int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) return std::nullopt;
      v = v * 16 + static_cast<uint64_t>(d);
    }
    return static_cast<uint32_t>(v);
  }
  return std::nullopt;
}

namespace {

CheckOptions checkOptions(const VerdictOptions& options) {
  CheckOptions o;
  o.strictUniformity = options.strictUniformity;
  o.aliasingAsErrors = options.strictAliasing;
  o.overrides = options.overrides;
  o.pipelineCreation = options.pipelineCreation || !options.overrides.empty();
  o.literalShiftRight = options.literalShiftRight;
  return o;
}

bool startsWith(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

/// Reads the case file (or .wgsl file) into `c`; false with `c.error` set.
bool readCaseFile(const fs::path& p, OracleCase& c, detail::CaseFileParts& parts) {
  std::string text;
  if (!detail::readText(p, text)) {
    c.error = "cannot read '" + p.string() + "'";
    return false;
  }
  if (p.extension() == ".wgsl") {
    c.format = "wgsl";
    c.wgsl = text;
    c.wgslFile = p.string();
    fs::path sibling = p;
    sibling.replace_extension(".bindings.json");
    std::string btext;
    if (detail::readText(sibling, btext)) {
      nlohmann::json b = nlohmann::json::parse(btext, nullptr, false);
      if (b.is_discarded() || !b.is_object() || b.value("format", "") != "plumb-bindings" ||
          !b.contains("bindings") || !b["bindings"].is_array()) {
        c.error = sibling.string() + ": not a plumb-bindings file";
        return false;
      }
      parts.bindings = b["bindings"];
      if (b.contains("immediates")) c.immediatesGiven = b["immediates"];
    }
    return true;
  }
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    c.error = "'" + p.string() +
              "' is not JSON (a plumb-oracle-case or plumb-case file) nor a .wgsl file";
    return false;
  }
  std::string format = j.value("format", "");
  if (format == "plumb-case") return detail::readPlumbCaseFile(j, p, c, parts);
  if (format == "plumb-oracle-case") return detail::readOracleCaseFile(j, p, c, parts);
  c.error = "'" + p.string() +
            "': \"format\" must be \"plumb-oracle-case\" or \"plumb-case\" with \"version\": 1";
  return false;
}

/// Revision 2026: the immediate data of a case as words (docs/formats.md plumb-bindings v3,
/// "immediates"): given as words, or as a typed value of the one var<immediate>'s store type;
/// zero words covering every var<immediate> when the case gives none (as
/// `plumb run --zero-missing-bindings`), nothing when the module has none.
bool resolveImmediates(const ModuleFacts& facts, OracleCase& c) {
  const nlohmann::json& given = c.immediatesGiven;
  std::vector<Type> stores;
  if (facts.checkedModule) {
    const CheckedModule& cm = *facts.checkedModule;
    for (const ModuleDeclaration& d : cm.declarations)
      if (d.kind == ModuleDeclaration::Variable && d.type &&
          cm.types[d.type].space == ast::AddressSpace::Immediate)
        stores.push_back(cm.types[d.type].element);
  }
  if (given.is_null()) {
    if (stores.empty()) return true;
    uint64_t need = 0;
    for (Type t : stores) need = std::max(need, facts.checkedModule->layouts.of(t).size);
    c.immediates = std::vector<uint32_t>((need + 3) / 4, 0u);
    return true;
  }
  std::vector<uint32_t> words;
  if (given.is_object() && given.contains("words") && given["words"].is_array()) {
    for (const nlohmann::json& w : given["words"]) {
      std::optional<uint64_t> x = asUnsigned(w);
      if (w.is_string()) {
        std::string t = w.get<std::string>();
        char* end = nullptr;
        unsigned long long v = std::strtoull(t.c_str(), &end, 0);
        x = end != t.c_str() && !*end ? std::optional<uint64_t>(v) : std::nullopt;
      }
      if (!x || *x > 0xffffffffu) {
        c.error = "\"immediates\": " + w.dump() + " is not a 32-bit word";
        return false;
      }
      words.push_back(static_cast<uint32_t>(*x));
    }
  } else if (given.is_object() && given.contains("value") && stores.size() == 1) {
    std::string why;
    auto bytes = interp::bytesFromJson(facts.checkedModule->types, facts.checkedModule->layouts,
                                       stores[0], given["value"], why);
    if (!bytes) {
      c.error = "\"immediates\": " + why;
      return false;
    }
    bytes->resize((bytes->size() + 3) / 4 * 4, 0);
    for (size_t i = 0; i < bytes->size(); i += 4)
      words.push_back(uint32_t((*bytes)[i]) | uint32_t((*bytes)[i + 1]) << 8 |
                      uint32_t((*bytes)[i + 2]) << 16 | uint32_t((*bytes)[i + 3]) << 24);
  } else {
    c.error =
        "\"immediates\" must be {\"words\": [...]}, or {\"value\": ...} for a program with one "
        "var<immediate> (docs/formats.md)";
    return false;
  }
  c.immediates = std::move(words);
  return true;
}

/// Resolves the case's bindings for a run: the file's entries, then zero-filled buffers for
/// those the program declares and the case does not give.
bool resolveBindings(const nlohmann::json& entries, const ModuleFacts& facts, OracleCase& c) {
  std::set<std::pair<uint32_t, uint32_t>> seen;
  for (const nlohmann::json& entry : entries) {
    std::string error;
    std::optional<RunnerBinding> r = resolveBinding(entry, facts, error);
    if (!r) {
      c.error = error;
      return false;
    }
    if (!seen.insert({r->group, r->binding}).second) {
      c.error = where(entry) + " is given twice";
      return false;
    }
    c.bindings.push_back(std::move(*r));
  }
  // As `plumb run --zero-missing-bindings`: the runners build their layouts from the
  // bindings they get.
  for (const ModuleBinding& b : facts.bindings) {
    if (seen.count({b.group, b.binding})) continue;
    if (!b.kind && b.type && facts.checkedModule) {
      // A texture or sampler: a 1x1 zero texture, WebGPU's default sampler (comparing with
      // "never"), as `plumb run --zero-missing-bindings`.
      TypeTable& types = facts.checkedModule->types;
      bool texture = isTexture(types, b.type), sampler = isSampler(types, b.type);
      if (!texture && !sampler) continue;
      RunnerBinding r;
      r.group = b.group;
      r.binding = b.binding;
      r.storeType = b.storeType;
      std::string why;
      bool comparison = sampler && types.kind(b.type) == TypeKind::SamplerComparison;
      std::optional<nlohmann::json> made =
          texture ? runnerTexture(types, b.type, defaultTextureBinding(types, b.type), why)
                  : runnerSampler(comparison ? nlohmann::json{{"compare", "never"}}
                                             : nlohmann::json::object(),
                                  comparison, why);
      if (!made) continue;  // a storage or multisampled texture: the runner reports the layout
      (texture ? r.texture : r.sampler) = std::move(*made);
      c.bindings.push_back(std::move(r));
      continue;
    }
    if (!b.kind) continue;
    RunnerBinding r;
    r.group = b.group;
    r.binding = b.binding;
    r.kind = *b.kind;
    r.size = defaultSize(b);
    r.storeType = b.storeType;
    c.bindings.push_back(std::move(r));
  }
  std::sort(c.bindings.begin(), c.bindings.end(),
            [](const RunnerBinding& a, const RunnerBinding& b) {
              return std::pair(a.group, a.binding) < std::pair(b.group, b.binding);
            });
  return resolveImmediates(facts, c);
}

/// The bind group of a vertex draw's write-out (oracle/wgsl/draw_plan.h): one past the module's.
uint32_t writeOutGroup(const ModuleFacts& facts) {
  uint32_t g = 0;
  for (const ModuleBinding& b : facts.bindings) g = std::max(g, b.group + 1);
  return g;
}

/// Decides what the runners do with the case (docs/oracle.md "Which cases run"): a case that
/// names its entry point runs it (a vertex or fragment one gets its pipeline created); a
/// program Plumb accepts with exactly one entry point, a compute one, runs; everything else is
/// verdict-only: a pipeline per entry point, or the module alone.
bool chooseMode(const ModuleFacts& facts, std::optional<CaseMode> requested,
                const nlohmann::json& stageInputs, OracleCase& c) {
  auto verdictOnly = [&] {
    c.pipelines = facts.pipelines;
    c.mode = c.pipelines.empty() ? CaseMode::Module : CaseMode::Pipelines;
  };
  if (requested == CaseMode::Module) {
    c.mode = CaseMode::Module;
    return true;
  }
  if (requested == CaseMode::Pipelines) {
    verdictOnly();
    return true;
  }
  if (requested == CaseMode::Draw &&
      std::none_of(facts.pipelines.begin(), facts.pipelines.end(), [&](const PipelinePlan& p) {
        return p.entry == c.entry && p.stage != ShaderStage::Compute;
      })) {
    c.error =
        "\"mode\": \"draw\" needs \"entry\", a vertex or fragment entry point of a "
        "program Plumb checks";
    return false;
  }
  if (!c.entry.empty()) {
    for (const PipelinePlan& p : facts.pipelines) {
      if (p.entry != c.entry || p.stage == ShaderStage::Compute) continue;
      // A vertex or fragment entry point is drawn when the case gives its stage's inputs
      // (docs/formats.md `vertex`, `fragment`) or asks for a draw; otherwise only its
      // pipeline is created.
      const char* section = p.stage == ShaderStage::Vertex ? "vertex" : "fragment";
      if (requested == CaseMode::Draw || stageInputs.contains(section)) {
        if (!facts.checkedModule || !c.verdict.valid) {
          // Plumb rejects the program: its pipeline still meets the backends' verdict.
          c.mode = CaseMode::Pipelines;
          c.pipelines = {p};
          return true;
        }
        std::string whyNot;
        nlohmann::json inputs = stageInputs.value(section, nlohmann::json::object());
        std::optional<DrawPlan> plan =
            p.stage == ShaderStage::Fragment
                ? planFragmentDraw(*facts.checkedModule, p, inputs, whyNot)
                : planVertexDraw(*facts.checkedModule, c.wgsl, p, inputs, writeOutGroup(facts),
                                 whyNot);
        if (!plan) {
          c.error = "the runners cannot draw '" + c.entry + "': " + whyNot;
          return false;
        }
        c.mode = CaseMode::Draw;
        c.draw = std::move(plan);
        return true;
      }
      c.mode = CaseMode::Pipelines;
      c.pipelines = {p};
      return true;
    }
    if (facts.checked && c.verdict.valid &&
        std::find(facts.computeEntryPoints.begin(), facts.computeEntryPoints.end(), c.entry) ==
            facts.computeEntryPoints.end()) {
      c.error = "the program has no entry point named '" + c.entry + "'";
      return false;
    }
    c.mode = CaseMode::Run;
    return true;
  }
  if (requested == CaseMode::Run && facts.computeEntryPoints.size() != 1) {
    c.error = facts.checked ? "the program has " + std::to_string(facts.computeEntryPoints.size()) +
                                  " compute entry points; name one with \"entry\""
                            : "Plumb cannot find the entry point of a program it cannot parse; "
                              "give \"entry\"";
    return false;
  }
  if (requested == CaseMode::Run ||
      (c.verdict.valid && facts.pipelines.size() == 1 && facts.computeEntryPoints.size() == 1)) {
    c.entry = facts.computeEntryPoints[0];
    c.mode = CaseMode::Run;
    return true;
  }
  verdictOnly();
  return true;
}

}  // namespace

const char* caseModeName(CaseMode m) {
  switch (m) {
    case CaseMode::Run:
      return "run";
    case CaseMode::Module:
      return "module";
    case CaseMode::Pipelines:
      return "pipelines";
    case CaseMode::Draw:
      return "draw";
  }
  return "run";
}

PlumbVerdict plumbVerdict(const std::string& name, const std::string& text,
                          const VerdictOptions& options) {
  PlumbVerdict v;
  SourceFile file(name, text);
  DiagnosticList diagnostics;
  std::unique_ptr<ast::Module> module = parseModule(file, revisionOf(options), diagnostics);
  v.stage = "parse";
  if (module && !diagnostics.hasErrors()) {
    check(*module, diagnostics, checkOptions(options));
    v.stage = "check";
  }
  v.valid = !diagnostics.hasErrors();
  for (const Diagnostic& d : diagnostics.all()) {
    v.diagnostics.push_back(toJson(d));
    if (d.severity == Severity::Error && v.rule.empty() && v.message.empty()) {
      v.rule = d.rule;
      v.message = d.message;
      LineColumn lc = file.position(d.span.begin);
      v.line = lc.line;
      v.column = lc.column;
      // The checker words the errors of simulated pipeline creation so
      // (checker/wgsl/pipeline_overrides.cpp, #override-decls).
      if (v.stage == "check" && startsWith(d.message, "pipeline creation")) v.stage = "pipeline";
    }
  }
  return v;
}

const Revision& revisionOf(const VerdictOptions& options) {
  const Revision* r = Revision::byName(options.revision);
  return r ? *r : Revision::wgsl2022_06();
}

std::string verdictMismatch(const OracleCase& c) {
  const nlohmann::json& e = c.caseVerdict;
  if (!e.is_object() || !e.contains("verdict")) return "";
  // A case derived under another revision than Plumb's verdict now: not comparable.
  if (c.caseInfo.is_object() &&
      c.caseInfo.value("revision", std::string("2022-06")) != c.verdictOptions.revision)
    return "";
  const PlumbVerdict& v = c.verdict;
  bool expectValid = e.value("verdict", "") == "valid";
  if (expectValid != v.valid)
    return std::string("the case expects ") + (expectValid ? "valid" : "invalid") +
           ", Plumb says " + (v.valid ? "valid" : "invalid");
  if (v.valid) return "";
  std::string differs;
  auto compare = [&](const char* key, const std::string& plumb) {
    if (!e.contains(key)) return;
    std::string want = e[key].is_string() ? e[key].get<std::string>() : e[key].dump();
    if (want != plumb)
      differs +=
          std::string(differs.empty() ? "" : ", ") + key + " " + want + " expected, Plumb " + plumb;
  };
  compare("stage", v.stage);
  compare("rule", v.rule);
  compare("line", std::to_string(v.line));
  compare("column", std::to_string(v.column));
  return differs;
}

OracleCase loadCase(const std::string& path, const VerdictOptions& options) {
  OracleCase c;
  c.file = path;
  fs::path p(path);
  c.id = p.stem().string();
  c.verdictOptions = options;
  detail::CaseFileParts parts;
  if (!readCaseFile(p, c, parts)) return c;
  c.verdict =
      plumbVerdict(c.wgslFile.empty() ? c.id + ".wgsl" : c.wgslFile, c.wgsl, c.verdictOptions);
  ModuleFacts facts =
      moduleFacts(c.id, c.wgsl, checkOptions(c.verdictOptions), revisionOf(c.verdictOptions));
  if (!chooseMode(facts, parts.mode, parts.stageInputs, c)) return c;
  // A case that runs or creates pipelines meets the backends' pipeline creation, which gives
  // every override its default (#override-decls): Plumb's verdict is that of pipeline creation
  // too, or an override default that fails there (`@workgroup_size(w)` with w = 0) would be
  // called a rejects-valid of the backend.
  if ((c.mode == CaseMode::Run || c.mode == CaseMode::Pipelines || c.mode == CaseMode::Draw) &&
      !c.verdictOptions.pipelineCreation && facts.checkedModule &&
      std::any_of(
          facts.checkedModule->declarations.begin(), facts.checkedModule->declarations.end(),
          [](const ModuleDeclaration& d) { return d.kind == ModuleDeclaration::Override; })) {
    c.verdictOptions.pipelineCreation = true;
    bool moduleValid = c.verdict.valid;
    c.verdict =
        plumbVerdict(c.wgslFile.empty() ? c.id + ".wgsl" : c.wgslFile, c.wgsl, c.verdictOptions);
    // An error that only pipeline creation finds is a pipeline-creation error, however the
    // checker words it (`@workgroup_size` says "(at pipeline creation)" at its end).
    if (moduleValid && !c.verdict.valid) c.verdict.stage = "pipeline";
  }
  // Verdict-only cases create no buffers: their pipelines get layout "auto".
  if ((c.mode == CaseMode::Run || c.mode == CaseMode::Draw) &&
      !resolveBindings(parts.bindings, facts, c))
    return c;
  return c;
}

namespace {

/// The case files a generated corpus lists (`plumb-corpus` v1 manifests, docs/formats.md:
/// manifest.json, or manifest.I-of-N.json per shard), relative to its directory; nullopt when
/// the directory has no manifest.
std::optional<std::vector<std::string>> corpusFiles(const fs::path& dir) {
  std::error_code ec;
  std::vector<std::string> files;
  bool any = false;
  for (const fs::directory_entry& e : fs::directory_iterator(dir, ec)) {
    std::string name = e.path().filename().string();
    if (name.rfind("manifest", 0) != 0 || e.path().extension() != ".json") continue;
    std::string text;
    if (!detail::readText(e.path(), text)) continue;
    nlohmann::json m = nlohmann::json::parse(text, nullptr, false);
    if (!m.is_object() || m.value("format", "") != "plumb-corpus") continue;
    any = true;
    const nlohmann::json families = m.value("families", nlohmann::json::object());
    if (!families.is_object()) continue;
    for (const auto& [family, f] : families.items())
      if (f.is_object() && f.contains("files") && f["files"].is_array())
        for (const nlohmann::json& file : f["files"])
          if (file.is_string()) files.push_back((dir / file.get<std::string>()).string());
  }
  if (!any) return std::nullopt;
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  return files;
}

}  // namespace

std::vector<std::string> expandCasePaths(const std::vector<std::string>& paths,
                                         std::string& error) {
  std::vector<std::string> out;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      // A corpus of `plumb gen`: the cases its manifest lists, in every family folder.
      if (std::optional<std::vector<std::string>> files = corpusFiles(path)) {
        out.insert(out.end(), files->begin(), files->end());
        continue;
      }
      std::vector<std::string> jsons, wgsls;
      std::set<std::string> named;  // .wgsl files a case file names as its source
      for (const fs::directory_entry& e : fs::directory_iterator(path, ec)) {
        if (!e.is_regular_file()) continue;
        std::string name = e.path().filename().string();
        auto endsWith = [&](const std::string& s) {
          return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
        };
        if (endsWith(".bindings.json") || endsWith(".run.json")) continue;
        if (endsWith(".json")) {
          jsons.push_back(e.path().string());
          std::string text;
          if (detail::readText(e.path(), text)) {
            nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
            if (j.is_object() && j.contains("source") && j["source"].is_string())
              named.insert((e.path().parent_path() / j["source"].get<std::string>())
                               .lexically_normal()
                               .string());
          }
        } else if (endsWith(".wgsl")) {
          wgsls.push_back(e.path().string());
        }
      }
      for (const std::string& w : wgsls)
        if (!named.count(fs::path(w).lexically_normal().string())) jsons.push_back(w);
      std::sort(jsons.begin(), jsons.end());
      out.insert(out.end(), jsons.begin(), jsons.end());
      if (ec) {
        error = "cannot list '" + path + "': " + ec.message();
        return {};
      }
    } else if (fs::exists(path, ec)) {
      out.push_back(path);
    } else {
      error = "no such case file or directory: '" + path + "'";
      return {};
    }
  }
  return out;
}

nlohmann::json runnerInput(const OracleCase& c) {
  nlohmann::json j = {{"id", c.id}, {"wgsl", c.wgsl}};
  if (c.mode == CaseMode::Run || c.mode == CaseMode::Draw) {
    nlohmann::json bindings = nlohmann::json::array();
    for (const RunnerBinding& b : c.bindings) {
      if (!b.texture.is_null()) {
        nlohmann::json t = b.texture;
        t.erase("plumb");
        bindings.push_back({{"group", b.group}, {"binding", b.binding}, {"texture", t}});
        continue;
      }
      if (!b.sampler.is_null()) {
        bindings.push_back({{"group", b.group},
                            {"binding", b.binding},
                            {"sampler", b.sampler["sampler"]},
                            {"samplerType", b.sampler["samplerType"]}});
        continue;
      }
      bindings.push_back({{"group", b.group},
                          {"binding", b.binding},
                          {"kind", bufferKindName(b.kind)},
                          {"size", b.size},
                          {"words", b.words}});
    }
    j["entry"] = c.entry;
    j["bindings"] = bindings;
    if (c.immediates) j["immediates"] = *c.immediates;
    if (c.mode == CaseMode::Draw && c.draw) {
      j["mode"] = "draw";
      j["stage"] = std::string(spelling(c.draw->stage));
      j["draw"] = c.draw->runner;
    } else {
      j["dispatch"] = {c.dispatch[0], c.dispatch[1], c.dispatch[2]};
    }
  } else {
    j["mode"] = caseModeName(c.mode);
  }
  if (c.mode == CaseMode::Pipelines) {
    nlohmann::json pipelines = nlohmann::json::array();
    for (const PipelinePlan& p : c.pipelines) pipelines.push_back(pipelineJson(p));
    j["pipelines"] = pipelines;
  }
  if (!c.constants.empty() && c.mode != CaseMode::Module) j["constants"] = c.constants;
  if (!c.runnerTest.empty()) j["test"] = c.runnerTest;
  return j;
}

}  // namespace plumb::oracle
