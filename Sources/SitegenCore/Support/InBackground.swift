import Dispatch

/// A value worked out on another thread while the caller goes on, and waited
/// for where it is needed: a build's looks at the content folder and at the
/// staging tree, taken while it reads the state or models the site.
final class InBackground<Value: Sendable>: @unchecked Sendable {  // `result` and `work` change before `group` is left.
    private let group = DispatchGroup()
    private var result: Value?
    private var work: (@Sendable () -> Value)?

    /// Starts `work` on another thread. What it captured is let go once it is done, before its
    /// value is handed over: a caller changing a value the work read then changes the only copy.
    init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        DispatchQueue.global().async(group: group) { [self] in
            result = self.work?()
            self.work = nil
        }
    }

    /// The value, once `work` has made it.
    var value: Value {
        group.wait()
        return result!
    }
}
