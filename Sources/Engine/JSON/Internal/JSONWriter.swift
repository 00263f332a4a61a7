import BackgroundCore

/// Writes a ``JSONValue`` as compact JSON text (``JSONValue/jsonText``), with the timeline's own number and
/// string forms (`JSONObjectWriter`).
enum JSONWriter {
    static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += JSONObjectWriter.number(number)
        case .string(let text): JSONObjectWriter.appendString(text, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                write(element, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                JSONObjectWriter.appendString(member.key, to: &out)
                out += ":"
                write(member.value, into: &out)
            }
            out += "}"
        }
    }
}
