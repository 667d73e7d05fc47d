// C helpers for ReducerKit's hot paths. Not part of ReducerKit's API: do not import this module
// in app code.

#ifndef REDUCERKIT_SHIMS_H
#define REDUCERKIT_SHIMS_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

/// An identity of the calling thread, unique among the threads that are running (a thread that
/// ended may leave its identity to a new one).
///
/// A store compares it on every action to tell whether the main actor moved to another thread.
/// On Linux, reading the thread pointer inline costs one instruction where a call to
/// `pthread_self` went through the dynamic linker's stub: a counter send went from 4.3-5.2x to
/// 2.9-3.7x its floor (`benchmarks --filter "Store.send counter"`, interleaved).
///
/// Apple platforms take the portable branch, `pthread_self`. Linux takes it too when built with
/// `-Xcc -DREDUCERKIT_PORTABLE_THREAD_ID`, which CI does to compile and test that branch here.
static inline __attribute__((always_inline)) uintptr_t reducerkit_current_thread(void) {
#if defined(REDUCERKIT_PORTABLE_THREAD_ID)
  return (uintptr_t)pthread_self();
#elif defined(__linux__) && defined(__x86_64__)
  // The x86-64 TLS ABI keeps the thread control block's address at %fs:0.
  uintptr_t thread;
  __asm__("movq %%fs:0, %0" : "=r"(thread));
  return thread;
#elif defined(__linux__) && defined(__aarch64__)
  uintptr_t thread;
  __asm__("mrs %0, tpidr_el0" : "=r"(thread));
  return thread;
#else
  return (uintptr_t)pthread_self();
#endif
}

/// Whether `reducerkit_current_thread` is the portable branch (`pthread_self`).
static inline int reducerkit_thread_id_is_portable(void) {
#if defined(REDUCERKIT_PORTABLE_THREAD_ID) || !defined(__linux__) || \
    !(defined(__x86_64__) || defined(__aarch64__))
  return 1;
#else
  return 0;
#endif
}

/// The calling thread's ReducerKit slot (its `ThreadSlot`, unretained), or NULL before the thread
/// made one: a thread-local variable, read without a call. `pthread_getspecific` behind its lazily
/// made key cost a redacted send about 40 of its 146 instructions. The pthread key stays, for
/// its destructor, which releases the slot when the thread ends (and clears this).
extern __thread void *reducerkit_thread_slot_storage;

static inline __attribute__((always_inline)) void *reducerkit_thread_slot(void) {
  return reducerkit_thread_slot_storage;
}

static inline __attribute__((always_inline)) void reducerkit_set_thread_slot(void *slot) {
  reducerkit_thread_slot_storage = slot;
}

/// The reduce context current on the calling thread (a `ReduceContext`, unretained), or NULL: a
/// thread-local variable read and written without a call. A store sets it around each reduce;
/// a thread's `ThreadSlot` keeps its address. Against a per-store cache of the slot's storage
/// checked against the thread on every action, a counter send saved about 10 of its 70
/// instructions.
extern __thread void *reducerkit_reduce_context_storage;

static inline __attribute__((always_inline)) void *reducerkit_reduce_context(void) {
  return reducerkit_reduce_context_storage;
}

static inline __attribute__((always_inline)) void reducerkit_set_reduce_context(void *context) {
  reducerkit_reduce_context_storage = context;
}

/// The address of the calling thread's reduce context variable (valid while the thread lives).
static inline void **reducerkit_reduce_context_address(void) {
  return &reducerkit_reduce_context_storage;
}

/// Whether the calling thread is setting dependencies (`withDependencies`' update, a test store's
/// `withDependencies:`, a reducer's `.dependency`): a thread-local flag, read without a call.
/// A dependency read there (the getter Swift calls before writing `$0.client.fetch = …`) is not
/// a use of it.
extern __thread int reducerkit_setting_dependencies_storage;

static inline __attribute__((always_inline)) int reducerkit_setting_dependencies(void) {
  return reducerkit_setting_dependencies_storage;
}

