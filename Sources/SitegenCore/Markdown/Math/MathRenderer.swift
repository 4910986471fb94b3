import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// TeX turned into MathML, each expression once: what the converter made of
/// an expression (shown as a block or not) is remembered by the expression, and
/// kept between builds in the state folder (`math`, beside `state`), keyed by
/// the converter's version, so a rebuild or the preview converts only
/// expressions it never met. The converter starts when the first unknown
/// expression is met: a site without math never starts it.
package final class MathRenderer: Sendable {
    /// One expression: its TeX and whether it is shown as a block.
    struct Expression: Hashable, Sendable {
        var tex: String
        var display: Bool
    }

    private struct Memory {
        /// The converter found (or why none was), looked for once.
        var installation: Result<MathConverter.Installation, MathConverter.Unavailable>?
        var converter: MathConverter?
        var outputs: [Expression: MathConverter.Output] = [:]
        /// Whether outputs were added since the store was read.
        var added = false
        var loaded = false
    }

    /// The stored outputs' file (`nil`: remembered in memory only).
    private let store: String?
    private let locate: @Sendable () throws(MathConverter.Unavailable) -> MathConverter.Installation
    private let memory = Mutex(Memory())
    private let converted = Atomic<Int>(0)

    /// A renderer keeping its outputs in `store` between processes; the converter is looked for on `PATH`.
    package convenience init(store: String?) {
        self.init(store: store) { () throws(MathConverter.Unavailable) in try MathConverter.locate() }
    }

    init(
        store: String?,
        locate: @escaping @Sendable () throws(MathConverter.Unavailable) -> MathConverter.Installation
    ) {
        self.store = store
        self.locate = locate
    }

    /// The renderer of the state folder `folder`, shared by every build of this process (the preview's).
    static func shared(stateFolder folder: String) -> MathRenderer {
        sharedByFolder.withLock { renderers in
            if let known = renderers[folder] { return known }
            let renderer = MathRenderer(store: folder + "/math")
            renderers[folder] = renderer
            return renderer
        }
    }

    private static let sharedByFolder = Mutex<[String: MathRenderer]>([:])

    /// How many expressions this renderer has sent to the converter.
    package var conversions: Int { converted.load(ordering: .relaxed) }

    /// Each expression's output: remembered, or converted now (all unknown ones in one batch);
    /// `.unavailable` for the unknown ones when the converter cannot run.
    func outputs(for expressions: [Expression]) -> [MathConverter.Output] {
        memory.withLock { memory in
            if !memory.loaded {
                memory.loaded = true
                // The store is taken when it was made by the converter found, or when none is found:
                // what a converter made stays right after it is gone; only new math then fails.
                let installation = Result { () throws(MathConverter.Unavailable) in try locate() }
                memory.installation = installation
                memory.outputs = Self.read(store, version: try? installation.get().version)
            }
            /// The expressions not known yet, each once, in order.
            func unknownOnes() -> [Expression] {
                var seen: Set<Expression> = []
                return expressions.filter { memory.outputs[$0] == nil && seen.insert($0).inserted }
            }
            var unknown = unknownOnes()
            guard !unknown.isEmpty else { return expressions.map { memory.outputs[$0]! } }
            let converted: [MathConverter.Output]
            do throws(MathConverter.Unavailable) {
                if memory.converter == nil {
                    // Looked for again when it was missing: the preview goes on once it is installed.
                    if case .failure = memory.installation {
                        let installation = Result { () throws(MathConverter.Unavailable) in try locate() }
                        memory.installation = installation
                        // What was taken from the store without knowing its version is kept only if it matches.
                        if case .success(let found) = installation {
                            memory.outputs = Self.read(store, version: found.version)
                            unknown = unknownOnes()
                        }
                    }
                    memory.converter = MathConverter(try memory.installation!.get())
                }
                converted = try memory.converter!.convert(unknown.map { ($0.tex, $0.display) })
            } catch {
                return expressions.map { memory.outputs[$0] ?? .unavailable(error.message) }
            }
            self.converted.add(unknown.count, ordering: .relaxed)
            for (expression, output) in zip(unknown, converted) { memory.outputs[expression] = output }
            memory.added = true
            return expressions.map { memory.outputs[$0]! }
        }
    }

    /// Writes what was converted since the store was read (whole, or not at all); a store that
    /// cannot be written is only a slower next build.
    package func save() {
        let pending = memory.withLock { memory -> (bytes: [UInt8], path: String)? in
            guard memory.added, let store, let version = memory.converter?.installation.version else { return nil }
            memory.added = false
            return (Self.stored(memory.outputs, version: version), store)
        }
        guard let pending else { return }
        let temporary = pending.path + ".new"
        do {
            try FileWriter.write(pending.bytes, to: temporary)
            guard rename(temporary, pending.path) == 0 else { throw FileSystemError(path: pending.path) }
        } catch {
            unlink(temporary)
        }
    }

    private static let header = "sitegen math 1\n"

    private static func stored(_ outputs: [Expression: MathConverter.Output], version: String) -> [UInt8] {
        var writer = BinaryWriter()
        writer.raw(header)
        writer.string(version)
        writer.integer(outputs.count)
        for (expression, output) in outputs.sorted(by: {
            ($0.key.tex, $0.key.display ? 1 : 0) < ($1.key.tex, $1.key.display ? 1 : 0)
        }) {
            writer.string(expression.tex)
            writer.integer(expression.display ? 1 : 0)
            switch output {
            case .mathML(let mathML):
                writer.integer(0)
                writer.string(mathML)
            case .rejected(let message):
                writer.integer(1)
                writer.string(message)
            case .unavailable: break  // Never remembered.
            }
        }
        return writer.bytes
    }

    /// The stored outputs, when the store exists and was made by `version` of the converter (any, when `nil`).
    /// A store missing or damaged is only a slower build: it is made again.
    private static func read(_ store: String?, version: String?) -> [Expression: MathConverter.Output] {
        guard let store, let bytes = try? FileReader.read(store) else { return [:] }
        var reader = BinaryReader(bytes)
        guard reader.expect(header), let stored = reader.string(), stored == version ?? stored,
            let count = reader.count()
        else { return [:] }
        var outputs: [Expression: MathConverter.Output] = [:]
        for _ in 0..<count {
            guard let tex = reader.string(), let display = reader.integer(), let kind = reader.integer(),
                let text = reader.string()
            else { return [:] }
            outputs[Expression(tex: tex, display: display == 1)] = kind == 0 ? .mathML(text) : .rejected(text)
        }
        return outputs
    }
}
