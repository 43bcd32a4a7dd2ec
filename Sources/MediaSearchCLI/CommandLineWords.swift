/// What a command line says before ArgumentParser reads it, read in one pass: the config file it
/// names, the command (after a leading `help`), whether it asks for help, the kinds `--kind`
/// names, and whether `search` is among its words. The programs to ask, the sources whose filters
/// `search` takes and the config file to read are all decided from this one reading; only the
/// filters themselves are then taken off the line (``FilterArguments``), which changes it.
package struct CommandLineWords: Equatable {
    /// `--config PATH` (the first), else `--config=PATH` (the first).
    package var configPath: String?
    /// The command: the first word after a leading `help`.
    package var verb: String?
    /// `help COMMAND`, `--help` or `-h`.
    package var asksHelp = false
    /// What `--kind`, `-k` and `--kind=` name, split at commas.
    package var kinds: Set<String> = []
    /// Whether a word is `search` (the command, or `help search`).
    package var mentionsSearch = false

    package init(_ arguments: [String]) {
        let words = arguments.first == "help" ? Array(arguments.dropFirst()) : arguments
        verb = words.first
        asksHelp = arguments.first == "help"
        var spaced: String?
        var joined: String?
        for (index, word) in arguments.enumerated() {
            let next = arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
            switch word {
            case "--config": if spaced == nil { spaced = next }
            case "--help", "-h": asksHelp = true
            case "--kind", "-k": if let next { kinds.formUnion(next.split(separator: ",").map(String.init)) }
            case "search": mentionsSearch = true
            default:
                if joined == nil, word.hasPrefix("--config=") { joined = String(word.dropFirst("--config=".count)) }
                if word.hasPrefix("--kind=") {
                    kinds.formUnion(word.dropFirst("--kind=".count).split(separator: ",").map(String.init))
                }
            }
        }
        configPath = spaced ?? joined
    }

    /// Which programs a command line asks to describe themselves (docs/providers.md, "When a
    /// program runs"), given the kinds the config enables and every word that names a kind.
    package func askedPrograms(kinds enabled: [String], knownWords: Set<String>) -> MediaSearchCLI.AskedPrograms {
        guard let verb else { return .none }
        if verb == "--generate-completion-script" || verb == "providers" { return .all }
        if asksHelp { return verb == "search" ? .all : .none }
        guard ["search", "show", "open", "serve", "config", "suggest"].contains(verb) else { return .none }
        let named = Set(enabled).union(kinds)
        return named.isSubset(of: knownWords) ? .named(named) : .all
    }
}
