import MediaSearchCore

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
    static func helpSection(for providers: [any MediaProvider]) -> String {
        var lines = ["PROVIDER FILTERS:"]
        for provider in providers where !provider.filters.isEmpty {
            lines.append("  \(provider.kind):")
            for filter in provider.filters {
                let option = "--\(filter.name) <\(filter.valueType.label)>"
                let padded =
                    option.count < 28 ? option + String(repeating: " ", count: 28 - option.count) : option + " "
                lines.append(
                    "    \(padded)\(filter.help)\(filter.attribute == nil ? "" : " (can be the search itself)")")
            }
        }
        lines.append("  A filter limits the search to the kinds that offer it.")
        return lines.joined(separator: "\n")
    }
}
