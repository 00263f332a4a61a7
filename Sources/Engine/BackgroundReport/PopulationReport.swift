import BackgroundCore

/// The HTML page of a population run (`bgtask simulate --users N --report PATH`): the distribution table
/// and a histogram for each measure, as SVG bars, in one self-contained page (no script, no network).
///
/// ```swift
/// var report = PopulationReport(title: "1000 users of com.example.news", table: tableLines)
/// report.add(PopulationReport.Chart(title: "content age at open", note: "p50 3h, p90 9h", bars: [("0s", 12), ("1m", 40)]))
/// try report.write(to: "population.html")
/// ```
package struct PopulationReport {
    /// One histogram: a title, a line under it and its bars (a label for each bar's lower edge and a count).
    package struct Chart {
        package var title: String
        package var note: String
        package var bars: [(label: String, count: Int)]

        package init(title: String, note: String, bars: [(label: String, count: Int)]) {
            self.title = title
            self.note = note
            self.bars = bars
        }
    }

    package var title: String
    /// The table as the command prints it, one line each.
    package var table: [String]
    package private(set) var charts: [Chart] = []

    package init(title: String, table: [String]) {
        self.title = title
        self.table = table
    }

    package mutating func add(_ chart: Chart) {
        charts.append(chart)
    }

    /// The page.
    package func html() -> String {
        let style = "body{margin:0 auto;max-width:1000px;padding:18px 20px 40px;font:14px/1.45 system-ui,sans-serif;color:#1d2733}"
            + "pre{background:#f3f6f9;padding:10px;overflow-x:auto}rect.bar{fill:#2f6fd6}text{font-size:10px;fill:#5c6b7a}"
        var html = HTML.head(title: title, style: style) + """

            <body data-charts="\(charts.count)">
            <header><h1>\(HTML.escape(title))</h1></header>
            <pre>\(HTML.escape(table.joined(separator: "\n")))</pre>

            """
        for chart in charts { html += Self.section(chart) }
        return html + "</body>\n</html>\n"
    }

    /// Writes the page to `path`, replacing the file.
    ///
    /// - Throws: ``ReportWriteError`` when the file cannot be written.
    package func write(to path: String) throws(ReportWriteError) {
        if let problem = WholeFile.replace(path, with: html()) { throw ReportWriteError(path: path, message: problem) }
    }

    private static func section(_ chart: Chart) -> String {
        var out = "<section><h2>\(HTML.escape(chart.title))</h2><p>\(HTML.escape(chart.note))</p>\n"
        guard let tallest = chart.bars.map(\.count).max(), tallest > 0 else { return out + "<p>No values.</p></section>\n" }
        let width = 940.0, height = 160.0, slot = width / Double(chart.bars.count)
        out += "<svg width=\"\(HTML.number(width))\" height=\"\(HTML.number(height + 30))\" role=\"img\">"
        for (index, bar) in chart.bars.enumerated() {
            let h = height * Double(bar.count) / Double(tallest)
            let x = Double(index) * slot
            out += "<rect class=\"bar\" x=\"\(HTML.number(x + 1))\" y=\"\(HTML.number(height - h))\" width=\"\(HTML.number(max(slot - 2, 1)))\" "
                + "height=\"\(HTML.number(h))\"><title>\(HTML.escape(bar.label)): \(bar.count)</title></rect>"
            if index % max(1, chart.bars.count / 10) == 0 {
                out += "<text x=\"\(HTML.number(x + 1))\" y=\"\(HTML.number(height + 14))\">\(HTML.escape(bar.label))</text>"
            }
        }
        return out + "</svg></section>\n"
    }
}
