// Buffers as the host sees them (#memory-layouts, #internal-value-layout).
#include "interpreter/wgsl/host_buffer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>

#include "checker/float_rounding.h"
#include "semantics/json_text.h"

namespace plumb::interp {

namespace {

uint32_t readU32(const std::vector<uint8_t>& b, uint64_t o) {
  return uint32_t(b[o]) | uint32_t(b[o + 1]) << 8 | uint32_t(b[o + 2]) << 16 |
         uint32_t(b[o + 3]) << 24;
}
uint16_t readU16(const std::vector<uint8_t>& b, uint64_t o) {
  return static_cast<uint16_t>(b[o] | b[o + 1] << 8);
}
void writeU32(std::vector<uint8_t>& b, uint64_t o, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[o + i] = static_cast<uint8_t>(v >> (8 * i));
}
void writeU16(std::vector<uint8_t>& b, uint64_t o, uint16_t v) {
  b[o] = static_cast<uint8_t>(v);
  b[o + 1] = static_cast<uint8_t>(v >> 8);
}

/// Column stride of a matrix, array stride of an array (#memory-layouts).
uint64_t columnStride(TypeTable& types, MemoryLayouts& layouts, Type matrix) {
  const TypeNode& n = types[matrix];
  Type column = types.vector(n.rows, n.element);
  const TypeLayout& l = layouts.of(column);
  uint64_t s = 0;
  roundUp(l.align, l.size, s);
  return s;
}

struct Reader {
  TypeTable& types;
  MemoryLayouts& layouts;
  const std::vector<uint8_t>& bytes;
  std::string& error;

  std::optional<RValue> read(Type t, uint64_t offset) {
    const TypeNode& n = types[t];
    switch (n.kind) {
      case TypeKind::I32:
        return RValue{t, int64_t(int32_t(readU32(bytes, offset)))};
      case TypeKind::U32:
        return RValue{t, int64_t(readU32(bytes, offset))};
      case TypeKind::F32:
        return RValue{t, FloatSet::exact(f32FromBits(readU32(bytes, offset)))};
      case TypeKind::F16:
        return RValue{t, FloatSet::exact(f16FromBits(readU16(bytes, offset)))};
      case TypeKind::Atomic: {
        std::optional<RValue> v = read(n.element, offset);
        if (v) v->type = t;
        return v;
      }
      case TypeKind::Vector: {
        Components parts;
        uint64_t size = layouts.of(n.element).size;
        for (uint32_t i = 0; i < n.size; ++i) {
          auto c = read(n.element, offset + i * size);
          if (!c) return std::nullopt;
          parts.push_back(std::move(*c));
        }
        return RValue{t, std::move(parts)};
      }
      case TypeKind::Matrix: {
        Components parts;
        Type column = types.vector(n.rows, n.element);
        uint64_t stride = columnStride(types, layouts, t);
        for (uint32_t i = 0; i < n.size; ++i) {
          auto c = read(column, offset + i * stride);
          if (!c) return std::nullopt;
          parts.push_back(std::move(*c));
        }
        return RValue{t, std::move(parts)};
      }
      case TypeKind::Array: {
        uint64_t stride = layouts.strideOf(t);
        uint64_t count = n.count;
        if (n.arrayCount == ArrayCount::Runtime)
          count = stride == 0 ? 0 : (bytes.size() - std::min<uint64_t>(offset, bytes.size())) / stride;
        Components parts;
        parts.reserve(count);
        for (uint64_t i = 0; i < count; ++i) {
          auto c = read(n.element, offset + i * stride);
          if (!c) return std::nullopt;
          parts.push_back(std::move(*c));
        }
        return RValue{t, std::move(parts)};
      }
      case TypeKind::Struct: {
        Components parts;
        auto members = layouts.members(t);
        const StructInfo& info = types.structInfo(t);
        for (size_t i = 0; i < info.members.size(); ++i) {
          auto c = read(info.members[i].type, offset + members[i].offset);
          if (!c) return std::nullopt;
          parts.push_back(std::move(*c));
        }
        return RValue{t, std::move(parts)};
      }
      case TypeKind::Buffer: {
        // new#buffer-types (revision 2026): opaque bytes, held as the 32-bit words they are
        // made of (u32 until a view stores another type there; interpreter/wgsl/buffer_views.h).
        uint64_t size = n.arrayCount == ArrayCount::Fixed ? n.count : bytes.size() - offset;
        Components words;
        words.reserve((size + 3) / 4);
        for (uint64_t o = 0; o < size; o += 4) {
          uint32_t w = 0;
          for (uint64_t b = 0; b < 4 && offset + o + b < bytes.size(); ++b)
            w |= uint32_t(bytes[offset + o + b]) << (8 * b);
          words.push_back(RValue{types.u32(), int64_t(w)});
        }
        return RValue{t, std::move(words)};
      }
      default:
        error = "type " + types.name(t) + " cannot be held by a buffer";
        return std::nullopt;
    }
  }
};

std::optional<double> jsonFloat(const nlohmann::json& j) {
  if (j.is_number()) return j.get<double>();
  if (!j.is_string()) return std::nullopt;
  std::string s = j.get<std::string>();
  if (s == "inf" || s == "+inf" || s == "Infinity") return INFINITY;
  if (s == "-inf" || s == "-Infinity") return -INFINITY;
  if (s == "nan" || s == "NaN") return NAN;
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end) return std::nullopt;
  return d;
}

std::optional<int64_t> jsonInteger(const nlohmann::json& j) {
  if (j.is_number_integer()) return j.get<int64_t>();
  if (j.is_number_unsigned()) return static_cast<int64_t>(j.get<uint64_t>());
  if (j.is_string()) {
    std::string s = j.get<std::string>();
    char* end = nullptr;
    long long v = std::strtoll(s.c_str(), &end, 0);
    if (end == s.c_str() || *end) return std::nullopt;
    return v;
  }
  return std::nullopt;
}

struct Writer {
  TypeTable& types;
  MemoryLayouts& layouts;
  std::vector<uint8_t>& bytes;
  std::string& error;

