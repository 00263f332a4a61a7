import BackgroundCore
import Glibc

/// Where the control socket of an app's `bgloc live --app` lies: `bgtask` finds it from the same bundle
/// identifier and `--state` (docs/CONTROL.md).
///
/// - with `--state PATH`: `bgkit-BUNDLE.sock` in PATH's folder, beside the state database;
/// - without: `bgkit-BUNDLE.sock` in the user's runtime folder, `$XDG_RUNTIME_DIR/bgkit/` when
///   `XDG_RUNTIME_DIR` is set, else `/tmp/bgkit-UID/`; the server creates it with mode 0700 and refuses one
///   that others can open or that is not the user's.
///
/// A character of the bundle outside `A-Z a-z 0-9 . - _` becomes `_`, so the name stays one file name.
///
/// ```swift
/// ControlSocketPath.path(bundle: "com.example.news", state: "/var/lib/news/state.db")
/// // "/var/lib/news/bgkit-com.example.news.sock"
/// ControlSocketPath.path(bundle: "com.example.news", state: nil, runtimeFolder: "/run/user/1000")
/// // "/run/user/1000/bgkit/bgkit-com.example.news.sock"
/// ```
public enum ControlSocketPath {
    /// The socket's path for `bundle`, run with the state database `state` (nil: no `--state`);
    /// `runtimeFolder` is `$XDG_RUNTIME_DIR` (nil or empty: `/tmp/bgkit-UID`).
    public static func path(bundle: String, state: String?, runtimeFolder: String? = environment("XDG_RUNTIME_DIR")) -> String {
        "\(folder(state: state, runtimeFolder: runtimeFolder))/bgkit-\(fileName(bundle)).sock"
    }

    /// The folder of ``path(bundle:state:runtimeFolder:)``.
    public static func folder(state: String?, runtimeFolder: String? = environment("XDG_RUNTIME_DIR")) -> String {
        if let state {
            guard let slash = state.lastIndex(of: "/") else { return "." }
            return slash == state.startIndex ? "/" : String(state[..<slash])
        }
        if let runtimeFolder, !runtimeFolder.isEmpty { return "\(runtimeFolder)/bgkit" }
        return "/tmp/bgkit-\(getuid())"
    }

    /// Makes the runtime folder `folder` (mode 0700) when missing; a server's first step without `--state`.
    ///
    /// - Throws: ``ControlError/Code/system`` when it cannot be made, is not a folder, is not the user's or
    ///   others can open it.
    public static func prepareRuntimeFolder(_ folder: String) throws(ControlError) {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw ControlError(.system, "cannot make the control socket's folder \(folder): \(Errno(errno).description)")
        }
        var status = stat()
        guard lstat(folder, &status) == 0 else {
            throw ControlError(.system, "cannot read the control socket's folder \(folder): \(Errno(errno).description)")
        }
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid() else {
            throw ControlError(.system, "the control socket's folder \(folder) is not a folder of yours; remove it, or set XDG_RUNTIME_DIR")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw ControlError(.system, "the control socket's folder \(folder) is open to other users; chmod 700 it")
        }
    }

    /// The value of the environment variable `name`, nil when unset.
    @usableFromInline static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private static func fileName(_ bundle: String) -> String {
        String(bundle.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", ".", "-", "_": Character(scalar)
            default: "_"
            }
        })
    }
}
