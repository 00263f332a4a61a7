/// One choice a run makes for a mode, keyed by type in ``AppRecipe/Options``, so that a mode brings its own
/// options as it brings its section: the location manager a trace feeds (``LocationMode/Manager``), where
/// clips play (``AudioMode/Output``), how transfers happen (``TransferMode/AttemptsOption``).
///
/// ```swift
/// enum Volume: RunOption { static let defaultValue = 1 }
/// var options = AppRecipe.Options()
/// options[Volume.self] = 3
/// AppRecipe.Mode(sections: [BellSection.self]) { options in BellMode(volume: options[Volume.self]) }
/// ```
public protocol RunOption {
    /// The option's value.
    associatedtype Value
    /// The value of a run that does not set it.
    static var defaultValue: Value { get }
}
