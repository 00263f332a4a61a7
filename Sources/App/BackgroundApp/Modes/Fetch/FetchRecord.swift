package import BackgroundCore
package import BackgroundPushes

/// `fetch.launched` or `fetch.completed`: the legacy background fetch ran the app, and its handler called
/// the completion handler with `result` (CONTRACTS.md §9).
package struct FetchRecord: TimelineRecord {
    /// nil for `fetch.launched`; the result for `fetch.completed`.
    package var result: PushFetchResult?

    package init(result: PushFetchResult?) {
        self.result = result
    }

    package var name: String { result == nil ? "fetch.launched" : "fetch.completed" }

    package func write(to json: inout JSONObjectWriter) {
        if let result { json.field("result", string: result.rawValue) }
    }

    package var textDetail: String { result?.rawValue ?? "" }

    /// A fetch is a bar on its own row, from its launch to its completion.
    package var drawing: TimelineDrawing {
        .bar(.fetch, row: "background fetch", result.map { .close($0 == .failed ? .failed : .success) } ?? .open)
    }
}

extension TimelineRecord where Self == FetchRecord {
    /// A `fetch.launched` record.
    package static var fetchLaunched: Self { FetchRecord(result: nil) }

    /// A `fetch.completed` record.
    package static func fetchCompleted(result: PushFetchResult) -> Self { FetchRecord(result: result) }
}
