/// The nodes of a parsed template: its top level and each section's body, in
/// buffers of their own that a `MustacheNode.Nodes` refers to without owning.
/// The template keeps its storage (and with it the buffers) as long as any copy
/// of it lives; nodes are only ever rendered from a template that is rendering.
///
/// As arrays, each section or partial rendered retained and released its nodes:
/// the count of an array every core's renderer shares, going back and forth
/// between them.
final class NodeStorage: @unchecked Sendable {
    /// Written while the template is parsed (by one thread), only read after.
    private var buffers: [UnsafeMutableBufferPointer<MustacheNode>] = []

    /// Keeps `nodes` until this storage is freed.
    func keep(_ nodes: [MustacheNode]) -> MustacheNode.Nodes {
        let buffer = UnsafeMutableBufferPointer<MustacheNode>.allocate(capacity: nodes.count)
        _ = buffer.initialize(from: nodes)
        buffers.append(buffer)
        return MustacheNode.Nodes(buffer: UnsafeBufferPointer(buffer))
    }

    deinit {
        for buffer in buffers {
            buffer.deinitialize()
            buffer.deallocate()
        }
    }
}
