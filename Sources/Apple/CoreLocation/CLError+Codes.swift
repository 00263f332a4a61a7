extension CLError {
    // Apple's `CLError` names each code as a static property too (`CLError.headingFailure`), beside the three of
    // CLError.swift.
    public static var network: Code { .network }
    public static var headingFailure: Code { .headingFailure }
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    public static var regionMonitoringSetupDelayed: Code { .regionMonitoringSetupDelayed }
    public static var regionMonitoringResponseDelayed: Code { .regionMonitoringResponseDelayed }
    public static var geocodeFoundNoResult: Code { .geocodeFoundNoResult }
    public static var geocodeFoundPartialResult: Code { .geocodeFoundPartialResult }
    public static var geocodeCanceled: Code { .geocodeCanceled }
    public static var deferredFailed: Code { .deferredFailed }
    public static var deferredNotUpdatingLocation: Code { .deferredNotUpdatingLocation }
    public static var deferredAccuracyTooLow: Code { .deferredAccuracyTooLow }
    public static var deferredDistanceFiltered: Code { .deferredDistanceFiltered }
    public static var deferredCanceled: Code { .deferredCanceled }
    public static var rangingUnavailable: Code { .rangingUnavailable }
    public static var rangingFailure: Code { .rangingFailure }
    public static var promptDeclined: Code { .promptDeclined }
    public static var historicalLocationError: Code { .historicalLocationError }
}
