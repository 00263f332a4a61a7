import BackgroundCore

/// Draws the timeline strip over a shared time axis: the rows of each lane (``StripLane``) in rank order —
/// a state lane's spans, a bar lane's bars and ticks — and last the location row of the map's markers.
struct StripRenderer {
    static let width = 960.0
    static let labelWidth = 170.0
    static let rowHeight = 22.0
    static let axisHeight = 26.0
    /// Rows of a bar lane (tasks, audio files) beyond this many are not drawn (the events table still lists them).
    static let maximumRows = 24

    let collection: ReportCollection

    /// The strip's SVG, or nil when the run recorded nothing.
    func render() -> String? {
        guard let first = collection.first, let last = collection.last else { return nil }
        let axis = Axis(start: first, end: last, left: Self.labelWidth, right: Self.width - 12)
        var rows: [String] = []

        for lane in collection.strip {
            for (index, label) in lane.lane.rows.enumerated() where !lane.changes.isEmpty {
                rows.append(row(label, spans(lane.changes, style: index, until: last, axis: axis)))
            }
            for (index, label) in lane.rows.prefix(Self.maximumRows).enumerated() {
                var content = ""
                for bar in lane.bars where bar.row == index {
                    content += self.bar(bar, class: lane.lane.barStyle + " " + bar.outcome.rawValue, until: last, axis: axis)
                }
                for tick in lane.ticks where tick.row == index {
                    content += self.tick(at: tick.time, class: "tick " + tick.style, text: tick.text, axis: axis)
                }
                rows.append(row(label, content))
            }
        }
        if !collection.markers.isEmpty {
            var content = ""
            for marker in collection.markers {
                content += tick(
                    at: marker.time, class: "tick " + ReportPage.cssClass(marker.kind), text: marker.text, axis: axis,
                    number: marker.number)
            }
            rows.append(row("location", content))
        }
        guard !rows.isEmpty else { return nil }

        let height = Self.axisHeight + Double(rows.count) * Self.rowHeight + 4
        var svg = """
            <svg id="strip" viewBox="0 0 \(HTML.number(Self.width)) \(HTML.number(height))" \
            width="\(HTML.number(Self.width))" height="\(HTML.number(height))" role="img" aria-label="Timeline of the run">

            """
        svg += axis.render(height: height)
        for (index, content) in rows.enumerated() {
            let y = Self.axisHeight + Double(index) * Self.rowHeight
            svg += "<g class=\"row\" transform=\"translate(0,\(HTML.number(y)))\">\(content)</g>\n"
        }
        svg += "</svg>"
        return svg
    }

    /// A labelled row; long labels are shortened, with the full one as a tooltip.
    private func row(_ label: String, _ content: String) -> String {
        let short = label.count > 24 ? "…" + label.suffix(23) : label
        return """
            <rect class="lane" x="\(HTML.number(Self.labelWidth))" y="2" width="\(HTML.number(Self.width - 12 - Self.labelWidth))" \
            height="\(HTML.number(Self.rowHeight - 4))"/><text class="label" x="\(HTML.number(Self.labelWidth - 8))" y="15">\
            \(HTML.escape(String(short)))<title>\(HTML.escape(label))</title></text>\(content)
            """
    }

    /// Spans from each change to the next (the last one to the end of the run), classed by the change's
    /// style for the row `style`.
    private func spans(_ changes: [ReportCollection.Change], style: Int, until end: SimTime, axis: Axis) -> String {
        var out = ""
        for (index, change) in changes.enumerated() {
            let next = index + 1 < changes.count ? changes[index + 1].time : end
            out += rect(from: change.time, to: next, class: "span " + change.styles[style], text: change.text, axis: axis)
        }
        return out
    }

    private func bar(_ bar: ReportCollection.Bar, class style: String, until end: SimTime, axis: Axis) -> String {
        rect(from: bar.start, to: bar.end ?? end, class: style, text: bar.text, axis: axis)
    }

    private func rect(from start: SimTime, to end: SimTime, class style: String, text: String, axis: Axis) -> String {
        let x = axis.x(start)
        let width = max(axis.x(end) - x, 2)
        return """
            <rect class="\(HTML.escape(style))" x="\(HTML.number(x))" y="4" width="\(HTML.number(width))" \
            height="\(HTML.number(Self.rowHeight - 8))"><title>\(HTML.escape(text))</title></rect>
            """
    }

    private func tick(at time: SimTime, class style: String, text: String, axis: Axis, number: Int? = nil) -> String {
        let x = axis.x(time)
        let link = number.map { " data-e=\"\($0)\"" } ?? ""
        return """
            <g class="\(HTML.escape(style))"\(link)><line x1="\(HTML.number(x))" y1="3" x2="\(HTML.number(x))" \
            y2="\(HTML.number(Self.rowHeight - 3))"/><title>\(HTML.escape(text))</title></g>
            """
    }

    /// Time to x, with ticks at a round interval chosen so that about eight fit.
    struct Axis {
        let start: SimTime
        let end: SimTime
        let left: Double
        let right: Double

        init(start: SimTime, end: SimTime, left: Double, right: Double) {
            self.start = start
            self.end = max(end, start + .seconds(1))
            self.left = left
            self.right = right
        }

        func x(_ time: SimTime) -> Double {
            let fraction = (time - start).seconds / (end - start).seconds
            return left + (right - left) * min(max(fraction, 0), 1)
        }

        func render(height: Double) -> String {
            let steps: [Int64] = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]
            let span = (end - start).seconds
            let step = steps.first { span / Double($0) <= 8 } ?? Int64((span / 8 / 86400).rounded(.up)) * 86400
            let nanos = step * 1_000_000_000
            var tick = (start.nanosecondsSinceEpoch / nanos) * nanos
            if tick < start.nanosecondsSinceEpoch { tick += nanos }
            var out = "<g class=\"axis\">"
            while tick <= end.nanosecondsSinceEpoch {
                let time = SimTime(nanosecondsSinceEpoch: tick)
                let x = HTML.number(self.x(time))
                let label = step >= 86400 ? String(time.rfc3339.prefix(10)) : HTML.clock(time)
                out += "<line x1=\"\(x)\" y1=\"18\" x2=\"\(x)\" y2=\"\(HTML.number(height))\"/>"
                if self.x(time) < right - 24 { out += "<text x=\"\(x)\" y=\"13\">\(label)</text>" }
                tick += nanos
            }
            return out + "</g>\n"
        }
    }
}
