// Revision 2026, buffer_view (new#buffer-view-builtin-functions): bufferView, bufferArrayView
// and bufferLength, and the loads and stores of a buffer variable's bytes through a view
// (interpreter/wgsl/buffer_views.h holds the representation).
#include <algorithm>

#include "interpreter/wgsl/buffer_views.h"
#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/races.h"

namespace plumb::interp {

using namespace plumb::ast;

StepResult Machine::bufferViewBuiltin(Invocation& inv, const Task& t, const Overload& o,
                                      std::vector<RValue>& args) {
  std::string_view name = o.row->name;
  const MemoryView& p = args[0].view();
  const Allocation* a = spaces(inv).find(p.allocation);
  if (!a) return Stop::internal("a buffer view of a resource without a binding");
  BufferWindow w = windowOf(p);
  // The originating variable's size, or the smallest fixed-size buffer parameter the pointer
  // went through (new#bufferlength-builtin).
  uint64_t length = bufferLengthOf(types_, a->value, w);
  if (name == "bufferLength") {
    inv.values.push_back(RValue{types_.u32(), static_cast<int64_t>(length)});
    return RuleId::BufferLengthBuiltin;
  }
  MemoryLayouts& layouts = program_.checked.layouts;
  Type result = typeOf(t.node);
  Type viewType = types_[result].element;
  BufferViewLayout vl = bufferViewLayout(layouts, types_, viewType);
  uint64_t align = viewAlignment(layouts, program_.module.revision(), viewType, a->space);
  // "If I is i32 ... Otherwise, an indeterminate value for I may be used": a negative
  // run-time offset or size is any value of its type, which may make any view or an invalid
  // one. Plumb gives the view an invalid pointer then, whose loads are any value and whose
  // stores may write any of the buffer's words or nothing: a set that holds every view's loads
  // and stores. Its head keeps the operands (kIndeterminateOperand for the indeterminate ones),
  // so that arrayLength can give every count such a view can have (docs/ambiguities.md M18).
  bool invalid = false;
  auto operand = [&](const RValue& x, bool& indeterminate) -> uint64_t {
    if (!std::holds_alternative<int64_t>(x.data) || x.intValue() < 0) {
      indeterminate = true;
      return 0;
    }
    return static_cast<uint64_t>(x.intValue());
  };
  bool anyOffset = false;
  uint64_t offset = operand(args[1], anyOffset);
  BufferWindow view;
  view.type = viewType;
  view.limit = w.limit;
  auto rawOperand = [](bool indeterminate, uint64_t v) {
    return indeterminate ? kIndeterminateOperand
                         : static_cast<uint32_t>(std::min<uint64_t>(v, UINT32_MAX));
  };
  if (name == "bufferView") {
    // "An invalid pointer is returned if MinTypeSize(T) + offset > bufferLength(p)."
    invalid = anyOffset || vl.minTypeSize + offset > length;
    // "A value of offset & ~(RequiredAlignOf(T, AS) - 1) will be used for offset."
    offset &= ~(align - 1);
    view.offset = static_cast<uint32_t>(std::min<uint64_t>(offset, UINT32_MAX));
    view.bytes = static_cast<uint32_t>(offset <= length ? length - offset : 0);
    if (anyOffset) {
      view.offset = kIndeterminateOperand;
      view.bytes = 0;  // to the buffer's end
    }
  } else {
    bool anySize = false;
    uint64_t size = operand(args[2], anySize);
    // "An invalid memory reference is returned if MinTypeSize(T) > size", "if offset + size >
    // bufferLength(p)" (N for a fixed-size buffer: no more than bufferLength).
    bool tooSmall = !anySize && vl.minTypeSize > size;
    invalid = anyOffset || anySize || tooSmall || offset + size > length;
    uint64_t rawSize = size;
    uint64_t rawOffset = offset;
    offset &= ~(align - 1);
    // "A value of roundDown(StrideOf(array<E>), size - ArrayOffset(T)) + ArrayOffset(T) will
    // be used for size."
    if (vl.stride && size >= vl.arrayOffset)
      size = (size - vl.arrayOffset) / vl.stride * vl.stride + vl.arrayOffset;
    view.offset = static_cast<uint32_t>(std::min<uint64_t>(offset, UINT32_MAX));
    view.bytes = static_cast<uint32_t>(std::min<uint64_t>(size, UINT32_MAX));
    if ((anyOffset || anySize) && !tooSmall) {
      view.offset = rawOperand(anyOffset, rawOffset);
      view.bytes = rawOperand(anySize, rawSize);
    }
  }
  MemoryView out{p.allocation, {}, false, 0};
  setWindow(out, view);
  if (invalid) {
    // new#invalid-memory-reference: "calling a bufferView or bufferArrayView built-in function
    // when the memory view of the resulting pointer would otherwise include memory locations
    // outside the bounds of the memory view of buffer pointer argument".
    out.invalid = true;
    out.invalidAt = static_cast<uint32_t>(out.path.size());
  }
  inv.values.push_back(RValue{result, std::move(out)});
  return name == "bufferView" ? RuleId::BufferViewBuiltin : RuleId::BufferArrayViewBuiltin;
}

uint64_t Machine::viewArrayCount(Invocation& inv, const MemoryView& v, Type array) {
  const Allocation* a = spaces(inv).find(v.allocation);
  BufferWindow w = windowOf(v);
  if (!a || v.invalid || !w.type) return 0;
  MemoryLayouts& layouts = program_.checked.layouts;
  uint64_t end = uint64_t(w.offset) + w.bytes;
  std::optional<ViewPlace> place =
      placeInView(types_, layouts, w.type, w.offset, end, pathInView(v));
  return place ? runtimeArrayCount(layouts, array, place->offset, end) : 0;
}

StepResult Machine::loadThroughView(Invocation& inv, Allocation& a, const RValue& reference,
                                    RValue& out) {
  const MemoryView& v = reference.view();
  Type storeType = types_[reference.type].element;
  MemoryLayouts& layouts = program_.checked.layouts;
  BufferWindow w = windowOf(v);
  if (!w.type) return Stop::internal("a load of a whole buffer (an expression of buffer type)");
  uint64_t end = uint64_t(w.offset) + w.bytes;
  std::optional<ViewPlace> place;
  if (!v.invalid) place = placeInView(types_, layouts, w.type, w.offset, end, pathInView(v));
  if (place && observed(a)) {
    // #memory-operation for the memory model's explorer: a load through a view reads the words
    // of the buffer it covers, each a memory location of the buffer variable (its path: the
    // word's index), whose value the observer may choose; the value is made of those words.
    RValue words = a.value;
    for (uint32_t i : wordsCovered(types_, layouts, place->type, place->offset, end)) {
      if (i >= words.components().size()) continue;
      observer_->onRead(indexOfInvocation(inv), inv, a, MemoryView{v.allocation, {i}, false, 0},
                        inAtomic_, words.components()[i], choose_);
    }
    out = readView(types_, layouts, words, place->type, place->offset, end);
    out.type = storeType;
    return {};
  }
  if (observed(a))
    observer_->onUnmodelled(indexOfInvocation(inv), at("a load through an invalid buffer view"));
  if (place) {
    if (races_ && !notARead_ && races_->tracks(a)) {
      // #memory-model: each word read is a read access of that word (its location).
      RValue words = a.value;
      for (uint32_t i : wordsCovered(types_, layouts, place->type, place->offset, end)) {
        if (i >= words.components().size()) continue;
        races_->read(indexOfInvocation(inv), v.allocation, {i}, words.components()[i], inAtomic_,
                     AccessSite{lastNode_, lastNodeIsStatement_});
      }
      out = readView(types_, layouts, words, place->type, place->offset, end);
    } else {
      out = readView(types_, layouts, a.value, place->type, place->offset, end);
    }
    out.type = storeType;
    return {};
  }
  if (StepResult e = outOfBoundsError("load"); e.kind == StepResult::Stopped) return e;
  // new#invalid-memory-reference: "a value from any memory location(s) of the WebGPU buffer
  // bound to the originating variable" (any location of the variable in 2026), the zero
  // value, or (0, 0, 0, x): through a view those bytes are read as the view's type, which can
  // be any value of it (docs/ambiguities.md M18).
  out = anyValueOf(types_, storeType);
  return {};
}

StepResult Machine::storeThroughView(Invocation& inv, Allocation& a, const RValue& reference,
                                     RValue value) {
  const MemoryView& v = reference.view();
  MemoryLayouts& layouts = program_.checked.layouts;
  BufferWindow w = windowOf(v);
  if (!w.type) return Stop::internal("a store of a whole buffer (an expression of buffer type)");
  uint64_t end = uint64_t(w.offset) + w.bytes;
  std::optional<ViewPlace> place;
  if (!v.invalid) place = placeInView(types_, layouts, w.type, w.offset, end, pathInView(v));
  bool tracked = races_ && races_->tracks(a);
  AccessSite site{lastNode_, lastNodeIsStatement_};
  if (place && observed(a)) {
    // A store through a view writes each word it covers (a word holding two f16 halves is
    // written whole, the other half unchanged): one write access per word, reported before
    // memory changes, as the observer expects.
    RValue after = a.value;
    std::vector<uint32_t> touched;
    writeView(types_, layouts, after, place->type, place->offset, end, value, &touched);
    std::sort(touched.begin(), touched.end());
    touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
    for (uint32_t i : touched)
      if (i < after.components().size())
        observer_->onWrite(indexOfInvocation(inv), inv, a, MemoryView{v.allocation, {i}, false, 0},
                           inAtomic_, after.components()[i]);
    a.value = std::move(after);
    return {};
  }
  if (observed(a))
    observer_->onUnmodelled(indexOfInvocation(inv), at("a store through an invalid buffer view"));
  if (place) {
    std::vector<uint32_t> covered;
    std::vector<RValue> before;
    if (tracked) {
      covered = wordsCovered(types_, layouts, place->type, place->offset, end);
      for (uint32_t i : covered)
        before.push_back(i < a.value.components().size() ? a.value.components()[i] : RValue{});
    }
    writeView(types_, layouts, a.value, place->type, place->offset, end, value);
    for (size_t k = 0; k < covered.size(); ++k)
      if (covered[k] < a.value.components().size())
        races_->write(indexOfInvocation(inv), v.allocation, {covered[k]},
                      a.value.components()[covered[k]], before[k], inAtomic_, site);
    return {};
  }
  if (StepResult e = outOfBoundsError("store"); e.kind == StepResult::Stopped) return e;
  // new#invalid-memory-reference: a store "may store the value to any memory location(s) of the
  // WebGPU buffer bound to the originating variable" or not be executed. Through a view, the
  // value's bytes may land on any of the buffer's words: either nothing is written, or every
  // word may hold anything (a set holding every placement; docs/ambiguities.md M18).
  if (choose_(2, at("out-of-bounds store through a buffer view {not executed|any words}")) == 0)
    return {};
  Components& words = a.value.components();
  for (uint32_t i = 0; i < words.size(); ++i) {
    RValue any{types_.u32(), AnyScalar{}};
    if (tracked)
      races_->write(indexOfInvocation(inv), v.allocation, {i}, any, words[i], inAtomic_, site);
    words[i] = std::move(any);
  }
  return {};
}

}  // namespace plumb::interp
