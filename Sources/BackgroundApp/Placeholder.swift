// Filled in by the BackgroundApp work.
