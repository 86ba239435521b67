// Buffer views at run time: the window in a view's path, and a buffer's words read and written
// as the view's type (new#buffer-view-builtin-functions, new#internal-value-layout).
#include "interpreter/wgsl/buffer_views.h"

#include <algorithm>

#include "interpreter/wgsl/runtime_alternatives.h"
#include "interpreter/wgsl/runtime_operations.h"

namespace plumb::interp {

BufferWindow windowOf(const MemoryView& v) {
  BufferWindow w;
  if (!hasWindow(v)) return w;
  w.type = Type{v.path[1]};
  w.offset = v.path[2];
  w.bytes = v.path[3];
  w.limit = v.path[4];
  w.chosenCount = v.path[5];
  return w;
}

void setWindow(MemoryView& v, const BufferWindow& w) {
  uint32_t head[kWindowHead] = {kWindowMarker, w.type.id, w.offset,
                                w.bytes,       w.limit,   w.chosenCount};
  if (hasWindow(v)) {
    std::copy(head, head + kWindowHead, v.path.begin());
    return;
  }
  v.path.insert(v.path.begin(), head, head + kWindowHead);
  if (v.invalid) v.invalidAt += kWindowHead;
}

uint64_t bufferBytes(const TypeTable& types, const RValue& buffer) {
  const TypeNode& n = types[buffer.type];
  if (n.kind == TypeKind::Buffer && n.arrayCount == ArrayCount::Fixed) return n.count;
  return buffer.isComposite() ? buffer.components().size() * 4 : 0;
}

uint64_t viewAlignment(MemoryLayouts& layouts, const Revision& revision, Type t,
                       ast::AddressSpace space) {
  if (space == ast::AddressSpace::Uniform &&
      revision.isLanguageFeature("uniform_buffer_standard_layout"))
    space = ast::AddressSpace::Storage;
  return std::max<uint64_t>(1, layouts.requiredAlignOf(t, space));
}

uint64_t bufferLengthOf(const TypeTable& types, const RValue& buffer, const BufferWindow& w) {
  // new#bufferlength-builtin: "the minimum size of the buffer pointed to by p encountered
  // during the interprocedural analysis, or the size of the WebGPU GPUBuffer if only
  // runtime-sized buffers were encountered" (new#buffer-view-builtin-functions).
  uint64_t length = bufferBytes(types, buffer);
  return w.limit ? std::min<uint64_t>(length, w.limit) : length;
}

std::vector<uint64_t> arrayLengthsOfIndeterminateView(TypeTable& types, MemoryLayouts& layouts,
                                                      const Revision& revision,
                                                      const RValue& buffer, ast::AddressSpace space,
                                                      const BufferWindow& w) {
  if (!w.type) return {0};
  return countsOverIndeterminateOperands(bufferViewLayout(layouts, types, w.type),
                                         viewAlignment(layouts, revision, w.type, space),
                                         bufferLengthOf(types, buffer, w), w);
}

std::vector<uint64_t> countsOverIndeterminateOperands(const BufferViewLayout& layout,
                                                      uint64_t align, uint64_t length,
                                                      const BufferWindow& w) {
  std::vector<uint64_t> counts{0};  // the value makes an invalid view (M18: its count is 0)
  if (!layout.stride || layout.minTypeSize == 0) return counts;
  // StrideOf-rounded sizes (new#bufferarrayview-builtin: "roundDown(StrideOf(array<E>), size -
  // ArrayOffset(T)) + ArrayOffset(T) will be used for size"): the elements `size` bytes hold.
  auto countOf = [&](uint64_t size) {
    return size < layout.arrayOffset ? 0 : (size - layout.arrayOffset) / layout.stride;
  };
  bool anyOffset = w.offset == kIndeterminateOperand;
  if (w.bytes == 0) {
    // bufferView: "An invalid pointer is returned if MinTypeSize(T) + offset > bufferLength(p)";
    // a valid offset is used rounded down to `align`, and the view reaches the buffer's end.
    // Every aligned offset is one an operand value gives (itself).
    align = std::max<uint64_t>(align, 1);
    for (uint64_t o = 0; o + layout.minTypeSize <= length; o += align)
      counts.push_back(countOf(length - o));
  } else if (w.bytes == kIndeterminateOperand) {
    // bufferArrayView with any size: every size in [MinTypeSize, bufferLength(p) - offset] makes
    // a valid view ("MinTypeSize(T) > size", "offset + size > bufferLength(p)" are the invalid
    // ones), the smallest offset 0 when it is indeterminate too.
    uint64_t offset = anyOffset ? 0 : w.offset;
    if (offset <= length && length - offset >= layout.minTypeSize)
      for (uint64_t c = countOf(layout.minTypeSize); c <= countOf(length - offset); ++c)
        counts.push_back(c);
  } else if (w.bytes >= layout.minTypeSize && w.bytes <= length) {
    // bufferArrayView with a known size and any offset: offset 0 makes it valid.
    counts.push_back(countOf(w.bytes));
  }
  std::sort(counts.begin(), counts.end());
  counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
  return counts;
}

namespace {

uint64_t viewColumnStride(TypeTable& types, MemoryLayouts& layouts, Type matrix) {
  const TypeNode& n = types[matrix];
  const TypeLayout& l = layouts.of(types.vector(n.rows, n.element));
  uint64_t s = 0;
  roundUp(l.align, l.size, s);
  return s;
}

/// The word `w` read as a value of type `to` (a scalar of 4 bytes, or vec2<f16>): itself when
/// it was stored as that type, else its bits reinterpreted (new#bitcast-builtin's rules for
/// the same bits, the f16 halves of a word included; several patterns, as of a set of
/// integers: one value containing each, runtime_alternatives.h's merge; an indeterminate
/// word: any value).
RValue reinterpret(TypeTable& types, const RValue& w, Type to) {
  if (w.type == to) return w;
  if (w.isAny()) return anyValueOf(types, to);
  OperationResult r = bitcastValue(types, w, to);
  if (r.ok() && !r.alternatives.empty()) {
    RValue out = r.alternatives.size() == 1 ? std::move(r.alternatives[0]) : merge(r.alternatives);
    out.type = to;
    return out;
  }
  return anyValueOf(types, to);
}

struct Walker {
  TypeTable& types;
  MemoryLayouts& layouts;
  uint64_t end;

