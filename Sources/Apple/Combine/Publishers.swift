/// The namespace of the publishers the operators return.
public enum Publishers {}
