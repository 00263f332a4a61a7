"""The soak's fixed choices: where its inputs are, its pace and the bounds its invariants hold."""
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TRACE = os.path.join(ROOT, "Traces", "drive-regions.gpx")
REGIONS = TRACE + ".regions.geojson"
BUNDLE = "com.example.soak"
EPOCHS_PER_SECOND = 50      # gpsfake's pace: two sentences an epoch, an epoch a second of log time
UPLOAD_BYTES = 1 << 20
WARM_UP = 60                # resources are compared from each bgloc's first minute on
# The stated bounds on growth after the first minute, per hour of a bgloc's life (plus a floor for noise).
RSS_BOUND_KB_PER_HOUR, RSS_FLOOR_KB = 4096, 1024
FD_BOUND_PER_HOUR = 4
THREAD_BOUND = 0
# Resources are compared in quiet moments only: no fault under way, none ended in the last SETTLE seconds (gpsd's
# reconnection backoff is at most 8 s). During a fault a bgloc holds what the fault calls for and gives it back
# after: the socket of an upload nginx sits on and its buffers, no gpsd socket while gpsd is down. When no run has
# 20 quiet samples (a short soak's faults cover its middle), the longest is compared over all its samples instead.
SETTLE = 10
