// Runs when a process that links ReducerKitTesting loads: ReducerKitTesting then points
// ReducerKit's issue hook at its reporter, so that a runtime warning raised by a plain `Store`
// inside a test fails that test, as it does under a `TestStore`. Apps never link
// ReducerKitTesting, so they keep printing warnings.
#include "ReducerKitTestingHook.h"

// Defined in Swift by ReducerKitTesting (`@_cdecl`); resolved when the test binary is linked.
extern void reducerkit_testing_install(void);

__attribute__((constructor)) static void reducerkit_testing_load(void) {
  reducerkit_testing_install();
}