  bool fail(const std::string& path, const std::string& why) {
    error = (path.empty() ? std::string("the value") : path) + ": " + why;
    return false;
  }

  bool write(Type t, const nlohmann::json& j, uint64_t offset, const std::string& path) {
    const TypeNode& n = types[t];
    switch (n.kind) {
      case TypeKind::I32:
      case TypeKind::U32: {
        auto v = jsonInteger(j);
        bool i32 = n.kind == TypeKind::I32;
        if (!v || (i32 ? (*v < INT32_MIN || *v > INT32_MAX) : (*v < 0 || *v > UINT32_MAX)))
          return fail(path, "expected " + types.name(t) + ", got " + j.dump());
        writeU32(bytes, offset, static_cast<uint32_t>(*v));
        return true;
      }
      case TypeKind::F32: {
        auto v = jsonFloat(j);
        if (!v) return fail(path, "expected f32, got " + j.dump());
        if (std::isfinite(*v) && roundToF32(*v) != *v)
          return fail(path, j.dump() + " is not an f32 value (write it exactly, e.g. as a hexadecimal float)");
        writeU32(bytes, offset, f32Bits(static_cast<float>(*v)));
        return true;
      }
      case TypeKind::F16: {
        auto v = jsonFloat(j);
        if (!v) return fail(path, "expected f16, got " + j.dump());
        if (std::isfinite(*v) && roundToF16(*v) != *v) return fail(path, j.dump() + " is not an f16 value");
        writeU16(bytes, offset, f16Bits(*v));
        return true;
      }
      case TypeKind::Atomic: return write(n.element, j, offset, path);
      case TypeKind::Vector:
      case TypeKind::Matrix: {
        if (!j.is_array() || j.size() != n.size)
          return fail(path, "expected an array of " + std::to_string(n.size) + " for " + types.name(t));
        Type e = n.kind == TypeKind::Vector ? n.element : types.vector(n.rows, n.element);
        uint64_t step = n.kind == TypeKind::Vector ? layouts.of(n.element).size
                                                   : columnStride(types, layouts, t);
        for (uint32_t i = 0; i < n.size; ++i)
          if (!write(e, j[i], offset + i * step, path + "[" + std::to_string(i) + "]")) return false;
        return true;
      }
      case TypeKind::Array: {
        if (!j.is_array()) return fail(path, "expected an array for " + types.name(t));
        if (n.arrayCount != ArrayCount::Runtime && j.size() != n.count)
          return fail(path, "expected " + std::to_string(n.count) + " elements for " + types.name(t) +
                                ", got " + std::to_string(j.size()));
        uint64_t stride = layouts.strideOf(t);
        if (n.arrayCount == ArrayCount::Runtime && bytes.size() < offset + j.size() * stride)
          bytes.resize(offset + j.size() * stride, 0);
        for (size_t i = 0; i < j.size(); ++i)
          if (!write(n.element, j[i], offset + i * stride, path + "[" + std::to_string(i) + "]"))
            return false;
        return true;
      }
      case TypeKind::Struct: {
        const StructInfo& info = types.structInfo(t);
        if (!j.is_object()) return fail(path, "expected an object for structure " + info.name);
        auto members = layouts.members(t);
        for (auto it = j.begin(); it != j.end(); ++it) {
          bool found = false;
          for (const MemberInfo& m : info.members) found = found || m.name == it.key();
          if (!found) return fail(path, "structure " + info.name + " has no member '" + it.key() + "'");
        }
        for (size_t i = 0; i < info.members.size(); ++i) {
          const MemberInfo& m = info.members[i];
          std::string sub = path.empty() ? m.name : path + "." + m.name;
          if (!j.contains(m.name)) return fail(sub, "missing member");
          if (!write(m.type, j[m.name], offset + members[i].offset, sub)) return false;
        }
        return true;
      }
      default: return fail(path, "type " + types.name(t) + " cannot be held by a buffer");
    }
  }
};

struct WordWriter {
  TypeTable& types;
  MemoryLayouts& layouts;
  std::vector<WordValue>& words;

