import AsyncHTTPClient
import Foundation
import MediaSearchKit
import NIOCore
import NIOHTTP1

/// The production transport: AsyncHTTPClient (SwiftNIO), one client per process.
///
/// Why not `URLSession`: measured here with four 1 GB answers, FoundationNetworking kept
/// receiving (and buffering for its delegate queue) long after a delegate refused the body, and
/// peaked at 1.2 to 6.9 GB; cancelling a task as it completes could deadlock. AsyncHTTPClient
/// streams the body, stops the transfer when we stop reading, honours task cancellation, and
/// lets us turn redirects off; it also drops the ~30 MiB that loading FoundationNetworking costs.
///
/// - The whole exchange (connect, head and body) is bounded by `timeout`, so a server that
///   drips bytes is cut off too.
/// - Bodies are read as they arrive and refused past ``maxBodyBytes`` (or as soon as a larger
///   `Content-Length` is announced).
/// - Redirects are returned, not followed: ``RedirectingTransport`` decides.
public struct NetworkTransport: HTTPTransport {
    /// Bodies larger than this are refused, so a broken server cannot exhaust memory.
    public var maxBodyBytes: Int

    /// Creates a transport that refuses bodies over `maxBodyBytes`.
    /// The source's name in messages, e.g. `iTunes`.
    public var source: String

    public init(maxBodyBytes: Int = 8 * 1_048_576, source: String = "the source") {
        self.source = source
        self.maxBodyBytes = maxBodyBytes
    }

    /// One client for the process: connections are pooled across providers. It lives until the
    /// process exits, so it is never shut down. A connection that cannot be made fails at once
    /// (no network, refused, no route) instead of being tried again until the time-out:
    /// ``RetryingTransport`` decides about retries, so an offline user gets the library's answer
    /// in about a second, not twenty.
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10)),
            decompression: .enabled(limit: .size(64 * 1_048_576)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// The body, read straight into the `Data` a provider decodes: sized by `Content-Length` when
    /// the answer gives one, so a 350 KB page is neither grown by doubling nor copied once whole
    /// (as `collect(upTo:)` into a `ByteBuffer` and then into `Data` did). Over `limit` bytes it
    /// stops: at once when the answer announces more, else as soon as it has read more.
    static func body(of response: HTTPClientResponse, upTo limit: Int) async throws -> Data {
        let announced = response.headers.first(name: "Content-Length").flatMap { Int($0) }
        if let announced, announced > limit { throw NIOTooManyBytesError(maxBytes: limit) }
        var data = Data()
        data.reserveCapacity(min(announced ?? 64 * 1024, limit))
        for try await chunk in response.body {
            guard chunk.readableBytes <= limit - data.count else { throw NIOTooManyBytesError(maxBytes: limit) }
            chunk.withUnsafeReadableBytes { bytes in
                guard let start = bytes.bindMemory(to: UInt8.self).baseAddress else { return }
                data.append(start, count: bytes.count)
            }
        }
        return data
    }

    public func get(_ url: URL, timeout: Double) async throws -> HTTPResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: MediaSearchVersion.userAgent)
        let limit = maxBodyBytes
        let deadline = NIODeadline.now() + .milliseconds(Int64(max(timeout, 0.001) * 1000))
        do {
            // AsyncHTTPClient's deadline covers the head; ours also covers the body.
            let prepared = request
            return try await Deadline.run(seconds: timeout) {
                let response = try await Self.client.execute(prepared, deadline: deadline)
                let body = try await Self.body(of: response, upTo: limit)
                return HTTPResponse(
                    status: Int(response.status.code), contentType: response.headers.first(name: "Content-Type"),
                    location: response.headers.first(name: "Location"), body: body)
            }
        } catch MediaSearchError.deadlineExceeded {
            throw MediaSearchError.timedOut(seconds: timeout, source: source)
        } catch is NIOTooManyBytesError {
            throw MediaSearchError.responseTooLarge(limit: limit, source: source)
        } catch let error as HTTPClientError {
            if Task.isCancelled || error == .cancelled { throw CancellationError() }
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .tlsHandshakeTimeout,
                .getConnectionFromPoolTimeout:
                throw MediaSearchError.timedOut(seconds: timeout, source: source)
            default:
                throw MediaSearchError.network(from: error)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as MediaSearchError {
            throw error
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw MediaSearchError.network(from: error)
        }
    }
}
