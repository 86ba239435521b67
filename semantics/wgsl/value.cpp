#include "semantics/wgsl/value.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace plumb {

std::string hexFloat(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  if (d == 0) return std::signbit(d) ? "-0x0p+0" : "0x0p+0";
  // Normalized even for subnormals: 0x1.8p-1074 rather than 0x0.0000000000001p-1022.
  int e;
  double m = std::frexp(std::fabs(d), &e);  // |d| = m * 2^e, 0.5 <= m < 1
  uint64_t bits = static_cast<uint64_t>(std::ldexp(m, 53));  // 53 significant bits, top set
  uint64_t fraction = bits & ((uint64_t(1) << 52) - 1);
  std::string digits;
  for (int shift = 48; shift >= 0 && fraction; shift -= 4) {
    digits += "0123456789abcdef"[(fraction >> shift) & 0xF];
    fraction &= (uint64_t(1) << shift) - 1;
  }
  std::string out = d < 0 ? "-0x1" : "0x1";
  if (!digits.empty()) out += "." + digits;
  out += "p" + std::string(e - 1 >= 0 ? "+" : "") + std::to_string(e - 1);
  return out;
}

// The shortest decimal that reads back to the same value of the type (1 to 17 digits).
static std::string shortestDecimal(double d, TypeKind kind) {
  char buf[64];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, d);
    double back = std::strtod(buf, nullptr);
    if (kind == TypeKind::F32 ? static_cast<float>(back) == static_cast<float>(d) : back == d) break;
    if (kind == TypeKind::F16 && std::fabs(back - d) <= std::ldexp(std::fabs(d), -13)) {
      // f16 has 11 significant bits: a decimal within a quarter ulp reads back to d.
      break;
    }
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

namespace {

// Appends v's text to out; stops (returning false) once out is longer than maxLength.
bool appendValue(const TypeTable& types, const Value& v, std::string& out, size_t maxLength) {
  switch (types.kind(v.type)) {
    case TypeKind::Bool: out += v.boolValue() ? "true" : "false"; break;
    case TypeKind::AbstractInt: out += std::to_string(v.intValue()); break;
    case TypeKind::I32: out += std::to_string(v.intValue()) + "i"; break;
    case TypeKind::U32: out += std::to_string(v.intValue()) + "u"; break;
    case TypeKind::AbstractFloat:
      out += shortestDecimal(v.floatValue(), TypeKind::AbstractFloat);
      break;
    case TypeKind::F32: out += shortestDecimal(v.floatValue(), TypeKind::F32) + "f"; break;
    case TypeKind::F16: out += shortestDecimal(v.floatValue(), TypeKind::F16) + "h"; break;
    default:
      if (!v.isComposite()) {
        out += "?";
        break;
      }
      out += types.name(v.type) + "(";
      bool first = true;
      for (const Value& e : v.elements()) {
        if (!first) out += ", ";
        first = false;
        if (out.size() > maxLength || !appendValue(types, e, out, maxLength)) return false;
      }
      out += ")";
  }
  return out.size() <= maxLength;
}

}  // namespace

std::string formatValue(const TypeTable& types, const Value& v, size_t maxLength) {
  std::string out;
  // A creation-time value may be far larger written out than in memory (its elements are
  // shared): the text stops after maxLength characters.
  if (!appendValue(types, v, out, maxLength)) out += "…";
  return out;
}

}  // namespace plumb
