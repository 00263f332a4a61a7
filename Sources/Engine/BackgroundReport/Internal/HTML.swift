import BackgroundCore

/// Escaping and number formatting for the report's HTML and SVG.
enum HTML {
    /// A page's start, from the doctype to the end of its `<head>`: the title and an inline style sheet.
    static func head(title: String, style: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="bgkit">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        """
    }

    /// `text` escaped for element content and quoted attribute values.
    static func escape(_ text: String) -> String { MarkupEscaping.escape(text) }

    /// A coordinate in SVG user units with one decimal: the same value always gives the same text.
    static func number(_ value: Double) -> String {
        TextTimelineRenderer.fixed(value.isFinite ? value : 0, 1)
    }

    /// The clock time of `time` (`HH:MM:SS`, UTC), for axis labels.
    static func clock(_ time: SimTime) -> String {
        let text = time.rfc3339
        let start = text.index(text.startIndex, offsetBy: 11)
        return String(text[start..<text.index(start, offsetBy: 8)])
    }

    /// The date and clock time of `time` (`YYYY-MM-DD HH:MM:SS`, UTC).
    static func dateTime(_ time: SimTime) -> String {
        let text = time.rfc3339
        return String(text.prefix(10)) + " " + clock(time)
    }

    /// A distance as people read it: `350 m`, `2 km`, `1.5 km`.
    static func distance(_ metres: Double) -> String {
        guard metres >= 1000 else { return TextTimelineRenderer.fixed(metres, 0) + " m" }
        let kilometres = metres / 1000
        return TextTimelineRenderer.fixed(kilometres, kilometres == kilometres.rounded() ? 0 : 1) + " km"
    }
}
