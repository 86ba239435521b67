// Attributes (#attributes): which attributes exist, where each may be applied, and the values
// their arguments may take. Rules that need more than the attribute list itself (a resource
// variable needs @group and @binding, @location needs a numeric type, @workgroup_size values)
// are checked by the declaration that owns the list, with the values collected here.
#include <bit>

#include "checker/wgsl/checker_impl.h"

namespace plumb {

using namespace ast;

namespace {

struct AttributeRow {
  std::string_view name;
  Attributes::Kind kind;
  const char* anchor;  // the attribute's definition in the "Attributes defined in WGSL" table
};

// #attributes, the two tables "Attributes defined in WGSL" and "Pipeline Stage Attributes".
constexpr AttributeRow kAttributes[] = {
    {"align", Attributes::Align, "attribute-align"},
    {"binding", Attributes::Binding, "attribute-binding"},
    {"builtin", Attributes::Builtin, "attribute-builtin"},
    {"const", Attributes::Const, "attribute-const"},
    {"group", Attributes::Group, "attribute-group"},
    {"id", Attributes::Id, "attribute-id"},
    {"interpolate", Attributes::Interpolate, "attribute-interpolate"},
    {"invariant", Attributes::Invariant, "attribute-invariant"},
    {"location", Attributes::Location, "attribute-location"},
    {"size", Attributes::Size, "attribute-size"},
    {"workgroup_size", Attributes::WorkgroupSize, "attribute-workgroup_size"},
    {"vertex", Attributes::Vertex, "attribute-vertex"},
    {"fragment", Attributes::Fragment, "attribute-fragment"},
    {"compute", Attributes::Compute, "attribute-compute"},
    // Revision 2026 only (delta 1.6).
    {"must_use", Attributes::MustUse, "attribute-must_use"},
    {"diagnostic", Attributes::Diagnostic, "attribute-diagnostic"},
    {"blend_src", Attributes::BlendSrc, "blend-src-attr"},
    {"subgroup_size", Attributes::SubgroupSize, "subgroup-size-attr"},
};

const AttributeRow* findAttribute(std::string_view name, const Revision& revision) {
  for (const AttributeRow& r : kAttributes)
    if (r.name == name) {
      if (r.kind == Attributes::MustUse && !revision.mustUse) return nullptr;
      if (r.kind == Attributes::Diagnostic && !revision.diagnosticFilters) return nullptr;
      if (r.kind == Attributes::BlendSrc && !revision.blendSrc) return nullptr;
      if (r.kind == Attributes::SubgroupSize && !revision.subgroupSizeAttribute) return nullptr;
      return &r;
    }
  return nullptr;
}

// The "Description" column: where each attribute may be applied.
bool allowedAt(Attributes::Kind k, AttributePlace place) {
  switch (k) {
    case Attributes::Align: case Attributes::Size: return place == AttributePlace::StructMember;
    case Attributes::Binding: case Attributes::Group: return place == AttributePlace::ModuleVariable;
    case Attributes::Builtin: case Attributes::Location: case Attributes::Interpolate:
    case Attributes::Invariant:
      return place == AttributePlace::EntryPointParameter ||
             place == AttributePlace::EntryPointReturn || place == AttributePlace::StructMember;
    // new#blend-src-attr: "Must only be applied to a member of a structure type".
    case Attributes::BlendSrc:
      return place == AttributePlace::StructMember;
    case Attributes::Const: return false;  // "a shader-creation error if ... a user-defined function"
    case Attributes::Id: return place == AttributePlace::Override;
    case Attributes::WorkgroupSize: case Attributes::Vertex: case Attributes::Fragment:
    case Attributes::Compute:
    case Attributes::MustUse:
    case Attributes::Diagnostic:
    case Attributes::SubgroupSize:
      return place == AttributePlace::Function;
    default: return false;
  }
}

const char* allowedPlaces(Attributes::Kind k) {
  switch (k) {
    case Attributes::Align: case Attributes::Size: return "on members of structures";
    case Attributes::Binding: case Attributes::Group: return "on resource variables";
    case Attributes::Builtin: case Attributes::Location: case Attributes::Interpolate:
    case Attributes::Invariant:
      return "on entry point parameters, entry point return types and structure members";
    case Attributes::Id: return "on override declarations";
    case Attributes::BlendSrc:
      return "on structure members";
    default: return "on function declarations";
  }
}

const char* placeName(AttributePlace place) {
  switch (place) {
    case AttributePlace::ModuleVariable: return "a module-scope variable";
    case AttributePlace::Override: return "an override declaration";
    case AttributePlace::StructMember: return "a structure member";
    case AttributePlace::Function: return "a function";
    case AttributePlace::EntryPointParameter: return "an entry point parameter";
    case AttributePlace::Parameter: return "a parameter of a function that is not an entry point";
    case AttributePlace::EntryPointReturn: return "an entry point return type";
    case AttributePlace::Return: return "the return type of a function that is not an entry point";
  }
  return "";
}

}  // namespace

// An argument that "must be a positive (or non-negative) i32 or AbstractInt literal": a
// literal, without the `u` suffix, whose value fits i32 (an i32 literal always does; an
// AbstractInt one is converted to i32, #attributes). Returns false after reporting.
bool Checker::integerAttributeArgument(const Attribute& attr, const char* anchor, bool positive,
                                       uint32_t& out) {
  std::span<const ExpressionId> args = m_[attr.arguments];
  std::string what = "@" + std::string(name(attr.name));
  if (args.size() != 1) {
    error(attr.span, what + " takes exactly one argument", anchor);
    return false;
  }
  const Expression& e = m_[args[0]];
  if (m_.revision().attributeExpressions) {
    // new#attributes (delta 1.6): a const-expression of type i32, u32 or AbstractInt.
    const ExpressionInfo& info = typeExpression(args[0]);
    if (!info.type) return false;
    TypeKind k = types_.kind(info.type);
    if (k != TypeKind::AbstractInt && k != TypeKind::I32 && k != TypeKind::U32) {
      error(e.span, what + "'s argument must be an i32 or u32, not " + typeName(info.type), anchor);
      return false;
    }
    if (info.stage != EvaluationStage::Constant || !info.value) {
      error(e.span, what + "'s argument must be a const-expression", anchor);
      return false;
    }
    int64_t v = info.value->intValue();
    if (v < 0 || v > 0xFFFFFFFFll || (k != TypeKind::U32 && v > 0x7FFFFFFF)) {
      error(e.span, what + "'s argument " + std::to_string(v) + " is out of range", anchor);
      return false;
    }
    if (positive && v == 0) {
      error(e.span, what + "'s argument must be positive", anchor);
      return false;
    }
    out = static_cast<uint32_t>(v);
    return true;
  }
  const auto* literal = std::get_if<LiteralExpression>(&e.node);
  if (!literal || literal->kind != LiteralKind::Int || literal->suffix == LiteralSuffix::U) {
    error(e.span,
          what + "'s argument must be " + (positive ? "a positive" : "a non-negative") +
              " i32 or AbstractInt integer literal",
          anchor);
    return false;
  }
  const ExpressionInfo& info = typeExpression(args[0]);
  if (!info.value) return false;  // the literal itself is out of range (reported)
  int64_t v = info.value->intValue();
  if (v > 0x7FFFFFFF) {
    error(e.span, what + "'s argument " + std::to_string(v) + " is not representable as an i32",
          anchor);
    return false;
  }
  if (positive && v == 0) {
    error(e.span, what + "'s argument must be positive", anchor);
    return false;
  }
  out = static_cast<uint32_t>(v);
  return true;
}

// An argument that names an enumerant (a built-in value, an interpolation type or sampling).
std::string_view Checker::identifierAttributeArgument(ExpressionId e) {
  if (const auto* id = std::get_if<IdentifierExpression>(&m_[e].node)) return name(id->name);
  return {};
}

Attributes Checker::checkAttributes(List<Attribute> list, AttributePlace place) {
  Attributes out;
  std::array<AttributeId, Attributes::kCount> first{};  // for duplicates, valid or not
  for (AttributeId a : m_[list]) {
    const Attribute& attr = m_[a];
    std::string_view n = name(attr.name);
    const AttributeRow* row = findAttribute(n, m_.revision());
    if (!row) {
      error(attr.nameSpan, "'@" + std::string(n) + "' is not an attribute of WGSL", "attributes");
      continue;
    }
    std::string what = "@" + std::string(n);
    if (row->kind == Attributes::Diagnostic) {
      // new#attribute-diagnostic: several may apply to one function, one per rule; their
      // conflicts are checked below.
      if (!allowedAt(row->kind, place)) {
        error(attr.span,
              "@diagnostic is only allowed on functions and statements, not on " +
                  std::string(placeName(place)),
              row->anchor);
        continue;
      }
      if (auto f = checkDiagnosticAttribute(attr)) {
        // "More than one diagnostic attribute may be specified on a syntactic form, but they
        // must specify different triggering rules."
        for (const DiagnosticFilter& other : out.filters)
          if (other.rule == f->rule) {
            error(attr.span, "two @diagnostic attributes here name the rule '" + f->rule + "'",
                  row->anchor);
            note(other.span, "the other one");
            break;
          }
        out.filters.push_back(*f);
      }
      out.node[row->kind] = a;
      continue;
    }
    // "An attribute must not be specified more than once per object or type."
    if (first[row->kind]) {
      error(attr.span, what + " is applied more than once", "attributes");
      note(m_[first[row->kind]].span, "it is first applied here");
      continue;
    }
    first[row->kind] = a;
    if (row->kind == Attributes::Const) {
      error(attr.span,
            "@const is only for built-in functions: a user-defined function must not have it",
            row->anchor);
      continue;
    }
    if (!allowedAt(row->kind, place)) {
      error(attr.span,
            what + " is only allowed " + allowedPlaces(row->kind) + ", not on " + placeName(place),
            row->anchor);
      continue;
    }
    std::span<const ExpressionId> args = m_[attr.arguments];
    bool ok = true;
    switch (row->kind) {
      case Attributes::Align:
        ok = integerAttributeArgument(attr, row->anchor, true, out.align);
        // "Must be a power of 2."
        if (ok && !std::has_single_bit(out.align)) {
          error(m_[args[0]].span, "@align's argument must be a power of 2, not " +
                                      std::to_string(out.align),
                row->anchor);
          ok = false;
        }
        break;
      case Attributes::Size: ok = integerAttributeArgument(attr, row->anchor, true, out.size); break;
      case Attributes::Binding:
        ok = integerAttributeArgument(attr, row->anchor, false, out.binding);
        break;
      case Attributes::Group: ok = integerAttributeArgument(attr, row->anchor, false, out.group); break;
      case Attributes::Location:
        ok = integerAttributeArgument(attr, row->anchor, false, out.location);
        break;
      case Attributes::Id:
        ok = integerAttributeArgument(attr, row->anchor, false, out.id);
        // #override-decls: "must be an integer value between 0 and 65535".
        if (ok && out.id > 65535) {
          error(m_[args[0]].span,
                "a pipeline constant ID must be between 0 and 65535, not " + std::to_string(out.id),
                "override-decls");
          ok = false;
        }
        break;
      case Attributes::Builtin: {
        std::string_view v = !args.empty() ? identifierAttributeArgument(args[0]) : "";
        bool current = m_.revision().currentBuiltinValues;
        // new#builtin-inputs-outputs (frag_depth), fragment_depth: "the builtin attribute can
        // have an optional second parameter to specify a depth mode": less or greater
        // (new#depth-mode-names).
        if (args.size() == 2 && m_.revision().fragmentDepthModes && v == "frag_depth") {
          std::string_view mode = identifierAttributeArgument(args[1]);
          if (mode == "less") out.depthMode = Attributes::DepthMode::Less;
          else if (mode == "greater") out.depthMode = Attributes::DepthMode::Greater;
          else {
            error(m_[args[1]].span, "the depth mode of frag_depth must be less or greater",
                  "depth-mode-names");
            ok = false;
            break;
          }
        } else if (args.size() == 2 && isBuiltinValueName(v, current)) {
          error(m_[args[1]].span,
                m_.revision().fragmentDepthModes
                    ? "only @builtin(frag_depth) takes a second argument, its depth mode"
                    : "@builtin takes one argument",
                row->anchor);
          ok = false;
          break;
        }
        if (args.empty() || args.size() > 2 || !isBuiltinValueName(v, current)) {
          std::string names;
          for (const BuiltinValue& b : builtinValues())
            if ((current || !b.current) && names.find(b.name) == std::string::npos)
              names += (names.empty() ? "" : ", ") + std::string(b.name);
          error(args.size() == 1 ? m_[args[0]].span : attr.span,
                "@builtin takes the name of a built-in value: " + names, row->anchor);
          ok = false;
          break;
        }
        for (const BuiltinValue& b : builtinValues()) {
          if (b.name != v) continue;
          out.builtin = b.name;  // a view of the table, not of the source
          // new#builtin-inputs-outputs, Extension column; new#extension-list: "using the
          // feature without [enabling it] is a shader-creation error".
          bool enabled = b.extension.empty();
          for (std::string_view x : enabledExtensions_) enabled = enabled || x == b.extension;
          if (!enabled) {
            error(m_[args[0]].span,
                  "built-in value '" + std::string(v) + "' needs the extension '" +
                      std::string(b.extension) + "' (enable " + std::string(b.extension) + ";)",
                  "extension-list");
            ok = false;
          }
          break;
        }
        break;
      }
      case Attributes::BlendSrc: {
        // new#blend-src-attr: needs dual_source_blending; its argument "Must be a
        // const-expression that resolves to an i32 or u32 with value of 0 or 1".
        bool enabled = false;
        for (std::string_view x : enabledExtensions_)
          enabled = enabled || x == "dual_source_blending";
        if (!enabled) {
          error(attr.span,
                "@blend_src needs the extension 'dual_source_blending' (enable "
                "dual_source_blending;)",
                "extension-list");
          ok = false;
          break;
        }
        ok = integerAttributeArgument(attr, row->anchor, false, out.blendSrc);
        if (ok && out.blendSrc > 1) {
          error(m_[args[0]].span,
                "@blend_src's argument must be 0 or 1, not " + std::to_string(out.blendSrc),
                row->anchor);
          ok = false;
        }
        break;
      }
      case Attributes::Interpolate: {
        // #interpolation: the interpolation type, then optionally the sampling.
        if (args.empty() || args.size() > 2) {
          error(attr.span, "@interpolate takes an interpolation type and optionally a sampling",
                row->anchor);
          ok = false;
          break;
        }
        std::string_view type = identifierAttributeArgument(args[0]);
        if (type == "perspective") out.interpolation = Attributes::Interpolation::Perspective;
        else if (type == "linear") out.interpolation = Attributes::Interpolation::Linear;
        else if (type == "flat") out.interpolation = Attributes::Interpolation::Flat;
        else {
          error(m_[args[0]].span,
                "the interpolation type must be perspective, linear or flat", "interpolation");
          ok = false;
          break;
        }
        if (args.size() == 2) {
          std::string_view sampling = identifierAttributeArgument(args[1]);
          if (sampling == "center") out.sampling = Attributes::Sampling::Center;
          else if (sampling == "centroid") out.sampling = Attributes::Sampling::Centroid;
          else if (sampling == "sample") out.sampling = Attributes::Sampling::Sample;
          else if (m_.revision().flatSampling && sampling == "first")
            out.sampling = Attributes::Sampling::First;
          else if (m_.revision().flatSampling && sampling == "either")
            out.sampling = Attributes::Sampling::Either;
          else {
            error(m_[args[1]].span,
                  m_.revision().flatSampling
                      ? "the interpolation sampling must be center, centroid, sample, first or "
                        "either"
                      : "the interpolation sampling must be center, centroid or sample",
                  "interpolation");
            ok = false;
            break;
          }
          bool flatSampling = out.sampling == Attributes::Sampling::First ||
                              out.sampling == Attributes::Sampling::Either;
          if (m_.revision().flatSampling) {
            // new#interpolation: flat takes first or either; perspective and linear take
            // center, centroid or sample.
            if ((out.interpolation == Attributes::Interpolation::Flat) != flatSampling) {
              error(m_[args[1]].span,
                    out.interpolation == Attributes::Interpolation::Flat
                        ? "flat interpolation takes the sampling first or either"
                        : "perspective and linear interpolation take the sampling center, "
                          "centroid or sample",
                    "interpolation");
              ok = false;
            }
          } else if (out.interpolation == Attributes::Interpolation::Flat) {
            // "If the interpolation type is flat, then interpolation sampling must not be
            // specified."
            error(m_[args[1]].span, "flat interpolation takes no sampling", "interpolation");
            ok = false;
          }
        }
        break;
      }
      case Attributes::SubgroupSize: {
        // new#subgroup-size-attr: "Must only be used when the subgroup_size_control extension
        // is enabled"; its argument is typed by the entry point check (checkSubgroupSize).
        bool enabled = false;
        for (std::string_view x : enabledExtensions_)
          enabled = enabled || x == "subgroup_size_control";
        if (!enabled) {
          error(attr.span,
                "@subgroup_size needs the extension 'subgroup_size_control' (enable "
                "subgroup_size_control;)",
                "extension-list");
          ok = false;
        } else if (args.size() != 1) {
          error(attr.span, "@subgroup_size takes exactly one argument", row->anchor);
          ok = false;
        }
        break;
      }
      case Attributes::WorkgroupSize:
        // The arguments are typed by the entry point check (checkWorkgroupSize).
        if (args.empty() || args.size() > 3) {
          error(attr.span, "@workgroup_size takes one, two or three arguments", row->anchor);
          ok = false;
        }
        break;
      default:  // invariant and the stage attributes take no parameters
        if (attr.hasParentheses) {
          error(attr.span, what + " takes no arguments", row->anchor);
          ok = false;
        }
        if (row->kind == Attributes::Vertex) out.stage = ShaderStage::Vertex;
        if (row->kind == Attributes::Fragment) out.stage = ShaderStage::Fragment;
        if (row->kind == Attributes::Compute) out.stage = ShaderStage::Compute;
        break;
    }
    if (ok) out.node[row->kind] = a;
  }
  // The pipeline stage attributes: "at most one may be present on a given function".
  int stages = out.has(Attributes::Vertex) + out.has(Attributes::Fragment) +
               out.has(Attributes::Compute);
  if (stages > 1) {
    AttributeId second = out.has(Attributes::Compute) ? out.node[Attributes::Compute]
                                                      : out.node[Attributes::Fragment];
    error(m_[second].span, "a function can be the entry point of only one shader stage",
          "pipeline-stage-attributes");
  }
  // @interpolate "must only be applied to a declaration that is decorated with a location
  // attribute".
  if (out.has(Attributes::Interpolate) && !out.has(Attributes::Location))
    error(m_[out.node[Attributes::Interpolate]].span,
          "@interpolate is only allowed together with @location", "attribute-interpolate");
  // @invariant "must only be applied to the position built-in value".
  if (out.has(Attributes::Invariant) && out.builtin != "position")
    error(m_[out.node[Attributes::Invariant]].span,
          "@invariant is only allowed on the position built-in value", "attribute-invariant");
  // new#blend-src-attr: "Must only be applied to a member of a structure type with a location
  // attribute".
  if (out.has(Attributes::BlendSrc) && !out.has(Attributes::Location))
    error(m_[out.node[Attributes::BlendSrc]].span,
          "@blend_src is only allowed together with @location", "blend-src-attr");
  return out;
}

}  // namespace plumb

