// The static rules of the buffer_view built-in functions (revision 2026,
// new#buffer-view-builtin-functions): bufferView<T>, bufferArrayView<T> and bufferLength. Their
// rows (semantics/wgsl/builtin_function_table_2026.cpp) match the pointer argument; the rules that
// depend on the template type T, on the buffer's size N and on const or override operands are
// here, and the result ptr<AS, T, AM> of the views is given by this file.
#include "checker/wgsl/checker_impl.h"

namespace plumb {

using namespace ast;

namespace {

bool containsAtomicOrBuffer(const TypeTable& types, Type t) {
  const TypeNode& n = types[t];
  if (n.kind == TypeKind::Atomic || n.kind == TypeKind::Buffer) return true;
  if (n.kind == TypeKind::Array) return containsAtomicOrBuffer(types, n.element);
  if (n.kind == TypeKind::Struct)
    for (const MemberInfo& m : types.structInfo(t).members)
      if (containsAtomicOrBuffer(types, m.type)) return true;
  return false;
}

}  // namespace

bool isBufferViewBuiltin(std::string_view name) {
  return name == "bufferView" || name == "bufferArrayView" || name == "bufferLength";
}

ExpressionInfo Checker::typeBufferViewCall(ExpressionId id, const Selection& s,
                                           const std::vector<Operand>& operands, Span span) {
  std::string_view fname = s.overload->row->name;
  const char* rule = fname == "bufferView"        ? "bufferview-builtin"
                     : fname == "bufferArrayView" ? "bufferarrayview-builtin"
                                                  : "bufferlength-builtin";
  if (!m_.revision().bufferView) {
    error(span, std::string(fname) + " needs the buffer_view language feature (revision 2026)",
          rule);
    return ExpressionInfo{};
  }
  Type pointer = loadType(operands[0].type);
  const TypeNode pn = types_[pointer];
  Type buffer = pn.element;
  if (!isBuffer(types_, buffer)) {
    error(operands[0].span,
          std::string(fname) + " needs a pointer to a buffer (buffer<N> or buffer), not " +
              typeName(pointer),
          rule);
    return ExpressionInfo{};
  }
  auto templateIt = m_.callTemplates.find(id.value);
  if (fname == "bufferLength") {
    if (templateIt != m_.callTemplates.end()) {
      error(span, "bufferLength takes no template list", rule);
      return ExpressionInfo{};
    }
    return applyOverload(s, operands, span);
  }
  if (templateIt == m_.callTemplates.end()) {
    error(span,
          std::string(fname) + " needs the type it views as a template list (" +
              std::string(fname) + "<T>(...))",
          rule);
    return ExpressionInfo{};
  }
  Span typeSpan = m_[templateIt->second].span;
  Type t = resolveTypeDecl(templateIt->second);
  if (!t) return ExpressionInfo{};
  bool arrayView = fname == "bufferArrayView";
  // Preconditions: "T is a host-shareable type" (bufferArrayView: "without a fixed
  // footprint"); "T must not be or contain an atomic or buffer type"; "T must satisfy the
  // address space layout constraints for AS".
  if (!isHostShareable(types_, t) || !isConcrete(types_, t) || isBuffer(types_, t)) {
    error(typeSpan,
          std::string(fname) + " views memory as a host-shareable type, not " + typeName(t), rule);
    return ExpressionInfo{};
  }
  if (arrayView && hasFixedFootprint(types_, t)) {
    error(typeSpan,
          "bufferArrayView views a type without a fixed footprint (a runtime-sized array, or a "
          "structure ending in one), not " +
              typeName(t),
          rule);
    return ExpressionInfo{};
  }
  if (containsAtomicOrBuffer(types_, t)) {
    error(typeSpan,
          std::string(fname) + " cannot view memory as " + typeName(t) +
              ", which is or contains an atomic type",
          rule);
    return ExpressionInfo{};
  }
  size_t errorsBefore = diagnostics_.errorCount();
  checkLayoutConstraints(t, pn.space, typeSpan, [&] {
    note(operands[0].span, "required because the buffer is in the " +
                               std::string(spelling(pn.space)) + " address space");
  });
  if (diagnostics_.errorCount() != errorsBefore) return ExpressionInfo{};

  MemoryLayouts& layouts = out_.layouts;
  BufferViewLayout view = bufferViewLayout(layouts, types_, t);
  // new#address-space-layout-constraints, with uniform_buffer_standard_layout (which revision
  // 2026 supports) RequiredAlignOf(T, uniform) is that of storage (the note of each overload).
  AddressSpace layoutSpace = pn.space;
  if (layoutSpace == AddressSpace::Uniform &&
      m_.revision().isLanguageFeature("uniform_buffer_standard_layout"))
    layoutSpace = AddressSpace::Storage;
  uint64_t align = layouts.requiredAlignOf(t, layoutSpace);
  const TypeNode& bn = types_[buffer];
  bool sized = bn.arrayCount != ArrayCount::Runtime;
  bool sizeConst = bn.arrayCount == ArrayCount::Fixed;
  uint64_t n = sizeConst ? bn.count : 0;

  // A const operand's value, or an override operand's when pipeline creation knows it.
  struct Known {
    std::optional<int64_t> value;
    bool atPipeline = false;  // the value is an override-expression's
  };
  auto known = [&](const Operand& o) -> Known {
    if (o.stage == EvaluationStage::Runtime || !o.value || !o.value->has_value()) return {};
    return Known{(*o.value)->intValue(), o.stage == EvaluationStage::Override};
  };
  // An error that a const operand decides at shader creation, or an override operand at
  // pipeline creation (new#pipeline-creation-error: held back for the pipeline's shader).
  bool failed = false;
  auto report = [&](bool atPipeline, Span where, const std::string& message) {
    OverrideEvaluation evaluation(*this, atPipeline);
    error(where, (atPipeline ? "pipeline creation: " : "") + message, rule);
    failed = true;
  };
  Known offset = known(operands[1]);
  // "If I is i32: it is a shader-creation error if offset is a const-expression < 0, a
  // pipeline-creation error if an override-expression < 0".
  if (offset.value && *offset.value < 0) {
    report(offset.atPipeline, operands[1].span,
           "the offset of " + std::string(fname) + " is negative (" +
               std::to_string(*offset.value) + ")");
    return ExpressionInfo{};
  }
  // "If offset % RequiredAlignOf(T, AS) != 0": an error when const or override.
  if (offset.value && static_cast<uint64_t>(*offset.value) % align != 0)
    report(offset.atPipeline, operands[1].span,
           "the offset " + std::to_string(*offset.value) +
               " is not a multiple of RequiredAlignOf(" + typeName(t) + ", " +
               std::string(spelling(pn.space)) + ") = " + std::to_string(align));
  std::string minText = "MinTypeSize(" + typeName(t) + ") = " + std::to_string(view.minTypeSize);
  if (!arrayView) {
    if (sizeConst) {
      // Sized: "It is a shader-creation error if MinTypeSize(T) > N"; "if offset is a
      // const-expression" (an override-expression: pipeline-creation) and MinTypeSize(T) +
      // offset > N.
      if (view.minTypeSize > n) {
        report(false, typeSpan,
               minText + " is more than the buffer's " + std::to_string(n) + " bytes");
      } else if (offset.value && view.minTypeSize + static_cast<uint64_t>(*offset.value) > n) {
        report(offset.atPipeline, operands[1].span,
               minText + " at offset " + std::to_string(*offset.value) +
                   " ends past the buffer's " + std::to_string(n) + " bytes");
      }
    }
  } else {
    Known size = known(operands[2]);
    if (size.value && *size.value < 0) {
      report(size.atPipeline, operands[2].span,
             "the size of bufferArrayView is negative (" + std::to_string(*size.value) + ")");
      return ExpressionInfo{};
    }
    // "An invalid memory reference is returned if MinTypeSize(T) > size": an error when size
    // is const or override.
    if (size.value && view.minTypeSize > static_cast<uint64_t>(*size.value))
      report(size.atPipeline, operands[2].span,
             minText + " is more than the view's size " + std::to_string(*size.value));
    // "If (size - ArrayOffset(T)) % StrideOf(array<E>) != 0": an error when const or override.
    if (size.value && !failed && view.stride &&
        (static_cast<uint64_t>(*size.value) - view.arrayOffset) % view.stride != 0)
      report(size.atPipeline, operands[2].span,
             "the size " + std::to_string(*size.value) + " less ArrayOffset(" + typeName(t) +
                 ") = " + std::to_string(view.arrayOffset) + " is not a multiple of the stride " +
                 std::to_string(view.stride));
    if (sizeConst) {
      // Sized: "offset + size > N" with either const (0 for one that is not).
      if ((offset.value || size.value) && !failed) {
        uint64_t end = static_cast<uint64_t>(offset.value.value_or(0)) +
                       static_cast<uint64_t>(size.value.value_or(0));
        if (end > n)
          report(offset.atPipeline || size.atPipeline, span,
                 "the view [offset, offset + size) = [" + std::to_string(offset.value.value_or(0)) +
                     ", " + std::to_string(end) + ") ends past the buffer's " + std::to_string(n) +
                     " bytes");
      }
      // "If MinTypeSize(T) > N: a shader-creation error if N is a const-expression".
      if (view.minTypeSize > n)
        report(false, typeSpan,
               minText + " is more than the buffer's " + std::to_string(n) + " bytes");
    }
  }
  (void)sized;
  if (failed) return ExpressionInfo{};
  ExpressionInfo info = applyOverload(s, operands, span);
  if (!info.type) return info;
  // The result: ptr<AS, T, AM>, "the access mode of the original pointer".
  info.type = types_.pointer(pn.space, t, pn.access);
  info.value.reset();
  info.stage = EvaluationStage::Runtime;
  return info;
}

}  // namespace plumb
