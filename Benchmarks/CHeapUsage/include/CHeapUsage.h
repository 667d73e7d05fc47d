#ifndef CHEAPUSAGE_H
#define CHEAPUSAGE_H

#include <stddef.h>

/// Bytes currently allocated through malloc by this process (0 where the C library does not
/// say).
size_t reducerkit_heap_bytes_in_use(void);

#endif
