import ArgumentParser

/// Options every command that reads config takes.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Read settings from this file instead of the usual places.")
    var config: String?

    @Option(name: .long, help: "text for people, json for programs.")
    var format: OutputFormat = .text
}
