// Pipeline creation (#override-decls): the values the application gives to
// pipeline-overridable constants, and the errors pipeline creation reports. Plumb simulates it
// when asked (`plumb check --pipeline`, or any `--override KEY=VALUE`): overrides then have
// values, and override expressions (array sizes, workgroup sizes, other overrides'
// initializers) are evaluated with them.
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "checker/wgsl/checker_impl.h"
#include "checker/float_rounding.h"

namespace plumb {

using namespace ast;

// "The constant is identified by a pipeline-overridable constant identifier string, which is
// the base-10 representation of the pipeline constant ID if specified, and otherwise the
// declared name of the constant."
std::string Checker::overrideKey(const ModuleDeclaration& d) const {
  if (d.attributes.has(Attributes::Id)) return std::to_string(d.attributes.id);
  return std::string(name(d.name));
}

// "The pipeline creation API accepts a mapping from overridable constant to a value of the
// constant's type." WebGPU's GPUPipelineConstantValue is a double converted to the WGSL type
// with WebIDL's rules: bool is `x != 0`; i32 and u32 are [EnforceRange] (finite, truncated,
// in range); f32 and f16 round to nearest and must stay finite. Plumb also accepts `true` and
// `false`. Returns nullopt after reporting.
std::optional<Value> Checker::pipelineOverrideValue(const ModuleDeclaration& d, Type t,
                                                    const std::string& text) {
  std::string key = overrideKey(d);
  auto reject = [&](const std::string& why) -> std::optional<Value> {
    error(d.nameSpan,
          "pipeline creation: --override " + key + "=" + text + ": " + why, "override-decls");
    return std::nullopt;
  };
  double x = 0;
  if (text == "true" || text == "false") {
    x = text == "true" ? 1 : 0;
  } else {
    errno = 0;
    char* end = nullptr;
    x = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size())
      return reject("the value must be a number (or true or false)");
    if (std::isnan(x)) return reject("the value must not be NaN");
  }
  switch (types_.kind(t)) {
    case TypeKind::Bool: return Value{t, x != 0};
    case TypeKind::I32: case TypeKind::U32: {
      bool i32 = types_.kind(t) == TypeKind::I32;
      if (!std::isfinite(x)) return reject("an integer override needs a finite value");
      double v = std::trunc(x);
      double lo = i32 ? -2147483648.0 : 0.0, hi = i32 ? 2147483647.0 : 4294967295.0;
      if (v < lo || v > hi)
        return reject("the value is out of the range of " + typeName(t));
      return Value{t, static_cast<int64_t>(v)};
    }
    case TypeKind::F32: case TypeKind::F16: {
      bool half = types_.kind(t) == TypeKind::F16;
      double r = half ? roundToF16(x) : roundToF32(x);
      if (!std::isfinite(x) || std::fabs(r) > (half ? kMaxF16 : kMaxF32))
        return reject("the value is not a finite " + typeName(t));
      return Value{t, r};
    }
    default: return reject("an override of type " + typeName(t) + " cannot be given a value");
  }
}

// The value an override has at pipeline creation: the application's, else its initializer's.
// "If it doesn't [have a default value], it is a pipeline-creation error if a value is not
// provided at pipeline-creation time."
void Checker::resolveOverrideAtPipelineCreation(ModuleDeclaration& d, const VariableDeclaration& v,
                                                std::optional<Value>& initializerValue) {
  std::string key = overrideKey(d);
  for (size_t i = 0; i < options_.overrides.size(); ++i) {
    if (options_.overrides[i].first != key) continue;
    usedOverrideKeys_.insert(i);
    d.value = pipelineOverrideValue(d, d.type, options_.overrides[i].second);
    d.valueFromPipeline = true;
    return;
  }
  if (!v.initializer) {
    error(d.nameSpan,
          "pipeline creation: override '" + std::string(name(v.name)) +
              "' has no default value, so one must be given (--override " + key + "=VALUE)",
          "override-decls");
    return;
  }
  d.value = std::move(initializerValue);
}

// Every key given must name an override of the module (WebGPU: a key that is not a
// pipeline-overridable constant identifier string is a validation error at pipeline creation).
void Checker::checkPipelineKeys() {
  if (!options_.pipelineCreation) return;
  for (size_t i = 0; i < options_.overrides.size(); ++i) {
    if (usedOverrideKeys_.count(i)) continue;
    bool byName = false;  // the name of an override that has an @id: a likely mistake
    for (const ModuleDeclaration& d : out_.declarations)
      if (d.kind == ModuleDeclaration::Override && name(d.name) == options_.overrides[i].first &&
          d.attributes.has(Attributes::Id)) {
        byName = true;
        error(d.nameSpan,
              "pipeline creation: override '" + options_.overrides[i].first + "' has @id(" +
                  std::to_string(d.attributes.id) + "), so its value is given as --override " +
                  std::to_string(d.attributes.id) + "=VALUE",
              "override-decls");
      }
    if (!byName)
      diagnostics_.error(&m_.file(), Span{},
                         "pipeline creation: --override " + options_.overrides[i].first +
                             ": the module has no override with this identifier",
                         "override-decls");
  }
}

// new#pipeline-creation-error: "These errors are only triggered for code present in the
// shader of the entry point being compiled"; new#override-expr: an override-expression is
// evaluated only if it "forms part of the shader for the entry point", and "If an
// override-declaration has its value substituted via the API, its initializer expression ...
// will not be evaluated". The shader is what the entry point statically accesses
// (new#shader-interface: "statically accessed"): the declarations reachable over uses_ (its body,
// attributes, the types, initializers and array counts of what it uses).
void Checker::reportPipelineErrors() {
  if (pendingPipelineErrors_.empty()) return;
  // By declaration: the first entry point whose shader contains it, or none.
  std::vector<const EntryPoint*> shaderOf(out_.declarations.size(), nullptr);
  for (const EntryPoint& e : out_.entryPoints) {
    if (!options_.pipelineEntryPoint.empty() &&
        name(out_.declarations[e.function].name) != options_.pipelineEntryPoint)
      continue;
    std::vector<uint8_t> seen(out_.declarations.size(), 0);
    std::vector<uint32_t> work{e.function};
    while (!work.empty()) {
      uint32_t d = work.back();
      work.pop_back();
      if (d >= seen.size() || seen[d]) continue;
      seen[d] = 1;
      if (!shaderOf[d]) shaderOf[d] = &e;
      // An override the pipeline gives a value: its initializer is not evaluated.
      const ModuleDeclaration& decl = out_.declarations[d];
      if (decl.kind == ModuleDeclaration::Override && decl.valueFromPipeline) continue;
      if (d < uses_.size())
        for (uint32_t u : uses_[d]) work.push_back(u);
    }
  }
  for (PendingPipelineError& p : pendingPipelineErrors_) {
    const ModuleDeclaration& decl = out_.declarations[p.declaration];
    const EntryPoint* entry = shaderOf[p.declaration];
    if (!entry || (decl.kind == ModuleDeclaration::Override && decl.valueFromPipeline)) continue;
    const ModuleDeclaration& function = out_.declarations[entry->function];
    diagnostics_.error(&m_.file(), p.span, "pipeline creation: " + p.message, p.rule);
    for (DiagnosticNote& n : p.notes) diagnostics_.noteOnLast(std::move(n));
    diagnostics_.noteOnLast(DiagnosticNote{
        function.nameSpan,
        "an error of an override-expression in the shader of entry point '" +
            std::string(name(function.name)) +
            "' is a pipeline-creation error (new#override-expr, new#pipeline-creation-error)"});
  }
  pendingPipelineErrors_.clear();
}

}  // namespace plumb
