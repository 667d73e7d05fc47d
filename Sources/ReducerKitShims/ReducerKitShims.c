// The module's helpers are all `static inline`, in `include/ReducerKitShims.h`; SwiftPM needs a
// source file to build a C target.
#include "ReducerKitShims.h"
