"""Each fault started, carried on and ended on the soak's world."""
import json
import os
import signal

from system import fill, remove_gpsfake_socket, run


class Faults:
    """Starts and ends each fault, one step at a time, so that they can overlap."""

    def __init__(self, soak):
        self.soak = soak

    def start(self, fault):
        soak, kind = self.soak, fault["kind"]
        if kind == "gpsd-restart":
            soak.kill_group("gpsfake")
            remove_gpsfake_socket()
        elif kind == "nginx-restart":
            soak.kill_group("nginx")
        elif kind in ("nginx-stall", "bgloc-kill-mid-upload"):
            soak.stalls += 1   # stalls may overlap: nginx goes on when the last ends
            if "nginx" in soak.groups:
                os.killpg(soak.groups["nginx"].pid, signal.SIGSTOP)
        elif kind == "link-drop":
            run(["ip", "netns", "exec", soak.netns, "ip", "link", "set", soak.peer_veth, "down"])
            soak.link_down = True
        elif kind == "disk-full":
            fill(os.path.join(soak.state_dir, "fill"))
        elif kind == "bgloc-kill":
            soak.stop_bgloc("SIGKILL")
        soak.log(f"fault start: {kind} (held {fault['hold']} s)")

    def middle(self, fault):
        """The kill of `bgloc-kill-mid-upload`, once an upload is in flight to the stopped nginx (or after
        30 s without one); False to be asked again."""
        soak = self.soak
        running = soak.runs[-1][3] is None
        if (running and in_flight(soak)) or soak.elapsed() > fault["at"] + 30:
            soak.stop_bgloc(f"SIGKILL while nginx is stopped, {len(in_flight(soak))} upload(s) in flight")
            return True
        return False

    def end(self, fault):
        soak, kind = self.soak, fault["kind"]
        if kind == "gpsd-restart":
            soak.start_gpsd()
        elif kind == "nginx-restart":
            soak.start_nginx()
            if soak.stalls:   # restarted during a stall: stalled too
                os.killpg(soak.groups["nginx"].pid, signal.SIGSTOP)
        elif kind in ("nginx-stall", "bgloc-kill-mid-upload"):
            soak.stalls -= 1
            if "nginx" in soak.groups and soak.stalls == 0:
                os.killpg(soak.groups["nginx"].pid, signal.SIGCONT)
        elif kind == "link-drop":
            run(["ip", "netns", "exec", soak.netns, "ip", "link", "set", soak.peer_veth, "up"])
            soak.link_down = False
        elif kind == "disk-full" and os.path.exists(os.path.join(soak.state_dir, "fill")):
            os.unlink(os.path.join(soak.state_dir, "fill"))
        if kind.startswith("bgloc-kill"):
            soak.start_bgloc()
        soak.log(f"fault end: {kind}")


def in_flight(soak):
    """The transfers of the running bgloc that have started and not ended, from its stream so far."""
    index = soak.runs[-1][0]
    reader = soak.readers.setdefault(index, {"offset": 0, "open": set()})
    with open(os.path.join(soak.out, f"run-{index}.jsonl")) as f:
        f.seek(reader["offset"])
        for line in f:
            if not line.endswith("\n"):
                break
            reader["offset"] += len(line.encode())
            if '"event":"transfer.started"' in line:
                reader["open"].add(json.loads(line)["transfer"])
            elif any(f'"event":"transfer.{end}"' in line for end in ("completed", "failed", "retrying")):
                reader["open"].discard(json.loads(line)["transfer"])
    return reader["open"]