static inline __attribute__((always_inline)) void reducerkit_set_setting_dependencies(int flag) {
  reducerkit_setting_dependencies_storage = flag;
}

/// Reports an issue as a failure of the test running now. Returns 1 if a test recorded it, 0 if
/// no test is running (the caller then prints it as a warning).
typedef int (*reducerkit_test_issue_hook_t)(const char *message, const char *fileID,
                                            const char *filePath, uintptr_t line,
                                            uintptr_t column);

/// Installs the test hook. `ReducerKitTesting` calls it when the process loads (a C
/// constructor), so that a plain store's runtime warnings fail the test that raised them in any
/// process that links the testing library, and only there: apps never link it.
void reducerkit_set_test_issue_hook(reducerkit_test_issue_hook_t hook);

/// The installed test hook, or NULL outside a process that links `ReducerKitTesting`.
reducerkit_test_issue_hook_t reducerkit_test_issue_hook(void);

/// Atomic operations on a word, for the kit's counters and flags (`AtomicCell` in ReducerKit).
/// They replace the Synchronization module's `Atomic`, which Apple platforms have only from
/// iOS 18 / macOS 15: the kit's floor is older. The compiler's `__atomic` builtins exist on every
/// platform Swift runs on, and are instrumented by the thread sanitizer.
static inline __attribute__((always_inline)) intptr_t
reducerkit_atomic_load_relaxed(const intptr_t *word) {
  return __atomic_load_n(word, __ATOMIC_RELAXED);
}

static inline __attribute__((always_inline)) intptr_t
reducerkit_atomic_load_acquire(const intptr_t *word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline __attribute__((always_inline)) void
reducerkit_atomic_store_relaxed(intptr_t *word, intptr_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELAXED);
}

static inline __attribute__((always_inline)) void
reducerkit_atomic_store_release(intptr_t *word, intptr_t value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

/// Adds `delta` (wrapping on overflow) and returns the value before.
static inline __attribute__((always_inline)) intptr_t
reducerkit_atomic_fetch_add_relaxed(intptr_t *word, intptr_t delta) {
  return (intptr_t)__atomic_fetch_add((uintptr_t *)word, (uintptr_t)delta, __ATOMIC_RELAXED);
}

/// Replaces `*expected` by `desired` if the word holds `*expected`, and returns 1; otherwise
/// stores the word's value in `*expected` and returns 0.
static inline __attribute__((always_inline)) int
reducerkit_atomic_compare_exchange_relaxed(intptr_t *word, intptr_t *expected, intptr_t desired) {
  return __atomic_compare_exchange_n(word, expected, desired, 0, __ATOMIC_RELAXED,
                                     __ATOMIC_RELAXED);
}

/// The process's counters (`ProcessCounter` in ReducerKit): C globals, so that reading one is a
/// load with no lazy initialisation of a Swift global before it (a `static let` of a class
/// instance costs a `swift_once` check on every access).
enum {
  REDUCERKIT_COUNTER_UNIQUE_STAMP = 0,
  REDUCERKIT_COUNTER_RECENT_ISSUES = 1,
  REDUCERKIT_COUNTER_ISSUES_REPORTED = 2,
  REDUCERKIT_COUNTER_SHARED_ROOTS = 3,
  REDUCERKIT_COUNTER_SHARED_TRACKERS = 4,
  REDUCERKIT_COUNTER_COUNT = 5
};
extern intptr_t reducerkit_counters[REDUCERKIT_COUNTER_COUNT];

static inline __attribute__((always_inline)) intptr_t *reducerkit_counter(intptr_t which) {
  return &reducerkit_counters[which];
}

/// The monotonic clock in nanoseconds: the time a recorder stamps on each step, read with
/// `clock_gettime` (a vDSO call on Linux, with no system call) rather than through
/// `ContinuousClock`'s generic `Duration` arithmetic.
static inline uint64_t reducerkit_monotonic_nanoseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

#endif