namespace plumb {

// #attribute-workgroup_size: "Each parameter is either a literal or module-scope constant. All
// parameters must be of the same type, either i32 or u32. ... Each dimension must be at least
// 1." AbstractInt arguments take the type of the others (i32 when all are abstract), as a
// feasible automatic conversion would (docs/ambiguities.md).
void Checker::checkWorkgroupSize(const Attribute& attr, EntryPoint& entry) {
  const char* anchor = "attribute-workgroup_size";
  std::span<const ExpressionId> args = m_[attr.arguments];
  if (args.empty() || args.size() > 3) return;  // reported by checkAttributes
  std::vector<Operand> operands;
  Type common;
  bool ok = true;
  for (ExpressionId e : args) {
    const Expression& x = m_[e];
    bool literal = std::holds_alternative<LiteralExpression>(x.node);
    bool constant = false;
    // Revision 2026: any const- or override-expression (new#attribute-workgroup_size).
    if (std::holds_alternative<IdentifierExpression>(x.node)) {
      const Resolution& r = out_.identifiers[e.value];
      constant = r.kind == Resolution::ModuleDeclaration &&
                 (out_.declarations[r.index].kind == ModuleDeclaration::Const ||
                  out_.declarations[r.index].kind == ModuleDeclaration::Override);
      if (r.kind == Resolution::Unresolved) return;  // reported by the resolver
    }
    if (!literal && !constant && !m_.revision().attributeExpressions) {
      error(x.span,
            "a @workgroup_size argument must be a literal or the name of a module-scope "
            "constant (const or override)",
            anchor);
      ok = false;
      continue;
    }
    Operand o = operand(e);
    if (!o.type) return;
    TypeKind k = types_.kind(o.type);
    if (k != TypeKind::AbstractInt && k != TypeKind::I32 && k != TypeKind::U32) {
      error(x.span, "a @workgroup_size argument must be an i32 or u32, not " + typeName(o.type),
            anchor);
      ok = false;
      continue;
    }
    if (k != TypeKind::AbstractInt) {
      if (common && common != o.type) {
        error(x.span,
              "all @workgroup_size arguments must have the same type: this one is " +
                  typeName(o.type) + ", an earlier one " + typeName(common),
              anchor);
        ok = false;
        continue;
      }
      common = o.type;
    }
    operands.push_back(o);
  }
  if (!ok) return;
  if (!common) common = types_.i32();
  static const char* kAxis[] = {"x", "y", "z"};
  for (size_t i = 0; i < operands.size(); ++i) {
    WorkgroupDimension& d = entry.workgroupSize[i];
    d.expression = operands[i].expression;
    std::optional<Value> v = convertOperand(operands[i], common);
    if (!v) continue;  // not known yet (an override), or not representable (reported)
    int64_t n = v->intValue();
    if (n < 1) {
      error(operands[i].span,
            std::string("the workgroup size in ") + kAxis[i] + " must be at least 1, not " +
                std::to_string(n) +
                (operands[i].stage == EvaluationStage::Override ? " (at pipeline creation)" : ""),
            anchor);
      continue;
    }
    d.value = static_cast<uint64_t>(n);
  }
  for (size_t i = operands.size(); i < 3; ++i) entry.workgroupSize[i].value = 1;
}

// new#subgroup-size-attr: the parameter "must be a const-expression or an override-expression
// that resolves to an i32 or u32"; "If the value is not a power of two, then: It is a
// shader-creation error if the expression is a const-expression. It is a pipeline-creation
// error if the expression is an override-expression." "A pipeline-creation error results if
// the x-dimension of the entry point's workgroup_size is not a multiple of the subgroup_size
// value." (The device's subgroupMinSize and subgroupMaxSize bounds are the API's, not the
// module's: plumb run --subgroup-min-size/--subgroup-max-size.)
void Checker::checkSubgroupSize(const Attribute& attr, EntryPoint& entry) {
  const char* anchor = "subgroup-size-attr";
  std::span<const ExpressionId> args = m_[attr.arguments];
  if (args.size() != 1) return;  // reported by checkAttributes
  Operand o = operand(args[0]);
  if (!o.type) return;
  TypeKind k = types_.kind(o.type);
  if (k != TypeKind::AbstractInt && k != TypeKind::I32 && k != TypeKind::U32) {
    error(o.span, "@subgroup_size's argument must be an i32 or u32, not " + typeName(o.type),
          anchor);
    return;
  }
  if (o.stage == EvaluationStage::Runtime) {
    error(o.span, "@subgroup_size's argument must be a const-expression or an override-expression",
          anchor);
    return;
  }
  entry.subgroupSize.expression = o.expression;
  std::optional<Value> v = convertOperand(o, k == TypeKind::AbstractInt ? types_.i32() : o.type);
  if (!v) return;  // an override without a value yet
  bool atPipeline = o.stage == EvaluationStage::Override;
  const char* when = atPipeline ? " (at pipeline creation)" : "";
  int64_t n = v->intValue();
  if (n < 1 || !std::has_single_bit(static_cast<uint64_t>(n))) {
    error(o.span, "the subgroup size must be a power of two, not " + std::to_string(n) + when,
          anchor);
    return;
  }
  entry.subgroupSize.value = static_cast<uint64_t>(n);
  if (options_.pipelineCreation && entry.workgroupSize[0].value &&
      *entry.workgroupSize[0].value % static_cast<uint64_t>(n) != 0)
    error(o.span,
          "the workgroup size in x, " + std::to_string(*entry.workgroupSize[0].value) +
              ", is not a multiple of the subgroup size " + std::to_string(n) +
              " (at pipeline creation)",
          anchor);
}

// #override-decls: "Two override-declarations must not use the same pipeline constant ID."
void Checker::checkModuleAttributes() {
  std::unordered_map<uint32_t, AttributeId> ids;
  for (const ModuleDeclaration& d : out_.declarations) {
    if (d.kind != ModuleDeclaration::Override || !d.attributes.has(Attributes::Id)) continue;
    auto [it, fresh] = ids.emplace(d.attributes.id, d.attributes.node[Attributes::Id]);
    if (!fresh) {
      error(m_[d.attributes.node[Attributes::Id]].span,
            "pipeline constant ID " + std::to_string(d.attributes.id) +
                " is already used by another override",
            "override-decls");
      note(m_[it->second].span, "the other override's @id");
    }
  }
}

}  // namespace plumb
