/// A value's fields kept behind one reference and copied only when changed
/// while shared, as an array's storage is: copying the value (into a
/// dictionary of thousands, from one build's state to the next) then retains
/// one reference instead of each of its fields.
struct CopyOnWrite<Fields: Sendable>: @unchecked Sendable {
    /// Changed only while no other value shares it (`fields`' `_modify`), hence safe to send.
    /// Its field is not checked for overlapping accesses at run time: every access goes through
    /// `fields`, whose value's own accesses the compiler checks, and a change happens only to
    /// storage no other value holds. (The checks were 2% of a rebuild's instructions.)
    private final class Storage {
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var storage: Storage

    init(_ fields: Fields) { storage = Storage(fields) }

    /// The fields: read in place, copied first when changed while shared.
    var fields: Fields {
        _read { yield storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }
}
