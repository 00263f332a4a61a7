"""The soak's world: the namespace, veth pair and tmpfs, nginx, gpsd (gpsfake) and the bgloc runs, each process in
a group of its own."""
import json
import os
import random
import shutil
import signal
import subprocess
import time

from drive_trace import app_files, load_regions, make_epochs
from settings import BUNDLE, EPOCHS_PER_SECOND
from system import free_port, port_open, remove_gpsfake_socket, run, wait_for


class Soak:
    def __init__(self, duration, seed, out, bin_dir):
        self.duration, self.seed, self.out = duration, seed, out
        self.random = random.Random(seed)
        self.bin = os.path.join(out, "bin")
        self.source_bin = bin_dir
        self.groups = {}            # name -> Popen (each the leader of its own process group)
        self.runs = []              # (index, Popen, started, stopped, how)
        self.samples = []           # (run index, seconds since its start, rss kB, fds, threads, anonymous kB, file kB)
        self.zombies = []
        self.faults_log = None      # opened by setup(); a recheck reads it
        self.started = time.monotonic()
        self.tag = f"bs{os.getpid() % 100000}"
        self.netns = f"bgsoak-{os.getpid()}"
        self.host_veth, self.peer_veth = f"{self.tag}a", f"{self.tag}b"
        octet = os.getpid() % 200 + 20
        self.subnet, self.host_ip, self.server_ip = f"10.231.{octet}.0/30", f"10.231.{octet}.1", f"10.231.{octet}.2"
        self.state_dir = os.path.join(out, "state")
        self.state_db = os.path.join(self.state_dir, "state.db")
        self.mounted = False
        self.epoch_next = 0         # the first epoch of the next gpsfake
        self.gpsfake_started = None
        self.unexpected_exits = []
        self.link_down = False
        self.stalls = 0
        self.readers = {}

    # --- the world -------------------------------------------------------------------------------------

    def elapsed(self):
        return time.monotonic() - self.started

    def log(self, text):
        line = f"{self.elapsed():8.1f}s {text}"
        self.faults_log.write(line + "\n")
        self.faults_log.flush()
        print(f"soak: {line}", flush=True)

    def spawn(self, name, argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
        process = subprocess.Popen(argv, stdout=stdout, stderr=stderr, stdin=subprocess.DEVNULL, start_new_session=True)
        self.groups[name] = process
        return process

    def kill_group(self, name, sig=signal.SIGKILL):
        process = self.groups.pop(name, None) if sig == signal.SIGKILL else self.groups.get(name)
        if process is None:
            return
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            pass
        if sig == signal.SIGKILL:
            process.wait()

    def setup(self):
        self.faults_log = open(os.path.join(self.out, "faults.log"), "w")
        os.makedirs(self.bin, exist_ok=True)
        for tool in ("bgloc", "bgtask"):
            shutil.copy2(os.path.join(self.source_bin, tool), os.path.join(self.bin, tool))
        self.make_network()
        os.makedirs(self.state_dir, exist_ok=True)
        run(["mount", "-t", "tmpfs", "-o", "size=4m,mode=0700", "tmpfs", self.state_dir])
        self.mounted = True
        self.regions = load_regions()
        self.epochs = make_epochs((self.duration + 600) * EPOCHS_PER_SECOND)
        self.write_app()
        self.start_nginx()
        self.start_gpsd()

    def make_network(self):
        run(["ip", "netns", "add", self.netns])
        run(["ip", "link", "add", self.host_veth, "type", "veth", "peer", "name", self.peer_veth])
        run(["ip", "link", "set", self.peer_veth, "netns", self.netns])
        run(["ip", "addr", "add", f"{self.host_ip}/30", "dev", self.host_veth])
        run(["ip", "link", "set", self.host_veth, "up"])
        inside = ["ip", "netns", "exec", self.netns]
        run(inside + ["ip", "addr", "add", f"{self.server_ip}/30", "dev", self.peer_veth])
        run(inside + ["ip", "link", "set", self.peer_veth, "up"])
        run(inside + ["ip", "link", "set", "lo", "up"])
        # Should the veth go, its subnet stays unreachable rather than falling to the default route.
        run(["ip", "route", "add", "unreachable", self.subnet, "metric", "1000"])

    def teardown(self):
        for name in list(self.groups):
            self.kill_group(name)
        remove_gpsfake_socket()
        subprocess.run(["ip", "netns", "del", self.netns], stderr=subprocess.DEVNULL)
        subprocess.run(["ip", "link", "del", self.host_veth], stderr=subprocess.DEVNULL)
        subprocess.run(["ip", "route", "del", "unreachable", self.subnet, "metric", "1000"], stderr=subprocess.DEVNULL)
        if self.mounted:
            try:   # the database and its WAL, not the control socket or the filler
                snapshot = os.path.join(self.out, "state-at-end")
                shutil.rmtree(snapshot, ignore_errors=True)
                shutil.copytree(self.state_dir, snapshot, ignore=shutil.ignore_patterns("fill", "*.sock"))
            finally:
                subprocess.run(["umount", "-l", self.state_dir])
                self.mounted = False

    def write_app(self):
        self.app_dir = os.path.join(self.out, "app")
        os.makedirs(self.app_dir, exist_ok=True)
        self.files = app_files(self.regions)
        for uri, content in self.files.items():
            with open(os.path.join(self.app_dir, os.path.basename(uri)), "wb") as f:
                f.write(content)
        self.port = 8080
        lines = [f"app: {BUNDLE}", "backgroundModes: [location, remote-notification]", "regions:"]
        for region in self.regions:
            url = f"http://{self.server_ip}:{self.port}/visits/{region['id']}.log"
            lines.append(f"  - {{id: {region['id']}, lat: {region['lat']}, lon: {region['lon']}, radius: {region['radius']},")
            lines.append(f"     onEnter: {{upload: {{file: {region['id']}.log, to: \"{url}\"}}}}}}")
        lines.append("onPush: {work: 1s}")
        self.manifest = os.path.join(self.app_dir, "app.yaml")
        with open(self.manifest, "w") as f:
            f.write("\n".join(lines) + "\n")
        self.payload = os.path.join(self.app_dir, "sync.apns")
        with open(self.payload, "w") as f:
            json.dump({"aps": {"content-available": 1}}, f)

    def start_nginx(self):
        prefix = os.path.join(self.out, "nginx")
        for folder in ("www", "logs", "tmp"):
            os.makedirs(os.path.join(prefix, folder), exist_ok=True)
        configuration = os.path.join(prefix, "nginx.conf")
        with open(configuration, "w") as f:
            f.write(NGINX_CONFIGURATION.replace("PREFIX", prefix).replace("LISTEN", f"{self.server_ip}:{self.port}"))
        self.nginx_prefix = prefix
        argv = ["ip", "netns", "exec", self.netns, shutil.which("nginx") or "/usr/sbin/nginx",
                "-p", prefix + "/", "-c", configuration, "-e", prefix + "/logs/error.log"]
        self.spawn("nginx", argv, stderr=open(os.path.join(prefix, "logs", "stderr"), "a"))
        if self.link_down:   # not reachable from here: give it the time it takes
            time.sleep(0.5)
        else:
            wait_for(lambda: port_open(self.server_ip, self.port), 10, "nginx did not start")

    def start_gpsd(self):
        # Each gpsfake starts where the last one must have got to (or further): the fixes' times never go
        # back within a bgloc run, so its rules see one continuous drive.
        if self.gpsfake_started is not None:
            fed = (time.monotonic() - self.gpsfake_started) * EPOCHS_PER_SECOND
            self.epoch_next += int(fed) + EPOCHS_PER_SECOND
        log = os.path.join(self.out, "gpsfake.nmea")
        with open(log, "w", newline="") as f:
            f.writelines(self.epochs[self.epoch_next:])
        self.gpsd_port = getattr(self, "gpsd_port", None) or free_port()
        cycle = f"{1 / (2 * EPOCHS_PER_SECOND):.4f}"
        self.spawn("gpsfake", [shutil.which("gpsfake"), "-q", "-1", "-P", str(self.gpsd_port), "-c", cycle, log])
        self.gpsfake_started = time.monotonic()
        wait_for(lambda: port_open("127.0.0.1", self.gpsd_port), 10, "gpsd did not start")

    def start_bgloc(self):
        if self.runs and self.runs[-1][3] is None:   # two kills that overlap restart it once
            return
        index = len(self.runs) + 1
        stdout = open(os.path.join(self.out, f"run-{index}.jsonl"), "w")
        stderr = open(os.path.join(self.out, f"run-{index}.err"), "w")
        argv = [os.path.join(self.bin, "bgloc"), "live", "--gpsd", f"127.0.0.1:{self.gpsd_port}", "--app", self.manifest,
                "--state", self.state_db, "--transfers", "real", "--format", "jsonl"]
        process = self.spawn("bgloc", argv, stdout=stdout, stderr=stderr)
        self.runs.append([index, process, time.monotonic(), None, None])
        self.log(f"bgloc run {index} started (pid {process.pid})")

    def stop_bgloc(self, how):
        run_ = self.runs[-1]
        if run_[3] is not None:
            return
        process = run_[1]
        if how == "SIGTERM":
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                how = "SIGTERM ignored for 30 s, then SIGKILL"
        self.kill_group("bgloc")
        run_[3], run_[4] = time.monotonic(), how
        self.log(f"bgloc run {run_[0]} ended: {how} (exit status {process.returncode})")


NGINX_CONFIGURATION = """daemon off;
master_process off;
pid PREFIX/logs/nginx.pid;
error_log PREFIX/logs/error.log warn;
events { worker_connections 256; }
http {
    log_format soak escape=json '{"msec":$msec,"method":"$request_method","uri":"$uri","status":$status,'
        '"length":"$content_length","received":$request_length,"key":"$http_idempotency_key"}';
    access_log PREFIX/logs/access.log soak;
    client_body_temp_path PREFIX/tmp/body;
    proxy_temp_path PREFIX/tmp/proxy;
    fastcgi_temp_path PREFIX/tmp/fastcgi;
    uwsgi_temp_path PREFIX/tmp/uwsgi;
    scgi_temp_path PREFIX/tmp/scgi;
    # Each body under its Idempotency-Key (a quoted UUID): a repeat overwrites its own copy, never another's.
    map $http_idempotency_key $soak_key {
        "~^\\"(?<uuid>[0-9a-f-]{36})\\"$" $uuid;
        default no-key;
    }
    server {
        listen LISTEN;
        location / {
            root PREFIX/www/$soak_key;
            dav_methods PUT;
            create_full_put_path on;
            client_max_body_size 0;
        }
    }
}
"""
