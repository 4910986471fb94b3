import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory cmark parses and renders one document in: a region per thread,
/// handed out in order and emptied at once after each document.
///
/// cmark makes thousands of small allocations per post (a node per block and
/// inline, growing buffers) and frees them all at the end. Served by `malloc`
/// they interleave with the site's long-lived strings, and `malloc` grows
/// slower as that heap grows: a 50,000-post build spent a fifth of its time
/// there. Here an allocation is a pointer bump, and freeing is a no-op.
///
/// A big allocation (cmark's output buffer for a big post, which it grows by
/// half again each time it fills) would leave every outgrown copy behind, so
/// it is served by `malloc` itself, and really moved and freed.
///
/// A huge document (`systemMemory(_:)`) is served by `malloc` altogether: an
/// arena keeps every buffer cmark outgrows until the end, some eight times the
/// text, which for a post of hundreds of megabytes is more than a machine has.
///
/// Invariants, all kept in this file: every pointer handed to cmark follows a
/// header of `alignment` bytes holding its size and whether it is large; a
/// small one lies in one of `blocks`, a large one's header is in `large` and
/// was returned by `malloc`/`realloc`. `reset` frees every large one.
final class MarkdownArena {
    /// cmark's allocator functions, backed by the calling thread's arena.
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(
            to: cmark_mem(
                calloc: { count, size in
                    let arena = MarkdownArena.current
                    guard !arena.usesSystemMemory else { return calloc(count, size) }
                    return arena.allocate(count.multipliedReportingOverflow(by: size))
                },
                realloc: { block, size in
                    let arena = MarkdownArena.current
                    guard !arena.usesSystemMemory else { return realloc(block, size) }
                    return arena.reallocate(block, to: size)
                },
                free: { block in
                    let arena = MarkdownArena.current
                    guard !arena.usesSystemMemory else { return free(block) }
                    arena.release(block)
                }))
        return memory
    }()

    /// Blocks are this big.
    private static let blockSize = 1 << 20
    /// An allocation this big or bigger is large: a `malloc` block of its own.
    private static let largeSize = 64 << 10
    /// Every allocation is preceded by a header (its size, then whether it is large), and aligned to this.
    private static let alignment = 16

    private var blocks: [UnsafeMutableRawPointer] = []
    /// Where the next allocation goes in the last block.
    private var used = 0
    /// The last allocation, which `reallocate` can grow in place.
    private var last: UnsafeMutableRawPointer?
    /// The headers of the large allocations not yet freed.
    private var large: Set<UnsafeMutableRawPointer> = []
    /// Whether allocations go to `malloc` (and are freed there) for now.
    private var usesSystemMemory = false

    deinit {
        for block in blocks { free(block) }
        for header in large { free(header) }
    }

    /// `body`'s result, every allocation it makes (cmark's tree of a huge document, its output)
    /// served by `malloc` and freed with `free`: nothing it allocates may outlive it.
    func systemMemory<Result>(_ body: () -> Result) -> Result {
        usesSystemMemory = true
        defer {
            usesSystemMemory = false
            Self.returnFreedMemory()
        }
        return body()
    }

    /// Hands what `malloc` holds freed back to the system (glibc's `malloc_trim`): after a huge
    /// document, the tree's hundreds of megabytes of small blocks, which a build's allocator
    /// settings (`ShortProcessMemory`) would otherwise keep for this thread alone.
    private static func returnFreedMemory() {
        #if canImport(Glibc)
            // `malloc.h` is not in Swift's Glibc module: the call is looked up. Sound while the
            // symbol is glibc's `int malloc_trim(size_t)`, which it has been since 2.0.
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// Forgets every allocation made since the last `reset`, keeping the first block.
    func reset() {
        for block in blocks.dropFirst() { free(block) }
        blocks.removeLast(max(blocks.count - 1, 0))
        for header in large { free(header) }
        large.removeAll(keepingCapacity: true)
        used = 0
        last = nil
    }

    /// `body`'s result for `output` (an allocation of this arena, cmark's rendered text) read after
    /// every other allocation is freed when it is large, so a big post's parse tree is gone by then;
    /// the arena is empty afterwards.
    func reset<Result>(keeping output: UnsafeMutablePointer<CChar>, _ body: (UnsafePointer<CChar>) -> Result) -> Result
    {
        defer { reset() }
        guard Self.isLarge(UnsafeMutableRawPointer(output)) else { return body(output) }
        let header = UnsafeMutableRawPointer(output) - Self.alignment
        large.remove(header)
        defer { free(header) }
        reset()
        return body(output)
    }

    /// `count` zeroed bytes, or `nil` (cmark then stops) if the size overflows or memory is out.
    private func allocate(_ request: (partialValue: Int, overflow: Bool)) -> UnsafeMutableRawPointer? {
        guard !request.overflow, let block = take(request.partialValue) else { return nil }
        memset(block, 0, request.partialValue)
        return block
    }

    private func reallocate(_ block: UnsafeMutableRawPointer?, to size: Int) -> UnsafeMutableRawPointer? {
        guard let block else { return take(size) }
        guard Self.fits(size) else { return nil }
        if Self.isLarge(block) {
            let header = block - Self.alignment
            guard let moved = realloc(header, Self.alignment + size) else { return nil }
            large.remove(header)
            large.insert(moved)
            moved.storeBytes(of: size, as: Int.self)
            return moved + Self.alignment
        }
        let oldSize = block.load(fromByteOffset: -Self.alignment, as: Int.self)
        if size < Self.largeSize, block == last, let current = blocks.last,
            block + Self.rounded(size) <= current + Self.blockSize
        {
            used = block - current + Self.rounded(size)
            block.storeBytes(of: size, toByteOffset: -Self.alignment, as: Int.self)
            return block
        }
        guard let moved = take(size) else { return nil }
        moved.copyMemory(from: block, byteCount: min(oldSize, size))
        return moved
    }

    /// Frees a large allocation; a small one goes with its block at `reset`.
    private func release(_ block: UnsafeMutableRawPointer?) {
        guard let block, Self.isLarge(block) else { return }
        let header = block - Self.alignment
        large.remove(header)
        free(header)
    }

    /// Room for `size` bytes after a header: in the last block, or on its own when large.
    private func take(_ size: Int) -> UnsafeMutableRawPointer? {
        guard Self.fits(size) else { return nil }
        guard size < Self.largeSize else {
            guard let header = malloc(Self.alignment + size) else { return nil }
            large.insert(header)
            header.storeBytes(of: size, as: Int.self)
            header.storeBytes(of: true, toByteOffset: MemoryLayout<Int>.size, as: Bool.self)
            return header + Self.alignment
        }
        let needed = Self.alignment + Self.rounded(size)
        if blocks.isEmpty || used + needed > Self.blockSize {
            guard let start = malloc(Self.blockSize) else { return nil }
            blocks.append(start)
            used = 0
        }
        let header = blocks[blocks.count - 1] + used
        used += needed
        header.storeBytes(of: size, as: Int.self)
        header.storeBytes(of: false, toByteOffset: MemoryLayout<Int>.size, as: Bool.self)
        last = header + Self.alignment
        return last
    }

    /// Whether an allocation is large, from its header.
    private static func isLarge(_ block: UnsafeMutableRawPointer) -> Bool {
        block.load(fromByteOffset: MemoryLayout<Int>.size - alignment, as: Bool.self)
    }

    /// Whether a size (a C `size_t`) can be allocated with its header.
    private static func fits(_ size: Int) -> Bool { size >= 0 && size <= Int.max - 2 * alignment }

    private static func rounded(_ size: Int) -> Int { (size + alignment - 1) & ~(alignment - 1) }

    // MARK: One arena per thread

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { arena in
            #if canImport(Glibc)
                guard let arena else { return }
            #endif
            Unmanaged<MarkdownArena>.fromOpaque(arena).release()
        }
        return key
    }()

    /// The calling thread's arena.
    static var current: MarkdownArena {
        if let arena = pthread_getspecific(key) {
            return Unmanaged<MarkdownArena>.fromOpaque(arena).takeUnretainedValue()
        }
        let arena = MarkdownArena()
        pthread_setspecific(key, Unmanaged.passRetained(arena).toOpaque())
        return arena
    }
}
