/// Where the site's links can arrive, as a sorted list of hashes: every output
/// path, every page with the content file it shows, every published file's
/// path in the site, every kept entry, and every shown file with its `id`s;
/// beside them, the settings a verdict depends on.
///
/// A link that arrived in one build arrives in a later one that still has the
/// places it arrived at (`placesGone(since:)`): lookups only ask whether a
/// place is there, so more places cannot turn a verdict around, with one
/// exception that is checked for: an address `a` found as `a/index.html`
/// before is read as `a` once an output `a` exists. So adding a post, a tag or
/// a page keeps every earlier verdict, and a place that went away (or changed
/// its `id`s) makes the links that arrived there be checked again.
struct LinkReach: Sendable {
    /// The settings' hash (`site.yml`, fragments checked, severity).
    var base: UInt64
    /// One hash per place, sorted.
    var places: [UInt64]
    /// This build's outputs with their places' hashes (not stored: only the newer build's are asked).
    var outputs: [(place: UInt64, path: String)] = []

    /// Kinds of place, mixed into their hashes so that one kind's text is never another's.
    enum Kind: UInt64 {
        case output = 1
        case page
        case sitePath
        case kept
        case shown
    }

    /// The hash of one place.
    static func place(_ kind: Kind, _ text: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(kind.rawValue)
        hash.combine(text)
        return hash.value
    }

    /// The hash of a place with two parts (a page's output and the file it shows).
    static func place(_ kind: Kind, _ text: String, _ other: String) -> UInt64 {
        var hash = StableHash()
        hash.combine(kind.rawValue)
        hash.combine(text)
        hash.combine(other)
        return hash.value
    }

    /// The hash of a shown file with its `id`s.
    static func place(shown source: String, ids: [String]) -> UInt64 {
        var hash = StableHash()
        hash.combine(Kind.shown.rawValue)
        hash.combine(source)
        hash.combine(UInt64(ids.count))
        for id in ids { hash.combine(id) }
        return hash.value
    }

    /// `earlier`'s places that are gone (none: every verdict of then holds), or `nil` when no
    /// verdict of `earlier` can be trusted: other settings, or a new output `a` where
    /// `a/index.html` was. A link that arrived then at places all still here arrives now.
    func placesGone(since earlier: LinkReach) -> Set<UInt64>? {
        guard base == earlier.base else { return nil }
        var gone: Set<UInt64> = []
        var index = 0
        for place in earlier.places {
            while index < places.count && places[index] < place { index += 1 }
            if index == places.count || places[index] != place { gone.insert(place) }
        }
        if places.count == earlier.places.count && gone.isEmpty { return [] }  // The same places.
        for output in outputs where !earlier.places.sortedContains(output.place) {
            if earlier.places.sortedContains(Self.place(.output, output.path + "/index.html")) { return nil }
        }
        return gone
    }
}

extension LinkReach: Equatable {
    static func == (left: LinkReach, right: LinkReach) -> Bool {
        left.base == right.base && left.places == right.places
    }
}
