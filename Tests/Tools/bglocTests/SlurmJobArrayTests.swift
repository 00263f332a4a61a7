import BackgroundTestKit
import Foundation
import Testing

/// The Slurm programs the tests need (or `BGKIT_REQUIRE_INTEGRATION=1`, which runs it anyway: CI installs them).
let slurmCanRun = TestSupport.toolsAvailable("munged", "slurmctld", "slurmd", "sbatch", "sinfo")

/// A population run past one machine (issue 26): a one-node Slurm cluster on loopback runs a job array whose
/// task K runs `bgtask simulate … --shard K/N`, and `bgtask merge` of the array's summaries is, byte for byte,
/// the summary of the whole run made here in one piece.
@Suite(.enabled(if: slurmCanRun, "needs Slurm and MUNGE: slurm-wlm and munge (tools/install-deps)"))
struct SlurmJobArrayTests {
    static var bgtask: String { TestSupport.executable("bgtask") }
    static let run = [TestSupport.packageRoot + "/Examples/Headlines/app.yaml", "--for", "2d", "--policy", "realistic", "--seed", "5", "--users", "12"]
    static let shards = 3

    @Test func aJobArrayOfShardsMergesIntoTheWholeRunsSummary() async throws {
        let folder = try TemporaryFolder(prefix: "bgkit-slurm")
        let cluster = try await SlurmCluster.start(in: folder.path)
        defer { cluster.stop() }
        let task = ["simulate"] + Self.run + ["--shard", "$SLURM_ARRAY_TASK_ID/\(Self.shards)", "--summary", folder.path + "/shard-$SLURM_ARRAY_TASK_ID.json"]
        let submitted = try await TestSupport.run(
            TestSupport.which("sbatch")!,
            ["--wait", "--array=1-\(Self.shards)", "--output=\(folder.path)/out-%a.txt", "--wrap", ([Self.bgtask] + task).joined(separator: " ")],
            environment: cluster.environment)
        #expect(submitted.status == 0, "sbatch: \(submitted.stdout) \(submitted.stderr)\n\(cluster.logs)")
        let shards = (1...Self.shards).map { "\(folder.path)/shard-\($0).json" }
        for (index, shard) in shards.enumerated() {
            #expect(FileManager.default.fileExists(atPath: shard), "array task \(index + 1) wrote no summary\n\(cluster.logs)")
            let output = (try? String(contentsOfFile: "\(folder.path)/out-\(index + 1).txt", encoding: .utf8)) ?? ""
            #expect(output.hasPrefix("4 users (shards \(index + 1) of \(Self.shards))"), "\(output)")
        }
        let merged = try await TestSupport.run(Self.bgtask, ["merge"] + shards + ["--summary", folder.path + "/merged.json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let whole = try await TestSupport.run(Self.bgtask, ["simulate"] + Self.run + ["--summary", folder.path + "/whole.json"])
        #expect(whole.status == 0, "\(whole.stderr)")
        let wholeBytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/whole.json"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/merged.json")) == wholeBytes)
        #expect(merged.stdout == whole.stdout)
    }
}

/// A Slurm cluster of one node on loopback, run as the current user in a folder of its own: MUNGE with its own
/// key and socket, slurmctld and slurmd with a generated slurm.conf on free loopback ports, each in a process
/// group of its own that ``stop()`` kills with SIGKILL.
final class SlurmCluster: @unchecked Sendable {
    let folder: String
    private var groups: [ProcessGroup] = []

    /// What the Slurm commands need to find the cluster.
    var environment: [String: String] { ["SLURM_CONF": folder + "/slurm.conf"] }

    private init(folder: String) {
        self.folder = folder
    }

    /// Starts MUNGE, slurmctld and slurmd, and waits (up to a minute) until the node is idle.
    static func start(in folder: String) async throws -> SlurmCluster {
        let cluster = SlurmCluster(folder: folder)
        do {
            try await cluster.boot()
        } catch {
            cluster.stop()
            throw error
        }
        return cluster
    }

