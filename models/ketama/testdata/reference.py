#!/usr/bin/env python3
"""Independent reference for the ketama model: nginx's and pingora-ketama's
consistent-hashing ring, written from their C and Rust text alone
(ngx_http_upstream_hash_module.c, pingora-ketama/src/lib.rs).

    python3 reference.py > reference.txt

prints, for each scenario, its parameters and every integer figure the Go
table test compares with the model: keys per server on the old ring
(points per weight unit) and the new one (points_new), ring sizes and
collisions, each server's arc widths, the keys and the circle positions
whose server differs between the rings, and every collision: the point kept
and the one dropped. Ratios are left to the test, which divides these
integers.

The scheme, as implemented here:
  point j of host:port = zlib.crc32(host + b"\\0" + str(port) + point(j-1) as 4 bytes little-endian),
                         point(-1) = 0; a server of weight w has w * points points
  ring                 = the points sorted by (position, server's place in the list, j);
                         of equal positions the first stays (this model's tie rule)
  key                  = key_prefix + str(key_offset + k), its position zlib.crc32(key);
                         its server owns the first point at or after it, else the first point
"""
import bisect
import json
import struct
import sys
import zlib

CIRCLE = 1 << 32

# name, servers, port, weights ([] for all 1), points, points_new, keys, key_prefix, key_offset
SCENARIOS = [
    ("default", 10, 6443, [], 160, 16, 100_000, "/obj/", 0),
    ("three-unequal", 3, 6443, [1, 2, 3], 160, 16, 60_000, "/obj/", 0),
    ("one-server", 1, 80, [], 160, 16, 1_000, "/obj/", 0),
    ("five-weighted-40-4", 5, 11211, [5, 1, 1, 1, 2], 40, 4, 50_000, "/img/", 7),
    ("hundred-offset", 100, 80, [], 160, 16, 200_000, "k:", 200_000),
    # pingora-ketama's memory benchmark: 127.0.0.1 ... 127.0.0.253, weight 10.
    ("pingora-memory-bench", 253, 6443, [10] * 253, 160, 16, 100_000, "/obj/", 0),
    # Hosts past 127.0.0.255 and an empty prefix; the new ring is the large
    # one, so that its (packed) points collide.
    ("thousand-growing", 1000, 443, [], 16, 480, 100_000, "", 0),
]


def points_of(host, port, n):
    """The positions of a server's first n points."""
    prefix = host.encode() + b"\0" + str(port).encode()
    out, prev = [], 0
    for _ in range(n):
        prev = zlib.crc32(prefix + struct.pack("<I", prev))
        out.append(prev)
    return out


def build(servers, port, weights, points):
    """The ring: sorted positions, their owners (0-based), collisions and
    (position, kept, dropped) for each dropped point."""
    generated = []
    for s in range(servers):
        for j, h in enumerate(points_of(f"127.0.0.{s + 1}", port, weights[s] * points)):
            generated.append((h, s, j))
    generated.sort()
    hashes, owners, ties = [], [], []
    for h, s, _ in generated:
        if hashes and hashes[-1] == h:
            ties.append((h, owners[-1], s))
            continue
        hashes.append(h)
        owners.append(s)
    return hashes, owners, ties


def owner(hashes, owners, h):
    i = bisect.bisect_left(hashes, h)
    return owners[i] if i < len(hashes) else owners[0]


def arcs(hashes, owners, servers):
    """The width of the positions each server owns."""
    width = [0] * servers
    for i, h in enumerate(hashes):
        width[owners[i]] += h - hashes[i - 1] if i > 0 else CIRCLE - hashes[-1] + h
    return width


def changed(a, b):
    """The number of positions whose owner differs between rings a and b."""
    union = sorted(set(a[0]) | set(b[0]))
    n = 0
    for j, q in enumerate(union):
        # (union[j-1], q]; the first range also holds the wrap past the last.
        width = q - union[j - 1] if j > 0 else q + 1 + (CIRCLE - 1 - union[-1])
        if owner(*a, q) != owner(*b, q):
            n += width
    return n


def run(name, servers, port, weights, points, points_new, keys, key_prefix, key_offset):
    w = weights or [1] * servers
    old_h, old_o, old_ties = build(servers, port, w, points)
    new_h, new_o, new_ties = build(servers, port, w, points_new)
    count, count_new, moved = [0] * servers, [0] * servers, 0
    for k in range(keys):
        h = zlib.crc32(f"{key_prefix}{key_offset + k}".encode())
        a, b = owner(old_h, old_o, h), owner(new_h, new_o, h)
        count[a] += 1
        count_new[b] += 1
        moved += a != b
    total = sum(w)
    out = [f"scenario {name}",
           f"param servers {servers}", f"param port {port}",
           f"param weights {json.dumps(weights, separators=(',', ':'))}",
           f"param points {points}", f"param points_new {points_new}",
           f"param keys {keys}", f"param key_prefix {json.dumps(key_prefix)}",
           f"param key_offset {key_offset}"]
    for prefix, hs, os_, ties, c, p in [("", old_h, old_o, old_ties, count, points),
                                        ("new.", new_h, new_o, new_ties, count_new, points_new)]:
        out += [f"{prefix}count.{s + 1} {c[s]}" for s in range(servers)]
        out += [f"{prefix}owned.{s + 1} {a}" for s, a in enumerate(arcs(hs, os_, servers))]
        out += [f"{prefix}points_total {len(hs)}",
                f"{prefix}collisions {total * p - len(hs)}"]
        out += [f"tie {prefix or 'old.'}{h} {kept + 1} {dropped + 1}" for h, kept, dropped in ties]
    out += [f"moved.keys {moved}",
            f"circle.positions {changed((old_h, old_o), (new_h, new_o))}",
            "end"]
    return out


def main():
    print("# Made by testdata/reference.py (Python %d.%d, zlib.crc32, sorted list + bisect):"
          % sys.version_info[:2])
    print("#     python3 reference.py > reference.txt")
    print("# An independent reimplementation of nginx's and pingora-ketama's ring; the Go test")
    print("# reads this file and never runs Python. Each block: 'scenario NAME', 'param NAME")
    print("# VALUE' lines (the model's parameters; weights and key_prefix as JSON), 'PATH N'")
    print("# lines (integer figures), 'tie RING.POSITION KEPT DROPPED' lines (a collision: the")
    print("# servers, 1-based, of the point kept and the point dropped), 'end'. owned.<i> is the")
    print("# width of server i's arcs; moved.keys and circle.positions are the numerators of")
    print("# migration.moved and migration.circle.")
    for s in SCENARIOS:
        print("\n".join(run(*s)))


if __name__ == "__main__":
    main()
