#ifndef STOREFRONT_ALLOCATIONS_H
#define STOREFRONT_ALLOCATIONS_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not yet taken back (glibc's mallinfo2().uordblks), for
/// the tests that check a change copies only what it touches. 0 where the allocator cannot tell.
size_t storefront_allocated_bytes(void);

#endif
