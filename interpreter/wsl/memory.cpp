// WSL memory (see memory.h).
#include "interpreter/wsl/memory.h"

namespace plumb::wsl {

std::string eventText(const MemoryEvent& e) {
  switch (e.kind) {
    case MemoryEvent::Kind::Barrier:
      return "fence " + e.barrier;
    case MemoryEvent::Kind::ReadModifyWrite:
      return std::to_string(e.address) + " -> " + valueText(e.read) + " <- " + valueText(e.value);
    default:
      return std::string(e.atomic ? "atomic " : "") + std::to_string(e.address) +
             (e.kind == MemoryEvent::Kind::Store ? " <- " : " -> ") + valueText(e.value);
  }
}

Value Memory::load(const CheckedProgram& p, const TypeP& t, Address a) const {
  if (t->kind == Type::Kind::Atomic) return load(p, t->element, a);  // holds its base type's value
  if (t->kind == Type::Kind::Array || t->kind == Type::Kind::Vector ||
      t->kind == Type::Kind::Matrix) {
    Value v;
    v.kind = Value::Kind::Aggregate;
    v.type = t;
    uint32_t stride = sizeOf(p, *t->element);
    for (uint32_t i = 0; i < t->size; ++i)
      v.elements.push_back(load(p, t->element, a + Address(i) * stride));
    return v;
  }
  if (t->kind == Type::Kind::Struct) {
    Value v;
    v.kind = Value::Kind::Aggregate;
    v.type = t;
    for (const auto& f : p.structs[size_t(t->declaration)].fields)
      v.elements.push_back(load(p, f.type, a + f.offset));
    return v;
  }
  auto it = cells_.find(a);
  if (it == cells_.end() || !sameType(it->second.type, t)) return Value::makeUnspecified(t);
  return it->second;
}

void Memory::store(const CheckedProgram& p, const Value& v, Address a) {
  if (v.kind == Value::Kind::Aggregate) {
    if (v.type->kind == Type::Kind::Array || v.type->kind == Type::Kind::Vector ||
        v.type->kind == Type::Kind::Matrix) {
      uint32_t stride = sizeOf(p, *v.type->element);
      for (size_t i = 0; i < v.elements.size(); ++i)
        store(p, v.elements[i], a + Address(i) * stride);
    } else {
      const auto& fields = p.structs[size_t(v.type->declaration)].fields;
      for (size_t i = 0; i < v.elements.size() && i < fields.size(); ++i)
        store(p, v.elements[i], a + fields[i].offset);
    }
    return;
  }
  cells_[a] = v;
}

}  // namespace plumb::wsl
