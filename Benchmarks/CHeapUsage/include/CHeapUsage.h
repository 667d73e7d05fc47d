#ifndef CHEAPUSAGE_H
#define CHEAPUSAGE_H

#include <stddef.h>

/// Bytes currently allocated through malloc by this process (0 where the C library does not
/// say).
size_t reducerkit_heap_bytes_in_use(void);

/// How many times the calling thread has called `malloc`, or -1 where calls are not counted (the
/// counting `malloc` is built only with glibc and without a sanitizer, which has its own):
/// `benchmarks --allocations` proves with it that a hot path allocates nothing.
long reducerkit_thread_malloc_count(void);

/// Gives the heap's free memory back to the system where the C library can (glibc's
/// `malloc_trim`), so that the next piece of work's peak resident memory counts what it
/// touches rather than reusing pages already resident.
void reducerkit_release_free_heap(void);

#endif
