import BackgroundApp
import BackgroundCore
import BackgroundTransfers
import EmulatedFoundation
import Foundation
import FoundationNetworking

/// The app's background `URLSession`s on the running device: the emulated transfer service (nsurlsessiond's
/// part) between the app's session objects and the system's ``BackgroundSession``s, which the transfers
/// mode keeps by identifier (``TransferMode/session(for:)``).
///
/// - A session made with a background configuration is registered here; its upload and download tasks are
///   records of this service (``BackgroundUploadTask``, ``BackgroundDownloadTask``), whose `resume()` creates
///   the transfer on the system's session of the same identifier.
/// - The system's session outlives the app's processes, and so do the tasks' records (their identifiers
///   and requests). The first session object the app makes with an identifier in a process receives its
///   delegate calls, on its delegate queue; events that come while the process has none wait for it, as
///   nsurlsessiond keeps them until the relaunched app recreates the session.
/// - `urlSessionDidFinishEvents(forBackgroundURLSession:)` follows the events the app was woken for.
///
/// Used on the main queue only (``EmulatedSystem/sync(_:)``): the state of one device, made again for the next.
package final class EmulatedTransfers: @unchecked Sendable {
    /// A delegate call waiting to be made.
    enum Delivery {
        case waiting(transfer: Int)
        case downloaded(transfer: Int, file: String)
        case completed(transfer: Int, status: Int?, error: String?, resume: ResumePoint?)
        case finished
    }

    /// One background session as the system keeps it for the app, across the app's processes.
    final class Session {
        let backing: BackgroundSession
        var nextTaskIdentifier = 1
        /// The tasks the service carries out, by transfer id.
        var records: [Int: BackgroundTaskState] = [:]
        /// The app's session object for it in the current process, and the task objects it was given.
        var object: URLSession?
        var tasks: [Int: URLSessionTask] = [:]
        /// Delegate calls waiting for the current process's session object.
        var pending: [Delivery] = []

        init(backing: BackgroundSession) {
            self.backing = backing
        }
    }

    private nonisolated(unsafe) static var shared: EmulatedTransfers?
    /// The background configurations of the app's session objects, by object, with the order they were made in.
    private nonisolated(unsafe) static var configurations:
        [ObjectIdentifier: (session: WeakSession, configuration: SessionConfiguration, made: Int)] = [:]
    private nonisolated(unsafe) static var sessionsMade = 0

    private let system: EmulatedSystem
    private var sessions: [String: Session] = [:]
    /// Events of transfers being created, before their task is known.
    private var unclaimed: [Int: [Delivery]] = [:]

    private init(system: EmulatedSystem) {
        self.system = system
    }

    /// This device's service, made when the device is new.
    private static var current: EmulatedTransfers? {
        guard let system = EmulatedSystem.current else { return nil }
        if shared?.system !== system { shared = EmulatedTransfers(system: system) }
        return shared
    }

    // MARK: What the app's code does

    /// The app made `object` with a background configuration: it is the current process's session of that
    /// identifier, unless one was made before (iOS logs that a background session of that identifier
    /// already exists, and the new one receives nothing), and gets the events that waited for it.
    static func sessionMade(_ object: URLSession, _ configuration: SessionConfiguration) {
        EmulatedSystem.sync {
            configurations = configurations.filter { $0.value.session.object != nil }
            sessionsMade += 1
            configurations[ObjectIdentifier(object)] = (WeakSession(object), configuration, sessionsMade)
            guard let service = current, let session = service.session(configuration) else { return }
            service.adopt(object, into: session)
        }
    }

    /// The background configuration `object` was made with; nil for another session.
    static func configuration(of object: URLSession) -> SessionConfiguration? {
        EmulatedSystem.sync {
            guard let entry = configurations[ObjectIdentifier(object)], entry.session.object === object else { return nil }
            return entry.configuration
        }
    }

    /// A new task of `kind` for `request` in the background session `object` (nil when it is another kind of
    /// session): an upload of `file`, or a download, resumed from `resume` when given.
    static func task(
        _ kind: TransferKind, in object: URLSession, request: URLRequest, file: String? = nil, resume: ResumePoint? = nil
    ) -> BackgroundTaskState? {
        guard let configuration = configuration(of: object) else { return nil }
        return EmulatedSystem.sync {
            let session = current?.session(configuration)
            // A session made before the device ran, or kept from an earlier process, is the process's now.
            if let session { current?.adopt(object, into: session) }
            let identifier = session?.nextTaskIdentifier ?? 0
            session?.nextTaskIdentifier += 1
            // A download is kept where the delegate is given it, until its call returns.
            let kept = file ?? FileManager.default.temporaryDirectory
                .appendingPathComponent("bgkit-download-\(configuration.identifier)-\(identifier).tmp").path
            return BackgroundTaskState(
                kind: kind, session: configuration.identifier, request: request, taskIdentifier: identifier, file: kept, resume: resume)
        }
    }

    /// `resume()` of `task`: the transfer is created on the system's session, now (a second `resume()`
    /// does nothing). Outside a running device nothing happens.
    static func resume(_ task: URLSessionTask, _ state: BackgroundTaskState) {
        EmulatedSystem.sync {
            guard let service = current, let session = service.sessions[state.session], state.current.transfer == nil else { return }
            service.create(task, state, in: session)
        }
    }

    /// `cancel()`: the transfer fails with `cancelled` (a task never resumed is left as it is).
    static func cancel(_ state: BackgroundTaskState) {
        EmulatedSystem.sync {
            guard let transfer = state.current.transfer, let session = current?.sessions[state.session] else { return }
            session.backing.cancel(transfer: transfer)
        }
    }

    /// `cancel(byProducingResumeData:)`: the resume data of the download (nil when there is none).
    static func cancelByProducingResumeData(_ state: BackgroundTaskState) -> Data? {
        EmulatedSystem.sync {
            guard let transfer = state.current.transfer, let session = current?.sessions[state.session],
                let resume = session.backing.cancelByProducingResumeData(transfer: transfer)
            else { return nil }
            return resumeData(resume, of: state)
        }
    }

    /// A download's resume data as the app is given it: its URL and where it carries on from.
    struct ResumeData: Codable {
        var url: String
        var point: ResumePoint
    }

    /// The resume data of the download `state` at `point` (nil when there is none).
    static func resumeData(_ point: ResumePoint?, of state: BackgroundTaskState) -> Data? {
        guard let point, let url = state.request.url else { return nil }
        return try? JSONEncoder().encode(ResumeData(url: url.absoluteString, point: point))
    }

    /// What `data` says (made by ``cancelByProducingResumeData(_:)`` or given with a failed download's
    /// error); nil for data this service did not make.
    static func resumePoint(_ data: Data) -> ResumeData? {
        try? JSONDecoder().decode(ResumeData.self, from: data)
    }

    // MARK: What the system does

    /// Every event the app was woken for was delivered, and `handleEventsForBackgroundURLSession` has
    /// returned: `urlSessionDidFinishEvents(forBackgroundURLSession:)` follows the events (when the process
    /// recreates the session, if it has not yet). A process that made none but holds a session object of that
    /// identifier from an earlier one — kept in a static, which outlives the emulated process in the test
    /// process — gets them on it (**the emulator's choice**: on iOS the static would be new).
    package static func didFinishEvents(forBackgroundURLSession identifier: String) {
        guard let service = current, let session = service.sessions[identifier] else { return }
        if session.object == nil, let kept = configurations.values
            .filter({ $0.configuration.identifier == identifier && $0.session.object != nil }).max(by: { $0.made < $1.made })?.session.object
        {
            service.adopt(kept, into: session)
        }
        service.deliver(.finished, in: session)
    }

    /// The app's process ended: its session and task objects with it. Its events wait for the next process
    /// that recreates the session; the wake they were for is over.
    package static func processDidEnd() {
        for session in current?.sessions.values.map({ $0 }) ?? [] {
            session.object = nil
            session.tasks = [:]
            session.pending.removeAll { if case .finished = $0 { true } else { false } }
        }
    }

    // MARK: Internals

    /// The system's session for `configuration`, listened to once.
    private func session(_ configuration: SessionConfiguration) -> Session? {
        if let session = sessions[configuration.identifier] { return session }
        guard let backing = system.app.mode(TransferMode.self)?.session(for: configuration) else { return nil }
        let session = Session(backing: backing)
        sessions[configuration.identifier] = session
        backing.addEventListener { [weak self, weak session] event in
            guard let self, let session else { return }
            receive(event, in: session)
        }
        return session
    }

    /// `object` becomes the process's session object of `session`, unless it has one, and gets the events
    /// that waited for one.
    private func adopt(_ object: URLSession, into session: Session) {
        guard session.object == nil else { return }
        session.object = object
        let pending = session.pending
        session.pending = []
        for delivery in pending { deliver(delivery, in: session) }
    }

    private func create(_ task: URLSessionTask, _ state: BackgroundTaskState, in session: Session) {
        let request = state.request
        let method = request.httpMethod.flatMap { $0 == "GET" ? nil : $0 }
        let sessionRequest = SessionRequest(
            url: request.url?.absoluteString ?? "", method: state.kind == .upload ? method : nil,
            earliestBeginDate: state.current.earliestBeginDate.map(SimTime.init),
            countOfBytesClientExpectsToSend: task.countOfBytesClientExpectsToSend > 0 ? task.countOfBytesClientExpectsToSend : nil,
            countOfBytesClientExpectsToReceive: task.countOfBytesClientExpectsToReceive > 0 ? task.countOfBytesClientExpectsToReceive : nil)
        let bytes = state.kind == .upload ? ((try? FileManager.default.attributesOfItem(atPath: state.file)[.size]) as? Int64) ?? 0 : 0
        let transfer: Int
        do throws(SessionError) {
            transfer = state.kind == .upload
                ? try session.backing.uploadTask(with: sessionRequest, fromFile: state.file)
                : try session.backing.downloadTask(with: sessionRequest, to: state.file, resumingFrom: state.resume)
        } catch {
            system.app.timeline.record(.error(message: "the transfer was not created: \(error.message)", code: "transfer"))
            return
        }
        state.update {
            $0.transfer = transfer
            $0.state = .running
            $0.bytesExpectedToSend = bytes
        }
        session.records[transfer] = state
        session.tasks[transfer] = task
        for delivery in unclaimed.removeValue(forKey: transfer) ?? [] { deliver(delivery, in: session) }
    }

    private func receive(_ event: SessionEvent, in session: Session) {
        let delivery: Delivery
        switch event {
        case .taskIsWaitingForConnectivity(let transfer): delivery = .waiting(transfer: transfer)
        case .didFinishDownloading(let transfer, let file): delivery = .downloaded(transfer: transfer, file: file)
        case .didComplete(let transfer, let status, let error, let resume):
            delivery = .completed(transfer: transfer, status: status, error: error, resume: resume)
        case .launchApp, .didFinishEvents: return
        }
        guard let transfer = delivery.transfer, session.records[transfer] == nil else { return deliver(delivery, in: session) }
        unclaimed[transfer, default: []].append(delivery)
    }

    /// Makes the delegate call on the current process's session object, or keeps it until there is one.
    private func deliver(_ delivery: Delivery, in session: Session) {
        guard let object = session.object else { return session.pending.append(delivery) }
        var task: URLSessionTask?
        if let transfer = delivery.transfer {
            guard let state = session.records[transfer] else { return }
            task = session.tasks[transfer] ?? (state.kind == .upload ? BackgroundUploadTask(state) : BackgroundDownloadTask(state))
            session.tasks[transfer] = task
            if case .completed = delivery {
                session.records[transfer] = nil
                session.tasks[transfer] = nil
            }
        }
        system.post(on: object.delegateQueue) { [task] in
            EmulatedTransfers.call(object.delegate, of: object, with: delivery, for: task)
        }
    }

    /// The delegate call itself, on the session's delegate queue.
    private static func call(_ delegate: (any FoundationNetworking.URLSessionDelegate)?, of object: URLSession, with delivery: Delivery, for task: URLSessionTask?) {
        switch delivery {
        case .waiting:
            guard let task else { return }
            (delegate as? any URLSessionTaskDelegate)?.urlSession(object, taskIsWaitingForConnectivity: task)
        case .downloaded(_, let file):
            guard let task = task as? URLSessionDownloadTask else { return }
            // Simulated transfers move no byte: the file is there, empty. It is gone once the call returns.
            if !FileManager.default.fileExists(atPath: file) { _ = FileManager.default.createFile(atPath: file, contents: nil) }
            (delegate as? any FoundationNetworking.URLSessionDownloadDelegate)?.urlSession(
                object, downloadTask: task, didFinishDownloadingTo: URL(fileURLWithPath: file))
            try? FileManager.default.removeItem(atPath: file)
        case .completed(_, let status, let error, let resume):
            guard let task, let state = (task as? BackgroundUploadTask)?.background ?? (task as? BackgroundDownloadTask)?.background else { return }
            let url = state.request.url ?? URL(fileURLWithPath: "/")
            state.update {
                $0.state = .completed
                $0.response = status.flatMap { HTTPURLResponse(url: url, statusCode: $0, httpVersion: "HTTP/1.1", headerFields: [:]) }
                $0.error = error.map { URLError(transferError: $0, resumeData: resumeData(resume, of: state)) }
                if status != nil { $0.bytesSent = $0.bytesExpectedToSend }
            }
            let fields = state.current
            if state.kind == .upload, status != nil {
                (delegate as? any FoundationNetworking.URLSessionTaskDelegate)?.urlSession(
                    object, task: task, didSendBodyData: fields.bytesSent, totalBytesSent: fields.bytesSent,
                    totalBytesExpectedToSend: fields.bytesExpectedToSend)
            }
            (delegate as? any FoundationNetworking.URLSessionTaskDelegate)?.urlSession(object, task: task, didCompleteWithError: fields.error)
        case .finished:
            (delegate as? any URLSessionDelegate)?.urlSessionDidFinishEvents(forBackgroundURLSession: object)
        }
    }
}

extension EmulatedTransfers.Delivery {
    /// The transfer it is about; nil for the end of the events.
    var transfer: Int? {
        switch self {
        case .waiting(let transfer), .downloaded(let transfer, _), .completed(let transfer, _, _, _): transfer
        case .finished: nil
        }
    }
}

/// A session object held weakly, for the table of background configurations.
struct WeakSession {
    weak var object: URLSession?

    init(_ object: URLSession) {
        self.object = object
    }
}
