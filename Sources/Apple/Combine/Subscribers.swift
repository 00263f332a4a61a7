/// The namespace of subscribers and of the values subscribers exchange with publishers.
public enum Subscribers {}
