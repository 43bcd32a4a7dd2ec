import AsyncHTTPClient
import Foundation
import MediaSearchKit
import NIOCore
import NIOPosix

extension MediaSearchError {
    /// A failure below HTTP as the user should read it: what happened, not the system call, and
    /// whether the request never left this machine.
    static func network(from error: any Error) -> MediaSearchError {
        .network(reason(error), neverSent: neverSent(error))
    }

    private static func neverSent(_ error: any Error) -> Bool {
        if error is NIOConnectionError { return true }
        if let ioError = error as? IOError {
            return [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, ENETDOWN].contains(ioError.errnoCode)
        }
        if let urlError = error as? URLError {
            return [.cannotConnectToHost, .cannotFindHost, .notConnectedToInternet, .dnsLookupFailed].contains(
                urlError.code)
        }
        return false
    }

    private static func reason(_ error: any Error) -> String {
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .remoteConnectionClosed: return "the connection was lost"
            case .connectTimeout: return "could not connect to the server in time"
            default: return String(describing: clientError)
            }
        }
        if error is NIOConnectionError { return "could not connect to the server" }
        if let ioError = error as? IOError {
            // The system call and errno number mean nothing to a user; what happened does.
            switch ioError.errnoCode {
            case ECONNREFUSED: return "could not connect to the server"
            case ECONNRESET: return "the server reset the connection"
            case EPIPE: return "the connection was closed while sending"
            case ENETUNREACH, EHOSTUNREACH: return "the network is unreachable"
            case ETIMEDOUT: return "the connection timed out"
            default: return String(cString: strerror(ioError.errnoCode)).lowercased()
            }
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cannotConnectToHost: return "could not connect to the server"
            case .networkConnectionLost: return "the connection was lost"
            case .cannotFindHost, .dnsLookupFailed: return "the server's name could not be resolved"
            case .notConnectedToInternet: return "not connected to the internet"
            case .secureConnectionFailed: return "the secure connection failed"
            default: return urlError.localizedDescription
            }
        }
        return String(describing: error)
    }
}
