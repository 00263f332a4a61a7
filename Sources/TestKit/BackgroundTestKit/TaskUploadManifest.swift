/// The YAML of an app whose processing task `upload` is submitted at launch, may begin after 2 minutes,
/// works 1 s, and uploads `visits.log` (beside the manifest) to `url` when it launches: the tests of the
/// transfers mode and of `bgtask simulate --transfers` start from it. `rest` is appended as it is (more
/// top-level keys: `session:`, `server:`, `conditions:`, `lifecycle:`).
///
/// ```swift
/// let yaml = taskUploadManifest(url: nginx.url("visits/museum.log"), rest: "conditions: [{at: 0s, idle: true}]")
/// ```
package func taskUploadManifest(url: String, rest: String) -> String {
    """
    app: com.example.museum
    backgroundModes: [processing]
    permittedIdentifiers: [upload]
    tasks:
      upload:
        kind: processing
        earliestBegin: 2m
        work: 1s
        onLaunch: {upload: {file: visits.log, to: "\(url)"}}
    submitAtLaunch: [upload]
    \(rest)
    """
}
