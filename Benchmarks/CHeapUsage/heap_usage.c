#include "CHeapUsage.h"

#include <stdlib.h>

#if defined(__APPLE__)
#include <malloc/malloc.h>
size_t reducerkit_heap_bytes_in_use(void) {
  malloc_statistics_t stats;
  malloc_zone_statistics(NULL, &stats);
  return stats.size_in_use;
}
#elif defined(__GLIBC__)
#include <malloc.h>
size_t reducerkit_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
#else
size_t reducerkit_heap_bytes_in_use(void) { return 0; }
#endif

#if defined(__GLIBC__)
void reducerkit_release_free_heap(void) { malloc_trim(0); }
#else
void reducerkit_release_free_heap(void) {}
#endif

// The benchmarks executable's own `malloc`, which takes precedence over the C library's for
// every caller (the Swift runtime included) and forwards to glibc's entry point, counting the
// calls of each thread.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define REDUCERKIT_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && !defined(REDUCERKIT_SANITIZED)
extern void *__libc_malloc(size_t size);

static __thread long reducerkit_malloc_count;

void *malloc(size_t size) {
  reducerkit_malloc_count += 1;
  return __libc_malloc(size);
}

long reducerkit_thread_malloc_count(void) { return reducerkit_malloc_count; }
#else
long reducerkit_thread_malloc_count(void) { return -1; }
#endif
