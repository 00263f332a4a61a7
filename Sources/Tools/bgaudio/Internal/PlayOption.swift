import ArgumentParser

/// One option of `bgaudio play`, declared once: its name, where its value goes in a ``PlayRequest``, its
/// default, the values it accepts and its help. ``Play`` (ArgumentParser's command) declares its
/// properties from these, and ``PlayRequest/init(plainArguments:)`` reads the command line with them, so
/// the two readings cannot drift apart. Plain values and closures, no reflection: the plain reading is
/// there because ArgumentParser's reflection is expensive (docs/PERFORMANCE.md, "Audio").
struct PlayOption<Value: Sendable>: Sendable {
    /// The long name, without `--`.
    let name: String
    /// Puts a value in its place in a request. A closure, not a key path: instantiating key paths at run
    /// time costs more than all the plain reading of a command line.
    let store: @Sendable (inout PlayRequest, Value) -> Void
    let defaultValue: Value
    let help: String
    /// The value's name in the help (`<duration>`); nil: the option's name.
    let valueName: String?
    /// Whether the option is a flag (`--quiet`): present or not, with no value.
    let isFlag: Bool
    /// Whether the next word is the value even when it starts with `-` (`--loop -1`).
    let takesDashValues: Bool
    /// The values accepted, in words for the message ("from 0 to 1"); nil accepts every value.
    let accepted: String?
    /// Whether a value is accepted. (Two properties rather than an optional tuple: copying a tuple of a
    /// closure costs a type instantiation at run time.)
    let accepts: @Sendable (Value) -> Bool
    /// Converts the text of a value as ArgumentParser does.
    let convert: @Sendable (String) -> Value?

    /// `--name`.
    var flag: String { "--" + name }

    /// ArgumentParser's name of the option.
    var argumentName: NameSpecification { .customLong(name) }

    /// ArgumentParser's help of the option.
    var argumentHelp: ArgumentHelp { ArgumentHelp(help, valueName: valueName) }

    /// ArgumentParser's way of finding the value.
    var parsing: SingleValueParsingStrategy { takesDashValues ? .unconditional : .next }

    /// Refuses a value outside ``accepted``, with the sentence `bgaudio play` prints.
    func validate(_ value: Value) throws(ValidationError) {
        guard !accepts(value) else { return }
        throw ValidationError("Please give a \(flag) \(accepted ?? "value"), not \(value).")
    }

    /// The option as the plain reading of the command line sees it.
    var plain: PlainPlayOption {
        PlainPlayOption(isFlag: isFlag, takesDashValues: takesDashValues) { [convert, store] request, text in
            guard let value = convert(text) else { return false }
            store(&request, value)
            return true
        }
    }
}

/// A ``PlayOption`` with its type of value hidden, for ``PlayRequest/init(plainArguments:)``: a plain
/// struct, since a generic one or a tuple costs a type instantiation at run time on every start.
struct PlainPlayOption: Sendable {
    let isFlag: Bool
    let takesDashValues: Bool
    /// Sets the option in a request from the text of its value; false if the text does not convert.
    let set: @Sendable (inout PlayRequest, String) -> Bool
}

extension PlayOption where Value: ExpressibleByArgument {
    /// An option whose value converts with `Value(argument:)`.
    init(
        _ name: String, _ store: @escaping @Sendable (inout PlayRequest, Value) -> Void, default defaultValue: Value,
        takesDashValues: Bool = false, accepted: String? = nil, accepts: @escaping @Sendable (Value) -> Bool = { _ in true },
        help: String, valueName: String? = nil
    ) {
        self.init(
            name: name, store: store, defaultValue: defaultValue, help: help, valueName: valueName, isFlag: false,
            takesDashValues: takesDashValues, accepted: accepted, accepts: accepts, convert: { Value(argument: $0) }
        )
    }
}

extension PlayOption {
    /// An optional option with no default, whose value converts with `Wrapped(argument:)`.
    init<Wrapped: ExpressibleByArgument & Sendable>(_ name: String, _ store: @escaping @Sendable (inout PlayRequest, Wrapped?) -> Void, help: String)
    where Value == Wrapped? {
        self.init(
            name: name, store: store, defaultValue: nil, help: help, valueName: nil, isFlag: false, takesDashValues: false,
            accepted: nil, accepts: { _ in true }, convert: { Wrapped(argument: $0).map(Optional.some) }
        )
    }
}

extension PlayOption where Value == Bool {
    /// A flag: false unless given.
    init(flag name: String, _ store: @escaping @Sendable (inout PlayRequest, Bool) -> Void, help: String) {
        self.init(
            name: name, store: store, defaultValue: false, help: help, valueName: nil, isFlag: true, takesDashValues: false,
            accepted: nil, accepts: { _ in true }, convert: { _ in true }
        )
    }
}
