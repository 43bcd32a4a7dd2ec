import ArgumentParser

/// Output format of a command.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
