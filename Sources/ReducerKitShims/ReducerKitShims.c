// Most of the module's helpers are `static inline`, in `include/ReducerKitShims.h`; this file
// holds the thread slot variables, the process counters and the test issue hook.
#include "ReducerKitShims.h"
#include <stdatomic.h>

// NB: set once, by a load-time constructor, before any thread of the process reads it; atomic
// all the same, so that a late installer (a test bundle loaded later) is safe.
static _Atomic(reducerkit_test_issue_hook_t) installed_hook = NULL;

void reducerkit_set_test_issue_hook(reducerkit_test_issue_hook_t hook) {
  atomic_store_explicit(&installed_hook, hook, memory_order_release);
}

reducerkit_test_issue_hook_t reducerkit_test_issue_hook(void) {
  return atomic_load_explicit(&installed_hook, memory_order_acquire);
}

// NB: initial-exec where the platform has it: read at a fixed offset from the thread pointer,
// without a call. (A library loaded later with `dlopen` cannot use that model; ReducerKit is
// linked into the app or test executable, which loads it at start-up.)
#if defined(__linux__)
__thread void *reducerkit_thread_slot_storage __attribute__((tls_model("initial-exec"))) = NULL;
__thread void *reducerkit_reduce_context_storage __attribute__((tls_model("initial-exec"))) = NULL;
__thread int reducerkit_setting_dependencies_storage __attribute__((tls_model("initial-exec"))) = 0;
#else
__thread void *reducerkit_thread_slot_storage = NULL;
__thread void *reducerkit_reduce_context_storage = NULL;
__thread int reducerkit_setting_dependencies_storage = 0;
#endif

intptr_t reducerkit_counters[REDUCERKIT_COUNTER_COUNT] = {0};
