import ArgumentParser
import MediaSearchCore

extension TextStyle.Choice: ExpressibleByArgument {}

/// Options every command that reads config takes.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "Read settings from this file instead of the usual places.")
    var config: String?

    @Option(
        name: .long,
        help:
            "text for people, json for programs; search also takes lines (tab-separated, the default when piped) and jsonl."
    )
    var format: OutputFormat?

    @Option(name: .long, help: "Color and links: auto (on a terminal), always (e.g. for less -R) or never.")
    var color: TextStyle.Choice = .auto

    @Flag(name: .long, help: "Print long text directly instead of through $PAGER (on a terminal).")
    var noPager = false

    /// The format of a command that prints one document: text unless JSON was asked for.
    var document: OutputFormat { format?.document ?? .text }
}
