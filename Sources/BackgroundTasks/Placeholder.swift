// Filled in by the BackgroundTasks work.
