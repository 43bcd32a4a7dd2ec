/// Reading a source's settings into `Decodable` types: a source type declares what it reads as
/// a type (its coding keys are the keys of `config.yaml`), and this decoder reads it, with the
/// problems the config's reader reports, each naming its key and line:
///
/// - a key the type does not read is `unknown key (known here: …)`, at any depth, and comes
///   before any other problem when the type's keys cannot even name it (`ulr:`, whose absence
///   left `url` missing);
/// - a required key that is missing `is required`;
/// - text where a mapping or a list belongs (and the reverse), or a number that is none, says
///   what was expected.
///
/// A mapping whose order matters (a source's facts, its lists) reads as a ``NamedSettings``.
extension SettingNode {
    /// The value of `type` this node holds.
    public func decode<T: Decodable>(_ type: T.Type) throws(SourceSettingProblem) -> T {
        let ledger = SettingDecoder.Ledger()
        let value: T
        do {
            value = try T(from: SettingDecoder(node: self, path: [], ledger: ledger))
        } catch {
            // A misspelt key first: its absence is often what failed (`ulr:` leaves `url` missing).
            try ledger.checkNoKeyIsForeign()
            switch error {
            case let problem as SourceSettingProblem: throw problem
            case let error as DecodingError: throw SettingDecoder.problem(error, in: self)
            default: throw SourceSettingProblem(key: "", line: line, message: "\(error)")
            }
        }
        try ledger.checkEveryKeyWasRead()
        return value
    }

    /// The node at a dotted key (`facts.Pages.unit`), or the nearest one above it that exists.
    public func nearest(_ key: String) -> SettingNode {
        var node = self
        var rest = key[...]
        while !rest.isEmpty {
            // A key may hold dots itself: the longest key of this mapping that starts the rest.
            let next = node.entries.filter { rest == $0.key[...] || rest.hasPrefix($0.key + ".") }
                .max { $0.key.count < $1.key.count }
            guard let next else { break }
            node = next.value
            rest = rest.dropFirst(next.key.count).drop { $0 == "." }
        }
        return node
    }
}

extension Decoder {
    /// A problem with the value being read, at its key and line when it is read from settings.
    public func settingProblem(_ message: String) -> any Error {
        guard let decoder = self as? SettingDecoder else {
            return DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
        }
        return SourceSettingProblem(key: decoder.key, line: decoder.node.line, message: message)
    }
}

/// A mapping of settings whose order matters, each value knowing the key it stands under:
/// `facts: {Pages: …, Language: …}` are two facts, in that order, labelled Pages and Language.
/// Missing, it is empty.
public struct NamedSettings<Element: NamedSetting>: Sendable, Hashable, Decodable, RandomAccessCollection,
    ExpressibleByArrayLiteral
{
    public var elements: [Element]

    public init(_ elements: [Element]) { self.elements = elements }
    public init(arrayLiteral elements: Element...) { self.elements = elements }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SettingKey.self)
        elements = try container.allKeys.map { key in
            var element = try container.decode(Element.self, forKey: key)
            element[keyPath: Element.nameKey] = key.stringValue
            return element
        }
    }

    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
    public mutating func append(_ element: Element) { elements.append(element) }
}

/// A value of ``NamedSettings``: where it keeps the key it stands under.
public protocol NamedSetting: Sendable, Hashable, Decodable {
    static var nameKey: WritableKeyPath<Self, String> { get }
}

extension KeyedDecodingContainer {
    /// Named settings are optional: a key left out is none.
    public func decode<Element>(_ type: NamedSettings<Element>.Type, forKey key: Key) throws -> NamedSettings<Element> {
        try decodeIfPresent(type, forKey: key) ?? []
    }
}

/// Any key of a mapping.
struct SettingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The decoder of ``SettingNode/decode(_:)``.
final class SettingDecoder: Decoder {
    let node: SettingNode
    let path: [String]
    let ledger: Ledger

    init(node: SettingNode, path: [String], ledger: Ledger) {
        self.node = node
        self.path = path
        self.ledger = ledger
    }

