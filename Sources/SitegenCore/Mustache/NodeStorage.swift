/// What a parsed template's nodes refer to without owning it: its top level and
/// each section's body, in buffers of their own (`MustacheNode.Nodes`), and its
/// literal text (`TemplateText`). The template keeps its storage (and with it
/// the buffers) as long as any copy of it lives; nodes are only ever rendered
/// from a template that is rendering.
///
/// As arrays, each section or partial rendered retained and released its nodes:
/// the count of an array every core's renderer shares, going back and forth
/// between them.
///
/// The fence around those buffers: only this file makes a `Nodes` or a
/// `TemplateText` (their initializers are `fileprivate`), both keep their
/// pointer `private`, and both hand it out only for the length of a closure.
final class NodeStorage: @unchecked Sendable {
    /// Written while the template is parsed (by one thread), only read after.
    private var buffers: [UnsafeMutableBufferPointer<MustacheNode>] = []
    /// The literal text, once kept.
    private var text: UnsafeMutableRawBufferPointer?

    /// Keeps `nodes` until this storage is freed.
    func keep(_ nodes: [MustacheNode]) -> MustacheNode.Nodes {
        let buffer = UnsafeMutableBufferPointer<MustacheNode>.allocate(capacity: nodes.count)
        _ = buffer.initialize(from: nodes)
        buffers.append(buffer)
        return MustacheNode.Nodes(UnsafeBufferPointer(buffer))
    }

    /// Keeps the template's literal text (`bytes`, its UTF-8) until this storage is freed; once.
    func keep(text bytes: [UInt8]) -> TemplateText {
        precondition(text == nil, "a template has one text")
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
        text = copy
        return TemplateText(UnsafeRawBufferPointer(copy))
    }

    deinit {
        for buffer in buffers {
            buffer.deinitialize()
            buffer.deallocate()
        }
        text?.deallocate()
    }
}

extension MustacheNode {
    /// A run of nodes (a section's body, a template's top level), kept by its template's
    /// `NodeStorage`: copied without counting a reference.
    struct Nodes: @unchecked Sendable {
        /// Kept by the storage that made this; never written to.
        private let buffer: UnsafeBufferPointer<MustacheNode>

        fileprivate init(_ buffer: UnsafeBufferPointer<MustacheNode>) { self.buffer = buffer }

        /// Calls `body` with the nodes, in place: switching on one does not copy it (its payload
        /// would be retained and released). Only while the template that holds them renders.
        @inline(__always)
        func withNodes<Result, Failure>(
            _ body: (UnsafeBufferPointer<MustacheNode>) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            try body(buffer)
        }
    }
}

/// A template's literal text, which its `.text` nodes name ranges of (`MustacheNode.TextRange`),
/// kept by its `NodeStorage`: copied without counting a reference.
struct TemplateText: @unchecked Sendable {
    /// Kept by the storage that made this; never written to.
    private let bytes: UnsafeRawBufferPointer

    fileprivate init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Calls `body` with the bytes of `range`. Only while the template that holds them renders.
    @inline(__always)
    func withBytes<Result>(in range: MustacheNode.TextRange, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        body(UnsafeRawBufferPointer(rebasing: bytes[range.start..<range.start + range.count]))
    }
}
