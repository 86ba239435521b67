// Entry points and their pipeline inputs and outputs (#entry-point-decl,
// #pipeline-inputs-outputs): built-in values of the right stage, direction and type
// (#builtin-inputs-outputs, #builtin-values), user-defined IO with locations
// (#user-defined-inputs-outputs, #input-output-locations), interpolation of integers
// (#interpolation), and the position output of vertex shaders (#function-restriction).
//
// Rules on a single attribute list (which attributes exist, where each may be written, @location
// on numeric types only and not on a compute entry point's own parameters or return value,
// @interpolate only with @location, flat without sampling, @invariant only on position) are
// checked with the declarations (attributes.cpp, declarations.cpp); this pass checks what needs
// the whole entry point. What needs the functions in a shader stage (the resource interface,
// built-in functions restricted to stages) is in shader_interface_stages.cpp.
#include <map>
#include <set>
#include <string>
#include <utility>

#include "checker/wgsl/analyses.h"

namespace plumb {

using namespace ast;

// shader_interface_stages.cpp: the functions in each shader stage and what they statically
// access (#resource-interface, the stage rules of built-in functions and address spaces).
void checkShaderStages(CheckedModule& module, DiagnosticList& diagnostics);

namespace {

enum class Direction : uint8_t { Input, Output };

const char* directionName(Direction d) {
  return d == Direction::Input ? "input" : "output";
}

/// Where a structure is used as entry point IO, for the note on errors in its members.
struct Use {
  Span span;         // the parameter or the return type
  std::string text;  // "'S' is an input of fragment entry point 'main' here"
};

/// The pipeline inputs or the pipeline outputs of one entry point (#pipeline-inputs-outputs).
struct InterfaceSet {
  explicit InterfaceSet(Direction d) : direction(d) {}

  Direction direction;
  struct LocationUse {
    Span span;         // the @location attribute
    uint32_t carrier;  // the parameter (or return value) that carries it
    bool member;       // a member of the carrier's structure
  };
  std::map<uint32_t, LocationUse> locations;
  std::map<std::string_view, Span> builtins;  // name -> the first @builtin attribute
  bool hasPosition = false;
};

class InterfaceChecker {
 public:
  InterfaceChecker(CheckedModule& module, DiagnosticList& diagnostics)
      : out_(module), m_(module.module), types_(module.types), diagnostics_(diagnostics) {}

  void run() {
    checkStructLocations();
    for (const EntryPoint& e : out_.entryPoints) checkEntryPoint(e);
  }

 private:
  CheckedModule& out_;
  const Module& m_;
  const TypeTable& types_;
  DiagnosticList& diagnostics_;
  // The entry point being checked.
  ShaderStage stage_ = ShaderStage::None;
  std::string entryName_;
  // A structure used by several entry points gets each error in its members once.
  std::set<std::pair<uint32_t, std::string>> reported_;

  std::string name(Symbol s) const { return std::string(m_.name(s)); }
  std::string typeName(Type t) const { return types_.name(t); }
  Span attributeSpan(const Attributes& a, Attributes::Kind k) const { return m_[a.node[k]].span; }

  bool error(Span span, std::string message, const char* rule, const Use* use = nullptr) {
    if (!reported_.emplace(span.begin, message).second) return false;
    diagnostics_.error(&m_.file(), span, std::move(message), rule);
    if (use) note(use->span, use->text);
    return true;
  }
  void note(Span span, std::string message) {
    diagnostics_.noteOnLast(DiagnosticNote{span, std::move(message)});
  }

