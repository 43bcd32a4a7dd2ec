import Foundation
import MediaSearchKit

/// Encodes command output as pretty, stable JSON (sorted keys, unescaped slashes).
public enum JSONOutput {
    /// The JSON text of a value, ending in a newline.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The pretty JSON text of a value built as a ``JSONValue`` (sorted keys, unescaped slashes),
    /// ending in a newline: the same text as ``encode(_:)`` writes, at a fraction of the cost.
    public static func text(_ value: JSONValue) -> String {
        value.text(pretty: true) + "\n"
    }

    /// The same text as ``text(_:)``, handed to `sink` in pieces as it is written (see
    /// ``JSONValue/write(pretty:chunk:to:)``): what a command prints when the document is large.
    public static func write(_ value: JSONValue, chunk: Int = 64 * 1024, to sink: ([UInt8]) -> Void) {
        value.write(pretty: true, chunk: chunk, to: sink)
        sink([UInt8(ascii: "\n")])
    }
}