  /// Calls leaf(scalar type, byte offset, index path) for every scalar of t at `offset`.
  template <typename F>
  void scalars(Type t, uint64_t offset, const F& leaf) {
    const TypeNode& n = types[t];
    switch (n.kind) {
      case TypeKind::I32:
      case TypeKind::U32:
      case TypeKind::F32:
      case TypeKind::F16:
        leaf(t, offset);
        return;
      case TypeKind::Vector: {
        uint64_t size = layouts.of(n.element).size;
        for (uint32_t i = 0; i < n.size; ++i) scalars(n.element, offset + i * size, leaf);
        return;
      }
      case TypeKind::Matrix: {
        Type column = types.vector(n.rows, n.element);
        uint64_t stride = viewColumnStride(types, layouts, t);
        for (uint32_t i = 0; i < n.size; ++i) scalars(column, offset + i * stride, leaf);
        return;
      }
      case TypeKind::Array: {
        uint64_t stride = layouts.strideOf(t);
        uint64_t count = n.arrayCount == ArrayCount::Fixed
                             ? n.count
                             : runtimeArrayCount(layouts, t, offset, end);
        for (uint64_t i = 0; i < count; ++i) scalars(n.element, offset + i * stride, leaf);
        return;
      }
      case TypeKind::Struct: {
        auto members = layouts.members(t);
        const StructInfo& info = types.structInfo(t);
        for (size_t i = 0; i < info.members.size() && i < members.size(); ++i)
          scalars(info.members[i].type, offset + members[i].offset, leaf);
        return;
      }
      default:
        return;
    }
  }

