import BackgroundCore
import BackgroundPushes
import JSON
import YAML

extension ManifestValue {
    /// The value as JSON, for a payload written in the manifest (`payload: {aps: {content-available: 1}}`):
    /// YAML's plain numbers, booleans and `null` become JSON's, a quoted scalar stays text.
    func jsonValue() throws(InputError) -> JSONValue {
        switch node {
        case .mapping:
            var members: [JSONValue.Member] = []
            for (name, value) in try entries() { members.append(JSONValue.Member(name, try value.jsonValue())) }
            return .object(members)
        case .sequence:
            var items: [JSONValue] = []
            for item in try list() { items.append(try item.jsonValue()) }
            return .array(items)
        case .scalar(let scalar):
            // YAML's core schema for plain scalars; anything quoted or tagged is text.
            guard scalar.isPlain else { return .string(scalar.string) }
            switch scalar.string {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default:
                let text = scalar.string
                guard let first = text.utf8.first, Self.numberStart.contains(first),
                    text.utf8.allSatisfy(Self.numberCharacters.contains), let number = Double(text)
                else { return .string(text) }
                guard number.isFinite else {
                    throw error("'\(ManifestValue.shown(text))' is not a number JSON can hold; quote it to send it as text")
                }
                return .number(number)
            }
        }
    }

    /// The bytes a plain number may start with, and hold (decimal integers and floats, as JSON writes them).
    private static let numberStart = Set("+-.0123456789".utf8)
    private static let numberCharacters = Set("+-.0123456789eE".utf8)
}