  void half(uint64_t offset, WordValue h) {
    WordValue& w = words[offset / 4];
    if (w.kind != WordValue::Halves) {
      WordValue lo, hi;
      if (w.kind == WordValue::Exact) {
        lo.bits = w.bits & 0xFFFF;
        hi.bits = w.bits >> 16;
      } else {
        lo.kind = hi.kind = WordValue::Any;
      }
      w = WordValue{};
      w.kind = WordValue::Halves;
      w.halves = {lo, hi};
    }
    w.halves[(offset % 4) / 2] = std::move(h);
  }

  void write(Type t, const RValue& v, uint64_t offset) {
    const TypeNode& n = types[t];
    switch (n.kind) {
      case TypeKind::I32:
      case TypeKind::U32:
      case TypeKind::F32:
        if (offset / 4 < words.size()) words[offset / 4] = scalarWord(types, v);
        return;
      case TypeKind::F16:
        if (offset / 4 < words.size()) half(offset, scalarWord(types, v));
        return;
      case TypeKind::Atomic: {
        RValue inner = v;
        inner.type = n.element;
        write(n.element, inner, offset);
        return;
      }
      default: break;
    }
    if (!v.isComposite()) {
      // An indeterminate composite: every word it covers is any value.
      uint64_t size = layouts.of(t).size;
      for (uint64_t o = offset; o < offset + size && o / 4 < words.size(); o += 4)
        words[o / 4].kind = WordValue::Any;
      return;
    }
    const Components& parts = v.components();
    switch (n.kind) {
      case TypeKind::Vector: {
        uint64_t size = layouts.of(n.element).size;
        for (size_t i = 0; i < parts.size(); ++i) write(n.element, parts[i], offset + i * size);
        return;
      }
      case TypeKind::Matrix: {
        uint64_t stride = columnStride(types, layouts, t);
        Type column = types.vector(n.rows, n.element);
        for (size_t i = 0; i < parts.size(); ++i) write(column, parts[i], offset + i * stride);
        return;
      }
      case TypeKind::Array: {
        uint64_t stride = layouts.strideOf(t);
        for (size_t i = 0; i < parts.size(); ++i) write(n.element, parts[i], offset + i * stride);
        return;
      }
      case TypeKind::Struct: {
        auto members = layouts.members(t);
        const StructInfo& info = types.structInfo(t);
        for (size_t i = 0; i < parts.size() && i < info.members.size(); ++i)
          write(info.members[i].type, parts[i], offset + members[i].offset);
        return;
      }
      case TypeKind::Buffer:
        // Each word as the type a view last stored there (u32, i32, f32, or two f16).
        for (size_t i = 0; i < parts.size(); ++i) write(parts[i].type, parts[i], offset + i * 4);
        return;
      default: return;
    }
  }
};

std::string hexBits(uint32_t bits, int digits) {
  // As printf's "0x%0*x" (lower-case digits, at least `digits` of them), without printf: a
  // report holds one per word (README "Performance").
  static const char kHex[] = "0123456789abcdef";
  char buf[10];
  int n = 0;
  do {
    buf[9 - n++] = kHex[bits & 0xF];
    bits >>= 4;
  } while (bits);
  while (n < digits && n < 8) buf[9 - n++] = '0';
  std::string out = "0x";
  out.append(buf + 10 - n, n);
  return out;
}

nlohmann::json wordJsonOf(const WordValue& w, bool half) {
  switch (w.kind) {
    case WordValue::Exact: {
      nlohmann::json j = nlohmann::json::object();  // built in place (a list would be copied)
      j["exact"] = hexBits(w.bits, half ? 4 : 8);
      return j;
    }
    case WordValue::Any: return {{"any", true}};
    case WordValue::Interval: {
      uint32_t lo = half ? f16Bits(w.lo) : f32Bits(static_cast<float>(w.lo));
      uint32_t hi = half ? f16Bits(w.hi) : f32Bits(static_cast<float>(w.hi));
      return {{"interval", {hexBits(lo, half ? 4 : 8), hexBits(hi, half ? 4 : 8)}},
              {"range", {w.lo, w.hi}},
              {"type", half ? "f16" : "f32"}};
    }
    case WordValue::Halves:
      return {{"f16", {wordJsonOf(w.halves[0], true), wordJsonOf(w.halves[1], true)}}};
    case WordValue::Set: {
      nlohmann::json set = nlohmann::json::array();
      for (uint32_t b : w.set) set.push_back(hexBits(b, half ? 4 : 8));
      return {{"set", set}};
    }
  }
  return nullptr;
}

nlohmann::json merged(const std::vector<const WordValue*>& ws, bool half) {
  bool allEqual = true;
  for (const WordValue* w : ws) allEqual = allEqual && *w == *ws[0];
  if (ws.empty()) return {{"any", true}};
  if (allEqual) return wordJsonOf(*ws[0], half);
  bool anyAny = false, allExact = true, anyHalves = false;
  for (const WordValue* w : ws) {
    anyAny = anyAny || w->kind == WordValue::Any;
    allExact = allExact && (w->kind == WordValue::Exact || w->kind == WordValue::Set);
    anyHalves = anyHalves || w->kind == WordValue::Halves;
  }
  if (anyAny) return {{"any", true}};
  if (allExact) {
    std::set<uint32_t> bits;
    for (const WordValue* w : ws) {
      if (w->kind == WordValue::Set) bits.insert(w->set.begin(), w->set.end());
      else bits.insert(w->bits);
    }
    nlohmann::json set = nlohmann::json::array();
    for (uint32_t b : bits) set.push_back(hexBits(b, half ? 4 : 8));
    return {{"set", set}};
  }
  if (anyHalves) {
    std::vector<WordValue> expanded[2];
    for (const WordValue* w : ws) {
      for (int h = 0; h < 2; ++h) {
        if (w->kind == WordValue::Halves) {
          expanded[h].push_back(w->halves[h]);
        } else {
          WordValue e;
          e.kind = w->kind == WordValue::Exact ? WordValue::Exact : WordValue::Any;
          e.bits = h == 0 ? (w->bits & 0xFFFF) : (w->bits >> 16);
          expanded[h].push_back(e);
        }
      }
    }
    nlohmann::json halves = nlohmann::json::array();
    for (int h = 0; h < 2; ++h) {
      std::vector<const WordValue*> ptrs;
      for (const WordValue& e : expanded[h]) ptrs.push_back(&e);
      halves.push_back(merged(ptrs, true));
    }
    return {{"f16", halves}};
  }
  // Exact words and intervals: the smallest interval holding them all, as floats.
  double lo = INFINITY, hi = -INFINITY;
  for (const WordValue* w : ws) {
    double a, b;
    if (w->kind == WordValue::Exact) {
      a = b = half ? f16FromBits(static_cast<uint16_t>(w->bits)) : f32FromBits(w->bits);
      if (!std::isfinite(a)) return {{"any", true}};
    } else if (w->kind == WordValue::Set) {
      a = INFINITY;
      b = -INFINITY;
      for (uint32_t bits : w->set) {
        double x = half ? f16FromBits(static_cast<uint16_t>(bits)) : f32FromBits(bits);
        if (!std::isfinite(x)) return {{"any", true}};
        a = std::min(a, x);
        b = std::max(b, x);
      }
    } else {
      a = w->lo;
      b = w->hi;
    }
    lo = std::min(lo, a);
    hi = std::max(hi, b);
  }
  WordValue u;
  u.kind = WordValue::Interval;
  u.lo = lo;
  u.hi = hi;
  return wordJsonOf(u, half);
}

}  // namespace

