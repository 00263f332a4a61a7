import BackgroundCore

/// Assembles the report's one self-contained HTML page: header, map, strip, legend and events table, with
/// inline CSS and a small script (no network access).
///
/// The script links markers, ticks and table rows that show the same event (hover one, all light up) and
/// writes what the page drew into `<body>`'s data attributes — `data-regions`, `data-events`, `data-runs`
/// and `data-status="ok"` once it ran to the end — so a headless browser's `--dump-dom` can check the page.
struct ReportPage {
    let title: String
    let collection: ReportCollection
    let regions: [ReportRegion]

    /// A CSS class name for an event name (`task.launched` → `task-launched`).
    static func cssClass(_ name: String) -> String {
        String(name.map { $0 == "." ? "-" : $0 })
    }

    func render() -> String {
        let map = MapRenderer(collection: collection, regions: regions).render()
        let strip = StripRenderer(collection: collection).render()
        var html = HTML.head(title: title, style: Self.style) + """

            <body>
            <header><h1>\(HTML.escape(title))</h1><p class="summary">\(summary())</p></header>

            """
        if let map {
            html += "<section><h2>Map</h2>\n\(map)\n<p class=\"legend\">\(Self.mapLegend)</p></section>\n"
        }
        html += "<section><h2>Timeline</h2>\n"
        html += strip ?? "<p class=\"empty\">Nothing happened in this run.</p>"
        html += "\n<p class=\"legend\">\(stripLegend())</p>\n"
        html += "<p id=\"info\">Point at a marker, a bar or a row for details.</p></section>\n"
        html += table()
        html += "<script>\(Self.script)</script>\n</body>\n</html>\n"
        return html
    }

    private func summary() -> String {
        guard let first = collection.first, let last = collection.last else { return "An empty run." }
        var parts = ["\(HTML.dateTime(first)) – \(HTML.dateTime(last)) UTC"]
        let drawn = collection.track.points.count
        if collection.fixes > 0 {
            parts.append(
                Self.count(collection.fixes, "fix", "fixes")
                    + (drawn < collection.fixes ? " (track drawn with \(drawn) points)" : ""))
        }
        if !regions.isEmpty { parts.append(Self.count(regions.count, "region", "regions")) }
        if !collection.markers.isEmpty {
            parts.append(Self.count(collection.markers.count, "location event", "location events"))
        }
        for lane in collection.strip where !lane.bars.isEmpty {
            guard let noun = lane.lane.barCount else { continue }
            // The true count; a long run draws an even sample of them across its whole length.
            let drawn = lane.bars.count < lane.barsSeen ? " (\(Self.grouped(lane.bars.count)) drawn, evenly spread)" : ""
            parts.append(Self.count(lane.barsSeen, noun.one, noun.many) + drawn)
        }
        if collection.dropped > 0 {
            parts.append(Self.count(collection.dropped, "item", "items") + " not drawn (report limit)")
        }
        return parts.joined(separator: " · ")
    }

