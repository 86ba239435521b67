// The heap of a plumb process (process_heap.h): one reservation on the program break whose
// 2 MiB-aligned part the kernel may back with transparent huge pages.
#include "cli/process_heap.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

// Under AddressSanitizer malloc is the sanitizer's: nothing to set up.
#if defined(__SANITIZE_ADDRESS__)
#define PLUMB_HEAP_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PLUMB_HEAP_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && defined(__linux__) && !defined(PLUMB_HEAP_SANITIZED)
#define PLUMB_HEAP_HUGE_PAGES 1
#include <malloc.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace plumb::cli {

#ifdef PLUMB_HEAP_HUGE_PAGES
namespace {
/// The block below the first huge page of the heap, kept for the whole process.
void* volatile heapFiller = nullptr;
}  // namespace
#endif

void setUpProcessHeap() {
#ifdef PLUMB_HEAP_HUGE_PAGES
  constexpr size_t kReservation = size_t{64} << 20;  // address space only: pages come on use
  constexpr size_t kHugePage = size_t{2} << 20;      // x86-64's and AArch64's PMD page
  // Blocks up to the reservation come from the program break too (glibc maps blocks from 128 KiB
  // up on their own, page by page), and the top of the break is never given back, so that what a
  // phase frees the next one reuses without faulting it in again.
  mallopt(M_MMAP_THRESHOLD, static_cast<int>(kReservation / 4));
  mallopt(M_TRIM_THRESHOLD, static_cast<int>(2 * kReservation));
  mallopt(M_TOP_PAD, static_cast<int>(kReservation));
  // The kernel's program break (sbrk(0) may answer from a copy malloc does not update).
  auto programBreak = [] { return static_cast<uintptr_t>(syscall(SYS_brk, 0)); };
  uintptr_t before = programBreak();
  // A block larger than the free top of the break makes malloc extend the break by it and the
  // pad at once; freed, it stays at the top for the blocks that follow.
  // (volatile: a malloc whose block is only freed may be left out by the compiler.)
  void* volatile probe = std::malloc(kHugePage);
  std::free(probe);
  uintptr_t after = programBreak();
  if (after <= before) return;  // no extension: the blocks come from elsewhere
  uintptr_t up = (before + kHugePage - 1) & ~(kHugePage - 1);
  uintptr_t down = after & ~(kHugePage - 1);
  if (down <= up) return;
  // Advice only: where the kernel has no huge pages (or THP is "never"), nothing changes.
  madvise(reinterpret_cast<void*>(up), down - up, MADV_HUGEPAGE);
  // The blocks that follow are cut from the top in order, from where the probe was. At its end
  // malloc wrote the top's header before the advice, and a 2 MiB range with one small page in
  // it stays on small pages: a block kept from the probe's place to the first 2 MiB boundary
  // above its end (address space only, never touched) makes them start on a huge page.
  auto start = reinterpret_cast<uintptr_t>(probe);
  uintptr_t clean = (start + 2 * kHugePage + 64 - 1) & ~(kHugePage - 1);
  if (clean < down) heapFiller = std::malloc(clean - start - 32);
#endif
}

}  // namespace plumb::cli
