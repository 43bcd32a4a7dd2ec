import ArgumentParser

/// Output format of a command that prints one document.
enum DocumentFormat: String, ExpressibleByArgument, CaseIterable {
    /// Text for people.
    case text
    /// One JSON document for programs.
    case json
}
