import Foundation

/// Validates JSON against the subset of JSON Schema (2020-12) that `Schemas/` uses: `type` (one
/// or a list), `required`, `properties`, `additionalProperties` (false or a schema), `items`,
/// `enum`, `const`, `minimum`, `maximum`, `minLength`, `maxLength`, `pattern`, `format: uri` and
/// local `$ref`s. Returns every violation with its path. A keyword it does not know fails the
/// check, so a schema cannot grow one that is silently skipped. It is the project's one
/// validator: the Swift tests call it, and the Python suites through `mediasearch-fixtures
/// --validate` (schemathesis keeps its own reading of the OpenAPI document, as a tool of its own).
public struct SchemaValidator {
    public let root: [String: Any]

    public init(root: [String: Any]) {
        self.root = root
    }

    /// Loads a schema of this repository's `Schemas/` folder.
    public static func load(_ name: String) throws -> SchemaValidator {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Schemas/\(name)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        return SchemaValidator(root: object ?? [:])
    }

    public func errors(_ value: Any, schema: [String: Any]? = nil, path: String = "$") -> [String] {
        var schema = schema ?? root
        if let ref = schema["$ref"] as? String {
            let name = ref.replacingOccurrences(of: "#/$defs/", with: "")
            schema = (root["$defs"] as? [String: Any])?[name] as? [String: Any] ?? [:]
        }
        var found: [String] = []
        if let constant = schema["const"], !Self.equal(constant, value) { found.append("\(path): not \(constant)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal($0, value) }) {
            found.append("\(path): \(value) is not one of \(options)")
        }
        if let type = schema["type"] {
            let types = (type as? [String]) ?? [type as? String ?? ""]
            guard types.contains(where: { Self.matches(value, $0) }) else {
                return found + ["\(path): expected \(types.joined(separator: " or ")), got \(value)"]
            }
        }
        for keyword in schema.keys where !Self.known.contains(keyword) {
            found.append("\(path): the validator does not know '\(keyword)'")
        }
        if Self.isNumber(value), let number = (value as? NSNumber)?.doubleValue {
            if let minimum = (schema["minimum"] as? NSNumber)?.doubleValue, number < minimum {
                found.append("\(path): \(number) is below \(minimum)")
            }
            if let maximum = (schema["maximum"] as? NSNumber)?.doubleValue, number > maximum {
                found.append("\(path): \(number) is above \(maximum)")
            }
        }
        if let text = value as? String {
            // Lengths in characters as JSON Schema counts them (Unicode code points).
            let length = text.unicodeScalars.count
            if let minimum = schema["minLength"] as? Int, length < minimum {
                found.append("\(path): shorter than \(minimum)")
            }
            if let maximum = schema["maxLength"] as? Int, length > maximum {
                found.append("\(path): longer than \(maximum)")
            }
            if let pattern = schema["pattern"] as? String,
                text.range(of: pattern, options: .regularExpression) == nil
            {
                found.append("\(path): '\(text)' does not match \(pattern)")
            }
            if schema["format"] as? String == "uri", URL(string: text)?.scheme == nil {
                found.append("\(path): '\(text)' is not a URI")
            }
        }
        if let object = value as? [String: Any], !(value is NSNull) {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil {
                found.append("\(path): missing \(key)")
            }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, child) in object {
                if let property = properties[key] as? [String: Any] {
                    found += errors(child, schema: property, path: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"] as? [String: Any] {
                    found += errors(child, schema: extra, path: "\(path).\(key)")
                } else if schema["additionalProperties"] as? Bool == false {
                    found.append("\(path): unexpected key \(key)")
                }
            }
        }
        if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() {
                found += errors(element, schema: items, path: "\(path)[\(index)]")
            }
        }
        return found
    }

    /// The errors of one `$defs` entry, e.g. a `jsonl` line against `result`.
    public func errors(_ value: Any, definition: String) -> [String] {
        errors(value, schema: ["$ref": "#/$defs/\(definition)"])
    }

    /// The keywords checked above, and those that only describe.
    static let known: Set<String> = [
        "$ref", "const", "enum", "type", "required", "properties", "additionalProperties", "items", "minimum",
        "maximum", "minLength", "maxLength", "pattern", "format", "$schema", "$id", "$defs", "title",
        "description", "examples", "default",
    ]

    static func matches(_ value: Any, _ type: String) -> Bool {
        switch type {
        case "null": return value is NSNull
        case "boolean": return (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? false
        case "integer":
            return isNumber(value) && (value as? NSNumber).map { $0.doubleValue.rounded() == $0.doubleValue } == true
        case "number": return isNumber(value)
        case "string": return value is String
        case "array": return value is [Any]
        case "object": return value is [String: Any]
        default: return false
        }
    }

    static func isNumber(_ value: Any) -> Bool {
        guard let number = value as? NSNumber, !(value is String) else { return false }
        return !matches(number, "boolean")
    }

    static func equal(_ a: Any, _ b: Any) -> Bool {
        (a as? NSObject).map { $0.isEqual(b) } ?? false
    }
}
