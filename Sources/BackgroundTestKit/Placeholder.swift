// Filled in by the BackgroundTestKit work.