WordValue scalarWord(TypeTable& types, const RValue& v) {
  WordValue w;
  if (v.isAny()) {
    w.kind = WordValue::Any;
    return w;
  }
  if (std::holds_alternative<int64_t>(v.data)) {
    w.bits = static_cast<uint32_t>(v.intValue());
    return w;
  }
  if (const IntegerSet* set = std::get_if<IntegerSet>(&v.data)) {
    // One of several integers, not yet chosen (M13): each one's bits.
    w.kind = WordValue::Set;
    for (int64_t x : set->values) w.set.push_back(static_cast<uint32_t>(x));
    std::sort(w.set.begin(), w.set.end());
    w.set.erase(std::unique(w.set.begin(), w.set.end()), w.set.end());
    return w;
  }
  if (std::holds_alternative<FloatSet>(v.data)) {
    const FloatSet& f = v.floatSet();
    bool half = types.kind(v.type) == TypeKind::F16;
    if (f.any) {
      w.kind = WordValue::Any;
    } else if (f.isExact() && f.lo == 0) {
      // A FloatSet does not track the sign of a zero ("implementations may ignore the sign of
      // a zero", #floating-point-evaluation; docs/ambiguities.md R10): either encoding.
      w.kind = WordValue::Set;
      w.set = half ? std::vector<uint32_t>{0x0000u, 0x8000u}
                   : std::vector<uint32_t>{0x00000000u, 0x80000000u};
    } else if (f.isExact()) {
      w.bits = half ? f16Bits(f.lo) : f32Bits(static_cast<float>(f.lo));
    } else {
      w.kind = WordValue::Interval;
      w.lo = f.lo;
      w.hi = f.hi;
    }
    return w;
  }
  w.kind = WordValue::Any;  // bool cannot be in a buffer; be safe
  return w;
}

