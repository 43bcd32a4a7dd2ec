import MediaSearchCore
import MediaSearchKit

/// Provider filters are declared at run time, so they are taken off the `search` command line
/// before ArgumentParser sees it.
enum FilterArguments {
    /// The arguments without the filters, and the filter values by name.
    static func extract(
        from arguments: [String], providers: [any MediaProvider]
    ) throws(MediaSearchError) -> ([String], [String: String]) {
        guard let searchIndex = arguments.firstIndex(where: { !$0.hasPrefix("-") }), arguments[searchIndex] == "search"
        else { return (arguments, [:]) }
        let names = Set(providers.flatMap { $0.filters.map(\.name) })
        var rest = Array(arguments[...searchIndex])
        var filters: [String: String] = [:]
        var index = searchIndex + 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest.append(contentsOf: arguments[index...])
                break
            }
            let option = argument.hasPrefix("--") ? String(argument.dropFirst(2)) : ""
            let (name, inline) =
                option.firstIndex(of: "=").map { (String(option[..<$0]), String(option[option.index(after: $0)...])) }
                ?? (option, nil)
            guard names.contains(name) else {
                rest.append(argument)
                index += 1
                continue
            }
            if let inline {
                filters[name] = inline
                index += 1
            } else if index + 1 < arguments.count {
                filters[name] = arguments[index + 1]
                index += 2
            } else {
                throw .usage("--\(name) needs a value")
            }
        }
        return (rest, filters)
    }

    /// Joins `--limit -1` into `--limit=-1`, so a negative number reaches validation (and its clear
    /// message) instead of being read as an unknown option.
    static func joinNegativeNumbers(_ arguments: [String]) -> [String] {
        let numeric: Set<String> = ["--limit", "--offset", "--page", "--width", "--result"]
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if numeric.contains(argument), index + 1 < arguments.count,
                arguments[index + 1].hasPrefix("-"), Int(arguments[index + 1]) != nil
            {
                out.append("\(argument)=\(arguments[index + 1])")
                index += 2
            } else {
                out.append(argument)
                index += 1
            }
        }
        return out
    }

    /// The "Provider filters" part of `search --help`.
    /// The kinds `--kind` takes (the enabled ones first) and every provider's filters, laid out
    /// like ArgumentParser's own options and wrapped to `width` columns.
    static func helpSection(for providers: [any MediaProvider], enabled: [any MediaProvider], width: Int) -> String {
        let width = max(width, 40)
        let off = providers.map(\.kind).filter { kind in !enabled.contains { $0.kind == kind } }
        var lines = ["KINDS (for --kind):"]
        lines += wrap("enabled: \(enabled.map(\.kind).joined(separator: ", "))", indent: 2, width: width)
        // Words that name several enabled providers at once: a kind of media, a source.
        var seen: Set<String> = []
        let media = enabled.map(\.mediaKind).filter { seen.insert($0).inserted }.compactMap { media -> String? in
            let named = enabled.filter { $0.mediaKind == media }.map(\.kind)
            return named == [media] ? nil : "\(media) (\(named.joined(separator: ", ")))"
        }
        if !media.isEmpty {
            lines += wrap("kinds of media: \(media.joined(separator: ", "))", indent: 2, width: width)
        }
        seen = Set(enabled.map(\.kind))
        let sources = enabled.map(\.source).filter { seen.insert($0).inserted }
        if sources.count > 1 {
            lines += wrap(
                "sources: \(sources.joined(separator: ", ")) (for --kind or --source)", indent: 2, width: width)
        }
        if !off.isEmpty {
            lines += wrap(
                "off: \(off.joined(separator: ", ")) (add them to kinds: in config.yaml to search them)",
                indent: 2, width: width)
        }
        lines += ["", "PROVIDER FILTERS:"]
        for provider in providers where !provider.filters.isEmpty {
            lines.append("  \(provider.kind):")
            for filter in provider.filters {
                let option = "    --\(filter.name) <\(filter.valueType.label)>"
                let help = filter.help + (filter.attribute == nil ? "" : " (can be the search itself)")
                let column = 28
                var wrapped = wrap(help, indent: column, width: width)
                if option.count < column - 1 {
                    wrapped[0] = option + String(wrapped[0].dropFirst(option.count))
                } else {
                    wrapped.insert(option, at: 0)
                }
                lines += wrapped
            }
        }
        lines += wrap("A filter limits the search to the kinds that offer it.", indent: 2, width: width)
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns, each indented by `indent` spaces.
    static func wrap(_ text: String, indent: Int, width: Int) -> [String] {
        let room = max(width - indent, 20)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(String(word)) > room {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        let pad = String(repeating: " ", count: indent)
        return lines.map { pad + $0 }
    }
}
