import MediaSearchKit

/// Which item a detail view is of.
public enum DetailTarget: Sendable, Hashable {
    /// The Nth result (1 first) of the last search.
    case result(Int)
    /// An id, with its kind when the user named it.
    case id(String, kind: String?)
}
