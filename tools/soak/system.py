"""Commands, ports and /proc: what the soak asks of the machine."""
import os
import re
import socket
import subprocess
import time


def run(argv):
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"soak: {' '.join(argv)} failed: {result.stderr.strip()}")
    return result.stdout


def wait_for(check, seconds, failure):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise SystemExit(f"soak: {failure} within {seconds} s")


def port_open(host, port):
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex((host, port)) == 0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fd_kinds(pid):
    """What the process's descriptors are, by kind ("socket", "pipe", "anon_inode:[eventfd]", a path), sorted."""
    kinds = []
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        kinds.append(re.sub(r":\[\d+\]$", "", target))
    return sorted(kinds)


def children(parent):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == parent:
            found.append((int(entry), fields[0]))
    return found


def fill(path):
    """Fills the file system holding `path` with a file there; one already full (bgloc's pending uploads can
    fill the 4 MiB by themselves) may refuse even to create it, which leaves it as full."""
    try:
        with open(path, "wb") as f:
            block = bytes(65536)
            while True:
                f.write(block)
                f.flush()
    except OSError:
        pass


def remove_gpsfake_socket():
    folder = os.environ.get("TMPDIR") or "/tmp"
    for name in os.listdir(folder):
        if name.startswith("gpsfake-") and name.endswith(".sock"):
            pid = name[len("gpsfake-"):-len(".sock")]
            if pid.isdigit() and not os.path.exists(f"/proc/{pid}"):
                try:
                    os.unlink(os.path.join(folder, name))
                except OSError:
                    pass