  RValue read(const Components& words, Type t, uint64_t offset) {
    const TypeNode& n = types[t];
    switch (n.kind) {
      case TypeKind::I32:
      case TypeKind::U32:
      case TypeKind::F32: {
        if (offset / 4 >= words.size()) return anyValueOf(types, t);
        return reinterpret(types, words[offset / 4], t);
      }
      case TypeKind::F16: {
        if (offset / 4 >= words.size()) return anyValueOf(types, t);
        RValue halves = reinterpret(types, words[offset / 4], types.vector(2, t));
        if (!halves.isComposite()) return anyValueOf(types, t);
        RValue h = halves.components()[(offset % 4) / 2];
        h.type = t;
        return h;
      }
      case TypeKind::Vector: {
        Components parts;
        uint64_t size = layouts.of(n.element).size;
        for (uint32_t i = 0; i < n.size; ++i)
          parts.push_back(read(words, n.element, offset + i * size));
        return RValue{t, std::move(parts)};
      }
      case TypeKind::Matrix: {
        Components parts;
        Type column = types.vector(n.rows, n.element);
        uint64_t stride = viewColumnStride(types, layouts, t);
        for (uint32_t i = 0; i < n.size; ++i)
          parts.push_back(read(words, column, offset + i * stride));
        return RValue{t, std::move(parts)};
      }
      case TypeKind::Array: {
        uint64_t stride = layouts.strideOf(t);
        uint64_t count = n.arrayCount == ArrayCount::Fixed
                             ? n.count
                             : runtimeArrayCount(layouts, t, offset, end);
        Components parts;
        parts.reserve(count);
        for (uint64_t i = 0; i < count; ++i)
          parts.push_back(read(words, n.element, offset + i * stride));
        return RValue{t, std::move(parts)};
      }
      case TypeKind::Struct: {
        Components parts;
        auto members = layouts.members(t);
        const StructInfo& info = types.structInfo(t);
        for (size_t i = 0; i < info.members.size() && i < members.size(); ++i)
          parts.push_back(read(words, info.members[i].type, offset + members[i].offset));
        return RValue{t, std::move(parts)};
      }
      default:
        return anyValueOf(types, t);
    }
  }

