// Filled in by the ALSAAudio work.
