import Foundation
import MediaSearchKit

/// How results of several kinds are put in one list.
public enum ResultSort: String, Sendable, CaseIterable {
    /// The API's order, kinds interleaved by weight (the default).
    case relevance
    case title
    case artist
    case price
    case date
}
