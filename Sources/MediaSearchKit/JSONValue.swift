/// Any JSON value: what an unknown payload is kept as, and what the JSON answers of declarative
/// and external providers are read into.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The decoder's setting (`JSONDecoder.userInfo`) of how many values of each list are read,
    /// from its start; every value when it is not set.
    public static let listLimit = CodingUserInfoKey(rawValue: "mediasearch.listLimit")!

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let value = try? c.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? c.decode(Double.self) {
            self = .number(value)
        } else if let value = try? c.decode(String.self) {
            self = .string(value)
        } else if var list = try? decoder.unkeyedContainer() {
            // At most ``listLimit`` values of a list (the decoder's setting): the rest are never
            // decoded, so an answer of 300,000 results costs what the page it serves costs.
            let limit = decoder.userInfo[Self.listLimit] as? Int ?? .max
            var values: [JSONValue] = []
            while !list.isAtEnd, values.count < limit { values.append(try list.decode(JSONValue.self)) }
            self = .array(values)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let value): try c.encode(value)
        case .number(let value): try c.encode(value)
        case .string(let value): try c.encode(value)
        case .array(let value): try c.encode(value)
        case .object(let value): try c.encode(value)
        }
    }
}

extension JSONValue {
    /// A text, or `null`.
    public init(_ text: String?) { self = text.map { .string($0) } ?? .null }
    /// A whole number, or `null`.
    public init(_ number: Int?) { self = number.map { .number(Double($0)) } ?? .null }
    /// A number, or `null`.
    public init(_ number: Double?) { self = number.map { .number($0) } ?? .null }
    /// A truth value, or `null`.
    public init(_ flag: Bool?) { self = flag.map { .bool($0) } ?? .null }
    /// A list of texts.
    public init(_ texts: [String]) { self = .array(texts.map { .string($0) }) }
}
