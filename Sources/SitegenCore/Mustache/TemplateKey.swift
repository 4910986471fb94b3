/// A key of a template object (`title` in `{"title": …}`), hashed once.
///
/// A page looks up thousands of keys, most of them through several objects
/// of the context stack before one has it, and a list page makes a value of a
/// dozen keys for each post it shows. Keyed by `String`, each of those looked
/// up and stored keys was hashed again by `Hasher` (SipHash: a fifth of the
/// instructions of a list page's render).
public typealias TemplateKey = HashedText<TemplateKeyRole>

/// What a `TemplateKey`'s text means: a name a template looks up.
public enum TemplateKeyRole {}
