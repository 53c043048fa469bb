import Foundation

/// A JSON document as a tree, so the catalog reader can walk it and report every problem with its path
/// instead of stopping at the first one (which is all `Decodable` would give us).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// What the value is, for messages: "a string", "an array", ...
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: Decodable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses JSON text. The error message says what is wrong and, where the parser knows, where.
    public static func parse(_ data: Data) throws(CatalogProblem) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            var reason = "not valid JSON"
            if let underlying = context.underlyingError {
                reason += ": \(describe(underlying))"
            } else if !context.debugDescription.isEmpty {
                reason += ": \(context.debugDescription)"
            }
            throw CatalogProblem(path: .root, reason: reason)
        } catch {
            throw CatalogProblem(path: .root, reason: "not valid JSON: \(describe(error))")
        }
    }

    private static func describe(_ error: Error) -> String {
        let ns = error as NSError
        if let detail = ns.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return ns.localizedDescription
    }
}

/// A location in a JSON document, printed as `$.products[3].prices.JPN`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public static let root = JSONPath(components: [])

    public func appending(_ key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }
    public func appending(_ index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }

    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .key(let key):
                let plain = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                text += plain ? ".\(key)" : "[\"\(key)\"]"
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

/// One thing wrong with a catalog: where, and why.
public struct CatalogProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: JSONPath
    public var reason: String

    public init(path: JSONPath, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
