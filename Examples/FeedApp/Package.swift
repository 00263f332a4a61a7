// swift-tools-version:6.1
// The feed app's background code as a package of its own, on bgkit by path: `swift build` and `swift test`
// here build it alone. (bgkit's own Package.swift also builds these sources and tests, so that `make test`
// runs them in its one build.)
import PackageDescription

/// bgkit's package identity. A path dependency's identity is its folder's name — `bgkit` in a clone made
/// with `git clone … bgkit`, something else in another folder — so it is read from the path here rather
/// than written as `package: "bgkit"` (which fails with "unknown package" for a clone named otherwise).
let bgkit = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "bgkit"

/// bgkit's products on Linux (the Apple-named ones and the harness's); on Apple platforms the real frameworks
/// are used instead.
func apple(_ name: String) -> Target.Dependency {
    .product(name: name, package: bgkit, condition: .when(platforms: [.linux]))
}

let package = Package(
    name: "FeedApp",
    products: [.library(name: "FeedApp", targets: ["FeedApp"])],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "FeedApp", dependencies: [apple("UIKit"), apple("BackgroundTasks"), apple("CoreLocation"), apple("AVFoundation")]),
        .testTarget(name: "FeedAppTests", dependencies: [
            "FeedApp", apple("UIKit"), apple("BackgroundTestKit"), apple("BackgroundApp"), apple("BackgroundPopulation"),
        ]),
    ]
)