  void checkStructLocations();
  void checkEntryPoint(const EntryPoint& entry);
  void collect(InterfaceSet& set, const Attributes& attrs, Type type, Span span,
               const std::string& what, uint32_t carrier, Span useSpan);
  void datum(InterfaceSet& set, const Attributes& attrs, Type type, Span span,
             const std::string& what, uint32_t carrier, bool member, const Use* use);
  void builtinValue(InterfaceSet& set, const Attributes& attrs, Type type, const Use* use);
  bool usesBlendSrc(const StructInfo& s) const;
  void checkDualSourceBlending(const StructInfo& s);
  void userDefined(InterfaceSet& set, const Attributes& attrs, Type type, uint32_t carrier,
                   bool member, const Use* use);
};

// #input-output-locations: "Locations must not overlap within each of the following sets:
// Members within a structure type. This applies to any structure, not just those used in
// pipeline inputs or outputs."
void InterfaceChecker::checkStructLocations() {
  for (const ModuleDeclaration& d : out_.declarations) {
    if (d.kind != ModuleDeclaration::Struct || !d.type) continue;
    const StructInfo& s = types_.structInfo(d.type);
    if (usesBlendSrc(s)) {
      checkDualSourceBlending(s);
      continue;
    }
    std::map<uint32_t, const MemberInfo*> seen;
    for (const MemberInfo& member : s.members) {
      const Attributes& a = out_.memberAttributes[member.declaration.value];
      if (!a.has(Attributes::Location)) continue;
      auto [it, fresh] = seen.emplace(a.location, &member);
      if (fresh) continue;
      error(attributeSpan(a, Attributes::Location),
            "location " + std::to_string(a.location) + " is already used by member '" +
                it->second->name + "' of structure " + s.name +
                ": locations must not overlap within a structure",
            "input-output-locations");
      note(
          attributeSpan(out_.memberAttributes[it->second->declaration.value], Attributes::Location),
          "member '" + it->second->name + "' has location " + std::to_string(a.location));
    }
  }
}

bool InterfaceChecker::usesBlendSrc(const StructInfo& s) const {
  for (const MemberInfo& member : s.members)
    if (member.declaration &&
        out_.memberAttributes[member.declaration.value].has(Attributes::BlendSrc))
      return true;
  return false;
}

// new#input-output-locations (revision 2026): "If any entry in members specifies a blend_src
// attribute, members must use dual source blending, which means: members must contain exactly
// 2 entries, one with @location(0) @blend_src(0) and one with @location(0) @blend_src(1). All
// the members must have same data type."
void InterfaceChecker::checkDualSourceBlending(const StructInfo& s) {
  std::vector<const MemberInfo*> located;
  for (const MemberInfo& member : s.members)
    if (out_.memberAttributes[member.declaration.value].has(Attributes::Location))
      located.push_back(&member);
  auto attrs = [&](const MemberInfo* m) -> const Attributes& {
    return out_.memberAttributes[m->declaration.value];
  };
  bool shape = located.size() == 2;
  for (const MemberInfo* m : located)
    shape = shape && attrs(m).location == 0 && attrs(m).has(Attributes::BlendSrc);
  if (shape) shape = attrs(located[0]).blendSrc != attrs(located[1]).blendSrc;
  if (!shape) {
    const MemberInfo* at = nullptr;  // the last member with @blend_src
    for (const MemberInfo& m : s.members)
      if (attrs(&m).has(Attributes::BlendSrc)) at = &m;
    error(attributeSpan(attrs(at), Attributes::BlendSrc),
          "structure " + s.name +
              " uses @blend_src, so its members with @location must be exactly two: "
              "@location(0) @blend_src(0) and @location(0) @blend_src(1)",
          "input-output-locations");
    return;
  }
  if (located[0]->type != located[1]->type)
    error(attributeSpan(attrs(located[1]), Attributes::BlendSrc),
          "the two members of structure " + s.name + " with @blend_src must have the same type (" +
              typeName(located[0]->type) + " and " + typeName(located[1]->type) + ")",
          "input-output-locations");
}

void InterfaceChecker::checkEntryPoint(const EntryPoint& entry) {
  const ModuleDeclaration& d = out_.declarations[entry.function];
  const auto& f = std::get<FunctionDeclaration>(m_[d.global].node);
  stage_ = entry.stage;
  entryName_ = name(d.name);
  // #entry-point-decl: "The entry point's formal parameters form the stage's pipeline inputs.
  // The entry point's return type, if specified, forms the stage's pipeline output. Each input
  // and output must be an entry point IO type."
  InterfaceSet inputs(Direction::Input);
  uint32_t carrier = 0;
  for (ParameterId p : m_[f.parameters]) {
    const Parameter& param = m_[p];
    collect(inputs, out_.parameterAttributes[p.value], out_.parameters[p.value], param.nameSpan,
            "parameter '" + name(param.name) + "'", carrier++, param.span);
  }
  InterfaceSet outputs(Direction::Output);
  if (f.returnType && d.type && types_.kind(d.type) != TypeKind::Void)
    collect(outputs, d.returnAttributes, d.type, m_[f.returnType].span, "the return value", 0,
            m_[f.returnType].span);
  // #function-restriction: "A vertex shader must return the position built-in output value."
  if (stage_ == ShaderStage::Vertex && !outputs.hasPosition) {
    error(f.returnType ? m_[f.returnType].span : d.nameSpan,
          "vertex entry point '" + entryName_ +
              "' must return the position built-in output value (@builtin(position) "
              "vec4<f32>), as its return value or as a member of the structure it returns",
          "function-restriction");
  }
}

// One parameter or the return value: a built-in value, user-defined IO, or a structure of those
// (#pipeline-inputs-outputs).
void InterfaceChecker::collect(InterfaceSet& set, const Attributes& attrs, Type type, Span span,
                               const std::string& what, uint32_t carrier, Span useSpan) {
  if (!type) return;
  bool io = attrs.has(Attributes::Builtin) || attrs.has(Attributes::Location);
  if (types_.kind(type) != TypeKind::Struct || io) {
    datum(set, attrs, type, span, what, carrier, false, nullptr);
    return;
  }
  const StructInfo& s = types_.structInfo(type);
  Use use{useSpan, "'" + s.name + "' is " +
                       (set.direction == Direction::Input ? "an input" : "the output") + " of " +
                       std::string(spelling(stage_)) + " entry point '" + entryName_ + "' here"};
  for (const MemberInfo& member : s.members) {
    if (!member.declaration) continue;  // predeclared result structures are never written
    const Attributes& a = out_.memberAttributes[member.declaration.value];
    const StructMember& decl = m_[member.declaration];
    std::string memberWhat = "member '" + member.name + "' of structure " + s.name;
    // "Structures containing only built-in values and user-defined IO. The structure must not
    // contain a nested structure."
    if (types_.kind(member.type) == TypeKind::Struct && !a.has(Attributes::Builtin) &&
        !a.has(Attributes::Location)) {
      error(decl.nameSpan,
            memberWhat + " is a structure (" + typeName(member.type) +
                "): a structure used for entry point IO must not contain a nested structure",
            "pipeline-inputs-outputs", &use);
      continue;
    }
    datum(set, a, member.type, decl.nameSpan, memberWhat, carrier, true, &use);
  }
}

// One built-in value or user-defined datum.
void InterfaceChecker::datum(InterfaceSet& set, const Attributes& attrs, Type type, Span span,
                             const std::string& what, uint32_t carrier, bool member,
                             const Use* use) {
  bool builtin = attrs.has(Attributes::Builtin), location = attrs.has(Attributes::Location);
  if (builtin && location) {
    // "Each pipeline input or output is one of: a built-in value, a user-defined value"
    // (docs/ambiguities.md E4).
    error(attributeSpan(attrs, Attributes::Location),
          what + " cannot be both the built-in value '" + std::string(attrs.builtin) +
              "' and user-defined IO at location " + std::to_string(attrs.location),
          "pipeline-inputs-outputs", use);
    return;
  }
  if (builtin) return builtinValue(set, attrs, type, use);
  if (location) return userDefined(set, attrs, type, carrier, member, use);
  bool numeric = isNumericScalar(types_, type) || (types_.kind(type) == TypeKind::Vector &&
                                                   isNumericScalar(types_, types_[type].element));
  if (member) {
    // #input-output-locations: "Each structure member in the entry point IO must be one of
    // either a built-in value (see #builtin-inputs-outputs), or assigned a location."
    error(span,
          what +
              " has neither @builtin nor @location: each member of a structure used "
              "for entry point IO must be a built-in value or have a location",
          "input-output-locations", use);
  } else if (numeric) {
    // #user-defined-inputs-outputs: "All user-defined IO must be assigned locations."
    error(span,
          what + " of entry point '" + entryName_ +
              "' is user-defined IO without a location: add @location(n) or @builtin(name)",
          "input-output-locations");
  } else {
    error(span,
          what + " of entry point '" + entryName_ + "' has type " + typeName(type) +
              ", which is not an entry point IO type: it must be a built-in value (@builtin), "
              "user-defined IO of numeric scalar or vector type with @location, or a structure "
              "of those",
          "entry-point-decl");
  }
}

// #builtin-inputs-outputs: "when a parameter or member of a parameter for an entry point has a
// builtin attribute, the corresponding builtin must be an input for the entry point's shader
// stage" (and conversely for the return type and outputs); it "is of type T_X" as in the table of
// #builtin-values.
void InterfaceChecker::builtinValue(InterfaceSet& set, const Attributes& attrs, Type type,
                                    const Use* use) {
  std::string_view n = attrs.builtin;
  Span at = attributeSpan(attrs, Attributes::Builtin);
  bool input = set.direction == Direction::Input;
  const BuiltinValue* row = nullptr;
  std::string rows;
  for (const BuiltinValue& b : builtinValues()) {
    if (b.name != n) continue;
    if (b.stage == stage_ && b.input == input) row = &b;
    rows += std::string(rows.empty() ? "" : " and ") + (b.input ? "an input" : "an output") +
            " of the " + std::string(spelling(b.stage)) + " stage";
  }
  if (!row) {
    error(at,
          "built-in value '" + std::string(n) + "' is not " + (input ? "an input" : "an output") +
              " of the " + std::string(spelling(stage_)) + " shader stage (it is " + rows + ")",
          "builtin-inputs-outputs", use);
    return;
  }
  if (row->type == "array<f32, N>") {
    // new#clip-distances-builtin-value: array<f32, N> with N <= 8.
    const TypeNode& t = types_[type];
    bool ok = t.kind == TypeKind::Array && t.arrayCount == ArrayCount::Fixed &&
              types_.kind(t.element) == TypeKind::F32 && t.count >= 1 && t.count <= 8;
    if (type && !ok)
      error(at,
            "built-in value '" + std::string(n) +
                "' must have type array<f32, N> with N at most 8, "
                "not " +
                typeName(type),
            "clip-distances-builtin-value", use);
  } else if (type && typeName(type) != row->type)
    error(at,
          "built-in value '" + std::string(n) + "' must have type " + std::string(row->type) +
              ", not " + typeName(type),
          "builtin-values", use);
  if (n == "position") set.hasPosition = true;
  // An interface must not hold the same built-in value twice (docs/ambiguities.md E1).
  auto [it, fresh] = set.builtins.emplace(n, at);
  if (!fresh &&
      error(at,
            "built-in value '" + std::string(n) + "' is already " +
                (input ? "an input" : "an output") + " of entry point '" + entryName_ + "'",
            "builtin-inputs-outputs"))
    note(it->second, "the first @builtin(" + std::string(n) + ")");
}

// #user-defined-inputs-outputs, #interpolation, #input-output-locations.
void InterfaceChecker::userDefined(InterfaceSet& set, const Attributes& attrs, Type type,
                                   uint32_t carrier, bool member, const Use* use) {
  Span at = attributeSpan(attrs, Attributes::Location);
  std::string loc = "@location(" + std::to_string(attrs.location) + ")";
  // new#blend-src-attr: "Must not be included in a shader stage input. Must not be included
  // in a shader stage output, except for the fragment shader stage."
  if (attrs.has(Attributes::BlendSrc) &&
      !(stage_ == ShaderStage::Fragment && set.direction == Direction::Output))
    error(attributeSpan(attrs, Attributes::BlendSrc),
          "@blend_src is only allowed on fragment shader outputs, not on a " +
              std::string(spelling(stage_)) + " shader " + directionName(set.direction),
          "blend-src-attr", use);
  if (stage_ == ShaderStage::Compute) {
    // "User-defined IO must not be passed to compute shader entry points." The parameters and
    // return value of a compute entry point with @location are reported with the attribute
    // (#attribute-location, declarations.cpp); here the members of their structures.
    if (member)
      error(at,
            loc + " on a member of a structure used as compute shader " +
                directionName(set.direction) +
                ": user-defined IO must not be passed to compute shader entry points",
            "user-defined-inputs-outputs", use);
    return;
  }
  // "User-defined vertex outputs and fragment inputs of scalar or vector integer type must
  // always be specified as @interpolate(flat)."
  bool interpolated = (stage_ == ShaderStage::Vertex && set.direction == Direction::Output) ||
                      (stage_ == ShaderStage::Fragment && set.direction == Direction::Input);
  bool integer = isIntegerScalar(types_, type) || (types_.kind(type) == TypeKind::Vector &&
                                                   isIntegerScalar(types_, types_[type].element));
  if (type && interpolated && integer && attrs.interpolation != Attributes::Interpolation::Flat) {
    bool written = attrs.has(Attributes::Interpolate);
    error(written ? attributeSpan(attrs, Attributes::Interpolate) : at,
          std::string("user-defined ") +
              (stage_ == ShaderStage::Vertex ? "vertex output" : "fragment input") + " " + loc +
              " has integer type " + typeName(type) + " and must be @interpolate(flat)" +
              (written ? ", not @" +
                             std::string(
                                 m_.text(attributeSpan(attrs, Attributes::Interpolate)).substr(1))
                       : ""),
          "interpolation", use);
  }
  // "Locations must not overlap within ... an entry point's pipeline inputs". Two members of one
  // structure are reported by checkStructLocations; the outputs are one value or one structure.
  auto [it, fresh] =
      set.locations.emplace(attrs.location, InterfaceSet::LocationUse{at, carrier, member});
  if (fresh || (it->second.carrier == carrier && it->second.member && member)) return;
  if (error(at,
            "location " + std::to_string(attrs.location) + " is already used by another " +
                directionName(set.direction) + " of entry point '" + entryName_ + "'",
            "input-output-locations"))
    note(it->second.span, "the first " + loc);
}

}  // namespace

void checkShaderInterface(CheckedModule& module, DiagnosticList& diagnostics) {
  InterfaceChecker(module, diagnostics).run();
  checkShaderStages(module, diagnostics);
}

}  // namespace plumb
