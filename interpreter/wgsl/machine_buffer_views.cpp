// Revision 2026, buffer_view (new#buffer-view-builtin-functions): bufferView, bufferArrayView
// and bufferLength, and the loads and stores of a buffer variable's bytes through a view
// (interpreter/wgsl/buffer_views.h holds the representation).
#include <algorithm>

#include "interpreter/wgsl/buffer_views.h"
#include "interpreter/wgsl/machine.h"
#include "interpreter/wgsl/races.h"

namespace plumb::interp {

using namespace plumb::ast;

namespace {

/// Calls f(path, value) for each location a view's access of `parts` touches in `words` (a
/// buffer's words): an f16 half of a word held as halves is `{word, half}`, any other part its
/// whole word `{word}`, once (new#memory-locations: the bytes it covers; docs/ambiguities.md
/// M18).
template <typename F>
void forEachViewLocation(RValue& words, const std::vector<WordPart>& parts, const F& f) {
  uint32_t lastWhole = UINT32_MAX;
  for (const WordPart& p : parts) {
    if (!words.isComposite() || p.word >= words.components().size()) continue;
    RValue& word = words.components()[p.word];
    if (p.half >= 0 && word.isComposite() && size_t(p.half) < word.components().size()) {
      f(std::vector<uint32_t>{p.word, static_cast<uint32_t>(p.half)},
        word.components()[size_t(p.half)]);
    } else if (p.word != lastWhole) {
      lastWhole = p.word;
      f(std::vector<uint32_t>{p.word}, word);
    }
  }
}

/// Before an access of `parts`: each word an f16 half of which is accessed is held as its
/// halves (the same bits), so that the access is one of that half only — a store in memory, a
/// load in its copy of the words, so that a load of a half never touches the word's other half
/// (memory locations are bytes, new#memory-locations; docs/ambiguities.md M18).
void splitAccessedHalves(TypeTable& types, RValue& words, const std::vector<WordPart>& parts) {
  for (const WordPart& p : parts)
    if (p.half >= 0) splitIntoHalves(types, words, p.word);
}

}  // namespace

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
  if (invalid && hasIndeterminateOperand(view) && program_.callsArrayLength) {
    // The indeterminate value is used once, here: every arrayLength of this view gives the
    // count of the view one value makes (0 for a value that makes it invalid), chosen now
    // (M18). Its loads and stores stay the invalid view's, which hold every view's.
    std::vector<uint64_t> counts = countsOverIndeterminateOperands(vl, align, length, view);
    uint32_t k = counts.size() < 2 ? 0
                                   : choose_(static_cast<uint32_t>(counts.size()),
                                             at("the element count of a buffer view made with an "
                                                "indeterminate offset or size"));
    view.chosenCount = static_cast<uint32_t>(std::min<uint64_t>(counts[k], UINT32_MAX - 1));
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
    // An f16 read of a word held as halves reads its half only.
    RValue words = a.value;
    std::vector<WordPart> parts = partsCovered(types_, layouts, place->type, place->offset, end);
    splitAccessedHalves(types_, words, parts);
    forEachViewLocation(words, parts,
                        [&](std::vector<uint32_t> path, RValue& value) {
                          observer_->onRead(indexOfInvocation(inv), inv, a,
                                            MemoryView{v.allocation, std::move(path), false, 0},
                                            inAtomic_, value, choose_);
                        });
    out = readView(types_, layouts, words, place->type, place->offset, end);
    out.type = storeType;
    return {};
  }
  if (place) {
    if (races_ && !notARead_ && races_->tracks(a)) {
      // #memory-model: each word (or f16 half) read is a read access of that location.
      RValue words = a.value;
      std::vector<WordPart> parts = partsCovered(types_, layouts, place->type, place->offset, end);
      splitAccessedHalves(types_, words, parts);
      forEachViewLocation(words, parts,
                          [&](const std::vector<uint32_t>& path, RValue& value) {
                            races_->read(indexOfInvocation(inv), v.allocation, path, value,
                                         inAtomic_, AccessSite{lastNode_, lastNodeIsStatement_});
                          });
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
  // be any value of it (docs/ambiguities.md M18). For plumb explore's memory model too: a value
  // that no write decides needs no read event (it is any value whichever write it reads).
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
    // A store through a view writes each word it covers, or each f16 half (the other half of
    // its word untouched): one write access per location, reported before memory changes, as
    // the observer expects.
    std::vector<WordPart> parts = partsCovered(types_, layouts, place->type, place->offset, end);
    splitAccessedHalves(types_, a.value, parts);
    RValue after = a.value;
    writeView(types_, layouts, after, place->type, place->offset, end, value);
    forEachViewLocation(after, parts, [&](std::vector<uint32_t> path, RValue& written) {
      observer_->onWrite(indexOfInvocation(inv), inv, a,
                         MemoryView{v.allocation, std::move(path), false, 0}, inAtomic_, written);
    });
    a.value = std::move(after);
    return {};
  }
  if (place) {
    if (!tracked) {
      writeView(types_, layouts, a.value, place->type, place->offset, end, value);
      return {};
    }
    // A write access of each word the store covers, or of each f16 half (new#memory-locations:
    // the two halves of a word are different locations, so stores of the two halves by two
    // invocations do not race).
    std::vector<WordPart> parts = partsCovered(types_, layouts, place->type, place->offset, end);
    splitAccessedHalves(types_, a.value, parts);
    std::vector<std::pair<std::vector<uint32_t>, RValue>> old;
    forEachViewLocation(a.value, parts, [&](std::vector<uint32_t> path, RValue& was) {
      old.emplace_back(std::move(path), was);
    });
    writeView(types_, layouts, a.value, place->type, place->offset, end, value);
    for (auto& [path, was] : old)
      if (const RValue* now = locate(a.value, path, path.size()))
        races_->write(indexOfInvocation(inv), v.allocation, path, *now, was, inAtomic_, site);
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
    // plumb explore: a write of each word, reported before memory changes, as above.
    if (observed(a))
      observer_->onWrite(indexOfInvocation(inv), inv, a, MemoryView{v.allocation, {i}, false, 0},
                         inAtomic_, any);
    if (tracked)
      races_->write(indexOfInvocation(inv), v.allocation, {i}, any, words[i], inAtomic_, site);
    words[i] = std::move(any);
  }
  return {};
}

}  // namespace plumb::interp
