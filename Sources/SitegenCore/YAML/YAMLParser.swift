/// Turns YAML text into a `YAMLNode` tree that keeps source positions.
///
/// Aliases are expanded, but only up to `maxExpandedNodes` nodes in total,
/// and nesting is limited to `maxDepth`, so hostile input ("billion laughs",
/// thousands of nested brackets) fails fast with an error instead of eating
/// memory.
package struct YAMLParser: Sendable {
    /// The deepest nesting of lists and mappings accepted.
    package var maxDepth = 64
    /// The most nodes a document may hold once its aliases are expanded.
    package var maxExpandedNodes = 100_000

    /// A parser with the default limits.
    package init() {}

    /// Parses one YAML document; returns `nil` when the text holds no document
    /// (empty, or only comments).
    package func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(YAMLError) in
            try parse(utf8: UnsafeBufferPointer(buffer))
        }
    }

    /// Parses one YAML document from UTF-8 bytes.
    package func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(YAMLError) -> YAMLNode? {
        var builder = TreeBuilder(bytes: bytes, limits: self)
        return try builder.run()
    }
}

private struct TreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var flow: Bool
        var anchor: String?
        var tag: String?
        var start: YAMLMark
        var items: [YAMLNode] = []
        /// Nodes in this subtree once aliases are expanded, itself included.
        var size = 1
    }

    private let reader: YAMLEventReader
    private let limits: YAMLParser
    private var offsets: MarkConverter
    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var expandedNodes = 0
    private var root: YAMLNode?
    private var documents = 0

    init(bytes: UnsafeBufferPointer<UInt8>, limits: YAMLParser) {
        reader = YAMLEventReader(utf8: bytes)
        self.limits = limits
        offsets = MarkConverter(bytes: bytes)
    }

    mutating func run() throws(YAMLError) -> YAMLNode? {
        while true {
            let event = try reader.next()
            let start = offsets.mark(event.start)
            switch event.kind {
            case .streamStart, .documentEnd: continue
            case .streamEnd: return root
            case .documentStart:
                documents += 1
                if documents > 1 {
                    throw YAMLError(
                        line: start.line, column: start.column,
                        message: "only one YAML document is allowed here; remove the extra \"---\" or \"...\" line")
                }
            case .alias(let anchor):
                guard let (node, size) = anchors[anchor] else {
                    throw YAMLError(line: start.line, column: start.column, message: "unknown alias *\(anchor)")
                }
                try count(size, at: start)
                var copy = node
                copy.start = start
                copy.end = offsets.mark(event.end)
                try add(copy, anchor: nil, size: size)
            case .scalar(let value, let anchor, let tag, let style):
                try count(1, at: start)
                let node = YAMLNode(
                    content: .scalar(value, style), tag: tag, start: start, end: offsets.mark(event.end))
                try add(node, anchor: anchor, size: 1)
            case .sequenceStart(let anchor, let tag, let flow):
                try open(Frame(isMapping: false, flow: flow, anchor: anchor, tag: tag, start: start))
            case .mappingStart(let anchor, let tag, let flow):
                try open(Frame(isMapping: true, flow: flow, anchor: anchor, tag: tag, start: start))
            case .sequenceEnd, .mappingEnd:
                try close(end: offsets.mark(event.end))
            }
        }
    }

    private mutating func count(_ nodes: Int, at mark: YAMLMark) throws(YAMLError) {
        expandedNodes += nodes
        if expandedNodes > limits.maxExpandedNodes {
            throw YAMLError(
                line: mark.line, column: mark.column,
                message: "aliases expand to more than \(limits.maxExpandedNodes) values; is this an alias bomb?")
        }
    }

    private mutating func open(_ frame: Frame) throws(YAMLError) {
        try count(1, at: frame.start)
        if stack.count >= limits.maxDepth {
            throw YAMLError(
                line: frame.start.line, column: frame.start.column,
                message: "nesting is deeper than \(limits.maxDepth) levels")
        }
        stack.append(frame)
    }

    private mutating func close(end: YAMLMark) throws(YAMLError) {
        let frame = stack.removeLast()
        let content: YAMLNode.Content
        if frame.isMapping {
            var pairs: [YAMLPair] = []
            pairs.reserveCapacity(frame.items.count / 2)
            // Keys must be unique (YAML 1.2); readers disagree on which of two wins, so neither does.
            var firstLines: [String: Int] = [:]
            var index = 0
            while index + 1 < frame.items.count {
                let key = frame.items[index]
                if let text = key.scalarText {
                    if let firstLine = firstLines[text] {
                        throw YAMLError.duplicateKey(text, at: key.start, firstLine: firstLine)
                    }
                    firstLines[text] = key.start.line
                }
                pairs.append(YAMLPair(key: key, value: frame.items[index + 1]))
                index += 2
            }
            content = .mapping(pairs, flow: frame.flow)
        } else {
            content = .sequence(frame.items, flow: frame.flow)
        }
        let node = YAMLNode(content: content, tag: frame.tag, start: frame.start, end: end)
        try add(node, anchor: frame.anchor, size: frame.size)
    }

    private mutating func add(_ node: YAMLNode, anchor: String?, size: Int) throws(YAMLError) {
        if let anchor { anchors[anchor] = (node, size) }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].items.append(node)
            stack[stack.count - 1].size += size
        }
    }
}

/// Converts libyaml's marks (0-based, counted in Unicode scalars) into
/// `YAMLMark`s with 1-based line/column and a UTF-8 byte offset.
private struct MarkConverter {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var scalarIndex = 0
    private var byteOffset = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func mark(_ mark: (index: Int, line: Int, column: Int)) -> YAMLMark {
        if mark.index < scalarIndex {
            scalarIndex = 0
            byteOffset = 0
        }
        while scalarIndex < mark.index && byteOffset < bytes.count {
            byteOffset += 1
            while byteOffset < bytes.count && bytes[byteOffset] & 0xC0 == 0x80 { byteOffset += 1 }
            scalarIndex += 1
        }
        return YAMLMark(line: mark.line + 1, column: mark.column + 1, offset: byteOffset)
    }
}
