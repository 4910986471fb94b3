import CYaml

/// One libyaml parse event, as a Swift value.
struct YAMLEvent {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias(anchor: String)
        case scalar(value: String, anchor: String?, tag: String?, style: YAMLScalarStyle)
        case sequenceStart(anchor: String?, tag: String?, flow: Bool)
        case sequenceEnd
        case mappingStart(anchor: String?, tag: String?, flow: Bool)
        case mappingEnd
    }
    var kind: Kind
    /// libyaml's 0-based marks: (character index, line, column).
    var start: (index: Int, line: Int, column: Int)
    var end: (index: Int, line: Int, column: Int)
}

/// Pulls events from libyaml over an in-memory UTF-8 buffer. The only place
/// sitegen touches libyaml; it owns the parser and the copy of the input.
final class YAMLEventReader {
    private var parser = yaml_parser_t()
    private let input: UnsafeMutableBufferPointer<UInt8>

    init(utf8 bytes: some Collection<UInt8>) {
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        input.deallocate()
    }

    /// The next event, or a `YAMLError` with libyaml's problem and 1-based place.
    func next() throws(YAMLError) -> YAMLEvent {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { throw currentError() }
        defer { yaml_event_delete(&event) }
        return YAMLEvent(
            kind: Self.kind(of: event),
            start: (Int(event.start_mark.index), Int(event.start_mark.line), Int(event.start_mark.column)),
            end: (Int(event.end_mark.index), Int(event.end_mark.line), Int(event.end_mark.column)))
    }

    private func currentError() -> YAMLError {
        let mark = parser.problem_mark
        var message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if let context = parser.context.map({ String(cString: $0) }) {
            message = "\(message) (\(context))"
        }
        return YAMLError(line: Int(mark.line) + 1, column: Int(mark.column) + 1, message: message)
    }

    private static func kind(of event: yaml_event_t) -> YAMLEvent.Kind {
        switch event.type {
        case YAML_STREAM_START_EVENT: return .streamStart
        case YAML_STREAM_END_EVENT: return .streamEnd
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_DOCUMENT_END_EVENT: return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value =
                scalar.value.map { pointer in
                    String(decoding: UnsafeBufferPointer(start: pointer, count: Int(scalar.length)), as: UTF8.self)
                } ?? ""
            return .scalar(
                value: value, anchor: string(scalar.anchor),
                tag: scalar.plain_implicit == 1 || scalar.quoted_implicit == 1 ? nil : string(scalar.tag),
                style: style(scalar.style))
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.data.sequence_start
            return .sequenceStart(
                anchor: string(sequence.anchor), tag: sequence.implicit == 1 ? nil : string(sequence.tag),
                flow: sequence.style == YAML_FLOW_SEQUENCE_STYLE)
        case YAML_SEQUENCE_END_EVENT: return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let mapping = event.data.mapping_start
            return .mappingStart(
                anchor: string(mapping.anchor), tag: mapping.implicit == 1 ? nil : string(mapping.tag),
                flow: mapping.style == YAML_FLOW_MAPPING_STYLE)
        case YAML_MAPPING_END_EVENT: return .mappingEnd
        default: return .streamEnd
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }
}
