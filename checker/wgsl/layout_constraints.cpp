// The layout rules that can reject a program: @size must cover the member's type
// (#structure-member-layout), and the address-space layout constraints of uniform and storage
// buffers (#address-space-layout-constraints), checked on each buffer's store type.
#include <functional>

#include "checker/wgsl/checker_impl.h"

namespace plumb {

using namespace ast;

// "If a structure member is decorated with the size attribute, the value must be at least as
// large as the size of the member's type: SizeOfMember(S, i) ≥ SizeOf(T)."
void Checker::checkMemberSizes(Type structure) {
  const StructInfo& info = types_.structInfo(structure);
  for (const MemberInfo& m : info.members) {
    if (!m.size || !m.declaration) continue;
    Span span = m_[out_.memberAttributes[m.declaration.value].node[Attributes::Size]].span;
    const TypeLayout& l = out_.layouts.of(m.type);
    // SizeOf is defined for host-shareable types only; a member of another type (bool) keeps
    // its @size unchecked (docs/ambiguities.md).
    if (!l.defined) continue;
    if (l.runtimeStride) {
      error(span,
            "@size cannot be applied to a runtime-sized array: its size depends on the buffer "
            "bound to it",
            "attribute-size");
    } else if (!l.overflow && m.size < l.size) {
      error(span,
            "@size(" + std::to_string(m.size) + ") is smaller than SizeOf(" + typeName(m.type) +
                ") = " + std::to_string(l.size),
            "attribute-size");
    }
  }
}

void Checker::checkLayoutConstraints(Type store, AddressSpace declared,
                                     const VariableDeclaration& v) {
  checkLayoutConstraints(store, declared, v.type ? m_[v.type].span : v.nameSpan, [&] {
    note(v.nameSpan, "required because '" + std::string(name(v.name)) + "' is in the " +
                         std::string(spelling(declared)) + " address space");
  });
}

void Checker::checkLayoutConstraints(Type store, AddressSpace declared, Span typeSpan,
                                     const std::function<void()>& because) {
  const char* rule = "address-space-layout-constraints";
  std::string spaceName(spelling(declared));
  // new#address-space-layout-constraints: where the uniform_buffer_standard_layout language
  // feature is supported, RequiredAlignOf(S, uniform) is that of the other address spaces and
  // the two uniform-only rules (16-byte array strides, roundUp(16, SizeOf(S)) after a structure
  // member) do not apply; the seed has the uniform rules only.
  AddressSpace space = declared;
  if (space == AddressSpace::Uniform &&
      m_.revision().isLanguageFeature("uniform_buffer_standard_layout"))
    space = AddressSpace::Storage;
  MemoryLayouts& layouts = out_.layouts;
  auto required = [&](Type t) {
    return "RequiredAlignOf(" + typeName(t) + ", " + spaceName + ") = " +
           std::to_string(layouts.requiredAlignOf(t, space));
  };
  // "All structure and array types directly or indirectly referenced by a variable must obey
  // the constraints of the variable's address space." Each (type, space) is checked once.
  std::function<void(Type)> walk = [&](Type t) {
    uint64_t key = (uint64_t(t.id) << 3) | uint64_t(space);
    const TypeNode& n = types_[t];
    if (n.kind != TypeKind::Array && n.kind != TypeKind::Struct) return;
    if (!layoutChecked_.insert(key).second) return;
    const TypeLayout& l = layouts.of(t);
    if (!l.defined) return;  // not host-shareable: reported by the address space rules
    if (l.overflow) {
      error(typeSpan,
            "the byte-size of " + typeName(t) +
                " does not fit in 64 bits (Plumb's limit on memory layouts)",
            "memory-layouts");
      because();
      return;
    }
    if (n.kind == TypeKind::Array) {
      // "Arrays of element type T must have an element stride that is a multiple of the
      // RequiredAlignOf(T, C)"; the uniform space also "requires that array elements are
      // aligned to 16 byte boundaries".
      uint64_t stride = layouts.strideOf(t);
      uint64_t req = layouts.requiredAlignOf(n.element, space);
      if (stride % req != 0) {
        error(typeSpan,
              typeName(t) + " has element stride " + std::to_string(stride) +
                  ", which is not a multiple of " + required(n.element),
              rule);
        because();
      } else if (space == AddressSpace::Uniform && stride % 16 != 0) {
        error(typeSpan,
              typeName(t) + " has element stride " + std::to_string(stride) +
                  ": in the uniform address space the stride must be a multiple of 16",
              rule);
        because();
      }
      walk(n.element);
      return;
    }
    const StructInfo& info = types_.structInfo(t);
    std::span<const MemberLayout> members = layouts.members(t);
    for (size_t i = 0; i < info.members.size(); ++i) {
      const MemberInfo& m = info.members[i];
      Span memberSpan = m.declaration ? m_[m.declaration].span : typeSpan;
      uint64_t req = layouts.requiredAlignOf(m.type, space);
      // "Structure members of type T must have a byte offset from the start of the structure
      // that is a multiple of the RequiredAlignOf(T, C)" (k ≥ 0: the first member is at 0,
      // docs/ambiguities.md).
      if (members[i].offset % req != 0) {
        error(memberSpan,
              "member '" + m.name + "' of " + info.name + " is at offset " +
                  std::to_string(members[i].offset) + ", which is not a multiple of " +
                  required(m.type),
              rule);
        because();
      }
      // #attribute-align: "n must satisfy n = k × RequiredAlignOf(T, C)".
      if (m.align && m.align % req != 0 && m.declaration) {
        error(m_[out_.memberAttributes[m.declaration.value].node[Attributes::Align]].span,
              "@align(" + std::to_string(m.align) + ") on '" + m.name +
                  "' is not a multiple of " + required(m.type),
              "attribute-align");
        because();
      }
      // "If a structure member itself has a structure type S, then the number of bytes
      // between the start of that member and the start of any following member must be at
      // least roundUp(16, SizeOf(S))."
      if (space == AddressSpace::Uniform && types_.kind(m.type) == TypeKind::Struct &&
          i + 1 < info.members.size()) {
        uint64_t need = 0;
        roundUp(16, layouts.of(m.type).size, need);
        uint64_t gap = members[i + 1].offset - members[i].offset;
        if (gap < need) {
          const MemberInfo& next = info.members[i + 1];
          error(next.declaration ? m_[next.declaration].span : typeSpan,
                "member '" + next.name + "' of " + info.name + " starts " + std::to_string(gap) +
                    " bytes after '" + m.name + "', which has structure type " +
                    typeName(m.type) + ": the uniform address space needs at least roundUp(16, " +
                    "SizeOf(" + typeName(m.type) + ")) = " + std::to_string(need),
                rule);
          because();
        }
      }
      walk(m.type);
    }
  };
  walk(store);
}

}  // namespace plumb
