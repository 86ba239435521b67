// Values a person can read (readable_values.h).
#include "interpreter/wgsl/readable_values.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "checker/float_rounding.h"

namespace plumb::interp {

namespace {

const char* kComponents[] = {".x", ".y", ".z", ".w"};

void walk(TypeTable& types, MemoryLayouts& layouts, Type t, uint64_t base, const std::string& path,
          uint64_t bytes, size_t limit, std::vector<ScalarSlot>& out) {
  if (out.size() >= limit || base >= bytes) return;
  const TypeNode& n = types[t];
  switch (n.kind) {
    case TypeKind::I32:
      out.push_back({base, path, 'i'});
      return;
    case TypeKind::U32:
      out.push_back({base, path, 'u'});
      return;
    case TypeKind::F32:
      out.push_back({base, path, 'f'});
      return;
    case TypeKind::F16:
      out.push_back({base, path, 'h'});
      return;
    case TypeKind::Atomic:
      walk(types, layouts, n.element, base, path, bytes, limit, out);
      return;
    case TypeKind::Vector: {
      // #memory-layouts: components are packed at the component's size.
      uint64_t size = types.kind(n.element) == TypeKind::F16 ? 2 : 4;
      for (uint32_t k = 0; k < n.size; ++k)
        walk(types, layouts, n.element, base + k * size, path + kComponents[k], bytes, limit, out);
      return;
    }
    case TypeKind::Matrix: {
      // Column c of matCxR<T> is at c × AlignOf(vecR<T>) = c × AlignOf(matCxR<T>).
      uint64_t stride = layouts.of(t).align;
      uint64_t size = types.kind(n.element) == TypeKind::F16 ? 2 : 4;
      for (uint32_t c = 0; c < n.size; ++c)
        for (uint32_t r = 0; r < n.rows; ++r)
          walk(types, layouts, n.element, base + c * stride + r * size,
               path + "[" + std::to_string(c) + "][" + std::to_string(r) + "]", bytes, limit, out);
      return;
    }
    case TypeKind::Array: {
      uint64_t stride = layouts.strideOf(t);
      if (stride == 0) return;
      uint64_t count = n.arrayCount == ArrayCount::Fixed ? n.count : (bytes - base) / stride;
      for (uint64_t k = 0; k < count && out.size() < limit; ++k)
        walk(types, layouts, n.element, base + k * stride, path + "[" + std::to_string(k) + "]",
             bytes, limit, out);
      return;
    }
    case TypeKind::Struct: {
      const StructInfo& s = types.structInfo(t);
      auto members = layouts.members(t);
      for (size_t m = 0; m < s.members.size() && m < members.size(); ++m)
        walk(types, layouts, s.members[m].type, base + members[m].offset,
             path + "." + s.members[m].name, bytes, limit, out);
      return;
    }
    default:
      return;  // not host-shareable: never in a buffer
  }
}

/// Shortest decimal that reads back as the same float (`1.5`, `0.1`, `1e+20`).
std::string shortest(double v, bool half) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  char buf[64];
  auto r = half ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(v))
                : std::to_chars(buf, buf + sizeof buf, static_cast<float>(v));
  std::string s(buf, r.ptr);
  if (half) {
    // f16 has about 3.3 decimal digits: the shortest of the precisions 1..5 that reads back.
    for (int p = 1; p <= 5; ++p) {
      std::snprintf(buf, sizeof buf, "%.*g", p, v);
      double back = std::strtod(buf, nullptr);
      if (static_cast<uint16_t>(f16Bits(back)) == static_cast<uint16_t>(f16Bits(v))) {
        s = buf;
        break;
      }
    }
  }
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

double halfValue(uint32_t bits) {
  return f16FromBits(static_cast<uint16_t>(bits));
}

uint32_t hexValue(const nlohmann::json& s) {
  return static_cast<uint32_t>(std::stoul(s.get<std::string>(), nullptr, 16));
}

}  // namespace

std::vector<ScalarSlot> scalarSlots(TypeTable& types, MemoryLayouts& layouts, Type t,
                                    const std::string& root, uint64_t bytes, size_t limit) {
  std::vector<ScalarSlot> out;
  walk(types, layouts, t, 0, root, bytes, limit, out);
  return out;
}

std::string scalarText(uint32_t bits, char kind) {
  switch (kind) {
    case 'i':
      return std::to_string(static_cast<int32_t>(bits)) + "i";
    case 'u':
      return std::to_string(bits) + "u";
    case 'f': {
      double v = std::bit_cast<float>(bits);
      return shortest(v, false) + (std::isfinite(v) ? "f" : "");
    }
    case 'h': {
      double v = halfValue(bits & 0xffff);
      return shortest(v, true) + (std::isfinite(v) ? "h" : "");
    }
  }
  return std::to_string(bits);
}

std::string readableScalar(const nlohmann::json& word, char kind, unsigned half) {
  // An f16 of a word: the word's own half when it holds two (`f16`), else its bits' half.
  if (word.contains("f16")) {
    if (kind == 'h') return readableScalar(word["f16"][half], 'h', 0);
    return "any";
  }
  unsigned shift = kind == 'h' ? 16 * half : 0;
  if (word.contains("exact")) return scalarText(hexValue(word["exact"]) >> shift, kind);
  if (word.contains("set")) {
    std::string s = "{";
    for (size_t i = 0; i < word["set"].size(); ++i)
      s += (i ? ", " : "") + scalarText(hexValue(word["set"][i]) >> shift, kind);
    return s + "}";
  }
  if (word.contains("interval") && word.contains("range")) {
    char suffix = kind == 'h' ? 'h' : 'f';
    bool h = word.value("type", "f32") == "f16";
    return "[" + shortest(word["range"][0].get<double>(), h) + suffix + ", " +
           shortest(word["range"][1].get<double>(), h) + suffix + "]";
  }
  return "any";
}

}  // namespace plumb::interp
