/// A table key that is already a 64-bit hash (a `StableHash` value: a lazy value's key hash,
/// a record's digest): a dictionary places it by mixing it with its seed, without `Hasher`
/// (SipHash of eight bytes cost more than the rest of each of a build's hundred thousand lookups).
struct DigestKey: Hashable, Sendable {
    let value: UInt64

    init(_ value: UInt64) { self.value = value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }

    func _rawHashValue(seed: Int) -> Int { Self.place(value, seed: seed) }

    /// Where a table with `seed` places a key whose hash is `hash` (already a good 64-bit hash:
    /// the seed only has to move it).
    static func place(_ hash: UInt64, seed: Int) -> Int {
        var mixed = hash ^ UInt64(bitPattern: Int64(seed))
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
}
