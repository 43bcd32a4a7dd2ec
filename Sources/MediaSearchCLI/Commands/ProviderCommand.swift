import Foundation
import MediaSearchCore
import MediaSearchKit

/// A command that runs with the registered providers rather than ArgumentParser's `run()`.
public protocol ProviderCommand {
    /// Runs the command and returns its exit code.
    func execute(in environment: CommandEnvironment) async throws -> Int32
}
