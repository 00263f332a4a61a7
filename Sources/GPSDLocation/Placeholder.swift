// Filled in by the GPSDLocation work.
