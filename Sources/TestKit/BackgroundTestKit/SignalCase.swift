import Glibc

/// A signal that stops a command line cleanly and the exit status it must give for it: SIGINT → 130
/// (Ctrl-C), SIGTERM → 143, the shell's convention. The signal tests take ``all`` as their arguments.
package struct SignalCase: CustomStringConvertible, Sendable {
    package var description: String
    package var signal: Int32
    package var status: Int32

    package static let all = [
        SignalCase(description: "SIGINT", signal: SIGINT, status: 130),
        SignalCase(description: "SIGTERM", signal: SIGTERM, status: 143),
    ]
}
