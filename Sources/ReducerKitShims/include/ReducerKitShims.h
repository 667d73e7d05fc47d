// C helpers for ReducerKit's hot paths. Not part of ReducerKit's API: do not import this module
// in app code.

#ifndef REDUCERKIT_SHIMS_H
#define REDUCERKIT_SHIMS_H

#include <pthread.h>
#include <stdint.h>

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

#endif
