import ArgumentParser
/// bgtask's entry point, for the program that runs it: bgloc started as `bgtask` (``BGTaskTool`` and its
/// commands stay internal).
package enum BGTaskCommand {
    /// Runs bgtask with the process's arguments and exits.
    package static func main() async {
        await BGTaskTool.main()
    }
}
