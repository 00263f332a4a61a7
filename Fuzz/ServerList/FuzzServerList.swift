// fuzz-seeds: Fuzz/ServerList/Seeds/* Examples/*/*.yaml
import BackgroundApp
import BackgroundTransfers
import FuzzSupport

/// Fuzzes the transfers section of the manifest (`session:`, `server:`, and `upload:`/`download:` in a
/// task's `onLaunch:`): any bytes, read as a manifest with the tasks and transfers sections, give a
/// manifest or an `InputError`, never a crash, a hang or unbounded memory; and what is read keeps the
/// section's rules (statuses 100...599, no negative byte count, timeouts over zero, http(s) URLs).
///
/// The input follows an `app:` line, so that the fuzzer starts inside the sections.
@main enum FuzzServerList {
    static func main() {
        FuzzDriver.run { bytes in
            let yaml = "app: fuzz\n" + String(decoding: bytes, as: UTF8.self)
            guard let manifest = try? AppManifest(yaml: yaml, file: "fuzz/app.yaml", sections: [TaskSection.self, TransferSection.self])
            else { return }
            check(manifest)
        }
    }

    static func check(_ manifest: AppManifest) {
        let session = manifest.session!
        precondition(!session.identifier.isEmpty, "an empty session identifier was read")
        precondition(session.timeoutIntervalForRequest > .zero && session.timeoutIntervalForResource > .zero, "a timeout of zero was read")
        for rule in manifest.server {
            let url = rule.url.lowercased()
            precondition(url.hasPrefix("http://") || url.hasPrefix("https://"), "a server pattern that is not http(s) was read")
            precondition(rule.size >= 0 && (rule.bytesPerSecond ?? 1) > 0, "a negative size or a rate of zero was read")
            for answer in rule.answers {
                switch answer {
                case .status(let status): precondition((100...599).contains(status), "status \(status) was read")
                case .drop(let bytes): precondition(bytes >= 0, "a negative drop was read")
                case .stall, .refuse: break
                }
            }
        }
        for task in manifest.tasks {
            guard let action = task.onLaunch else { continue }
            if let upload = action.upload { precondition(isWeb(upload.url) && (upload.expectedBytes ?? 0) >= 0, "a bad upload was read") }
            if let download = action.download {
                precondition(isWeb(download.url) && (download.expectedBytes ?? 0) >= 0, "a bad download was read")
                precondition(download.file.hasPrefix("fuzz/") || download.file.hasPrefix("/"), "a download's file was not resolved")
            }
        }
    }

    static func isWeb(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }
}
