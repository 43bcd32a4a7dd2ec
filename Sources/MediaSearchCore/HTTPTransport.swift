import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An HTTP answer: status, headers of interest and body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String?
    public var body: Data

    /// Creates a response.
    public init(status: Int, contentType: String? = nil, body: Data) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }
}

/// The seam between the iTunes client and the network, so tests and other sources can swap it.
public protocol HTTPTransport: Sendable {
    /// Performs a GET and returns the whole answer.
    /// - Throws: ``MediaSearchError/timedOut(seconds:)``, ``MediaSearchError/network(underlying:)``,
    ///   ``MediaSearchError/responseTooLarge(limit:)`` or `CancellationError`.
    func get(_ url: URL, timeout: Double) async throws -> HTTPResponse
}

/// The production transport: Foundation's `URLSession` (FoundationNetworking on Linux).
public struct URLSessionTransport: HTTPTransport {
    /// Bodies larger than this are refused, so a broken server cannot exhaust memory.
    public var maxBodyBytes: Int

    /// Creates a transport that refuses bodies over `maxBodyBytes`.
    public init(maxBodyBytes: Int = 16 * 1_048_576) {
        self.maxBodyBytes = maxBodyBytes
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("mediasearch/1.0", forHTTPHeaderField: "User-Agent")
        let data: Data
        let response: URLResponse
        do {
            // timeoutInterval is an idle time-out; the deadline also bounds a slow, dripping answer.
            let prepared = request
            (data, response) = try await Deadline.run(seconds: timeout) {
                try await Self.session.data(for: prepared)
            }
        } catch let error as MediaSearchError {
            throw error
        } catch let error as URLError where error.code == .timedOut {
            throw MediaSearchError.timedOut(seconds: timeout)
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw MediaSearchError.network(underlying: error)
        }
        guard data.count <= maxBodyBytes else { throw MediaSearchError.responseTooLarge(limit: maxBodyBytes) }
        let http = response as? HTTPURLResponse
        return HTTPResponse(
            status: http?.statusCode ?? 0,
            contentType: http?.value(forHTTPHeaderField: "Content-Type"),
            body: data
        )
    }

    /// One session per process: connections to the API are reused across providers.
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 8
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
}
