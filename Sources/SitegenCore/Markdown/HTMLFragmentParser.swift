import CLibXML

/// Reads a piece of HTML into its start tags, end tags and text with libxml2's
/// HTML parser, which closes what the text leaves open and drops end tags that
/// close nothing, as browsers do: the events always nest. The only file that
/// touches libxml2.
enum HTMLFragmentParser {
    /// One thing the parser read, and the byte offset in the text where reading it ended
    /// (for a start tag: its closing `>`).
    struct Event {
        enum Kind {
            /// A start tag: its lower-cased name and attributes as written, entities decoded (`nil`: no value).
            case start(name: String, attributes: [(name: String, value: String?)])
            case end(name: String)
            /// Text, entities decoded.
            case text(String)
        }
        var kind: Kind
        var offset: Int
    }

    /// The events of `html`, in order. Comments, processing instructions and doctypes make none.
    static func events(of html: String) -> [Event] {
        initialized()
        let reader = Reader()
        var text = html
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                guard let context = htmlCreateMemoryParserCtxt(chars.baseAddress, Int32(chars.count)) else {
                    fatalError("libxml2 could not allocate a parser")
                }
                defer { htmlFreeParserCtxt(context) }
                reader.context = context
                // The text is UTF-8: no guessing from its bytes, and no `<meta charset>` in it changes that.
                xmlSwitchEncoding(context, XML_CHAR_ENCODING_UTF8)
                context.pointee.sax.pointee = Reader.handler()
                context.pointee.userData = Unmanaged.passUnretained(reader).toOpaque()
                let options =
                    HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                    | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_IGNORE_ENC.rawValue
                htmlCtxtUseOptions(context, Int32(options))
                htmlParseDocument(context)
                reader.context = nil
            }
        }
        return reader.events
    }

    /// libxml2 sets up its tables once, before any thread parses.
    private static let setUp: Void = xmlInitParser()
    private static func initialized() { _ = setUp }

    /// Collects the parser's callbacks; reached through the parser's user data while it parses.
    private final class Reader {
        var events: [Event] = []
        var context: htmlParserCtxtPtr?

        var offset: Int { context.map { Int(xmlByteConsumed($0)) } ?? 0 }

        static func of(_ pointer: UnsafeMutableRawPointer?) -> Reader {
            Unmanaged<Reader>.fromOpaque(pointer!).takeUnretainedValue()
        }

        static func string(_ bytes: UnsafePointer<xmlChar>?, _ count: Int32) -> String {
            guard let bytes else { return "" }
            return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
        }

        static func string(_ bytes: UnsafePointer<xmlChar>?) -> String {
            guard let bytes else { return "" }
            return String(cString: bytes)
        }

        static func handler() -> htmlSAXHandler {
            var handler = htmlSAXHandler()
            handler.startElement = { user, name, attributes in
                let reader = Reader.of(user)
                var pairs: [(name: String, value: String?)] = []
                var index = 0
                while let attributes, let attribute = attributes[index] {
                    pairs.append((Reader.string(attribute), attributes[index + 1].map { Reader.string($0) }))
                    index += 2
                }
                reader.events.append(
                    Event(kind: .start(name: Reader.string(name), attributes: pairs), offset: reader.offset))
            }
            handler.endElement = { user, name in
                let reader = Reader.of(user)
                reader.events.append(Event(kind: .end(name: Reader.string(name)), offset: reader.offset))
            }
            let characters: charactersSAXFunc = { user, bytes, count in
                let reader = Reader.of(user)
                reader.events.append(Event(kind: .text(Reader.string(bytes, count)), offset: reader.offset))
            }
            handler.characters = characters
            handler.ignorableWhitespace = characters
            handler.cdataBlock = characters
            return handler
        }
    }
}