std::optional<RValue> valueFromBytes(TypeTable& types, MemoryLayouts& layouts, Type t,
                                     const std::vector<uint8_t>& bytes, std::string& error) {
  const TypeLayout& l = layouts.of(t);
  if (!l.defined || l.overflow) {
    error = "type " + types.name(t) + " has no host-shareable layout";
    return std::nullopt;
  }
  if (bytes.size() < l.size) {
    error = "the buffer has " + std::to_string(bytes.size()) + " bytes; " + types.name(t) +
            " needs at least " + std::to_string(l.size);
    return std::nullopt;
  }
  Reader r{types, layouts, bytes, error};
  return r.read(t, 0);
}

std::optional<std::vector<uint8_t>> bytesFromJson(TypeTable& types, MemoryLayouts& layouts,
                                                  Type t, const nlohmann::json& value,
                                                  std::string& error) {
  const TypeLayout& l = layouts.of(t);
  if (!l.defined || l.overflow) {
    error = "type " + types.name(t) + " has no host-shareable layout";
    return std::nullopt;
  }
  std::vector<uint8_t> bytes(l.size, 0);
  Writer w{types, layouts, bytes, error};
  if (!w.write(t, value, 0, "")) return std::nullopt;
  // A structure ending in a runtime-sized array is padded to its alignment.
  uint64_t total = bytes.size();
  if (roundUp(l.align, total, total)) bytes.resize(total, 0);
  return bytes;
}

std::vector<WordValue> wordsOf(TypeTable& types, MemoryLayouts& layouts, Type t, const RValue& v,
                               const std::vector<uint8_t>& initial) {
  std::vector<uint8_t> padded = initial;
  padded.resize((initial.size() + 3) / 4 * 4, 0);
  std::vector<WordValue> words(padded.size() / 4);
  for (size_t i = 0; i < words.size(); ++i) words[i].bits = readU32(padded, i * 4);
  WordWriter w{types, layouts, words};
  w.write(t, v, 0);
  return words;
}

nlohmann::json mergedWordJson(const std::vector<const WordValue*>& outcomes) {
  return merged(outcomes, false);
}

nlohmann::json wordJson(const WordValue& w) { return wordJsonOf(w, false); }

void appendWordJsonText(std::string& out, const WordValue& w, int indent, int level) {
  if (w.kind != WordValue::Exact) {
    appendJsonText(out, wordJson(w), indent, level);
    return;
  }
  // {"exact": "0x........"}, pretty-printed as nlohmann writes it, in one append (a report
  // holds one per word and outcome: README "Performance").
  static constexpr char kHexDigits[] = "0123456789abcdef";
  static constexpr std::string_view kExact = "\"exact\": \"0x";
  size_t inner = static_cast<size_t>(level + indent), outer = static_cast<size_t>(level);
  size_t at = out.size();
  out.resize(at + 2 + inner + kExact.size() + 8 + 2 + outer + 1);
  char* p = out.data() + at;
  *p++ = '{';
  *p++ = '\n';
  p = std::fill_n(p, inner, ' ');
  p = std::copy(kExact.begin(), kExact.end(), p);
  for (int shift = 28; shift >= 0; shift -= 4) *p++ = kHexDigits[(w.bits >> shift) & 0xF];
  *p++ = '"';
  *p++ = '\n';
  p = std::fill_n(p, outer, ' ');
  *p = '}';
}

}  // namespace plumb::interp
