// Most of the module's helpers are `static inline`, in `include/ReducerKitShims.h`; this file
// holds the test issue hook.
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
