/// A type with an identity for Combine's streams; a class has its object's identity by default.
public protocol CustomCombineIdentifierConvertible {
    /// The identity of this subscriber or subscription.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
