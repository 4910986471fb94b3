import Dispatch

/// A value worked out on another thread while the caller goes on, and waited
/// for where it is needed: a build's looks at the content folder and at the
/// staging tree, taken while it reads the state or models the site.
final class InBackground<Value: Sendable>: @unchecked Sendable {  // `result` is written once, before `group` is left.
    private let group = DispatchGroup()
    private var result: Value?

    /// Starts `work` on another thread.
    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { [self] in result = work() }
    }

    /// The value, once `work` has made it.
    var value: Value {
        group.wait()
        return result!
    }
}
