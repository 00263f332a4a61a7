import BackgroundCore
import BackgroundPushes
import Yams

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
        case .scalar, .alias:
            switch node.tag.rawValue {
            case Tag.Name.null.rawValue: return .null
            case Tag.Name.bool.rawValue:
                if let value = node.bool { return .bool(value) }
                return .string(try string())
            case Tag.Name.int.rawValue, Tag.Name.float.rawValue:
                guard let number = node.float, number.isFinite else {
                    throw error("'\(ManifestValue.shown(try string()))' is not a number JSON can hold; quote it to send it as text")
                }
                return .number(number)
            default: return .string(try string())
            }
        }
    }
}
