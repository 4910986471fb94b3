import Foundation
import TestTimeLimits

/// Collects a pipe's lines on a thread of its own, for a test to wait on, each wait bounded in time.
final class LineReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var partial = Data()
    private var ended = false

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                condition.lock()
                if data.isEmpty {
                    ended = true
                } else {
                    partial.append(data)
                    while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                        lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
                        partial = Data(partial[(newline + 1)...])
                    }
                }
                condition.broadcast()
                condition.unlock()
                if data.isEmpty { return }
            }
        }
    }

    /// Every line read so far.
    var all: [String] {
        condition.lock()
        defer { condition.unlock() }
        return lines
    }

    /// Waits up to `seconds` (stretched by `TimeLimits`) for the pipe to end (the process has
    /// exited and its last bytes are read), and returns every line.
    func untilEnd(seconds: TimeInterval) -> [String] {
        let deadline = Date(timeIntervalSinceNow: TimeLimits.seconds(seconds))
        condition.lock()
        defer { condition.unlock() }
        while !ended {
            if !condition.wait(until: deadline) { break }
        }
        return lines
    }

    /// Waits up to `seconds` (stretched by `TimeLimits`) for at least `count` lines, and returns the lines read by then.
    @discardableResult
    func wait(for count: Int, seconds: TimeInterval) -> [String] {
        let deadline = Date(timeIntervalSinceNow: TimeLimits.seconds(seconds))
        condition.lock()
        defer { condition.unlock() }
        while lines.count < count && !ended {
            if !condition.wait(until: deadline) { break }
        }
        return lines
    }

    /// Waits up to `seconds` (stretched by `TimeLimits`) for a line after the first `start` that satisfies `test`;
    /// returns it.
    func wait(after start: Int, seconds: TimeInterval, for test: (String) -> Bool) -> String? {
        let deadline = Date(timeIntervalSinceNow: TimeLimits.seconds(seconds))
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let line = lines.dropFirst(start).first(where: test) { return line }
            if ended || !condition.wait(until: deadline) { return nil }
        }
    }
}
