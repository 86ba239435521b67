// Sizes, alignments and default values (seed "Annotations for execution": "The size of primitive
// types, pointers and array references is implementation defined"; structs follow C, padding
// included). Plumb's choices: bool, uchar and char 1 byte, short, ushort and half 2, int, uint and
// float 4, pointers 8, array references 16 (address and bound).
#include <algorithm>

#include "checker/wsl/checked_program.h"

namespace plumb::wsl {

uint32_t alignmentOf(const CheckedProgram& p, const Type& t) {
  switch (t.kind) {
    case Type::Kind::Array:
    case Type::Kind::Vector:
    case Type::Kind::Matrix:
    case Type::Kind::Atomic:
      return alignmentOf(p, *t.element);
    case Type::Kind::Struct: {
      uint32_t a = 1;
      if (t.declaration >= 0 && size_t(t.declaration) < p.structs.size())
        for (const auto& f : p.structs[size_t(t.declaration)].fields)
          a = std::max(a, alignmentOf(p, *f.type));
      return a;
    }
    case Type::Kind::ArrayRef:
      return 8;
    default:
      return std::max<uint32_t>(1, sizeOf(p, t));
  }
}

uint32_t sizeOf(const CheckedProgram& p, const Type& t) {
  switch (t.kind) {
    case Type::Kind::Void:
      return 0;
    case Type::Kind::Bool:
    case Type::Kind::Uchar:
    case Type::Kind::Char:
      return 1;
    case Type::Kind::Short:
    case Type::Kind::Ushort:
    case Type::Kind::Half:
      return 2;
    case Type::Kind::Int:
    case Type::Kind::Uint:
    case Type::Kind::Float:
      return 4;
    case Type::Kind::Enum:
      if (t.declaration >= 0 && size_t(t.declaration) < p.enums.size())
        return sizeOf(p, *p.enums[size_t(t.declaration)].base);
      return 4;
    case Type::Kind::Atomic:
      return sizeOf(p, *t.element);
    case Type::Kind::Pointer:
    case Type::Kind::Texture:  // opaque: the index of the run's texture or sampler
    case Type::Kind::Sampler:
      return 8;
    case Type::Kind::ArrayRef:
      return 16;
    case Type::Kind::Array:
    case Type::Kind::Vector:
    case Type::Kind::Matrix: {
      uint64_t s = uint64_t(sizeOf(p, *t.element)) * t.size;
      return s > 0x7FFFFFFFu ? 0x7FFFFFFFu : uint32_t(s);
    }
    case Type::Kind::Struct: {
      if (t.declaration < 0 || size_t(t.declaration) >= p.structs.size()) return 0;
      const StructInfo& s = p.structs[size_t(t.declaration)];
      if (s.fields.empty()) return 1;
      const auto& last = s.fields.back();
      uint32_t end = last.offset + sizeOf(p, *last.type);
      uint32_t a = alignmentOf(p, t);
      return (end + a - 1) / a * a;
    }
  }
  return 0;
}

Value defaultValue(const CheckedProgram& p, const TypeP& t) {
  switch (t->kind) {
    case Type::Kind::Bool:
      return Value::makeBool(false);
    case Type::Kind::Int:
      return Value::makeInt(0);
    case Type::Kind::Uint:
      return Value::makeUint(0);
    case Type::Kind::Uchar:
    case Type::Kind::Char:
    case Type::Kind::Short:
    case Type::Kind::Ushort:
      return Value::makeInteger(t, 0);
    case Type::Kind::Float:
      return Value::makeFloat(0.0f);
    case Type::Kind::Half:
      return Value::makeHalf(0.0f);
    case Type::Kind::Enum:
      return Value::makeEnum(t, 0);  // the element whose value is 0
    case Type::Kind::Atomic:
      return defaultValue(p, t->element);  // an atomic cell holds its base type's value
    case Type::Kind::Array:
    case Type::Kind::Vector:
    case Type::Kind::Matrix: {
      Value v;
      v.kind = Value::Kind::Aggregate;
      v.type = t;
      Value e = defaultValue(p, t->element);
      v.elements.assign(t->size, e);
      return v;
    }
    case Type::Kind::Struct: {
      Value v;
      v.kind = Value::Kind::Aggregate;
      v.type = t;
      if (t->declaration >= 0 && size_t(t->declaration) < p.structs.size())
        for (const auto& f : p.structs[size_t(t->declaration)].fields)
          v.elements.push_back(defaultValue(p, f.type));
      return v;
    }
    default:
      return Value::makeUnspecified(t);  // pointers and references have no default
  }
}

std::vector<int> CheckedProgram::lookup(const std::string& name) const {
  auto it = functionSets.find(name);
  return it == functionSets.end() ? std::vector<int>{} : it->second;
}

}  // namespace plumb::wsl
