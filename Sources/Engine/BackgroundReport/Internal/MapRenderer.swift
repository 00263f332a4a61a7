import Glibc

/// Draws the map: the track, the regions as circles and the events as markers, on a plain equirectangular
/// projection whose longitudes are scaled by the cosine of the middle latitude (no tiles, no network).
struct MapRenderer {
    static let width = 960.0
    static let padding = 28.0
    /// Metres per degree of latitude (and of longitude at the equator), for radii and the scale bar.
    static let metresPerDegree = 111_320.0

    let collection: ReportCollection
    let regions: [ReportRegion]

    /// The map's SVG, or nil when the run has no position to draw.
    func render() -> String? {
        let points = collection.track.points
        var latitudes: [Double] = points.map(\.latitude) + collection.markers.map(\.position.latitude)
        var longitudes: [Double] = points.map(\.longitude) + collection.markers.map(\.position.longitude)
        guard !latitudes.isEmpty || !regions.isEmpty else { return nil }
        for region in regions {
            let dLat = region.radius / Self.metresPerDegree
            let dLon = dLat / max(0.01, cos(region.latitude * .pi / 180))
            latitudes += [region.latitude - dLat, region.latitude + dLat]
            longitudes += [region.longitude - dLon, region.longitude + dLon]
        }
        let projection = Projection(latitudes: latitudes, longitudes: longitudes)
        let (width, height) = (Self.width, projection.height)

        var svg = """
            <svg id="map" viewBox="0 0 \(HTML.number(width)) \(HTML.number(height))" \
            width="\(HTML.number(width))" height="\(HTML.number(height))" role="img" aria-label="Map of the run">
            <rect class="ground" width="100%" height="100%"/>

            """
        svg += "<g class=\"regions\">\n"
        for region in regions {
            let (x, y) = projection.point(latitude: region.latitude, longitude: region.longitude)
            let r = projection.pixels(metres: region.radius)
            let name = HTML.escape(region.identifier)
            svg += """
                <g class="region"><circle cx="\(HTML.number(x))" cy="\(HTML.number(y))" r="\(HTML.number(max(r, 2)))"/>\
                <text x="\(HTML.number(x))" y="\(HTML.number(y - max(r, 2) - 4))">\(name)</text>\
                <title>region \(name) · radius \(HTML.distance(region.radius))</title></g>

                """
        }
        svg += "</g>\n"
        if !points.isEmpty {
            let line = points.map { point in
                let (x, y) = projection.point(latitude: point.latitude, longitude: point.longitude)
                return "\(HTML.number(x)),\(HTML.number(y))"
            }
            svg += "<polyline class=\"track\" points=\"\(line.joined(separator: " "))\"/>\n"
            let (sx, sy) = projection.point(latitude: points[0].latitude, longitude: points[0].longitude)
            let (ex, ey) = projection.point(latitude: points[points.count - 1].latitude, longitude: points[points.count - 1].longitude)
            svg += "<circle class=\"start\" cx=\"\(HTML.number(sx))\" cy=\"\(HTML.number(sy))\" r=\"5\"><title>start</title></circle>\n"
            svg += "<rect class=\"finish\" x=\"\(HTML.number(ex - 4))\" y=\"\(HTML.number(ey - 4))\" width=\"8\" height=\"8\"><title>end</title></rect>\n"
        }
        svg += "<g class=\"events\">\n"
        for marker in collection.markers {
            let (x, y) = projection.point(latitude: marker.position.latitude, longitude: marker.position.longitude)
            svg += """
                <g class="event \(ReportPage.cssClass(marker.kind))" data-e="\(marker.number)">\
                <circle cx="\(HTML.number(x))" cy="\(HTML.number(y))" r="6"/><title>\(HTML.escape(marker.text))</title></g>

                """
        }
        svg += "</g>\n"
        svg += scaleBar(projection, height: height)
        svg += "</svg>"
        return svg
    }

    /// A bar of a round length (1, 2 or 5 × 10ⁿ metres) about a sixth of the map's width.
    private func scaleBar(_ projection: Projection, height: Double) -> String {
        let target = projection.metres(pixels: Self.width / 6)
        var length = 1.0
        while length * 10 <= target { length *= 10 }
        if length * 5 <= target { length *= 5 } else if length * 2 <= target { length *= 2 }
        let pixels = projection.pixels(metres: length)
        let (x, y) = (Self.padding, height - 12)
        return """
            <g class="scale"><line x1="\(HTML.number(x))" y1="\(HTML.number(y))" x2="\(HTML.number(x + pixels))" y2="\(HTML.number(y))"/>\
            <text x="\(HTML.number(x + pixels + 6))" y="\(HTML.number(y + 4))">\(HTML.distance(length))</text></g>

            """
    }

    /// Degrees to SVG units: x = longitude × cos(middle latitude), y = −latitude, fitted into the map.
    struct Projection {
        let scale: Double
        let height: Double
        private let cosine: Double
        private let centreX: Double
        private let centreY: Double

        init(latitudes: [Double], longitudes: [Double]) {
            let (south, north) = (latitudes.min() ?? 0, latitudes.max() ?? 0)
            let middle = (south + north) / 2
            cosine = max(0.01, cos(middle * .pi / 180))
            let (west, east) = ((longitudes.min() ?? 0) * cosine, (longitudes.max() ?? 0) * cosine)
            centreX = (west + east) / 2
            centreY = middle
            let minimum = 100 / MapRenderer.metresPerDegree  // at least 100 m across
            let spanX = max(east - west, minimum)
            let spanY = max(north - south, minimum)
            let inner = MapRenderer.width - 2 * MapRenderer.padding
            let naturalHeight = spanY / spanX * inner
            height = min(max(naturalHeight, 240), 640) + 2 * MapRenderer.padding
            scale = min(inner / spanX, (height - 2 * MapRenderer.padding) / spanY)
        }

        func point(latitude: Double, longitude: Double) -> (Double, Double) {
            (MapRenderer.width / 2 + (longitude * cosine - centreX) * scale, height / 2 - (latitude - centreY) * scale)
        }

        func pixels(metres: Double) -> Double { metres / MapRenderer.metresPerDegree * scale }

        func metres(pixels: Double) -> Double { pixels / scale * MapRenderer.metresPerDegree }
    }
}
