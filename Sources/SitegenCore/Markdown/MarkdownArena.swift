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
final class MarkdownArena {
    /// cmark's allocator functions, backed by the calling thread's arena.
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        memory.initialize(
            to: cmark_mem(
                calloc: { count, size in MarkdownArena.current.allocate(count.multipliedReportingOverflow(by: size)) },
                realloc: { block, size in MarkdownArena.current.reallocate(block, to: size) },
                free: { _ in }))
        return memory
    }()

    /// Blocks are this big; a bigger allocation gets a block of its own size.
    private static let blockSize = 1 << 20
    /// Every allocation is preceded by its size, and aligned to this.
    private static let alignment = 16

    private var blocks: [(start: UnsafeMutableRawPointer, size: Int)] = []
    /// Where the next allocation goes in the last block.
    private var used = 0
    /// The last allocation, which `reallocate` can grow in place.
    private var last: UnsafeMutableRawPointer?

    deinit {
        for block in blocks { free(block.start) }
    }

    /// Forgets every allocation made since the last `reset`, keeping the first block.
    func reset() {
        for block in blocks.dropFirst() { free(block.start) }
        blocks.removeLast(max(blocks.count - 1, 0))
        used = 0
        last = nil
    }

    /// `count` zeroed bytes, or `nil` (cmark then stops) if the size overflows or memory is out.
    private func allocate(_ request: (partialValue: Int, overflow: Bool)) -> UnsafeMutableRawPointer? {
        guard !request.overflow, let block = take(request.partialValue) else { return nil }
        memset(block, 0, request.partialValue)
        return block
    }

    private func reallocate(_ block: UnsafeMutableRawPointer?, to size: Int) -> UnsafeMutableRawPointer? {
        guard let block else { return take(size) }
        let oldSize = block.load(fromByteOffset: -Self.alignment, as: Int.self)
        if block == last, let current = blocks.last, block + Self.rounded(size) <= current.start + current.size {
            used = block - current.start + Self.rounded(size)
            block.storeBytes(of: size, toByteOffset: -Self.alignment, as: Int.self)
            return block
        }
        guard let moved = take(size) else { return nil }
        moved.copyMemory(from: block, byteCount: min(oldSize, size))
        return moved
    }

    /// Room for `size` bytes after a size header.
    private func take(_ size: Int) -> UnsafeMutableRawPointer? {
        let needed = Self.alignment + Self.rounded(size)
        if blocks.isEmpty || used + needed > blocks[blocks.count - 1].size {
            let blockSize = max(Self.blockSize, needed)
            guard let start = malloc(blockSize) else { return nil }
            blocks.append((start, blockSize))
            used = 0
        }
        let header = blocks[blocks.count - 1].start + used
        used += needed
        header.storeBytes(of: size, as: Int.self)
        last = header + Self.alignment
        return last
    }

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
