/// Escaping text for XML and HTML, shared by the GPX writer and the HTML report.
package enum MarkupEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element content and in quoted
    /// attribute values alike, in XML and in HTML.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
