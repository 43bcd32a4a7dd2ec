import ArgumentParser
import MediaSearchCore
import MediaSearchKit

/// How text for people reaches a terminal: colors and the pager (search and show).
struct TerminalOptions: ParsableArguments {
    @Option(name: .long, help: "Color and links: auto (on a terminal), always (e.g. for less -R) or never.")
    var color: TextStyle.Choice = .auto

    @Flag(name: .long, help: "Print long text directly instead of through $PAGER (on a terminal).")
    var noPager = false
}
