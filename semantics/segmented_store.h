// Storage for AST arenas and list pools: elements live in fixed-size segments that are never
// moved, so growing never copies and never holds two copies at once (peak memory is what is
// used). A run of elements can be reserved contiguously, even when it is longer than one
// segment: the segment table then points into one larger block.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace plumb {

template <class T>
class SegmentedStore {
 public:
  static constexpr uint32_t kShift = 12;
  static constexpr uint32_t kSegment = 1u << kShift;  // elements per segment

  SegmentedStore() = default;
  SegmentedStore(const SegmentedStore&) = delete;
  SegmentedStore& operator=(const SegmentedStore&) = delete;
  ~SegmentedStore() {
    if constexpr (!std::is_trivially_destructible_v<T>) {
      for (uint32_t i : constructed_) std::destroy_at(&(*this)[i]);
    }
  }

  T& operator[](uint32_t i) { return segments_[i >> kShift][i & (kSegment - 1)]; }
  const T& operator[](uint32_t i) const { return segments_[i >> kShift][i & (kSegment - 1)]; }

  /// Appends one element; returns its index.
  uint32_t push(T value) {
    uint32_t i = reserve(1);
    construct(i, std::move(value));
    return i;
  }

  /// Appends `n` elements copied from `items`, contiguously; returns the first index.
  uint32_t append(const T* items, uint32_t n) {
    uint32_t first = reserve(n);
    for (uint32_t k = 0; k < n; ++k) construct(first + k, items[k]);
    return first;
  }

  /// Appends `header` then `n` elements, contiguously; returns the header's index.
  uint32_t appendWithHeader(T header, const T* items, uint32_t n) {
    uint32_t first = reserve(n + 1);
    construct(first, std::move(header));
    for (uint32_t k = 0; k < n; ++k) construct(first + 1 + k, items[k]);
    return first;
  }

  /// Pointer to `n` contiguous elements starting at `first` (as returned by append).
  const T* contiguous(uint32_t first) const {
    return segments_.empty() ? nullptr : &(*this)[first];
  }

  /// Number of index positions used (including any skipped at segment ends).
  uint32_t extent() const { return next_; }
  size_t bytes() const { return allocated_ * sizeof(T) + segments_.capacity() * sizeof(T*); }

 private:
  // Reserves `n` contiguous positions, starting a new segment (or a multi-segment block)
  // when the current segment has no room.
  uint32_t reserve(uint32_t n) {
    uint32_t capacity = static_cast<uint32_t>(segments_.size()) << kShift;
    if (n == 0) return next_;
    if (capacity - next_ < n) {
      next_ = capacity;  // skip the rest of the current segment
      uint32_t count = (n + kSegment - 1) >> kShift;
      blocks_.push_back(std::make_unique_for_overwrite<std::byte[]>(
          static_cast<size_t>(count) * kSegment * sizeof(T)));
      T* base = reinterpret_cast<T*>(blocks_.back().get());
      for (uint32_t k = 0; k < count; ++k) segments_.push_back(base + static_cast<size_t>(k) * kSegment);
      allocated_ += static_cast<size_t>(count) * kSegment;
    }
    uint32_t first = next_;
    next_ += n;
    return first;
  }

  void construct(uint32_t i, T value) {
    std::construct_at(&(*this)[i], std::move(value));
    if constexpr (!std::is_trivially_destructible_v<T>) constructed_.push_back(i);
  }

  std::vector<T*> segments_;
  std::vector<std::unique_ptr<std::byte[]>> blocks_;
  std::vector<uint32_t> constructed_;  // only for non-trivially destructible T
  uint32_t next_ = 0;
  size_t allocated_ = 0;
};

}  // namespace plumb
