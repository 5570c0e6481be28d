#!/usr/bin/env python3
"""A load run against a local `korf serve` (loopback only, bounded in count and time).

    benches/serve-load.py [--korf target/release/korf] [--tables tables]
                          [--clients 200] [--requests 10]

Starts `korf serve` on an ephemeral loopback port (the coset tables, one worker, a queue
of 2), then at once:
  * CLIENTS threads each send REQUESTS fast solves (random positions), one connection
    each, keep-alive;
  * optimal solves of hard positions past the queue (they must get 429 with Retry-After,
    or be admitted);
  * clients that send an optimal solve and vanish (their solves must be cancelled).
Every answer is checked: a fast solve's solution is replayed on its position (a facelet
model of the cube, below) and must solve it.  Prints requests per second and the p50 and
p99 latency of the fast solves, the server's resident memory before and after, and fails
(exit 1) if any answer was wrong, lost or hung.
"""
import argparse, http.client, json, os, random, re, socket, subprocess, sys, threading, time
from urllib.parse import quote

# ---- a facelet model (URFDLB, as korf prints), to replay solutions ----
FACES = "URFDLB"
NORMALS = {"U": (0, 1, 0), "R": (1, 0, 0), "F": (0, 0, 1), "D": (0, -1, 0), "L": (-1, 0, 0), "B": (0, 0, -1)}
def pos(f, r, c):
    return {"U": (c-1, 1, r-1), "R": (1, 1-r, 1-c), "F": (c-1, 1-r, 1),
            "D": (c-1, -1, 1-r), "L": (-1, 1-r, c-1), "B": (1-c, 1-r, -1)}[f]
STICKERS = [(pos(f, r, c), NORMALS[f]) for f in FACES for r in range(3) for c in range(3)]
INDEX = {s: i for i, s in enumerate(STICKERS)}
def cross(a, b): return (a[1]*b[2]-a[2]*b[1], a[2]*b[0]-a[0]*b[2], a[0]*b[1]-a[1]*b[0])
def turn(n, v):
    c, d = cross(n, v), sum(x*y for x, y in zip(n, v))
    return tuple(-c[i] + n[i]*d for i in range(3))
QUARTER = {}
for f in FACES:
    n, perm = NORMALS[f], list(range(54))
    for i, (p, m) in enumerate(STICKERS):
        if sum(x*y for x, y in zip(p, n)) == 1:
            perm[INDEX[(turn(n, p), turn(n, m))]] = i
    QUARTER[f] = perm
def apply(facelets, moves):
    for m in moves.split():
        for _ in range({"": 1, "2": 2, "'": 3}[m[1:]]):
            facelets = "".join(facelets[i] for i in QUARTER[m[0]])
    return facelets
SOLVED = "".join(f * 9 for f in FACES)

def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))

