import ArgumentParser
import Foundation
import MediaSearchCore
import MediaSearchKit
import Synchronization

/// Options of commands that call the API.
public struct NetworkOptions: ParsableArguments {
    @Flag(name: .long, help: "Neither read nor write the response cache.")
    public var noCache = false

    @Flag(name: .long, help: "Ignore cached responses but store the fresh ones.")
    public var refresh = false

    @Flag(name: .long, help: "Fail at once instead of waiting when the request budget is spent.")
    public var noWait = false

    @Flag(name: .long, help: "Use no network: answer from the offline library and the cache only.")
    public var offline = false

    @Flag(name: .long, help: "Report progress and cache use on stderr even when it is not a terminal.")
    public var verbose = false

    public init() {}
}
