import Foundation
import MediaSearchKit

/// Where the shared store is (`store:` in config.yaml, `$MEDIASEARCH_STORE`, `--store`): a
/// PostgreSQL URL as libpq writes it.
///
///     postgresql://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=disable|prefer|require
///     postgresql://USER@/DATABASE?host=/var/run/postgresql   (a unix socket's directory)
///
/// `postgres://` is the same. The port defaults to 5432, the user to `postgres`, the database to
/// the user's name, `sslmode` to `prefer`. The password is never shown: ``description`` and every
/// message carry the URL with it replaced by `***`.
public struct StoreURL: Sendable, Hashable, CustomStringConvertible {
    /// How TLS is used, as libpq's `sslmode` says it.
    public enum TLSMode: String, Sendable, Hashable {
        case disable, prefer, require
    }

    /// The server's host name or address; `nil` with a unix socket.
    public var host: String?
    public var port: Int
    /// The unix socket's path (the directory of `?host=` and the port's `.s.PGSQL.<port>`).
    public var socketPath: String?
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    /// The URL as it may be shown: the password replaced by `***`.
    public var description: String {
        let credentials = percentEncoded(user) + (password == nil ? "" : ":***")
        let place = host.map { Self.bracketed($0) + ":\(port)" } ?? ""
        var text = "postgresql://\(credentials)@\(place)/\(percentEncoded(database))"
        if let socketPath { text += "?host=" + (socketPath as NSString).deletingLastPathComponent }
        return text
    }

    /// Reads a store URL; the error says what is wrong without repeating a password.
    public init(parsing text: String) throws(StoreURLProblem) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed) else {
            throw StoreURLProblem("is not a URL (postgresql://user:password@host:port/database)")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "postgresql" || scheme == "postgres" else {
            throw StoreURLProblem(
                "must start with postgresql:// (the shared store is PostgreSQL), not \(components.scheme.map { "\($0)://" } ?? "a bare name")"
            )
        }
        user = components.user.flatMap { $0.removingPercentEncoding }.flatMap { $0.isEmpty ? nil : $0 } ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        var options: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard let value = item.value else { throw StoreURLProblem("option '\(item.name)' has no value") }
            options[item.name] = value
        }
        for name in options.keys where !["host", "port", "sslmode", "user", "password", "dbname"].contains(name) {
            throw StoreURLProblem("unknown option '\(name)' (known: host, port, sslmode, user, password, dbname)")
        }
        if let value = options["user"] { user = value }
        if let value = options["password"] { password = value }
        if let portText = options["port"] ?? components.port.map(String.init) {
            guard let port = Int(portText), (1...65535).contains(port) else {
                throw StoreURLProblem("port '\(portText)' is not 1-65535")
            }
            self.port = port
        } else {
            port = 5432
        }
        let path = (components.path.removingPercentEncoding ?? components.path)
        let name = String(path.drop { $0 == "/" })
        guard !name.contains("/") else { throw StoreURLProblem("the database name '\(name)' has a '/'") }
        database = options["dbname"] ?? (name.isEmpty ? user : name)
        let hostOption = options["host"]
        if let hostOption, hostOption.hasPrefix("/") {
            socketPath = (hostOption as NSString).appendingPathComponent(".s.PGSQL.\(port)")
            host = nil
        } else {
            socketPath = nil
            let named =
                hostOption ?? components.host.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
            guard let named, !named.isEmpty else {
                throw StoreURLProblem("names no host (postgresql://user@HOST/database, or ?host=/socket/directory)")
            }
            host = named
        }
        let mode = options["sslmode"] ?? "prefer"
        guard let tls = TLSMode(rawValue: mode) else {
            throw StoreURLProblem("sslmode '\(mode)' is not one of disable, prefer, require")
        }
        self.tls = tls
    }

    private func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed.subtracting(CharacterSet(charactersIn: ":@")))
            ?? text
    }

    private static func bracketed(_ host: String) -> String { host.contains(":") ? "[\(host)]" : host }

    /// The text with any password in it replaced by `***`, for messages about a URL that did not read.
    ///
    /// Whatever the URL's shape: every `password=` value (any case, however often, after `?`, `&`
    /// or `;`, its name percent-encoded or not), and what stands between the first `:` after the
    /// scheme and the last `@`, with or without `//`. Every value so found, raw and decoded, is
    /// also replaced wherever else it appears in the text, the longest first.
    public static func redacted(_ message: String, url: String? = nil) -> String {
        let text = url ?? message
        var secrets: [String] = []
        if let pattern = try? NSRegularExpression(pattern: #"(?i)password=([^&;\s]*)"#) {
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { secrets.append(String(text[range])) }
            }
        }
        // The credentials: after the scheme's `://` (or from the start), up to the last `@`, the
        // password after their first `:` (without `//`, that takes the user too).
        let afterScheme = text.range(of: "://")?.upperBound ?? text.startIndex
        if let at = text[afterScheme...].lastIndex(of: "@"),
            let colon = text[afterScheme..<at].firstIndex(of: ":")
        {
            secrets.append(String(text[text.index(after: colon)..<at]))
            if let last = text[afterScheme..<at].lastIndex(of: ":"), last != colon {
                secrets.append(String(text[text.index(after: last)..<at]))
            }
        }
        // Every option whose name reads `password` once decoded (`pass%77ord=`), as the parser
        // reads it.
        if let query = text.firstIndex(of: "?") {
            for option in text[text.index(after: query)...].split(whereSeparator: { $0 == "&" || $0 == ";" }) {
                let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0]).replacingOccurrences(of: "+", with: " ")
                if parts.count == 2, (name.removingPercentEncoding ?? name).lowercased() == "password" {
                    secrets.append(String(parts[1]))
                }
            }
        }
        // Each secret raw and decoded, the longest first: a shorter one inside a longer must not
        // leave the longer's rest in clear.
        let forms = secrets.flatMap { secret in
            [
                secret, secret.removingPercentEncoding,
                secret.replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
            ]
            .compactMap { $0 }
        }
        var result = message
        for secret in Set(forms).sorted(by: { $0.count > $1.count }) where !secret.isEmpty && secret != "***" {
            result = result.replacingOccurrences(of: secret, with: "***")
        }
        return result
    }
}

/// Why a store URL does not read: one sentence, never with the password.
public struct StoreURLProblem: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension Configuration {
    /// Uses the store a URL names, from `origin` (`$MEDIASEARCH_STORE`, `--store`), over the file's.
    /// - Throws: ``MediaSearchError/invalidConfig(file:line:key:message:)``, without the password.
    public mutating func useStore(_ text: String, from origin: String) throws(MediaSearchError) {
        do throws(StoreURLProblem) {
            store = try StoreURL(parsing: text)
            origins["store"] = origin
        } catch {
            throw .invalidConfig(
                file: origin, line: nil, key: nil, message: StoreURL.redacted("'\(text)' \(error.message)", url: text))
        }
    }

    /// An egress group's name when it is one: 1-64 letters, digits, `.`, `-` or `_`.
    static func egressGroup(_ text: String) -> String? {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-_"))
        guard (1...64).contains(text.count), text.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) })
        else { return nil }
        return text
    }
}
