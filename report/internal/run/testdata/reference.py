# Makes layer_conn_seed_1_40.tsv: statistics of the layer model's values over
# conn_seed 1..40, computed apart from the generator's own code, from the runs
# of `go run ./report run layer -set conn_seed=N -json > layer_N.json`.
import json, math, statistics, sys

def t_cdf_tail(t, nu):  # A(t|nu) for odd nu, in closed form
    th = math.atan(t / math.sqrt(nu)); c = math.cos(th); s = math.sin(th)
    term = tot = c
    for j in range(3, nu - 1, 2):
        term = term * (j - 1) / j * c * c; tot += term
    return 2 / math.pi * (th + s * tot)

def t_pdf(t, nu):
    return math.gamma((nu + 1) / 2) / (math.sqrt(nu * math.pi) * math.gamma(nu / 2)) * (1 + t * t / nu) ** (-(nu + 1) / 2)

T = 2.0
for _ in range(20):
    T -= (0.5 + t_cdf_tail(T, 39) / 2 - 0.975) / t_pdf(T, 39)
runs = [json.load(open(f"layer_{i}.json"))["values"] for i in range(1, 41)]
out = sys.stdout
for p in sorted(runs[0]):
    s = sorted(r[p] for r in runs)
    q20 = statistics.quantiles(s, n=20, method="inclusive"); q4 = statistics.quantiles(s, n=4, method="inclusive")
    mean = statistics.fmean(s); sd = statistics.stdev(s); half = T * sd / math.sqrt(len(s))
    for name, x in [("mean", mean), ("sd", sd), ("min", s[0]), ("max", s[-1]), ("p5", q20[0]), ("p25", q4[0]),
                    ("p50", q4[1]), ("p75", q4[2]), ("p95", q20[-1]), ("ci95_lo", mean - half), ("ci95_hi", mean + half)]:
        print(f"{p}\t{name}\t{x!r}", file=out)
