// The heap of a plumb process. Page faults were a third of the CPU time of `plumb run` on the
// shared workload W3 (about 5,500 minor faults, 17 ms of system time in 48 ms): each 4 KiB page
// of the heap is faulted in, zeroed and mapped on first use. One reservation on the program
// break, advised for transparent huge pages, maps the heap 2 MiB at a time where the kernel
// allows it (THP "madvise" or "always"); elsewhere it changes nothing. No result depends on it.
#pragma once

namespace plumb::cli {

/// Called first in main, before the command allocates: sets glibc's malloc to keep its blocks
/// on the program break, reserves it and advises the kernel (MADV_HUGEPAGE). Does nothing
/// outside glibc on Linux and under AddressSanitizer.
void setUpProcessHeap();

}  // namespace plumb::cli