    /// `1 region`, `3 regions`, `35,037 task runs`.
    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(grouped(number)) \(number == 1 ? one : many)"
    }

    /// `35037` as `35,037`.
    private static func grouped(_ number: Int) -> String {
        var digits = Array(String(number.magnitude))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return (number < 0 ? "-" : "") + String(digits)
    }

    private func table() -> String {
        guard !collection.rows.isEmpty else { return "" }
        var out = """
            <section><details><summary>Events (\(Self.grouped(collection.rowsSeen)), without location updates\
            \(collection.rows.count < collection.rowsSeen ? "; the first \(Self.grouped(collection.rows.count)) listed" : ""))</summary>
            <table><thead><tr><th>time (UTC)</th><th>event</th><th>detail</th></tr></thead><tbody>

            """
        for row in collection.rows {
            out += """
                <tr class="\(Self.cssClass(row.name))" data-e="\(row.number)"><td>\(HTML.dateTime(row.time))</td>\
                <td>\(HTML.escape(row.name))</td><td>\(HTML.escape(row.detail))</td></tr>

                """
        }
        return out + "</tbody></table></details></section>\n"
    }

    static let mapLegend = """
        <i class="sw start"></i>start <i class="sw finish"></i>end <i class="sw enter"></i>enter <i class="sw exit"></i>exit \
        <i class="sw significant"></i>significant change <i class="sw pause"></i>pause <i class="sw resume"></i>resume \
        <i class="sw error"></i>error <i class="sw region"></i>region
        """

    /// The legend of the lanes the strip has: each lane's swatches not shown yet, lane by lane (a lane
    /// with nothing new adds no separator).
    private func stripLegend() -> String {
        var shown: Set<String> = []
        var groups: [String] = []
        for lane in collection.strip {
            let new = lane.lane.legend.filter { shown.insert($0.style).inserted }
            guard !new.isEmpty else { continue }
            groups.append(new.map { "<i class=\"sw \(HTML.escape($0.style))\"></i>\(HTML.escape($0.label))" }.joined(separator: " "))
        }
        return groups.joined(separator: " · ")
    }

    static let style = """
        :root{--ink:#1d2733;--muted:#5c6b7a;--line:#d5dde5;--paper:#fbfcfd;--enter:#1a9a4b;--exit:#e07b00;\
        --significant:#2f6fd6;--pause:#8a96a3;--resume:#4c5a68;--error:#d62f3c;--fg:#2f6fd6;--bg:#8fb4ec;\
        --susp:#c9d3de;--term:#3b4652}
        *{box-sizing:border-box}
        body{margin:0 auto;max-width:1000px;padding:18px 20px 40px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",\
        Roboto,sans-serif;color:var(--ink);background:#eef2f6}
        h1{font-size:20px;margin:0 0 2px;word-break:break-all}h2{font-size:15px;margin:0 0 8px;color:var(--muted)}
        .summary{margin:0 0 14px;color:var(--muted)}
        section{background:var(--paper);border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin:0 0 14px}
        svg{display:block;max-width:100%;height:auto}
        .ground{fill:#f4f1ea}
        .region circle{fill:rgba(47,111,214,.10);stroke:#2f6fd6;stroke-width:1.5;stroke-dasharray:5 3}
        .region text{font-size:12px;fill:#2f6fd6;text-anchor:middle;font-weight:600;paint-order:stroke;stroke:#f4f1ea;\
        stroke-width:3px;stroke-linejoin:round}
        .track{fill:none;stroke:#394b5e;stroke-width:2.2;stroke-linejoin:round;stroke-linecap:round;opacity:.85}
        .start{fill:#fff;stroke:#394b5e;stroke-width:2}.finish{fill:#394b5e}
        .event circle{stroke:#fff;stroke-width:2}
        .event.enter circle{fill:var(--enter)}.event.exit circle{fill:var(--exit)}
        .event.significant circle{fill:var(--significant)}.event.pause circle{fill:var(--pause)}
        .event.resume circle{fill:var(--resume)}.event.error circle{fill:var(--error)}
        .hot circle{r:9;stroke:#1d2733}.hot line{stroke-width:4}tr.hot{background:#fff3c4}
        .scale line{stroke:#1d2733;stroke-width:3}.scale text{font-size:12px;fill:#1d2733}
        .axis line{stroke:#e3e8ee}.axis text{font-size:11px;fill:var(--muted);text-anchor:middle}
        .lane{fill:#f1f4f7}.label{font-size:12px;fill:var(--ink);text-anchor:end}
        .span,.run,.clip{stroke:#fff;stroke-width:.5}
        .life.foreground{fill:var(--fg)}.life.background{fill:var(--bg)}.life.suspended{fill:var(--susp)}\
        .life.terminated{fill:var(--term)}
        .net.wifi{fill:#3aa17e}.net.cellular{fill:#9ccf7a}.net.none{fill:#f0b9b9}\
        .lowpower.yes{fill:#f28c28}.lowpower.no{fill:#e4e8ec}
        .power.battery{fill:#e8c76a}.power.charging{fill:#5bbf6a}.power.full{fill:#2e8b57}
        .idle.yes{fill:#a993d6}.idle.no{fill:#e4e8ec}
        .dev.reboot{fill:var(--term)}.dev.unlock{fill:#e4e8ec}.dev.lock{fill:#8a96a3}
        .run.success,.clip.success{fill:var(--enter)}.run.failed,.clip.failed{fill:var(--error)}
        .run.expired{fill:var(--exit)}.run.running,.clip.running{fill:#9aa7b4}
        .tick line{stroke:var(--muted);stroke-width:2}.tick.submitted line{stroke:#2f6fd6}\
        .tick.rejected line{stroke:var(--error)}.tick.enter line{stroke:var(--enter)}.tick.exit line{stroke:var(--exit)}\
        .tick.significant line{stroke:var(--significant)}.tick.error line{stroke:var(--error)}
        .legend{color:var(--muted);font-size:12px;margin:8px 0 0}
        .sw{display:inline-block;width:10px;height:10px;border-radius:50%;margin:0 4px 0 10px;vertical-align:-1px}
        .sw.start{border:2px solid #394b5e;background:#fff}.sw.finish{background:#394b5e;border-radius:1px}
        .sw.enter,.sw.success{background:var(--enter)}.sw.exit,.sw.expired{background:var(--exit)}
        .sw.significant,.sw.submitted{background:var(--significant)}.sw.pause{background:var(--pause)}
        .sw.resume{background:var(--resume)}.sw.error,.sw.failed,.sw.rejected{background:var(--error)}
        .sw.region{border:1.5px dashed #2f6fd6;background:rgba(47,111,214,.1)}
        .sw.foreground{background:var(--fg)}.sw.background{background:var(--bg)}.sw.suspended{background:var(--susp)}
        .sw.terminated{background:var(--term)}.sw.running{background:#9aa7b4}
        .sw.wifi{background:#3aa17e}.sw.cellular{background:#9ccf7a}.sw.battery{background:#e8c76a}
        .sw.charging{background:#5bbf6a}.sw.full{background:#2e8b57}.sw.idle{background:#a993d6}
        .sw.reboot{background:var(--term)}.sw.unlock{background:#e4e8ec}.sw.lock{background:#8a96a3}
        .tick.waiting line{stroke:#b0659a}.tick.progress line{stroke:#7a5cc2}.tick.paused line{stroke:var(--pause)}\
        .tick.resumed line{stroke:var(--resume)}.tick.interrupted line{stroke:#b5179e}
        .sw.waiting{background:#b0659a}.sw.progress{background:#7a5cc2}.sw.paused{background:var(--pause)}\
        .sw.resumed{background:var(--resume)}.sw.interrupted{background:#b5179e}.sw.none{background:#f0b9b9}\
        .sw.lowpower{background:#f28c28}.sw.off{background:#e4e8ec}
        #info{margin:8px 0 0;min-height:1.4em;font:12px/1.4 ui-monospace,monospace;white-space:pre-wrap;color:var(--ink)}
        .empty{color:var(--muted)}
        table{border-collapse:collapse;width:100%;font-size:12px;margin-top:8px}
        th,td{text-align:left;padding:3px 8px;border-bottom:1px solid var(--line);vertical-align:top}
        td:first-child{white-space:nowrap;font-family:ui-monospace,monospace}
        summary{cursor:pointer;font-weight:600;color:var(--muted)}
        """

    static let script = """
        (function () {
          var body = document.body, info = document.getElementById('info');
          function count(selector) { return document.querySelectorAll(selector).length; }
          function item(target) { return target && target.closest ? target.closest('[data-e], g, rect, tr') : null; }
          function describe(node) {
            var title = node.querySelector ? node.querySelector(':scope > title') : null;
            return title ? title.textContent : (node.tagName === 'TR' ? node.textContent : '');
          }
          function light(event, on) {
            var node = item(event.target);
            if (!node) { return; }
            if (on) { var text = describe(node); if (text) { info.textContent = text; } }
            var number = node.getAttribute('data-e');
            if (!number) { return; }
            document.querySelectorAll('[data-e="' + number + '"]').forEach(function (other) {
              other.classList.toggle('hot', on);
            });
          }
          document.addEventListener('mouseover', function (event) { light(event, true); });
          document.addEventListener('mouseout', function (event) { light(event, false); });
          body.setAttribute('data-regions', count('#map .region'));
          body.setAttribute('data-events', count('#map .event'));
          body.setAttribute('data-runs', count('#strip .run'));
          body.setAttribute('data-status', 'ok');
        })();
        """
}
