// Buffer views at run time (revision 2026, buffer_view: new#buffer-types,
// new#buffer-view-builtin-functions). A buffer variable's allocation holds its bytes as 32-bit
// words (host_buffer.h), each an RValue of the type last stored there: u32 when read from a
// binding or zero-initialized, i32, f32 (a FloatSet), or vec2<f16> (two halves). A pointer
// made by bufferView or bufferArrayView keeps its window on the buffer — the type T it reads
// the bytes as, the first byte and the number of bytes — in the head of its MemoryView path
// (a marker word and five words), so that memory views keep their size (the machine copies
// them everywhere); the path after the head indexes into T as it does into any variable.
// A pointer to the whole buffer passed to a parameter of type ptr<AS, buffer<N>> has a head
// too, with no type: it remembers N, the smallest fixed-size buffer it went through
// (bufferLength).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "checker/wgsl/memory_layout.h"
#include "interpreter/wgsl/runtime_value.h"
#include "semantics/wgsl/revision.h"

namespace plumb::interp {

struct BufferWindow {
  Type type;            // T; Invalid for a pointer to the whole buffer
  uint32_t offset = 0;  // the view's first byte in the buffer
  uint32_t bytes = 0;   // the bytes the view covers (a runtime-sized array ends with them)
  uint32_t limit = 0;   // the smallest fixed-size buffer parameter passed through; 0 if none
  /// A view made with an indeterminate operand (kIndeterminateOperand below): the element count
  /// chosen for it when it was made, which every arrayLength of it gives; kCountNotChosen when
  /// none was (the module calls no arrayLength).
  uint32_t chosenCount = 0xFFFFFFFFu;
};

inline constexpr uint32_t kWindowMarker = 0xFFFFFFFEu;
inline constexpr size_t kWindowHead = 6;
inline constexpr uint32_t kCountNotChosen = 0xFFFFFFFFu;

inline bool hasWindow(const MemoryView& v) {
  return v.path.size() >= kWindowHead && v.path[0] == kWindowMarker;
}
BufferWindow windowOf(const MemoryView& v);
/// Gives `v` the window `w` (replacing its head, or adding one before an empty path).
void setWindow(MemoryView& v, const BufferWindow& w);
/// The path into T after the head.
inline std::span<const uint32_t> pathInView(const MemoryView& v) {
  return std::span<const uint32_t>(v.path).subspan(hasWindow(v) ? kWindowHead : 0);
}

/// A window operand that was an indeterminate value (new#bufferview-builtin: "If I is i32 ...
/// Otherwise, an indeterminate value for I may be used"): a negative run-time offset or size,
/// or an indeterminate one. The view is an invalid pointer whose head keeps the operands it
/// was made with, `offset` or `bytes` replaced by this word: bufferView's has bytes 0 (its view
/// reaches the end of the buffer), bufferArrayView's its raw size (at least MinTypeSize) or this
/// word. arrayLength then gives every count a view made with some value of the operand can have
/// (docs/ambiguities.md M18).
inline constexpr uint32_t kIndeterminateOperand = 0xFFFFFFFFu;
inline bool hasIndeterminateOperand(const BufferWindow& w) {
  return w.type && (w.offset == kIndeterminateOperand || w.bytes == kIndeterminateOperand);
}
/// RequiredAlignOf(T, AS) as the views use it: with uniform_buffer_standard_layout (which the
/// revision supports) uniform's is storage's (the note of each view overload).
uint64_t viewAlignment(MemoryLayouts& layouts, const Revision& revision, Type t,
                       ast::AddressSpace space);

/// bufferLength(p) of a pointer whose window is `w` into the buffer variable holding `buffer`:
/// the variable's size, or the smallest fixed-size buffer parameter the pointer went through.
uint64_t bufferLengthOf(const TypeTable& types, const RValue& buffer, const BufferWindow& w);

/// arrayLength's values for a view made with an indeterminate operand (hasIndeterminateOperand)
/// into the buffer variable holding `buffer` in address space `space`.
std::vector<uint64_t> arrayLengthsOfIndeterminateView(TypeTable& types, MemoryLayouts& layouts,
                                                      const Revision& revision,
                                                      const RValue& buffer, ast::AddressSpace space,
                                                      const BufferWindow& w);

/// The element counts of T's runtime-sized array over every view an indeterminate operand can
/// make, with 0 (the invalid view's, when the value makes the view reach past the buffer), in
/// increasing order. `align` is RequiredAlignOf(T, AS) as the view rounds the offset with it;
/// `length` is bufferLength(p).
std::vector<uint64_t> countsOverIndeterminateOperands(const BufferViewLayout& layout,
                                                      uint64_t align, uint64_t length,
                                                      const BufferWindow& w);

/// The bytes a buffer allocation holds (its words × 4, or N for a buffer<N> with f16 halves).
uint64_t bufferBytes(const TypeTable& types, const RValue& buffer);

/// Where a path into a view's type T leads: the type there and its first byte in the buffer,
/// or nothing when an index is out of bounds (a runtime-sized array has as many elements as
/// fit before `end`, the view's last byte + 1).
struct ViewPlace {
  Type type;
  uint64_t offset = 0;
};
std::optional<ViewPlace> placeInView(TypeTable& types, MemoryLayouts& layouts, Type t,
                                     uint64_t offset, uint64_t end, std::span<const uint32_t> path);
/// The elements of a runtime-sized array of type `array` starting at `offset`, before `end`.
uint64_t runtimeArrayCount(MemoryLayouts& layouts, Type array, uint64_t offset, uint64_t end);

/// The buffer's bytes [offset, ...) read as a value of type t (new#bufferview-builtin:
/// "reinterpret the memory view ... as the type T"). A word stored as another type is
/// reinterpreted bit for bit (a float set whose bits are not one word's, or an indeterminate
/// word, gives any value of the scalar read).
RValue readView(TypeTable& types, MemoryLayouts& layouts, const RValue& buffer, Type t,
                uint64_t offset, uint64_t end);
/// Stores `v` of type t at [offset, ...): each scalar replaces the word (or half word) it
/// covers. `touched` receives the indices of the words written.
void writeView(TypeTable& types, MemoryLayouts& layouts, RValue& buffer, Type t, uint64_t offset,
               uint64_t end, const RValue& v, std::vector<uint32_t>* touched = nullptr);
/// The words a value of type t at [offset, ...) covers (scalars only; padding excluded).
std::vector<uint32_t> wordsCovered(TypeTable& types, MemoryLayouts& layouts, Type t,
                                   uint64_t offset, uint64_t end);

/// A part of a buffer that a scalar covers: a whole 32-bit word (`half` < 0) or one f16 half of
/// it. Memory locations are bytes (new#memory-locations), so the two halves of a word are
/// different locations: a store of one half accesses that half only, and the race detector and
/// plumb explore see it so (docs/ambiguities.md M18).
struct WordPart {
  uint32_t word = 0;
  int half = -1;
};
/// The parts a value of type t at [offset, ...) covers, in order (padding excluded).
std::vector<WordPart> partsCovered(TypeTable& types, MemoryLayouts& layouts, Type t,
                                   uint64_t offset, uint64_t end);
/// Word `word` of `buffer` held as its two f16 halves (vec2<f16>), with the same bits
/// (reinterpreted: a half that is no f16 value, such as a NaN's bits, becomes any value), so
/// that each half is a location of its own. No access: what memory holds does not change.
void splitIntoHalves(TypeTable& types, RValue& buffer, uint32_t word);

}  // namespace plumb::interp