    private func boot() async throws {
        var key = [UInt8](repeating: 0, count: 1024)
        for index in key.indices { key[index] = UInt8.random(in: 0...255) }
        try Data(key).write(to: URL(fileURLWithPath: folder + "/munge.key"))
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: folder + "/munge.key")
        for sub in ["state", "spool"] { try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true) }
        try configuration().write(toFile: folder + "/slurm.conf", atomically: true, encoding: .utf8)
        groups.append(try ProcessGroup([
            TestSupport.which("munged")!, "--foreground", "--force", "--socket=\(folder)/munge.socket", "--key-file=\(folder)/munge.key",
            "--log-file=\(folder)/munged.log", "--pid-file=\(folder)/munged.pid", "--seed-file=\(folder)/munged.seed",
        ]))
        try await waitUntil("MUNGE's socket") { FileManager.default.fileExists(atPath: self.folder + "/munge.socket") }
        groups.append(try ProcessGroup([TestSupport.which("slurmctld")!, "-D", "-i", "-f", folder + "/slurm.conf"]))
        groups.append(try ProcessGroup([TestSupport.which("slurmd")!, "-D", "-N", "bgkitnode", "-f", folder + "/slurm.conf"]))
        let sinfo = TestSupport.which("sinfo")!
        try await waitUntil("the node to be idle") {
            let state = try? await TestSupport.run(sinfo, ["-h", "-o", "%T"], environment: self.environment)
            return state?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "idle"
        }
    }

    /// Polls `ready` every 200 ms for up to a minute: a readiness wait, not a measure of speed.
    private func waitUntil(_ what: String, _ ready: () async -> Bool) async throws {
        for _ in 0..<300 {
            if await ready() { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        throw SlurmFailure(description: "the Slurm cluster did not come up: waited a minute for \(what)\n\(logs)")
    }

    private func configuration() throws -> String {
        // slurmctld compares SlurmctldHost with gethostname()'s short name, as slurmd its NodeHostname.
        var name = [CChar](repeating: 0, count: 256)
        gethostname(&name, name.count - 1)
        let host = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .split(separator: ".").first.map(String.init) ?? "localhost"
        let user = String(cString: getpwuid(getuid()).pointee.pw_name)
        let (controller, node) = (try LoopbackPort.free(), try LoopbackPort.free())
        return """
            ClusterName=bgkit
            SlurmctldHost=\(host)(127.0.0.1)
            SlurmctldPort=\(controller)
            SlurmdPort=\(node)
            SlurmUser=\(user)
            SlurmdUser=\(user)
            AuthType=auth/munge
            AuthInfo=socket=\(folder)/munge.socket
            CredType=cred/munge
            StateSaveLocation=\(folder)/state
            SlurmdSpoolDir=\(folder)/spool
            SlurmctldPidFile=\(folder)/slurmctld.pid
            SlurmdPidFile=\(folder)/slurmd.pid
            SlurmctldLogFile=\(folder)/slurmctld.log
            SlurmdLogFile=\(folder)/slurmd.log
            ProctrackType=proctrack/pgid
            TaskPlugin=task/none
            JobAcctGatherType=jobacct_gather/none
            AccountingStorageType=accounting_storage/none
            JobCompType=jobcomp/none
            SelectType=select/cons_tres
            SelectTypeParameters=CR_Core
            ReturnToService=2
            MpiDefault=none
            NodeName=bgkitnode NodeHostname=\(host) NodeAddr=127.0.0.1 CPUs=1 State=UNKNOWN
            PartitionName=bgkit Nodes=bgkitnode Default=YES MaxTime=INFINITE State=UP

            """
    }

    /// The ends of the daemons' logs, for a failure's message.
    var logs: String {
        ["munged.log", "slurmctld.log", "slurmd.log"].map { name in
            let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? "(none)"
            return "== \(name)\n" + text.split(separator: "\n").suffix(8).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// Kills every daemon's process group with SIGKILL, the node first.
    func stop() {
        for group in groups.reversed() { group.kill() }
        groups.removeAll()
    }
}

private struct SlurmFailure: Error, CustomStringConvertible {
    var description: String
}
