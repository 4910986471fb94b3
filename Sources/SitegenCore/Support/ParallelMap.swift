import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

extension Array where Element: Sendable {
    /// Transforms every element on all cores, keeping the order. The transform
    /// runs concurrently and must not share mutable state.
    package func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let results = ResultSlots<Result>(count: count)
        // Chunks of work keep scheduling overhead low for tiny transforms.
        let chunkCount = Swift.min(count, ProcessInfoCores.count * 8)
        let chunkSize = (count + chunkCount - 1) / chunkCount
        self.withUnsafeBufferPointer { elements in
            let elements = UncheckedSendable(elements)
            DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
                let start = chunk * chunkSize
                let end = Swift.min(start + chunkSize, elements.value.count)
                guard start < end else { return }
                for index in start..<end { results.store(transform(elements.value[index]), at: index) }
            }
        }
        return results.collect()
    }
}

/// A value passed across threads whose safety the caller guarantees.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Write-once slots filled from many threads at distinct indices.
private final class ResultSlots<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// Each index is written by exactly one thread, once.
    func store(_ value: consuming Value, at index: Int) { slots[index] = value }

    /// The values, moved out of their slots (which are left empty) rather than copied: a copy
    /// retained every reference in each of thousands of results, and emptying the slots released them.
    func collect() -> [Value] {
        (0..<count).map { index in
            let value = (slots + index).move()
            (slots + index).initialize(to: nil)
            return value!
        }
    }
}

/// The number of cores to spread work over.
enum ProcessInfoCores {
    static let count: Int = {
        #if canImport(Glibc)
            return Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
            return 4
        #endif
    }()
}
