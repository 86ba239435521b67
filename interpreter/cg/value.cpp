#include "interpreter/cg/value.h"

#include "interpreter/cg/texture.h"

namespace plumb::cg {

Component Component::undefinedLike() const {
  switch (kind) {
    case ComponentKind::Bool:
      return anyBool();
    case ComponentKind::Int:
      return ofInt(IntSet::any());
    case ComponentKind::Number:
      return ofNumber(model, NumberSet::any());
  }
  return *this;
}

bool Component::isUndefined() const {
  switch (kind) {
    case ComponentKind::Bool:
      return canFalse && canTrue;
    case ComponentKind::Int:
      return integer.undefined;
    case ComponentKind::Number:
      return number.undefined;
  }
  return false;
}

bool Component::operator==(const Component& o) const {
  if (kind != o.kind) return false;
  switch (kind) {
    case ComponentKind::Bool:
      return canFalse == o.canFalse && canTrue == o.canTrue;
    case ComponentKind::Int:
      return integer == o.integer;
    case ComponentKind::Number:
      return model == o.model && number == o.number;
  }
  return false;
}

std::string componentText(const Component& c) {
  switch (c.kind) {
    case ComponentKind::Bool:
      return c.canFalse && c.canTrue ? "undefined" : c.canTrue ? "true" : "false";
    case ComponentKind::Int:
      return c.integer.undefined ? "undefined" : std::to_string(c.integer.value);
    case ComponentKind::Number:
      return numberSetText(c.number);
  }
  return "?";
}

bool EvalValue::operator==(const EvalValue& o) const {
  return shape == o.shape && rows == o.rows && columns == o.columns && components == o.components &&
         elements == o.elements && typeName == o.typeName && texture == o.texture;
}

std::string valueText(const EvalValue& v) {
  std::string out;
  auto list = [&](auto begin, auto end, auto each) {
    for (auto it = begin; it != end; ++it) {
      if (it != begin) out += ", ";
      each(*it, it - begin);
    }
  };
  switch (v.shape) {
    case EvalValue::Shape::Void:
      if (v.texture) return v.typeName + "(" + v.texture->summary + ")";
      return v.type && v.typeName.rfind("sampler", 0) == 0 ? v.typeName + "(no texture)" : "void";
    case EvalValue::Shape::Scalar:
      return componentText(v.components[0]);
    case EvalValue::Shape::Vector:
    case EvalValue::Shape::Matrix:
      out = v.typeName + "(";
      list(v.components.begin(), v.components.end(),
           [&](const Component& c, long) { out += componentText(c); });
      return out + ")";
    case EvalValue::Shape::Array:
      out = "{";
      list(v.elements.begin(), v.elements.end(),
           [&](const EvalValue& e, long) { out += valueText(e); });
      return out + "}";
    case EvalValue::Shape::Struct:
      out = v.typeName + "{";
      list(v.elements.begin(), v.elements.end(), [&](const EvalValue& e, long i) {
        out += (static_cast<size_t>(i) < v.memberNames.size() ? v.memberNames[i] : "?") + ": " +
               valueText(e);
      });
      return out + "}";
  }
  return out;
}

}  // namespace plumb::cg
