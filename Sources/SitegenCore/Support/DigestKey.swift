/// A table key that is already a 64-bit hash (a `StableHash` value: a lazy value's key hash,
/// a record's digest): a dictionary places it by mixing it with its seed, without `Hasher`
/// (SipHash of eight bytes cost more than the rest of each of a build's hundred thousand lookups).
struct DigestKey: Hashable, Sendable {
    let value: UInt64

    init(_ value: UInt64) { self.value = value }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }

    func _rawHashValue(seed: Int) -> Int {
        var mixed = value ^ UInt64(bitPattern: Int64(seed))
        mixed = (mixed ^ (mixed >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
}
