import Foundation

/// An HTTP answer: status, headers of interest and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String?
    /// The `Location` header of a redirect (3xx), as sent.
    public var location: String?
    public var body: Data

    /// Creates a response.
    public init(status: Int, contentType: String? = nil, location: String? = nil, body: Data) {
        self.status = status
        self.contentType = contentType
        self.location = location
        self.body = body
    }
}