    var codingPath: [any CodingKey] { path.map(SettingKey.init(stringValue:)) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// The dotted key being read, as problems name it.
    var key: String { path.joined(separator: ".") }

    func child(_ node: SettingNode, _ key: String) -> SettingDecoder {
        SettingDecoder(node: node, path: path + [key], ledger: ledger)
    }

    func problem(_ message: String) -> SourceSettingProblem {
        SourceSettingProblem(key: key, line: node.line, message: message)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .mapping(let entries, _) = node else { throw problem("expected a mapping") }
        let ledger = ledger.open(key, entries: entries, keys: type)
        return KeyedDecodingContainer(Keyed<Key>(decoder: self, entries: entries, ledger: ledger))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .list(let items, _) = node else { throw problem("expected a list") }
        return Unkeyed(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    /// What each mapping read so far was asked for, to find the keys nobody reads.
    final class Ledger {
        /// One mapping as read, by whichever types read it (a node may be read twice: one shape
        /// tried, then another).
        final class Mapping {
            let key: String
            let entries: [SettingNode.Entry]
            /// The keys asked for, in the order asked.
            var asked: [String] = []
            /// Entries a reader's keys cannot even name (a key type of fixed cases), and every
            /// key those types know: what a misspelt key is reported against.
            var foreign: [SettingNode.Entry] = []
            var known: [String] = []
            init(key: String, entries: [SettingNode.Entry]) {
                self.key = key
                self.entries = entries
            }
            func ask(_ name: String) { if !asked.contains(name) { asked.append(name) } }
        }
        var mappings: [String: Mapping] = [:]

        func open<Key: CodingKey>(_ key: String, entries: [SettingNode.Entry], keys: Key.Type) -> Mapping {
            let mapping = mappings[key] ?? Mapping(key: key, entries: entries)
            mappings[key] = mapping
            let foreign = entries.filter { Key(stringValue: $0.key) == nil }
            if !foreign.isEmpty {
                mapping.foreign += foreign.filter { entry in !mapping.foreign.contains { $0.key == entry.key } }
                for name in Self.cases(of: keys) where !mapping.known.contains(name) { mapping.known.append(name) }
            }
            return mapping
        }

        /// Every key of a key type of fixed cases; none for one that takes any key. Asked only
        /// when a mapping has a key the type cannot name.
        static func cases<Key: CodingKey>(of keys: Key.Type) -> [String] {
            guard let all = keys as? any CaseIterable.Type else { return [] }
            func names<Cases: CaseIterable>(_ type: Cases.Type) -> [String] {
                type.allCases.compactMap { ($0 as? any CodingKey)?.stringValue }
            }
            return names(all)
        }

        /// The first key (in the file's order) that no type read.
        func checkEveryKeyWasRead() throws(SourceSettingProblem) {
            try report(
                mappings.values.flatMap { mapping in
                    mapping.entries.filter { !mapping.asked.contains($0.key) }.map { (mapping, $0) }
                })
        }

        /// The first key (in the file's order) that a reader's keys cannot name.
        func checkNoKeyIsForeign() throws(SourceSettingProblem) {
            try report(
                mappings.values.flatMap { mapping in
                    mapping.foreign.filter { !mapping.asked.contains($0.key) }.map { (mapping, $0) }
                })
        }

        private func report(_ unread: [(Mapping, SettingNode.Entry)]) throws(SourceSettingProblem) {
            guard let (mapping, entry) = unread.min(by: { ($0.1.value.line ?? 0) < ($1.1.value.line ?? 0) }) else {
                return
            }
            let known = mapping.known.isEmpty ? mapping.asked : mapping.known
            throw SourceSettingProblem(
                key: mapping.key.isEmpty ? entry.key : "\(mapping.key).\(entry.key)", line: entry.value.line,
                message: "unknown key (known here: \(known.joined(separator: ", ")))")
        }
    }

    /// A problem of Swift's own decoding (a value out of a type's cases), at its key.
    static func problem(_ error: DecodingError, in root: SettingNode) -> SourceSettingProblem {
        let (context, message): (DecodingError.Context, String) =
            switch error {
            case .dataCorrupted(let context): (context, context.debugDescription)
            case .keyNotFound(let key, let context):
                (.init(codingPath: context.codingPath + [key], debugDescription: ""), "is required")
            case .typeMismatch(_, let context), .valueNotFound(_, let context): (context, context.debugDescription)
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let key = context.codingPath.map(\.stringValue).joined(separator: ".")
        return SourceSettingProblem(key: key, line: root.nearest(key).line, message: message)
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: SettingDecoder
        let entries: [SettingNode.Entry]
        let ledger: Ledger.Mapping

        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] {
            entries.compactMap { entry in
                guard let key = Key(stringValue: entry.key) else { return nil }
                ledger.ask(entry.key)
                return key
            }
        }

        func contains(_ key: Key) -> Bool {
            ledger.ask(key.stringValue)
            return entries.contains { $0.key == key.stringValue }
        }

        func child(_ key: Key) throws -> SettingDecoder {
            ledger.ask(key.stringValue)
            guard let entry = entries.first(where: { $0.key == key.stringValue }) else {
                throw SourceSettingProblem(
                    key: (decoder.path + [key.stringValue]).joined(separator: "."), line: decoder.node.line,
                    message: "is required")
            }
            return decoder.child(entry.value, key.stringValue)
        }

        func decodeNil(forKey key: Key) throws -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: child(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).text() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).integer() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).number() }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).boolean() }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).parse(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).parse(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).parse(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).parse(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).parse(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).parse(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).parse(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).parse(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).parse(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).parse(type) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        { try child(key).container(keyedBy: type) }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try child(key).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: SettingDecoder
        let items: [SettingNode]
        var currentIndex = 0

        init(decoder: SettingDecoder, items: [SettingNode]) {
            self.decoder = decoder
            self.items = items
        }

        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        mutating func next() throws -> SettingDecoder {
            guard !isAtEnd else { throw decoder.problem("expected more entries") }
            defer { currentIndex += 1 }
            return decoder.child(items[currentIndex], String(currentIndex))
        }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }
        mutating func decode(_ type: String.Type) throws -> String { try next().text() }
        mutating func decode(_ type: Int.Type) throws -> Int { try next().integer() }
        mutating func decode(_ type: Double.Type) throws -> Double { try next().number() }
        mutating func decode(_ type: Bool.Type) throws -> Bool { try next().boolean() }
        mutating func decode(_ type: Float.Type) throws -> Float { try next().parse(type) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try next().parse(type) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try next().parse(type) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try next().parse(type) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try next().parse(type) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try next().parse(type) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next().parse(type) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next().parse(type) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next().parse(type) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next().parse(type) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        { try next().container(keyedBy: type) }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next().unkeyedContainer()
        }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: SettingDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }
        func decode(_ type: String.Type) throws -> String { try decoder.text() }
        func decode(_ type: Int.Type) throws -> Int { try decoder.integer() }
        func decode(_ type: Double.Type) throws -> Double { try decoder.number() }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.boolean() }
        func decode(_ type: Float.Type) throws -> Float { try decoder.parse(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.parse(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.parse(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.parse(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.parse(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.parse(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.parse(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.parse(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.parse(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.parse(type) }
    }

    func text() throws -> String {
        guard case .text(let text, _) = node else { throw problem("expected a word or text") }
        return text
    }

    func integer() throws -> Int {
        let text = try text()
        guard let value = Int(text) else { throw problem("'\(text)' is not a whole number") }
        return value
    }

    func number() throws -> Double {
        let text = try text()
        guard let value = Double(text), value.isFinite else { throw problem("'\(text)' is not a number") }
        return value
    }

    /// Any other number a type reads, within its range.
    func parse<Number: LosslessStringConvertible>(_ type: Number.Type) throws -> Number {
        let text = try text()
        guard let value = Number(text) else { throw problem("'\(text)' is not a number of this kind") }
        return value
    }

    func boolean() throws -> Bool {
        let text = try text()
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw problem("'\(text)' is not true or false")
        }
    }
}
