#!/usr/bin/env python3
"""Independent reference for the dotnet_ring model: the source's C# ring
(ConsistentHashRing<string> with virtual nodes, section 5 B) and its
scenario (section 10), written from the C# text alone.

    python3 reference.py > reference.txt

prints, for each scenario, its parameters and every integer figure the Go
table test compares with the model: counts before and after RemoveNode,
moved_to, the program's print order, ring sizes, and the foreach visits
GetNode makes. Ratios are left to the test, which divides these integers.

The C# semantics, as implemented here:
  hash(s)    = BitConverter.ToUInt32(SHA1(UTF-8 s), 0): first 4 digest bytes, little-endian
  AddNode    : ring[hash(f"{node}#VN{i}")] = node for i in 0..vnodes-1 (a dict: a later write overwrites)
  RemoveNode : del ring[hash(f"{node}#VN{i}")] if present, whoever owns it now
  GetNode    : first entry in sorted order with hash >= key hash, else the first entry
  print      : a dict filled in key order, printed in insertion order
"""
import bisect
import hashlib
import sys

# name, servers, server_prefix, vnodes, keys, key_prefix, remove
SCENARIOS = [
    ("default", 5, "redis-", 150, 1_000_000, "product:", 3),
    ("default-no-removal", 5, "redis-", 150, 1_000_000, "product:", 0),
    ("three-servers-one-point", 3, "redis-", 1, 10_000, "product:", 3),
    ("ten-points-remove-first", 5, "önbellek-", 10, 100_000, "ürün:", 1),
    # redis-3#VN13111 has the hash of redis-2#VN221 (2603312236) and overwrites
    # it; RemoveNode("redis-2") then deletes the entry redis-3 owns.
    ("collision-remove-loser", 3, "redis-", 13112, 200_000, "product:", 2),
    ("collision-remove-winner", 3, "redis-", 13112, 200_000, "product:", 3),
]


def ring_hash(s):
    return int.from_bytes(hashlib.sha1(s.encode("utf-8")).digest()[:4], "little")


class Ring:
    def __init__(self):
        self.entries = {}  # hash -> node, the SortedDictionary's contents
        self.writes = 0

    def add_node(self, node, vnodes):
        for i in range(vnodes):
            self.entries[ring_hash(f"{node}#VN{i}")] = node
            self.writes += 1

    def remove_node(self, node, vnodes):
        deleted = []
        for i in range(vnodes):
            h = ring_hash(f"{node}#VN{i}")
            if h in self.entries:
                deleted.append(self.entries.pop(h))
        return deleted

    def frozen(self):
        hashes = sorted(self.entries)
        return hashes, [self.entries[h] for h in hashes]


def get_node(hashes, owners, h):
    """GetNode's server for key hash h, and the entries its foreach visits."""
    i = bisect.bisect_left(hashes, h)
    if i == len(hashes):
        return owners[0], len(hashes)
    return owners[i], i + 1


def run(name, servers, server_prefix, vnodes, keys, key_prefix, remove):
    names = [f"{server_prefix}{n}" for n in range(1, servers + 1)]
    ring = Ring()
    for node in names:
        ring.add_node(node, vnodes)
    hashes, owners = ring.frozen()
    points, collisions = len(hashes), ring.writes - len(hashes)

    failed = names[remove - 1] if remove else None
    deleted = ring.remove_node(failed, vnodes) if failed else []
    after_hashes, after_owners = ring.frozen()

    distribution = {}  # the C# Dictionary<string, int>, insertion-ordered
    after = {n: 0 for n in names}
    moved_to = {n: 0 for n in names}
    moved = moved_other = 0
    scan_sum = scan_max = 0
    for i in range(keys):
        h = ring_hash(f"{key_prefix}{i}")
        server, visited = get_node(hashes, owners, h)
        later, _ = get_node(after_hashes, after_owners, h)
        distribution[server] = distribution.get(server, 0) + 1
        after[later] += 1
        scan_sum += visited
        scan_max = max(scan_max, visited)
        if server == failed:
            moved += 1
            moved_to[later] += 1
        elif later != server:
            moved += 1
            moved_other += 1

    out = [f"scenario {name}",
           f"param servers {servers}", f"param server_prefix {server_prefix}",
           f"param vnodes {vnodes}", f"param keys {keys}",
           f"param key_prefix {key_prefix}", f"param remove {remove}"]
    for n, node in enumerate(names, 1):
        out.append(f"count.{n} {distribution.get(node, 0)}")
    for n, node in enumerate(names, 1):
        out.append(f"after.count.{n} {after[node]}")
    for n, node in enumerate(names, 1):
        out.append(f"moved_to.{n} {moved_to[node]}")
    for k, node in enumerate(distribution, 1):
        out.append(f"print_order.{k} {names.index(node) + 1}")
    out += [
        f"printed {len(distribution)}",
        f"points {points}",
        f"collisions {collisions}",
        f"after.points {len(after_hashes)}",
        f"removed_points {len(deleted)}",
        f"removed_foreign {sum(1 for d in deleted if d != failed)}",
        f"receivers {sum(1 for v in moved_to.values() if v)}",
        f"moved.keys {moved}",
        f"moved_other.keys {moved_other}",
        f"scan.sum {scan_sum}",
        f"scan.max {scan_max}",
        "end",
    ]
    return out


def main():
    print("# Made by testdata/reference.py (Python %d.%d, hashlib.sha1, dict + sorted list + bisect):"
          % sys.version_info[:2])
    print("#     python3 reference.py > reference.txt")
    print("# An independent reimplementation of the source's C# ring; the Go test reads this file")
    print("# and never runs Python. Each block: 'scenario NAME', 'param NAME VALUE' lines (the")
    print("# model's parameters), 'PATH N' lines (integer figures), 'end'. moved.keys,")
    print("# moved_other.keys and scan.sum are the numerators of moved, moved_other and scan.mean.")
    for s in SCENARIOS:
        print("\n".join(run(*s)))


if __name__ == "__main__":
    main()
