import CAllocations

/// The C allocator's bytes in use, for tests that count what a change copies (not timed: bytes). Nil
/// where the allocator cannot tell (only glibc's can), so such a test says it did not run rather than
/// pass on nothing.
public enum Allocations {
    public static var bytesInUse: Int? {
        #if canImport(Glibc)
        Int(storefront_allocated_bytes())
        #else
        nil
        #endif
    }
}
