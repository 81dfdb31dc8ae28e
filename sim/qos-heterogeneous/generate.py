# A heterogeneous contention scenario (200 hosts of five shapes, 6,000 requests over 45 min,
# 15/55/30% gold/silver/bronze) for measuring what the scan limits cost in QoS.
# Run from this directory: python3 generate.py (writes hosts.csv and workload.csv, which are kept beside it
# so that `overbookd experiment qos-heterogeneous` needs no Python; Python 3.11 wrote them).
import random
rng = random.Random(11)
with open('hosts.csv', 'w') as f:
    f.write('id,cpu,mem\n')
    for i in range(200):
        cpu, mem = rng.choice([(0.5, 0.25), (0.5, 0.5), (0.5, 0.75), (1.0, 1.0), (0.25, 0.25)])
        f.write(f'h{i:03d},{cpu},{mem}\n')
with open('workload.csv', 'w') as f:
    f.write('id,submit_s,duration_s,cpu,mem,class\n')
    t = 0.0
    for i in range(6000):
        t += rng.expovariate(1 / 0.45)
        c = rng.choices(['gold', 'silver', 'bronze'], [0.15, 0.55, 0.30])[0]
        f.write(f'r{i:04d},{t:.1f},{rng.expovariate(1 / 900):.1f},{rng.uniform(0.01, 0.12):.3f},{rng.uniform(0.01, 0.12):.3f},{c}\n')
