#if canImport(Glibc)
    import Glibc
#endif

/// How `sitegen build` has the C allocator (glibc's `malloc`, which Swift
/// allocates through) take memory: a build is a process of a fraction of a
/// second to a minute that exits when done, so memory is taken from the system
/// in large steps and what is freed is kept for reuse, not handed back.
///
/// glibc's defaults suit a process that runs for long: each worker thread's
/// heap grows a page at a time (one `mprotect` each: about 2,300 in a rebuild
/// after a one-post edit at 10k posts), every block over 128 KiB is mapped and
/// unmapped on its own (fresh pages, each a page fault, every time), and memory
/// freed at the top of a heap goes back to the system. With these settings that
/// rebuild makes 26 `mprotect` calls and about a tenth fewer page faults, and
/// its peak memory is no higher. The preview server (`serve`) keeps the defaults.
enum ShortProcessMemory {
    /// Sets the allocator up for one build (call before it allocates much).
    static func configure() {
        #if canImport(Glibc)
            // `malloc.h` is not in Swift's Glibc module: the call is looked up, with the
            // option numbers glibc's `malloc.h` gives them.
            typealias Option = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(nil, "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: Option.self)
            let (trimThreshold, topPad, mmapThreshold): (Int32, Int32, Int32) = (-1, -2, -3)
            _ = mallopt(topPad, 64 << 20)  // Each heap grows by 64 MiB at once (backed only as touched).
            _ = mallopt(mmapThreshold, 32 << 20)  // Blocks up to 32 MiB (glibc's most) come from the heaps.
            _ = mallopt(trimThreshold, 1 << 30)  // Freed memory stays for the next allocation.
        #endif
    }
}
