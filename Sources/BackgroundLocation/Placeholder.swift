// Filled in by the BackgroundLocation work.