  void write(Components& words, Type t, uint64_t offset, const RValue& v,
             std::vector<uint32_t>* touched) {
    const TypeNode& n = types[t];
    if (!v.isComposite() && (n.kind == TypeKind::Vector || n.kind == TypeKind::Matrix ||
                             n.kind == TypeKind::Array || n.kind == TypeKind::Struct)) {
      // An indeterminate composite: each of its scalars is.
      scalars(t, offset,
              [&](Type s, uint64_t o) { write(words, s, o, anyValueOf(types, s), touched); });
      return;
    }
    switch (n.kind) {
      case TypeKind::I32:
      case TypeKind::U32:
      case TypeKind::F32: {
        if (offset / 4 >= words.size()) return;
        RValue w = v;
        w.type = t;
        words[offset / 4] = std::move(w);
        if (touched) touched->push_back(static_cast<uint32_t>(offset / 4));
        return;
      }
      case TypeKind::F16: {
        if (offset / 4 >= words.size()) return;
        Type pair = types.vector(2, t);
        RValue halves = reinterpret(types, words[offset / 4], pair);
        if (!halves.isComposite()) halves = anyValueOf(types, pair);
        RValue h = v;
        h.type = t;
        halves.components()[(offset % 4) / 2] = std::move(h);
        halves.type = pair;
        words[offset / 4] = std::move(halves);
        if (touched) touched->push_back(static_cast<uint32_t>(offset / 4));
        return;
      }
      case TypeKind::Vector: {
        uint64_t size = layouts.of(n.element).size;
        const Components& parts = v.components();
        for (size_t i = 0; i < parts.size(); ++i)
          write(words, n.element, offset + i * size, parts[i], touched);
        return;
      }
      case TypeKind::Matrix: {
        Type column = types.vector(n.rows, n.element);
        uint64_t stride = viewColumnStride(types, layouts, t);
        const Components& parts = v.components();
        for (size_t i = 0; i < parts.size(); ++i)
          write(words, column, offset + i * stride, parts[i], touched);
        return;
      }
      case TypeKind::Array: {
        uint64_t stride = layouts.strideOf(t);
        const Components& parts = v.components();
        for (size_t i = 0; i < parts.size(); ++i)
          write(words, n.element, offset + i * stride, parts[i], touched);
        return;
      }
      case TypeKind::Struct: {
        auto members = layouts.members(t);
        const StructInfo& info = types.structInfo(t);
        const Components& parts = v.components();
        for (size_t i = 0; i < parts.size() && i < info.members.size() && i < members.size(); ++i)
          write(words, info.members[i].type, offset + members[i].offset, parts[i], touched);
        return;
      }
      default:
        return;
    }
  }
};

}  // namespace

uint64_t runtimeArrayCount(MemoryLayouts& layouts, Type array, uint64_t offset, uint64_t end) {
  uint64_t stride = layouts.strideOf(array);
  return stride == 0 || end <= offset ? 0 : (end - offset) / stride;
}

std::optional<ViewPlace> placeInView(TypeTable& types, MemoryLayouts& layouts, Type t,
                                     uint64_t offset, uint64_t end,
                                     std::span<const uint32_t> path) {
  for (uint32_t k : path) {
    const TypeNode& n = types[t];
    switch (n.kind) {
      case TypeKind::Struct: {
        auto members = layouts.members(t);
        if (k >= members.size()) return std::nullopt;
        offset += members[k].offset;
        t = types.structInfo(t).members[k].type;
        break;
      }
      case TypeKind::Array: {
        uint64_t count = n.arrayCount == ArrayCount::Fixed
                             ? n.count
                             : runtimeArrayCount(layouts, t, offset, end);
        if (k >= count) return std::nullopt;
        offset += k * layouts.strideOf(t);
        t = n.element;
        break;
      }
      case TypeKind::Vector: {
        if (k >= n.size) return std::nullopt;
        offset += k * layouts.of(n.element).size;
        t = n.element;
        break;
      }
      case TypeKind::Matrix: {
        if (k >= n.size) return std::nullopt;
        offset += k * viewColumnStride(types, layouts, t);
        t = types.vector(n.rows, n.element);
        break;
      }
      default:
        return std::nullopt;
    }
  }
  return ViewPlace{t, offset};
}

RValue readView(TypeTable& types, MemoryLayouts& layouts, const RValue& buffer, Type t,
                uint64_t offset, uint64_t end) {
  Walker w{types, layouts, end};
  static const Components kNone;
  return w.read(buffer.isComposite() ? buffer.components() : kNone, t, offset);
}

void writeView(TypeTable& types, MemoryLayouts& layouts, RValue& buffer, Type t, uint64_t offset,
               uint64_t end, const RValue& v, std::vector<uint32_t>* touched) {
  if (!buffer.isComposite()) return;
  Walker w{types, layouts, end};
  w.write(buffer.components(), t, offset, v, touched);
}

std::vector<WordPart> partsCovered(TypeTable& types, MemoryLayouts& layouts, Type t,
                                   uint64_t offset, uint64_t end) {
  std::vector<WordPart> out;
  Walker w{types, layouts, end};
  w.scalars(t, offset, [&](Type s, uint64_t o) {
    WordPart p{static_cast<uint32_t>(o / 4), -1};
    if (types.kind(s) == TypeKind::F16) p.half = static_cast<int>((o % 4) / 2);
    out.push_back(p);
  });
  return out;
}

void splitIntoHalves(TypeTable& types, RValue& buffer, uint32_t word) {
  if (!buffer.isComposite() || word >= buffer.components().size()) return;
  RValue& w = buffer.components()[word];
  if (w.isComposite()) return;  // already its halves
  Type pair = types.vector(2, types.f16());
  RValue halves = reinterpret(types, w, pair);
  if (!halves.isComposite()) halves = anyValueOf(types, pair);
  halves.type = pair;
  w = std::move(halves);
}

std::vector<uint32_t> wordsCovered(TypeTable& types, MemoryLayouts& layouts, Type t,
                                   uint64_t offset, uint64_t end) {
  std::vector<uint32_t> out;
  Walker w{types, layouts, end};
  w.scalars(t, offset, [&](Type, uint64_t o) {
    uint32_t i = static_cast<uint32_t>(o / 4);
    if (out.empty() || out.back() != i) out.push_back(i);
  });
  return out;
}

}  // namespace plumb::interp