def one_round(a, positions, fast_client, optimal_client, vanishing_client, failures, host, port):
    """Every client at once; then wait until no solve is left running or waiting."""
    fast = [threading.Thread(target=fast_client, args=(mine,)) for mine in positions]
    others = [threading.Thread(target=optimal_client) for _ in range(6)]
    others += [threading.Thread(target=vanishing_client) for _ in range(4)]
    threads = fast + others
    t0 = time.perf_counter()
    for t in threads: t.start()
    for t in fast: t.join(timeout=120)
    wall = time.perf_counter() - t0  # the fast solves' span: what requests/s is over
    for t in others: t.join(timeout=120)
    if any(t.is_alive() for t in threads):
        failures.append("a client hung past 120 s")
    # Every solve over: nothing left running or waiting (the vanished ones were cancelled).
    deadline = time.time() + 15
    while True:
        conn = http.client.HTTPConnection(host, port, timeout=10)
        conn.request("GET", "/v1/health")
        h = json.loads(conn.getresponse().read())["optimal_solves"]
        if h["running"] == 0 and h["waiting"] == 0: break
        if time.time() > deadline:
            failures.append(f"solves still running 15 s after the clients left: {h}"); break
        time.sleep(0.2)
    return wall


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--korf", default="target/release/korf")
    ap.add_argument("--tables", default="tables")
    ap.add_argument("--clients", type=int, default=200)
    ap.add_argument("--requests", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3, help="the same load again, to see memory settle")
    a = ap.parse_args()
    server = subprocess.Popen([a.korf, "serve", "--listen", "127.0.0.1:0", "--tables", a.tables,
                               "--heuristic", "coset", "--workers", "1", "--queue", "2", "--no-generate"],
                              stderr=subprocess.PIPE, text=True)
    line = ""
    while "listening on" not in line:
        line = server.stderr.readline()
        if not line:
            sys.exit("korf serve did not start")
    host, port = re.search(r"http://([\d.]+):(\d+)/", line).groups()
    threading.Thread(target=lambda: [None for _ in server.stderr], daemon=True).start()  # drain the log
    port = int(port)
    rss_before = rss_kib(server.pid)
    rng = random.Random(2026)
    def random_position():
        s = SOLVED
        for _ in range(30):
            s = apply(s, rng.choice(FACES) + rng.choice(["", "2", "'"]))
        return s
    positions = [[random_position() for _ in range(a.requests)] for _ in range(a.clients)]
    latencies, failures, lock = [], [], threading.Lock()

    def fast_client(mine):
        conn = http.client.HTTPConnection(host, port, timeout=60)
        for p in mine:
            t0 = time.perf_counter()
            try:
                conn.request("GET", f"/v1/solve?mode=fast&position={p}")
                r = conn.getresponse()
                body = json.loads(r.read())
            except Exception as e:  # lost or hung
                with lock: failures.append(f"fast: {e!r}")
                conn = http.client.HTTPConnection(host, port, timeout=60)
                continue
            dt = time.perf_counter() - t0
            ok = r.status == 200 and body["facelets"] == p and apply(p, body["solution"]) == SOLVED
            with lock:
                latencies.append(dt)
                if not ok: failures.append(f"fast: {r.status} {body}")

    hard = "F' R2 L D' L U F2 B U2 D B U' F' R' B F' U'"   # 17 moves: minutes with coset
    statuses = []
    def optimal_client():
        conn = http.client.HTTPConnection(host, port, timeout=300)
        conn.request("GET", "/v1/solve?timeout=3&position=" + quote(hard))
        r = conn.getresponse()
        body = json.loads(r.read())
        ok = (r.status == 429 and r.getheader("Retry-After")) or (
            r.status == 200 and apply(apply(SOLVED, hard), body["solution"]) == SOLVED)
        with lock:
            statuses.append(r.status)
            if not ok: failures.append(f"optimal: {r.status} {body}")

    def vanishing_client():
        s = socket.create_connection((host, port))
        s.sendall(f"GET /v1/solve?position={quote(hard)} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        time.sleep(0.5)
        s.close()

    rss, walls = [], []
    for _ in range(a.rounds):
        walls.append(one_round(a, positions, fast_client, optimal_client, vanishing_client, failures, host, port))
        rss.append(rss_kib(server.pid))
    wall = sum(walls)
    server.terminate()
    code = server.wait(timeout=30)
    latencies.sort()
    n = len(latencies)
    print(f"fast solves: {n} answered of {a.rounds * a.clients * a.requests} ({a.rounds} rounds of {a.clients} clients) in {wall:.1f} s: "
          f"{n / wall:.0f} requests/s; latency p50 {latencies[n // 2] * 1e3:.1f} ms, "
          f"p99 {latencies[min(n - 1, int(n * 0.99))] * 1e3:.1f} ms")
    print(f"optimal solves past the queue: statuses {sorted(statuses)}; {4 * a.rounds} clients vanished mid-solve")
    print(f"server memory (RSS): {rss_before / 1024:.0f} MiB at start, after each round "
          + ", ".join(f"{r / 1024:.0f}" for r in rss) + f" MiB; exit {code} on SIGTERM")
    if n != a.rounds * a.clients * a.requests: failures.append(f"{a.rounds * a.clients * a.requests - n} fast solves unanswered")
    if code != 0: failures.append(f"exit status {code} after SIGTERM")
    if failures:
        print(f"{len(failures)} failures:", *failures[:10], sep="\n  ")
        sys.exit(1)
    print("every answer checked: all correct, none lost, none hung")

if __name__ == "__main__":
    main()
