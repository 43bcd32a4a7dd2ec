import ArgumentParser
import MediaSearchCore

/// Options of commands that call the API.
struct NetworkOptions: ParsableArguments {
    @Flag(name: .long, help: "Neither read nor write the response cache.")
    var noCache = false

    @Flag(name: .long, help: "Ignore cached responses but store the fresh ones.")
    var refresh = false

    @Flag(name: .long, help: "Fail at once instead of waiting when the request budget is spent.")
    var noWait = false

    @Flag(name: .long, help: "Report progress and cache use on stderr even when it is not a terminal.")
    var verbose = false
}

extension CommandEnvironment {
    /// The iTunes client for a command: the configured base URL and time-out over URLSession.
    func makeClient(_ configuration: Configuration, options: NetworkOptions) -> ITunesClient {
        ITunesClient(baseURL: configuration.baseURL, transport: URLSessionTransport(), timeout: configuration.timeout)
    }

    /// Where history, state and cache live.
    var paths: StoragePaths { StoragePaths(environment: variables) }
}
