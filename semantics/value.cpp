#include "semantics/value.h"

#include <cmath>
#include <cstdio>

namespace plumb {

std::string hexFloat(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", d);
  return buf;
}

// The shortest decimal that reads back to the same double (tried from 1 to 17 digits).
static std::string shortestDecimal(double d) {
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, d);
    if (std::strtod(buf, nullptr) == d) break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

std::string formatValue(const TypeTable& types, const Value& v) {
  switch (types.kind(v.type)) {
    case TypeKind::Bool: return v.boolValue() ? "true" : "false";
    case TypeKind::AbstractInt: return std::to_string(v.intValue());
    case TypeKind::I32: return std::to_string(v.intValue()) + "i";
    case TypeKind::U32: return std::to_string(v.intValue()) + "u";
    case TypeKind::AbstractFloat: return shortestDecimal(v.floatValue());
    case TypeKind::F32: return shortestDecimal(v.floatValue()) + "f";
    case TypeKind::F16: return shortestDecimal(v.floatValue()) + "h";
    default: break;
  }
  if (!std::holds_alternative<std::vector<Value>>(v.data)) return "?";
  std::string out = types.name(v.type) + "(";
  bool first = true;
  for (const Value& e : v.elements()) {
    if (!first) out += ", ";
    first = false;
    out += formatValue(types, e);
  }
  return out + ")";
}

}  // namespace plumb
